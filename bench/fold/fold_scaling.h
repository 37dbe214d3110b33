// Fold at the scale of long sessions: generated Claude Code transcripts of 1, 2, 4, ... MB, each folded
// by the real `beliefmerge fold` in a child process (default options, a fresh store), timed with its
// CPU time and peak RSS (wait4), and the exponent of time ~ size fitted by least squares on logs.
// The caller presents the report. Not thread-safe (forks).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "util/result.h"

namespace bm::bench {

struct FoldScalingOptions {
    std::string beliefmerge;   // the CLI binary to run
    int64_t min_mb = 1;        // sizes min_mb, 2*min_mb, ... up to max_mb
    int64_t max_mb = 64;
    uint64_t seed = 23;
    std::string dir;           // scratch directory; empty: a fresh temp directory, removed afterwards
};

struct FoldScalingRow {
    double mb = 0;             // generated log size, 10^6 bytes
    int64_t messages = 0, checkpoints = 0;
    double wall_s = 0, cpu_s = 0;  // cpu: user + system of the child
    double peak_rss_mb = 0;
};

struct FoldScalingReport {
    FoldScalingOptions options;
    std::vector<FoldScalingRow> rows;
    double wall_exponent = 0, cpu_exponent = 0;  // least-squares slope of log(time) on log(size)
    std::string machine;
};

// REQUIRES: options.beliefmerge names an executable; 1 <= min_mb <= max_mb.
Result<FoldScalingReport> run_fold_scaling(const FoldScalingOptions& options);

// Least-squares slope of log(y) on log(x); 0 with fewer than two points.
double fitted_exponent(const std::vector<double>& x, const std::vector<double>& y);

std::string fold_scaling_markdown(const FoldScalingReport& report);
nlohmann::json fold_scaling_json(const FoldScalingReport& report);

}  // namespace bm::bench
