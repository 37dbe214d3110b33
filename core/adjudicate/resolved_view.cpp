// Canonical JSON of a snapshot with its effective resolutions.
#include "adjudicate/resolved_view.h"

#include "util/canonical_json.h"

namespace bm {

using json = nlohmann::json;

json effective_resolution_json(const EffectiveResolution& r) {
    json j{{"key", r.slot_key}, {"origin", resolution_origin_name(r.origin)}, {"annotation_digest", r.annotation_digest}};
    if (r.resolution) j["resolution"] = resolution_to_json(*r.resolution);
    if (r.decision) j["decision_id"] = r.decision->id;
    json stale = json::array();
    for (const auto& d : r.stale_decisions) stale.push_back(d.id);
    j["stale_decisions"] = stale;
    j["stale"] = r.stale();
    return j;
}

std::string serialize_resolved(const MergedSnapshot& snapshot, const std::vector<EffectiveResolution>& resolutions) {
    json list = json::array();
    for (const auto& r : resolutions) list.push_back(effective_resolution_json(r));
    json doc{{"resolutions", list}, {"snapshot", json::parse(snapshot.serialize())}};
    auto c = canonical_json(doc);
    return c ? *c : doc.dump();
}

std::optional<std::string> resolved_value(const EffectiveResolution& r) {
    if (r.resolution && r.resolution->kind == ResolutionKind::kChoose) return r.resolution->value;
    return std::nullopt;
}

namespace {
SlotResolution to_slot_resolution(const Slot* slot, const Resolution& r) {
    SlotResolution out;
    switch (r.kind) {
        case ResolutionKind::kChoose: out.kind = SlotResolution::Kind::kChoose; break;
        case ResolutionKind::kBoth: out.kind = SlotResolution::Kind::kBoth; break;
        case ResolutionKind::kConditional: out.kind = SlotResolution::Kind::kConditional; break;
        case ResolutionKind::kUnresolvable: out.kind = SlotResolution::Kind::kUnresolvable; break;
    }
    if (r.kind == ResolutionKind::kChoose) out.values = {r.value};
    else if (slot) out.values = slot->tied.empty() ? std::vector<std::string>{} : slot->tied;
    if (slot && out.values.empty() && r.kind != ResolutionKind::kChoose)
        for (const auto& v : slot->values) out.values.push_back(v.value);
    out.guard = r.guard;
    out.reason = r.rationale;
    out.order_sensitive = r.order_sensitive;
    return out;
}
}  // namespace

ResolutionMap to_resolution_map(const MergedSnapshot& snapshot, const std::vector<EffectiveResolution>& resolutions) {
    ResolutionMap out;
    for (const auto& e : resolutions) {
        const Slot* slot = snapshot.find(e.slot_key);
        if (!slot) continue;
        if (e.resolution) {
            SlotResolution r = to_slot_resolution(slot, *e.resolution);
            if (e.origin == ResolutionOrigin::kHuman && e.decision) {
                r.settled_by = "human:" + e.decision->reviewer;
                r.reason = e.decision->reason;
            } else if (e.model) {
                r.settled_by = "model:" + e.model->model;
            }
            out.emplace(e.slot_key, std::move(r));
        } else if (!e.stale_decisions.empty()) {
            const DecisionRecord& d = e.stale_decisions.back();
            SlotResolution r = to_slot_resolution(slot, d.resolution());
            r.settled_by = "human:" + d.reviewer;
            r.reason = d.reason;
            r.stale = true;
            out.emplace(e.slot_key, std::move(r));
        }
    }
    return out;
}

}  // namespace bm
