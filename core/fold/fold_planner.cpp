// Leaf / root / emergency fold planning over a fold surface.
#include "fold/fold_planner.h"

#include <cstdint>
#include <set>

#include "fold/archive.h"

namespace bm {

namespace {

bool root_recommended(const Frontier& f, const FoldPolicy& policy) {
    return f.frozen_ids.size() > 1 && f.frozen_tokens > policy.frozen_checkpoint_token_budget;
}

}  // namespace

bool is_safe_cut(const FoldSurface& s, size_t from, size_t cut) {
    std::set<std::string> open_calls;
    for (size_t i = from; i < cut; ++i) {
        if (s.items[i].is_checkpoint) continue;
        for (const auto& id : archived_call_ids(s.items[i].message)) open_calls.insert(id);
        for (const auto& id : archived_result_ids(s.items[i].message)) open_calls.erase(id);
    }
    if (open_calls.empty()) return true;
    for (size_t i = cut; i < s.items.size(); ++i) {
        if (s.items[i].is_checkpoint) continue;
        for (const auto& id : archived_result_ids(s.items[i].message))
            if (open_calls.count(id)) return false;
    }
    return true;
}

FoldPlan plan_leaf(const FoldSurface& s, const FoldPolicy& policy) {
    const Frontier f = derive_frontier(s);
    return LeafPlanner(s.items).plan(f.index, root_recommended(f, policy), policy);
}

FoldPlan plan_root(const FoldSurface& s, const FoldPolicy& policy) {
    const Frontier f = derive_frontier(s);
    FoldPlan plan;
    plan.mode = FoldMode::kRoot;
    plan.begin = 0;
    plan.end = f.frozen_ids.size() > 1 ? f.index : 0;
    plan.folded_tokens = plan.end ? f.frozen_tokens : 0;
    plan.root_recommended = root_recommended(f, policy);
    if (plan.empty()) plan.reason = "a root fold needs at least two frozen checkpoints";
    return plan;
}

FoldPlan plan_basic(const FoldSurface& s, const FoldPolicy& policy) {
    const Frontier f = derive_frontier(s);
    FoldPolicy uncapped = policy;
    uncapped.max_leaf_tokens = SIZE_MAX;
    FoldPlan plan = LeafPlanner(s.items).plan(f.index, false, uncapped);
    plan.mode = FoldMode::kRoot;
    if (plan.empty()) return plan;
    plan.begin = 0;
    plan.folded_tokens += f.frozen_tokens;
    return plan;
}

FoldPlan plan_emergency(const FoldSurface& s, const FoldPolicy&) {
    const Frontier f = derive_frontier(s);
    FoldPlan plan;
    plan.mode = FoldMode::kEmergency;
    plan.begin = plan.end = f.index;
    while (plan.end < s.items.size() && !s.items[plan.end].is_checkpoint) plan.folded_tokens += s.items[plan.end++].tokens;
    if (plan.empty()) plan.reason = "no live messages after the frontier";
    return plan;
}

}  // namespace bm
