// Whether a project's approval still holds: approved (nothing it covers changed), stale (and what
// changed: a session imported or grown, a decision or model resolution on its slots, the extractor)
// or none. Computed from the workspace rows alone, without rebuilding the block, so a hook can ask
// it in milliseconds. Thread-safety: plain functions over one ApprovalStore (one thread).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "inject/project_block.h"
#include "store/approvals.h"

namespace bm {

enum class ApprovalState { kNone, kApproved, kStale };
const char* approval_state_name(ApprovalState state);

struct ApprovalStatus {
    std::string project;
    ApprovalState state = ApprovalState::kNone;
    std::optional<ApprovalRecord> approval;  // the newest one, when any
    std::vector<std::string> changes;        // why it is stale, one line each, in a fixed order
    InjectPolicy policy = InjectPolicy::kNone;
};

// What changed between what `approval` covers and `now` (empty: nothing).
std::vector<std::string> coverage_changes(const ApprovalRecord& approval, const BlockCoverage& now);

// The status of `project` now; `extract` names the extractor a new block would use.
Result<ApprovalStatus> approval_status(ApprovalStore& store, const std::string& project,
                                       const ExtractOptions& extract);

}  // namespace bm
