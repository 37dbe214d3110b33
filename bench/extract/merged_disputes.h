// The merged arm of `bench extract`: every log of one split and format merged together, as a reviewer
// merges a week of one project's sessions, and each disputed or contested slot judged a real alternative
// or not (DisputeLabel, gold_set.h; docs/extract.md "Disputes across merged logs"). Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bench/extract/gold_set.h"
#include "extract/branch_claims.h"
#include "util/result.h"

namespace bm::extract_bench {

// One disputed or contested non-env slot of a merge.
struct MergedDispute {
    std::string merge;                // "<split>/<format>"
    std::string key;
    std::string state;                // disputed or contested; "joined" for one fact worded several ways
    std::vector<std::string> values;  // sorted
    std::vector<std::string> rules;   // distinct rules of the values' supporters, sorted
    std::vector<std::string> quotes;  // each value's first supporter's quote, in `values` order
    std::optional<bool> real;         // from the labels; empty when unlabelled
};

struct MergedCounts {
    size_t logs = 0, slots = 0, disputes = 0, labelled = 0, real = 0;
    std::optional<double> precision() const;  // real / labelled
    void add(const MergedCounts& o);
};

// Merges `branches` (every branch of every log of `merge`), counts its non-env slots and returns its
// disputed or contested ones, each with its label from `labels` when one names the same values, then
// the slots whose claims' wordings the merge read as one value (state "joined", values = the wordings,
// shown value first; merge/value_refinement.h), so a false join can be seen.
std::vector<MergedDispute> merged_disputes(const std::string& merge, std::vector<BranchClaims> branches,
                                           const std::vector<DisputeLabel>& labels, MergedCounts& counts);

}  // namespace bm::extract_bench
