// SignalEngine: σ and χ over claims prepared once (SPEC §13.2), for any SignalProvider.
//
// A brain compares each incoming claim with many held ones, so texts are analysed and vectorised
// once (PreparedText) when the provider is the lexical one; any other provider is called on the
// raw texts. index_terms are the content-word features the candidate index posts. With the lexical
// provider the engine also carries the fitted MergeCombiner (merge_combiner.h), a second way to
// pass R5's similarity gate; it is part of identity().
// Thread-safety: immutable after construction.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "meld/merge_combiner.h"
#include "meld/signals/lexical_provider.h"
#include "meld/signals/signal_provider.h"

namespace bm::meld {

struct PreparedText {
    std::string text;
    Analysis analysis;                  // lexical provider only
    SentenceVector vector;              // lexical provider only
    std::vector<uint64_t> index_terms;  // sorted, unique content-word and character features
};

class SignalEngine {
public:
    // combiner applies only when the provider is the lexical one (it reads the lexical analysis).
    explicit SignalEngine(std::shared_ptr<const SignalProvider> provider,
                          MergeCombiner combiner = fitted_merge_combiner());

    PreparedText prepare(std::string_view text) const;
    double similarity(const PreparedText& a, const PreparedText& b) const;
    // >= similarity(a, b) and much cheaper with the lexical provider; 1 with any other.
    double similarity_ceiling(const PreparedText& a, const PreparedText& b) const;
    ContradictionVerdict contradiction(const PreparedText& a, const PreparedText& b) const;
    // Whether (a, b) at similarity sigma passes the merge combiner; false without the lexical provider.
    bool paraphrase(const PreparedText& a, const PreparedText& b, double sigma) const;
    // The lexical pair features (sigma as given); all zero without the lexical provider.
    PairFeatures features(const PreparedText& a, const PreparedText& b, double sigma) const;
    const MergeCombiner& combiner() const { return m_combiner; }
    std::string identity() const { return m_lexical ? m_identity : m_provider->identity(); }
    const SignalProvider& provider() const { return *m_provider; }

private:
    std::shared_ptr<const SignalProvider> m_provider;
    const LexicalProvider* m_lexical = nullptr;
    MergeCombiner m_combiner;  // disabled unless the provider is the lexical one
    std::string m_identity;  // the lexical provider's, formatted once (it is written into every Patch)
};

}  // namespace bm::meld
