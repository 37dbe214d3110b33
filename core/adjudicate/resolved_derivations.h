// Derivation labels after the reviewers' and models' decisions (SPEC §7, §8): the engine's least-fixpoint labelling re-run with decisions applied.
//
// core/derive label_derivations is re-run with adjudicated slots counted as asserted, so a
// conclusion whose premise was settled by a decision becomes founded and one whose premise was
// declared unresolvable becomes retracted. Used by the studio (models/, views/) and by
// `beliefmerge merge --workspace` so both show the same labels. Thread-safety: pure functions.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "merge/snapshot.h"
#include "store/decisions.h"

namespace bm {

// Whether a slot counts as asserted for derivation once `resolution` (may be null) applies:
// choose, both and conditional assert it; unresolvable withdraws it; no resolution (or only stale
// decisions) leaves the merge's rule (everything but a disputed tie is asserted).
bool asserted_after_resolution(const Slot& slot, const EffectiveResolution* resolution);

// `base` with every slot's derivation label recomputed under `resolutions` (by slot key). Returns
// `base` itself when no label changes, else a copy differing only in derivation labels.
std::shared_ptr<const MergedSnapshot> relabel_derivations(std::shared_ptr<const MergedSnapshot> base,
                                                          const std::map<std::string, EffectiveResolution>& resolutions);

// The same, in place, for resolutions as DecisionStore::effective returns them. Returns whether a
// label changed.
bool relabel_derivations_in_place(MergedSnapshot& snapshot, const std::vector<EffectiveResolution>& resolutions);

}  // namespace bm
