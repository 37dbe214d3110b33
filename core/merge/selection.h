// Selecting a slot's answer from its annotation: egalitarian or elitist scores, ties never guessed.
#pragma once

#include <string>
#include <vector>

#include "merge/annotation.h"

namespace bm {

enum class ScoreRule {
    kEgalitarian,  // Σ weight(evidence) over distinct sources (weights 1, 2, 4, 8)
    kElitist,      // supporters' evidence levels sorted descending, compared lexicographically
};
const char* score_rule_name(ScoreRule rule);

enum class Outcome { kEmpty, kResolved, kDisputed };

struct Decision {
    Outcome outcome = Outcome::kEmpty;
    std::string winner;               // when resolved
    std::vector<std::string> tied;    // when disputed, sorted
    bool operator==(const Decision&) const = default;
};

// Per value, its supports: one evidence level per distinct source (the highest it asserted).
struct ValueSupport {
    std::string value;
    std::vector<int> evidence;  // sorted descending
};
std::vector<ValueSupport> supports_by_value(const Annotation& annotation);

// Exactly one maximum → resolved(winner); several → disputed(tied, sorted); none → empty.
Decision select(const Annotation& annotation, ScoreRule rule);

// Egalitarian score of a support list (exposed for reports).
long egalitarian_score(const std::vector<int>& evidence);

}  // namespace bm
