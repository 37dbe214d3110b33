// Newton's method for the weighted L2 logistic regression of logistic.h.
#include "bench/meld/logistic.h"

#include <array>
#include <cmath>

namespace bm::meld {

namespace {

constexpr size_t kDim = kPairFeatureCount + 1;  // features and the bias (last)
using Vec = std::array<double, kDim>;
using Mat = std::array<Vec, kDim>;

// Solves m·x = v by Gaussian elimination with partial pivoting (m is positive definite here).
Vec solve(Mat m, Vec v) {
    for (size_t c = 0; c < kDim; ++c) {
        size_t pivot = c;
        for (size_t r = c + 1; r < kDim; ++r)
            if (std::fabs(m[r][c]) > std::fabs(m[pivot][c])) pivot = r;
        std::swap(m[c], m[pivot]);
        std::swap(v[c], v[pivot]);
        for (size_t r = c + 1; r < kDim; ++r) {
            const double k = m[r][c] / m[c][c];
            for (size_t j = c; j < kDim; ++j) m[r][j] -= k * m[c][j];
            v[r] -= k * v[c];
        }
    }
    Vec x{};
    for (size_t c = kDim; c-- > 0;) {
        double s = v[c];
        for (size_t j = c + 1; j < kDim; ++j) s -= m[c][j] * x[j];
        x[c] = s / m[c][c];
    }
    return x;
}

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

}  // namespace

double LogisticModel::probability(const FeatureVector& x) const {
    double z = bias;
    for (size_t i = 0; i < kPairFeatureCount; ++i) z += weights[i] * x[i];
    return sigmoid(z);
}

LogisticModel fit_logistic(const std::vector<LogisticSample>& samples, double l2, int iterations) {
    double total = 0;
    for (const LogisticSample& s : samples) total += s.weight;
    const double scale = total > 0 ? static_cast<double>(samples.size()) / total : 1.0;
    Vec beta{};
    for (int it = 0; it < iterations; ++it) {
        Vec grad{};
        Mat hess{};
        for (const LogisticSample& s : samples) {
            Vec x{};
            for (size_t i = 0; i < kPairFeatureCount; ++i) x[i] = s.x[i];
            x[kDim - 1] = 1;
            double z = 0;
            for (size_t i = 0; i < kDim; ++i) z += beta[i] * x[i];
            const double p = sigmoid(z), w = s.weight * scale;
            const double r = w * (p - (s.positive ? 1.0 : 0.0)), h = w * p * (1 - p);
            for (size_t i = 0; i < kDim; ++i) {
                grad[i] += r * x[i];
                for (size_t j = 0; j < kDim; ++j) hess[i][j] += h * x[i] * x[j];
            }
        }
        for (size_t i = 0; i + 1 < kDim; ++i) {
            grad[i] += l2 * beta[i];
            hess[i][i] += l2;
        }
        hess[kDim - 1][kDim - 1] += 1e-9;
        const Vec step = solve(hess, grad);
        for (size_t i = 0; i < kDim; ++i) beta[i] -= step[i];
    }
    LogisticModel m;
    for (size_t i = 0; i < kPairFeatureCount; ++i) m.weights[i] = beta[i];
    m.bias = beta[kDim - 1];
    return m;
}

}  // namespace bm::meld
