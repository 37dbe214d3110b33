// Spearman's ρ with average ranks for ties, and binary precision/recall/F1.
#include "stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bm::bench {

namespace {

std::vector<double> average_ranks(const std::vector<double>& v) {
    std::vector<size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v[a] < v[b]; });
    std::vector<double> ranks(v.size());
    for (size_t i = 0; i < order.size();) {
        size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        const double rank = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
        for (size_t k = i; k <= j; ++k) ranks[order[k]] = rank;
        i = j + 1;
    }
    return ranks;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
    const double n = static_cast<double>(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxy = 0, sxx = 0, syy = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx == 0 || syy == 0 ? 0 : sxy / std::sqrt(sxx * syy);
}

double ratio(size_t a, size_t b) {
    return b == 0 ? 0 : static_cast<double>(a) / static_cast<double>(b);
}

}  // namespace

double spearman(const std::vector<double>& x, const std::vector<double>& y) {
    return pearson(average_ranks(x), average_ranks(y));
}

void BinaryCounts::add(bool predicted, bool gold) {
    if (predicted && gold)
        ++true_positive;
    else if (predicted)
        ++false_positive;
    else if (gold)
        ++false_negative;
    else
        ++true_negative;
}

double BinaryCounts::precision() const {
    return ratio(true_positive, true_positive + false_positive);
}
double BinaryCounts::recall() const {
    return ratio(true_positive, true_positive + false_negative);
}
double BinaryCounts::f1() const {
    const double p = precision(), r = recall();
    return p + r == 0 ? 0 : 2 * p * r / (p + r);
}

}  // namespace bm::bench
