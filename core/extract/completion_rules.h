// When the user says the work is done (rule `user.done_when`): "Don't stop until all tests pass",
// "keep going until the build is green", "you're done when X" → Constraint `done.when` = X.
// Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// The completion criteria a user's `text` sets, each spanning its sentence from the cue. None for a
// question, a criterion over 160 bytes, or one that is itself negated ("until nothing fails" stays,
// it is the criterion's own words).
std::vector<TextFact> completion_criteria(std::string_view text);

}  // namespace bm
