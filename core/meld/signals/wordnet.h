// WordNet: the Princeton WordNet 3.0 database (Debian `wordnet-base`) loaded into memory.
//
// Used by the lexical signal provider and key normalisation to reduce word forms to lemmas (the
// exception lists *.exc plus WordNet's detachment rules, "morphy"), to meet synonyms (a word maps
// to a representative of its most frequent sense's synset), and for hypernyms (`@`) and antonyms
// (`!`). Only what those need is kept; glosses and verb frames are skipped. Loading takes a few
// hundred milliseconds (docs/signals.md); load once and share the result.
//
// Thread-safety: immutable after load(); all methods are const and safe from any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "meld/signals/string_interner.h"
#include "util/result.h"

namespace bm {

enum class WordPos : uint8_t { kNoun = 0, kVerb = 1, kAdjective = 2, kAdverb = 3 };
inline constexpr int kWordPosCount = 4;

using SynsetId = uint32_t;  // dense index into this WordNet's synsets (not a file offset)

class WordNet {
public:
    static constexpr std::string_view kDefaultDir = "/usr/share/wordnet";

    // Reads index.*, data.*, *.exc (and cntlist.rev when present) from dir.
    // Fails with not_found naming the first missing file and the package to install, or with
    // corruption naming file:line when a record does not parse.
    static Result<std::shared_ptr<const WordNet>> load(
        const std::string& dir = std::string(kDefaultDir));

    // The process-wide WordNet from kDefaultDir, loaded once on first use (thread-safe), or the
    // error that loading it gave (logged once as a warning on logger bm.signals).
    static const Result<std::shared_ptr<const WordNet>>& load_shared_default();
    // The same WordNet, or nullptr when it is absent.
    static const WordNet* shared_default();

    // The lemma a lowercase word form reduces to: the form itself when WordNet lists it (unless it
    // is a plural whose singular is far more frequent: men -> man), else the first base form of the
    // exception lists (verb, noun, adjective, adverb) and detachment rules (noun, verb, adjective);
    // the word unchanged when nothing applies. -ing/-ed verb readings are the caller's choice.
    std::string lemma(std::string_view word) const;
    // WordNet's morphy for one part of speech: base forms listed in that index, exceptions first.
    std::vector<std::string> base_forms(std::string_view word, WordPos pos) const;
    // Whether lemma (lowercase, spaces as '_') is in any index / in the index of pos.
    bool contains(std::string_view lemma) const;
    bool contains(std::string_view lemma, WordPos pos) const;

    // The synset of lemma's most frequent sense in its most frequent part of speech (by the
    // SemCor tag counts of cntlist.rev; noun, verb, adjective, adverb order when untagged).
    std::optional<SynsetId> first_sense(std::string_view lemma) const;
    std::optional<SynsetId> first_sense(std::string_view lemma, WordPos pos) const;
    // Every sense of lemma in one part of speech, most frequent first (empty when none).
    std::span<const SynsetId> senses(std::string_view lemma, WordPos pos) const;
    // The word that stands for a synset: its first listed word (lowercase, '_' for spaces).
    std::string_view representative(SynsetId synset) const;
    // The synonym-canonical form of a lemma: representative(first_sense(lemma)), else the lemma.
    std::string_view canonical(std::string_view lemma) const;
    // The word keys use for a lemma: when the lemma has a single sense (a single noun sense, if it
    // is a noun at all) and so cannot be misread, the most used word (SemCor counts, then the
    // shorter) among that synset's words whose own first sense it is: automobile -> car,
    // cpu -> cpu. Otherwise the lemma itself (server stays server, although its first sense is the
    // waiter; max stays max, although its only sense is a drug whose synset also holds "soap").
    std::string_view unambiguous_synonym(std::string_view lemma) const;
    // Direct hypernyms (`@` and `@i` pointers) of a noun or verb synset.
    std::span<const SynsetId> hypernyms(SynsetId synset) const;
    WordPos pos_of(SynsetId synset) const;
    // Whether `ancestor` is reached from `synset` through at most max_depth hypernym links.
    bool is_kind_of(SynsetId synset, SynsetId ancestor, int max_depth) const;

    // Whether some sense of a and some sense of b stand in a WordNet antonym relation (`!`),
    // extended from the word pair to the words of both synsets (big/little via large/small).
    bool antonyms(std::string_view lemma_a, std::string_view lemma_b) const;

    // The database version from the data files' header ("3.0"), "unknown" when not stated.
    const std::string& version() const { return m_version; }
    size_t synset_count() const { return m_synsets.size(); }
    size_t lemma_count() const { return m_lemma_count; }

private:
    friend class WordNetLoader;  // wordnet_load.cpp fills the tables below

    struct Synset {
        uint32_t word_begin = 0;  // into m_synset_words
        uint16_t word_count = 0;
        WordPos pos = WordPos::kNoun;
        uint32_t hyper_begin = 0;  // into m_hypernyms
        uint16_t hyper_count = 0;
    };
    struct LemmaSenses {
        uint32_t sense_begin[kWordPosCount] = {};  // into m_senses
        uint16_t sense_count[kWordPosCount] = {};
        uint32_t tag_count[kWordPosCount] = {};
    };

    WordNet() = default;
    // StringInterner::kNone when unknown.
    uint32_t word_id(std::string_view word) const { return m_words.find(word); }
    // Null when the word is no index lemma.
    const LemmaSenses* senses_of(uint32_t word) const;

    std::string m_version = "unknown";
    StringInterner m_words{160000};     // every word of every synset and index (lowercase)
    std::vector<LemmaSenses> m_lemmas;  // by word id; all counts 0 for words that are no lemma
    size_t m_lemma_count = 0;
    std::vector<SynsetId> m_senses;
    std::vector<Synset> m_synsets;
    std::vector<uint32_t> m_synset_words;  // word ids
    std::vector<SynsetId> m_hypernyms;
    std::vector<uint64_t> m_antonym_pairs;  // sorted (word id << 32 | word id), both orders
    std::unordered_map<std::string, std::vector<std::string>> m_exceptions[kWordPosCount];
};

}  // namespace bm
