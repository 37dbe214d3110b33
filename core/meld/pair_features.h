// PairFeatures: what the merge combiner (merge_combiner.h) reads about a claim pair (#18).
//
// All features come from the lexical analysis and WordNet (no vectors): σ, the content coverage of
// the shorter claim by the longer and back (exact synonym-canonical lemmas), the same coverage with
// a soft WordNet match (any shared sense, a direct hypernym, a shared stem of five letters:
// "exposed"/"served" do not meet, "configuration"/"configured" and "retain"/"keep" do), whether both
// claims state the same values (numbers and identifiers), the length ratio, a negation mismatch,
// whether the words left unmatched on both sides look like one slot holding another value, how many
// of the core words (nouns, names, values) meet, whether only the predicate was reworded, and what the
// word alignment of word_alignment.h adds: acronyms, one claim more specific or saying more.
// Thread-safety: pure functions.
#pragma once

#include <array>
#include <string>

#include "meld/signals/analysis.h"
#include "meld/word_alignment.h"

namespace bm::meld {

struct PairFeatures {
    double sigma = 0;
    double coverage = 0;       // share of the shorter claim's content words found in the other
    double coverage_back = 0;  // share of the longer claim's content words found in the shorter
    double soft_coverage = 0;  // coverage with the soft WordNet match
    double soft_coverage_back = 0;
    double length_ratio = 0;    // content words of the shorter / of the longer claim
    bool values_agree = true;   // the same numbers and identifiers on both sides (true when neither has any)
    bool has_values = false;    // at least one side states a number or identifier
    bool negation_differs = false;  // one claim has a negator ("not", "never") and the other none
    bool unmatched_both = false;    // each claim has a content word the other lacks (soft match): a substitution
    bool value_swap = false;        // such a pair of words are WordNet co-hyponyms (German/English) or both
                                    // unknown to WordNet (names: Vercel/Netlify): another value in one slot
    bool nominal_swap = false;      // unmatched_both and no unmatched word is a verb: a noun or name replaced
    double unmatched_short = 0;     // content words of the shorter claim the longer lacks, min(n, 3) / 3
    double unmatched_long = 0;      // content words of the longer claim the shorter lacks, min(n, 3) / 3
    double core_coverage = 0;       // share of the shorter claim's core words (nouns, names, numbers,
                                    // identifiers) soft-matched in the longer: what the claim is about
    double core_coverage_back = 0;  // the same, the longer claim's core words in the shorter
    bool predicate_reworded = false;  // some word is unmatched and every unmatched word is a verb or
                                      // adverb: the same things said with another predicate
    // From the word alignment (word_alignment.h; #18 item 4):
    double align_similarity = 0;  // the mean of both sides' aligned shares (acronyms and kind-of links count)
    bool all_aligned = false;     // every content word on both sides aligned
    bool adds_content = false;    // every word of the shorter claim is matched and the longer says more:
                                  // the signature of an entailment ("plays guitar and sings" / "plays guitar")
    double kind_of_matches = 0;   // words matched only as a kind of the other (boy / man), min(n, 2) / 2
};

// wordnet may be null (soft match then is exact canon or a shared stem).
PairFeatures pair_features(const Analysis& a, const Analysis& b, double sigma, const WordNet* wordnet);

// The combiner's input: a fixed-order vector of the features above (bools as 0/1).
inline constexpr size_t kPairFeatureCount = 20;
using FeatureVector = std::array<double, kPairFeatureCount>;
extern const std::array<const char*, kPairFeatureCount> kPairFeatureNames;
FeatureVector feature_vector(const PairFeatures& f);

}  // namespace bm::meld
