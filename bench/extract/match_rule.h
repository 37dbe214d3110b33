// The rubric's matching rule between an emitted slot and a gold claim, stricter than the rubric's
// letter where it counted chance matches (docs/extract.md, "Matching").
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <vector>

namespace bm::extract_bench {

// Lowercased, every character that is not a letter, digit, space or non-ASCII byte dropped, runs of
// whitespace collapsed to one space, trimmed.
std::string normalise_value(const std::string& value);

// The key's words: lowercased, split on '.', '_', '-', '/'; empty words dropped.
std::vector<std::string> key_words(const std::string& key);

// Values equal after normalising, or one (non-empty) contained in the other as whole words, no
// occurrence right after a negation word ("read" is not in "do not read the file", nor in "reading"); an emitted
// bare number ("0") matches only a claim equal to it.
bool values_match(const std::string& emitted, const std::string& gold);

// The keys share at least one word that names a subject (not "file", "exit", "code" or a file extension); two `file.<path>` keys must name the same
// file (equal paths, one path ending in "/" + the other; an extractor's `.read`/`.edit` sub-key set aside).
bool keys_share_word(const std::string& emitted, const std::string& gold);

// Both: the emitted (key, value) matches the gold claim.
bool slot_matches_gold(const std::string& emitted_key, const std::string& emitted_value, const std::string& gold_key,
                       const std::string& gold_value);

}  // namespace bm::extract_bench
