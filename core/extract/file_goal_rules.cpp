// "replace A with B in F" in a user's text: the file is named after "in", or earlier in the message
// when the request says "in that file" / "in it".
#include "extract/file_goal_rules.h"

#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

constexpr const char* kRule = "user.replace_in_file";

bool file_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/';
}

// A file name at t[b, e): a dot followed by a 1–5 character extension, not a version number.
bool file_name(std::string_view t, size_t b, size_t e) {
    const std::string_view w = t.substr(b, e - b);
    const size_t dot = w.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || w.size() - dot - 1 < 1 || w.size() - dot - 1 > 5) return false;
    bool alpha = false;
    for (size_t i = dot + 1; i < w.size(); ++i) {
        if (!std::isalnum(static_cast<unsigned char>(w[i]))) return false;
        alpha |= std::isalpha(static_cast<unsigned char>(w[i])) != 0;
    }
    return alpha;
}

// The word run at `p` (quotes and backticks taken off) and where it ends; at most `max` bytes.
std::string operand(std::string_view t, size_t& p, std::string_view stop, size_t max) {
    const size_t e = t.find(stop, p);
    if (e == std::string_view::npos || e - p > max || e == p) return {};
    std::string v(t.substr(p, e - p));
    for (char q : {'"', '\'', '`'})
        if (v.size() >= 2 && v.front() == q && v.back() == q) v = v.substr(1, v.size() - 2);
    for (char c : v)
        if (c == '\n' || c == '.' || c == ',' || c == ';') return {};
    p = e + stop.size();
    return v;
}

}  // namespace

std::vector<TextFact> user_replace_goals(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000) return out;
    const std::string low = ascii_lower(text);
    for (size_t r = low.find("replace "); r != std::string::npos; r = low.find("replace ", r + 1)) {
        if (r > 0 && std::isalpha(static_cast<unsigned char>(low[r - 1]))) continue;
        // The sentence before the verb: a negation or a condition there is no request.
        size_t sb = low.find_last_of(".!?\n", r == 0 ? 0 : r - 1);
        sb = sb == std::string::npos ? 0 : sb + 1;
        const std::string before = " " + low.substr(sb, r - sb);
        bool guarded = false;
        for (const char* g : {" not ", " don't ", " dont ", " never ", " if ", " unless ", " when ", " whether "})
            guarded |= before.find(g) != std::string::npos;
        if (guarded) continue;
        size_t p = r + 8;
        for (const char* filler : {"all occurrences of ", "every occurrence of ", "the literal text ", "the literal string ",
                                   "the text ", "the string ", "the word "})
            if (low.compare(p, std::string_view(filler).size(), filler) == 0) p += std::string_view(filler).size();
        std::string from = operand(text, p, " with ", 40);
        if (from.empty()) continue;
        // The replacement ends at " in ", a clause mark or the sentence's end.
        size_t e = p;
        while (e < text.size() && text[e] != '\n' && text[e] != ',' && text[e] != ';' &&
               !(text[e] == '.' && (e + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[e + 1])))) &&
               low.compare(e, 4, " in ") != 0 && e - p <= 40)
            ++e;
        std::string to(text.substr(p, e - p));
        for (char q : {'"', '\'', '`'})
            if (to.size() >= 2 && to.front() == q && to.back() == q) to = to.substr(1, to.size() - 2);
        if (to.empty() || e - p > 40 || low.compare(e, 4, " in ") != 0) continue;
        size_t fb = e + 4;
        std::string file;
        if (low.compare(fb, 9, "that file") == 0 || low.compare(fb, 8, "the file") == 0 || low.compare(fb, 2, "it") == 0) {
            // The file the message named last before the request.
            for (size_t i = 0; i < r;) {
                if (!file_char(text[i])) { ++i; continue; }
                size_t j = i;
                while (j < r && file_char(text[j])) ++j;
                size_t k = j;
                while (k > i && text[k - 1] == '.') --k;
                if (file_name(text, i, k)) file = std::string(text.substr(i, k - i));
                i = j;
            }
        } else {
            if (fb < text.size() && (text[fb] == '`' || text[fb] == '"' || text[fb] == '\'')) ++fb;
            size_t fe = fb;
            while (fe < text.size() && file_char(text[fe])) ++fe;
            while (fe > fb && text[fe - 1] == '.') --fe;
            if (file_name(text, fb, fe)) file = std::string(text.substr(fb, fe - fb));
        }
        const std::string key = path_key(file, "");
        if (key.empty()) continue;
        out.push_back({kRule, "goal.replace." + key, "replace " + from + " with " + to, SlotType::kGoal, r, e});
    }
    return out;
}

}  // namespace bm
