// The merged snapshot with its effective resolutions beside each annotation (SPEC §7): what a
// packer renders and what replay tests compare byte for byte. The annotation is never mutated.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "merge/snapshot.h"
#include "pack/resolution.h"
#include "store/decisions.h"

namespace bm {

// {"resolutions":[{"key","origin","annotation_digest","resolution"?,"stale_decisions":[ids],...}],
//  "snapshot": <MergedSnapshot::serialize() parsed>} as RFC 8785 bytes. No timestamps.
std::string serialize_resolved(const MergedSnapshot& snapshot, const std::vector<EffectiveResolution>& resolutions);

// One resolution entry (the "resolutions" item above).
nlohmann::json effective_resolution_json(const EffectiveResolution& r);

// The value a slot presents after its resolution: the chosen value for choose, else nullopt
// (both/conditional/unresolvable keep every tied value on show).
std::optional<std::string> resolved_value(const EffectiveResolution& r);

// The packer's view (core/pack): one SlotResolution per slot with an effective resolution (human
// precedence already applied); a slot with only stale decisions gets the newest one marked stale,
// which the renderer shows as not applied. `settled_by` is "human:<reviewer>" or "model:<model>".
ResolutionMap to_resolution_map(const MergedSnapshot& snapshot, const std::vector<EffectiveResolution>& resolutions);

}  // namespace bm
