// Derivation labels by least fixpoint (SPEC §8): axiom, founded, retracted, unasserted.
//
// A route is a conjunction of premise keys; a slot's routes are alternatives. A slot is IN iff it
// is asserted and has no routes, or some route has every premise IN. A disputed conclusion is not
// asserted, so never IN. Cycles without outside support stay OUT. Thread-safety: pure function.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bm {

using Route = std::vector<std::string>;  // a conjunction of premise slot keys

struct DerivationInput {
    bool asserted = false;     // settled, resolved, contested winner, or adjudicated to a value
    std::vector<Route> routes;  // unioned over every claim on the slot
};

enum class DerivationStatus { kAxiom, kFounded, kRetracted, kUnasserted };
const char* derivation_status_name(DerivationStatus s);

struct DerivationLabel {
    DerivationStatus status = DerivationStatus::kUnasserted;
    bool in = false;
    std::optional<size_t> satisfied_route;    // founded: the first route with every premise IN
    std::vector<std::string> unmet_premises;  // retracted: premises (of any route) not IN, sorted
    std::vector<std::string> unknown_premises;  // premise keys naming no slot, sorted
};

// Labels every slot of `slots` (key → input). Deterministic: iteration follows key order.
std::map<std::string, DerivationLabel> label_derivations(const std::map<std::string, DerivationInput>& slots);

}  // namespace bm
