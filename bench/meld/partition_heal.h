// `bench partition-heal`: three brains, each on NatsTransport to its own node of a real 3-node
// `nats-server -js` cluster on loopback (started here), write concurrent conflicting claims and
// status links (a reject race on one claim) while one node is stopped by its pid (SIGSTOP), then
// the node resumes. Per trial: whether the status CRDT agrees on every brain, whether
// last-writer-wins over the same delivered messages would, the time from heal to agreement, the
// bytes the three connections moved, and deltas lost or stored twice. Thread-safety: one call at a
// time (it owns child processes).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "util/result.h"

namespace bm::meld {

struct PartitionHealOptions {
    size_t trials = 30;
    uint64_t seed = 1;
    double agree_timeout_s = 60;  // per phase; a trial that does not agree by then is reported as not agreeing
};

struct PartitionHealTrial {
    size_t trial = 0;
    size_t isolated = 0;          // the node (and brain) stopped during the writes
    bool crdt_agree = false;      // every brain: same claims, same status per claim, same link digest
    bool lww_agree = false;       // last-writer-wins by arrival over the same deliveries: same map everywhere
    size_t lww_distinct = 0;      // distinct LWW maps among the three brains
    double converge_ms = 0;       // heal (SIGCONT) to CRDT agreement; the timeout when it never agreed
    double republished_ms = 0;    // heal to the isolated brain's queue published (its node takes writes again)
    std::vector<double> caught_up_ms;  // per brain: heal to its held deltas reaching their final count
    std::string note;             // when it did not agree: who lacks what
    uint64_t wire_bytes = 0;      // the three connections, sent + received, from the first write to agreement
    size_t claims = 0, links = 0; // deltas authored in the trial
    uint64_t stream_messages = 0; // what the JetStream stream holds at the end
    size_t lost = 0;              // (brain, authored delta) pairs the brain lacks at the end (authored:
                                  // the claims asserted, the links each author holds as its own)
    size_t duplicated = 0;        // stream copies beyond one per published delta
    size_t redelivered = 0;       // deliveries admission recognised as already held (at-least-once)
    size_t publish_retries = 0;   // publishes that failed (the node stopped) and were retried
    size_t direct_reads = 0;      // messages the brains read from the stream leader around a stalled
                                  // or diverged consumer (NatsTransport::direct_reads)
    size_t verifications = 0;     // re-reads after a transport error (NatsTransport::verifications)
};

struct PartitionHealResult {
    std::string nats_server;      // `nats-server --version`
    double cluster_start_s = 0;
    std::vector<PartitionHealTrial> trials;
};

// Runs the trials on one cluster (a fresh stream per trial). `progress` sees each trial as it ends.
// Errors: nats-server not installed, the cluster not starting, a brain not connecting.
Result<PartitionHealResult> partition_heal(const PartitionHealOptions& options,
                                           const std::function<void(const PartitionHealTrial&)>& progress = {});

}  // namespace bm::meld
