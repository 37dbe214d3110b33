// BrainPeer: drives one Brain over a Transport — publishes what the brain authored, admits what
// arrives, and answers peers' digests with the status links they lack (SPEC §13.4, §14).
//
// A delta signed as this brain that it does not hold yet (published by `meld publish --nats` while
// the brain is served elsewhere) is admitted like any other; its own authored copies are skipped.
// Echo-safety: only the brain's outbox (what it authored) and repairs of status links are ever
// published; a received claim is never re-published. A repair that peers' later digests still
// lack is re-sent (see m_repaired). A publish that fails (the brain's server is
// stopped or cut off) stays queued and is retried by the next flush(); the transport's message id
// makes the retry idempotent. With a Router (meld/subscription.h), each authored delta is published
// once per recipient the router names, on that recipient's inbox subject (semantic and key-prefix
// routing over NATS); repairs and digests stay on their cell subjects. Thread-safety: one thread
// at a time, like the Brain it drives.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "meld/brain.h"
#include "meld/subscription.h"
#include "meld/transport/transport.h"

namespace bm::meld {

struct PeerCounters {
    size_t admitted = 0;     // deltas that produced a Patch
    size_t duplicates = 0;   // idempotent re-deliveries
    size_t dropped_mac = 0;  // deltas or digests whose MAC did not verify
    size_t own = 0;          // this brain's own messages seen on the stream, already held (skipped)
    size_t digests = 0;      // peers' digests answered
    size_t repairs_sent = 0; // status links re-published for peers that lacked them (re-sends included)
    size_t repairs_resent = 0;  // of those, re-sent because peers' digests still lacked them
    size_t published = 0;    // deltas published (authored + repairs)
};

class BrainPeer {
public:
    // Peers' digests (after a repair) that may still lack the repaired link before it is re-sent:
    // allows for the repair and the digest crossing on the wire.
    static constexpr int kRepairAgainAfter = 3;

    BrainPeer(Brain& brain, Transport& transport) : m_brain(brain), m_transport(transport) {}

    // Called with each Patch an admission emits, before the delivery is acknowledged (a brain
    // served from a directory appends it to its Patch log there). A failure leaves the delivery
    // unacknowledged and is kept in sink_error(): the caller must stop and restore from its log.
    void set_patch_sink(std::function<Status(const Patch&)> sink) { m_sink = std::move(sink); }
    const std::optional<Error>& sink_error() const { return m_sink_error; }

    // Routes what flush() publishes from now on; nullptr publishes on cell subjects (the default).
    // REQUIRES: `router` outlives its use here.
    void set_router(const Router* router) { m_router = router; }

    // Queues the brain's outbox, then publishes the queue in order; stops at the first failure
    // (kept for the next flush). With `digest`, publishes the brain's signed digest afterwards.
    Status flush(bool digest = false);
    // Handles what arrives for up to `max_messages` (waiting at most `timeout_ms`).
    Result<size_t> consume(int max_messages = 256, int timeout_ms = 200);
    // Handles one delivered message (what consume() does with each): admits a delta, answers a
    // digest, skips this brain's own messages. True: acknowledge it (handled, or never deliverable).
    bool handle(const WireMessage& m);
    // Deltas waiting to be published (after a failed flush).
    size_t pending() const { return m_pending.size(); }
    const PeerCounters& counters() const { return m_counters; }

private:
    void answer_digest(const SignedDigest& peer);

    Brain& m_brain;
    Transport& m_transport;
    struct Outgoing {
        Delta delta;
        WireTopic topic;
        std::string recipient;  // empty: the cell subject
    };
    std::function<Status(const Patch&)> m_sink;
    std::optional<Error> m_sink_error;
    const Router* m_router = nullptr;
    std::deque<Outgoing> m_pending;
    // Link id -> peers' digests seen since it was last re-published that still lacked it. The
    // stream keeps a repair, but a peer whose consumer skipped it (a diverged replica, a lost copy)
    // would lack it for good: after kRepairAgainAfter such digests it is re-published.
    std::map<std::string, int> m_repaired;
    PeerCounters m_counters;
};

}  // namespace bm::meld
