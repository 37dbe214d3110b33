// The extraction stage's output: each branch's claims, in the branch's message order.
#pragma once

#include <string>
#include <vector>

#include "model/claim.h"
#include "model/session.h"
#include "trust/claim_trust.h"

namespace bm {

struct BranchClaims {
    std::string branch_id;
    std::string session_id;
    std::vector<Claim> claims;  // in message order: later claims may supersede earlier ones
};

struct ExtractOptions {
    TrustPolicy trust;
    bool include_plugin_messages = false;  // plugin text is skipped unless asked for (never user evidence)
    bool include_shadowed = false;         // compacted-away messages are history, not surface
};

// The messages of one branch, in order (shared fork prefixes excluded when `skip_seeded`).
std::vector<const Message*> branch_messages(const Session& session, const Branch& branch, bool skip_seeded);

}  // namespace bm
