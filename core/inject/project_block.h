// A project's packed block: the sessions that ran in one working directory, through the one
// snapshot pipeline (core/snapshot) with the workspace's decisions, packed; and what that block
// covers (sessions, slots, decisions, extractor), which an approval records to tell when it is
// stale. Thread-safety: plain functions; each call opens its own connections.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "snapshot/packed_block.h"
#include "store/approvals.h"

namespace bm {

struct ProjectBlockOptions {
    size_t budget = 0;
    std::string tokenizer;   // a spec for open_token_counter; empty: default_tokenizer_spec()
    ExtractOptions extract;  // heuristic rules and threshold (no current session: the block is for
                             // the next one)
    // Only slots a human decided, or settled at TRUSTED (the `reviewed` policy); otherwise every
    // slot.
    bool reviewed_only = false;
};

// What a block was built from: the facts an approval records.
struct BlockCoverage {
    std::vector<ProjectSession> sessions;  // sorted by key
    std::vector<std::string> slot_keys;    // every slot of the merge, sorted
    DecisionIds decisions;                 // decisions and model resolutions on those slots
    std::string extractor;                 // extractor_fingerprint()
};

struct ProjectBlock {
    ReviewSnapshot review;
    PackResult packed;
    std::string tokenizer;  // the spec the counter was opened from
    BlockCoverage coverage;
};

// SHA-256 (hex) naming the extraction: the heuristic rule table (ids, switches, confidences, key
// templates, patterns in words), the rule options and the engine version. Changes when the
// extractor does.
std::string extractor_fingerprint(const ExtractOptions& options);

// The project's sessions in `workspace` through build_review_snapshot (decisions applied) and
// pack_review_snapshot. NotFound when the workspace holds no session of `project`.
Result<ProjectBlock> build_project_block(const std::string& workspace, const std::string& project,
                                         const ProjectBlockOptions& options);

// The approval record of `block` for `project` by `reviewer` (budget from the pack report), ready
// for ApprovalStore::append.
ApprovalRecord approval_of(const ProjectBlock& block, const std::string& project,
                           const std::string& reviewer);

}  // namespace bm
