// `bench fold-quality`: EF and Basic compaction side by side on the real shared sessions with the
// most turns and on generated long sessions, replayed turn by turn under one context budget
// (fold_replay.h). Deterministic: fixed createdAt, fresh stores, no timings. The caller presents it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/fold/fold_replay.h"

namespace bm::bench {

struct FoldQualityOptions {
    std::string sessions_dir;        // real session logs, any supported format (searched recursively)
    size_t real_sessions = 10;       // the sessions with the most messages (ties: file, then session id)
    size_t generated = 3;            // generated Claude Code transcripts, seeds 1..N
    uint64_t generated_bytes = 256000;
    size_t budget = 4000;            // context budget in tokens; the retained tail is budget / 4
    std::string dir;                 // scratch directory; empty: a fresh temp directory, removed afterwards
};

struct FoldQualityRow {
    std::string name;  // file name (#n for the n-th session of a file), or generated-seedN
    int64_t messages = 0;
    int64_t tokens = 0;  // the whole session's surface tokens
    ReplayMetrics ef, basic;
};

struct FoldQualityReport {
    FoldQualityOptions options;
    std::vector<FoldQualityRow> rows;
};

// One policy's measures over one or more sessions' replays.
struct PolicySummary {
    int64_t sessions = 0, turns = 0, compactions = 0, root_folds = 0, checkpoints = 0;
    double prefix_unchanged_mean = 0;   // bytes per compaction (PrefixMutationDepth)
    size_t prefix_unchanged_min = 0;    // bytes, the worst compaction
    int64_t prefix_kept_compactions = 0;  // compactions that left a non-empty prefix
    double prefix_unchanged_share = 0;  // unchanged bytes / prompt bytes before, over all compactions
    int64_t prompt_tokens = 0, reusable_tokens = 0, dead_tokens = 0;
    double surface_mean = 0;
    size_t surface_p95 = 0, surface_max = 0;
    int64_t refs_held = 0, refs_recalled = 0, refs_lost = 0;
    int64_t repeated_calls = 0, duplicate_calls = 0;
};
PolicySummary summarise(const std::vector<const ReplayMetrics*>& replays);

// The replay options both policies share for `budget` (retained tail budget / 4, fold defaults otherwise).
ReplayOptions fold_quality_replay_options(size_t budget);

// REQUIRES: options.budget >= 4. Errors: unreadable sessions directory, fewer sessions than asked, a replay failed.
Result<FoldQualityReport> run_fold_quality(const FoldQualityOptions& options);

std::string fold_quality_markdown(const FoldQualityReport& report);
nlohmann::json fold_quality_json(const FoldQualityReport& report);

}  // namespace bm::bench
