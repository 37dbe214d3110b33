// `beliefmerge bench partition-heal --trials 2` as the real binary on a real 3-node nats-server
// cluster: every trial agrees under the status CRDT, nothing is lost or stored twice, and the
// figures the table reports are filled in, including the reads around a stalled consumer.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "test_nats_support.h"

namespace bm::meld {
namespace {

// Runs the bench; its stdout and exit status.
std::pair<std::string, int> run_bench() {
    std::string out;
    FILE* p = ::popen(BELIEFMERGE_BIN " bench partition-heal --trials 2 --seed 7 --json 2>/dev/null", "r");
    if (!p) return {"", -1};
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    return {out, ::pclose(p)};
}

TEST(PartitionHealBench, TwoTrialsOnARealClusterAgreeWithNothingLost) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    // One run, no retry: a brain reads around a consumer that stalls or skips after the frozen node
    // wakes up (docs/meld.md "Partition heal: the cause"), so every trial must agree.
    const auto [out, status] = run_bench();
    const auto j = nlohmann::json::parse(out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << "not JSON:\n" << out;
    EXPECT_EQ(status, 0) << out;
    EXPECT_EQ(j["trials"], 2);
    EXPECT_EQ(j["crdt_agree"], 2);
    EXPECT_EQ(j["lost"], 0);
    EXPECT_EQ(j["duplicated"], 0);
    EXPECT_TRUE(j.contains("direct_reads"));
    ASSERT_EQ(j["rows"].size(), 2u);
    for (const auto& row : j["rows"]) {
        EXPECT_GT(row["converge_ms"].get<double>(), 0.0);
        EXPECT_GT(row["wire_bytes"].get<uint64_t>(), 0u);
        EXPECT_GE(row["links"].get<size_t>(), 3u) << "the reject race alone writes one link per brain";
        EXPECT_EQ(row["stream_messages"].get<uint64_t>(), row["claims"].get<uint64_t>() + row["links"].get<uint64_t>())
            << "the stream holds each authored delta once";
    }
    EXPECT_EQ(j["rows"][0]["isolated"], "A");
    EXPECT_EQ(j["rows"][1]["isolated"], "B");
    EXPECT_FALSE(j["cpu_model"].get<std::string>().empty());
}

}  // namespace
}  // namespace bm::meld
