// Evidence level and provenance rank of text by where it sits (SPEC §2, §5).
#pragma once

#include <optional>
#include <string>

#include "model/claim.h"
#include "model/message.h"

namespace bm {

struct ClaimOrigin {
    EvidenceLevel evidence = EvidenceLevel::kInferred;
    int provenance_rank = provenance_rank::kModelSpeculation;
};

// user 4 / rank 3 (only for source kind user; another source in a user-role message is 1);
// tool result 3 / rank 4 (2 for outside-content tools); assistant text 2 / rank 1; reasoning or
// hedged 1 / rank 1; unknown source rank 0. Plugin-injected text → nullopt (skipped by default,
// never user evidence).
std::optional<ClaimOrigin> claim_origin(const Message& message, BlockKind block, bool hedged,
                                        bool outside_content_tool);

}  // namespace bm
