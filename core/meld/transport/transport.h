// Transport: how a brain's signed deltas and anti-entropy digests travel between brains (SPEC §14).
//
// One Transport endpoint belongs to one brain. publish() sends a delta this brain authored (or a
// repair: a held status link a peer's digest showed missing); poll() hands every message delivered
// since the last poll to a handler, at least once: a message is acknowledged only after the
// handler returned, so a crash or a partition re-delivers it, and the brain's idempotent
// admission absorbs the copy. Implementations: NatsTransport (JetStream) and InProcessTransport
// (the seeded bus of the in-process Federation, meld/federation.h, with the same delivery
// semantics); BrainPeer drives a brain over either. Thread-safety: one thread per endpoint.
#pragma once

#include <functional>
#include <string>

#include "meld/transport/wire.h"
#include "util/result.h"

namespace bm::meld {

class Transport {
public:
    virtual ~Transport() = default;

    // Sends a signed delta on meld.<cell>.<claim|link|repair>; the delta id de-duplicates a retry.
    virtual Status publish(const Delta& delta, WireTopic topic) = 0;
    // Sends a copy addressed to one brain on meld.inbox:<recipient>.<topic> (routed publishing);
    // the message id names the recipient, so each copy is stored once.
    virtual Status publish_to(const Delta& delta, WireTopic topic, const std::string& recipient) = 0;
    // Sends this brain's signed digest on meld.<cell>.digest.
    virtual Status publish_digest(const SignedDigest& digest) = 0;
    // Delivers what arrived (up to `max_messages`, waiting at most `timeout_ms` for the first) to
    // `handler`. A message is acknowledged when the handler returns true; false (or a throw) leaves
    // it unacknowledged, so it is delivered again (at-least-once). Messages that do not decode are
    // acknowledged and counted in undecodable() (re-delivering them could never succeed).
    // Returns how many messages were handed to the handler; 0 when none arrived in time.
    virtual Result<size_t> poll(const std::function<bool(const WireMessage&)>& handler, int max_messages,
                                int timeout_ms) = 0;
    virtual size_t undecodable() const = 0;
};

}  // namespace bm::meld
