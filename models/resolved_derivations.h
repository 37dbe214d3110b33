// Derivation labels after the reviewers' and models' decisions: the engine's own least-fixpoint
// labelling (core/derive label_derivations) re-run with adjudicated slots as asserted, so a
// conclusion whose premise was settled by a decision becomes founded and one whose premise was
// declared unresolvable becomes retracted. Plain C++ over core values (no Qt); the natural home is
// core/adjudicate next to resolved_view.h. Thread-safety: pure function.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "merge/snapshot.h"
#include "store/decisions.h"

namespace bm {

// Whether a slot counts as asserted for derivation once `resolution` (may be null) applies:
// choose, both and conditional assert it; unresolvable withdraws it; no resolution leaves the
// merge's rule (everything but a disputed tie is asserted).
bool asserted_after_resolution(const Slot& slot, const EffectiveResolution* resolution);

// `base` with every slot's derivation label recomputed under `resolutions` (by slot key). Returns
// `base` itself when no label changes, else a copy differing only in derivation labels.
std::shared_ptr<const MergedSnapshot> relabel_derivations(std::shared_ptr<const MergedSnapshot> base,
                                                          const std::map<std::string, EffectiveResolution>& resolutions);

}  // namespace bm
