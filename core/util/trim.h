// Trimming a text's ends: the one trim helper of core/ (readers and extraction rules).
#pragma once

#include <string_view>

namespace bm {

// The ASCII blanks std::isspace accepts in the "C" locale: space, \t, \n, \v, \f, \r.
inline constexpr std::string_view kBlanks = " \t\n\v\f\r";

// `s` without the characters of `chars` at its end; a view into `s`.
inline std::string_view trim_right(std::string_view s, std::string_view chars = kBlanks) {
    const size_t last = s.find_last_not_of(chars);
    return last == std::string_view::npos ? std::string_view() : s.substr(0, last + 1);
}

// `s` without the characters of `chars` at its start; a view into `s`.
inline std::string_view trim_left(std::string_view s, std::string_view chars = kBlanks) {
    const size_t first = s.find_first_not_of(chars);
    return first == std::string_view::npos ? std::string_view() : s.substr(first);
}

// `s` without the characters of `chars` at either end; a view into `s`.
inline std::string_view trim(std::string_view s, std::string_view chars = kBlanks) {
    return trim_left(trim_right(s, chars), chars);
}

}  // namespace bm
