// The lexical contradiction rules (SPEC §13.2): negation, antonym, numeric/unit, date and
// exclusive value, each applied only when both texts are about the same subject.
//
// Every rule returns the verdict it proves, or nullopt when it does not apply; judge_contradiction
// tries them in that order. The rules are symmetric: swapping a and b gives the same verdict.
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "meld/signals/analysis.h"
#include "meld/signals/signal_provider.h"

namespace bm {

// The canonical forms of a text's content terms.
std::set<std::string> content_set(const Analysis& a);

// Whether two analysed texts share a subject: at least one canonical content term in common.
bool share_subject(const Analysis& a, const Analysis& b);

// One polarity flips the other's predicate: every content word in the negated text's scope is
// asserted by the other, and the subject before the negation is shared ("tests pass" / "tests do
// not pass"; "nobody is sitting" / "a man sits").
std::optional<ContradictionVerdict> negation_rule(const Analysis& a, const Analysis& b);

// Same polarity, a WordNet antonym pair (hot/cold, man/woman) and the rest shared.
std::optional<ContradictionVerdict> antonym_rule(const Analysis& a, const Analysis& b,
                                                 const WordNet* wordnet);

// Quantities anchored on the same word differ (port 8080 / port 9090: numeric) or differ after
// unit conversion (30 s / 30 ms: unit; 30 s / 30000 ms agree). The anchor is the noun a number
// counts ("two men") or else the word before it ("port 8080"); an anchor counted twice in one
// text is left out, since its counts may add up.
std::optional<ContradictionVerdict> quantity_rule(const Analysis& a, const Analysis& b);

// Dates of the same statement disagree on a field both state (2024-01-05 / 2024-02-05).
std::optional<ContradictionVerdict> date_rule(const Analysis& a, const Analysis& b);

// A key/value statement ("X is Y", "X: Y", "set X to Y", "use Y for X", "X moved to Y")
// in both, same key, values with nothing in common that name things rather than qualities
// (us-east-1 / eu-west-2; postgresql / mysql), neither a kind of the other.
std::optional<ContradictionVerdict> exclusive_value_rule(const Analysis& a, const Analysis& b,
                                                         const WordNet* wordnet);

// One object given disjoint colours ("a black shirt" / "a blue shirt"); reason exclusive-value.
std::optional<ContradictionVerdict> colour_rule(const Analysis& a, const Analysis& b);

// One slot filled by two sibling kinds: nouns directly under one WordNet hypernym, neither a
// kind of the other, with the rest of the shorter text said by the other ("a man plays a guitar"
// / "a man plays a piano"); reason exclusive-value.
std::optional<ContradictionVerdict> sibling_rule(const Analysis& a, const Analysis& b,
                                                 const WordNet* wordnet);

// One slot of the same statement holds another name: with negations on neither side, each text
// has one or two content words the other lacks (no synonym, no shared WordNet sense), at the same
// place among at least two shared words; on each side they include a name (an identifier or a
// word WordNet does not know) and otherwise only nouns ("deployed to Vercel" / "deployed to
// Netlify"; "runs on GitHub Actions" / "runs on Jenkins"). Needs WordNet. Two common nouns are
// left to the sibling rule.
std::optional<ContradictionVerdict> slot_swap_rule(const Analysis& a, const Analysis& b,
                                                   const WordNet* wordnet);

// Two values trade places across a word that orders them ("prefers tabs over spaces" / "prefers
// spaces over tabs"; "from mysql to postgres" / "from postgres to mysql"): the same content words
// in the same order but for one transposition.
std::optional<ContradictionVerdict> order_swap_rule(const Analysis& a, const Analysis& b);

// The key and value terms of a key/value statement (indices into a.terms), if the text is one.
struct KeyValueShape {
    std::vector<size_t> key;
    std::vector<size_t> value;
    bool setting =
        false;  // "set/switch/move X to Y", "use Y for X": Y is a setting, never a quality
};
std::optional<KeyValueShape> key_value_shape(const Analysis& a);

// The first rule that proves a contradiction; else compatible when the texts share a subject,
// unrelated when they do not.
ContradictionVerdict judge_contradiction(const Analysis& a, const Analysis& b,
                                         const WordNet* wordnet);

}  // namespace bm
