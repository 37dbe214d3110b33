// The fold transaction (SPEC §12): plan → archive → state → optional semantic text → seal →
// publish (durable) → commit record → and only then the new surface.
//
// BundleDurable ≺ SurfaceLoss: the caller's surface is never modified; a new surface is returned
// only after the bundle is durable and verified and its commit record written. Any failure
// (including an injected I/O failure at any step) returns an error and the old surface stays
// valid. A semantic summariser failure never fails a fold: the checkpoint falls back to the
// deterministic body. Thread-safety: one fold per session at a time.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "fold/bundle_store.h"
#include "fold/fold_planner.h"
#include "fold/state_events.h"

namespace bm {

// Optional semantic text for the archived messages; an error means "use the fallback".
using SemanticSummarizer = std::function<Result<std::string>(const nlohmann::json& shadowed_messages)>;

struct FoldOptions {
    FoldPolicy policy;
    int64_t created_at = 0;  // epoch ms written into the bundle
    SemanticSummarizer summarizer;  // empty: deterministic body only
    BeliefProposer belief_proposer;  // optional model proposals for the uncertainty ladder (verified)
    // false: FoldRun::published keeps each bundle's ids, mode, seqs and counts only (no archive,
    // state or text), so a long run holds no second copy of the session (the CLI).
    bool keep_published_bodies = true;
    // Called by fold_until before each fold after the first with (folds so far, surface tokens);
    // false stops the run there (stop_reason "cancelled"). Folds are transactions, so a stop never
    // leaves a half-published checkpoint. Empty: never stops. May be called from a worker thread.
    std::function<bool(size_t folds, size_t surface_tokens)> keep_going;
};

struct FoldOutcome {
    FoldSurface surface;  // the surface after the fold (== input when nothing was folded)
    FoldPlan plan;
    std::optional<CheckpointBundle> bundle;
    bool already_present = false;    // identical bundle existed (idempotent)
    bool semantic_fallback = false;  // a summariser was given and failed
    std::string semantic_error;      // the proposer's and/or summariser's failure, in order ("A; then B")
    ReduceCounts reduce;
    M3bCounts m3b;  // negative knowledge recorded, ladder proposals accepted/refused, settlements
};

Result<FoldOutcome> fold_once(BundleStore& store, const FoldSurface& surface, FoldMode mode, const FoldOptions& options);

// Basic compaction, the baseline the fold engine extends (issue 24): summarise-and-replace the whole
// prefix (plan_basic: the previous summary and every live message before the retained tail) with
// one root-mode checkpoint, by the same transaction and summariser as fold_once. Its archive is the
// previous summary's archive followed by the newly folded messages, so recall stays exact; its
// state continues the previous summary's. The surface after it is [summary] + retained tail.
Result<FoldOutcome> basic_compact(BundleStore& store, const FoldSurface& surface, const FoldOptions& options);

// Leaf-folds repeatedly until the surface costs at most `until_tokens` or no leaf fold is possible;
// `max_folds` bounds the loop. Returns the final outcome (bundles listed in `published`). The folds
// are exactly repeated fold_once's, but a leaf run changes its surface in place and plans on
// indexes built once (LeafPlanner), so it is linear in the session, not quadratic. Only its first
// fold reads its starting state back from the store; each later fold continues, as structures, the
// state the previous one sealed, whose digests and changes cost what changed (state_forms.h).
struct FoldRun {
    FoldSurface surface;
    std::vector<CheckpointBundle> published;
    std::string stop_reason;
    bool root_recommended = false;
    bool cancelled = false;  // keep_going said stop
};
Result<FoldRun> fold_until(BundleStore& store, FoldSurface surface, FoldMode mode, size_t until_tokens,
                           const FoldOptions& options, size_t max_folds = 100000);

}  // namespace bm
