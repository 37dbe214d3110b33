// The in-process federation: brains behind BrainPeers on an InProcessBus, and anti-entropy.
#include "meld/federation.h"

#include <limits>
#include <set>

namespace bm::meld {

SyncCost anti_entropy(Brain& a, Brain& b) {
    SyncCost cost;
    const StatusDigest da = a.status_links().digest(), db = b.status_links().digest();
    // Phase 1: per-claim set hashes both ways.
    auto summary_bytes = [](const StatusDigest& d) {
        size_t n = 2;
        for (const auto& [claim, cd] : d) n += claim.size() + cd.hash.size() + 6;
        return n;
    };
    cost.bytes += summary_bytes(da) + summary_bytes(db);
    // Phase 2: id lists of the claims whose hashes differ (or that one side lacks).
    StatusDigest diff_a, diff_b;
    for (const auto& [claim, cd] : da) {
        auto it = db.find(claim);
        if (it == db.end() || it->second.hash != cd.hash) diff_a[claim] = cd;
    }
    for (const auto& [claim, cd] : db) {
        auto it = da.find(claim);
        if (it == da.end() || it->second.hash != cd.hash) diff_b[claim] = cd;
    }
    for (const auto* d : {&diff_a, &diff_b})
        for (const auto& [claim, cd] : *d) cost.bytes += claim.size() + cd.ids.size() * 67;
    // Phase 3: pull what each lacks.
    std::vector<StatusLink> to_b, to_a;
    for (const auto& id : b.status_links().missing_from(diff_a)) to_b.push_back(*a.status_links().find(id));
    for (const auto& id : a.status_links().missing_from(diff_b)) to_a.push_back(*b.status_links().find(id));
    for (const auto& l : to_b) {
        cost.bytes += l.to_json().dump().size();
        cost.links_pulled += b.add_link(l);
    }
    for (const auto& l : to_a) {
        cost.bytes += l.to_json().dump().size();
        cost.links_pulled += a.add_link(l);
    }
    return cost;
}

Federation::Federation(std::vector<std::unique_ptr<Brain>> brains, TransportOptions options)
    : m_brains(std::move(brains)), m_bus(options) {
    for (auto& b : m_brains) m_peers.push_back(std::make_unique<BrainPeer>(*b, m_bus.join(b->id())));
}

void Federation::publish(size_t from, const Delta& delta) {
    const WireTopic topic = delta.is_claim() ? WireTopic::kClaim : WireTopic::kLink;
    InProcessTransport& out = m_bus.endpoint(from);
    if (!m_router) {
        (void)out.publish(delta, topic);
        return;
    }
    const auto to = m_router->recipients(delta, m_brains[from]->id());
    const std::set<std::string> routed(to.begin(), to.end());
    for (size_t i = 0; i < m_brains.size(); ++i)
        if (i != from && routed.count(m_brains[i]->id())) (void)out.publish_to(delta, topic, m_brains[i]->id());
}

void Federation::publish_outboxes() {
    for (auto& peer : m_peers) {
        peer->set_router(m_router);
        (void)peer->flush();  // the in-process bus never refuses a publish
    }
}

void Federation::partition(size_t brain, bool cut) { m_bus.partition(brain, cut); }

size_t Federation::deliver() {
    size_t n = 0;
    for (size_t i = 0; i < m_brains.size(); ++i) {
        Brain& brain = *m_brains[i];
        BrainPeer& peer = *m_peers[i];
        auto handled = m_bus.endpoint(i).poll(
            [&](const WireMessage& m) {
                const bool acked = peer.handle(m);
                if (m_router && m.delta.claim) {
                    const std::string key = claim_key(*m.delta.claim);
                    if (brain.find(key)) m_router->note_held(brain.id(), key);
                }
                return acked;
            },
            std::numeric_limits<int>::max(), 0);
        if (handled.ok()) n += *handled;
    }
    return n;
}

SyncCost Federation::anti_entropy_round() {
    SyncCost total;
    auto add = [&](size_t x, size_t y) {
        SyncCost c = anti_entropy(*m_brains[x], *m_brains[y]);
        total.bytes += c.bytes;
        total.links_pulled += c.links_pulled;
    };
    for (size_t i = 0; i + 1 < m_brains.size(); ++i) add(i, i + 1);
    for (size_t i = m_brains.size(); i-- > 1;) add(i - 1, i);
    return total;
}

}  // namespace bm::meld
