// Command-line options of bench_ingest.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace bm::bench {

struct Options {
    int64_t size_mb = 200;  // target size of each generated plain log, in 10^6 bytes
    int runs = 3;           // best of N for both our reader and jq
    bool keep = false;      // keep the generated files
    std::string dir;        // where to write them; empty: a fresh directory under $TMPDIR or /tmp
    uint64_t seed = 1;      // generator seed (same seed and size: byte-identical files)
    bool keep_raw = true;   // ReadOptions::keep_raw for our reader
    bool jq = true;         // also time jq
    std::string read_once;  // --read FILE: read FILE once in-process (for perf/callgrind) and exit
};

// Parses argv; prints usage and returns nullopt on --help or a bad argument (`exit_code` set).
std::optional<Options> parse_options(int argc, char** argv, int& exit_code);

}  // namespace bm::bench
