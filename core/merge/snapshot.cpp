// Snapshot lookup and its byte-stable serialisation.
#include "merge/snapshot.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "trust/trust_lattice.h"
#include "util/canonical_json.h"

namespace bm {

using nlohmann::json;

const char* slot_state_name(SlotState s) {
    switch (s) {
        case SlotState::kSettled: return "settled";
        case SlotState::kResolved: return "resolved";
        case SlotState::kContested: return "contested";
        case SlotState::kDisputed: return "disputed";
    }
    return "disputed";
}

const Slot* MergedSnapshot::find(const std::string& key) const {
    auto it = std::lower_bound(slots.begin(), slots.end(), key, [](const Slot& s, const std::string& k) { return s.key < k; });
    return it != slots.end() && it->key == key ? &*it : nullptr;
}

namespace {

json claim_json(const Claim& c) {
    return {{"branch", c.source.branch_id}, {"session", c.source.session_id}, {"message", c.source.message_id},
            {"seq", c.source.seq},          {"role", c.source.role},          {"source", c.source.source_kind},
            {"value", c.value},             {"evidence", evidence_name(c.evidence)},
            {"rank", c.provenance_rank},    {"trust", trust_name(c.trust)},   {"quote", c.quote},
            {"quote_offset", c.quote_offset}, {"time", c.time}};
}

json chain_json(const MergedSnapshot& snap, const std::vector<ClaimRef>& chain) {
    json out = json::array();
    for (ClaimRef r : chain) out.push_back(claim_json(snap.claim(r)));
    return out;
}

}  // namespace

std::string MergedSnapshot::serialize() const {
    json slots_json = json::array();
    for (const auto& s : slots) {
        json values = json::array();
        for (const auto& v : s.values)
            values.push_back({{"value", v.value}, {"score", v.score}, {"evidence", v.evidence}, {"max_rank", v.max_rank},
                              {"trust", trust_name(v.trust)}, {"supporters", chain_json(*this, v.supporters)}});
        json disputes = json::array();
        for (const auto& e : s.disputes)
            disputes.push_back({{"winner", e.winner_value}, {"challenger", e.challenger_value},
                                {"winner_rank", e.winner_rank}, {"challenger_rank", e.challenger_rank},
                                {"effective_confidence", e.effective_confidence},
                                {"winner_chain", chain_json(*this, e.winner_chain)},
                                {"challenger_chain", chain_json(*this, e.challenger_chain)}});
        json derivation = {{"status", derivation_status_name(s.derivation.status)}, {"in", s.derivation.in},
                           {"unmet", s.derivation.unmet_premises}, {"unknown", s.derivation.unknown_premises}};
        if (s.derivation.satisfied_route) derivation["route"] = *s.derivation.satisfied_route;
        json j = {{"key", s.key}, {"type", slot_type_name(s.type)}, {"state", slot_state_name(s.state)},
                  {"tied", s.tied}, {"values", values}, {"history", chain_json(*this, s.history)},
                  {"disputes", disputes}, {"rank_comparison", s.rank_comparison}, {"routes", s.routes},
                  {"derivation", derivation}, {"trust", trust_name(s.trust)}};
        if (s.winner) j["winner"] = *s.winner;
        if (s.ceiling) j["ceiling"] = trust_name(*s.ceiling);
        slots_json.push_back(std::move(j));
    }
    json violations = json::array();
    for (const auto& v : this->violations)
        violations.push_back({{"invariant", v.invariant}, {"key", v.key}, {"detail", v.detail}});
    json doc = {{"score", score_rule_name(rule)}, {"slots", slots_json}, {"violations", violations}};
    auto bytes = canonical_json(doc);
    return bytes ? *bytes : std::string();  // values here are always finite and valid UTF-8
}

}  // namespace bm
