// RFC 8785 JSON Canonicalization Scheme (JCS): the one byte form for anything hashed or signed.
//
// Keys are sorted by UTF-16 code units, strings use the minimal JSON escapes, and numbers are
// serialised as ECMAScript's Number.prototype.toString does (IEEE-754 double, shortest
// round-trip). Non-finite numbers are rejected. Thread-safety: pure functions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "util/result.h"

namespace bm {

// Canonical bytes of `value`. Fails only for NaN/Infinity or invalid UTF-8 in a string.
Result<std::string> canonical_json(const nlohmann::json& value);

// Parses `text` as JSON and canonicalises it. Parse errors name the byte offset.
Result<std::string> canonicalize_json_text(std::string_view text);

// ECMAScript Number::toString for a finite double (exposed for tests).
std::string ecmascript_number(double value);

}  // namespace bm
