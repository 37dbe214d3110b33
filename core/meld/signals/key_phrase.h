// Key normalisation: the dotted slot key that differently phrased mentions of one subject share.
//
// The extractor (SPEC §5) calls normalise_key_phrase() on the subject of a statement so that
// "the database engine", "Database engines", "DB engine" and "engine of the database" all become
// "database.engine". The rules, in order (docs/signals.md "Key normalisation"):
//   1. camelCase and PascalCase are split (maxConnections -> max connections); case is folded;
//   2. tokens are split on - _ . / : unless they contain a digit (us-east-1 stays one segment);
//   3. "X of Y" and "X for Y" become "Y X" (engine of the database -> database engine);
//      a possessive 's is dropped (database's engine -> database engine);
//   4. stop words, articles and punctuation are dropped;
//   5. software abbreviations WordNet lacks are expanded (db -> database, k8s -> kubernetes);
//   6. words are lemmatised with WordNet's exception lists and rules (engines -> engine,
//      indices -> index), or with plural suffix rules without WordNet;
//   7. a word with a single WordNet sense becomes that synset's most used word (automobile ->
//      car); polysemous words stay as they are (server does not become waiter);
//   8. segments are joined with '.', characters outside [a-z0-9_-] become '_', and a segment
//      repeated right after itself is dropped.
// Thread-safety: pure functions (the WordNet is immutable).
#pragma once

#include <string>
#include <string_view>

#include "meld/signals/wordnet.h"

namespace bm {

// REQUIRES: wordnet may be null (rules 6 and 7 then fall back or are skipped).
std::string normalise_key_phrase(std::string_view phrase, const WordNet* wordnet);

// The same with WordNet::shared_default() (loaded on first use; absent -> null).
std::string normalise_key_phrase(std::string_view phrase);

}  // namespace bm
