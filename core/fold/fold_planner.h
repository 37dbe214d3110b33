// Fold planning (SPEC §12): which surface items a leaf, root or emergency fold replaces.
//
// Leaf folds take live messages right after the frontier up to the best safe end: never splitting
// a tool call from its result, keeping at least retain_tokens of recent tail, at most
// max_leaf_tokens per checkpoint, and only when at least min_reclaim_tokens are reclaimed. Root
// folds rebase the whole frozen prefix into one checkpoint (recommended once the frozen
// checkpoints cost more than frozen_checkpoint_token_budget). Emergency folds take every live
// message (no retained tail). Thread-safety: pure functions.
#pragma once

#include <string>

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
FoldPlan plan_root(const FoldSurface& surface, const FoldPolicy& policy);
FoldPlan plan_emergency(const FoldSurface& surface, const FoldPolicy& policy);

}  // namespace bm
