// Re-running derivation labelling with decisions applied (see resolved_derivations.h).
#include "adjudicate/resolved_derivations.h"

#include "derive/derivation.h"

namespace bm {

namespace {

bool same_label(const DerivationLabel& a, const DerivationLabel& b) {
    return a.status == b.status && a.in == b.in && a.satisfied_route == b.satisfied_route &&
           a.unmet_premises == b.unmet_premises && a.unknown_premises == b.unknown_premises;
}

// The labels of `snapshot`'s slots under `find(key)` (an EffectiveResolution* or null).
template <typename Find>
std::map<std::string, DerivationLabel> labels_under(const MergedSnapshot& snapshot, Find find) {
    std::map<std::string, DerivationInput> inputs;
    for (const auto& s : snapshot.slots) inputs[s.key] = {asserted_after_resolution(s, find(s.key)), s.routes};
    return label_derivations(inputs);
}

bool any_changed(const MergedSnapshot& snapshot, const std::map<std::string, DerivationLabel>& labels) {
    for (const auto& s : snapshot.slots)
        if (!same_label(s.derivation, labels.at(s.key))) return true;
    return false;
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
    auto labels = labels_under(*base, [&](const std::string& key) -> const EffectiveResolution* {
        auto it = resolutions.find(key);
        return it == resolutions.end() ? nullptr : &it->second;
    });
    if (!any_changed(*base, labels)) return base;
    auto out = std::make_shared<MergedSnapshot>(*base);
    for (auto& s : out->slots) s.derivation = std::move(labels.at(s.key));
    return out;
}

bool relabel_derivations_in_place(MergedSnapshot& snapshot, const std::vector<EffectiveResolution>& resolutions) {
    if (resolutions.empty()) return false;
    std::map<std::string, const EffectiveResolution*> by_key;
    for (const auto& e : resolutions) by_key[e.slot_key] = &e;
    auto labels = labels_under(snapshot, [&](const std::string& key) -> const EffectiveResolution* {
        auto it = by_key.find(key);
        return it == by_key.end() ? nullptr : it->second;
    });
    if (!any_changed(snapshot, labels)) return false;
    for (auto& s : snapshot.slots) s.derivation = std::move(labels.at(s.key));
    return true;
}

}  // namespace bm
