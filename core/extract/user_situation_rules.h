// What a user says about their own situation in a chat (session 16, issue #15): the identifier they
// give when the agent asks for one, what they do not remember, what they do have, the thing they
// need and how they want to pay. General to support chats (any order, booking or account desk),
// designed on the tau-bench OpenAI-chat dev logs. Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// The user's answer to an agent that asked for exactly one identifier ("Could you please provide
// your user ID?" answered "Sure, it's sofia_kim_7287."), rule `user.answer_id`: `<label>` (user.id,
// order.number, email) = the one identifier-like token (a digit, '_' or '@' in it) of a short
// reply. None when the agent asked for two identifiers, the reply is a question, negated, or holds
// two.
std::vector<TextFact> user_answered_id(std::string_view asked, std::string_view answer);

// "I don't/can't remember|recall|know the X" (rule `user.not_remembered`): `<X>` = "not remembered
// by the user" / "not known by the user". None in a question, under if/unless/when/whether, or when
// no determiner opens X (what/how/if clauses are no thing).
std::vector<TextFact> user_not_remembered(std::string_view text);

// "I do have X." (rule `user.do_have`): `user.<X>` = yes. Only the emphatic "do have" (an answer to
// a doubt), X at most 3 words ending the clause; none in a question or a condition.
std::vector<TextFact> user_do_have(std::string_view text);

// "I need / want / would like [to get [on]] the|a X …" (rule `user.wanted_thing`): a noun phrase
// the user asks for, `<head words>.wanted` = the phrase to the clause end (superlatives such as
// fastest left out of the key). None for a verb ("I need to …" is a request), a question, a
// condition, a negation.
std::vector<TextFact> user_wanted_thing(std::string_view text);

// "I want / I'd like / I'll to use|pay with X for (the) payment" (rule `user.payment_method`):
// `payment.method` = X. None in a question, a condition or a negation.
std::vector<TextFact> user_payment_method(std::string_view text);

// A user's "Yes, [please] VERB …" right after an agent's question (rule `user.confirmation`,
// Decision): "Yes, please downgrade all of them to economy class." → `downgrade.confirmed` = "yes,
// downgrade all of them to economy class"; "Yes, please proceed with that booking." →
// `booking.confirmed`. Only when the agent's text just before asks ('?', "please confirm", "confirm
// if/whether"); the verb is a task verb (proceed, go ahead, book, cancel, …); a condition in the
// sentence or a reply over 20 words gives none.
std::vector<TextFact> user_confirmation(std::string_view asked, std::string_view answer);

}  // namespace bm
