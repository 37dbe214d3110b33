// MergeCombiner: the fitted logistic combiner that decides R5's similarity gate with σ (#18).
//
// σ alone misses paraphrases that reword the predicate ("listens on port 5432" / "accepts
// connections on port 5432"). The combiner is a second way through R5's similarity gate:
//     σ ≥ θ_merge,  or  (the guards pass and p(merge | features) ≥ threshold),
// with p = logistic(bias + Σ weight·feature) over the lexical and WordNet pair features of
// pair_features.h. Claims stating different numbers or identifiers, or where one noun or name stands
// in for another (German/English, Vercel/Netlify), never pass by it (guards_pass), and χ still
// vetoes every merge (R3 runs first). The coefficients and the threshold are fitted on training
// data only by `beliefmerge bench meld-gold --fit --shared ../shared/data` (bench/meld/fit.h; L2
// strength by cross-validation; the threshold for a held-out false-merge rate ≤ 0.01 pooled and
// ≤ 0.02 on every training set) and pasted into fitted_merge_combiner() (merge_combiner.cpp; docs/meld.md).
// Thread-safety: plain values and pure functions.
#pragma once

#include <string>

#include "meld/pair_features.h"

namespace bm::meld {

struct MergeCombiner {
    bool enabled = false;
    FeatureVector weights{};
    double bias = 0;
    double threshold = 1.0;  // on p(merge)

    // p(merge | f) in (0, 1).
    double probability(const PairFeatures& f) const;
    // The hard guards: the same values on both sides, and no word replaced by another value of its
    // kind or by another noun or name (value_swap, nominal_swap). Pairs failing them never pass.
    static bool guards_pass(const PairFeatures& f);
    // Whether f passes the guards and the threshold (the σ ≥ θ_merge path is the caller's).
    bool passes(const PairFeatures& f) const;
    // "" when disabled, else "combiner=logit/<threshold>/<hex digest of the coefficients>" for provider identities.
    std::string identity() const;
};

// The combiner fitted by `bench meld-gold --fit` (the numbers live in merge_combiner.cpp).
MergeCombiner fitted_merge_combiner();

}  // namespace bm::meld
