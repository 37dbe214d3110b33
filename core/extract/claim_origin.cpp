// Evidence and rank from role, block kind and hedging.
#include "extract/claim_origin.h"

namespace bm {

std::optional<ClaimOrigin> claim_origin(const Message& message, BlockKind block, bool hedged,
                                        bool outside_content_tool) {
    if (message.source.kind == SourceKind::kPlugin) return std::nullopt;
    ClaimOrigin o;
    if (block == BlockKind::kReasoning) {
        o.evidence = EvidenceLevel::kSpeculative;
        o.provenance_rank = provenance_rank::kModelSpeculation;
    } else if (message.role == Role::kUser) {
        // Only the user's own words are user evidence: a user-role message of another origin
        // (harness-injected workspace instructions, an unrecognised source kind) is speculation at best.
        o.evidence = hedged || message.source.kind != SourceKind::kUser ? EvidenceLevel::kSpeculative
                                                                        : EvidenceLevel::kUserStated;
        o.provenance_rank = provenance_rank::kUserAssertion;
    } else if (message.role == Role::kTool || block == BlockKind::kToolResult) {
        o.evidence = EvidenceLevel::kToolVerified;
        o.provenance_rank = outside_content_tool ? provenance_rank::kRetrievedText : provenance_rank::kToolObservation;
    } else if (message.role == Role::kAssistant) {
        o.evidence = hedged ? EvidenceLevel::kSpeculative : EvidenceLevel::kInferred;
        o.provenance_rank = provenance_rank::kModelSpeculation;
    } else {
        o.evidence = EvidenceLevel::kSpeculative;
        o.provenance_rank = provenance_rank::kPluginOrUnknown;
    }
    if (message.source.kind == SourceKind::kUnknown) o.provenance_rank = provenance_rank::kPluginOrUnknown;
    return o;
}

}  // namespace bm
