// SentenceVector: the lexical provider's sparse sentence representation and its cosine.
//
// Four blocks of hashed features, each weighted by tf × idf × a prior: word unigrams and bigrams
// over synonym-canonical lemmas, character 3-5-grams of each lemma (so spelling variants and
// unknown words still meet), and the WordNet hypernyms of each word's first sense (so "dog" and
// "puppy" are not strangers). σ is a weighted mean of the per-block cosines.
// Thread-safety: plain values and pure functions.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "meld/signals/analysis.h"
#include "meld/signals/idf_table.h"

namespace bm {

enum class FeatureBlock : uint8_t { kWord = 0, kBigram = 1, kCharacter = 2, kHypernym = 3 };
inline constexpr size_t kFeatureBlockCount = 4;

struct FeatureOptions {
    // Relative weight of each block in σ (normalised over the blocks either text has); a block of
    // weight 0 is not extracted at all. Chosen on STS-B train (docs/signals.md): bigrams and
    // hypernyms lowered Spearman there, so they are off by default.
    std::array<double, kFeatureBlockCount> block_weight = {1.0, 0.0, 0.35, 0.0};
    int hypernym_depth = 2;        // hypernym levels added above each word's first sense
    double stop_word_prior = 0.1;  // prior of stop-word unigrams (before idf)
    int char_ngram_min = 3, char_ngram_max = 5;

    // "w=1,0.5,0.5,0.5 h=2 stop=0.1 c=3-5", for identity().
    std::string describe() const;
};

struct Feature {
    uint64_t hash = 0;
    FeatureBlock block = FeatureBlock::kWord;
    float prior = 1.0f;
};

// The features of an analysed text (duplicates kept: they are the term frequencies).
std::vector<Feature> extract_features(const Analysis& analysis, const WordNet* wordnet,
                                      const FeatureOptions& options);

class SentenceVector {
public:
    SentenceVector() = default;
    SentenceVector(const std::vector<Feature>& features, const IdfTable& idf);

    // Weighted mean over blocks of cos(this, other); blocks empty in both are left out.
    // In [0, 1]; 0 when either vector is empty.
    double similarity(const SentenceVector& other, const FeatureOptions& options) const;
    // A ceiling on similarity(other, options), about a tenth of its cost: the word block exactly,
    // every other block's cosine taken as 1 (Cauchy–Schwarz), with a margin for rounding. Lets a
    // caller skip candidates that cannot beat the best σ so far.
    double similarity_ceiling(const SentenceVector& other, const FeatureOptions& options) const;
    // Starts loading what similarity_ceiling() reads of this vector. Called for a batch of stored
    // vectors before their ceilings are computed, the cache misses overlap instead of queueing.
    void prefetch_word_block() const {
        const Block& b = m_blocks[static_cast<size_t>(FeatureBlock::kWord)];
        __builtin_prefetch(b.keys.data());
        __builtin_prefetch(b.weights.data());
    }
    bool empty() const;

private:
    // Keys and weights apart (structure of arrays): the merge in similarity() streams the keys.
    struct Block {
        std::vector<uint64_t> keys;  // sorted, unique feature hashes
        std::vector<float> weights;  // weights[i] belongs to keys[i]
        double norm = 0;
    };
    double blockwise(const SentenceVector& other, const FeatureOptions& options, bool ceiling) const;
    std::array<Block, kFeatureBlockCount> m_blocks;
};

}  // namespace bm
