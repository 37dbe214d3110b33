// Text a terminal showed, without the escape sequences that coloured it or set its title.
#pragma once

#include <string>
#include <string_view>

namespace bm {

// `text` without its escape sequences: CSI ("\x1b[93m", "\x1b[0m"), OSC ("\x1b]0;title\x07") and two-byte ones.
std::string without_escapes(std::string_view text);

}  // namespace bm
