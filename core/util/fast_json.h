// A fast JSON parser for the ingest hot path that builds the same nlohmann::json values as json::parse.
//
// It handles the common case quickly (bulk string scanning, no per-character virtual input) and
// declines anything unusual — invalid input, integers that do not fit 64 bits, duplicate keys,
// very deep nesting — so the caller falls back to nlohmann's parser, which then produces the
// exact value or the exact diagnostic. Invariant, checked by a differential fuzz target: whenever
// this parser succeeds, json::parse succeeds on the same text with an equal value.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace bm {

// The parsed value of `text` (one JSON document, surrounding whitespace allowed), or nullopt when
// the fast path declines; the caller must then use nlohmann::json::parse for the value or error.
std::optional<nlohmann::json> parse_json_fast(std::string_view text);

// The deepest nesting of objects and arrays any JSON text the engine reads may have. nlohmann's
// dump() and the readers recurse once per level (a SIGSEGV near 55,000 levels), so deeper input is
// refused before it is parsed (docs/reliability.md).
constexpr size_t kMaxJsonDepth = 1000;

// Byte offset of the bracket at which `text` first nests deeper than `limit` (brackets inside
// strings do not count), or std::string_view::npos. Linear, no allocation.
size_t json_depth_exceeded_at(std::string_view text, size_t limit = kMaxJsonDepth);

// The first key that appears twice in one object of `text` (json::parse silently keeps the last
// value), or nullopt; nullopt too when `text` is not valid JSON.
std::optional<std::string> first_duplicate_key(std::string_view text);

}  // namespace bm
