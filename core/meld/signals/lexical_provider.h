// LexicalProvider: the default, offline and deterministic signal provider `lexical` (SPEC §13.2).
//
// σ is a blockwise cosine of sparse sentence vectors (word unigrams and bigrams over synonym-
// canonical lemmas, character 3-5-grams, WordNet hypernyms) weighted by IDF; χ comes from the
// lexical rules of contradiction_rules.h. WordNet (Debian `wordnet-base`) supplies lemmas,
// synonyms, hypernyms and antonyms; without it the provider still works, with suffix-rule lemmas,
// no synonyms and no antonym rule, and says so in warnings() and identity().
//
// Thread-safety: immutable after construction; similarity(), contradiction() and identity() are
// safe to call concurrently.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "meld/signals/analysis.h"
#include "meld/signals/idf_table.h"
#include "meld/signals/sentence_vector.h"
#include "meld/signals/signal_provider.h"
#include "meld/signals/wordnet.h"

namespace bm {

struct LexicalOptions {
    std::string wordnet_dir = std::string(WordNet::kDefaultDir);
    bool use_wordnet = true;  // false: run as if WordNet were absent (tests, comparisons)
    SynonymPolicy synonyms = SynonymPolicy::kFirstSense;
    FeatureOptions features;
};

class LexicalProvider final : public SignalProvider {
public:
    static constexpr std::string_view kName = "lexical";
    static constexpr int kVersion = 2;  // 2: the slot-swap and order-swap contradiction rules (#18)

    // Loads WordNet from options.wordnet_dir (the default directory once per process, shared; a
    // failure becomes a warning, never an error) and fits IDF weights on idf_corpus (none: built-in
    // priors). The corpus should be texts like the claims to compare, e.g. a brain's claims.
    static LexicalProvider create(std::span<const std::string> idf_corpus = {},
                                  const LexicalOptions& options = {});

    // With a WordNet already loaded (null: without WordNet), so several providers share one.
    LexicalProvider(std::shared_ptr<const WordNet> wordnet, std::span<const std::string> idf_corpus,
                    const LexicalOptions& options = {});

    double similarity(std::string_view a, std::string_view b) const override;
    ContradictionVerdict contradiction(std::string_view a, std::string_view b) const override;
    // "lexical/1 wordnet=3.0 synonyms=first-sense idf=<fingerprint>/<documents> features=<...>".
    std::string identity() const override;

    // For callers comparing one text with many: analyse and vectorise once, then compare.
    Analysis analyse(std::string_view text) const { return m_analyser.analyse(text); }
    SentenceVector vectorise(const Analysis& analysis) const;
    double similarity(const SentenceVector& a, const SentenceVector& b) const;
    ContradictionVerdict contradiction(const Analysis& a, const Analysis& b) const;

    // Why the provider runs degraded (WordNet missing), one line each; empty when it does not.
    const std::vector<std::string>& warnings() const { return m_warnings; }
    const WordNet* wordnet() const { return m_wordnet.get(); }
    const IdfTable& idf() const { return m_idf; }
    const LexicalOptions& options() const { return m_options; }

private:
    std::shared_ptr<const WordNet> m_wordnet;
    LexicalOptions m_options;
    Analyser m_analyser;
    IdfTable m_idf;
    std::vector<std::string> m_warnings;
};

}  // namespace bm
