// Terminal escape sequences taken out of text a terminal showed (terminal_escapes.h).
#include "ingest/terminal_escapes.h"

#include <algorithm>

namespace bm {

std::string without_escapes(std::string_view text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\x1b' || i + 1 >= text.size()) {
            out += text[i];
            continue;
        }
        size_t j = i + 2;
        if (text[i + 1] == '[') {  // CSI: parameters, then one final byte in @..~
            while (j < text.size() && (text[j] < 0x40 || text[j] > 0x7e)) ++j;
        } else if (text[i + 1] == ']') {  // OSC: up to BEL or ESC '\'
            while (j < text.size() && text[j] != '\x07' && !(text[j] == '\x1b' && j + 1 < text.size())) ++j;
            if (j < text.size() && text[j] == '\x1b') ++j;
        } else {
            j = i + 1;  // a two-byte escape
        }
        i = std::min(j, text.size() - 1);
    }
    return out;
}

}  // namespace bm
