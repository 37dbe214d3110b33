// The tasks a user numbers in words (session 16, issue #15): "The first task is a simple python
// program." and an enumeration "first, fetch …" / "second, organize …". Thread-safety: pure
// functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Rule `user.ordinal_task`, Goal: "The first|second|third|next|last task|step is X" →
// `task.<ordinal>`
// (`step.<ordinal>`) = X; and sentences opening "first," / "second," / "third," / "finally," when
// the message holds at least two of them → `task.first` = the rest of the sentence. None in a
// question, a value over 160 bytes, a "first, I …" account (a pronoun after the comma) or a single
// "first,".
std::vector<TextFact> user_ordinal_tasks(std::string_view text);

}  // namespace bm
