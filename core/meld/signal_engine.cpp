// SignalEngine: prepared-text fast path for the lexical provider, raw texts for the others.
#include "meld/signal_engine.h"

#include <algorithm>

#include "meld/canon.h"
#include "util/hash.h"

namespace bm::meld {

SignalEngine::SignalEngine(std::shared_ptr<const SignalProvider> provider, MergeCombiner combiner)
    : m_provider(std::move(provider)), m_lexical(dynamic_cast<const LexicalProvider*>(m_provider.get())) {
    if (!m_lexical) return;
    m_combiner = combiner;
    m_identity = m_lexical->identity();
    if (m_combiner.enabled) m_identity += " " + m_combiner.identity();
}

PreparedText SignalEngine::prepare(std::string_view text) const {
    PreparedText p;
    p.text = std::string(text);
    if (m_lexical) {
        p.analysis = m_lexical->analyse(text);
        const auto features = extract_features(p.analysis, m_lexical->wordnet(), m_lexical->options().features);
        p.vector = SentenceVector(features, m_lexical->idf());
        for (const Feature& f : features)
            if (f.block == FeatureBlock::kWord && f.prior >= 0.5f) p.index_terms.push_back(f.hash);
    } else {
        // Any other provider: post canonical words of three letters or more.
        const std::string c = canon_text(text);
        size_t i = 0;
        while (i < c.size()) {
            size_t j = c.find(' ', i);
            if (j == std::string::npos) j = c.size();
            if (j - i >= 3) {
                const Digest d = sha256(std::string_view(c).substr(i, j - i));
                uint64_t h = 0;
                for (int k = 0; k < 8; ++k) h = (h << 8) | d[static_cast<size_t>(k)];
                p.index_terms.push_back(h);
            }
            i = j + 1;
        }
    }
    std::sort(p.index_terms.begin(), p.index_terms.end());
    p.index_terms.erase(std::unique(p.index_terms.begin(), p.index_terms.end()), p.index_terms.end());
    return p;
}

double SignalEngine::similarity(const PreparedText& a, const PreparedText& b) const {
    if (m_lexical) return m_lexical->similarity(a.vector, b.vector);
    return m_provider->similarity(a.text, b.text);
}

double SignalEngine::similarity_ceiling(const PreparedText& a, const PreparedText& b) const {
    if (m_lexical) return a.vector.similarity_ceiling(b.vector, m_lexical->options().features);
    return 1.0;
}

ContradictionVerdict SignalEngine::contradiction(const PreparedText& a, const PreparedText& b) const {
    if (m_lexical) return m_lexical->contradiction(a.analysis, b.analysis);
    return m_provider->contradiction(a.text, b.text);
}

bool SignalEngine::paraphrase(const PreparedText& a, const PreparedText& b, double sigma) const {
    return m_lexical && m_combiner.enabled && m_combiner.passes(features(a, b, sigma));
}

PairFeatures SignalEngine::features(const PreparedText& a, const PreparedText& b, double sigma) const {
    if (!m_lexical) return PairFeatures{};
    return pair_features(a.analysis, b.analysis, sigma, m_lexical->wordnet());
}

}  // namespace bm::meld
