// `meld publish`: a workspace's merged claims (decisions applied) as MELD claims with scope,
// provenance and trust, ready to be signed as deltas by a brain (docs/meld.md "From sessions").
#pragma once

#include <string>
#include <vector>

#include "meld/claim.h"
#include "snapshot/review_snapshot.h"

namespace bm::cli {

struct PublishOptions {
    std::vector<std::string> scope;  // scope cells of every published claim (the brain's cell)
    std::string origin;              // the publishing brain
    int authority = 0;               // its directory authority
    std::string session;             // non-empty: only values a claim of this session supports
};

struct PublishPlan {
    std::vector<meld::Claim> claims;  // in slot key order, then value order
    size_t retracted = 0;             // slots left out: their derivation is retracted (not IN)
};

// One claim per value a slot presents: the decided value of a resolved slot, else its winner, else
// every tied value (a dispute travels as the claims that contradict). Trust is the label of the
// value's supporting claims, capped by the slot's derivation ceiling and, for the value the slot
// presents, by the slot's own label: never raised (an untrusted claim is never published trusted).
PublishPlan plan_publish(const ReviewSnapshot& review, const PublishOptions& options);

// "database is postgresql"; "orders financial" (assert) / "not orders financial" (refute).
std::string claim_text(const std::string& slot_key, const std::string& value);

}  // namespace bm::cli
