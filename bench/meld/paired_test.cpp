// Paired intervals and TOST (see paired_test.h).
#include "bench/meld/paired_test.h"

#include <cmath>
#include <stdexcept>

namespace bm::meld {

double student_t_quantile(double p, size_t df) {
    double z = 0;
    if (p == 0.95) z = 1.6448536269514722;
    else if (p == 0.975) z = 1.959963984540054;
    else throw std::invalid_argument("student_t_quantile: p must be 0.95 or 0.975");
    if (df == 0) return z;
    const double n = static_cast<double>(df);
    const double z2 = z * z, z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
    return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n) +
           (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * n * n * n * n);
}

PairedInterval paired_interval(const std::vector<double>& a, const std::vector<double>& b, double confidence) {
    if (a.size() != b.size()) throw std::invalid_argument("paired_interval: unequal sample sizes");
    PairedInterval r;
    r.n = a.size();
    r.confidence = confidence;
    if (r.n == 0) return r;
    double sum = 0;
    for (size_t i = 0; i < r.n; ++i) sum += a[i] - b[i];
    r.mean = sum / static_cast<double>(r.n);
    double squares = 0;
    for (size_t i = 0; i < r.n; ++i) squares += (a[i] - b[i] - r.mean) * (a[i] - b[i] - r.mean);
    r.sd = r.n > 1 ? std::sqrt(squares / static_cast<double>(r.n - 1)) : 0;
    const double half = r.n > 1 ? student_t_quantile(confidence == 0.90 ? 0.95 : 0.975, r.n - 1) * r.sd /
                                      std::sqrt(static_cast<double>(r.n))
                                : 0;
    r.low = r.mean - half;
    r.high = r.mean + half;
    return r;
}

Equivalence tost(const std::vector<double>& a, const std::vector<double>& b, double margin) {
    Equivalence e;
    e.interval = paired_interval(a, b, 0.90);
    e.margin = margin;
    e.equivalent = e.interval.n > 1 && e.interval.low > -margin && e.interval.high < margin;
    return e;
}

}  // namespace bm::meld
