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
                 14.215984876009045,  // sigma
                 -4.0609251639947264,  // coverage
                 -5.1187291110916142,  // coverage_back
                 4.0636648309380794,  // soft_coverage
                 -1.1160262186041989,  // soft_coverage_back
                 3.8584801962347863,  // length_ratio
                 0.96646152841425415,  // has_values
                 0.95901996532883049,  // negation_differs
                 2.1234016952606689,  // unmatched_both
                 0,  // value_swap
                 0,  // nominal_swap
                 -1.945448916889867,  // unmatched_short
                 0.52100216494204898,  // unmatched_long
                 -1.0807425772362322,  // core_coverage
                 1.4780614902428684,  // core_coverage_back
                 0.72568164426241333,  // predicate_reworded
    };
    c.bias = -10.0165144147148;
    c.threshold = 0.94;
    return c;
}

}  // namespace bm::meld
