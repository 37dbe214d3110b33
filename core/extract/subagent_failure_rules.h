// A delegated run's failure diagnostic in a tool result (rule action.subagent_failure, session 16): the DSH
// harness reports a failed product subagent as "Diagnostic: Product subagent failure (product: Codex; stage:
// turn; category: httpConnectionFailed; HTTP status: 503)", in the subagent tool's error and again in the
// background job's notice and output. Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Each "diagnostic: <kind> failure (product: P; …; category: C[; HTTP status: N])" of `text` (a tool
// result) → Refuted `subagent.<product>.failure.<category>` = "failed: C[, HTTP status N]". None without a
// product or a category, for a field list over 300 bytes, or for a diagnostic that is not a failure.
std::vector<TextFact> subagent_failures(std::string_view text);

}  // namespace bm
