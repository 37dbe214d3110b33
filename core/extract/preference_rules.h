// A user's stated dislikes in a chat with a support agent (session 14, designed on the tau-bench
// OpenAI-chat dev logs): "No, I do not want travel insurance", "… as I don't want to fly before 11
// AM EST". Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// "I do not / don't want <noun phrase>" → `<noun phrase>` = "not wanted"; "I don't want to <verb>
// <rest>" →
// `<verb>` = "not <rest>" (or "not wanted" with no rest), Constraints of rule `user.not_wanted`.
// None for a question, a clause under if/unless/when/whether, an object that is a pronoun ("I don't
// want you to …"), the verbs be/have/do/get/make/go, a noun phrase over 4 words or a rest over 80
// bytes.
std::vector<TextFact> user_not_wanted(std::string_view text);

}  // namespace bm
