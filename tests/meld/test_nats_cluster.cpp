// The NATS JetStream transport on a real 3-node cluster: a node is stopped by pid (a partition),
// the brains on the other two keep going, and after the node resumes (or is killed and restarted
// on its store) the cut-off brain re-consumes what it missed, publishes what it queued, and every
// brain's status CRDT agrees.
#include <gtest/gtest.h>

#include <chrono>

#include "meld/transport/brain_peer.h"
#include "meld/transport/nats_transport.h"
#include "meld_fixture.h"
#include "test_nats_support.h"

namespace bm::meld {
namespace {

using namespace meldtest;
using namespace natstest;

// Three real nats-server processes routed to each other (bench/common/nats_process.h).
struct Cluster : NatsCluster {
    Cluster() : NatsCluster("cluster") {}
};

struct Member {
    std::unique_ptr<Brain> brain;
    std::unique_ptr<NatsTransport> transport;
    std::unique_ptr<BrainPeer> peer;
    bool cut = false;  // its server is stopped: the test does not drive it
};

// Each brain talks to its own node only, so stopping the node cuts exactly that brain off.
std::vector<Member> join(const Cluster& cluster, const std::vector<std::string>& ids) {
    std::vector<Member> out;
    for (size_t i = 0; i < ids.size(); ++i) {
        Member m;
        m.brain = std::make_unique<Brain>(ids[i], figure2_directory(), lexical_default_thresholds(), lexical_engine());
        NatsTransportOptions o;
        o.servers = {cluster.nodes[i]->url()};
        o.federation = "cluster";
        o.brain = ids[i];
        o.replicas = 3;
        o.ack_wait_ms = 1000;
        o.request_timeout_ms = 1500;
        o.setup_deadline_ms = 20000;  // the cluster elects its JetStream leaders first
        auto t = NatsTransport::connect(o);
        EXPECT_TRUE(t.ok()) << ids[i] << ": " << (t.ok() ? "" : t.error().to_string());
        if (!t.ok()) return {};
        m.transport = std::move(*t);
        m.peer = std::make_unique<BrainPeer>(*m.brain, *m.transport);
        out.push_back(std::move(m));
    }
    return out;
}

template <typename Done>
bool pump(std::vector<Member>& members, Done done, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        for (auto& m : members)
            if (!m.cut) (void)m.peer->flush();
        for (auto& m : members)
            while (!m.cut) {
                auto got = m.peer->consume(256, 100);
                if (!got.ok() || *got == 0) break;
            }
        if (done()) return true;
    }
    return false;
}

StatusLink link_on(const std::string& claim, ClaimStatus effect, const char* kind) {
    StatusLink l;
    l.claim = claim;
    l.claim_scope = {"jurisdiction:EU"};
    l.effect = effect;
    l.kind = kind;
    return l;
}

bool all_agree(std::vector<Member>& m, const std::string& claim, ClaimStatus want) {
    for (auto& x : m)
        if (x.brain->status(claim) != want) return false;
    const std::string d0 = digest_bytes(m[0].brain->status_links().digest());
    for (auto& x : m)
        if (digest_bytes(x.brain->status_links().digest()) != d0) return false;
    return true;
}

// The partition: node 2 is frozen (SIGSTOP) or crashed (SIGKILL) while brains on nodes 0 and 1
// deprecate and the cut-off brain C overrules; healing converges everyone on "overruled".
void partition_and_heal(bool crash) {
    Cluster cluster;
    ASSERT_TRUE(cluster.ready()) << "nats-server cluster did not start; logs under /tmp/bm-nats-cluster-*";
    auto members = join(cluster, {"A", "B", "C"});
    ASSERT_EQ(members.size(), 3u);
    members[1].brain->assert_claim(claim(kC2, "jurisdiction:EU"));
    const std::string c2 = claim_key(kC2, Scope{{"jurisdiction:EU"}});
    ASSERT_TRUE(pump(members, [&] { return members[0].brain->find(c2) && members[2].brain->find(c2); }, 10));

    if (crash) cluster.nodes[2]->kill_now();
    else cluster.nodes[2]->stop();
    members[2].cut = true;
    members[1].brain->author_link(link_on(c2, ClaimStatus::kDeprecated, "deprecate"));
    members[2].brain->author_link(link_on(c2, ClaimStatus::kOverruled, "overrule"));  // queued: its node is down
    ASSERT_TRUE(pump(members, [&] { return members[0].brain->status(c2) == ClaimStatus::kDeprecated; }, 15))
        << "the two-node majority did not carry on during the partition";
    EXPECT_EQ(members[2].brain->status(c2), ClaimStatus::kOverruled) << "C only knows its own overrule";

    if (crash) cluster.nodes[2]->restart();
    else cluster.nodes[2]->resume();
    members[2].cut = false;
    ASSERT_TRUE(pump(members, [&] { return all_agree(members, c2, ClaimStatus::kOverruled); }, 20))
        << "A=" << claim_status_name(members[0].brain->status(c2)) << " B=" << claim_status_name(members[1].brain->status(c2))
        << " C=" << claim_status_name(members[2].brain->status(c2)) << " C pending=" << members[2].peer->pending();
    EXPECT_EQ(members[2].peer->pending(), 0u);
    EXPECT_GE(members[2].peer->counters().admitted, 2u) << "C re-consumed the claim and B's deprecate";
}

TEST(NatsCluster, FrozenNodeHealsAndItsBrainReconsumesAndConverges) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    partition_and_heal(false);
}

TEST(NatsCluster, KilledNodeRestartsOnItsStoreAndItsBrainConverges) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    partition_and_heal(true);
}

}  // namespace
}  // namespace bm::meld
