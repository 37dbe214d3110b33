// An in-process federation: N brains, each driven by a BrainPeer over its InProcessTransport
// endpoint of one seeded bus with reordering, duplication, loss and partitions, plus direct
// anti-entropy rounds (SPEC §14, the experiments of §13.5). The brain-side code is the one that
// runs over NATS (meld/transport/brain_peer.h); only the transport differs.
//
// publish() sends a delta to every other brain (flooding) or, with a Router set, to the brains it
// routes the delta to (meld/subscription.h); a partitioned brain's inbox is held until heal.
// deliver() drains the inboxes (meld/transport/in_process_transport.h). Thread-safety: none.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "meld/brain.h"
#include "meld/subscription.h"
#include "meld/transport/brain_peer.h"
#include "meld/transport/in_process_transport.h"

namespace bm::meld {

// Bytes an anti-entropy exchange moved: summaries, id lists and pulled links.
struct SyncCost {
    size_t bytes = 0;
    size_t links_pulled = 0;
};

// Two-phase anti-entropy between two brains: per-claim set hashes, then the ids of claims whose
// hashes differ, then the links each lacks (pulled and added, idempotent).
SyncCost anti_entropy(Brain& a, Brain& b);

class Federation {
public:
    Federation(std::vector<std::unique_ptr<Brain>> brains, TransportOptions options);

    Brain& brain(size_t i) { return *m_brains[i]; }
    size_t size() const { return m_brains.size(); }

    // Routes publish() through `router` (subscriptions by brain id; a brain without one receives
    // nothing); nullptr floods. Claims a brain comes to hold are noted in its profile.
    // REQUIRES: `router` outlives its use here.
    void set_router(Router* router) { m_router = router; }
    // Queues `delta` for every brain but `from` (flooding) or for its routed recipients.
    void publish(size_t from, const Delta& delta);
    // Publishes every brain's outbox (what it authored; never a received claim) through its peer.
    void publish_outboxes();
    void partition(size_t brain, bool cut);
    // Delivers every queued delta to brains that are not partitioned; returns how many.
    size_t deliver();
    // One round: forward along the ring then back, so a link held anywhere reaches everyone.
    SyncCost anti_entropy_round();

    size_t delivered() const { return m_bus.delivered(); }
    // Bytes of the delivered deltas (their canonical JSON, the wire body's content).
    size_t delivered_bytes() const { return m_bus.delivered_bytes(); }
    size_t lost() const { return m_bus.lost(); }
    const BrainPeer& peer(size_t i) const { return *m_peers[i]; }

private:
    std::vector<std::unique_ptr<Brain>> m_brains;
    InProcessBus m_bus;
    std::vector<std::unique_ptr<BrainPeer>> m_peers;
    Router* m_router = nullptr;
};

}  // namespace bm::meld
