// How a disputed slot was settled (SPEC §7), as the renderer reads it: attached beside the slot,
// never mutating its annotation. Adjudication (core/adjudicate) and human decisions fill it.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace bm {

struct SlotResolution {
    enum class Kind { kChoose, kBoth, kConditional, kUnresolvable };
    Kind kind = Kind::kUnresolvable;
    std::vector<std::string> values;  // choose: the one chosen value; both/conditional: the values kept
    std::string guard;                // conditional: when the values hold
    std::string settled_by;           // "model:<route>" or "human:<who>"
    std::string reason;
    bool stale = false;               // made against an annotation digest that has since changed: not applied
    bool order_sensitive = false;     // failed the symmetry check (already downgraded to unresolvable)
};
const char* resolution_kind_name(SlotResolution::Kind kind);

// Resolutions by slot key; precedence (human over model) is decided by whoever builds the map.
using ResolutionMap = std::map<std::string, SlotResolution>;

}  // namespace bm
