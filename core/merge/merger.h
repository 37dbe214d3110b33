// Merger: branches' claims → an immutable labelled snapshot (SPEC §6, §8, §9).
//
// Within a branch, a later claim on a key supersedes an earlier one only if its provenance rank
// is ≥ the earlier one's; otherwise it is kept as a challenger and a disputed_by edge records
// both chains. Across branches, opinions are joined and selected by evidence; an evidence tie
// is broken only by a strictly higher rank (contested), never guessed (disputed). Values of one slot
// that read as one fact worded with more or fewer words (merge/value_refinement.h) are one value.
// Thread-safety: pure functions over values.
#pragma once

#include <vector>

#include "merge/snapshot.h"
#include "util/result.h"

namespace bm {

struct MergeOptions {
    ScoreRule rule = ScoreRule::kEgalitarian;
};

MergedSnapshot merge_branches(std::vector<BranchClaims> branches, const MergeOptions& options = {});

// Merges two snapshots (the union of their inputs): associative, commutative, idempotent.
MergedSnapshot merge_snapshots(const MergedSnapshot& a, const MergedSnapshot& b);

// Asks to supersede `current` (a claim on `observation.key`) with `observation`. Allowed when
// rank(observation) ≥ rank(current), or the observation is corroborated, or current has no chain;
// otherwise fails with kProvenanceAsymmetry naming both ranks and chains.
Result<Claim> supersede(const Claim& current, const std::vector<Claim>& current_chain, const Claim& observation,
                        bool observation_corroborated);

}  // namespace bm
