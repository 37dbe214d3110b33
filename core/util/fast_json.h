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

}  // namespace bm
