// Fast JSON parsing into nlohmann::json: bulk string scanning, declines anything unusual (see header).
#include "util/fast_json.h"

#include <set>
#include <vector>

#include "util/utf8.h"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>

namespace bm {

namespace {

using json = nlohmann::json;

constexpr int kMaxDepth = 256;  // deeper documents go to nlohmann's iterative parser
constexpr uint64_t kOnes = 0x0101010101010101ULL;
constexpr uint64_t kHighs = 0x8080808080808080ULL;

// True when any byte of `w` is '"', '\\', a control character (< 0x20) or non-ASCII (>= 0x80).
inline bool has_special_byte(uint64_t w) {
    auto has_zero = [](uint64_t x) { return (x - kOnes) & ~x & kHighs; };
    const uint64_t quote = has_zero(w ^ (kOnes * '"'));
    const uint64_t backslash = has_zero(w ^ (kOnes * '\\'));
    const uint64_t control = (w - kOnes * 0x20) & ~w & kHighs;
    return (quote | backslash | control | (w & kHighs)) != 0;
}

class FastParser {
public:
    explicit FastParser(std::string_view text) : m_p(text.data()), m_end(text.data() + text.size()) {}

    bool document(json& out) {
        skip_ws();
        if (!value(out, 0)) return false;
        skip_ws();
        return m_p == m_end;
    }

private:
    void skip_ws() {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t')) ++m_p;
    }

    bool literal(const char* word, size_t n) {
        if (static_cast<size_t>(m_end - m_p) < n || std::memcmp(m_p, word, n) != 0) return false;
        m_p += n;
        return true;
    }

    bool value(json& out, int depth) {
        if (m_p >= m_end) return false;
        switch (*m_p) {
            case '{': return object(out, depth + 1);
            case '[': return array(out, depth + 1);
            case '"': {
                ++m_p;
                std::string s;
                if (!string(s)) return false;
                out = json(std::move(s));
                return true;
            }
            case 't': out = true; return literal("true", 4);
            case 'f': out = false; return literal("false", 5);
            case 'n': out = nullptr; return literal("null", 4);
            default: return number(out);
        }
    }

    bool object(json& out, int depth) {
        if (depth > kMaxDepth) return false;
        ++m_p;  // '{'
        out = json(json::value_t::object);
        auto& members = out.get_ref<json::object_t&>();
        skip_ws();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            return true;
        }
        while (true) {
            if (m_p >= m_end || *m_p != '"') return false;
            ++m_p;
            std::string key;
            if (!string(key)) return false;
            skip_ws();
            if (m_p >= m_end || *m_p != ':') return false;
            ++m_p;
            skip_ws();
            json member;
            if (!value(member, depth)) return false;
            // A duplicate key is legal JSON but rare; nlohmann decides which value wins.
            if (!members.emplace(std::move(key), std::move(member)).second) return false;
            skip_ws();
            if (m_p >= m_end) return false;
            if (*m_p == '}') {
                ++m_p;
                return true;
            }
            if (*m_p != ',') return false;
            ++m_p;
            skip_ws();
        }
    }

    bool array(json& out, int depth) {
        if (depth > kMaxDepth) return false;
        ++m_p;  // '['
        out = json(json::value_t::array);
        auto& items = out.get_ref<json::array_t&>();
        skip_ws();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            return true;
        }
        while (true) {
            items.emplace_back();
            if (!value(items.back(), depth)) return false;
            skip_ws();
            if (m_p >= m_end) return false;
            if (*m_p == ']') {
                ++m_p;
                return true;
            }
            if (*m_p != ',') return false;
            ++m_p;
            skip_ws();
        }
    }

    // Length of the valid UTF-8 sequence starting at m_p (a byte >= 0x80), or 0 when invalid.
    size_t utf8_sequence() const {
        const auto* s = reinterpret_cast<const unsigned char*>(m_p);
        const size_t left = static_cast<size_t>(m_end - m_p);
        const unsigned char c = s[0];
        auto cont = [&](size_t i) { return i < left && (s[i] & 0xC0) == 0x80; };
        if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
        if (c >= 0xE0 && c <= 0xEF) {
            if (!cont(1) || !cont(2)) return 0;
            if (c == 0xE0 && s[1] < 0xA0) return 0;   // overlong
            if (c == 0xED && s[1] >= 0xA0) return 0;  // UTF-16 surrogate
            return 3;
        }
        if (c >= 0xF0 && c <= 0xF4) {
            if (!cont(1) || !cont(2) || !cont(3)) return 0;
            if (c == 0xF0 && s[1] < 0x90) return 0;  // overlong
            if (c == 0xF4 && s[1] >= 0x90) return 0;  // above U+10FFFF
            return 4;
        }
        return 0;
    }

    bool hex4(uint32_t& out) {
        if (m_end - m_p < 4) return false;
        out = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = *m_p++;
            out <<= 4;
            if (c >= '0' && c <= '9') out |= static_cast<uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f') out |= static_cast<uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') out |= static_cast<uint32_t>(c - 'A' + 10);
            else return false;
        }
        return true;
    }

    bool escape(std::string& out) {
        if (m_p >= m_end) return false;
        switch (*m_p++) {
            case '"': out += '"'; return true;
            case '\\': out += '\\'; return true;
            case '/': out += '/'; return true;
            case 'b': out += '\b'; return true;
            case 'f': out += '\f'; return true;
            case 'n': out += '\n'; return true;
            case 'r': out += '\r'; return true;
            case 't': out += '\t'; return true;
            case 'u': {
                uint32_t cp = 0;
                if (!hex4(cp)) return false;
                if (cp >= 0xDC00 && cp <= 0xDFFF) return false;  // lone low surrogate
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t low = 0;
                    if (m_end - m_p < 2 || m_p[0] != '\\' || m_p[1] != 'u') return false;
                    m_p += 2;
                    if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                append_utf8(out, static_cast<char32_t>(cp));
                return true;
            }
            default: return false;
        }
    }

    // After the opening quote; leaves m_p after the closing quote.
    bool string(std::string& out) {
        const char* run = m_p;
        while (true) {
            while (m_end - m_p >= 8) {
                uint64_t w;
                std::memcpy(&w, m_p, 8);
                if (has_special_byte(w)) break;
                m_p += 8;
            }
            while (m_p < m_end) {
                const auto c = static_cast<unsigned char>(*m_p);
                if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
                ++m_p;
            }
            if (m_p >= m_end) return false;
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                out.append(run, m_p);
                ++m_p;
                return true;
            }
            if (c < 0x20) return false;  // control characters must be escaped
            if (c >= 0x80) {
                const size_t n = utf8_sequence();
                if (n == 0) return false;
                m_p += n;
                continue;
            }
            out.append(run, m_p);  // backslash
            ++m_p;
            if (!escape(out)) return false;
            run = m_p;
        }
    }

    bool number(json& out) {
        const char* start = m_p;
        const bool negative = m_p < m_end && *m_p == '-';
        if (negative) ++m_p;
        if (m_p >= m_end) return false;
        if (*m_p == '0') {
            ++m_p;
        } else if (*m_p >= '1' && *m_p <= '9') {
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9') ++m_p;
        } else {
            return false;
        }
        const char* int_end = m_p;
        bool is_float = false;
        if (m_p < m_end && *m_p == '.') {
            ++m_p;
            if (m_p >= m_end || *m_p < '0' || *m_p > '9') return false;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9') ++m_p;
            is_float = true;
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            ++m_p;
            if (m_p < m_end && (*m_p == '+' || *m_p == '-')) ++m_p;
            if (m_p >= m_end || *m_p < '0' || *m_p > '9') return false;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9') ++m_p;
            is_float = true;
        }
        if (is_float) {
            double d = 0;
            auto [ptr, ec] = std::from_chars(start, m_p, d);
            if (ec != std::errc() || ptr != m_p) return false;  // out of range: let nlohmann decide
            out = d;
            return true;
        }
        const char* digits = negative ? start + 1 : start;
        if (int_end - digits > 19) return false;  // may not fit 64 bits: nlohmann turns it into a float
        uint64_t magnitude = 0;
        for (const char* d = digits; d < int_end; ++d) magnitude = magnitude * 10 + static_cast<uint64_t>(*d - '0');
        if (!negative) {
            out = magnitude;  // number_unsigned, as nlohmann stores non-negative integers
            return true;
        }
        if (magnitude > static_cast<uint64_t>(INT64_MAX) + 1) return false;
        out = magnitude == static_cast<uint64_t>(INT64_MAX) + 1 ? INT64_MIN : -static_cast<int64_t>(magnitude);
        return true;
    }

    const char* m_p;
    const char* m_end;
};

}  // namespace

std::optional<nlohmann::json> parse_json_fast(std::string_view text) {
    json out;
    FastParser parser(text);
    if (!parser.document(out)) return std::nullopt;
    return out;
}

size_t json_depth_exceeded_at(std::string_view text, size_t limit) {
    size_t depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > limit) return i;
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return std::string_view::npos;
}

namespace {

// SAX handler that stops at the first key seen twice in one object.
class DuplicateKeyFinder {
public:
    using number_integer_t = nlohmann::json::number_integer_t;
    using number_unsigned_t = nlohmann::json::number_unsigned_t;
    using number_float_t = nlohmann::json::number_float_t;
    using string_t = nlohmann::json::string_t;
    using binary_t = nlohmann::json::binary_t;

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(number_integer_t) { return true; }
    bool number_unsigned(number_unsigned_t) { return true; }
    bool number_float(number_float_t, const string_t&) { return true; }
    bool string(string_t&) { return true; }
    bool binary(binary_t&) { return true; }
    bool start_object(std::size_t) {
        m_keys.emplace_back();
        return true;
    }
    bool key(string_t& k) {
        if (m_keys.back().insert(k).second) return true;
        duplicate = k;
        return false;
    }
    bool end_object() {
        m_keys.pop_back();
        return true;
    }
    bool start_array(std::size_t) { return true; }
    bool end_array() { return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

    std::optional<std::string> duplicate;

private:
    std::vector<std::set<std::string>> m_keys;
};

}  // namespace

std::optional<std::string> first_duplicate_key(std::string_view text) {
    DuplicateKeyFinder finder;
    nlohmann::json::sax_parse(text, &finder);
    return finder.duplicate;
}

}  // namespace bm
