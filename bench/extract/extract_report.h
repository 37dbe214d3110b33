// `bench extract` output: the Markdown tables (machine noted) and the canonical JSON (RFC 8785, no
// machine, so the bytes depend only on the code and the data). Thread-safety: pure functions.
#pragma once

#include <string>

#include "bench/extract/extract_bench.h"
#include "util/result.h"

namespace bm::extract_bench {

std::string report_markdown(const BenchReport& report, const std::string& machine_line);
Result<std::string> report_json(const BenchReport& report);

// The gold claims no emitted slot matched, one line each: "split | log | key = value | type | quote".
std::string missed_markdown(const BenchReport& report);

}  // namespace bm::extract_bench
