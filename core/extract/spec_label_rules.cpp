// user.spec_label: upper-case "LABEL: value" lines and lists under an upper-case heading in a user's prompt.
#include "extract/spec_label_rules.h"

#include <cctype>
#include <set>
#include <string>

namespace bm {

namespace {

bool upper_label(std::string_view l, size_t max_words) {
    if (l.size() < 2 || l.size() > 40) return false;
    size_t words = 1, letters = 0;
    for (size_t i = 0; i < l.size(); ++i) {
        const unsigned char ch = static_cast<unsigned char>(l[i]);
        if (std::isupper(ch)) ++letters;
        else if (ch == ' ') {
            if (i == 0 || l[i - 1] == ' ') return false;
            ++words;
        } else if (!std::isdigit(ch) && ch != '_' && ch != '-' && ch != '/') return false;
    }
    if (letters < 2 || words > max_words || l.back() == ' ') return false;
    static const std::set<std::string> not_labels = {"ERROR", "WARNING", "WARN", "INFO", "DEBUG", "NOTE", "TODO",
                                                     "FIXME", "OK", "FAIL", "FAILED", "PASS", "PASSED", "IMPORTANT",
                                                     "TIP", "HINT", "EXAMPLE", "Q", "A", "NB", "PS"};
    return !not_labels.count(std::string(l));
}

bool code_like(std::string_view v) {
    for (char ch : v)
        if (ch == '{' || ch == '}' || ch == ';' || ch == '=' || ch == '$' || ch == '`') return true;
    return false;
}

std::string key_of(std::string_view label) {
    std::string k;
    for (char ch : label) k += ch == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return k;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::vector<TextFact> user_spec_labels(std::string_view text) {
    std::vector<TextFact> out;
    struct Ln { std::string_view s; size_t begin; };
    std::vector<Ln> lines;
    for (size_t at = 0; at <= text.size();) {
        size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) nl = text.size();
        lines.push_back({trimmed(text.substr(at, nl - at)), at});
        at = nl + 1;
    }
    bool fenced = false;
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string_view l = lines[i].s;
        if (l.rfind("```", 0) == 0) fenced = !fenced;
        if (fenced || l.empty()) continue;
        const size_t colon = l.find(':');
        if (colon == std::string_view::npos || colon == 0) continue;
        const std::string_view label = l.substr(0, colon);
        if (colon + 1 == l.size()) {  // a heading: its "- item" lines follow
            if (!upper_label(label, 3)) continue;
            std::string items;
            size_t n = 0, j = i + 1, end = 0;
            bool ok = true;
            for (; j < lines.size() && lines[j].s.rfind("- ", 0) == 0; ++j) {
                const std::string_view item = lines[j].s.substr(2);
                if (item.empty() || item.size() > 80 || code_like(item) || item.back() == ':') ok = false;
                items += (n++ ? ", " : "") + std::string(item);
                end = lines[j].begin + lines[j].s.size();
            }
            if (!ok || n == 0 || n > 8 || items.size() > 400) continue;
            out.push_back({"user.spec_label", key_of(label), items, SlotType::kConstraint, lines[i].begin, end});
            i = j - 1;
            continue;
        }
        if (colon + 2 > l.size() || l[colon + 1] != ' ' || !upper_label(label, 4)) continue;
        const std::string_view value = l.substr(colon + 2);
        if (value.empty() || value.size() > 120 || code_like(value) || value.back() == ':' || value.back() == '?')
            continue;
        out.push_back({"user.spec_label", key_of(label), std::string(value), SlotType::kConstraint, lines[i].begin,
                       lines[i].begin + l.size()});
    }
    return out;
}

}  // namespace bm
