// A user's statements about themselves in Chinese ("我叫兰开" → user.name = 兰开, "我最喜欢的游戏是
// phigros" → user.favorite.游戏 = phigros): the sentence tokens read only Latin words, so these shapes
// are matched on the UTF-8 text. Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bm {

struct CjkStatement {
    std::string key;
    std::string value;
    size_t begin = 0, end = 0;  // the statement's byte span in the text (the quote)
};

// Statements of `text` (a user's message). None for questions ("我叫什么", anything with 吗 or ？).
std::vector<CjkStatement> cjk_user_statements(std::string_view text);

}  // namespace bm
