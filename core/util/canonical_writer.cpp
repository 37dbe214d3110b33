// CanonicalWriter: separators, key-order checks and values in canonical_json()'s forms.
#include "util/canonical_writer.h"

#include "util/canonical_json.h"
#include "util/utf8.h"

namespace bm {

namespace {

bool has_four_byte_lead(std::string_view s) {
    for (unsigned char c : s)
        if (c >= 0xF0) return true;
    return false;
}

}  // namespace

void CanonicalWriter::before_value() {
    if (m_levels.empty()) {  // one top-level value
        if (m_started) m_ok = false;
        m_started = true;
        return;
    }
    Level& level = m_levels.back();
    if (level.object) {  // a member's value follows its key, once
        if (!level.awaiting_value) m_ok = false;
        level.awaiting_value = false;
        return;
    }
    if (!level.first) m_out += ',';
    level.first = false;
}

CanonicalWriter& CanonicalWriter::open(bool object) {
    before_value();
    m_out += object ? '{' : '[';
    m_levels.push_back({object, true, false, {}});
    return *this;
}

CanonicalWriter& CanonicalWriter::close(bool object) {
    if (m_levels.empty() || m_levels.back().object != object || m_levels.back().awaiting_value) m_ok = false;
    else m_levels.pop_back();
    m_out += object ? '}' : ']';
    return *this;
}

CanonicalWriter& CanonicalWriter::key(std::string_view name) {
    if (m_levels.empty() || !m_levels.back().object || m_levels.back().awaiting_value) {
        m_ok = false;
        return *this;
    }
    Level& level = m_levels.back();
    // UTF-16 order is byte order unless a 4-byte sequence meets U+E000..U+FFFF: compare as UTF-16 then.
    bool ordered = level.first;
    if (!ordered) {
        const bool simple = !has_four_byte_lead(name) && !has_four_byte_lead(level.last_key);
        ordered = simple ? std::string_view(level.last_key) < name
                         : is_valid_utf8(name) && is_valid_utf8(level.last_key) &&
                               utf8_to_utf16(level.last_key) < utf8_to_utf16(name);
    }
    if (!ordered) m_ok = false;
    if (!level.first) m_out += ',';
    level.first = false;
    level.last_key.assign(name);
    level.awaiting_value = true;
    if (!jcs::append_string(m_out, name)) m_ok = false;
    m_out += ':';
    return *this;
}

CanonicalWriter& CanonicalWriter::string(std::string_view s) {
    before_value();
    if (!jcs::append_string(m_out, s)) m_ok = false;
    return *this;
}

CanonicalWriter& CanonicalWriter::integer(int64_t v) {
    before_value();
    jcs::append_integer(m_out, v);
    return *this;
}

CanonicalWriter& CanonicalWriter::number(double v) {
    before_value();
    if (!jcs::append_number(m_out, v)) m_ok = false;
    return *this;
}

CanonicalWriter& CanonicalWriter::boolean(bool v) {
    before_value();
    m_out += v ? "true" : "false";
    return *this;
}

CanonicalWriter& CanonicalWriter::strings(const std::vector<std::string>& items) {
    begin_array();
    for (const std::string& s : items) string(s);
    return end_array();
}

CanonicalWriter& CanonicalWriter::json(const nlohmann::json& value) {
    auto c = canonical_json(value);
    if (!c.ok()) {
        m_ok = false;
        return *this;
    }
    return canonical(*c);
}

CanonicalWriter& CanonicalWriter::canonical(std::string_view bytes) {
    before_value();
    if (bytes.empty()) m_ok = false;
    m_out += bytes;
    return *this;
}

}  // namespace bm
