// Thresholds and gate switches of the MELD procedure (SPEC §13.2–13.3).
//
// Thresholds are calibrated per provider (`beliefmerge meld calibrate`) and carry the provider
// identity they were fitted for. Gates exist as switches only for the necessity probes and the
// ablation ladder; production brains run with every gate on. Thread-safety: plain values.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "util/canonical_writer.h"
#include "util/result.h"

namespace bm::meld {

struct Thresholds {
    double theta_merge = 0.90;  // σ at or above which a paraphrase may merge (R5)
    double sigma_lo = 0.12;     // relatedness floor: below it nothing is a candidate (R2)
    double r_min = 0.10;        // minimum retention (R1, freshness)
    std::string provider;       // the provider identity they were calibrated for ("" = defaults)

    nlohmann::json to_json() const;
    static Result<Thresholds> from_json(const nlohmann::json& j, const std::string& file);
};

// canonical_json(t.to_json()) as one value.
void write_thresholds(CanonicalWriter& w, const Thresholds& t);

// The operating point of the lexical provider, fitted on training data only by `beliefmerge bench
// meld-gold --fit` (docs/meld.md): lexical σ runs lower than a neural encoder's cosine.
Thresholds lexical_default_thresholds();

struct Gates {
    bool kappa = true;          // exact-key identity (R4)
    bool sigma = true;          // similarity (R2 floor and R5); off: only exact keys match
    bool inference = true;      // χ (R3 and the non-contradiction guard of R5)
    bool context = true;        // scope cells and validity overlap
    bool staleness = true;      // R1 and freshness compatibility
    bool authority = true;      // auth(b→a⋆) on R5
    bool conflict_at_sigma_lo = true;  // false: R3 only fires at σ ≥ θ_merge (ablation)
};

}  // namespace bm::meld
