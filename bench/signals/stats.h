// Statistics for the signal benchmark: Spearman's rank correlation and precision/recall/F1.
#pragma once

#include <cstddef>
#include <vector>

namespace bm::bench {

// Spearman's ρ: Pearson correlation of the ranks (ties get their average rank).
// REQUIRES: x.size() == y.size() >= 2.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

struct BinaryCounts {
    size_t true_positive = 0, false_positive = 0, false_negative = 0, true_negative = 0;
    void add(bool predicted, bool gold);
    double precision() const;
    double recall() const;
    double f1() const;
};

}  // namespace bm::bench
