// Slot keys from noun phrases: "the database engine" and "our database" → "database".
#pragma once

#include <string>
#include <vector>

namespace bm {

// Dotted lowercase key from the words of a subject phrase (determiners, possessives and generic
// head words such as "engine" or "setting" dropped, plurals and other word forms folded to their
// WordNet lemma, software abbreviations expanded: "DB engines" → database, at most 3 words); empty
// when the phrase names nothing (a pronoun, a stop word). Never a synonym in place of a word the
// phrase holds: "handshake" stays handshake, not WordNet's "handclasp" (session 13b).
std::string normalise_subject(const std::vector<std::string>& words);
// The same key from the phrase's own words only (no lemmas beyond plural suffixes, no expansions).
std::string literal_subject(const std::vector<std::string>& words);

// Canonical value token: articles dropped, trailing punctuation removed, "PostgreSQL 15" →
// "postgresql", "30 s" → "30s"; empty when the phrase is chatter ("done", "great").
std::string normalise_value(const std::vector<std::string>& words);

}  // namespace bm
