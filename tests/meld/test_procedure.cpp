// The procedure R1–R6 (SPEC §13.3): gate necessity probes and the rules' edge cases.
#include <algorithm>

#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

KeyDirectory open_directory() {
    KeyDirectory d;
    d.group_key = "probe group key, at least 32 bytes long";
    d.group_key_fallback = true;
    d.brains["local"] = {"", 1, {"*"}};
    d.brains["peer"] = {"", 1, {"*"}};
    d.brains["canon"] = {"", 3, {"*"}};
    return d;
}

const char* kPortA = "The production database server in Frankfurt listens for client connections on port 8080";
const char* kPortB = "The production database server in Frankfurt listens for client connections on port 9090";
const char* kCache = "The nightly build cache is stored on the shared network drive in the Oulu office";
const char* kCacheParaphrase = "The nightly build cache is kept on the shared network drive in the Oulu office";
const char* kRetention = "Audit logs of the payment service are retained for five years under the EU rules";

struct Probe {
    std::string name;
    std::string held;
    Claim incoming;
};

// Three distinct-key probes, each built so exactly one gate blocks an otherwise high-σ merge.
std::vector<Probe> probes() {
    Claim cross_frame = claim(kRetention, "jurisdiction:US");  // same text, other frame
    Claim contradiction = claim(kPortB, "jurisdiction:EU");
    Claim stale = claim(kCacheParaphrase, "jurisdiction:EU");
    stale.retention = 0.05;
    return {{"context", kRetention, cross_frame}, {"inference", kPortA, contradiction}, {"staleness", kCache, stale}};
}

Decision run_probe(const Probe& probe, const Gates& gates) {
    BrainOptions options;
    options.gates = gates;
    Brain b("local", open_directory(), gate_test_thresholds(), lexical_engine(), options);
    EXPECT_EQ(b.assert_claim(claim(probe.held, "jurisdiction:EU")).patch->decision, Decision::kInsert);
    Admission a = b.receive(signed_claim(b.directory(), "peer", probe.incoming));
    EXPECT_TRUE(a.patch.has_value());
    return a.patch ? a.patch->decision : Decision::kInsert;
}

TEST(GateNecessity, EachGateBlocksItsOwnProbeAndDroppingItFlipsOnlyThatProbeToMerge) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const std::vector<Probe> ps = probes();
    const Gates all;
    EXPECT_EQ(run_probe(ps[0], all), Decision::kRelate);
    EXPECT_EQ(run_probe(ps[1], all), Decision::kConflict);
    EXPECT_EQ(run_probe(ps[2], all), Decision::kReject);
    for (size_t dropped = 0; dropped < 3; ++dropped) {
        Gates g;
        if (dropped == 0) g.context = false;
        if (dropped == 1) g.inference = false;
        if (dropped == 2) g.staleness = false;
        for (size_t i = 0; i < 3; ++i) {
            const Decision d = run_probe(ps[i], g);
            if (i == dropped)
                EXPECT_EQ(d, Decision::kMerge) << "dropping the " << ps[dropped].name << " gate";
            else
                EXPECT_NE(d, Decision::kMerge) << ps[i].name << " probe with the " << ps[dropped].name << " gate dropped";
        }
    }
}

class Procedure : public ::testing::Test {
protected:
    void SetUp() override {
        if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    }
    std::unique_ptr<Brain> brain(const std::string& id = "local") {
        return std::make_unique<Brain>(id, open_directory(), gate_test_thresholds(), lexical_engine());
    }
    Patch admit(Brain& b, const std::string& sender, Claim c) {
        Admission a = b.receive(signed_claim(b.directory(), sender, std::move(c), ++m_sent));
        EXPECT_EQ(a.outcome, Admission::Outcome::kAdmitted) << a.reason;
        return a.patch ? *a.patch : Patch{};
    }
    int64_t m_sent = 0;
};

TEST_F(Procedure, RejectIsTheAdmissionGateNeverNoMatch) {
    auto b = brain();
    Claim overruled = claim(kCache, "jurisdiction:EU");
    overruled.status = ClaimStatus::kOverruled;
    EXPECT_EQ(admit(*b, "peer", overruled).decision, Decision::kReject);
    EXPECT_TRUE(b->claims().empty()) << "a reject mutates nothing";
    // Nothing held at all: the claim is novel, inserted active.
    Patch novel = admit(*b, "peer", claim(kCache, "jurisdiction:EU"));
    EXPECT_EQ(novel.decision, Decision::kInsert);
    EXPECT_EQ(novel.rule, "R2");
    EXPECT_EQ(b->status(novel.subject), ClaimStatus::kActive);
    EXPECT_EQ(admit(*b, "peer", claim("Penguins huddle together in Antarctic winters", "jurisdiction:EU")).decision,
              Decision::kInsert);
}

TEST_F(Procedure, ExactKeyMergesInACompatibleFrameEvenFromALessAuthoritativeSource) {
    auto b = brain("canon");
    ASSERT_EQ(b->assert_claim(claim(kCache, "jurisdiction:EU", 3)).patch->decision, Decision::kInsert);
    // Same text up to case, spacing and trailing punctuation: the same key.
    Patch p = admit(*b, "peer", claim("the nightly build cache is stored on the  shared network drive in the Oulu office.",
                                      "jurisdiction:EU", 1));
    EXPECT_EQ(p.decision, Decision::kMerge);
    EXPECT_EQ(p.rule, "R4");
    EXPECT_TRUE(p.signals->kappa);
    EXPECT_EQ(b->claims().size(), 1u) << "an exact-key merge adds no duplicate";
    // A paraphrase from the same less authoritative source may not auto-merge: it relates.
    Patch para = admit(*b, "peer", claim(kCacheParaphrase, "jurisdiction:EU", 1));
    EXPECT_EQ(para.decision, Decision::kRelate);
    EXPECT_NE(std::find(para.gates.begin(), para.gates.end(), "authority"), para.gates.end());
}

TEST_F(Procedure, ExactKeyWithDisjointValidityRelates) {
    auto b = brain();
    Claim held = claim(kCache, "jurisdiction:EU");
    held.validity = {0, 1000};
    ASSERT_EQ(b->assert_claim(held).patch->decision, Decision::kInsert);
    Claim later = claim(kCache, "jurisdiction:EU");
    later.validity = {2000, 3000};
    Patch p = admit(*b, "peer", later);
    EXPECT_EQ(p.decision, Decision::kRelate);
    EXPECT_TRUE(p.signals->kappa);
}

TEST_F(Procedure, DeprecatedLocalClaimIsNeverAMergeTargetNorRevivedByItsKey) {
    auto b = brain();
    b->assert_claim(claim(kCache, "jurisdiction:EU"));
    Patch merged = admit(*b, "peer", claim(kCacheParaphrase, "jurisdiction:EU"));
    ASSERT_EQ(merged.decision, Decision::kMerge);
    ASSERT_EQ(b->status(merged.subject), ClaimStatus::kDeprecated);
    // The deprecated paraphrase arrives again byte-identical from another sender: not revived.
    Patch again = admit(*b, "canon", claim(kCacheParaphrase, "jurisdiction:EU", 3));
    EXPECT_FALSE(again.signals->kappa) << "the exact-key hit is deprecated, so it is no candidate";
    EXPECT_EQ(b->status(merged.subject), ClaimStatus::kDeprecated);
}

TEST_F(Procedure, GateAwareFallbackMergesIntoAnAdmissibleCandidateBehindAnIneligibleBest) {
    auto b = brain();
    // The best-σ candidate is in another frame (byte-identical text, US); c1 in the EU frame
    // passes every gate at σ ≥ θ_merge.
    b->assert_claim(claim(kC1, "jurisdiction:EU"));
    admit(*b, "peer", claim(kParaphrase, "jurisdiction:US"));
    Patch p = admit(*b, "peer", claim(kParaphrase, "jurisdiction:EU"));
    EXPECT_EQ(p.decision, Decision::kMerge);
    EXPECT_EQ(p.target, claim_key(kC1, Scope{{"jurisdiction:EU"}}));
    EXPECT_NE(std::find(p.gates.begin(), p.gates.end(), "fallback"), p.gates.end());
}

TEST_F(Procedure, ExactKeyHitBlockedByItsGatesFallsBackToTheSearch) {
    // The exact-key hit is active but in a disjoint validity window, so it cannot merge; the σ
    // search (run only in this case for an exact hit) finds c1, which passes every gate.
    auto b = brain();
    Claim held = claim(kParaphrase, "jurisdiction:EU", 3);
    held.validity = {0, 1000};
    ASSERT_EQ(admit(*b, "peer", held).decision, Decision::kInsert);
    ASSERT_EQ(admit(*b, "peer", claim(kC1, "jurisdiction:EU", 1)).decision, Decision::kRelate)
        << "a less authoritative paraphrase does not merge into the held one";
    Claim later = claim(kParaphrase, "jurisdiction:EU", 3);
    later.validity = {2000, 3000};
    Patch p = admit(*b, "peer", later);
    EXPECT_EQ(p.decision, Decision::kMerge);
    EXPECT_EQ(p.rule, "R5");
    EXPECT_EQ(p.target, claim_key(kC1, Scope{{"jurisdiction:EU"}}));
    EXPECT_NE(std::find(p.gates.begin(), p.gates.end(), "context"), p.gates.end());
    EXPECT_NE(std::find(p.gates.begin(), p.gates.end(), "fallback"), p.gates.end());
}

TEST_F(Procedure, ConflictIsGatedOnTheRelatednessFloorNotTheMergeThreshold) {
    auto b = brain();
    b->assert_claim(claim(kC1, "jurisdiction:EU"));
    Patch p = admit(*b, "peer", claim(kC2, "jurisdiction:EU"));
    ASSERT_EQ(p.decision, Decision::kConflict);
    ASSERT_LT(p.signals->sigma, b->thresholds().theta_merge);
    BrainOptions o;
    o.gates.conflict_at_sigma_lo = false;
    Brain ablated("local", open_directory(), gate_test_thresholds(), lexical_engine(), o);
    ablated.assert_claim(claim(kC1, "jurisdiction:EU"));
    Admission a = ablated.receive(signed_claim(ablated.directory(), "peer", claim(kC2, "jurisdiction:EU")));
    EXPECT_EQ(a.patch->decision, Decision::kRelate) << "gated on θ_merge the contradiction is lost";
}

TEST_F(Procedure, IndexAndExhaustiveScanDecideAlike) {
    BrainOptions scan;
    scan.use_index = false;
    Brain indexed("local", open_directory(), gate_test_thresholds(), lexical_engine());
    Brain exhaustive("local", open_directory(), gate_test_thresholds(), lexical_engine(), scan);
    const char* texts[] = {kC1, kParaphrase, kC2, kCache, kCacheParaphrase, kPortA, kPortB, kRetention};
    for (const char* t : texts) {
        Delta d = signed_claim(indexed.directory(), "peer", claim(t, "jurisdiction:EU"));
        Admission x = indexed.receive(d), y = exhaustive.receive(d);
        ASSERT_TRUE(x.patch && y.patch);
        EXPECT_EQ(x.patch->decision, y.patch->decision) << t;
        EXPECT_EQ(x.patch->target, y.patch->target) << t;
    }
}

TEST(Canon, KeyIgnoresCaseSpacingPunctuationAndComposition) {
    const Scope eu{{"jurisdiction:EU"}};
    EXPECT_EQ(claim_key("Café opens at nine.", eu), claim_key("  CAFE\xCC\x81   opens at NINE ", eu));
    EXPECT_NE(claim_key("Café opens at nine", eu), claim_key("Café opens at ten", eu));
    EXPECT_NE(claim_key("Café opens at nine", eu), claim_key("Café opens at nine", Scope{{"jurisdiction:US"}}));
    Scope two{{"team:ops", "jurisdiction:EU"}}, swapped{{"jurisdiction:EU", "team:ops"}};
    EXPECT_EQ(claim_key("x", two), claim_key("x", swapped));
}

}  // namespace
}  // namespace bm::meld
