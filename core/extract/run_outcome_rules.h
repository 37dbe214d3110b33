// SWE-agent run outcomes (session 16): how the run ended (info.exit_status), the files its final patch
// submitted, and a command's facts from before an edit kept apart from its rerun's.
// Thread-safety: pure functions.
#pragma once

#include <vector>

#include "extract/branch_claims.h"
#include "model/claim.h"
#include "model/session.h"

namespace bm {

// `run.<session>.exit_status = <info.exit_status>` (rule harness.run_exit_status) from the session's
// `exit_status` environment fact (the SWE-agent reader records it), and
// `run.<session>.submission.files = a.py, pkg/b.py` (rule action.submission_files) from the action.patch_file
// claims of the branch's last submitted patch, paths as the patch writes them. Keyed by the session so two runs
// of two tasks never dispute. Placed among `branch`'s claims by seq.
void add_run_outcome_claims(const Session& session, BranchClaims& branch);

// A command's output, error lines or exit code (action.command_output, action.command_errors, action.no_output,
// action.command_exit) from a run that an applied edit (action.file_edited) follows and the same command then
// reruns (action.command_run): the fact held before the edit. Its key gets `.before_edit`, so the rerun's facts do
// not supersede it (the reproduce → fix → rerun loop every SWE-agent task template asks for).
void mark_runs_before_edit(std::vector<Claim>& claims);

}  // namespace bm
