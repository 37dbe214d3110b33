// Seeded, platform-independent randomness for the generators, and the ids real logs carry.
//
// std:: distributions differ between standard libraries, so everything here is derived from
// SplitMix64 with integer arithmetic: one seed gives byte-identical files everywhere.
#pragma once

#include <cstdint>
#include <string>

namespace bm::bench {

class Rng {
public:
    explicit Rng(uint64_t seed) : m_state(seed) {}
    uint64_t next();
    // Uniform in [0, n); REQUIRES: n > 0.
    uint64_t below(uint64_t n) { return next() % n; }
    // Uniform in [lo, hi]; REQUIRES: lo <= hi.
    int64_t range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(below(hi - lo + 1)); }
    bool percent(int p) { return below(100) < static_cast<uint64_t>(p); }
    // Long-tailed size around `median`: from median/4 to 4*median, log-uniform (eighth steps).
    size_t spread(size_t median);

private:
    uint64_t m_state;
};

std::string uuid_v4(Rng& rng);
std::string alnum(Rng& rng, size_t n);
std::string base64(Rng& rng, size_t n);
// "2026-01-21T06:20:30.861Z" for a Unix time in milliseconds.
std::string iso_time(int64_t epoch_ms);

}  // namespace bm::bench
