// Trust invariants checked on every snapshot, render and export; a violation fails closed.
//
// They read a merged snapshot, so they live in the merge stage, above the trust lattice they use
// (trust/trust_lattice.h); docs/architecture.md.
#pragma once

#include <vector>

#include "merge/snapshot.h"

namespace bm {

// unsupported: a presented value no claim asserts; unlabelled: a claim without a valid label;
// no-amplification: presented trust above the best supporter's; no-laundering: TRUSTED presented
// with no TRUSTED supporter; derivation-ceiling: presented trust above the derivation ceiling.
std::vector<InvariantViolation> check_trust_invariants(const MergedSnapshot& snapshot);

}  // namespace bm
