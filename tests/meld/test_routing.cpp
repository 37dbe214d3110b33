// Routing of MELD deltas in process (issue 25): subscriptions by topic, claim-key prefix and
// interest profile deliver only to matching brains; the anti-entropy digest restores the status
// links routing skipped; `bench routing` on the tiny HotpotQA fixture.
#include <cmath>

#include "bench/meld/hotpotqa.h"
#include "bench/meld/routing.h"
#include "meld/federation.h"
#include "meld/subscription.h"
#include "hotpotqa_fixture.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

KeyDirectory routing_directory() {
    KeyDirectory d;
    d.group_key = "routing test group key";
    d.group_key_fallback = true;  // every brain signs with the group key
    for (const char* id : {"P", "EU", "US", "KEYS", "CATS", "LAW"}) d.brains[id] = {"", 1, {"*"}};
    return d;
}

std::vector<std::unique_ptr<Brain>> routing_brains() {
    std::vector<std::unique_ptr<Brain>> out;
    for (const char* id : {"P", "EU", "US", "KEYS", "CATS", "LAW"})
        out.push_back(std::make_unique<Brain>(id, routing_directory(), lexical_default_thresholds(), lexical_engine()));
    return out;
}

constexpr const char* kCats = "Domestic cats sleep for most of the day and hunt small rodents at night";

TEST(MeldRouting, TopicSubscriptionsDeliverOnlyTheirCells) {
    Router router(*lexical_engine());
    router.subscribe({"EU", {"jurisdiction:EU"}, {}, std::nullopt});
    router.subscribe({"US", {"jurisdiction:US"}, {}, std::nullopt});
    router.subscribe({"LAW", {"jurisdiction:"}, {}, std::nullopt});  // a prefix: every jurisdiction
    const Delta eu = signed_claim(routing_directory(), "P", claim(kC1, "jurisdiction:EU"));
    const Delta us = signed_claim(routing_directory(), "P", claim(kC2, "jurisdiction:US"));
    const Delta other = signed_claim(routing_directory(), "P", claim(kCats, "topic:pets"));
    EXPECT_EQ(router.recipients(eu, "P"), (std::vector<std::string>{"EU", "LAW"}));
    EXPECT_EQ(router.recipients(us, "P"), (std::vector<std::string>{"US", "LAW"}));
    EXPECT_TRUE(router.recipients(other, "P").empty()) << "no subscription matches topic:pets";
    EXPECT_EQ(router.recipients(eu, "EU"), (std::vector<std::string>{"LAW"})) << "never back to the sender";
}

TEST(MeldRouting, ClaimKeyPrefixSubscriptionsShardByKey) {
    Router router(*lexical_engine());
    Subscription low{"KEYS", {}, {"0", "1", "2", "3", "4", "5", "6", "7"}, std::nullopt};
    router.subscribe(low);
    size_t routed = 0, total = 0;
    for (const char* text : {kC1, kC2, kParaphrase, kCats, "The sky is blue", "Water boils at 100 degrees", "Paris is in France",
                             "Owls are nocturnal"}) {
        const Delta d = signed_claim(routing_directory(), "P", claim(text, "topic:x"));
        const bool low_key = std::string("01234567").find(claim_key(*d.claim)[0]) != std::string::npos;
        EXPECT_EQ(router.recipients(d, "P").size(), low_key ? 1u : 0u) << text;
        routed += low_key;
        ++total;
    }
    EXPECT_GT(routed, 0u);
    EXPECT_LT(routed, total) << "the fixture should have keys on both halves";
}

TEST(MeldRouting, InterestProfilesRouteByContentWithTopOneFallback) {
    const SignalEngine& engine = *lexical_engine();
    Router router(engine);
    Subscription law{"LAW", {}, {}, build_interest_profile(engine, {"how long customer data must be retained or deleted"})};
    law.min_similarity = 0.2;
    Subscription cats{"CATS", {}, {}, build_interest_profile(engine, {"cats and their sleeping and hunting habits"})};
    cats.min_similarity = 0.2;
    router.subscribe(law);
    router.subscribe(cats);
    const Delta retention = signed_claim(routing_directory(), "P", claim(kC1, "topic:x"));
    const Delta pets = signed_claim(routing_directory(), "P", claim(kCats, "topic:x"));
    EXPECT_EQ(router.recipients(retention, "P"), (std::vector<std::string>{"LAW"}));
    EXPECT_EQ(router.recipients(pets, "P"), (std::vector<std::string>{"CATS"}));
    // Above any σ only top-1 is left: an unrelated claim still reaches exactly one brain.
    law.min_similarity = cats.min_similarity = std::numeric_limits<double>::infinity();
    router.subscribe(law);
    router.subscribe(cats);
    const Delta sky = signed_claim(routing_directory(), "P", claim("The sky over the harbour is blue", "topic:x"));
    EXPECT_EQ(router.recipients(sky, "P").size(), 1u);
    // A threshold of 0 reaches both.
    law.min_similarity = cats.min_similarity = 0;
    router.subscribe(law);
    router.subscribe(cats);
    EXPECT_EQ(router.recipients(sky, "P").size(), 2u);
}

TEST(MeldRouting, LinksFollowTheClaimsAProfileHolds) {
    const SignalEngine& engine = *lexical_engine();
    Router router(engine);
    router.subscribe({"LAW", {}, {}, build_interest_profile(engine, {"data retention"}), 0.2});
    router.subscribe({"CATS", {}, {}, build_interest_profile(engine, {"cats"}), 0.2});
    StatusLink link;
    link.claim = claim_key(kC1, Scope{{"topic:x"}});
    link.claim_scope = {"topic:x"};
    link.kind = "deprecate";
    link.author = "P";
    link.authority = 1;
    const Delta d = signed_link(routing_directory(), link);
    EXPECT_TRUE(router.recipients(d, "P").empty()) << "nobody holds the claim yet";
    router.note_held("LAW", link.claim);
    EXPECT_EQ(router.recipients(d, "P"), (std::vector<std::string>{"LAW"}));
}

TEST(MeldRouting, FederationDeliversOnlyToMatchingSubscribers) {
    Federation fed(routing_brains(), TransportOptions{});
    Router router(*lexical_engine());
    router.subscribe({"EU", {"jurisdiction:EU"}, {}, std::nullopt});
    router.subscribe({"US", {"jurisdiction:US"}, {}, std::nullopt});
    fed.set_router(&router);
    fed.brain(0).assert_claim(claim(kC1, "jurisdiction:EU"));
    fed.brain(0).assert_claim(claim(kC2, "jurisdiction:US"));
    fed.brain(0).assert_claim(claim(kCats, "topic:pets"));
    fed.publish_outboxes();
    EXPECT_EQ(fed.deliver(), 2u) << "one copy each to EU and US; topic:pets has no subscriber";
    EXPECT_GT(fed.delivered_bytes(), 0u);
    EXPECT_EQ(fed.brain(1).claims().size(), 1u);
    EXPECT_EQ(fed.brain(1).claims()[0].claim.text, kC1);
    EXPECT_EQ(fed.brain(2).claims().size(), 1u);
    EXPECT_EQ(fed.brain(2).claims()[0].claim.text, kC2);
    for (size_t i = 3; i < fed.size(); ++i) EXPECT_TRUE(fed.brain(i).claims().empty()) << fed.brain(i).id();

    fed.set_router(nullptr);  // flooding: every other brain
    fed.brain(0).assert_claim(claim(kParaphrase, "jurisdiction:EU"));
    fed.publish_outboxes();
    EXPECT_EQ(fed.deliver(), fed.size() - 1);
}

TEST(MeldRouting, DigestRestoresTheStatusLinksRoutingSkipped) {
    Federation fed(routing_brains(), TransportOptions{});
    const SignalEngine& engine = *lexical_engine();
    Router router(engine);
    // LAW is interested in retention by content; US only by its topic.
    router.subscribe({"LAW", {}, {}, build_interest_profile(engine, {"customer data retention"}), 0.2});
    router.subscribe({"US", {"jurisdiction:US"}, {}, std::nullopt});
    fed.set_router(&router);
    fed.brain(0).assert_claim(claim(kC1, "jurisdiction:EU"));
    fed.publish_outboxes();
    fed.deliver();
    const std::string key = claim_key(kC1, Scope{{"jurisdiction:EU"}});
    ASSERT_NE(fed.brain(5).find(key), nullptr) << "LAW received the claim by content";
    // The author deprecates it; routing sends the link to the holder only.
    StatusLink link;
    link.claim = key;
    link.claim_scope = {"jurisdiction:EU"};
    link.effect = ClaimStatus::kDeprecated;
    link.kind = "deprecate";
    fed.brain(0).author_link(link);
    fed.publish_outboxes();
    EXPECT_EQ(fed.deliver(), 1u);
    EXPECT_EQ(fed.brain(5).status(key), ClaimStatus::kDeprecated);
    size_t without = 0;
    for (size_t i = 1; i < fed.size(); ++i) without += fed.brain(i).status_links().size() == 0;
    EXPECT_EQ(without, 4u) << "routing skipped the other four brains";
    const SyncCost cost = fed.anti_entropy_round();
    EXPECT_EQ(cost.links_pulled, 4u);
    EXPECT_GT(cost.bytes, 0u);
    const std::string reference = digest_bytes(fed.brain(0).status_links().digest());
    for (size_t i = 1; i < fed.size(); ++i) EXPECT_EQ(digest_bytes(fed.brain(i).status_links().digest()), reference) << fed.brain(i).id();
}

const std::vector<QaItem>& fixture() { return tiny_hotpotqa(); }

TEST(MeldRoutingBench, SubjectRoutingMatchesFloodingAtAThirdOfTheMessages) {
    const RoutingResult r = measure_routing(lexical_engine(), fixture(), RoutingOptions{});
    ASSERT_EQ(r.arms.size(), 2 + kSemanticThresholds.size());
    const RoutingArm& flood = r.arms[0];
    const RoutingArm& subject = r.arms[1];
    EXPECT_EQ(flood.strategy, RoutingStrategy::kFlooding);
    EXPECT_EQ(flood.claim_messages, kRoutingSinks * r.claims_published) << "flooding: every sink gets every claim";
    EXPECT_EQ(subject.claim_messages, r.claims_published) << "subject: exactly the answering sink";
    EXPECT_EQ(subject.link_messages, r.links_published);
    EXPECT_DOUBLE_EQ(flood.routing_recall, 1.0);
    EXPECT_DOUBLE_EQ(subject.routing_recall, 1.0);
    EXPECT_DOUBLE_EQ(subject.recall_at_5, flood.recall_at_5) << "the same claims reach the answering sink";
    EXPECT_EQ(flood.links_held, flood.links_needed);
    EXPECT_GT(r.links_published, 0u);
}

TEST(MeldRoutingBench, SemanticArmsTradeMessagesForRecallAndTheDigestCompletesLinks) {
    const RoutingResult r = measure_routing(lexical_engine(), fixture(), RoutingOptions{});
    const RoutingArm& flood = r.arms[0];
    size_t previous = 0;
    for (size_t i = 2; i < r.arms.size(); ++i) {
        const RoutingArm& a = r.arms[i];
        EXPECT_EQ(a.strategy, RoutingStrategy::kSemantic);
        EXPECT_GE(a.claim_messages, r.claims_published) << "top-1 fallback: every claim reaches at least one sink";
        EXPECT_LE(a.claim_messages, flood.claim_messages);
        EXPECT_GE(a.claim_messages, previous) << "a lower threshold never delivers fewer messages";
        previous = a.claim_messages;
        EXPECT_EQ(a.links_held_after_digest, a.links_needed) << "the digest restores every skipped link";
    }
    EXPECT_TRUE(std::isinf(r.arms[2].threshold));
    EXPECT_EQ(r.arms[2].claim_messages, r.claims_published) << "top-1 only: exactly one copy per claim";
    ASSERT_GE(r.matched, 2u);
    if (r.semantic_matched) {
        EXPECT_GE(r.arms[r.matched].recall_at_5, flood.recall_at_5 - kMatchTolerance);
    }
    if (r.semantic_delivers) {
        EXPECT_GE(r.arms[r.delivery_matched].routing_recall, kDeliveryTarget);
    }
    const RoutingResult again = measure_routing(lexical_engine(), fixture(), RoutingOptions{});
    for (size_t i = 0; i < r.arms.size(); ++i) {
        EXPECT_EQ(again.arms[i].bytes, r.arms[i].bytes) << "same seed, same bytes";
        EXPECT_EQ(again.arms[i].recall_at_5, r.arms[i].recall_at_5);
    }
}

}  // namespace
}  // namespace bm::meld
