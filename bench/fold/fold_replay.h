// Replays one session turn by turn under a context budget with one compaction policy, EF (the fold
// engine as `beliefmerge fold` runs it) or Basic (basic_compact), and measures prefix locality,
// cache reuse, surface size, dead weight, recall regret and duplicate work (docs/fold.md,
// "Fold quality"). Bundles go to a real store and the real FTS index. Not thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fold/fold_engine.h"
#include "model/session.h"

namespace bm::bench {

enum class CompactionPolicy { kEpistemicFold, kBasic };
const char* compaction_policy_name(CompactionPolicy policy);  // "EF" or "Basic"

struct ReplayOptions {
    size_t budget = 4000;   // a compaction runs when the surface costs more than this
    FoldOptions fold;       // policy (retained tail, leaf size, ...) and created_at, for both policies
    std::string store_dir;  // the policy's own bundle store (and index.sqlite)
};

struct ReplayMetrics {
    int64_t turns = 0;        // messages appended, one per turn
    int64_t compactions = 0;  // turns whose compaction changed the surface
    int64_t root_folds = 0;   // EF: root rebases run because leaf folds left the surface over budget
    int64_t checkpoints = 0;  // bundles published
    std::vector<size_t> prefix_unchanged_bytes;  // per compaction: prompt bytes before it that it left unchanged
    std::vector<size_t> prefix_before_bytes;     // per compaction: prompt bytes before it
    int64_t prompt_tokens = 0;    // surface tokens summed over turns
    int64_t reusable_tokens = 0;  // per turn, tokens of the previous turn's prompt still its prefix; summed
    std::vector<size_t> surface_tokens;  // per turn, after any compaction
    int64_t dead_tokens = 0;  // per turn, surface tokens of items no later message refers to; summed
    // Per later message and reference key that appeared in a message folded off the surface:
    int64_t refs_held = 0;      // the surface still shows the key
    int64_t refs_recalled = 0;  // a search for the key has it in a hit at rank <= 3
    int64_t refs_lost = 0;      // neither
    std::vector<std::string> lost_keys;  // the keys lost, in replay order (message index: key)
    int64_t repeated_calls = 0;   // tool calls identical to an earlier one
    int64_t duplicate_calls = 0;  // ... whose earlier twins are all folded with their results off the surface
};

// REQUIRES: options.budget > 0. Errors: the store or index failed (the replay is not partial).
Result<ReplayMetrics> replay_session(const Session& session, CompactionPolicy policy, const ReplayOptions& options);

}  // namespace bm::bench
