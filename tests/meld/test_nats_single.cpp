// The NATS JetStream transport against one real nats-server: brains converge through the server,
// deliveries are at-least-once and idempotent, nothing received is echoed, MACs are checked.
#include <gtest/gtest.h>

#include <nats/nats.h>

#include <chrono>

#include "meld/transport/brain_peer.h"
#include "meld/transport/nats_transport.h"
#include "meld_fixture.h"
#include "test_nats_support.h"

namespace bm::meld {
namespace {

using namespace meldtest;
using namespace natstest;

std::unique_ptr<NatsTransport> connect_brain(const std::string& url, const std::string& federation, const std::string& brain,
                                             std::vector<std::string> subjects = {}) {
    NatsTransportOptions o;
    o.servers = {url};
    o.federation = federation;
    o.brain = brain;
    o.subjects = std::move(subjects);
    o.ack_wait_ms = 500;
    auto t = NatsTransport::connect(o);
    EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error().to_string());
    return t.ok() ? std::move(*t) : nullptr;
}

struct Node {
    std::unique_ptr<Brain> brain;
    std::unique_ptr<NatsTransport> transport;
    std::unique_ptr<BrainPeer> peer;
};

// `subjects[i]`: the filter subjects of brain i (none: meld.>).
std::vector<Node> make_nodes(const std::string& url, const std::string& federation, const std::vector<std::string>& ids,
                             const std::vector<std::vector<std::string>>& subjects = {}) {
    std::vector<Node> nodes;
    for (size_t i = 0; i < ids.size(); ++i) {
        const std::string& id = ids[i];
        Node n;
        n.brain = std::make_unique<Brain>(id, figure2_directory(), lexical_default_thresholds(), lexical_engine());
        n.transport = connect_brain(url, federation, id, i < subjects.size() ? subjects[i] : std::vector<std::string>{});
        if (!n.transport) return {};
        n.peer = std::make_unique<BrainPeer>(*n.brain, *n.transport);
        nodes.push_back(std::move(n));
    }
    return nodes;
}

// Flushes and drains every node until `done` holds or `seconds` pass.
template <typename Done>
bool pump(std::vector<Node>& nodes, Done done, double seconds = 10, bool digests = false) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        for (auto& n : nodes) (void)n.peer->flush(digests);
        for (auto& n : nodes)
            while (true) {
                auto got = n.peer->consume(256, 100);
                if (!got.ok() || *got == 0) break;
            }
        if (done()) return true;
    }
    return false;
}

TEST(NatsTransport, BrainsConvergeThroughOneServerAndNothingIsEchoed) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("single", temp_dir("single"));
    ASSERT_TRUE(server.wait_ready()) << "nats-server did not start; log in " << server.dir();
    auto nodes = make_nodes(server.url(), "converge", {"A", "B", "C"});
    ASSERT_EQ(nodes.size(), 3u);
    Brain &a = *nodes[0].brain, &b = *nodes[1].brain, &c = *nodes[2].brain;

    b.assert_claim(claim(kC1, "jurisdiction:EU"));
    b.assert_claim(claim(kC2, "jurisdiction:EU"));
    a.assert_claim(claim(kParaphrase, "jurisdiction:EU"));
    const std::string c2 = claim_key(kC2, Scope{{"jurisdiction:EU"}});
    ASSERT_TRUE(pump(nodes, [&] { return a.claims().size() == 3 && b.claims().size() == 3 && c.claims().size() == 3; }));
    for (auto& n : nodes) EXPECT_EQ(n.brain->status(c2), ClaimStatus::kActive) << n.brain->id();

    StatusLink overrule = overrule_of(c2, "jurisdiction:EU");
    c.author_link(overrule);
    StatusLink deprecate = overrule;
    deprecate.effect = ClaimStatus::kDeprecated;
    deprecate.kind = "deprecate";
    b.author_link(deprecate);
    auto agreed = [&] {
        for (auto& n : nodes)
            if (n.brain->status(c2) != ClaimStatus::kOverruled) return false;
        // c2's link set (the merge's own supersedes links are local to each brain's adjudication).
        auto links = [&](const Brain& x) {
            auto d = x.status_links().digest();
            return d.count(c2) ? d.at(c2).hash : std::string();
        };
        return !links(a).empty() && links(a) == links(b) && links(b) == links(c);
    };
    ASSERT_TRUE(pump(nodes, agreed)) << "the status CRDT did not agree through the server";

    // Echo-safety: the stream holds exactly what was authored (3 claims, 2 links), no digests yet.
    auto held = nodes[0].transport->stream_messages();
    ASSERT_TRUE(held.ok()) << held.error().to_string();
    EXPECT_EQ(*held, 5u) << "a received claim or link was re-published";
    size_t own = 0, admitted = 0;
    for (auto& n : nodes) {
        own += n.peer->counters().own;
        admitted += n.peer->counters().admitted;
        EXPECT_EQ(n.peer->counters().dropped_mac, 0u);
    }
    EXPECT_EQ(own, 5u) << "each brain sees its own publishes once and skips them";
    EXPECT_EQ(admitted, 10u) << "every authored delta admitted once by each of the two other brains";
}

TEST(NatsTransport, DeclinedDeliveryIsRedeliveredAndRepublishIsIdempotent) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("redeliver", temp_dir("redeliver"));
    ASSERT_TRUE(server.wait_ready());
    auto nodes = make_nodes(server.url(), "redeliver", {"A", "B"});
    ASSERT_EQ(nodes.size(), 2u);
    nodes[0].brain->assert_claim(claim(kC1, "jurisdiction:EU"));
    const std::vector<Delta> authored = [&] {
        auto out = nodes[0].brain->take_outbox();
        return out;
    }();
    ASSERT_EQ(authored.size(), 1u);
    ASSERT_TRUE(nodes[0].transport->publish(authored[0], WireTopic::kClaim).ok());
    ASSERT_TRUE(nodes[0].transport->publish(authored[0], WireTopic::kClaim).ok()) << "a retried publish";
    EXPECT_EQ(nodes[0].transport->duplicate_publishes(), 1u) << "the message id de-duplicates the retry";
    EXPECT_EQ(*nodes[0].transport->stream_messages(), 1u);

    // B declines the first delivery (as if it crashed before acknowledging): it comes again.
    size_t seen = 0;
    auto first = nodes[1].transport->poll([&](const WireMessage&) { ++seen; return false; }, 16, 2000);
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    ASSERT_EQ(*first, 1u);
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (nodes[1].brain->claims().empty() && std::chrono::steady_clock::now() < end) (void)nodes[1].peer->consume(16, 200);
    ASSERT_EQ(nodes[1].brain->claims().size(), 1u) << "the declined delivery was not re-delivered";

    // The same delta arriving again (another path: a second publish under another topic) is a duplicate.
    Delta again = authored[0];
    ASSERT_TRUE(nodes[0].transport->publish_raw("meld.jurisdiction:EU.claim", encode_wire(again)).ok());
    const auto end2 = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (nodes[1].peer->counters().duplicates == 0 && std::chrono::steady_clock::now() < end2) (void)nodes[1].peer->consume(16, 200);
    EXPECT_EQ(nodes[1].peer->counters().duplicates, 1u);
    EXPECT_EQ(nodes[1].brain->claims().size(), 1u);
    EXPECT_EQ(nodes[1].brain->patches().size(), 1u) << "exactly one Patch for one delta";
}

TEST(NatsTransport, ForgedAndMalformedMessagesAreDroppedBeforeAdmission) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("forged", temp_dir("forged"));
    ASSERT_TRUE(server.wait_ready());
    auto nodes = make_nodes(server.url(), "forged", {"A", "B"});
    ASSERT_EQ(nodes.size(), 2u);
    KeyDirectory wrong = figure2_directory();
    wrong.brains["A"].key = "not the key of brain A, but 32+ bytes long";
    wrong.brains["C"].key = "not the key of brain C, but 32+ bytes long";
    Delta forged = signed_claim(wrong, "A", claim(kC1, "jurisdiction:EU"));
    ASSERT_TRUE(nodes[0].transport->publish(forged, WireTopic::kClaim).ok());
    ASSERT_TRUE(nodes[0].transport->publish_raw("meld.jurisdiction:EU.claim", "{not json").ok());
    ASSERT_TRUE(nodes[0].transport->publish_raw("meld.jurisdiction:EU.weather", "{}").ok());
    SignedDigest fake;
    fake.brain = "C";
    fake.sign(wrong);
    ASSERT_TRUE(nodes[0].transport->publish_digest(fake).ok());
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (nodes[1].peer->counters().dropped_mac + nodes[1].transport->undecodable() < 4 &&
           std::chrono::steady_clock::now() < end)
        (void)nodes[1].peer->consume(16, 200);
    EXPECT_EQ(nodes[1].peer->counters().dropped_mac, 2u) << "forged delta and forged digest";
    EXPECT_EQ(nodes[1].transport->undecodable(), 2u) << "bad JSON and an unknown topic";
    EXPECT_TRUE(nodes[1].brain->claims().empty());
    EXPECT_TRUE(nodes[1].brain->patches().empty());
}

TEST(NatsTransport, DigestExchangeRepairsALinkThatNeverReachedTheStream) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("digest", temp_dir("digest"));
    ASSERT_TRUE(server.wait_ready());
    auto nodes = make_nodes(server.url(), "digest", {"A", "B", "C"});
    ASSERT_EQ(nodes.size(), 3u);
    nodes[1].brain->assert_claim(claim(kC2, "jurisdiction:EU"));
    const std::string c2 = claim_key(kC2, Scope{{"jurisdiction:EU"}});
    ASSERT_TRUE(pump(nodes, [&] { return nodes[0].brain->claims().size() == 1 && nodes[2].brain->claims().size() == 1; }));
    // C overrules and B hears of it out of band (a direct add), but C's publish is lost.
    StatusLink overrule = overrule_of(c2, "jurisdiction:EU");
    nodes[2].brain->author_link(overrule);
    const auto lost = nodes[2].brain->take_outbox();
    ASSERT_EQ(lost.size(), 1u);
    nodes[1].brain->add_link(*lost[0].link);
    nodes[2].brain.reset();  // C leaves the federation
    nodes[2].peer.reset();
    nodes.pop_back();
    EXPECT_EQ(nodes[0].brain->status(c2), ClaimStatus::kActive);
    // Digests: A's digest lacks the link; B answers with a repair; A converges.
    ASSERT_TRUE(pump(nodes, [&] { return nodes[0].brain->status(c2) == ClaimStatus::kOverruled; }, 10, true));
    EXPECT_GE(nodes[1].peer->counters().repairs_sent, 1u);
    EXPECT_EQ(digest_bytes(nodes[0].brain->status_links().digest()), digest_bytes(nodes[1].brain->status_links().digest()));
}

}  // namespace
}  // namespace bm::meld

namespace bm::meld {
namespace {

using namespace meldtest;
using namespace natstest;

// Drains every node for `seconds` (long enough for anything published to arrive).
void drain(std::vector<Node>& nodes, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end)
        for (auto& n : nodes) (void)n.peer->consume(256, 50);
}

// Deletes brain `durable`'s consumer behind its transport's back (a consumer that stops delivering).
void delete_consumer(const std::string& url, const std::string& stream, const std::string& durable) {
    natsConnection* nc = nullptr;
    jsCtx* js = nullptr;
    ASSERT_EQ(natsConnection_ConnectTo(&nc, url.c_str()), NATS_OK);
    ASSERT_EQ(natsConnection_JetStream(&js, nc, nullptr), NATS_OK);
    jsErrCode jerr = static_cast<jsErrCode>(0);
    EXPECT_EQ(js_DeleteConsumer(js, stream.c_str(), durable.c_str(), nullptr, &jerr), NATS_OK) << jerr;
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
}

TEST(NatsTransport, ABrainWhoseConsumerStopsDeliveringReadsTheStreamLeaderDirectly) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    // B's consumer is gone: its fetches are answered by nobody, as when a consumer's raft group
    // has no leader after a frozen node wakes up (docs/meld.md "Partition heal: the cause").
    // One server per run: every federation's stream takes meld.>.
    auto run = [&](const std::string& federation, bool catch_up) {
        NatsServer server(federation, temp_dir(federation));
        EXPECT_TRUE(server.wait_ready());
        auto nodes = make_nodes(server.url(), federation, {"A"});
        NatsTransportOptions o;
        o.servers = {server.url()};
        o.federation = federation;
        o.brain = "B";
        if (!catch_up) o.catch_up_check_ms = 0;
        auto t = NatsTransport::connect(o);
        EXPECT_TRUE(t.ok());
        if (nodes.size() != 1 || !t.ok()) return std::pair<size_t, size_t>{0, 0};
        Brain b("B", figure2_directory(), lexical_default_thresholds(), lexical_engine());
        BrainPeer peer(b, **t);
        delete_consumer(server.url(), (*t)->stream_name(), "B");
        nodes[0].brain->assert_claim(claim(kC1, "jurisdiction:EU"));
        EXPECT_TRUE(nodes[0].peer->flush().ok());
        const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(catch_up ? 10 : 3);
        while (b.claims().empty() && std::chrono::steady_clock::now() < end) (void)peer.consume(16, 50);
        return std::pair<size_t, size_t>{b.claims().size(), (*t)->direct_reads()};
    };
    const auto without = run("stalled_off", false);
    EXPECT_EQ(without.first, 0u) << "without reading around it, a consumer that delivers nothing leaves the brain short";
    const auto with = run("stalled_on", true);
    EXPECT_EQ(with.first, 1u) << "the claim is read from the stream leader";
    EXPECT_EQ(with.second, 1u);
}

TEST(NatsRouting, TopicSubjectsDeliverOnlyToTheirSubscribers) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("topics", temp_dir("topics"));
    ASSERT_TRUE(server.wait_ready());
    // A publishes; B subscribes to the EU cell, U to the US cell (plus digests), T to everything.
    auto nodes = make_nodes(server.url(), "topics", {"A", "B", "U", "T"},
                            {{inbox_filter_subject("A")},
                             {topic_filter_subject("jurisdiction:EU"), any_cell_filter_subject(WireTopic::kDigest)},
                             {topic_filter_subject("jurisdiction:US")},
                             {}});
    ASSERT_EQ(nodes.size(), 4u);
    nodes[0].brain->assert_claim(claim(kC1, "jurisdiction:EU"));
    nodes[0].brain->assert_claim(claim(kC2, "jurisdiction:US"));
    ASSERT_TRUE(pump(nodes, [&] { return nodes[3].brain->claims().size() == 2; }));
    drain(nodes, 1.0);
    ASSERT_EQ(nodes[1].brain->claims().size(), 1u);
    EXPECT_EQ(nodes[1].brain->claims()[0].claim.text, kC1);
    ASSERT_EQ(nodes[2].brain->claims().size(), 1u);
    EXPECT_EQ(nodes[2].brain->claims()[0].claim.text, kC2);
    EXPECT_EQ(nodes[1].peer->counters().admitted + nodes[2].peer->counters().admitted, 2u);
    EXPECT_EQ(*nodes[0].transport->stream_messages(), 2u) << "one message per claim on its cell subject";
}

TEST(NatsRouting, RoutedPublishReachesOnlyTheRecipientsInboxes) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("inbox", temp_dir("inbox"));
    ASSERT_TRUE(server.wait_ready());
    auto nodes = make_nodes(server.url(), "inbox", {"A", "B", "T"},
                            {{inbox_filter_subject("A")}, {inbox_filter_subject("B")}, {inbox_filter_subject("T")}});
    ASSERT_EQ(nodes.size(), 3u);
    const SignalEngine& engine = *lexical_engine();
    Router router(engine);
    Subscription retention{"B", {}, {}, build_interest_profile(engine, {"how long customer data must be retained"})};
    retention.min_similarity = 0.2;
    Subscription pets{"T", {}, {}, build_interest_profile(engine, {"cats and their sleeping habits"})};
    pets.min_similarity = 0.2;
    router.subscribe(retention);
    router.subscribe(pets);
    nodes[0].peer->set_router(&router);
    nodes[0].brain->assert_claim(claim(kC1, "jurisdiction:EU"));
    nodes[0].brain->assert_claim(claim("Domestic cats sleep for most of the day", "jurisdiction:EU"));
    ASSERT_TRUE(pump(nodes, [&] { return nodes[1].brain->claims().size() == 1 && nodes[2].brain->claims().size() == 1; }));
    drain(nodes, 1.0);
    ASSERT_EQ(nodes[1].brain->claims().size(), 1u);
    EXPECT_EQ(nodes[1].brain->claims()[0].claim.text, kC1);
    ASSERT_EQ(nodes[2].brain->claims().size(), 1u);
    EXPECT_EQ(nodes[2].brain->claims()[0].claim.text, "Domestic cats sleep for most of the day");
    EXPECT_EQ(*nodes[0].transport->stream_messages(), 2u) << "one addressed copy per recipient";
}

}  // namespace
}  // namespace bm::meld
