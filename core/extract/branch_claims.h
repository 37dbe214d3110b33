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
    bool include_environment = true;       // the harness's records of the run → env.* claims (heuristic)
    // Which heuristic rules run (core/extract/rule_table.h): the default set (rules measured or judged
    // at ≥ 0.8 precision) or all of them (`--rules all`).
    bool all_rules = false;
    double min_confidence = 0.0;  // claims whose rule's confidence is lower are left out (`--min-confidence`)
};

// The messages each branch of `session` contributes, in order. A message shared by several
// branches (a DAG prefix before a rewind or a sidechain) is given to the first branch only, so a
// shared prefix counts once. Messages inherited from a parent session (seeded) are left out when
// `parent_loaded`: the parent's own branch carries them.
std::vector<std::vector<const Message*>> contributed_messages(const Session& session, bool parent_loaded,
                                                              const ExtractOptions& options);

// Ids of the sessions in `sessions` (to know whether a fork's parent is loaded).
bool parent_is_loaded(const Session& session, const std::vector<Session>& sessions);

}  // namespace bm
