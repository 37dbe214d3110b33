// Leaf / root / emergency fold planning over a fold surface.
#include "fold/fold_planner.h"

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
    FoldPlan plan;
    plan.mode = FoldMode::kLeaf;
    plan.begin = plan.end = f.index;
    plan.root_recommended = root_recommended(f, policy);
    const size_t n = s.items.size();
    // The live region must be messages only up to the first later checkpoint.
    size_t live_end = f.index;
    while (live_end < n && !s.items[live_end].is_checkpoint) ++live_end;
    // Retained tail: the shortest suffix with at least retain_tokens.
    size_t tail_begin = live_end, tail_tokens = 0;
    while (tail_begin > f.index && tail_tokens < policy.retain_tokens) tail_tokens += s.items[--tail_begin].tokens;
    if (tail_tokens < policy.retain_tokens && tail_begin == f.index) {
        plan.reason = "the live region (" + std::to_string(tail_tokens) + " tokens) is within the retained tail";
        return plan;
    }
    // Largest end within max_leaf_tokens.
    size_t end = f.index, tokens = 0;
    while (end < tail_begin && (end == f.index || tokens + s.items[end].tokens <= policy.max_leaf_tokens))
        tokens += s.items[end++].tokens;
    // Back off to a safe cut; when none is left, extend past the cap to the nearest safe cut
    // (a tool call and its result are folded together even when they exceed max_leaf_tokens).
    const size_t capped_end = end;
    const size_t capped_tokens = tokens;
    while (end > f.index && !is_safe_cut(s, f.index, end)) tokens -= s.items[--end].tokens;
    if (end == f.index) {
        end = capped_end;
        tokens = capped_tokens;
        while (end < tail_begin && !is_safe_cut(s, f.index, end)) tokens += s.items[end++].tokens;
        if (!is_safe_cut(s, f.index, end)) end = f.index;
    }
    if (end == f.index) {
        plan.reason = "no safe cut before the retained tail (a tool call and its result would be split)";
        return plan;
    }
    if (tokens < policy.min_reclaim_tokens) {
        plan.reason = "would reclaim only " + std::to_string(tokens) + " tokens (minimum " +
                      std::to_string(policy.min_reclaim_tokens) + ")";
        return plan;
    }
    plan.end = end;
    plan.folded_tokens = tokens;
    return plan;
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
