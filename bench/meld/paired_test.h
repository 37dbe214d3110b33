// Paired comparisons of per-question recall for `bench meld-recall`: the mean difference with a
// Student-t confidence interval, and the two one-sided tests (TOST) of equivalence within a margin.
#pragma once

#include <cstddef>
#include <vector>

namespace bm::meld {

struct PairedInterval {
    size_t n = 0;
    double mean = 0;      // mean of a[i] − b[i]
    double sd = 0;        // sample standard deviation of the differences
    double low = 0, high = 0;
    double confidence = 0;  // two-sided level of [low, high], e.g. 0.90
};

// Mean of a − b over paired observations and its two-sided interval at `confidence` (0.90 or 0.95).
PairedInterval paired_interval(const std::vector<double>& a, const std::vector<double>& b, double confidence);

// TOST at α = 0.05: a and b are equivalent within ±margin when the 90% interval of the mean paired
// difference lies inside [−margin, +margin].
struct Equivalence {
    PairedInterval interval;  // at 90%
    double margin = 0;
    bool equivalent = false;
};
Equivalence tost(const std::vector<double>& a, const std::vector<double>& b, double margin);

// The upper quantile t_{p, df} of Student's t (p = 0.95 or 0.975), by the Cornish–Fisher expansion
// around the normal quantile (error < 1e-3 for df ≥ 3); df = 0 gives the normal quantile.
double student_t_quantile(double p, size_t df);

}  // namespace bm::meld
