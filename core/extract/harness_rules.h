// Claims from the harness's own records that a resuming agent needs (hook verdicts, how a turn
// ended), and the branch pass that dates a file's read content against later changes to it.
// Thread-safety: pure functions.
#pragma once

#include <vector>

#include "extract/branch_claims.h"
#include "extract/tool_result_facts.h"
#include "model/claim.h"
#include "model/session.h"

namespace bm {

// `hook.<Event>[.<n>] = pass | block: <reason>` (rule harness.hook_decision) and
// `turn.outcome.session-<s>.turn-<n> = aborted | cut off at the output limit (max-tokens) | failed: <error>`
// (rule harness.turn_outcome) from the session's environment facts, placed among `branch`'s claims
// by seq. Observed by the harness: tool evidence and rank, EXTERNAL.
void add_harness_claims(const Session& session, BranchClaims& branch);

// `found` joined to `branch`'s claims, all ordered by seq (stable: `found` first at a tie).
void place_by_seq(std::vector<Claim> found, BranchClaims& branch);

// A claim of a harness record `f` of `session` in `branch`: observed by the harness (tool evidence and rank,
// EXTERNAL), sourced "harness:L<line>" at the fact's seq, quoting the member as written; rule, key and value unset.
Claim harness_fact_claim(const Session& session, const BranchClaims& branch, const EnvironmentFact& f);

// A file's content read before the branch changed the file (action.file_content, then an edit,
// delete or rewrite of the same file) gets " (before the edit)" / " (before it was deleted)" /
// " (before it was rewritten)"; for an edit "A replaced with B", only the lines holding A.
void mark_read_contents(std::vector<Claim>& claims);

// A background worker's closing message the harness delivers after its notice ("Background subagent
// <id> failed before it finished." / "Its closing message:" / "SECOND_OK", in one block or three):
// `<kind>.<id>.closing_message = <the message>` (rule harness.closing_message) when the message is one
// line of at most 80 bytes inside `m.blocks[block]`. Never from an assistant's text.
std::vector<TextFact> closing_messages(const Message& m, size_t block);

}  // namespace bm
