// A user's stated requirements outside imperatives (session 13, designed on the dev logs of the agent formats):
// the bullet list under a request line ("I want to create a VueJS app that allows me to:\n* mark an item as
// done\n* set a due date on the item") and "X should/must <verb> …" ("The list should persist in
// localStorage", "This should be a client-only app with no backend"). Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Each item of a bulleted or numbered list that follows a user's request line ending in ':' (the line
// says want/need/like/please/allow/should/must/can you…), as a Goal of rule `user.request_list`:
// `goal.<verb>.<words>` = the item. Items that open with a task verb are left to `user.request`; a negated
// item ("no login needed") is a Constraint. None under a negated or conditional line, and none for an item
// over 120 bytes or one that looks like code.
std::vector<TextFact> user_request_list(std::string_view text);

// "<subject> should|must [not] <verb> …" in a user's text as a Constraint of rule `user.should_do`:
// `<subject>.<verb>` = "<verb> …" ("list.persist = persist in localStorage"); for a pronoun subject and
// "be" ("This should be a client-only app with no backend"), `requirement.<head noun>` = what it should be.
// None for a question, a subject holding if/unless/when/…, the subjects I/we/you/they, or a noun subject
// with "be" (`user.should_be` reads that).
std::vector<TextFact> user_should_constraints(std::string_view text);

}  // namespace bm
