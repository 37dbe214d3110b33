// StreamLedger: the handled-sequence floor, the lag grace period and the verification after
// transport errors that NatsTransport uses to read around a stalled or diverged consumer.
#include <gtest/gtest.h>

#include "meld/transport/stream_ledger.h"

namespace bm::meld {
namespace {

TEST(StreamLedger, FloorAdvancesOnlyOverContiguousSequences) {
    StreamLedger l;
    l.handled(2);
    l.handled(3);
    EXPECT_EQ(l.floor(), 0u) << "1 is missing";
    EXPECT_TRUE(l.has(3));
    EXPECT_FALSE(l.has(1));
    l.handled(1);
    EXPECT_EQ(l.floor(), 3u);
    l.handled(0);  // unknown sequence: no effect
    l.handled(2);  // again: no effect
    EXPECT_EQ(l.floor(), 3u);
    l.handled(5);
    l.skip_below(5);  // 4 was deleted from the stream
    EXPECT_EQ(l.floor(), 5u);
}

TEST(StreamLedger, ALagIsReadOnlyAfterTheGracePeriod) {
    StreamLedger l;
    l.handled(1);
    EXPECT_FALSE(l.lagging(1, 0, 500)) << "caught up";
    EXPECT_FALSE(l.lagging(3, 100, 500)) << "the consumer may still deliver 2 and 3";
    EXPECT_FALSE(l.lagging(3, 599, 500));
    EXPECT_TRUE(l.lagging(3, 600, 500)) << "lagged for the whole grace period";
    l.handled(2);
    l.handled(3);
    EXPECT_FALSE(l.lagging(3, 700, 500));
    EXPECT_FALSE(l.lagging(4, 800, 500)) << "a new lag starts a new grace period";
    EXPECT_FALSE(l.lagging(3, 900, 500)) << "delivered meanwhile: the lag is over";
    EXPECT_FALSE(l.lagging(4, 1000, 500)) << "and the next one waits again";
}

TEST(StreamLedger, VerificationStartsAtTheFirstErrorAndWaitsForQuietSuccess) {
    StreamLedger l;
    for (uint64_t s = 1; s <= 4; ++s) l.handled(s);
    EXPECT_FALSE(l.verify_due(0, 1000));
    l.error(100);
    l.handled(5);  // delivered during the turbulence: perhaps from a diverged replica
    l.error(200);
    EXPECT_EQ(l.verify_from(), 5u) << "from the first error, not the last";
    EXPECT_FALSE(l.verify_due(5000, 1000)) << "nothing succeeded since the error";
    l.success(6000);
    EXPECT_FALSE(l.verify_due(6999, 1000));
    l.error(6500);  // turbulence again: the quiet period restarts after the next success
    l.success(7000);
    EXPECT_FALSE(l.verify_due(7999, 1000));
    EXPECT_TRUE(l.verify_due(8000, 1000));
    l.verified();
    EXPECT_FALSE(l.verify_due(9000, 1000));
    EXPECT_FALSE(l.verify_pending());
}

}  // namespace
}  // namespace bm::meld
