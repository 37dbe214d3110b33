// Claude Code's own records of a run: a failed API call's notice and how a stream-json run ended.
// Thread-safety: pure functions.
#pragma once

#include "extract/branch_claims.h"
#include "model/session.h"

namespace bm {

// From `session`'s environment facts (claude_code_reader.cpp), placed among `branch`'s claims by seq:
// `api.<error kind>` = the notice ("Credit balance is too low"; rule harness.api_error, Refuted: the call
// failed) and `run.<session>.exit_status` = the stream-json result's subtype ("success", "error_max_turns";
// rule harness.run_exit_status). Observed by the harness: tool evidence and rank, EXTERNAL.
void add_claude_code_run_claims(const Session& session, BranchClaims& branch);

}  // namespace bm
