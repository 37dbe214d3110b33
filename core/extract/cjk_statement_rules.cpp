// Chinese self-statements of a user: "我叫 X", "我的名字是 X", "我(最)喜欢的 N 是 X".
#include "extract/cjk_statement_rules.h"

#include <cctype>

namespace bm {

namespace {

// Where the value ends: the first sentence or clause mark, line break, or the text's end.
size_t value_end(std::string_view t, size_t from) {
    size_t e = from;
    while (e < t.size()) {
        if (t[e] == '\n' || t[e] == '.' || t[e] == ',' || t[e] == '!' || t[e] == '?' || t[e] == ';') break;
        bool mark = false;
        for (std::string_view m : {"，", "。", "！", "？", "；", "、", "和", "但"})
            if (t.substr(e, m.size()) == m) mark = true;
        if (mark) break;
        ++e;
    }
    while (e > from && std::isspace(static_cast<unsigned char>(t[e - 1]))) --e;
    return e;
}

// Question words make the sentence a question, not a statement ("我叫什么" = "what is my name").
bool questioning(std::string_view v) {
    for (std::string_view q : {"什么", "谁", "吗", "哪", "怎么", "几", "多少", "?", "？"})
        if (v.find(q) != std::string_view::npos) return true;
    return false;
}

std::string lower_ascii(std::string_view v) {
    std::string out(v);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::vector<TextFact> cjk_user_statements(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 400 || questioning(text)) return out;
    auto value_at = [&](size_t b, const std::string& key, size_t quote_begin) {
        const size_t e = value_end(text, b);
        if (e <= b || e - b > 60) return;
        const std::string value = lower_ascii(text.substr(b, e - b));
        out.push_back({"user.statement_zh", key, value, SlotType::kFact, quote_begin, e});
    };
    // "我叫 X", "我的名字是 X", "我的名字叫 X": the user's name.
    for (std::string_view lead : {"我的名字是", "我的名字叫", "我叫"}) {
        const size_t p = text.find(lead);
        if (p == std::string_view::npos) continue;
        value_at(p + lead.size(), "user.name", p);
        break;
    }
    // "我最喜欢的 N 是 X", "我喜欢的 N 是 X": the user's favourite N (the noun as written).
    for (std::string_view lead : {"我最喜欢的", "我喜欢的"}) {
        const size_t p = text.find(lead);
        if (p == std::string_view::npos) continue;
        const size_t n = p + lead.size();
        const size_t is = text.find("是", n);
        if (is == std::string_view::npos || is == n || is - n > 24) break;
        std::string noun(text.substr(n, is - n));
        for (char c : noun)
            if (c == ' ' || c == '.' || c == '\n') noun.clear();
        if (!noun.empty()) value_at(is + std::string_view("是").size(), "user.favorite." + noun, p);
        break;
    }
    return out;
}

}  // namespace bm
