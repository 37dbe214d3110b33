// RFC 8785 JSON Canonicalization Scheme (JCS): the one byte form for anything hashed or signed.
//
// Keys are sorted by UTF-16 code units, strings use the minimal JSON escapes, and numbers are
// serialised as ECMAScript's Number.prototype.toString does (IEEE-754 double, shortest
// round-trip). Non-finite numbers are rejected. Thread-safety: pure functions.
#pragma once

#include <nlohmann/json.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "util/result.h"

namespace bm {

// Canonical bytes of `value`. Fails only for NaN/Infinity or invalid UTF-8 in a string.
Result<std::string> canonical_json(const nlohmann::json& value);

// Parses `text` as JSON and canonicalises it. Parse errors name the byte offset.
Result<std::string> canonicalize_json_text(std::string_view text);

// ECMAScript Number::toString for a finite double (exposed for tests).
std::string ecmascript_number(double value);

// The value forms canonical_json() writes, for writers that emit a fixed schema without building
// a JSON object first (util/canonical_writer.h).
namespace jcs {
bool append_string(std::string& out, std::string_view s);  // false, nothing appended: invalid UTF-8
void append_integer(std::string& out, int64_t value);      // as a JSON integer member
bool append_number(std::string& out, double value);        // false, nothing appended: NaN or Infinity
}  // namespace jcs

}  // namespace bm
