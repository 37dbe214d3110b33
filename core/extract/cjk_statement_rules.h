// A user's statements about themselves in Chinese ("我叫兰开" → user.name = 兰开, "我最喜欢的游戏是
// phigros" → user.favorite.游戏 = phigros): the sentence tokens read only Latin words, so these shapes
// are matched on the UTF-8 text. Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Statements of `text` (a user's message), as Facts of rule `user.statement_zh` spanning the
// statement. None for questions ("我叫什么", anything with 吗 or ？).
std::vector<TextFact> cjk_user_statements(std::string_view text);

}  // namespace bm
