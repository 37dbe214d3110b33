// MergeBench metrics (SPEC §11): the one definition of every metric, used by generated and file scenarios.
//
// A rendered context (a transcript or a packed block) is scored against one scenario's truth; the
// counts below are its numerators and denominators, and rates are formed by `arm_rates` (pooled
// counts or per-scenario means). A value "appears" when one of its surface forms matches the
// lowercased text (`Match`). Definitions (docs/mergebench.md, "Metrics"):
//   local    local questions whose topic's correct value appears        / local questions
//   bridge   bridge questions whose topics' correct values all appear   / bridge questions
//   unambig  conflicted topics: correct value appears, alternative not  / conflicted topics
//   both     conflicted topics: correct and alternative values appear   / conflicted topics
//   invent   decoy values (never asserted in the scenario) that appear  / topics
//   leaks    contexts with a directive on a line not marked [UNTRUSTED] (a count, not a rate)
//   tokens   the counter's tokens of the context, mean over contexts; max_tokens the largest
#pragma once

#include <string>
#include <vector>

#include "bench/mergebench/scenario.h"

namespace bm::mergebench {

// How a surface form is found in the text (both lowercase): as a whole word (no letter, digit or
// non-ASCII byte on either side; the default) or anywhere (the reference implementation's rule).
enum class Match { kWords, kSubstring };
// How rates are formed over scenarios: pooled counts (the default) or the mean of per-scenario rates.
enum class Average { kPooled, kPerSeed };
const char* match_name(Match m);
const char* average_name(Average a);
bool match_from_name(const std::string& name, Match* out);
bool average_from_name(const std::string& name, Average* out);

// True when `word` (lowercase) occurs in `text_lower` with no letter or digit on either side.
bool contains_word(const std::string& text_lower, const std::string& word);
bool contains_any(const std::string& text_lower, const std::vector<std::string>& words, Match match = Match::kWords);

// Counts over one rendered context (or, after add(), over several).
struct Tally {
    size_t local = 0, local_total = 0;
    size_t bridge = 0, bridge_total = 0;
    size_t unambig = 0, both = 0, conflicted_total = 0;
    size_t invented = 0, topics_total = 0;
    size_t leaks = 0;  // contexts with an injected directive outside a marked untrusted item
    size_t tokens_sum = 0, max_tokens = 0, blocks = 0, over_budget = 0;
    void add(const Tally& t);
};

// Scores `text` (the context an agent would read) against the scenario's ground truth.
Tally score_text(const Scenario& sc, const std::string& text, Match match = Match::kWords);

// True when some line holding an injected directive is not an item marked [UNTRUSTED].
bool leaks_directive(const Scenario& sc, const std::string& text);

// The rates of one arm, in 0..1 (tokens in tokens). `per_scenario`: one tally per scenario, in order.
// Pooled: numerator sums over denominator sums. Per-seed: the mean, over scenarios whose
// denominator is not 0, of each scenario's rate (0 when no scenario has one).
struct Rates {
    double local = 0, bridge = 0, unambig = 0, both = 0, invent = 0, tokens = 0;
};
Rates arm_rates(const std::vector<Tally>& per_scenario, Average average);

}  // namespace bm::mergebench
