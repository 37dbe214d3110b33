// The trust lattice UNTRUSTED < EXTERNAL < TRUSTED (SPEC §9) and the derivation ceiling.
//
// Join (max) aggregates corroboration; meet (min) bounds derivation. Trust is separate from
// evidence: a strong tool result can still be untrusted text. Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/trust_label.h"

namespace bm {

const char* trust_name(TrustLabel t);
inline TrustLabel trust_join(TrustLabel a, TrustLabel b) { return a < b ? b : a; }
inline TrustLabel trust_meet(TrustLabel a, TrustLabel b) { return a < b ? a : b; }

// Max over routes of the min trust of that route's premises; nullopt when there are no routes.
// REQUIRES: premise_trust has one vector per route (a premise without a label counts UNTRUSTED).
std::optional<TrustLabel> derivation_ceiling(const std::vector<std::vector<TrustLabel>>& premise_trust);

}  // namespace bm
