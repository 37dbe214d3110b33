// Word alignment between two claims over WordNet (#18 item 4), after the knowledge-based similarity of
// Mihalcea, Corley & Strapparava (2006): each content word is aligned to its best match on the other
// side. A match is the same lemma or canonical form, a shared stem of five letters (deploy /
// deployment), a shared WordNet sense over ALL senses and parts of speech (serve / deliver), an
// acronym and its expansion (CDN / content delivery network), or, weaker, a kind-of link: one word's
// sense is a direct hypernym of the other's (guitar / instrument, boy / man), which marks one claim
// as more specific than the other. Graded Wu–Palmer scores for the words left over were tried and
// rejected by the training cross-validation (docs/meld.md). Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "meld/signals/wordnet.h"

namespace bm::meld {

struct AlignedWord {
    std::string canon, lemma;
    std::optional<SynsetId> synset;  // the most frequent sense, when WordNet knows the word
};

enum class MatchKind { kNone, kSame, kKindOf };

// kSame: same lemma or canon, a shared 5-letter stem, or a shared WordNet sense; kKindOf: one's
// sense is a direct hypernym of the other's (any senses of one part of speech). wordnet may be null.
MatchKind match_kind(const AlignedWord& x, const AlignedWord& y, const WordNet* wordnet);

// The start of a run of len(acronym) consecutive words whose initials spell `acronym` (2–6 letters
// a–z; each word at least two letters): "cdn" in {content, delivery, network}; nullopt when none.
std::optional<size_t> acronym_run(std::string_view acronym, const std::vector<AlignedWord>& words);

struct Alignment {
    // matched[i]: a's i-th word has a match (kSame, kKindOf or an acronym) among b's; back[j] likewise.
    std::vector<bool> matched, back;
    double similarity = 0;    // the mean of both directions' matched shares (0 when either side is empty)
    bool all_matched = false; // every word on both sides matched (false when either side is empty)
    size_t kind_of_only = 0;  // words (both sides) matched only by a kind-of link: one claim more specific
};

// REQUIRES: a and b in text order (acronyms match runs of consecutive words).
Alignment align_words(const std::vector<AlignedWord>& a, const std::vector<AlignedWord>& b, const WordNet* wordnet);

}  // namespace bm::meld
