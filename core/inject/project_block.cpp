// Builds a project's block through the one pipeline and records what it covers.
#include "inject/project_block.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "extract/rule_table.h"
#include "pack/token_counter_factory.h"
#include "snapshot/workspace_sessions.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

namespace {

constexpr const char* kEngineVersion = "beliefmerge 0.1.0";

// A human settled it, or every reader agrees at TRUSTED: what the `reviewed` policy may inject.
bool reviewed_slot(const ReviewSnapshot& review, const Slot& slot) {
    const EffectiveResolution* r = review.resolution(slot.key);
    if (r && r->origin == ResolutionOrigin::kHuman) return true;
    return slot.state == SlotState::kSettled && slot.trust == TrustLabel::kTrusted;
}

// `review` with its shown merge narrowed to the reviewed slots (inputs shared by copy).
ReviewSnapshot reviewed_only(const ReviewSnapshot& review) {
    auto narrowed = std::make_shared<MergedSnapshot>(*review.merged);
    std::erase_if(narrowed->slots, [&](const Slot& s) { return !reviewed_slot(review, s); });
    std::erase_if(narrowed->violations,
                  [&](const InvariantViolation& v) { return !narrowed->find(v.key); });
    ReviewSnapshot out = review;
    out.merged = std::move(narrowed);
    return out;
}

}  // namespace

std::string extractor_fingerprint(const ExtractOptions& options) {
    nlohmann::json rules = nlohmann::json::array();
    for (const ExtractionRule& r : extraction_rules())
        rules.push_back({r.id, r.matches, r.guards, r.key_template, r.default_on, r.confidence,
                         r.evidence, static_cast<int>(r.type), r.examples.size()});
    const nlohmann::json all{{"engine", kEngineVersion},
                             {"extractor", "heuristic"},
                             {"all_rules", options.all_rules},
                             {"min_confidence", options.min_confidence},
                             {"include_environment", options.include_environment},
                             {"rules", rules}};
    auto text = canonical_json(all);
    return sha256_hex(text ? *text : all.dump());
}

Result<ProjectBlock> build_project_block(const std::string& workspace, const std::string& project,
                                         const ProjectBlockOptions& options) {
    auto read = read_project_sessions(workspace, project);
    if (!read) return read.error();
    if (read->sessions.empty())
        return Error::not_found("the workspace holds no session of project '" + project + "'",
                                Location{workspace, 0, -1, "project"},
                                "the project is the working directory the sessions ran in "
                                "(`beliefmerge approve --status` lists them)");
    ProjectBlock out;
    out.tokenizer = options.tokenizer.empty() ? default_tokenizer_spec() : options.tokenizer;
    auto counter = open_token_counter(out.tokenizer);
    if (!counter) return counter.error();
    auto store = ApprovalStore::open(workspace);
    if (!store) return store.error();
    auto sessions = (*store)->project_sessions(project);
    if (!sessions) return sessions.error();
    out.coverage.sessions = std::move(sessions).value();

    SnapshotOptions
        build;  // the same pipeline as `merge --workspace`, the studio and MCP merge_context
    build.extract = options.extract;
    build.extract.trust.current_session.clear();
    build.decisions_from = workspace;
    auto review = build_review_snapshot(std::move(read->sessions), build);
    if (!review) return review.error();
    out.review = std::move(review).value();
    for (const Slot& s : out.review.merged->slots) out.coverage.slot_keys.push_back(s.key);
    std::sort(out.coverage.slot_keys.begin(), out.coverage.slot_keys.end());
    auto ids = (*store)->decisions_on(out.coverage.slot_keys);
    if (!ids) return ids.error();
    out.coverage.decisions = std::move(ids).value();
    out.coverage.extractor = extractor_fingerprint(build.extract);

    PackOptions pack;
    pack.budget = options.budget;
    auto packed = pack_review_snapshot(
        options.reviewed_only ? reviewed_only(out.review) : out.review, pack, **counter);
    if (!packed) return packed.error();
    out.packed = std::move(packed).value();
    return out;
}

ApprovalRecord approval_of(const ProjectBlock& block, const std::string& project,
                           const std::string& reviewer) {
    ApprovalRecord a;
    a.project = project;
    a.reviewer = reviewer;
    a.block = block.packed.block;
    a.block_digest = sha256_hex(a.block);
    a.budget = static_cast<int64_t>(block.packed.report.budget);
    a.tokenizer = block.tokenizer;
    a.extractor = block.coverage.extractor;
    a.sessions = block.coverage.sessions;
    a.slot_keys = block.coverage.slot_keys;
    a.decisions = block.coverage.decisions;
    return a;
}

}  // namespace bm
