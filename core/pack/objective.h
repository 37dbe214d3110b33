// The packing objective of SPEC §10: per-item value plus a saturating per-type coverage bonus.
//
// U(S) = Σ_{v∈S} personal(v) + Σ_t w_t·(1 − e^(−γ·n_t(S))), w_t = 0.6·typeValue(t). The coverage
// term is concave in each per-type count, so U is monotone and submodular (tested as properties).
// Thread-safety: pure functions over values.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "model/claim.h"

namespace bm {

inline constexpr size_t kSlotTypeCount = 7;
inline constexpr double kDefaultGamma = 0.7;
inline constexpr double kRetractedFactor = 0.05;  // retracted items: available, never competitive

// typeValue: Constraint 3, Goal 3, Decision 2.5, Refuted 2, Fact 1.5, OpenQ 1, Artifact 1.
double type_value(SlotType type);
// w_t = 0.6·typeValue(t): the coverage weight of type t.
double coverage_weight(SlotType type);
size_t type_index(SlotType type);

// What personal(v) is computed from.
struct PersonalInputs {
    SlotType type = SlotType::kFact;
    int max_evidence = 1;      // 1..4
    int sources = 1;           // distinct branches asserting the presented value(s)
    int trust = 0;             // TrustLabel as 0 (UNTRUSTED) .. 2 (TRUSTED)
    double relevance = 0;      // 0..1 against the query
    bool retracted = false;    // ×0.05
};
// personal(v) = typeValue + 3·maxEvidence + 2·#sources + 4·trust + 2·relevance, ×0.05 if retracted.
double personal_value(const PersonalInputs& in);

// Fraction (0..1) of the query's words (lowercase letters/digits, length ≥ 2) found among the words
// of `text`; 0 for an empty query.
double query_relevance(const std::string& query, const std::string& text);

// One candidate for packing: its type, its personal value and its token cost.
struct PackCandidate {
    SlotType type = SlotType::kFact;
    double personal = 0;
    size_t cost = 1;
};

// U(S) for the candidates at `chosen` (indexes into `items`, each at most once).
double objective_value(const std::vector<PackCandidate>& items, const std::vector<size_t>& chosen,
                       double gamma = kDefaultGamma);

// U(S+v) − U(S) given the per-type counts of S.
double marginal_gain(const PackCandidate& item, const std::array<int, kSlotTypeCount>& type_counts,
                     double gamma = kDefaultGamma);

}  // namespace bm
