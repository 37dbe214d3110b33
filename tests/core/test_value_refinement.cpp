// One fact worded with more or fewer words is one value in the merge; a rival value stays a dispute.
#include <gtest/gtest.h>

#include "merge/merger.h"
#include "merge/trust_invariants.h"
#include "merge/value_refinement.h"

namespace bm {
namespace {

Claim said(const std::string& branch, const std::string& value, TrustLabel trust = TrustLabel::kExternal) {
    Claim c;
    c.key = "tool.bash";
    c.value = value;
    c.evidence = EvidenceLevel::kToolVerified;
    c.provenance_rank = 2;
    c.trust = trust;
    c.source.branch_id = branch;
    c.source.message_id = branch + "-m1";
    c.source.seq = 1;
    c.quote = value;
    return c;
}

TEST(ValueRefinement, FewerWordsReadTheSameOnlyWhenNothingLeftOutTurnsTheMeaning) {
    EXPECT_TRUE(reads_as_same("bash is disabled by policy", "Bash is disabled by codex policy in this session."));
    EXPECT_TRUE(reads_as_same("PONG", "pong"));
    EXPECT_FALSE(reads_as_same("bash is disabled", "bash is not disabled"));
    EXPECT_FALSE(reads_as_same("bash is disabled", "bash isn't disabled"));
    EXPECT_FALSE(reads_as_same("bash is disabled", "bash isn\u2019t disabled"));  // a typographic apostrophe
    EXPECT_FALSE(reads_as_same("created", "created and deleted"));
    EXPECT_FALSE(reads_as_same("tests pass", "tests pass except test_parse"));
    EXPECT_FALSE(reads_as_same("tests pass", "some tests pass"));
    EXPECT_FALSE(reads_as_same("listens on port", "listens on port 8080"));
    EXPECT_FALSE(reads_as_same("enabled", "enabled previously"));
    EXPECT_FALSE(reads_as_same("the build succeeded", "the build failed"));   // not a subsequence
    EXPECT_FALSE(reads_as_same("man bites dog", "dog bites man"));           // order counts
    EXPECT_FALSE(reads_as_same("bash is disabled by codex policy", "bash is disabled by policy"));  // more words
    EXPECT_FALSE(reads_as_same("", "anything"));
}

TEST(ValueRefinement, CommonReadingNeedsOneChainAndPicksTheMostGeneralWording) {
    EXPECT_EQ(common_reading({"bash is disabled by codex policy", "bash is disabled by policy",
                              "bash is disabled by codex policy in this session"}),
              "bash is disabled by policy");
    EXPECT_EQ(common_reading({"Pong", "PONG"}), "PONG");  // equal words: the byte-wise smallest
    // Two wordings that each add their own detail are rivals, even though a third reads as both.
    EXPECT_EQ(common_reading({"disabled by policy", "disabled by codex policy", "disabled by admin policy"}), std::nullopt);
    EXPECT_EQ(common_reading({"saffron", "marmalade"}), std::nullopt);
    EXPECT_EQ(common_reading({"same", "same"}), std::nullopt);  // one distinct value: nothing to join
}

TEST(ValueRefinement, TheMergeSettlesOneFactWordedTwiceWithBothClaimsAsSupport) {
    const std::vector<BranchClaims> branches = {
        {"codex", "s1", {said("codex", "bash is disabled by codex policy in this session")}},
        {"hooks", "s2", {said("hooks", "bash is disabled by policy", TrustLabel::kTrusted)}}};
    const MergedSnapshot snap = merge_branches(branches);
    const Slot* s = snap.find("tool.bash");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->state, SlotState::kSettled);
    EXPECT_EQ(s->winner, "bash is disabled by policy");
    ASSERT_EQ(s->values.size(), 1u);
    EXPECT_EQ(s->values[0].supporters.size(), 2u);
    EXPECT_TRUE(s->disputes.empty());
    // Each supporter keeps its own words, and trust joins only over claims that assert the shown reading.
    EXPECT_EQ(snap.claim(s->values[0].supporters[0]).value, "bash is disabled by codex policy in this session");
    EXPECT_TRUE(check_trust_invariants(snap).empty());
    // Order of the inputs does not matter (the join depends on the set of values only).
    const MergedSnapshot swapped = merge_branches({branches[1], branches[0]});
    EXPECT_EQ(swapped.find("tool.bash")->winner, s->winner);
    EXPECT_EQ(merge_snapshots(snap, snap).find("tool.bash")->values.size(), 1u);
}

TEST(ValueRefinement, ARivalValueStillDisputes) {
    for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
             {"bash is disabled by policy", "bash is not disabled by policy"},
             {"created", "created and deleted"},
             {"saffron", "marmalade"}}) {
        const MergedSnapshot snap = merge_branches({{"a", "s1", {said("a", a)}}, {"b", "s2", {said("b", b)}}});
        EXPECT_EQ(snap.find("tool.bash")->state, SlotState::kDisputed) << a << " / " << b;
        EXPECT_EQ(snap.find("tool.bash")->values.size(), 2u);
    }
}

}  // namespace
}  // namespace bm
