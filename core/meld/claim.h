// Claim, Scope and the claim key κ of MELD (SPEC §13.1).
//
// A Claim is an addressable assertion: text, discrete scope (sorted `name:value` cells),
// confidence, validity interval, retention (freshness) and the status its sender holds for it.
// The claim key hashes canon(text) and canon(scope) only; validity and freshness stay in the
// Context gate. Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "meld/status.h"

namespace bm::meld {

// Sorted, duplicate-free `name:value` cells, e.g. {"jurisdiction:EU"}.
struct Scope {
    std::vector<std::string> cells;

    // Sorts and de-duplicates; call after editing cells.
    void normalise();
    // "jurisdiction:eu|team:ops" of the canonical cells, the form hashed into the key.
    std::string canonical() const;
    bool operator==(const Scope& o) const { return canonical() == o.canonical(); }
};

// Half-open validity interval [from, to) in seconds since the epoch; the default is unbounded.
struct Validity {
    int64_t from = std::numeric_limits<int64_t>::min();
    int64_t to = std::numeric_limits<int64_t>::max();
    bool overlaps(const Validity& o) const { return from < o.to && o.from < to; }
    bool bounded() const {
        return from != std::numeric_limits<int64_t>::min() || to != std::numeric_limits<int64_t>::max();
    }
};

struct Claim {
    std::string text;
    Scope scope;
    double confidence = 1.0;
    Validity validity;
    double retention = 1.0;  // R(b): freshness left, in [0, 1]; below R_min the claim is stale
    ClaimStatus status = ClaimStatus::kActive;  // the status its sender holds (R1 reads it)
    std::string origin;      // the brain that first asserted it
    int authority = 0;       // the origin's asserted authority level
    // Where a claim published from a workspace came from (`meld publish`): its trust label
    // (trusted|external|untrusted) and one "session/message evidence rank N" entry per supporting
    // source. Signed with the delta, not in the key; empty (omitted) for claims asserted directly.
    std::string trust;
    std::vector<std::string> provenance;
};

// κ = SHA-256(canon(text) ‖ 0x1F ‖ canon(scope)), lowercase hex.
std::string claim_key(const std::string& text, const Scope& scope);
inline std::string claim_key(const Claim& c) { return claim_key(c.text, c.scope); }

// Context(a) ≈ Context(b): the same discrete scope cells, overlapping validity intervals, and
// compatible freshness (both at or above r_min).
bool context_compatible(const Claim& a, const Claim& b, double r_min);

}  // namespace bm::meld
