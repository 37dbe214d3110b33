// Guards on a user's imperative: quoted hand-ons, product-feature list items, objects named only by "it"/"that".
#include "extract/request_scope.h"

#include <cctype>
#include <set>
#include <vector>

#include "util/trim.h"

namespace bm {
namespace {

std::string lower_word(std::string_view w) {
    std::string out;
    for (char c : w)
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '\'' || c == '-') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string> words_of(std::string_view s) {
    std::vector<std::string> out;
    size_t k = 0;
    while (k < s.size()) {
        while (k < s.size() && std::isspace(static_cast<unsigned char>(s[k]))) ++k;
        const size_t b = k;
        while (k < s.size() && !std::isspace(static_cast<unsigned char>(s[k]))) ++k;
        if (k > b) {
            std::string w = lower_word(s.substr(b, k - b));
            if (!w.empty()) out.push_back(std::move(w));
        }
    }
    return out;
}

size_t line_start(std::string_view text, size_t pos) {
    const size_t nl = pos == 0 ? std::string_view::npos : text.rfind('\n', pos - 1);
    return nl == std::string_view::npos ? 0 : nl + 1;
}

// The length of a list marker ("* ", "- ", "• ", "1. ", "2) ") at `b`, or 0.
size_t list_marker(std::string_view line) {
    size_t k = 0;
    while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
    if (k < line.size() && (line[k] == '*' || line[k] == '-') && k + 1 < line.size() && line[k + 1] == ' ') return k + 2;
    if (line.substr(k, 4) == "\xE2\x80\xA2 ") return k + 4;  // "• "
    size_t d = k;
    while (d < line.size() && std::isdigit(static_cast<unsigned char>(line[d]))) ++d;
    if (d > k && d + 1 < line.size() && (line[d] == '.' || line[d] == ')') && line[d + 1] == ' ') return d + 2;
    return 0;
}

}  // namespace

bool inside_quotation(std::string_view text, size_t pos) {
    // The paragraph: back to the last blank line.
    size_t from = 0;
    const size_t para = pos < 2 ? std::string_view::npos : text.rfind("\n\n", pos - 1);
    if (para != std::string_view::npos) from = para + 2;
    // The paragraph's end: a quotation is open at `pos` only if it closes before it (review: a stray or unclosed '"'
    // — an inch mark `3"`, a pasted log's half quote — made the rest of the paragraph look quoted).
    size_t to = text.find("\n\n", pos);
    if (to == std::string_view::npos) to = text.size();
    size_t straight = 0, open_at = 0;
    int curly = 0;
    for (size_t k = from; k < pos && k < text.size(); ++k) {
        if (text[k] == '"') {
            if (k > 0 && std::isdigit(static_cast<unsigned char>(text[k - 1]))) continue;  // 3" is an inch mark
            if (straight++ % 2 == 0) open_at = k;
        } else if (text.substr(k, 3) == "\xE2\x80\x9C") {  // “
            if (curly++ == 0) open_at = k;
        } else if (text.substr(k, 3) == "\xE2\x80\x9D" && curly > 0) {  // ”
            --curly;
        }
    }
    if (straight % 2 == 0 && curly == 0) return false;
    if (curly == 0 && text.substr(pos, to - pos).find('"') == std::string_view::npos) return false;  // never closed
    if (curly > 0 && text.substr(pos, to - pos).find("\xE2\x80\x9D") == std::string_view::npos) return false;
    // A whole message (or paragraph) in quotes is still the user's own words.
    for (size_t k = from; k < open_at; ++k)
        if (!std::isspace(static_cast<unsigned char>(text[k]))) return true;
    return false;
}

bool product_feature_item(std::string_view text, size_t pos) {
    if (pos > text.size()) return false;
    size_t b = line_start(text, pos);
    const size_t marker = list_marker(text.substr(b, pos - b));
    if (marker == 0 || b + marker != pos) return false;
    // The lead-in: the nearest line above that is neither blank nor an item of the same list, at most 50 lines up
    // (review: the walk was quadratic over a long list). A finished sentence ("Right now the page lets users export
    // data.") leads no list in (review).
    for (size_t lines = 0; b > 0 && lines < 50; ++lines) {
        const size_t prev = line_start(text, b - 1);
        std::string_view line = text.substr(prev, b - 1 - prev);
        b = prev;
        std::vector<std::string> w = words_of(line);
        if (w.empty() || list_marker(line) > 0) continue;
        if (const std::string_view t = trim(line); !t.empty() && t.back() == '.') return false;
        static const std::set<std::string> modals = {"should", "must", "can", "will", "shall", "would", "could"};
        static const std::set<std::string> speakers = {"you", "we", "i", "u", "y'all"};
        // "let me"/"help me" open the user's own ask ("can you help me:"), so only a thing's verbs count.
        static const std::set<std::string> lets = {"allow", "allows", "allowing", "lets", "letting",
                                                   "enable", "enables", "enabling"};
        const size_t n = w.size();
        // "it should", "the page must", "it should be able to", "users should be able to"
        size_t m = n;
        if (n >= 3 && w[n - 1] == "to" && w[n - 2] == "able" && w[n - 3] == "be") m = n - 3;
        if (m >= 2 && modals.count(w[m - 1])) return !speakers.count(w[m - 2]);
        // "an app that allows me to", "a page that lets users", "lets me"
        for (size_t k = n >= 4 ? n - 4 : 0; k + 1 < n; ++k)
            if (lets.count(w[k])) return true;
        return false;
    }
    return false;
}

bool anaphoric_object(const std::string& words) {
    static const std::set<std::string> preps = {"in", "into", "to", "for", "on", "onto", "with", "from", "of", "at",
                                                "about", "inside", "within"};
    static const std::set<std::string> pronouns = {"it", "that", "those", "them"};
    static const std::set<std::string> only = {"exactly", "just", "only"};
    const std::vector<std::string> w = words_of(words);
    for (size_t k = 1; k < w.size(); ++k) {
        if (preps.count(w[k - 1]) && pronouns.count(w[k])) return true;
        if (only.count(w[k - 1]) && w[k] == "that") return true;
    }
    return false;
}

}  // namespace bm
