// Lossy slot representations, implemented ONLY for the confluence experiment (SPEC §6):
// collapsing a merged slot to a bounded summary breaks confluence. Never used by the merger.
#pragma once

#include "merge/selection.h"

namespace bm {

enum class Representation {
    kJoin,   // identity: the full opinion set (confluent)
    kCount,  // kept values with their supporters' evidence multiset
    kMax,    // kept values with one maximum evidence each
};
const char* representation_name(Representation r);

// repr(annotation) as defined by the experiment, under `rule` for picking kept values (JOIN returns it as is).
Annotation represent(Annotation annotation, Representation r, ScoreRule rule);

}  // namespace bm
