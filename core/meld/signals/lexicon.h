// Small fixed English word lists used by the lexical signals: stop words, negators, copulas,
// number words, units, months and weekdays, and the software-domain abbreviations WordNet lacks.
//
// All arguments are lowercase tokens. Thread-safety: pure functions over constant tables.
#pragma once

#include <optional>
#include <string_view>

namespace bm::lexicon {

// Function words that carry no subject of their own (articles, pronouns, auxiliaries,
// prepositions). Negators are not stop words.
bool is_stop_word(std::string_view word);
// Words that negate what follows: not, n't, no, never, without, nobody, nothing, none, ...
bool is_negator(std::string_view word);
// Forms of "to be" (and "=" / ":" as written in notes) that join a key to its value.
bool is_copula(std::string_view word);

// Basic colour words (black, blue, ...): one object has one colour in a plain description.
bool is_colour(std::string_view word);

// one -> 1, twenty -> 20, dozen -> 12; nullopt for anything else.
std::optional<double> number_word_value(std::string_view word);

struct Unit {
    std::string_view dimension;  // "time", "bytes", "length", "mass", "percent", "frequency", ...
    double scale;                // multiplier to the dimension's base unit (seconds, bytes, metres)
};
// ms -> {time, 0.001}, gib -> {bytes, 2^30}; nullopt when the word is not a known unit.
std::optional<Unit> unit_of(std::string_view word);

// january/jan -> 1 ... december/dec -> 12 ("may" only when the caller knows it is a date).
std::optional<int> month_number(std::string_view word);
// monday/mon -> 1 ... sunday/sun -> 7.
std::optional<int> weekday_number(std::string_view word);

// The expansion of a software-domain abbreviation (db -> database, k8s -> kubernetes), or the
// word itself. Expansions with several words use '_' (os -> operating_system).
std::string_view expand_abbreviation(std::string_view word);

// Lemmas of predicates with opposite effects that WordNet does not list as antonyms
// (retain/delete, allow/forbid, enable/disable, ...); symmetric.
bool opposed_predicates(std::string_view a, std::string_view b);

}  // namespace bm::lexicon
