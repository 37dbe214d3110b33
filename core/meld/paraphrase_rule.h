// ParaphraseRule: the fitted decision list that lets a lexically divergent paraphrase merge (#18).
//
// σ alone misses paraphrases that reword the predicate ("listens on port 5432" / "accepts
// connections on port 5432"). The rule adds one more way to pass R5's similarity gate, over
// features of the lexical analysis: the content coverage of the shorter claim by the longer one and
// of the longer by the shorter (synonym-canonical lemmas: abbreviations expanded, WordNet's
// first-sense synset; the second keeps "a man plays guitar outside" / "a man plays guitar", an
// entailment, from merging), and whether both claims state the same values (numbers and
// identifiers). A pair passes when
//     σ ≥ θ_merge,  or  (σ ≥ sigma_min, coverage ≥ coverage_min, coverage_back ≥ coverage_back_min
//                        and the values agree).
// χ still vetoes every merge (R3 runs first). The parameters are fitted on training data only by
// `beliefmerge bench meld-gold --fit --shared ../shared/data` (bench/meld/fit.h; docs/meld.md).
// Thread-safety: plain values and pure functions.
#pragma once

#include <string>

#include "meld/signals/analysis.h"

namespace bm::meld {

struct PairFeatures {
    double sigma = 0;
    double coverage = 0;       // share of the shorter claim's content words found in the other
    double coverage_back = 0;  // share of the longer claim's content words found in the shorter
    bool values_agree = true;  // the same numbers and identifiers on both sides (true when neither has any)
    bool has_values = false;   // at least one side states a number or identifier
};

PairFeatures pair_features(const Analysis& a, const Analysis& b, double sigma);

struct ParaphraseRule {
    bool enabled = false;
    double sigma_min = 1.0;     // σ floor of the coverage path
    double coverage_min = 1.0;  // coverage floor of the coverage path
    double coverage_back_min = 1.0;
    bool require_values = false;  // the coverage path needs values stated on both sides and agreeing

    // Whether f passes the similarity gate by the coverage path (the σ ≥ θ_merge path is the caller's).
    bool passes(const PairFeatures& f) const;
    // "" when disabled, else "paraphrase=<sigma_min>/<coverage_min>/<coverage_back_min>[/values]" for provider identities.
    std::string identity() const;
};

// The rule fitted by `bench meld-gold --fit` (the numbers live in paraphrase_rule.cpp).
ParaphraseRule fitted_paraphrase_rule();

}  // namespace bm::meld
