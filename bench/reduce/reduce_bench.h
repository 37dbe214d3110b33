// The ingress-reduction benchmark as a library: every tool output of the session logs under a
// directory goes through `fold --reduce`'s transaction; per reducer, tokens before and after; every
// reduced output recalled from its artifact and compared byte for byte; protected outputs checked
// never reduced and required lines checked kept, each by an independent re-check.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "util/result.h"

namespace bm::bench {

struct ReduceBenchOptions {
    std::string sessions_dir;  // session logs, read recursively
    size_t min_bytes = 1024;   // IngressOptions::min_bytes
};

struct ReducerRow {
    std::string reducer;
    int64_t outputs = 0;  // eligible outputs routed to this reducer (at least min_bytes)
    int64_t reduced = 0;
    size_t tokens_before = 0, tokens_after = 0;  // over those outputs, estimate_tokens
};

struct ReduceBenchReport {
    ReduceBenchOptions options;
    int64_t files = 0, sessions = 0, tool_outputs = 0;
    size_t output_tokens_before = 0, output_tokens_after = 0;    // every tool output
    size_t surface_tokens_before = 0, surface_tokens_after = 0;  // the fold surface of every session
    std::map<std::string, int64_t> decisions;
    std::vector<ReducerRow> rows;  // log, json, diff, search, test
    int64_t protected_outputs = 0;
    int64_t protected_reduced = 0;    // must be 0: a reduced output that was an error, security finding or protected tool
    int64_t recall_checked = 0, recall_exact = 0;
    int64_t required_lost = 0;        // must be 0: a reduced output missing a required line
    std::vector<std::string> incompatible_tools;
    // "tool (decision)" → {outputs, tokens before}: where the tool-output tokens are, reduced or not.
    std::map<std::string, std::pair<int64_t, size_t>> by_tool;
    std::vector<std::string> read_errors;

    bool passed() const { return protected_reduced == 0 && recall_exact == recall_checked && required_lost == 0; }
};

Result<ReduceBenchReport> run_reduce_bench(const ReduceBenchOptions& options);
std::string reduce_bench_markdown(const ReduceBenchReport& report);
nlohmann::json reduce_bench_json(const ReduceBenchReport& report);

}  // namespace bm::bench
