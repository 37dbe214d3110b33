// Stability keys of slots and the preserved-prefix measure.
#include "pack/layout.h"

#include <algorithm>
#include <set>

namespace bm {

namespace {

int type_class(SlotType t) {
    switch (t) {
        case SlotType::kConstraint:
        case SlotType::kGoal:
        case SlotType::kDecision: return 0;
        case SlotType::kRefuted:
        case SlotType::kFact: return 1;
        case SlotType::kArtifact: return 2;
        case SlotType::kOpenQ: return 3;
    }
    return 3;
}

}  // namespace

StabilityKey stability_key(const MergedSnapshot& snap, const Slot& slot, const SlotResolution* resolution) {
    StabilityKey k;
    k.type_class = type_class(slot.type);
    switch (slot.state) {
        case SlotState::kSettled: k.state_rank = 0; break;
        case SlotState::kResolved: k.state_rank = 1; break;
        case SlotState::kContested: k.state_rank = 2; break;
        case SlotState::kDisputed: k.state_rank = resolution && !resolution->stale ? 3 : 4; break;
    }
    if (slot.derivation.status == DerivationStatus::kRetracted) k.state_rank = 5;
    int evidence = 0;
    std::set<std::string> sources;
    for (const auto& v : slot.values) {
        const bool presented = slot.winner ? v.value == *slot.winner
                                           : std::find(slot.tied.begin(), slot.tied.end(), v.value) != slot.tied.end();
        if (!presented) continue;
        if (!v.evidence.empty()) evidence = std::max(evidence, v.evidence.front());
        for (ClaimRef r : v.supporters) sources.insert(snap.claim(r).source.branch_id);
    }
    k.neg_evidence = -evidence;
    k.neg_sources = -static_cast<int>(sources.size());
    k.neg_trust = -static_cast<int>(slot.trust);
    k.key = slot.key;
    return k;
}

size_t preserved_prefix(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
    return n;
}

}  // namespace bm
