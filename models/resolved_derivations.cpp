// Re-running derivation labelling with decisions applied (see resolved_derivations.h).
#include "resolved_derivations.h"

#include "derive/derivation.h"

namespace bm {

namespace {

bool same_label(const DerivationLabel& a, const DerivationLabel& b) {
    return a.status == b.status && a.in == b.in && a.satisfied_route == b.satisfied_route &&
           a.unmet_premises == b.unmet_premises && a.unknown_premises == b.unknown_premises;
}

}  // namespace

bool asserted_after_resolution(const Slot& slot, const EffectiveResolution* resolution) {
    if (!resolution || !resolution->resolution || resolution->origin == ResolutionOrigin::kNone)
        return slot.state != SlotState::kDisputed;
    return resolution->resolution->kind != ResolutionKind::kUnresolvable;
}

std::shared_ptr<const MergedSnapshot> relabel_derivations(std::shared_ptr<const MergedSnapshot> base,
                                                          const std::map<std::string, EffectiveResolution>& resolutions) {
    if (!base || resolutions.empty()) return base;
    std::map<std::string, DerivationInput> inputs;
    for (const auto& s : base->slots) {
        auto it = resolutions.find(s.key);
        inputs[s.key] = {asserted_after_resolution(s, it == resolutions.end() ? nullptr : &it->second), s.routes};
    }
    auto labels = label_derivations(inputs);
    bool changed = false;
    for (const auto& s : base->slots) changed = changed || !same_label(s.derivation, labels.at(s.key));
    if (!changed) return base;
    auto out = std::make_shared<MergedSnapshot>(*base);
    for (auto& s : out->slots) s.derivation = std::move(labels.at(s.key));
    return out;
}

}  // namespace bm
