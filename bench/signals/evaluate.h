// Running a signal provider over labelled pairs: σ against STS-B scores, χ against SNLI labels.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "meld/signals/lexical_provider.h"
#include "stats.h"
#include "tsv.h"

namespace bm::bench {

struct SimilarityResult {
    double spearman = 0;
    size_t pairs = 0;
    double pairs_per_second = 0;  // σ through the string API (analysis included), one thread
};
SimilarityResult evaluate_similarity(const SignalProvider& provider,
                                     const std::vector<TextPair>& pairs);

struct RuleCount {
    size_t fired = 0, correct = 0;  // correct: gold says contradiction
};

struct ContradictionResult {
    BinaryCounts counts;  // predicted contradicts vs gold "contradiction"
    std::map<std::string, RuleCount> by_rule;
    size_t unrelated = 0;  // pairs judged unrelated
    double pairs_per_second = 0;
};
// explain > 0 prints that many false positives (with the rule) and false negatives to stdout.
ContradictionResult evaluate_contradiction(const SignalProvider& provider,
                                           const std::vector<TextPair>& pairs, int explain = 0);

}  // namespace bm::bench
