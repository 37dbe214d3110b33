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
                 20.46678602180398,  // sigma
                 -5.762560766023211,  // coverage
                 -13.334778440738924,  // coverage_back
                 2.714101557450591,  // soft_coverage
                 3.14332048442883,  // soft_coverage_back
                 4.8163474494502045,  // length_ratio
                 0.9715848517815243,  // has_values
                 1.2365204967076808,  // negation_differs
                 7.331140635456046,  // unmatched_both
                 0,  // value_swap
                 0,  // nominal_swap
                 -0.8460980780197914,  // unmatched_short
                 1.1657403522223422,  // unmatched_long
                 -0.8619315623826915,  // core_coverage
                 1.3186569264024464,  // core_coverage_back
                 0.9981909790694,  // predicate_reworded
                 2.9287110209357725,  // align_similarity
                 5.786019648491022,  // all_aligned
                 5.807392655790189,  // adds_content
                 -2.0569328223774965,  // kind_of_matches
    };
    c.bias = -18.637784105933722;
    c.threshold = 0.9;
    return c;
}

}  // namespace bm::meld
