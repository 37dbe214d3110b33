// The logistic merge combiner and its fitted coefficients.
#include "meld/merge_combiner.h"

#include <cmath>
#include <cstdio>

#include "util/hash.h"

namespace bm::meld {

double MergeCombiner::probability(const PairFeatures& f) const {
    const FeatureVector x = feature_vector(f);
    double z = bias;
    for (size_t i = 0; i < kPairFeatureCount; ++i) z += weights[i] * x[i];
    return 1.0 / (1.0 + std::exp(-z));
}

bool MergeCombiner::guards_pass(const PairFeatures& f) { return f.values_agree && !f.value_swap && !f.nominal_swap; }

bool MergeCombiner::passes(const PairFeatures& f) const {
    return enabled && guards_pass(f) && probability(f) >= threshold;
}

std::string MergeCombiner::identity() const {
    if (!enabled) return "";
    std::string coefficients;
    char buf[48];
    for (double w : weights) {
        std::snprintf(buf, sizeof buf, "%.6f,", w);
        coefficients += buf;
    }
    std::snprintf(buf, sizeof buf, "%.6f", bias);
    coefficients += buf;
    const Digest d = sha256(coefficients);
    std::snprintf(buf, sizeof buf, "combiner=logit/%.3f/%02x%02x%02x%02x", threshold, d[0], d[1], d[2], d[3]);
    return buf;
}

// Fitted by `beliefmerge bench meld-gold --fit --shared ../shared/data` on the training sets only
// (docs/meld.md, "What is fitted"); paste a refit's "combiner" object here, in kPairFeatureNames order.
MergeCombiner fitted_merge_combiner() {
    MergeCombiner c;
    c.enabled = true;
    c.weights = {
                 23.982105814162193,  // sigma
                 -9.341149253490485,  // coverage
                 -6.5997991387714405,  // coverage_back
                 3.854531804059307,  // soft_coverage
                 2.018233141897131,  // soft_coverage_back
                 1.3049158177366356,  // length_ratio
                 0.42212891487756055,  // has_values
                 3.7834154837983,  // negation_differs
                 1.4946239720277446,  // unmatched_both
                 0.0,  // value_swap
                 0.0,  // nominal_swap
                 1.1197391878469063,  // unmatched_short
                 1.0561643982114535,  // unmatched_long
    };
    c.bias = -12.53491645791433;
    c.threshold = 0.95;
    return c;
}

}  // namespace bm::meld
