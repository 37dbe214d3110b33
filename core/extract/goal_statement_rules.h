// A user's stated goal (rule `user.goal_statement`): "The goal is to create a program that simulates
// rolling dice." → Goal `goal.create.program` = "create a program that simulates rolling dice".
// Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// The goals a user's `text` states with "(the|my|our|your) (goal|aim|objective|task) is to VERB …" at a
// sentence or clause start. The value runs from the verb to the sentence end, one line, at most 160
// bytes. None for a question, "is not to", a verb that is no word, or text over 4000 bytes.
std::vector<TextFact> user_goal_statements(std::string_view text);

}  // namespace bm
