// UTF-8 validation, repair and UTF-16 conversion used by readers and canonical JSON.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bm {

bool is_valid_utf8(std::string_view s);
// Byte offset of the first invalid sequence, or npos when valid.
size_t first_invalid_utf8(std::string_view s);
// Replaces each invalid sequence by U+FFFD.
std::string repair_utf8(std::string_view s);
// Appends the UTF-8 encoding of code point `cp` (REQUIRES: cp <= 0x10FFFF, not a surrogate).
void append_utf8(std::string& out, char32_t cp);
// First `max_bytes` bytes of `text` cut back to a UTF-8 boundary.
std::string utf8_prefix(std::string_view text, size_t max_bytes);
// REQUIRES: is_valid_utf8(s).
std::u16string utf8_to_utf16(std::string_view s);

}  // namespace bm
