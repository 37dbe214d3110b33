// A user's standing rules said as imperatives (session 16, designed on the DSH and Claude Code dev misses):
// "Do not read or write any files.", "Summarize what happened without retrying the tool.", "Use a single
// bash call per action." Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Constraints of a user's text, each from its own rule:
//  - `user.negated_imperative`: a sentence that opens (after please/also/and/but) with "do not|don't|never
//    <verb> …" → `constraint.<verbs>.<object>` = the clause's own words, negation kept ("do not read or
//    write any files"). None for reply-shaping verbs (say, print, include, explain …: turn.reply_instruction's),
//    "don't forget/hesitate/worry/mind" (not prohibitions), a clause holding "until" ("don't stop until X":
//    a completion criterion), a question, or a sentence over 24 words. One tied to the moment (first, yet,
//    now, again, here: "Do not read the file first") is rule `turn.prohibition`'s, scoped to its turn;
//  - `user.without_clause`: "<imperative> … without <verb>ing <object>" → `constraint.<verb>ing.<object>` =
//    "without <verb>ing <object>". None when the sentence does not open with a task verb (a statement: "it
//    fails without printing"), or a negation precedes "without" ("don't push without testing": a double
//    negative, so the words alone would say the opposite);
//  - `user.one_per`: "use a single|one|only one X per Y" → `constraint.<X>` = "use a single X per Y".
// None of them under a condition opening the sentence (if/when/unless/once) or past 4000 bytes of text.
std::vector<TextFact> user_imperative_constraints(std::string_view text);

}  // namespace bm
