// plan_publish(): merged slots → MELD claims (value, scope, provenance, trust).
#include "cli/meld_publish.h"

#include <algorithm>
#include <set>

#include "adjudicate/resolved_view.h"
#include "model/session.h"
#include "trust/trust_lattice.h"

namespace bm::cli {

std::string claim_text(const std::string& slot_key, const std::string& value) {
    std::string words = slot_key;
    std::replace(words.begin(), words.end(), '.', ' ');
    std::replace(words.begin(), words.end(), '_', ' ');
    if (value == "assert") return words;
    if (value == "refute") return "not " + words;
    return words + " is " + value;
}

namespace {

// The values the slot presents after its effective resolution.
std::vector<std::string> presented_values(const ReviewSnapshot& review, const Slot& slot) {
    if (const EffectiveResolution* r = review.resolution(slot.key))
        if (auto chosen = resolved_value(*r)) return {*chosen};
    if (slot.winner) return {*slot.winner};
    return slot.tied;
}

}  // namespace

PublishPlan plan_publish(const ReviewSnapshot& review, const PublishOptions& options) {
    PublishPlan plan;
    if (!review.merged) return plan;
    const MergedSnapshot& merged = *review.merged;
    const std::string session = options.session.empty() ? "" : canonical_session_id(options.session);
    for (const Slot& slot : merged.slots) {
        if (slot.derivation.status == DerivationStatus::kRetracted) {
            ++plan.retracted;
            continue;
        }
        const std::vector<std::string> values = presented_values(review, slot);
        for (const std::string& value : values) {
            auto sv = std::find_if(slot.values.begin(), slot.values.end(), [&](const SlotValue& v) { return v.value == value; });
            if (sv == slot.values.end()) continue;  // a decided value no claim supports: nothing to publish
            TrustLabel trust = TrustLabel::kUntrusted;
            double confidence = 0;
            bool in_session = session.empty();
            std::set<std::string> provenance;
            for (const ClaimRef& ref : sv->supporters) {
                const Claim& c = merged.claim(ref);
                trust = trust_join(trust, c.trust);
                confidence = std::max(confidence, c.confidence);
                in_session |= canonical_session_id(c.source.session_id) == session;
                provenance.insert(c.source.session_id + "/" + c.source.message_id + " " + evidence_name(c.evidence) +
                                  " rank " + std::to_string(c.provenance_rank));
            }
            if (!in_session) continue;
            if (slot.ceiling) trust = trust_meet(trust, *slot.ceiling);
            if (slot.winner && *slot.winner == value) trust = trust_meet(trust, slot.trust);
            meld::Claim m;
            m.text = claim_text(slot.key, value);
            m.scope.cells = options.scope;
            m.scope.normalise();
            m.confidence = std::clamp(confidence, 0.0, 1.0);
            m.origin = options.origin;
            m.authority = options.authority;
            m.trust = trust == TrustLabel::kTrusted ? "trusted" : trust == TrustLabel::kExternal ? "external" : "untrusted";
            m.provenance.assign(provenance.begin(), provenance.end());
            plan.claims.push_back(std::move(m));
        }
    }
    return plan;
}

}  // namespace bm::cli
