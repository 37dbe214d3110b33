// The paper's running example (its Figure 2) through the real procedure and status CRDT, over
// 200 random delivery orders of the status links.
#include <algorithm>
#include <random>

#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

struct Figure2 {
    KeyDirectory dir = figure2_directory();
    Delta paraphrase = signed_claim(dir, "A", claim(kParaphrase, "jurisdiction:EU"));
    Delta us_rule = signed_claim(dir, "U", claim(kParaphrase, "jurisdiction:US"));
    Delta c2 = signed_claim(dir, "T", claim(kC2, "jurisdiction:EU"));
    std::string c1_key = claim_key(kC1, Scope{{"jurisdiction:EU"}});
    std::string c2_key = claim_key(kC2, Scope{{"jurisdiction:EU"}});
    std::string para_key = claim_key(kParaphrase, Scope{{"jurisdiction:EU"}});
    std::string us_key = claim_key(kParaphrase, Scope{{"jurisdiction:US"}});

    StatusLink link(const std::string& author, const std::string& claim, ClaimStatus effect, const char* kind,
                    int authority, int64_t issued) const {
        StatusLink l;
        l.claim = claim;
        l.claim_scope = {"jurisdiction:EU"};
        l.effect = effect;
        l.kind = kind;
        l.author = author;
        l.authority = authority;
        l.issued = issued;
        l.seal();
        return l;
    }
    // B's earlier deprecate of c2, C's overrule of c2, and a US-origin overrule of the EU claim c1.
    std::vector<Delta> status_deltas() const {
        return {signed_link(dir, link("B", c2_key, ClaimStatus::kDeprecated, "deprecate", 1, 10)),
                signed_link(dir, link("C", c2_key, ClaimStatus::kOverruled, "overrule", 3, 11)),
                signed_link(dir, link("U", c1_key, ClaimStatus::kOverruled, "overrule", 3, 12))};
    }
    std::unique_ptr<Brain> receiver() const {
        auto b = std::make_unique<Brain>("B", dir, lexical_default_thresholds(), lexical_engine());
        EXPECT_EQ(b->assert_claim(claim(kC1, "jurisdiction:EU")).patch->decision, Decision::kInsert);
        return b;
    }
};

TEST(Figure2, EachDeltaTakesTheDepictedOutcome) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    Figure2 f;
    auto b = f.receiver();
    Admission m1 = b->receive(f.paraphrase);
    ASSERT_TRUE(m1.patch);
    EXPECT_EQ(m1.patch->decision, Decision::kMerge);
    EXPECT_EQ(m1.patch->rule, "R5");
    EXPECT_EQ(m1.patch->target, f.c1_key);
    EXPECT_FALSE(m1.patch->signals->kappa);
    // R5's similarity gate: σ ≥ θ_merge, or the fitted merge combiner (σ 0.894 under θ_merge 0.94).
    EXPECT_TRUE(m1.patch->signals->sigma >= b->thresholds().theta_merge ||
                lexical_engine()->combiner().passes(lexical_engine()->features(
                    lexical_engine()->prepare(kC1), lexical_engine()->prepare(kParaphrase), m1.patch->signals->sigma)))
        << m1.patch->signals->sigma;
    ASSERT_EQ(m1.patch->links.size(), 1u);
    EXPECT_EQ(m1.patch->links[0].kind, "supersedes");
    EXPECT_EQ(m1.patch->links[0].target, f.c1_key);

    Admission m2 = b->receive(f.us_rule);
    ASSERT_TRUE(m2.patch);
    EXPECT_EQ(m2.patch->decision, Decision::kRelate);
    EXPECT_NE(f.us_key, f.para_key) << "scope is part of the claim key";
    EXPECT_EQ(m2.patch->target, f.c1_key);
    EXPECT_NE(std::find(m2.patch->gates.begin(), m2.patch->gates.end(), "context"), m2.patch->gates.end());
    ASSERT_EQ(m2.patch->mappings.size(), 1u);
    EXPECT_EQ(m2.patch->mappings[0].kind, "association");

    Admission m3 = b->receive(f.c2);
    ASSERT_TRUE(m3.patch);
    EXPECT_EQ(m3.patch->decision, Decision::kConflict);
    EXPECT_EQ(m3.patch->target, f.c1_key);
    EXPECT_LT(m3.patch->signals->sigma, b->thresholds().theta_merge) << "surfaced only because R3 keys on σ_lo";
    ASSERT_EQ(m3.patch->contradictions.size(), 1u);
    EXPECT_EQ(b->status(f.c1_key), ClaimStatus::kActive);
    EXPECT_EQ(b->status(f.c2_key), ClaimStatus::kActive) << "a conflict picks no winner";
}

TEST(Figure2, FinalStateIsTheSameOnTwoHundredStatusLinkOrders) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    Figure2 f;
    std::vector<Delta> claims = {f.paraphrase, f.us_rule, f.c2};
    std::vector<Delta> links = f.status_deltas();
    std::set<std::string> outcomes;
    for (uint32_t seed = 0; seed < 200; ++seed) {
        std::mt19937 rng(seed);
        // Status links in a random order, interleaved at random positions among the claims, one
        // of them delivered twice.
        std::vector<Delta> order = links;
        order.push_back(links[rng() % links.size()]);
        std::shuffle(order.begin(), order.end(), rng);
        std::vector<Delta> stream = claims;
        for (const Delta& d : order) stream.insert(stream.begin() + static_cast<long>(rng() % (stream.size() + 1)), d);
        auto b = f.receiver();
        for (const Delta& d : stream) {
            Admission a = b->receive(d);
            ASSERT_NE(a.outcome, Admission::Outcome::kDroppedMac);
        }
        ASSERT_EQ(b->status(f.c1_key), ClaimStatus::kActive) << "seed " << seed;
        ASSERT_EQ(b->status(f.para_key), ClaimStatus::kDeprecated) << "seed " << seed;
        ASSERT_EQ(b->status(f.us_key), ClaimStatus::kActive) << "seed " << seed;
        ASSERT_EQ(b->status(f.c2_key), ClaimStatus::kOverruled) << "seed " << seed;
        ASSERT_EQ(b->mappings().size(), 1u);
        EXPECT_EQ(b->mappings()[0].from, f.us_key);
        ASSERT_EQ(b->contradictions().size(), 1u);
        // The US overrule is stored and auditable, but never materialises.
        bool stored = false;
        for (const StatusLink* l : b->status_links().links_of(f.c1_key)) stored = stored || l->author == "U";
        EXPECT_TRUE(stored);
        std::string outcome;
        for (const auto& held : b->claims()) outcome += held.key + "=" + claim_status_name(b->status(held.key)) + ";";
        outcomes.insert(outcome);
    }
    EXPECT_EQ(outcomes.size(), 1u);
}

}  // namespace
}  // namespace bm::meld
