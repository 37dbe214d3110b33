// Level of detail for the claim graph: which slots pass the graph's filters (state, confidence,
// session, trust) and how the rest fold into clusters by key prefix that expand on demand.
// Plain functions over an immutable snapshot; deterministic (keys are visited in key order).
#pragma once

#include <array>
#include <set>
#include <string>
#include <vector>

#include "studio_snapshot.h"

namespace bm {

// Slot states as the graph filters them: the merge's four states, and retracted (a derived slot
// whose support fell away) apart from them.
enum class GraphState { kSettled, kResolved, kContested, kDisputed, kRetracted };
GraphState graph_state(const Slot& slot);

struct GraphFilter {
    std::array<bool, 5> states{true, true, true, true, true};  // by GraphState
    std::array<bool, 3> trust{true, true, true};               // by TrustLabel (untrusted, external, trusted)
    double minConfidence = 0;  // a slot passes when one of its claims is at least this sure
    std::string session;       // a slot passes when one of its claims comes from this session; empty: any
    bool active() const;
    bool passes(const MergedSnapshot& merged, const Slot& slot) const;
    bool operator==(const GraphFilter&) const = default;
};

// A child of a cluster: one slot, or a sub-cluster of the slots whose keys start with `prefix`.
struct KeyGroup {
    std::string prefix;
    std::vector<std::string> keys;  // in key order
};

// Fanout of a cluster: at most this many children, when the keys allow it.
inline constexpr size_t kMaxClusterChildren = 40;

// Splits `keys` (sorted, all starting with `prefix`, at least two distinct) into children by key
// prefix: at the next separator ('.', '_', '/', ':') when that gives at most kMaxClusterChildren groups, else at the longest
// character prefix that does; a single group is split again below its (longer) prefix.
std::vector<KeyGroup> split_by_prefix(const std::vector<std::string>& keys, const std::string& prefix);

}  // namespace bm
