// A user's request to replace text in a named file ("use the edit tool to replace the literal text
// DEBUG with RELEASE in that file") as a goal keyed by the file: `goal.replace.<path> = replace A with B`.
// Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// The replace requests of one user text block, as Goals of rule `user.replace_in_file`.
std::vector<TextFact> user_replace_goals(std::string_view text);

// "create a file named F … containing [exactly] X" / "with the content X" in a user's text, as Goals of rule
// `user.create_file`: `goal.create.<path> = create containing X` (X one short line).
std::vector<TextFact> user_create_goals(std::string_view text);

}  // namespace bm
