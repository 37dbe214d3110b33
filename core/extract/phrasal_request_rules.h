// A user's phrasal-verb request: "Work on bead spotter-dov", "Start with the first ready task"
// (rule user.request_phrasal, session 15). Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"

namespace bm {

// Matches "work|focus on X", "start|begin|continue|proceed with X" opening a user's clause at token `i`
// of one sentence's tokens `t` (a match never reaches back before `lo`): a Goal keyed
// `goal.<verb>.<object>` whose value is the request's words up to the clause's end. Nothing when the verb
// is negated ("don't work on X"), under a condition ("if …, start with X"), or when the object is a
// pronoun, a demonstrative's ("proceed with that booking": defined by what came before) or empty.
// REQUIRES: `t` are the tokens of `text`'s sentence; lo <= i < t.size().
bool match_phrasal_request(std::string_view text, const std::vector<Token>& t, size_t lo, size_t i,
                           std::vector<ClauseMatch>& out);

}  // namespace bm
