// InProcessTransport: the Transport of the in-process federation (meld/federation.h) — N endpoints
// on one seeded InProcessBus with loss, duplication, reordering and partitions (SPEC §14, the
// experiments of §13.5).
//
// Same delivery semantics as NatsTransport: publish() reaches every other endpoint (flooding),
// publish_to() one named endpoint; poll() hands what arrived to a handler and keeps what the
// handler did not acknowledge (false or a throw) for the next poll — at least once. A partitioned
// endpoint's inbox is held until heal, as a cut-off brain's durable consumer is. Each copy is lost
// with probability `loss` and duplicated with probability `duplication` when it is sent; poll()
// permutes a `reorder` fraction of the batch it takes. Messages travel as decoded WireMessages
// (no bytes are encoded); delivered_bytes() counts the deltas' canonical bytes, the wire body's
// content. Thread-safety: none (one thread drives the whole bus).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "meld/transport/transport.h"

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

class InProcessBus;

class InProcessTransport final : public Transport {
public:
    Status publish(const Delta& delta, WireTopic topic) override;
    Status publish_to(const Delta& delta, WireTopic topic, const std::string& recipient) override;
    Status publish_digest(const SignedDigest& digest) override;
    // Takes up to `max_messages` of the inbox (nothing while partitioned; `timeout_ms` is unused:
    // what was sent is already here).
    Result<size_t> poll(const std::function<bool(const WireMessage&)>& handler, int max_messages,
                        int timeout_ms) override;
    size_t undecodable() const override { return 0; }

    const std::string& brain() const { return m_brain; }

private:
    friend class InProcessBus;
    InProcessTransport(InProcessBus& bus, size_t index, std::string brain)
        : m_bus(bus), m_index(index), m_brain(std::move(brain)) {}

    InProcessBus& m_bus;
    size_t m_index;
    std::string m_brain;
    std::vector<WireMessage> m_inbox;
};

class InProcessBus {
public:
    explicit InProcessBus(TransportOptions options) : m_options(options), m_rng(options.seed) {}

    // A new endpoint for `brain` (endpoints are numbered in join order).
    InProcessTransport& join(const std::string& brain);
    InProcessTransport& endpoint(size_t i) { return *m_endpoints[i]; }
    size_t size() const { return m_endpoints.size(); }
    // Changes the per-delivery loss from now on (a lossy spell within one run).
    void set_loss(double loss) { m_options.loss = loss; }
    // A cut endpoint receives nothing from poll(); what is sent to it waits for the heal.
    void partition(size_t i, bool cut);
    bool is_cut(size_t i) const { return m_cut.count(i) > 0; }

    size_t delivered() const { return m_delivered; }
    size_t delivered_bytes() const { return m_delivered_bytes; }
    size_t lost() const { return m_lost; }

private:
    friend class InProcessTransport;
    // One copy towards endpoint `to`: lost, queued, or queued twice.
    void send(size_t to, const WireMessage& message);
    void fan_out(size_t from, const WireMessage& message);
    Result<size_t> poll(size_t i, const std::function<bool(const WireMessage&)>& handler, int max_messages);

    TransportOptions m_options;
    std::mt19937_64 m_rng;
    std::vector<std::unique_ptr<InProcessTransport>> m_endpoints;
    std::map<std::string, size_t> m_by_brain;
    std::set<size_t> m_cut;
    size_t m_delivered = 0, m_delivered_bytes = 0, m_lost = 0;
};

}  // namespace bm::meld
