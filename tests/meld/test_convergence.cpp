// Status CRDT convergence (SPEC §13.4): read-time gating, authorisation, digests and anti-entropy,
// a partition that heals, and canonical re-adjudication — through the in-process federation.
#include "meld/canonical.h"
#include "bench/meld/convergence.h"
#include "meld/federation.h"
#include "meld/transport/brain_peer.h"
#include "meld/transport/in_process_transport.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

TEST(StatusCrdt, JoinIsOrderIndependentWhereLastWriterWinsIsNot) {
    LifecycleResult r = contested_lifecycle(200);
    EXPECT_EQ(r.crdt.agreement, 1.0);
    EXPECT_EQ(r.crdt.distinct, 1u);
    EXPECT_LT(r.lww.agreement, 0.5);
    EXPECT_GT(r.lww.distinct, 10u);
}

TEST(StatusCrdt, PartitionTimesReorderSweepAgreesInEveryCell) {
    for (const SweepCell& cell : partition_reorder_sweep(10)) {
        EXPECT_EQ(cell.crdt.agreement, 1.0) << cell.duration << " x " << cell.reorder;
        if (cell.reorder == 0) {
            EXPECT_EQ(cell.lww.agreement, 1.0);
        }
    }
}

TEST(StatusCrdt, ReadTimeGateConvergesTheRejectRaceWhereAnAdmissionTimeGateSplits) {
    RejectRaceResult r = reject_race(200);
    EXPECT_EQ(r.read_time_agree, 200u);
    EXPECT_EQ(r.read_time_outcome, "revoked");
    EXPECT_GT(r.admission_overruled, 40u);
    EXPECT_GT(r.admission_revoked, 40u);
}

TEST(StatusCrdt, StaleAndUnauthorisedLinksAreStoredButNeverMaterialise) {
    KeyDirectory dir = figure2_directory();
    StatusCrdt crdt;
    StatusLink stale;
    stale.claim = "k";
    stale.claim_scope = {"jurisdiction:EU"};
    stale.effect = ClaimStatus::kOverruled;
    stale.kind = "overrule";
    stale.author = "C";
    stale.authority = 3;
    stale.retention = 0.01;
    stale.seal();
    StatusLink foreign = stale;
    foreign.retention = 1;
    foreign.author = "U";  // authority 3, but only for US cells
    foreign.seal();
    StatusLink weak = foreign;
    weak.author = "A";  // EU cell, authority 1 < overrule_authority
    weak.seal();
    StatusLink carried = weak;
    carried.author = "C";
    carried.carried = ClaimStatus::kDeprecated;  // the link itself is stale
    carried.seal();
    for (const auto& l : {stale, foreign, weak, carried}) EXPECT_TRUE(crdt.add(l));
    EXPECT_FALSE(crdt.add(stale)) << "idempotent";
    EXPECT_EQ(crdt.links_of("k").size(), 4u);
    EXPECT_EQ(crdt.status("k", dir, GateOptions{}), ClaimStatus::kActive);
    StatusLink good = carried;
    good.carried = ClaimStatus::kActive;
    good.seal();
    crdt.add(good);
    EXPECT_EQ(crdt.status("k", dir, GateOptions{}), ClaimStatus::kOverruled);
}

TEST(AntiEntropy, ARepairThatAPeerStillLacksIsSentAgain) {
    // Over BrainPeers on the in-process bus: C's overrule and then C's first repair of it are lost
    // (a consumer that skipped them for good); A's later digests still lack it, so C re-sends it.
    const KeyDirectory dir = figure2_directory();
    InProcessBus bus(TransportOptions{});
    Brain a("A", dir, Thresholds{}, lexical_engine()), c("C", dir, Thresholds{}, lexical_engine());
    BrainPeer pa(a, bus.join("A")), pc(c, bus.join("C"));
    c.assert_claim(claim(kC2, "jurisdiction:EU"));
    ASSERT_TRUE(pc.flush().ok());
    ASSERT_TRUE(pa.consume().ok());
    const std::string key = claim_key(kC2, Scope{{"jurisdiction:EU"}});
    ASSERT_EQ(a.status(key), ClaimStatus::kActive);
    StatusLink overrule = overrule_of(key, "jurisdiction:EU");
    c.author_link(overrule);
    ASSERT_EQ(c.status(key), ClaimStatus::kOverruled);
    auto lossy = [&](bool on) { bus.set_loss(on ? 1.0 : 0.0); };
    lossy(true);
    ASSERT_TRUE(pc.flush().ok());  // the overrule: lost
    lossy(false);
    auto digest_round = [&](bool lose_repairs) {
        ASSERT_TRUE(pa.flush(true).ok());  // A's digest reaches C
        ASSERT_TRUE(pc.consume().ok());
        lossy(lose_repairs);
        ASSERT_TRUE(pc.flush().ok());
        lossy(false);
        ASSERT_TRUE(pa.consume().ok());
    };
    digest_round(true);  // C repairs; the repair is lost too
    EXPECT_EQ(pc.counters().repairs_sent, 1u);
    for (int i = 1; i < BrainPeer::kRepairAgainAfter; ++i) {
        digest_round(false);
        EXPECT_EQ(a.status(key), ClaimStatus::kActive) << "not re-sent before digest " << BrainPeer::kRepairAgainAfter;
    }
    digest_round(false);
    EXPECT_EQ(a.status(key), ClaimStatus::kOverruled);
    EXPECT_EQ(pc.counters().repairs_sent, 2u);
    EXPECT_EQ(pc.counters().repairs_resent, 1u);
    digest_round(false);  // A holds it now: nothing more is sent
    EXPECT_EQ(pc.counters().repairs_sent, 2u);
}

TEST(AntiEntropy, DigestRestoresAgreementUnderLoss) {
    LossResult r = lossy_routing({0.0, 0.1}, 2);
    ASSERT_EQ(r.rows.size(), 2u);
    EXPECT_EQ(r.rows[0].agreement_without, 1.0);
    EXPECT_LT(r.rows[1].agreement_without, 1.0);
    EXPECT_EQ(r.rows[1].agreement_with, 1.0);
    EXPECT_EQ(r.rows[1].rounds, 1);
    EXPECT_GT(r.rows[1].links_repaired, 0);
}

TEST(Federation, PartitionedBrainReconvergesAfterHealUnderReorderAndDuplication) {
    KeyDirectory dir = figure2_directory();
    std::vector<std::unique_ptr<Brain>> brains;
    for (const char* id : {"A", "B", "C"})
        brains.push_back(std::make_unique<Brain>(id, dir, lexical_default_thresholds(), lexical_engine()));
    TransportOptions t;
    t.reorder = 1.0;
    t.duplication = 0.5;
    t.seed = 7;
    Federation f(std::move(brains), t);
    f.brain(1).assert_claim(claim(kC2, "jurisdiction:EU"));
    f.publish_outboxes();
    f.deliver();
    const std::string c2 = claim_key(kC2, Scope{{"jurisdiction:EU"}});
    f.partition(0, true);
    StatusLink deprecate;
    deprecate.claim = c2;
    deprecate.claim_scope = {"jurisdiction:EU"};
    deprecate.effect = ClaimStatus::kDeprecated;
    deprecate.kind = "deprecate";
    f.brain(1).author_link(deprecate);
    StatusLink overrule = deprecate;
    overrule.effect = ClaimStatus::kOverruled;
    overrule.kind = "overrule";
    f.brain(2).author_link(overrule);
    f.publish_outboxes();
    f.deliver();
    EXPECT_EQ(f.brain(1).status(c2), ClaimStatus::kOverruled);
    EXPECT_EQ(f.brain(0).status(c2), ClaimStatus::kActive) << "cut off during the partition";
    f.partition(0, false);
    f.deliver();  // re-consumption of what queued while cut
    for (size_t i = 0; i < 3; ++i) EXPECT_EQ(f.brain(i).status(c2), ClaimStatus::kOverruled) << i;
    EXPECT_EQ(digest_bytes(f.brain(0).status_links().digest()), digest_bytes(f.brain(2).status_links().digest()));
}

// The in-process Transport keeps NatsTransport's contract: what the handler declines comes again,
// a partitioned endpoint's inbox waits for the heal, publish_to reaches only the named endpoint.
TEST(InProcessTransport, RedeliversDeclinedMessagesHoldsACutInboxAndRoutesToOneRecipient) {
    const KeyDirectory dir = figure2_directory();
    InProcessBus bus(TransportOptions{});
    InProcessTransport& a = bus.join("A");
    InProcessTransport& b = bus.join("B");
    InProcessTransport& c = bus.join("C");
    const Delta d = signed_claim(dir, "A", claim(kC1, "jurisdiction:EU"));
    ASSERT_TRUE(a.publish(d, WireTopic::kClaim));
    size_t seen = 0;
    auto decline = [&](const WireMessage& m) {
        ++seen;
        EXPECT_EQ(m.subject, "meld.jurisdiction:EU.claim");
        return false;
    };
    auto accept = [&](const WireMessage&) { return ++seen, true; };
    EXPECT_EQ(*b.poll(decline, 10, 0), 1u);
    EXPECT_EQ(*b.poll(accept, 10, 0), 1u) << "declined, so delivered again";
    EXPECT_EQ(*b.poll(accept, 10, 0), 0u) << "acknowledged: gone";
    EXPECT_EQ(*a.poll(accept, 10, 0), 0u) << "the publisher does not receive its own delta";
    bus.partition(2, true);
    EXPECT_EQ(*c.poll(accept, 10, 0), 0u) << "cut off";
    bus.partition(2, false);
    EXPECT_EQ(*c.poll(accept, 10, 0), 1u) << "the held inbox after the heal";
    ASSERT_TRUE(a.publish_to(d, WireTopic::kClaim, "C"));
    EXPECT_EQ(*b.poll(accept, 10, 0), 0u);
    EXPECT_EQ(*c.poll([](const WireMessage& m) { return m.subject == "meld.inbox:C.claim"; }, 10, 0), 1u);
    EXPECT_EQ(bus.delivered(), 4u) << "handed to handlers, the declined copy included";
}

TEST(CanonicalReadjudication, SameClaimsGiveTheSameGraphInAnyOrder) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    OrderSensitivityResult r = order_sensitivity(lexical_engine(), 40);
    EXPECT_GT(r.distinct_without, 1u) << "the per-pair merge graph is order-sensitive";
    EXPECT_EQ(r.distinct_with, 1u);
}

}  // namespace
}  // namespace bm::meld
