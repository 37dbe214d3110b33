// Harness environment facts (Session::environment) as claims: what the harness recorded about a run
// (cwd, model, approval policy, a hook's verdict, a turn's error, lineage, log format, creation
// time), keyed `env.*`, at tool-observation evidence and rank, EXTERNAL at most (docs/extract.md,
// "Harness environment facts"). Placeholders written by test fixtures are not facts and yield nothing.
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "extract/branch_claims.h"
#include "model/claim.h"
#include "model/session.h"

namespace bm {

// True for a value that stands in for a fact rather than stating one: anything holding `{{...}}`,
// the nil UUID, an id ending "-placeholder".
bool is_placeholder_value(std::string_view value);

// True for facts that describe the run's configuration and may compete across branches (cwd,
// model, provider, reasoning effort, approval policy, sandbox mode, permission preset); the
// others are per-run records (created_at, lineage, log format, hook verdicts, turn errors).
bool is_competing_environment_fact(const std::string& name);

// The slot key of `fact` in session `session_id`: `env.<name>` for competing facts,
// `env.session.<session>.<name>[.<qualifier>]` for per-run ones, so two runs never dispute over
// them. Empty for a name this extractor does not know.
// A session id as a key word: itself when it is lowercase letters, digits and single '-' (UUIDs),
// else folded to those plus '-' and 8 hex digits of its SHA-256 (`{{sessionId}}` → `sessionid-50de3d86`).
std::string session_tag(const std::string& session_id);

std::string environment_key(const EnvironmentFact& fact, const std::string& session_id);

// The claim value of `fact`: paths and ids verbatim, epoch milliseconds as ISO-8601 UTC, other
// values as lowercase tokens (spaces → '-'); empty when the fact is a placeholder (or createdAt 0).
std::string environment_value(const EnvironmentFact& fact);

// "2026-07-25T20:29:40.476Z" for 1785011380476 (milliseconds since 1970-01-01 UTC).
std::string iso8601_from_epoch_ms(int64_t ms);

// The claims of `session`'s environment facts, attributed to `branch_id`, in record order. Each
// names its record: source.role "system", source.source_kind "harness", source.message_id
// "harness:L<line>", source.line the line, quote the member as written.
std::vector<Claim> environment_claims(const Session& session, const std::string& branch_id);

// Adds `session`'s environment claims to `branch`, ordered by seq with the branch's own claims.
void add_environment_claims(const Session& session, BranchClaims& branch);

// For extractors that read only the conversation (oracle, model): the harness's records do not
// depend on how prose is read, so every extractor gives the same env.* claims. Each session's go to
// its first branch in `branches` (ordered by seq with that branch's claims), or to a branch of its
// own when the session has none there (a log with no message). extract_heuristic does this itself.
void add_environment_claims(const std::vector<Session>& sessions, std::vector<BranchClaims>& branches);

}  // namespace bm
