// The user's own casing put back into a request's lowercased value (request_casing.h).
#include "extract/request_casing.h"

#include <cctype>

namespace bm {

std::string recased_request(const std::string& value, std::string_view text, size_t from) {
    std::string out;
    out.reserve(value.size());
    size_t s = from;
    for (const char v : value) {
        while (s < text.size() && (text[s] == '"' || text[s] == '`')) ++s;  // dropped from the value
        if (s >= text.size()) return value;
        if (v == ' ') {
            if (!std::isspace(static_cast<unsigned char>(text[s]))) return value;
            const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) || c == '"' || c == '`'; };
            while (s < text.size() && blank(text[s])) ++s;
            out += ' ';
            continue;
        }
        if (std::tolower(static_cast<unsigned char>(text[s])) != static_cast<unsigned char>(v)) return value;
        out += text[s++];
    }
    return out;
}

}  // namespace bm
