// Splitting a claim's text into lowercase tokens for the lexical signals.
//
// Words keep inner connectors when a letter or digit follows (us-east-1, v1.2.3, 10:30, 1,000),
// contractions are split (don't -> do n't, can't -> can n't), a number glued to a known unit is
// split (30ms -> 30 ms, 5GB -> 5 gb), "$5" -> "$ 5", and clause punctuation (. , ; : ! ? =) stays
// as one-character tokens so negation scopes can stop at clause ends. Bytes >= 0x80 are word
// characters, except the typographic apostrophe and quotes. Thread-safety: pure function.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bm {

std::vector<std::string> tokenize(std::string_view text);

// Whether a token is one of the clause punctuation tokens tokenize() emits.
bool is_clause_punctuation(std::string_view token);

}  // namespace bm
