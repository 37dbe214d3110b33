// Whether a user's imperative is the session's own ask: guards on where it stands and what it names (session 21).
#pragma once

#include <string>
#include <string_view>

namespace bm {

// Whether `pos` lies inside a double-quoted passage that opens after other text of its paragraph ('delegate this
// subtask: "Write …, then keep going until you are cut off."'): words the user hands on, not asks of this agent.
bool inside_quotation(std::string_view text, size_t pos);

// Whether `pos` opens an item of a bulleted or numbered list whose lead-in line says what a product does or lets its
// users do ("a VueJS app that allows me to:", "it should", "users can"): a feature of the thing built, not a task.
bool product_feature_item(std::string_view text, size_t pos);

// Whether a request's words name their object only by a pronoun or a demonstrative after a preposition ("add a
// minimal code in it", "upgrade me to business class for that segment", "apply exactly that one edit"): the object
// is in an earlier turn, so the value does not say what is asked.
bool anaphoric_object(const std::string& words);

}  // namespace bm
