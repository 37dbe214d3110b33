// The Markdown report: machine, one table row per file with PASS/MISS against the targets, notes.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "machine.h"
#include "measure.h"
#include "options.h"

namespace bm::bench {

// Targets: at least this many times jq's throughput, at most this many times the file in memory.
constexpr double kThroughputTarget = 2.0;
constexpr double kMemoryTarget = 2.0;

struct Row {
    std::string name;
    std::string path;
    uint64_t bytes = 0;                    // decoded (plain) bytes
    uint64_t compressed_bytes = 0;         // > 0 for the zstd row
    ReadSample best;                       // fastest run; peak_rss_kb is the largest over all runs,
                                           // cpu_seconds the smallest
    std::optional<double> jq_seconds;      // best wall time
    std::optional<double> jq_cpu_seconds;  // best CPU time
    std::string jq_command;
    std::string failure;  // why a measurement is missing
};

struct RunInfo {
    std::string command_line;
};

void print_report(std::FILE* out, const Machine& machine, const Options& options,
                  const RunInfo& info, const std::vector<Row>& rows);

}  // namespace bm::bench
