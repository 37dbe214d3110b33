// The lexical provider: analysis, IDF-weighted sentence vectors and the contradiction rules.
#include "meld/signals/lexical_provider.h"

#include <fmt/format.h>

#include "meld/signals/contradiction_rules.h"
#include "meld/signals/signals_log.h"

namespace bm {

LexicalProvider LexicalProvider::create(std::span<const std::string> idf_corpus,
                                        const LexicalOptions& options) {
    std::shared_ptr<const WordNet> wordnet;
    std::string warning;
    if (options.use_wordnet) {
        // The default directory is loaded once per process and shared; another is loaded here.
        const Result<std::shared_ptr<const WordNet>> loaded =
            options.wordnet_dir == WordNet::kDefaultDir ? WordNet::load_shared_default()
                                                        : WordNet::load(options.wordnet_dir);
        if (loaded.ok())
            wordnet = *loaded;
        else
            warning = loaded.error().to_string();
    }
    LexicalProvider provider(std::move(wordnet), idf_corpus, options);
    if (!warning.empty()) {
        provider.m_warnings.insert(provider.m_warnings.begin(), warning);
        signals_logger()->warn("lexical provider without WordNet: {}", warning);
    }
    return provider;
}

LexicalProvider::LexicalProvider(std::shared_ptr<const WordNet> wordnet,
                                 std::span<const std::string> idf_corpus,
                                 const LexicalOptions& options)
    : m_wordnet(std::move(wordnet)),
      m_options(options),
      m_analyser(m_wordnet.get(), options.synonyms) {
    if (!m_wordnet)
        m_warnings.emplace_back(
            "WordNet absent: no synonyms, hypernyms or antonyms; lemmas by suffix rules only");
    if (!idf_corpus.empty()) {
        std::vector<std::vector<uint64_t>> documents;
        documents.reserve(idf_corpus.size());
        for (const std::string& text : idf_corpus) {
            std::vector<uint64_t> hashes;
            for (const Feature& f :
                 extract_features(m_analyser.analyse(text), m_wordnet.get(), m_options.features))
                hashes.push_back(f.hash);
            documents.push_back(std::move(hashes));
        }
        m_idf = IdfTable::fit(documents);
    }
}

SentenceVector LexicalProvider::vectorise(const Analysis& analysis) const {
    return SentenceVector(extract_features(analysis, m_wordnet.get(), m_options.features), m_idf);
}

double LexicalProvider::similarity(const SentenceVector& a, const SentenceVector& b) const {
    return a.similarity(b, m_options.features);
}

double LexicalProvider::similarity(std::string_view a, std::string_view b) const {
    return similarity(vectorise(analyse(a)), vectorise(analyse(b)));
}

ContradictionVerdict LexicalProvider::contradiction(const Analysis& a, const Analysis& b) const {
    return judge_contradiction(a, b, m_wordnet.get());
}

ContradictionVerdict LexicalProvider::contradiction(std::string_view a, std::string_view b) const {
    return contradiction(analyse(a), analyse(b));
}

std::string LexicalProvider::identity() const {
    return fmt::format("{}/{} wordnet={} synonyms={} idf={}/{} features={}", kName, kVersion,
                       m_wordnet ? m_wordnet->version() : std::string("none"),
                       synonym_policy_name(m_options.synonyms), m_idf.fingerprint(),
                       m_idf.documents(), m_options.features.describe());
}

}  // namespace bm
