// Annotations → claims, with rank and trust from the annotated message's origin.
#include "extract/oracle_extractor.h"

#include "extract/claim_origin.h"

namespace bm {

std::vector<std::vector<const Message*>> contributed_messages(const Session& session, bool parent_loaded,
                                                              const ExtractOptions& options) {
    std::vector<std::vector<const Message*>> out;
    std::vector<bool> taken(session.messages.size(), false);
    for (const auto& branch : session.branches) {
        std::vector<const Message*> mine;
        for (size_t i : branch.message_indexes) {
            const Message& m = session.messages[i];
            if (taken[i] || (parent_loaded && m.seeded)) continue;
            if (m.surface == Surface::kShadowed && !options.include_shadowed) continue;
            taken[i] = true;
            mine.push_back(&m);
        }
        out.push_back(std::move(mine));
    }
    return out;
}

bool parent_is_loaded(const Session& session, const std::vector<Session>& sessions) {
    if (session.parent_session.empty()) return false;
    const std::string parent = canonical_session_id(session.parent_session);
    for (const auto& s : sessions)
        if (s.id == parent) return true;
    return false;
}

std::vector<BranchClaims> extract_oracle(const std::vector<Session>& sessions, const ExtractOptions& options) {
    std::vector<BranchClaims> out;
    for (const auto& session : sessions) {
        const auto per_branch = contributed_messages(session, parent_is_loaded(session, sessions), options);
        for (size_t bi = 0; bi < session.branches.size(); ++bi) {
            const Branch& branch = session.branches[bi];
            BranchClaims bc{branch.id, session.id, {}};
            for (const Message* m : per_branch[bi]) {
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
                                source_kind_name(m->source.kind), {}, m->line};
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
