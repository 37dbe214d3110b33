// The wire form of MELD messages on a federation transport: subjects meld.<cell>.<topic> and the
// JSON bodies of deltas and signed digests (SPEC §14). decode_wire() parses bytes from the network
// (fuzzed: tests/fuzz kind meld_wire). Thread-safety: plain values and pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "meld/delta.h"
#include "meld/status_crdt.h"
#include "util/result.h"

namespace bm::meld {

enum class WireTopic { kClaim, kLink, kRepair, kDigest };
const char* wire_topic_name(WireTopic t);

// An anti-entropy digest as a brain publishes it: who, the per-claim link ids and set hashes, and
// an HMAC under the brain's key (a forged digest could only make peers re-send links).
struct SignedDigest {
    std::string brain;
    StatusDigest digest;
    std::string mac;
    std::string cell;  // routing only (the subject's cell token), not signed


    std::string signed_bytes() const;
    void sign(const KeyDirectory& directory);
    bool verify(const KeyDirectory& directory) const;
};

struct WireMessage {
    WireTopic topic = WireTopic::kClaim;
    std::string subject;
    Delta delta;          // kClaim, kLink, kRepair
    SignedDigest digest;  // kDigest
};

// A subject token for a scope cell: characters outside [A-Za-z0-9_:-] become '_' ("" → "_").
std::string subject_token(std::string_view cell);
// meld.<cell>.<topic>, the cell being the delta's first scope cell ("global" when it has none).
std::string wire_subject(const Delta& delta, WireTopic topic);
// Routed subjects (issue 25). A copy addressed to one brain travels on meld.inbox:<brain>.<topic>
// (the publisher resolved the recipient through its Router: key prefixes, interest profiles);
// consumers select with filters: meld.<cell>.> for a topic subscription, meld.inbox:<brain>.> for
// the copies addressed to a brain, meld.*.<topic> for one topic of every cell.
std::string wire_inbox_subject(const std::string& recipient, WireTopic topic);
std::string topic_filter_subject(std::string_view cell);
std::string inbox_filter_subject(const std::string& brain);
std::string any_cell_filter_subject(WireTopic topic);

// The cell a brain's digests are published under: its first directory cell, else "global".
std::string digest_cell(const KeyDirectory& directory, const std::string& brain);

std::string encode_wire(const Delta& delta);
std::string encode_wire(const SignedDigest& digest);
// Parses one message; errors name the subject and the field.
Result<WireMessage> decode_wire(std::string_view subject, std::string_view body);

}  // namespace bm::meld
