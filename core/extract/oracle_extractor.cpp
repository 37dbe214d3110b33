// Annotations → claims, with rank and trust from the annotated message's origin.
#include "extract/oracle_extractor.h"

#include "extract/claim_origin.h"

namespace bm {

std::vector<const Message*> branch_messages(const Session& session, const Branch& branch, bool skip_seeded) {
    std::vector<const Message*> out;
    for (size_t i : branch.message_indexes) {
        const Message& m = session.messages[i];
        if (skip_seeded && m.seeded) continue;
        out.push_back(&m);
    }
    return out;
}

std::vector<BranchClaims> extract_oracle(const std::vector<Session>& sessions, const ExtractOptions& options) {
    std::vector<BranchClaims> out;
    for (const auto& session : sessions) {
        for (const auto& branch : session.branches) {
            BranchClaims bc{branch.id, session.id, {}};
            for (const Message* m : branch_messages(session, branch, !session.parent_session.empty())) {
                if (m->surface == Surface::kShadowed && !options.include_shadowed) continue;
                for (const auto& a : m->annotations) {
                    Claim c;
                    c.key = a.key;
                    c.value = a.value;
                    c.type = a.type;
                    c.evidence = a.evidence;
                    auto origin = claim_origin(*m, BlockKind::kText, false, false);
                    if (!origin && !options.include_plugin_messages) continue;
                    c.provenance_rank = origin ? origin->provenance_rank : provenance_rank::kPluginOrUnknown;
                    // Only the user's own words are user evidence; injected text is speculation at best.
                    if (m->source.kind == SourceKind::kPlugin || m->source.kind == SourceKind::kUnknown)
                        c.evidence = EvidenceLevel::kSpeculative;
                    else if (m->role != Role::kUser && c.evidence == EvidenceLevel::kUserStated)
                        c.evidence = EvidenceLevel::kToolVerified;
                    c.trust = trust_for_message(*m, session.id, "", options.trust);
                    c.source = {branch.id, session.id, m->id, m->seq, role_name(m->role),
                                source_kind_name(m->source.kind), {}};
                    c.quote = a.quote;
                    const std::string text = m->visible_text();
                    auto pos = a.quote.empty() ? std::string::npos : text.find(a.quote);
                    c.quote_offset = pos == std::string::npos ? -1 : static_cast<int64_t>(pos);
                    c.derived_from = a.derived_from;
                    c.time = m->time;
                    bc.claims.push_back(std::move(c));
                }
            }
            out.push_back(std::move(bc));
        }
    }
    return out;
}

}  // namespace bm
