// Oracle-quality model replies built from native-JSONL ground truth: what a perfect model would
// answer to the alignment prompt. Used by tests and MergeBench's `model` arm with recorded replies.
#pragma once

#include <string>
#include <vector>

#include "extract/branch_claims.h"

namespace bm {

// {"slots":[...]} in the alignment contract, from `truth` (e.g. extract_oracle's output): one slot
// per key, every claim an opinion with its branch, value, evidence and quote; derivedFrom the
// union of the claims' premise keys. Deterministic (sorted by key, then branch order).
std::string oracle_alignment_content(const std::vector<BranchClaims>& truth);

}  // namespace bm
