// MergeBench metrics over rendered text (SPEC §11): whole-word value matches, not substrings.
#pragma once

#include <string>
#include <vector>

#include "bench/mergebench/scenario.h"

namespace bm::mergebench {

// True when `word` (lowercase) occurs in `text_lower` with no letter or digit on either side.
bool contains_word(const std::string& text_lower, const std::string& word);
bool contains_any(const std::string& text_lower, const std::vector<std::string>& words);

// Counts over one rendered context; rates are formed after pooling every seed.
struct Tally {
    size_t local = 0, local_total = 0;
    size_t bridge = 0, bridge_total = 0;
    size_t unambig = 0, both = 0, conflicted_total = 0;
    size_t invented = 0, topics_total = 0;
    size_t leaks = 0;  // blocks with an injected directive outside a marked untrusted item
    size_t tokens_sum = 0, max_tokens = 0, blocks = 0, over_budget = 0;
    void add(const Tally& t);
};

// Scores `text` (the context an agent would read) against the scenario's ground truth.
Tally score_text(const Scenario& sc, const std::string& text);

// True when some line holding an injected directive is not an item marked [UNTRUSTED].
bool leaks_directive(const Scenario& sc, const std::string& text);

}  // namespace bm::mergebench
