// Rendering of the structured checkpoint body from the bundle's state anchors.
#include "fold/checkpoint_body.h"

#include <algorithm>

#include "fold/archive.h"
#include "fold/state_reducer.h"

namespace bm {

namespace {

std::string anchor_line(const Anchor& a) {
    std::string line = "- " + a.key.to_string();
    if (a.failure) line += std::string(" ") + failure_status_name(*a.failure);
    line += ": " + utf8_prefix(a.value, 160);
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    line += " (" + a.authority + ", " + evidence_kind_name(a.support) + (a.verified ? ", verified" : "") + "; seq";
    for (size_t i = 0; i < a.source_seqs.size(); ++i) line += (i ? "," : " ") + std::to_string(a.source_seqs[i]);
    return line + ")";
}

void section(std::string& out, const char* title, const std::vector<const Anchor*>& items) {
    out += std::string("## ") + title + "\n";
    if (items.empty()) out += "- none\n";
    const size_t shown = std::min(items.size(), kMaxItemsPerSection);
    // Newest last: show the most recent items when over the bound.
    for (size_t i = items.size() - shown; i < items.size(); ++i) out += anchor_line(*items[i]) + "\n";
    if (items.size() > shown) out += "- (+" + std::to_string(items.size() - shown) + " more in state)\n";
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
    StateReducer state;
    if (b.state_anchors) {
        auto parsed = StateReducer::from_json(*b.state_anchors);
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
    section(out, "Current", current);
    section(out, "Evidence", evidence);
    section(out, "Open", open);
    section(out, "Rationale", rationale);
    return out;
}

}  // namespace bm
