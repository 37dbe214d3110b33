// MergeBench scenario files (docs/mergebench.md, "Scenario files"): JSONL, one scenario per line.
//
// Each line holds the branches (logs in any supported format, inline), the topics with their gold
// values, the local and bridge questions over them, the budget, and optional decoys and injected
// directives; ground-truth claims for the oracle arm ride in native logs. `read_scenarios` never
// throws on bad input: the first problem comes back as an Error naming file:line and the field.
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bench/mergebench/scenario.h"
#include "util/result.h"

namespace bm::mergebench {

// One line of a scenario file (ending in '\n'); the branches as native JSONL records.
std::string scenario_line(const Scenario& scenario);

// Parses a whole scenario file; `file` names it in errors. REQUIRES nothing of `text`.
Result<std::vector<Scenario>> read_scenarios(std::string_view text, const std::string& file);

// Reads and parses the file at `path` (an I/O error when it cannot be read).
Result<std::vector<Scenario>> read_scenario_file(const std::string& path);

}  // namespace bm::mergebench
