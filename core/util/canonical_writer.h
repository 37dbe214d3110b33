// CanonicalWriter: RFC 8785 bytes of a fixed schema written directly, without building a JSON
// object first (Patches are sealed once per admission; this is several times faster than
// canonical_json() over an nlohmann object, and byte-identical to it).
//
// The caller opens objects and arrays and names members in UTF-16 key order; a member out of
// order, a value without its key (or a key without its value), a second top-level value,
// unbalanced nesting, a NaN or
// Infinity, or invalid UTF-8 makes ok() false (and bytes() empty), so a mistake cannot produce
// different bytes silently. Thread-safety: a plain value.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace bm {

class CanonicalWriter {
public:
    CanonicalWriter& begin_object() { return open(true); }
    CanonicalWriter& end_object() { return close(true); }
    CanonicalWriter& begin_array() { return open(false); }
    CanonicalWriter& end_array() { return close(false); }
    // The next member's key; it must sort after the previous key of the same object.
    CanonicalWriter& key(std::string_view name);

    CanonicalWriter& string(std::string_view s);
    CanonicalWriter& integer(int64_t v);
    CanonicalWriter& number(double v);
    CanonicalWriter& boolean(bool v);
    CanonicalWriter& strings(const std::vector<std::string>& items);  // an array of strings
    // Any JSON value, through canonical_json().
    CanonicalWriter& json(const nlohmann::json& value);
    // Bytes another CanonicalWriter or canonical_json() produced, as one value.
    CanonicalWriter& canonical(std::string_view bytes);

    bool ok() const { return m_ok && m_levels.empty(); }
    // The bytes so far, or "" when !ok().
    std::string bytes() && { return ok() ? std::move(m_out) : std::string(); }
    const std::string& partial() const { return m_out; }

private:
    CanonicalWriter& open(bool object);
    CanonicalWriter& close(bool object);
    void before_value();
    struct Level {
        bool object = false;
        bool first = true;
        bool awaiting_value = false;  // object: a key was written, its value not yet
        std::string last_key;
    };
    std::string m_out;
    std::vector<Level> m_levels;
    bool m_ok = true;
    bool m_started = false;  // the top-level value was begun
};

}  // namespace bm
