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

// A negation or a condition earlier in the sentence: what follows is no request.
bool guarded(const std::string& low, size_t r) {
    size_t sb = r == 0 ? std::string::npos : low.find_last_of(".!?\n", r - 1);
    sb = sb == std::string::npos ? 0 : sb + 1;
    const std::string before = " " + low.substr(sb, r - sb);
    for (const char* g : {" not ", " don't ", " dont ", " never ", " if ", " unless ", " when ", " whether "})
        if (before.find(g) != std::string::npos) return true;
    return false;
}

// The file name at text[b…) (a quote or backtick before it skipped, trailing dots dropped); empty when none.
std::string file_at(std::string_view text, size_t b, size_t& end) {
    if (b < text.size() && (text[b] == '`' || text[b] == '"' || text[b] == '\'')) ++b;
    size_t e = b;
    while (e < text.size() && file_char(text[e])) ++e;
    while (e > b && text[e - 1] == '.') --e;
    end = e;
    return file_name(text, b, e) ? std::string(text.substr(b, e - b)) : std::string();
}

}  // namespace

std::vector<TextFact> user_replace_goals(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000) return out;
    const std::string low = ascii_lower(text);
    for (size_t r = low.find("replace "); r != std::string::npos; r = low.find("replace ", r + 1)) {
        if (r > 0 && std::isalpha(static_cast<unsigned char>(low[r - 1]))) continue;
        if (guarded(low, r)) continue;
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
            size_t fe = fb;
            file = file_at(text, fb, fe);
        }
        const std::string key = path_key(file, "");
        if (key.empty()) continue;
        out.push_back({kRule, "goal.replace." + key, "replace " + from + " with " + to, SlotType::kGoal, r, e});
    }
    return out;
}

std::vector<TextFact> user_create_goals(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000) return out;
    const std::string low = ascii_lower(text);
    for (size_t r = low.find("create "); r != std::string::npos; r = low.find("create ", r + 1)) {
        if (r > 0 && std::isalpha(static_cast<unsigned char>(low[r - 1]))) continue;
        if (guarded(low, r)) continue;
        size_t p = r + 7;
        for (const char* article : {"a file named ", "a file called ", "a new file named ", "the file ", "a file "})
            if (low.compare(p, std::string_view(article).size(), article) == 0) {
                p += std::string_view(article).size();
                break;
            }
        size_t fe = p;
        const std::string file = file_at(text, p, fe);
        if (file.empty()) continue;
        // The content follows in the same sentence: "containing [exactly] [the single line:] X",
        // "with [exactly] the content X".
        size_t se = fe;
        while (se < text.size() && text[se] != '\n' &&
               !((text[se] == '.' || text[se] == '!' || text[se] == '?') &&
                 (se + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[se + 1])))))
            ++se;
        const std::string clause = low.substr(fe, se - fe);
        size_t c = std::string::npos;
        for (const char* m : {" containing ", " with the content ", " with content "})
            if ((c = clause.find(m)) != std::string::npos) {
                c += fe + std::string_view(m).size();
                break;
            }
        if (c == std::string::npos) continue;
        for (const char* filler : {"exactly ", "only ", "the single line: ", "the single line ", "the line: ", "the line ",
                                   "the text: ", "the text ", "the content "})
            if (low.compare(c, std::string_view(filler).size(), filler) == 0) c += std::string_view(filler).size();
        std::string content(text.substr(c, se - c));
        for (char q : {'"', '\'', '`'})
            if (content.size() >= 2 && content.front() == q && content.back() == q) content = content.substr(1, content.size() - 2);
        if (content.size() > 2 && content.compare(content.size() - 2, 2, "\\n") == 0) content.resize(content.size() - 2);
        if (content.empty() || content.size() > 60 || content.find('`') != std::string::npos) continue;
        const std::string key = path_key(file, "");
        if (key.empty()) continue;
        out.push_back({"user.create_file", "goal.create." + key, "create containing " + content, SlotType::kGoal, r, se});
    }
    return out;
}

}  // namespace bm
