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
                 20.156598467863724,  // sigma
                 -7.196612277834688,  // coverage
                 -12.065582202575555,  // coverage_back
                 3.6176633572026997,  // soft_coverage
                 2.5953790863574944,  // soft_coverage_back
                 3.598292404930877,  // length_ratio
                 1.107834558708956,  // has_values
                 1.1572410581544943,  // negation_differs
                 7.286227011340574,  // unmatched_both
                 0,  // value_swap
                 0,  // nominal_swap
                 -0.5410156701689979,  // unmatched_short
                 0.6279435134149998,  // unmatched_long
                 -1.1053152544405134,  // core_coverage
                 1.4770850118013552,  // core_coverage_back
                 0.6906691942590201,  // predicate_reworded
                 3.106521221791688,  // align_similarity
                 5.604687135472922,  // all_aligned
                 5.825199303832405,  // adds_content
                 -2.072678269035065,  // kind_of_matches
    };
    c.bias = -17.34086229877699;
    c.threshold = 0.88;
    return c;
}

}  // namespace bm::meld
