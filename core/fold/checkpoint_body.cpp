// Rendering of the structured checkpoint body from the bundle's state anchors.
#include "fold/checkpoint_body.h"

#include <algorithm>

#include "fold/archive.h"
#include "fold/negative_knowledge.h"
#include "fold/state_delta.h"
#include "fold/state_reducer.h"
#include "fold/uncertainty.h"

namespace bm {

namespace {

std::string one_line(std::string line) {
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    return line;
}

std::string seq_list(const std::vector<int64_t>& seqs) {
    std::string out;
    for (size_t i = 0; i < seqs.size(); ++i) out += (i ? "," : " ") + std::to_string(seqs[i]);
    return out;
}

std::string anchor_line(const Anchor& a) {
    std::string line = "- " + a.key.to_string();
    if (a.failure) line += std::string(" ") + failure_status_name(*a.failure);
    line = one_line(line + ": " + utf8_prefix(a.value, 160));
    line += " (" + a.authority + ", " + evidence_kind_name(a.support) + (a.verified ? ", verified" : "") + "; seq";
    return line + seq_list(a.source_seqs) + ")";
}

// "- rejected: <claim> [<subject>] (because seq 3,4; while k=v)"
std::string negative_line(const NegativeKnowledge& e) {
    std::string line = one_line("- rejected: " + utf8_prefix(e.rejected_claim, 160) + " [" + utf8_prefix(e.subject, 80) + "]");
    line += " (because seq" + seq_list(e.because);
    for (size_t i = 0; i < e.valid_while.size(); ++i)
        line += one_line((i ? ", " : "; while ") + e.valid_while[i].key.property + "=" + utf8_prefix(e.valid_while[i].value, 40));
    return line + ")";
}

// "- belief b-…: hypothesis: <statement> (quote seq 7)" or "(evidence seq 9 empirical)"
std::string belief_line(const Belief& b) {
    std::string line = one_line("- belief " + b.id + " " + belief_level_name(b.level) + ": " + utf8_prefix(b.statement, 160));
    if (!b.evidence.empty()) {
        const auto& e = b.evidence.back();
        return line + " (evidence seq " + std::to_string(e.seq) + " " + evidence_kind_name(e.kind) + ")";
    }
    return line + " (quote seq" + seq_list(b.records.back().source_seqs) + ")";
}

// `skip_empty`: a rendering of changes leaves out the sections nothing changed in.
void section(std::string& out, const char* title, const std::vector<std::string>& items, bool skip_empty = false) {
    if (skip_empty && items.empty()) return;
    out += std::string("## ") + title + "\n";
    if (items.empty()) out += "- none\n";
    const size_t shown = std::min(items.size(), kMaxItemsPerSection);
    // Newest last: show the most recent items when over the bound.
    for (size_t i = items.size() - shown; i < items.size(); ++i) out += items[i] + "\n";
    if (items.size() > shown) out += "- (+" + std::to_string(items.size() - shown) + " more in state)\n";
}

std::vector<std::string> lines_of(const std::vector<const Anchor*>& anchors) {
    std::vector<std::string> out;
    for (const Anchor* a : anchors) out.push_back(anchor_line(*a));
    return out;
}

}  // namespace

Result<std::string> render_checkpoint(const CheckpointBundle& b) {
    std::string out = checkpoint_marker(b.mode, b.checkpoint_id) + "\n";
    out += "Folded " + std::to_string(b.message_count) + " messages";
    if (!b.ordered_surface_seqs.empty())
        out += ", seq " + std::to_string(b.ordered_surface_seqs.front()) + "-" +
               std::to_string(b.ordered_surface_seqs.back());
    out += ". Recall exact history with context_recall(\"" + b.checkpoint_id + "\", \"exact\").\n";
    if (b.semantic_text) out += "## Summary\n" + *b.semantic_text + "\n";
    // A V2 bundle shows what its fold changed; the full state is the chain's (recall, the catalog).
    std::optional<nlohmann::json> anchors = b.state_anchors, negative_knowledge = b.negative_knowledge,
                                  beliefs_json = b.beliefs;
    std::vector<std::string> dropped;
    if (b.state_changes) {
        auto changed = changed_entries(*b.state_changes);
        if (!changed.ok()) return changed.error();
        out += "State changes since cp:" + b.state_base.value_or("") + ".\n";
        anchors = changed->anchors;
        negative_knowledge = changed->negative_knowledge;
        beliefs_json = changed->beliefs;
        for (const auto& key : changed->dropped_keys) dropped.push_back(one_line("- " + utf8_prefix(key, 160)));
    }
    StateReducer state;
    if (anchors) {
        auto parsed = StateReducer::from_json(*anchors);
        if (!parsed.ok()) return parsed.error();
        state = std::move(parsed).value();
    }
    std::vector<const Anchor*> current, evidence, open, rationale;
    for (const auto& a : state.heads()) {
        switch (a.kind) {
            case AnchorKind::kObjective:
            case AnchorKind::kConstraint:
            case AnchorKind::kValue:
            case AnchorKind::kArtifact: current.push_back(&a); break;
            case AnchorKind::kEvidence: evidence.push_back(&a); break;
            case AnchorKind::kFailure:
            case AnchorKind::kObligation: open.push_back(&a); break;
            case AnchorKind::kDecision: rationale.push_back(&a); break;
        }
    }
    auto by_seq = [](const Anchor* x, const Anchor* y) {
        const int64_t sx = x->source_seqs.empty() ? 0 : x->source_seqs.back();
        const int64_t sy = y->source_seqs.empty() ? 0 : y->source_seqs.back();
        return sx != sy ? sx < sy : x->key.to_string() < y->key.to_string();
    };
    for (auto* list : {&current, &evidence, &open, &rationale}) std::sort(list->begin(), list->end(), by_seq);
    std::vector<std::string> evidence_lines = lines_of(evidence), open_lines = lines_of(open),
                             rationale_lines = lines_of(rationale);
    // M3b after the anchors: open beliefs are Open, settled ones Evidence, active rejections Rationale.
    if (beliefs_json) {
        auto beliefs = beliefs_from_json(*beliefs_json);
        if (!beliefs.ok()) return beliefs.error();
        for (const auto& belief : *beliefs) {
            const bool settled = belief.level == BeliefLevel::kEstablished || belief.level == BeliefLevel::kRejected;
            (settled ? evidence_lines : open_lines).push_back(belief_line(belief));
        }
    }
    if (negative_knowledge) {
        auto negative = NegativeKnowledgeSet::from_json(*negative_knowledge);
        if (!negative.ok()) return negative.error();
        for (const NegativeKnowledge* e : negative->active()) rationale_lines.push_back(negative_line(*e));
    }
    const bool changes_only = b.state_changes.has_value();
    section(out, "Current", lines_of(current), changes_only);
    section(out, "Evidence", evidence_lines, changes_only);
    section(out, "Open", open_lines, changes_only);
    section(out, "Rationale", rationale_lines, changes_only);
    section(out, "Retired", dropped, true);
    return out;
}

}  // namespace bm
