// Sentence splitting that keeps versions, hosts and paths ("8.0.36", "us-east-1") whole.
#include "extract/sentence_tokens.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace bm {

namespace {

bool is_word_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

std::vector<Token> tokenize(std::string_view text, size_t begin, size_t end) {
    std::vector<Token> out;
    size_t i = begin;
    while (i < end) {
        while (i < end && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < end && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        size_t a = i, b = j;
        // Strip surrounding punctuation but keep inner dots, dashes, slashes and colons.
        while (a < b && !is_word_char(static_cast<unsigned char>(text[a])) && text[a] != '=' && text[a] != ':') ++a;
        while (b > a && !is_word_char(static_cast<unsigned char>(text[b - 1])) && text[b - 1] != '=' && text[b - 1] != ':') --b;
        if (b > a) {
            Token t;
            t.begin = a;
            t.end = b;
            for (size_t k = a; k < b; ++k) t.lower += static_cast<char>(std::tolower(static_cast<unsigned char>(text[k])));
            t.comma_after = b < j && (text[b] == ',' || text[b] == ';');
            out.push_back(std::move(t));
        }
        i = j;
    }
    return out;
}

// "…line breaks.And write…": a period typed without its space, after a lower-case word and before a
// word that opens sentences (session 17); "os.Path", "v1.Final" stay whole.
bool missing_space_after(std::string_view text, size_t dot) {
    if (dot == 0 || dot + 2 >= text.size() || !std::islower(static_cast<unsigned char>(text[dot - 1])) ||
        !std::isupper(static_cast<unsigned char>(text[dot + 1])))
        return false;
    size_t e = dot + 1;
    while (e < text.size() && std::isalpha(static_cast<unsigned char>(text[e]))) ++e;
    if (e < text.size() && !std::isspace(static_cast<unsigned char>(text[e]))) return false;
    const std::string_view w = text.substr(dot + 1, e - dot - 1);
    for (const char* opener : {"And", "Then", "You", "Please", "The", "It", "This", "We", "Now", "Also", "If",
                               "When", "Make", "Use"})
        if (w == opener) return true;
    return false;
}

// Lines of code written without a fence (byte spans): a header whose next line is a lone "(" or "{"
// through the line that closes it (SQL's CREATE TABLE, a C block), a Python "def/class …:" header, and
// Markdown's indented code (4 spaces or a tab, not a list item) after a blank line, a header or code.
std::vector<std::pair<size_t, size_t>> unfenced_code_lines(std::string_view text) {
    struct Line { size_t begin, end; std::string_view trimmed; size_t indent; bool indented; };
    std::vector<Line> lines;
    if (text.find('\n') == std::string_view::npos || text.size() > 400'000) return {};
    size_t common = std::string_view::npos;  // the least indentation of a line with text (a tab counts 4)
    for (size_t b = 0; b <= text.size();) {
        size_t e = text.find('\n', b);
        if (e == std::string_view::npos) e = text.size();
        std::string_view l = text.substr(b, e - b);
        size_t x = 0, y = l.size(), width = 0;
        while (x < y && std::isspace(static_cast<unsigned char>(l[x]))) width += l[x++] == '\t' ? 4 : 1;
        while (y > x && std::isspace(static_cast<unsigned char>(l[y - 1]))) --y;
        if (x < y) common = std::min(common, width);
        lines.push_back({b, e, l.substr(x, y - x), width, false});
        b = e + 1;
    }
    // Indented code is indented past the text around it: a message written wholly indented (a prompt
    // built from an indented template string) is prose.
    for (Line& l : lines) l.indented = !l.trimmed.empty() && l.indent >= common + 4;
    std::vector<bool> code(lines.size(), false);
    auto list_item = [](std::string_view t) {
        if (t.empty()) return false;
        if (t[0] == '-' || t[0] == '*' || t[0] == '+') return true;
        size_t d = 0;
        while (d < t.size() && std::isdigit(static_cast<unsigned char>(t[d]))) ++d;
        return d > 0 && d < t.size() && (t[d] == '.' || t[d] == ')');
    };
    for (size_t k = 0; k < lines.size(); ++k) {
        const std::string_view t = lines[k].trimmed;
        if (t.empty()) continue;
        size_t n = k + 1;
        while (n < lines.size() && lines[n].trimmed.empty()) ++n;
        if (n < lines.size() && (lines[n].trimmed == "(" || lines[n].trimmed == "{")) {
            const char close = lines[n].trimmed == "(" ? ')' : '}';
            size_t m = n;
            while (m < lines.size() && m - n < 400 && (lines[m].trimmed.empty() || lines[m].trimmed[0] != close)) ++m;
            if (m < lines.size() && m - n < 400) {
                for (size_t z = k; z <= m; ++z) code[z] = true;
                k = m;
                continue;
            }
        }
        if ((t.rfind("def ", 0) == 0 || t.rfind("class ", 0) == 0) && t.back() == ':') code[k] = true;
        else if (lines[k].indented && !list_item(t)) {
            size_t p = k;
            while (p > 0 && lines[p - 1].trimmed.empty()) --p;
            const bool after_blank = p < k || k == 0;
            const bool after_code = p > 0 && code[p - 1];
            if (after_blank || after_code) code[k] = true;
            else if (k > 0 && !lines[k - 1].trimmed.empty() && lines[k - 1].trimmed.back() == ':' && !lines[k - 1].indented) {
                // An example right under its lead-in ("An example would look like this:\n    <execute_ipython>\n
                // import sys …"; session 18): the indented run is code when a line of it reads as code.
                size_t m = k;
                bool reads_as_code = false;
                while (m < lines.size() && lines[m].indented) {
                    const std::string_view c = lines[m].trimmed;
                    reads_as_code = reads_as_code || c.find_first_of("=(<{;") != std::string_view::npos ||
                                    c.rfind("import ", 0) == 0 || c.rfind("from ", 0) == 0;
                    ++m;
                }
                if (reads_as_code) {
                    for (size_t z = k; z < m; ++z) code[z] = true;
                    k = m - 1;
                }
            }
        }
    }
    std::vector<std::pair<size_t, size_t>> out;
    for (size_t k = 0; k < lines.size(); ++k)
        if (code[k]) out.emplace_back(lines[k].begin, lines[k].end + 1);
    return out;
}

// True when the newline at `at` only wraps a sentence onto the next line (hard-wrapped prose: a prompt or a
// message filled at a fixed width), so the sentence goes on: the line before is as long as a filled line (a wrap
// happens near the width; a short line is a line of its own: a list entry, a setting) and ends in a word, a number
// or a comma, and the next line goes straight on with a lowercase word. "no reference\nsolution is accessible"
// stays one sentence, so its negation stays with it.
bool soft_wrap(std::string_view text, size_t at) {
    const size_t b = text.rfind('\n', at == 0 ? 0 : at - 1);
    const size_t line_begin = (b == std::string_view::npos || b >= at) ? 0 : b + 1;
    std::string_view line = text.substr(line_begin, at - line_begin);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) line.remove_prefix(1);
    // Fill widths are 72 to 120 columns; a longer line was not wrapped, so its newline ends something.
    constexpr size_t kShortestWrappedLine = 50, kLongestWrappedLine = 120;
    if (line.size() < kShortestWrappedLine || line.size() > kLongestWrappedLine || line.front() == '#' ||
        line.front() == '|')
        return false;
    const unsigned char last = static_cast<unsigned char>(line.back());
    if (!std::isalnum(last) && last != ',') return false;
    // A record, not prose: a listing's or a log's row opens with a number or a mode ("drwxr-xr-x", "2024-01-01")
    // and lines up columns with tabs or runs of spaces.
    if (std::isdigit(static_cast<unsigned char>(line.front())) || line.find('\t') != std::string_view::npos ||
        line.find("  ") != std::string_view::npos || line.rfind("drwx", 0) == 0 || line.rfind("-rw", 0) == 0)
        return false;
    size_t n = at + 1;
    while (n < text.size() && (text[n] == ' ' || text[n] == '\t')) ++n;
    return n < text.size() && text[n] >= 'a' && text[n] <= 'z';
}

}  // namespace

std::vector<Sentence> split_sentences(std::string_view text, bool join_wrapped_lines) {
    std::vector<Sentence> out;
    size_t start = 0;
    bool in_code = false;
    const std::vector<std::pair<size_t, size_t>> unfenced = unfenced_code_lines(text);
    auto in_unfenced_code = [&](size_t at) {
        for (const auto& [b, e] : unfenced)
            if (at >= b && at < e) return true;
        return false;
    };
    auto emit = [&](size_t b, size_t e) {
        while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
        while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
        if (e <= b || in_code || in_unfenced_code(b)) return;
        Sentence s;
        s.begin = b;
        s.end = e;
        s.tokens = tokenize(text, b, e);
        if (!s.tokens.empty()) out.push_back(std::move(s));
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '`' && text.compare(i, 3, "```") == 0) {
            emit(start, i);
            in_code = !in_code;
            i += 2;
            start = i + 1;
            continue;
        }
        bool boundary = c == '!' || c == '?' || c == ';' || (c == '\n' && !(join_wrapped_lines && soft_wrap(text, i) && !in_unfenced_code(i + 1)));
        if (c == '.') {
            // A dot ends a sentence only before whitespace or the end ("8.0.36", "a.b" stay whole).
            boundary = i + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[i + 1])) ||
                       missing_space_after(text, i);
        }
        if (boundary) {
            emit(start, i + 1);  // the terminator stays in the sentence ("?" marks questions)
            start = i + 1;
        }
    }
    emit(start, text.size());
    return out;
}

bool is_pronoun(std::string_view lower) {
    // Personal, interrogative and indefinite pronouns; kept sorted for the binary search.
    static constexpr std::array<std::string_view, 22> kPronouns = {
        "anything", "everything", "he",  "her",  "him",     "i",     "it",   "me",       "nothing", "one", "ones",
        "she",      "something",  "them", "they", "us",     "we",    "what", "whatever", "which",   "who", "you"};
    static_assert(std::is_sorted(kPronouns.begin(), kPronouns.end()));
    return std::binary_search(kPronouns.begin(), kPronouns.end(), lower);
}

bool is_demonstrative(std::string_view lower) {
    return lower == "this" || lower == "that" || lower == "these" || lower == "those";
}

}  // namespace bm
