// An agent's statement that its task's acceptance criteria are met (rule model.acceptance_met, session 17).
// Thread-safety: pure function.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// "The project … meets all acceptance criteria", "All acceptance criteria are met": Fact
// `task.acceptance_criteria` = "met". None in a question, a plan, a condition or under a negation.
std::vector<TextFact> agent_acceptance_met(std::string_view text);

}  // namespace bm
