// Lookups over the studio's immutable snapshot.
#include "studio_snapshot.h"

#include <set>

namespace bm {

int StudioSnapshot::sessionIndex(const std::string& session_id) const {
    if (!sessions) return -1;
    for (size_t i = 0; i < sessions->size(); ++i)
        if ((*sessions)[i].id == session_id) return static_cast<int>(i);
    return -1;
}

std::vector<std::string> StudioSnapshot::reviewKeys() const {
    std::vector<std::string> keys;
    if (!merged) return keys;
    for (const auto& s : merged->slots)
        if (s.state == SlotState::kDisputed || s.state == SlotState::kContested) keys.push_back(s.key);
    return keys;
}

LowConfidenceTally tallyHiddenClaims(const std::vector<std::string>& belowConfidence, const MergedSnapshot& shown) {
    std::set<std::string> keys;
    for (const std::string& key : belowConfidence)
        if (!shown.find(key)) keys.insert(key);
    return {true, static_cast<int>(belowConfidence.size()), static_cast<int>(keys.size())};
}

LowConfidenceTally tallyShownClaims(const MergedSnapshot& shown, double threshold) {
    LowConfidenceTally tally{false, 0, 0};
    std::set<std::string> keys;
    for (const auto& branch : shown.inputs)
        for (const Claim& c : branch.claims)
            if (c.confidence < threshold) {
                ++tally.claims;
                keys.insert(c.key);
            }
    tally.slotCount = static_cast<int>(keys.size());
    return tally;
}

std::string describe_resolution(const Resolution& r) {
    switch (r.kind) {
        case ResolutionKind::kChoose: return "choose " + r.value;
        case ResolutionKind::kBoth: return "both";
        case ResolutionKind::kConditional: return "conditional (guard: " + r.guard + ")";
        case ResolutionKind::kUnresolvable: return "unresolvable";
    }
    return "unresolvable";
}

}  // namespace bm
