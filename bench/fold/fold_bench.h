// The Epistemic Fold benchmark as a library: publish throughput with fsync, verify throughput,
// exact-recall page latency and search latency over N checkpoints. Shared by bench_fold and
// `beliefmerge bench fold`; the caller presents the report (markdown or JSON).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "util/result.h"

namespace bm::bench {

struct FoldBenchOptions {
    int64_t checkpoints = 10000;  // small bundles (4 messages x 300 B) the search runs over
    int64_t big = 100;            // large bundles (40 messages x 2 KB) for publish/verify/recall
    int64_t recalls = 300;
    int64_t searches = 400;  // half rare markers, half two common words
    std::string dir;         // scratch store; empty: a fresh temp directory, removed afterwards
};

struct FoldBenchReport {
    FoldBenchOptions options;
    double big_mb = 0;
    double publish_ms = 0, verify_ms = 0;
    int64_t verified = 0;
    double recall_p50_ms = 0, recall_p99_ms = 0;
    double many_publish_ms = 0, index_build_ms = 0;
    double search_p50_ms = 0, search_p99_ms = 0;
    int64_t search_hits = 0;
    std::string load;  // /proc/loadavg at the end, and the logical cores

    double publish_mb_per_s() const { return publish_ms > 0 ? big_mb / (publish_ms / 1000.0) : 0; }
    double verify_mb_per_s() const { return verify_ms > 0 ? big_mb / (verify_ms / 1000.0) : 0; }
};

// REQUIRES: options.checkpoints >= 1, options.big >= 1.
Result<FoldBenchReport> run_fold_bench(const FoldBenchOptions& options);

std::string fold_bench_markdown(const FoldBenchReport& report);
nlohmann::json fold_bench_json(const FoldBenchReport& report);

}  // namespace bm::bench
