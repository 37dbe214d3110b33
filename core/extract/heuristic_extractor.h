// Heuristic extractor (SPEC §5): deterministic, offline key/value claims from prose and tool output.
//
// Recognises `X is Y`, `X: Y`, `X = Y`, `set X to Y`, `use Y for X`, `switched/moved/migrated X to
// Y`, `X should/must be Y`, negations (→ Refuted), decisions, open questions, and derivation cues
// (`because`, `since`, `so`, `therefore`) linking a conclusion to its premises; requests, reply
// instructions and tool choices (request_rules.h); exit codes, test counts and files seen in tool
// results (tool_result_facts.h); `X triggers/causes Y` → x.outcome; structured-output tool-call
// arguments (tool_call_facts.h) and compaction summaries at assistant evidence. Chatter is dropped.
// Thread-safety: pure function.
#pragma once

#include <vector>

#include "extract/branch_claims.h"

namespace bm {

std::vector<BranchClaims> extract_heuristic(const std::vector<Session>& sessions, const ExtractOptions& options);

// Claims of one text (exposed for tests): `origin` fills evidence/rank/trust/source.
std::vector<Claim> extract_from_text(const std::string& text, const Claim& origin, bool is_user);

// Claims of a tool result's own forms (exit codes, test counts, files; tool_result_facts.h), labelled
// like `origin`, whose source.tool_name names the tool; `cwd` the run's directory (exposed for tests).
std::vector<Claim> tool_result_facts_as_claims(const std::string& text, const Claim& origin,
                                               const std::string& cwd = {});

}  // namespace bm
