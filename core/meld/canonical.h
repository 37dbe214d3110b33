// Canonical re-adjudication and the merge-graph fingerprint (SPEC §13.4, beyond the paper).
//
// The merge graph a brain builds pair by pair depends on delivery order. readjudicate() rebuilds
// it from the converged set of claim deltas in one canonical order (authority descending, then
// validity start, then claim key) plus every status link not authored by a merge, so brains that
// hold the same claims hold the same graph. Thread-safety: pure functions over their arguments.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "meld/brain.h"

namespace bm::meld {

// The incoming deltas (claims and status links) behind a brain's applied Patches.
std::vector<Delta> admitted_deltas(const Brain& brain);

// A fresh brain with `like`'s identity, directory, thresholds and engine, fed `deltas` in
// canonical order.
std::unique_ptr<Brain> readjudicate(const Brain& like, std::vector<Delta> deltas);

// SHA-256 over the live claim set with effective statuses, the typed link multiset (Mappings,
// contradictions, supersedes links) and each supersedes group's representative.
std::string graph_fingerprint(const Brain& brain);

}  // namespace bm::meld
