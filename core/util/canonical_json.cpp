// RFC 8785 canonical JSON: ECMAScript number formatting, UTF-16 key order, minimal escapes.
#include "util/canonical_json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "util/utf8.h"

namespace bm {

std::string ecmascript_number(double value) {
    if (value == 0) return "0";  // also -0
    // Shortest round-trip digits in scientific form: d[.ddd]e±x (no heap: admission formats
    // several numbers per Patch).
    char sci[64];
    const auto res = std::to_chars(sci, sci + sizeof sci, value < 0 ? -value : value, std::chars_format::scientific);
    const char* e = std::find(sci, res.ptr, 'e');
    int exp10 = 0;
    std::from_chars(e + 1 + (e[1] == '+'), res.ptr, exp10);
    char digits[32];
    int k = 0;
    for (const char* c = sci; c != e; ++c)
        if (*c != '.') digits[k++] = *c;
    while (k > 1 && digits[k - 1] == '0') --k;
    const int n = exp10 + 1;  // value = 0.digits × 10^n
    std::string out;
    out.reserve(32);
    if (value < 0) out += '-';
    const std::string_view d(digits, static_cast<size_t>(k));
    if (k <= n && n <= 21) {
        out += d;
        out.append(static_cast<size_t>(n - k), '0');
    } else if (0 < n && n <= 21) {
        out += d.substr(0, static_cast<size_t>(n));
        out += '.';
        out += d.substr(static_cast<size_t>(n));
    } else if (-6 < n && n <= 0) {
        out += "0.";
        out.append(static_cast<size_t>(-n), '0');
        out += d;
    } else {
        out += d[0];
        if (k > 1) {
            out += '.';
            out += d.substr(1);
        }
        out += 'e';
        out += (n - 1 >= 0) ? '+' : '-';
        out += std::to_string(std::abs(n - 1));
    }
    return out;
}

namespace {

bool needs_escape(unsigned char c) { return c < 0x20 || c == '"' || c == '\\'; }

void append_string(std::string& out, std::string_view s) {
    static const char* hex = "0123456789abcdef";
    out += '"';
    size_t run = 0;  // start of the pending run of bytes copied as they are
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (!needs_escape(c)) continue;
        out.append(s.substr(run, i - run));
        run = i + 1;
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 0xF];
        }
    }
    out.append(s.substr(run));
    out += '"';
}

// An integer an IEEE double holds exactly prints as its decimal digits in ECMAScript (|v| < 1e21).
constexpr int64_t kExactIntegerLimit = int64_t{1} << 53;

void append_integer(std::string& out, int64_t value) {
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, res.ptr);
}

// std::map orders keys by UTF-8 bytes, which is code-point order; UTF-16 order differs only where
// a supplementary character (4-byte UTF-8, lead byte >= 0xF0) meets U+E000..U+FFFF.
bool byte_order_is_utf16_order(const nlohmann::json& object) {
    for (auto it = object.begin(); it != object.end(); ++it)
        for (unsigned char c : it.key())
            if (c >= 0xF0) return false;
    return true;
}

Status append(std::string& out, const nlohmann::json& v) {
    using nlohmann::json;
    switch (v.type()) {
        case json::value_t::null: out += "null"; break;
        case json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; break;
        case json::value_t::number_integer: jcs::append_integer(out, v.get<int64_t>()); break;
        case json::value_t::number_unsigned: {
            const auto u = v.get<uint64_t>();
            if (u < static_cast<uint64_t>(kExactIntegerLimit))
                append_integer(out, static_cast<int64_t>(u));
            else
                out += ecmascript_number(static_cast<double>(u));
            break;
        }
        case json::value_t::number_float:
            if (!jcs::append_number(out, v.get<double>()))
                return Error::invalid_input("RFC 8785 forbids NaN and Infinity in canonical JSON");
            break;
        case json::value_t::string: {
            const auto& s = v.get_ref<const std::string&>();
            if (!is_valid_utf8(s)) return Error::invalid_input("string is not valid UTF-8");
            append_string(out, s);
            break;
        }
        case json::value_t::array: {
            out += '[';
            bool first = true;
            for (const auto& item : v) {
                if (!first) out += ',';
                first = false;
                if (auto st = append(out, item); !st) return st;
            }
            out += ']';
            break;
        }
        case json::value_t::object: {
            if (byte_order_is_utf16_order(v)) {  // the common case: members in stored order
                out += '{';
                bool first = true;
                for (auto it = v.begin(); it != v.end(); ++it) {
                    if (!is_valid_utf8(it.key())) return Error::invalid_input("object key is not valid UTF-8");
                    if (!first) out += ',';
                    first = false;
                    append_string(out, it.key());
                    out += ':';
                    if (auto st = append(out, it.value()); !st) return st;
                }
                out += '}';
                break;
            }
            std::vector<std::pair<std::u16string, const std::string*>> keys;
            keys.reserve(v.size());
            for (auto it = v.begin(); it != v.end(); ++it) {
                if (!is_valid_utf8(it.key()))
                    return Error::invalid_input("object key is not valid UTF-8");
                keys.emplace_back(utf8_to_utf16(it.key()), &it.key());
            }
            std::sort(keys.begin(), keys.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
            out += '{';
            bool first = true;
            for (const auto& [u16, key] : keys) {
                if (!first) out += ',';
                first = false;
                append_string(out, *key);
                out += ':';
                if (auto st = append(out, v.at(*key)); !st) return st;
            }
            out += '}';
            break;
        }
        case json::value_t::binary:
            return Error::invalid_input("binary values have no JSON form");
        case json::value_t::discarded:
            return Error::invalid_input("discarded value");
    }
    return {};
}

}  // namespace

namespace jcs {

bool append_string(std::string& out, std::string_view s) {
    if (!is_valid_utf8(s)) return false;
    bm::append_string(out, s);
    return true;
}

void append_integer(std::string& out, int64_t i) {
    if (i > -kExactIntegerLimit && i < kExactIntegerLimit)
        bm::append_integer(out, i);
    else
        out += ecmascript_number(static_cast<double>(i));
}

bool append_number(std::string& out, double d) {
    if (!std::isfinite(d)) return false;
    if (d > -static_cast<double>(kExactIntegerLimit) && d < static_cast<double>(kExactIntegerLimit) && d == std::trunc(d))
        bm::append_integer(out, static_cast<int64_t>(d));  // -0 prints as 0, as ECMAScript does
    else
        out += ecmascript_number(d);
    return true;
}

}  // namespace jcs

Result<std::string> canonical_json(const nlohmann::json& value) {
    std::string out;
    if (auto st = append(out, value); !st) return st.error();
    return out;
}

Result<std::string> canonicalize_json_text(std::string_view text) {
    try {
        return canonical_json(nlohmann::json::parse(text));
    } catch (const nlohmann::json::parse_error& e) {
        Location where;
        where.byte_offset = static_cast<int64_t>(e.byte);
        return Error::invalid_input(std::string("not JSON: ") + e.what(), where);
    } catch (const nlohmann::json::exception& e) {
        return Error::invalid_input(std::string("not representable: ") + e.what());
    }
}

}  // namespace bm
