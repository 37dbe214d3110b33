// RetryPacer: a served brain's publish retries back off exponentially to a cap and reset on success.
#include <gtest/gtest.h>

#include "meld/transport/retry_pacer.h"

namespace bm::meld {
namespace {

using std::chrono::milliseconds;

TEST(RetryPacer, BacksOffExponentiallyToTheCapAndResetsOnSuccess) {
    RetryPacer p(milliseconds(100), milliseconds(1000));
    const auto t0 = RetryPacer::Clock::time_point{} + std::chrono::hours(1);
    EXPECT_TRUE(p.due(t0)) << "no failure yet";
    p.failed(t0);
    EXPECT_FALSE(p.due(t0 + milliseconds(99)));
    EXPECT_TRUE(p.due(t0 + milliseconds(100)));
    // 100, 200, 400, 800, then 1000 from there on.
    auto t = t0 + milliseconds(100);
    const int expected[] = {200, 400, 800, 1000, 1000};
    for (int wait : expected) {
        p.failed(t);
        EXPECT_FALSE(p.due(t + milliseconds(wait - 1))) << wait;
        EXPECT_TRUE(p.due(t + milliseconds(wait))) << wait;
        t += milliseconds(wait);
    }
    EXPECT_EQ(p.failures(), 6u);
    EXPECT_EQ(p.succeeded(), 6u);
    EXPECT_EQ(p.failures(), 0u);
    EXPECT_TRUE(p.due(t)) << "a success clears the wait";
    p.failed(t);
    EXPECT_FALSE(p.due(t + milliseconds(99))) << "and restarts the backoff from the first wait";
    EXPECT_TRUE(p.due(t + milliseconds(100)));
    EXPECT_EQ(p.succeeded(), 1u);
    EXPECT_EQ(p.succeeded(), 0u) << "nothing to end";
}

TEST(RetryPacer, ACapBelowTheFirstWaitIsRaisedToIt) {
    RetryPacer p(milliseconds(500), milliseconds(100));
    const auto t0 = RetryPacer::Clock::time_point{} + std::chrono::hours(1);
    p.failed(t0);
    p.failed(t0 + milliseconds(500));
    EXPECT_FALSE(p.due(t0 + milliseconds(999)));
    EXPECT_TRUE(p.due(t0 + milliseconds(1000)));
}

}  // namespace
}  // namespace bm::meld
