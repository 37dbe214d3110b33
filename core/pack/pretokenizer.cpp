// Hand-written equivalents of tiktoken's cl100k and GPT-2 split regexes (see pretokenizer.h).
#include "pack/pretokenizer.h"

#include "pack/unicode_classes.h"
#include "util/utf8.h"

namespace bm {
namespace {

constexpr std::string_view kCl100kRegex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
constexpr std::string_view kGpt2Regex =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

// A cursor over valid UTF-8 that classifies code points (ASCII without the table).
struct Text {
    const unsigned char* s;
    size_t n;

    CodePoint at(size_t i) const { return decode_utf8(s + i, s + n); }
    UnicodeClass cls(uint32_t cp) const { return unicode_class(cp); }
    bool letter_at(size_t i) const { return i < n && is_letter(cls(at(i).value)); }
    bool number_at(size_t i) const { return i < n && cls(at(i).value) == UnicodeClass::kNumber; }
    bool space_at(size_t i) const { return i < n && cls(at(i).value) == UnicodeClass::kSpace; }
    // [^\s\p{L}\p{N}]
    bool other_at(size_t i) const {
        if (i >= n) return false;
        const auto c = cls(at(i).value);
        return !is_letter(c) && c != UnicodeClass::kNumber && c != UnicodeClass::kSpace;
    }
    size_t skip_letters(size_t i) const {
        while (letter_at(i)) i += at(i).length;
        return i;
    }
    size_t skip_others(size_t i) const {
        while (other_at(i)) i += at(i).length;
        return i;
    }
};

bool is_cr_lf(uint32_t cp) { return cp == '\r' || cp == '\n'; }

// Case-insensitive (?i:s) etc. under Unicode simple case folding: only 's' has a non-ASCII
// equivalent among these letters, U+017F LATIN SMALL LETTER LONG S.
bool folds_to(const Text& t, size_t i, char lower, bool ignore_case, size_t& length) {
    if (i >= t.n) return false;
    const unsigned char c = t.s[i];
    if (c == static_cast<unsigned char>(lower) || (ignore_case && (c | 0x20) == static_cast<unsigned char>(lower) && c >= 'A')) {
        length = 1;
        return true;
    }
    if (ignore_case && lower == 's' && c == 0xC5 && i + 1 < t.n && t.s[i + 1] == 0xBF) {
        length = 2;
        return true;
    }
    return false;
}

// 's|'t|'re|'ve|'m|'ll|'d at pos (an apostrophe): the end offset, or 0 when none matches.
size_t match_contraction(const Text& t, size_t pos, bool ignore_case) {
    const size_t i = pos + 1;
    size_t a = 0, b = 0;
    for (char one : {'s', 't', 'm', 'd'})
        if (folds_to(t, i, one, ignore_case, a)) return i + a;
    for (auto [first, second] : {std::pair{'r', 'e'}, std::pair{'v', 'e'}, std::pair{'l', 'l'}})
        if (folds_to(t, i, first, ignore_case, a) && folds_to(t, i + a, second, ignore_case, b)) return i + a + b;
    return 0;
}

// The whitespace alternatives shared by both patterns, at a whitespace code point `pos`:
// [\s*[\r\n]+ when with_newline_rule] | \s+(?!\S) | \s+
size_t match_whitespace(const Text& t, size_t pos, bool with_newline_rule) {
    size_t end = pos, last_start = pos, last_newline_end = 0;
    while (t.space_at(end)) {
        const CodePoint cp = t.at(end);
        last_start = end;
        end += cp.length;
        if (is_cr_lf(cp.value)) last_newline_end = end;
    }
    // \s*[\r\n]+: \s* backtracks to the last CR/LF of the run; [\r\n]+ takes it (nothing after it
    // in the run is CR/LF).
    if (with_newline_rule && last_newline_end != 0) return last_newline_end;
    // \s+(?!\S): the whole run at the end of text, else the run less its last code point.
    if (end == t.n) return end;
    if (last_start > pos) return last_start;
    return end;  // \s+
}

size_t next_cl100k(const Text& t, size_t pos) {
    const CodePoint c0 = t.at(pos);
    // (?i:'s|'t|'re|'ve|'m|'ll|'d)
    if (c0.value == '\'') {
        if (size_t end = match_contraction(t, pos, true)) return end;
    }
    const UnicodeClass k0 = t.cls(c0.value);
    // [^\r\n\p{L}\p{N}]?\p{L}+
    if (is_letter(k0)) return t.skip_letters(pos + c0.length);
    if (k0 != UnicodeClass::kNumber && !is_cr_lf(c0.value) && t.letter_at(pos + c0.length))
        return t.skip_letters(pos + c0.length);
    // \p{N}{1,3}
    if (k0 == UnicodeClass::kNumber) {
        size_t end = pos + c0.length;
        for (int k = 1; k < 3 && t.number_at(end); ++k) end += t.at(end).length;
        return end;
    }
    //  ?[^\s\p{L}\p{N}]+[\r\n]*
    size_t start = c0.value == ' ' && t.other_at(pos + 1) ? pos + 1 : pos;
    if (t.other_at(start)) {
        size_t end = t.skip_others(start);
        while (end < t.n && (t.s[end] == '\r' || t.s[end] == '\n')) ++end;
        return end;
    }
    // \s*[\r\n]+ | \s+(?!\S) | \s+
    return match_whitespace(t, pos, true);
}

size_t next_gpt2(const Text& t, size_t pos) {
    const CodePoint c0 = t.at(pos);
    if (c0.value == '\'') {
        if (size_t end = match_contraction(t, pos, false)) return end;
    }
    // ' ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+': the optional space only when the class follows.
    const size_t start = c0.value == ' ' && pos + 1 < t.n && !t.space_at(pos + 1) ? pos + 1 : pos;
    if (t.letter_at(start)) return t.skip_letters(start);
    if (t.number_at(start)) {
        size_t end = start;
        while (t.number_at(end)) end += t.at(end).length;
        return end;
    }
    if (t.other_at(start)) return t.skip_others(start);
    return match_whitespace(t, pos, false);
}

// Length of the valid prefix a WHATWG decoder consumes before emitting U+FFFD for an invalid
// sequence at s[i] (at least 1: the maximal subpart of an ill-formed sequence).
size_t invalid_subpart_length(std::string_view s, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    size_t need;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) need = 1;
    else if (c == 0xE0) { need = 2; lo = 0xA0; }
    else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) need = 2;
    else if (c == 0xED) { need = 2; hi = 0x9F; }
    else if (c == 0xF0) { need = 3; lo = 0x90; }
    else if (c >= 0xF1 && c <= 0xF3) need = 3;
    else if (c == 0xF4) { need = 3; hi = 0x8F; }
    else return 1;
    size_t k = 1;
    for (; k <= need && i + k < s.size(); ++k) {
        const unsigned char x = b(i + k);
        const unsigned char l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
        if (x < l || x > h) break;
    }
    return k;  // only reached for an ill-formed sequence, so k <= need
}

}  // namespace

std::string_view pretoken_regex(PretokenPattern pattern) {
    return pattern == PretokenPattern::kCl100k ? kCl100kRegex : kGpt2Regex;
}

std::string_view pretoken_pattern_name(PretokenPattern pattern) {
    return pattern == PretokenPattern::kCl100k ? "cl100k" : "gpt2";
}

std::optional<PretokenPattern> pretoken_pattern_from_regex(std::string_view regex) {
    if (regex == kCl100kRegex) return PretokenPattern::kCl100k;
    if (regex == kGpt2Regex) return PretokenPattern::kGpt2;
    return std::nullopt;
}

size_t next_pretoken(PretokenPattern pattern, std::string_view text, size_t pos) {
    const Text t{reinterpret_cast<const unsigned char*>(text.data()), text.size()};
    return pattern == PretokenPattern::kCl100k ? next_cl100k(t, pos) : next_gpt2(t, pos);
}

std::string replace_invalid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 8);
    size_t i = 0;
    while (i < text.size()) {
        const size_t bad = first_invalid_utf8(text.substr(i));
        if (bad == std::string_view::npos) {
            out.append(text.substr(i));
            break;
        }
        out.append(text.substr(i, bad));
        out += "\xEF\xBF\xBD";
        i += bad + invalid_subpart_length(text, i + bad);
    }
    return out;
}

}  // namespace bm
