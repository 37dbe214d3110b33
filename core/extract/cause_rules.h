// An agent's diagnosis of a failure: the cause it states and what it says is missing (session 18, x18agent).
// Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// "The error occurs because X", "The issue is that X", "The root cause is X": Fact `<error|issue|…>.cause` = X
// (rule model.cause_statement). "`f` is incorrect because X": Fact `f.cause` = X (rule model.defect_statement).
// "… `Schedule` … is missing X": Fact `Schedule.missing` = X (rule model.defect_statement). None in a question,
// under a hedge (might, may, seems, I think, …), a condition (if, whether, when, unless) or a negation.
std::vector<TextFact> agent_cause_statements(std::string_view text);

}  // namespace bm
