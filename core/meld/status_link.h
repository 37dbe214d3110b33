// StatusLink: one append-only status effect on a claim, the element of the status CRDT (SPEC §13.4).
//
// A link is content-addressed (its id hashes every other field), so re-delivery is idempotent. It
// carries everything the read-time gate needs: its own retention and carried status (staleness),
// and its author's asserted authority (authorisation against the key directory and the claim's
// scope). Thread-safety: plain values.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "meld/status.h"
#include "util/canonical_writer.h"
#include "util/result.h"

namespace bm::meld {

struct StatusLink {
    std::string id;        // sha256 of the canonical JSON of every other field
    std::string claim;     // claim key the effect applies to
    std::vector<std::string> claim_scope;  // that claim's scope cells (the key binds them)
    ClaimStatus effect = ClaimStatus::kDeprecated;
    std::string kind;      // "supersedes" | "deprecate" | "overrule" | "revoke" | "reactivate"
    std::string target;    // for "supersedes": the canonical claim's key
    std::string author;    // brain id
    int authority = 0;     // the author's asserted authority level
    double retention = 1.0;                          // freshness of the link itself
    ClaimStatus carried = ClaimStatus::kActive;      // status the link carries; non-active = stale
    int64_t issued = 0;    // the author's logical clock (never read by the join)

    // Fills id from the other fields.
    void seal();
    nlohmann::json to_json() const;  // includes id
    // canonical_json(to_json()) as one value, or without the id (the bytes the id hashes).
    void write(CanonicalWriter& w, bool with_id) const;
    // Checks the id matches the content. `where` names the source in errors.
    static Result<StatusLink> from_json(const nlohmann::json& j, const Location& where);
};

}  // namespace bm::meld
