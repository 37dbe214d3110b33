// An in-process federation: N brains over a seeded transport with reordering, duplication, loss
// and partitions, plus anti-entropy rounds (SPEC §14, the experiments of §13.5).
//
// publish() fans a delta out to every other brain's inbox (each copy lost with probability loss,
// duplicated with probability duplication) — or, with a Router set, to the brains it routes the
// delta to (meld/subscription.h); a partitioned brain's inbox is held until heal.
// deliver() drains the inboxes, permuting a `reorder` fraction of each. Thread-safety: none.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "meld/brain.h"
#include "meld/subscription.h"

namespace bm::meld {

struct TransportOptions {
    double loss = 0;         // per-delivery drop probability
    double duplication = 0;  // per-delivery probability of a second copy
    double reorder = 0;      // fraction of each inbox's positions permuted at delivery
    uint64_t seed = 0;
};

// Permutes a `fraction` of the positions of `items` among themselves (0: in order, 1: shuffled).
template <typename T>
void partial_shuffle(std::vector<T>& items, double fraction, std::mt19937_64& rng) {
    std::vector<size_t> picked;
    std::bernoulli_distribution pick(fraction);
    for (size_t i = 0; i < items.size(); ++i)
        if (fraction >= 1 || pick(rng)) picked.push_back(i);
    std::vector<size_t> target = picked;
    std::shuffle(target.begin(), target.end(), rng);
    std::vector<T> copy = items;
    for (size_t k = 0; k < picked.size(); ++k) items[target[k]] = copy[picked[k]];
}

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
    // Publishes every brain's outbox (what it authored; never a received claim).
    void publish_outboxes();
    void partition(size_t brain, bool cut);
    // Delivers every queued delta to brains that are not partitioned; returns how many.
    size_t deliver();
    // One round: forward along the ring then back, so a link held anywhere reaches everyone.
    SyncCost anti_entropy_round();

    size_t delivered() const { return m_delivered; }
    // Bytes of the delivered deltas (their canonical JSON, the wire body's content).
    size_t delivered_bytes() const { return m_delivered_bytes; }
    size_t lost() const { return m_lost; }

private:
    std::vector<std::unique_ptr<Brain>> m_brains;
    std::vector<std::vector<Delta>> m_inbox;
    std::set<size_t> m_cut;
    TransportOptions m_options;
    std::mt19937_64 m_rng;
    Router* m_router = nullptr;
    size_t m_delivered = 0, m_delivered_bytes = 0, m_lost = 0;
};

}  // namespace bm::meld
