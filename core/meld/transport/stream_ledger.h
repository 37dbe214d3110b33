// StreamLedger: which JetStream stream sequences a brain has handled, and when it must re-read
// some of them from the stream leader instead of trusting its durable consumer (SPEC §14).
//
// Why (traced on nats-server 2.9.10, docs/meld.md "Partition heal: the cause"): a node frozen
// past the raft election timeout wakes up campaigning at a higher term in every raft group it
// belongs to; the incumbent leaders step down, so a consumer can deliver nothing for 4–27 s while
// the stream itself has a leader again; and a stream leader that was frozen can apply a publish
// buffered in its socket at a stale sequence, so a consumer led from that node's diverged replica
// skips a message for good. The ledger lets the transport notice both from the client side:
// - lag: the stream's last sequence stays above what was handled (the consumer is not
//   delivering) for longer than a grace period -> read the missing sequences directly;
// - turbulence: after a transport error (failed publish or fetch, a disconnect), once
//   operations succeed again for a while, re-read everything since the first error, even
//   sequences already handled (they may have come from a diverged replica).
// Times are milliseconds on any monotonic clock the caller chooses. Thread-safety: none (one
// thread, like the transport that owns it).
#pragma once

#include <cstdint>
#include <set>

namespace bm::meld {

class StreamLedger {
public:
    // Records that stream sequence `seq` was handled (delivered and acknowledged, or read
    // directly).
    void handled(uint64_t seq);
    // Every sequence up to and including floor() was handled.
    uint64_t floor() const { return m_floor; }
    bool has(uint64_t seq) const { return seq <= m_floor || m_above.count(seq) != 0; }
    // Sequences below `first` no longer exist in the stream (limits, purge): count them handled.
    void skip_below(uint64_t first);

    // A transport error at `now_ms`: a verification from the first unverified sequence is due once
    // operations have succeeded for `quiet_ms` (see verify_due).
    void error(int64_t now_ms);
    // An operation that reached the cluster succeeded at `now_ms` (ends the current turbulence).
    void success(int64_t now_ms);
    // Whether a verification is due: an error happened, and success has held for `quiet_ms` since.
    bool verify_due(int64_t now_ms, int64_t quiet_ms) const;
    // The first sequence to re-read when verifying (meaningful while a verification is pending).
    uint64_t verify_from() const { return m_verify_from; }
    bool verify_pending() const { return m_verify; }
    // A verification read everything up to the stream's last sequence without error.
    void verified() { m_verify = false; }

    // The stream's last sequence observed at `now_ms`; true when the consumer has lagged behind it
    // (floor() < last) for at least `grace_ms` — then read floor()+1..last directly.
    bool lagging(uint64_t last, int64_t now_ms, int64_t grace_ms);

private:
    uint64_t m_floor = 0;
    std::set<uint64_t> m_above;  // handled sequences above the floor (a gap below each)
    bool m_verify = false;
    uint64_t m_verify_from = 0;
    int64_t m_recovered_ms = -1;  // first success after the last error; -1: not recovered yet
    int64_t m_lag_since_ms = -1;  // when floor() < last was first seen; -1: no lag
};

}  // namespace bm::meld
