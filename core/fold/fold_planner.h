// Fold planning (SPEC §12): which surface items a leaf, root or emergency fold replaces.
//
// Leaf folds take live messages right after the frontier up to the best safe end: never splitting
// a tool call from its result, keeping at least retain_tokens of recent tail, at most
// max_leaf_tokens per checkpoint, and only when at least min_reclaim_tokens are reclaimed. Root
// folds rebase the whole frozen prefix into one checkpoint (recommended once the frozen
// checkpoints cost more than frozen_checkpoint_token_budget). Emergency folds take every live
// message (no retained tail). Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fold/fold_surface.h"

namespace bm {

struct FoldPolicy {
    size_t retain_tokens = 2000;
    size_t min_reclaim_tokens = 64;
    size_t max_leaf_tokens = 8000;
    size_t frozen_checkpoint_token_budget = 4000;
};

struct FoldPlan {
    FoldMode mode = FoldMode::kLeaf;
    size_t begin = 0;  // first surface item replaced
    size_t end = 0;    // one past the last; begin == end: nothing to fold (see reason)
    size_t folded_tokens = 0;
    bool root_recommended = false;
    std::string reason;

    bool empty() const { return begin == end; }
};

// True when cutting the surface before item `cut` leaves no tool call on one side and its
// result on the other, within items [from, items.size()).
bool is_safe_cut(const FoldSurface& surface, size_t from, size_t cut);

FoldPlan plan_leaf(const FoldSurface& surface, const FoldPolicy& policy);

// The leaf planner over a fixed sequence of items, with what plan_leaf needs indexed once: token
// prefix sums, the checkpoints' positions and, per tool-call id, where its last result is. A plan
// then costs the items it looks at (the leaf window and the cut search), not the whole session, so
// a run of leaf folds (fold_until) is linear in the session, not quadratic. The plan is exactly
// plan_leaf's on the surface whose frozen prefix ends at `from`. Thread-safety: a plain value.
class LeafPlanner {
public:
    // REQUIRES: `items` outlives the planner and is not modified while it is used.
    explicit LeafPlanner(const std::vector<SurfaceItem>& items);

    // REQUIRES: from <= items.size(). begin/end of the result index `items`.
    FoldPlan plan(size_t from, bool root_recommended, const FoldPolicy& policy) const;
    // Tokens of items [begin, end).
    size_t tokens(size_t begin, size_t end) const { return m_prefix_tokens[end] - m_prefix_tokens[begin]; }

private:
    class CutSweep;

    const std::vector<SurfaceItem>& m_items;
    std::vector<size_t> m_prefix_tokens;      // [i]: tokens of items [0, i)
    std::vector<size_t> m_checkpoints;        // positions of checkpoint items, ascending
    std::vector<uint32_t> m_ids;              // per item: its call ids, then its result ids (interned)
    std::vector<size_t> m_id_offsets;         // item i's ids are m_ids[m_id_offsets[i] .. m_id_offsets[i + 1])
    std::vector<uint32_t> m_call_counts;      // per item: how many of its ids are call ids
    std::vector<size_t> m_last_result;        // per interned id: position of its last result, or kNone
    static constexpr size_t kNone = SIZE_MAX;
};
FoldPlan plan_root(const FoldSurface& surface, const FoldPolicy& policy);
// Basic compaction (the paired baseline, fold_engine.h basic_compact): the whole prefix, i.e. every
// item before the latest safe cut that keeps retain_tokens of live tail (the previous summary
// included), with no max_leaf_tokens cap; begin is always 0. Mode root (a whole-prefix rebase).
FoldPlan plan_basic(const FoldSurface& surface, const FoldPolicy& policy);
FoldPlan plan_emergency(const FoldSurface& surface, const FoldPolicy& policy);

}  // namespace bm
