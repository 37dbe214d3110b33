// Graph filters and prefix clusters (graph_lod.h).
#include "graph_lod.h"

#include <algorithm>
#include <map>

namespace bm {

GraphState graph_state(const Slot& slot) {
    if (slot.derivation.status == DerivationStatus::kRetracted) return GraphState::kRetracted;
    switch (slot.state) {
        case SlotState::kSettled: return GraphState::kSettled;
        case SlotState::kResolved: return GraphState::kResolved;
        case SlotState::kContested: return GraphState::kContested;
        case SlotState::kDisputed: return GraphState::kDisputed;
    }
    return GraphState::kSettled;
}

bool GraphFilter::active() const { return *this != GraphFilter{}; }

bool GraphFilter::passes(const MergedSnapshot& merged, const Slot& slot) const {
    if (!states[static_cast<size_t>(graph_state(slot))]) return false;
    if (!trust[static_cast<size_t>(slot.trust)]) return false;
    if (minConfidence <= 0 && session.empty()) return true;
    bool sure = minConfidence <= 0, fromSession = session.empty();
    auto look = [&](ClaimRef r) {
        const Claim& c = merged.claim(r);
        sure = sure || c.confidence >= minConfidence;
        fromSession = fromSession || merged.inputs[r.branch].session_id == session;
    };
    for (const auto& v : slot.values)
        for (ClaimRef r : v.supporters) look(r);
    for (ClaimRef r : slot.history) look(r);
    return sure && fromSession;
}

namespace {

// Where a key's segments end: engine keys use dots (env.session.…), heuristic keys underscores.
constexpr const char* kKeySeparators = "._/:";

// Groups `keys` by `cut` (a key's group prefix), in prefix order.
template <typename Cut>
std::vector<KeyGroup> groupBy(const std::vector<std::string>& keys, Cut cut) {
    std::map<std::string, std::vector<std::string>> groups;
    for (const auto& k : keys) groups[cut(k)].push_back(k);
    std::vector<KeyGroup> out;
    for (auto& [prefix, members] : groups) out.push_back({prefix, std::move(members)});
    return out;
}

size_t commonPrefix(const std::vector<std::string>& keys) {
    size_t n = keys.front().size();
    for (const auto& k : keys) {
        size_t i = 0;
        while (i < n && i < k.size() && k[i] == keys.front()[i]) ++i;
        n = i;
    }
    return n;
}

}  // namespace

std::vector<KeyGroup> split_by_prefix(const std::vector<std::string>& keys, const std::string& prefix) {
    const size_t from = prefix.size();
    auto bySegment = [from](const std::string& k) {
        const size_t dot = k.find_first_of(kKeySeparators, from);
        return dot == std::string::npos ? k : k.substr(0, dot + 1);
    };
    std::vector<KeyGroup> groups = groupBy(keys, bySegment);
    if (groups.size() == 1 && groups.front().keys.size() > 1 && groups.front().prefix.size() > from)
        return split_by_prefix(keys, groups.front().prefix);  // one segment in common: look below it
    if (groups.size() <= kMaxClusterChildren) return groups;
    // Too many segments (flat keys such as component1 … component2000): cut at the longest character
    // prefix that still gives at most kMaxClusterChildren groups, and at least two.
    const size_t common = commonPrefix(keys);
    size_t longest = 0;
    for (const auto& k : keys) longest = std::max(longest, k.size());
    std::vector<KeyGroup> best = groupBy(keys, [&](const std::string& k) { return k.substr(0, common + 1); });
    for (size_t len = common + 2; len <= longest; ++len) {
        auto next = groupBy(keys, [&](const std::string& k) { return k.substr(0, len); });
        if (next.size() > kMaxClusterChildren) break;
        best = std::move(next);
    }
    return best;
}

}  // namespace bm
