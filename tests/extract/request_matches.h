// Test support for the request rule tests: every request match of every sentence of a user text.
#pragma once

#include <string>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"

namespace bm::extracttest {

// "rule: key = value" a line, for every request match of every sentence of `text` (a user's).
inline std::string requests_of(const std::string& text) {
    std::string s;
    for (const Sentence& sentence : split_sentences(text))
        for (const ClauseMatch& m : match_requests(text, sentence.tokens, true))
            s += m.rule + ": " + m.key + " = " + m.value + "\n";
    return s;
}

}  // namespace bm::extracttest
