// Lattice operations and the derivation ceiling.
#include "trust/trust_lattice.h"

namespace bm {

const char* trust_name(TrustLabel t) {
    switch (t) {
        case TrustLabel::kUntrusted: return "UNTRUSTED";
        case TrustLabel::kExternal: return "EXTERNAL";
        case TrustLabel::kTrusted: return "TRUSTED";
    }
    return "UNTRUSTED";
}

std::optional<TrustLabel> derivation_ceiling(const std::vector<std::vector<TrustLabel>>& premise_trust) {
    if (premise_trust.empty()) return std::nullopt;
    TrustLabel best = TrustLabel::kUntrusted;
    for (const auto& route : premise_trust) {
        TrustLabel route_min = TrustLabel::kTrusted;  // an empty route bounds nothing
        for (TrustLabel t : route) route_min = trust_meet(route_min, t);
        best = trust_join(best, route_min);
    }
    return best;
}

}  // namespace bm
