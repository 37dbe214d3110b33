// An exit code written as text: the one signed-integer parse the readers share ("exited -1", "code 127").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace bm {

// `text` read as an optional '-' and 1 to `max_digits` decimal digits, nothing else; nullopt otherwise.
inline std::optional<int64_t> parse_exit_code(std::string_view text, size_t max_digits = 9) {
    const bool negative = !text.empty() && text[0] == '-';
    if (negative) text.remove_prefix(1);
    if (text.empty() || text.size() > max_digits) return std::nullopt;
    int64_t code = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        code = code * 10 + (c - '0');
    }
    return negative ? -code : code;
}

}  // namespace bm
