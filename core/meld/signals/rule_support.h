// Helpers shared by the contradiction rules' implementation files (not a public API).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "meld/signals/analysis.h"

namespace bm::rules {

// A negation and the content terms it governs, up to the end of its clause.
struct Negation {
    size_t negator = 0;
    std::vector<size_t> scope;
};

// The negations of a text that govern something ("no, ..." governs nothing and is left out;
// "nor" after "neither" is the same negation).
std::vector<Negation> negations(const Analysis& a);

// |x ∩ y| / |x|; 1 when x is empty.
double coverage(const std::set<std::string>& x, const std::set<std::string>& y);

// Words that end a clause for negation scopes and key/value values.
bool is_clause_break(const Term& t);

// The terms' lemmas joined by spaces, for verdict details read by people.
std::string join_lemmas(const Analysis& a, const std::vector<size_t>& terms);

}  // namespace bm::rules
