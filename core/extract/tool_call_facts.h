// Facts an agent states through a structured-output tool call (SPEC §5: the agent's own statement,
// so assistant evidence 2 / rank 1, not tool evidence): `structured_output {"status":"continue"}` →
// status = continue. Other tool calls are actions, not statements, and yield nothing.
// Thread-safety: pure function.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// True for tools whose arguments are the agent's stated result ("structured_output",
// "final_answer", "submit_result", "report_result"...).
bool is_result_reporting_tool(std::string_view tool_name);

// Top-level string, number and boolean members of `arguments` (JSON) whose value is one word:
// key = the member name, value = the word; the quote spans `"name":value` in `arguments`.
// Empty when `tool_name` is not result-reporting or `arguments` is not a JSON object.
std::vector<TextFact> tool_call_facts(std::string_view arguments, std::string_view tool_name);

}  // namespace bm
