// The MELD throughput experiments of `bench throughput` (issue 7): admissions per second and
// latency percentiles at several active-claim counts through the candidate index and through the
// exhaustive scan, the index's recall for candidates at σ ≥ σ_lo against that scan, and the sink
// whose live store must stay corpus-sized while N brains re-publish one corpus.
// Thread-safety: each function builds its own brains; the engine is shared read-only.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "meld/signal_engine.h"
#include "meld/thresholds.h"

namespace bm::meld {

struct ThroughputOptions {
    std::vector<size_t> sizes = {1000, 10000, 100000};  // active claims held before measuring
    size_t admissions = 4000;                            // admissions timed per size through the index
    size_t exhaustive_work = 4000000;  // the exhaustive path admits min(admissions, work / size) claims
    uint64_t seed = 1;
    size_t index_limit = 64;  // BrainOptions::index_limit of the index path
    Thresholds thresholds = lexical_default_thresholds();
};

// One path at one size: "index" (the candidate index with σ-ceiling pruning, receive() one delta at
// a time), "index, pipelined" (the same through receive_all() with its worker thread) or
// "exhaustive" (every active claim scored: the reference). Latency is the whole receive(): MAC
// check, candidate selection, signals, the procedure, Patch sealing and apply; the pipelined path
// has no per-admission latency (an admission's stages run on two threads at different times).
struct ThroughputRow {
    size_t active = 0;
    std::string path;
    size_t admissions = 0;
    double per_second = 0;
    double p50_us = 0, p99_us = 0;
    bool has_latency = true;  // false on the pipelined path
    // The same from CPU time (the process's on the pipelined path, both threads): on a shared
    // machine wall time includes waiting for a core.
    double cpu_per_second = 0, cpu_p50_us = 0, cpu_p99_us = 0;
    // Pipelined path: every Patch equal, byte for byte (id), to the one-by-one path's.
    std::optional<bool> same_patches;
    double mean_candidates = 0;  // active held claims considered, per admission
    double mean_scored = 0;      // of them, those σ was computed for (the rest bounded out)
    std::map<std::string, size_t> decisions;
};

// The index against the exhaustive scan on the same queries and the same state.
struct RecallRow {
    size_t active = 0, queries = 0;
    size_t exhaustive_candidates = 0;  // active held claims at σ ≥ σ_lo, summed over queries
    size_t index_found = 0;            // of those, the ones the index proposed
    double recall = 0;
    size_t merge_candidates = 0, merge_found = 0;  // the same at σ ≥ θ_merge (the merge targets)
    size_t best_found = 0;                         // queries whose scan-best candidate (≥ σ_lo) the index proposed
    size_t with_best = 0;                          // queries with any candidate at σ ≥ σ_lo
    double decision_agreement = 0;  // same decision and target through both paths
};

struct ThroughputResult {
    double preload_seconds = 0;
    std::vector<ThroughputRow> rows;
    std::vector<RecallRow> recall;
};

ThroughputResult measure_throughput(const std::shared_ptr<const SignalEngine>& engine, const ThroughputOptions& options);

// N brains each assert the whole corpus and publish it to one sink. The sink's live store stays at
// the corpus size (re-publications merge by claim key), where a naive union holds corpus × N.
struct SinkRow {
    size_t brains = 0, deltas = 0;
    size_t held = 0, active = 0;  // the sink's held claims and active claims
    size_t naive_union = 0;       // distinct (origin, text) a union without identity would hold
    size_t echoed = 0;            // received claims in the sink's outbox (echo-safety: 0)
    std::map<std::string, size_t> decisions;
    double admissions_per_second = 0;
};

std::vector<SinkRow> sink_republish(const std::shared_ptr<const SignalEngine>& engine, const std::vector<std::string>& corpus,
                                    const std::vector<size_t>& brain_counts);

}  // namespace bm::meld
