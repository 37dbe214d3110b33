// Delta: the signed unit a brain PUBLISHes — one claim or one status link (SPEC §13.3, §14).
//
// The MAC is HMAC-SHA-256 over the RFC 8785 canonical JSON of every field but "mac", under the
// key the directory gives the sender (the group key unless the sender has its own). A delta
// whose MAC does not verify is dropped before any signal is read. Thread-safety: plain values.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "meld/claim.h"
#include "meld/key_directory.h"
#include "meld/status_link.h"
#include "util/canonical_writer.h"
#include "util/result.h"

namespace bm::meld {

nlohmann::json claim_to_json(const Claim& c);
// The canonical bytes of claim_to_json(c), written as one value (members in key order).
void write_claim(CanonicalWriter& w, const Claim& c);
Result<Claim> claim_from_json(const nlohmann::json& j, const Location& where);

struct Delta {
    static constexpr int kVersion = 1;
    std::string sender;  // the brain that published this copy
    int64_t sent = 0;    // the sender's logical clock
    std::optional<Claim> claim;
    std::optional<StatusLink> link;
    std::string mac;  // lowercase hex

    bool is_claim() const { return claim.has_value(); }
    // Everything but the MAC, canonical.
    std::string signed_bytes() const;
    // canonical_json(to_json()): the MAC included.
    std::string canonical_bytes() const;
    void sign(const KeyDirectory& directory);
    // Constant-time comparison of the recomputed MAC.
    bool verify(const KeyDirectory& directory) const;
    // The same, over signed_bytes() the caller already computed (admission also hashes them for id()).
    bool verify(const KeyDirectory& directory, const std::string& signed_bytes) const;
    // A stable id for logs: sha256 of the signed bytes.
    std::string id() const;

    nlohmann::json to_json() const;
    static Result<Delta> from_json(const nlohmann::json& j, const Location& where);
};

// Constant-time equality of two hex MACs.
bool mac_equal(const std::string& a, const std::string& b);
// HMAC-SHA256 (hex) of `bytes` under `key`; empty when either is empty: bytes that failed
// canonicalisation, or a brain without a key, are never signed.
std::string mac_hex(const std::string& key, const std::string& bytes);
// Whether `mac` is mac_hex(key, bytes), never for an empty key or empty bytes (constant-time).
bool mac_verifies(const std::string& mac, const std::string& key, const std::string& bytes);

}  // namespace bm::meld
