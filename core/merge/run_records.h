// Two sessions' runs of one command are never alternatives (session 29): before the merge, the
// claims of run-record rules (RuleScope::kRun, extract/rule_table.h: the line behind
// `<command>.command`, the commit behind `file.<path>.commit`) whose key holds differing values from
// two sessions get `.session-<session>`
// on their key, so each session's line is its own slot; equal lines keep the key and corroborate.
// A session's reading is its branches' last line under the key (a later line supersedes, as in
// the merge); lines that say one line in more or fewer words ("python t.py",
// "cd /testbed && python t.py"; merge/value_refinement.h) are one reading.
// Thread-safety: pure function over its argument.
#pragma once

#include <vector>

#include "extract/branch_claims.h"

namespace bm {

// Re-keys, in place, the run-record claims of `branches` (all the sessions merged together) whose
// key two sessions read differently.
void separate_differing_runs(std::vector<BranchClaims>& branches);

}  // namespace bm
