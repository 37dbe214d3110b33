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
// The cell a brain's digests are published under: its first directory cell, else "global".
std::string digest_cell(const KeyDirectory& directory, const std::string& brain);

std::string encode_wire(const Delta& delta);
std::string encode_wire(const SignedDigest& digest);
// Parses one message; errors name the subject and the field.
Result<WireMessage> decode_wire(std::string_view subject, std::string_view body);

}  // namespace bm::meld
