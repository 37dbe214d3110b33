// Cache-aware layout (SPEC §10): stable content first, volatile content last, ties by key, so a
// change to the merged input invalidates only the tail of the injected block.
#pragma once

#include <cstddef>
#include <string>
#include <tuple>
#include <vector>

#include "merge/snapshot.h"
#include "pack/resolution.h"

namespace bm {

// Sort key of a slot: lower sorts first (more stable). Order: type class (constraint/goal/decision,
// then refuted/fact, artifact, open question), state (settled, resolved, contested, adjudicated,
// disputed, retracted), higher evidence, more sources, higher trust, key.
struct StabilityKey {
    int type_class = 0;
    int state_rank = 0;
    int neg_evidence = 0;
    int neg_sources = 0;
    int neg_trust = 0;
    std::string key;
    auto operator<=>(const StabilityKey&) const = default;
};
StabilityKey stability_key(const MergedSnapshot& snap, const Slot& slot, const SlotResolution* resolution);

// Number of leading items equal in both layouts (items compared by their rendered bytes).
size_t preserved_prefix(const std::vector<std::string>& a, const std::vector<std::string>& b);

}  // namespace bm
