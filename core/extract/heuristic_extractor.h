// Heuristic extractor (SPEC §5): deterministic, offline key/value claims from prose and tool output.
//
// Recognises `X is Y`, `X: Y`, `X = Y`, `set X to Y`, `use Y for X`, `switched/moved/migrated X to
// Y`, `X should/must be Y`, negations (→ Refuted), decisions, open questions, and derivation cues
// (`because`, `since`, `so`, `therefore`) linking a conclusion to its premises. Chatter is dropped.
// Thread-safety: pure function.
#pragma once

#include <vector>

#include "extract/branch_claims.h"

namespace bm {

std::vector<BranchClaims> extract_heuristic(const std::vector<Session>& sessions, const ExtractOptions& options);

// Claims of one text (exposed for tests): `origin` fills evidence/rank/trust/source.
std::vector<Claim> extract_from_text(const std::string& text, const Claim& origin, bool is_user);

}  // namespace bm
