// Choosing what survives a token budget (SPEC §10): density greedy and partial enumeration.
//
// Density greedy repeatedly takes the candidate with the largest marginal gain per token that
// still fits (lazy evaluation: gains only shrink, so a stale bound that is still on top is exact).
// Partial enumeration runs greedy completion from every seed set of size ≤ k drawn from the top-M
// candidates by density, plus the empty seed, and keeps the best: it is never worse than density
// greedy. Under a knapsack constraint plain density greedy has no constant-factor guarantee, and
// with this mixed objective the enumeration is a heuristic, not a certified (1 − 1/e) ratio.
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "pack/objective.h"

namespace bm {

enum class PackAlgorithm { kDensityGreedy, kPartialEnumeration };
const char* pack_algorithm_name(PackAlgorithm a);

struct SelectOptions {
    size_t budget = 0;  // tokens available to the candidates
    PackAlgorithm algorithm = PackAlgorithm::kPartialEnumeration;
    size_t seed_size = 3;  // k: largest seed set enumerated
    // M: seeds are drawn from the M densest candidates. 0 = automatic: 16, lowered for large inputs
    // so that (number of seed sets) × n stays within 2,000,000 greedy steps (M = 10 at n = 10,000).
    size_t top_m = 0;
    double gamma = kDefaultGamma;
};

struct Selection {
    std::vector<size_t> chosen;  // indexes into the candidates, sorted
    size_t cost = 0;
    double value = 0;            // U(chosen)
    double greedy_value = 0;     // U of plain density greedy on the same input
    bool beat_greedy = false;    // enumeration found a strictly better set
    size_t seeds_tried = 0;      // seed sets completed (1 for density greedy)
    size_t seed_pool = 0;        // M actually used
    std::string algorithm;       // e.g. "partial-enumeration(k=3, M=16 of 40)"
};

// Density greedy from an optional seed set (REQUIRES: seeds fit the budget, no duplicates).
Selection density_greedy(const std::vector<PackCandidate>& items, size_t budget, double gamma = kDefaultGamma,
                         const std::vector<size_t>& seeds = {});

// Runs the configured algorithm and reports which ran and whether it beat density greedy.
Selection select_candidates(const std::vector<PackCandidate>& items, const SelectOptions& options);

}  // namespace bm
