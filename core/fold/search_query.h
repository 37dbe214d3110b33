// Query text helpers of context_search: the FTS5 MATCH expression of a user query and the excerpt
// (at most a byte budget, UTF-8 safe) placed around the query's first occurrence in a document.
#pragma once

#include <string>

namespace bm {

// Quoted phrases stay phrases, every other whitespace-separated word becomes a quoted term (ANDed);
// pieces without a letter or digit are dropped. Empty when the query has no words.
std::string fts_match_expression(const std::string& query);

// The whole query as one FTS5 phrase (its words in this order, adjacent), for the first tier of
// hits; empty when the query quotes anything itself or has fewer than two words.
std::string fts_phrase_expression(const std::string& query);

// Up to `max_bytes` of `body` starting a third of the window before the whole query (or else its
// first word found, or else the start); never splits a UTF-8 sequence.
std::string search_excerpt(const std::string& body, const std::string& query, size_t max_bytes);

}  // namespace bm
