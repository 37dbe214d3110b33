// What a support chat settles in its own words (session 14, designed on the tau-bench OpenAI-chat
// dev logs): the option a user picks ("I'll go with the first option, Flight HAT136") and an
// agent's refusal for want of something ("Unfortunately, I need the reservation ID to proceed with
// the cancellation"). Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// "I'll go with / take / choose X", "Let's go with X" in a user's text as a Decision of rule
// `user.choice`:
// `<head noun of X>.choice` (or `choice`) = X. None for a question, a condition
// (if/unless/when/maybe) or an X over 80 bytes.
std::vector<TextFact> user_choices(std::string_view text);

// An agent's "Unfortunately, / Sorry, I need X to proceed with Y" as Refuted of rule
// `model.cannot_proceed`:
// `<Y>.outcome` = "not done: needs X". Only under the unfortunately/sorry lead (a plain "I'll need
// your user ID to proceed" asks, it does not refuse); none for a question or a Y or X over 6 words.
std::vector<TextFact> agent_cannot_proceed(std::string_view text);

// A user's numbered answers to the agent's numbered questions ("1. Trip type: Is it a one-way or
// round-trip?" … answered "1. One-way"): each answer whose question opens with a label before ':'
// (at most 4 words) as a Constraint of rule `user.numbered_answers`, `<label>` = the answer. Only
// when at least two answers match questions of the agent's message just before; an answer over 120
// bytes gives none. Spans are in `answers`.
std::vector<TextFact> user_numbered_answers(std::string_view questions, std::string_view answers);

}  // namespace bm
