// The five trust invariants over a merged snapshot.
#include "merge/trust_invariants.h"

#include <algorithm>

#include "trust/trust_lattice.h"

namespace bm {

std::vector<InvariantViolation> check_trust_invariants(const MergedSnapshot& snapshot) {
    std::vector<InvariantViolation> out;
    auto valid = [](TrustLabel t) {
        return t == TrustLabel::kUntrusted || t == TrustLabel::kExternal || t == TrustLabel::kTrusted;
    };
    for (const Slot& s : snapshot.slots) {
        std::vector<std::string> presented = s.winner ? std::vector<std::string>{*s.winner} : s.tied;
        if (!valid(s.trust)) out.push_back({"unlabelled", s.key, "the slot's presented trust label is not a label"});
        for (const auto& value : presented) {
            auto it = std::find_if(s.values.begin(), s.values.end(), [&](const SlotValue& v) { return v.value == value; });
            if (it == s.values.end() || it->supporters.empty()) {
                out.push_back({"unsupported", s.key, "'" + value + "' is presented but no claim asserts it"});
                continue;
            }
            TrustLabel best = TrustLabel::kUntrusted;
            bool any_trusted = false;
            for (ClaimRef ref : it->supporters) {
                const Claim& c = snapshot.claim(ref);
                if (!valid(c.trust)) {
                    out.push_back({"unlabelled", s.key, "a claim from " + c.source.message_id + " has no valid trust label"});
                    continue;
                }
                best = trust_join(best, c.trust);
                any_trusted |= c.trust == TrustLabel::kTrusted;
            }
            if (s.trust > best)
                out.push_back({"no-amplification", s.key,
                               std::string("presented as ") + trust_name(s.trust) + " but its best claim is " + trust_name(best)});
            if (s.trust == TrustLabel::kTrusted && !any_trusted)
                out.push_back({"no-laundering", s.key, "presented as TRUSTED although no TRUSTED source asserts '" + value + "'"});
        }
        if (s.ceiling && s.trust > *s.ceiling)
            out.push_back({"derivation-ceiling", s.key,
                           std::string("presented as ") + trust_name(s.trust) + " above its derivation ceiling " +
                               trust_name(*s.ceiling)});
    }
    return out;
}

}  // namespace bm
