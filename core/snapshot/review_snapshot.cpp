// The snapshot pipeline: extraction (any extractor + env.* facts), merge, decisions, relabelling.
#include "snapshot/review_snapshot.h"

#include "adjudicate/resolved_derivations.h"
#include "adjudicate/resolved_view.h"
#include "extract/environment_claims.h"
#include "extract/heuristic_extractor.h"
#include "extract/oracle_extractor.h"
#include "merge/merger.h"

namespace bm {

namespace {

// Effective resolutions of every slot of `merged` recorded in `workspace`, by slot key.
Result<std::map<std::string, EffectiveResolution>> read_resolutions(const std::string& workspace,
                                                                   const MergedSnapshot& merged) {
    auto store = DecisionStore::open(workspace);
    if (!store) return store.error();
    auto effective = (*store)->effective(merged);
    if (!effective) return effective.error();
    std::map<std::string, EffectiveResolution> out;
    for (auto& e : *effective) out.emplace(e.slot_key, std::move(e));
    return out;
}

bool stopped(const std::atomic_bool* cancel) { return cancel && cancel->load(); }

// Removes the claims less sure than `min_confidence` from `branches`, recording their keys in `keys`.
void set_apart_below_confidence(std::vector<BranchClaims>& branches, double min_confidence, std::vector<std::string>& keys) {
    for (BranchClaims& b : branches)
        std::erase_if(b.claims, [&](const Claim& c) {
            if (c.confidence >= min_confidence) return false;
            keys.push_back(c.key);
            return true;
        });
}

}  // namespace

ProseExtractor oracle_prose_extractor() {
    return [](const std::vector<Session>& sessions, const ExtractOptions& options) { return extract_oracle(sessions, options); };
}

const EffectiveResolution* ReviewSnapshot::resolution(const std::string& key) const {
    auto it = resolutions.find(key);
    return it == resolutions.end() ? nullptr : &it->second;
}

std::vector<std::string> ReviewSnapshot::staleKeys() const {
    std::vector<std::string> keys;
    for (const auto& [key, e] : resolutions)
        if (e.stale()) keys.push_back(key);
    return keys;
}

ResolutionMap ReviewSnapshot::packResolutions() const {
    if (!merged) return {};
    std::vector<EffectiveResolution> list;
    list.reserve(resolutions.size());
    for (const auto& [key, e] : resolutions) list.push_back(e);
    return to_resolution_map(*merged, list);
}

std::vector<BranchClaims> extract_session_claims(const std::vector<Session>& sessions, const SnapshotOptions& options) {
    if (!options.prose) return extract_heuristic(sessions, options.extract);  // places env.* facts by seq itself
    ExtractOptions prose_only = options.extract;
    prose_only.include_environment = false;
    std::vector<BranchClaims> branches = options.prose(sessions, prose_only);
    if (options.extract.include_environment) add_environment_claims(sessions, branches);
    return branches;
}

Result<ReviewSnapshot> build_review_snapshot(std::vector<Session> sessions, const SnapshotOptions& options,
                                             const std::atomic_bool* cancel) {
    for (auto& s : sessions) ensure_linear_branch(s);
    ReviewSnapshot out;
    auto shared = std::make_shared<const std::vector<Session>>(std::move(sessions));
    out.sessions = shared;
    // Extracted without the threshold, then claims under it set apart: the same claims extraction at
    // the threshold keeps (the rule table drops claim by claim), and the snapshot can say what it hid.
    SnapshotOptions unthresholded = options;
    unthresholded.extract.min_confidence = 0;
    std::vector<BranchClaims> branches = extract_session_claims(*shared, unthresholded);
    if (stopped(cancel)) return Error::cancelled("cancelled while extracting claims");
    set_apart_below_confidence(branches, options.extract.min_confidence, out.below_confidence);
    out.base = std::make_shared<const MergedSnapshot>(merge_branches(std::move(branches), options.merge));
    if (stopped(cancel)) return Error::cancelled("cancelled while merging");
    if (!options.decisions_from.empty()) {
        auto resolutions = read_resolutions(options.decisions_from, *out.base);
        if (!resolutions) return resolutions.error();
        out.resolutions = std::move(resolutions).value();
    }
    out.merged = relabel_derivations(out.base, out.resolutions);
    return out;
}

Result<ReviewSnapshot> reapply_decisions(const ReviewSnapshot& snapshot, const std::string& workspace) {
    ReviewSnapshot out;
    out.sessions = snapshot.sessions;
    out.base = snapshot.decisionBasis();
    out.below_confidence = snapshot.below_confidence;
    auto resolutions = read_resolutions(workspace, *out.base);
    if (!resolutions) return resolutions.error();
    out.resolutions = std::move(resolutions).value();
    out.merged = relabel_derivations(out.base, out.resolutions);
    return out;
}

}  // namespace bm
