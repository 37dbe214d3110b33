// Weighted L2-regularised logistic regression by Newton's method: the merge combiner's fit (#18).
// Deterministic (fixed iteration count, no randomness); the bias is not regularised.
// Thread-safety: pure functions.
#pragma once

#include <vector>

#include "meld/pair_features.h"

namespace bm::meld {

struct LogisticSample {
    FeatureVector x{};
    bool positive = false;
    double weight = 1;
};

struct LogisticModel {
    FeatureVector weights{};
    double bias = 0;
    double probability(const FeatureVector& x) const;
};

// Minimises Σ weight·log-loss + l2/2·|weights|² (the sum of weights is normalised to the sample count).
LogisticModel fit_logistic(const std::vector<LogisticSample>& samples, double l2, int iterations = 40);

}  // namespace bm::meld
