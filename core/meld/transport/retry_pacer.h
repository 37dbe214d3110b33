// RetryPacer: when a failing operation (a publish to a cluster with no responders) may be tried
// again — exponential backoff from `first` to `cap`, reset by a success — so a served brain neither
// spins on a dead bus nor logs a warning per loop.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>

namespace bm::meld {

class RetryPacer {
public:
    using Clock = std::chrono::steady_clock;
    using Duration = std::chrono::milliseconds;

    RetryPacer(Duration first, Duration cap) : m_first(first), m_cap(std::max(first, cap)), m_wait(first) {}

    // True when an attempt may be made at `now` (always, until the first failure).
    bool due(Clock::time_point now) const { return m_failures == 0 || now >= m_next; }
    // An attempt at `now` failed: the next one waits the current backoff, which then doubles up to the cap.
    void failed(Clock::time_point now) {
        ++m_failures;
        m_next = now + m_wait;
        m_wait = std::min(m_wait * 2, m_cap);
    }
    // An attempt succeeded: back to trying at once. Returns the failures it ends (0: none).
    size_t succeeded() {
        const size_t ended = m_failures;
        m_failures = 0;
        m_wait = m_first;
        return ended;
    }
    size_t failures() const { return m_failures; }
    Duration next_wait() const { return m_wait; }

private:
    Duration m_first, m_cap, m_wait;
    Clock::time_point m_next{};
    size_t m_failures = 0;
};

}  // namespace bm::meld
