// Feature extraction and blockwise cosine for the lexical provider (see sentence_vector.h).
#include "meld/signals/sentence_vector.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace bm {

namespace {

// FNV-1a, 64 bits: stable across runs and platforms, so fitted tables and fingerprints are too.
uint64_t feature_hash(FeatureBlock block, std::string_view text, std::string_view more = {}) {
    uint64_t h = 1469598103934665603ull;
    auto mix = [&](unsigned char c) {
        h ^= c;
        h *= 1099511628211ull;
    };
    mix(static_cast<unsigned char>(block));
    for (unsigned char c : text) mix(c);
    if (!more.empty()) {
        mix(0x1f);
        for (unsigned char c : more) mix(c);
    }
    return h;
}

}  // namespace

std::string FeatureOptions::describe() const {
    return fmt::format("w={},{},{},{} h={} stop={} c={}-{}", block_weight[0], block_weight[1],
                       block_weight[2], block_weight[3], hypernym_depth, stop_word_prior,
                       char_ngram_min, char_ngram_max);
}

std::vector<Feature> extract_features(const Analysis& analysis, const WordNet* wordnet,
                                      const FeatureOptions& options) {
    std::vector<Feature> out;
    auto wanted = [&](FeatureBlock b) { return options.block_weight[static_cast<size_t>(b)] > 0; };
    const Term* previous_content = nullptr;
    for (const Term& term : analysis.terms) {
        if (term.kind == TermKind::kPunctuation) {
            previous_content = nullptr;  // bigrams do not cross clauses
            continue;
        }
        const float prior = term.stop ? static_cast<float>(options.stop_word_prior) : 1.0f;
        if (wanted(FeatureBlock::kWord))
            out.push_back(
                {feature_hash(FeatureBlock::kWord, term.canon), FeatureBlock::kWord, prior});
        if (term.stop) continue;
        if (previous_content && wanted(FeatureBlock::kBigram))
            out.push_back({feature_hash(FeatureBlock::kBigram, previous_content->canon, term.canon),
                           FeatureBlock::kBigram, 1.0f});
        previous_content = &term;
        if (wanted(FeatureBlock::kCharacter) &&
            (term.kind == TermKind::kWord || term.kind == TermKind::kIdentifier)) {
            const std::string padded = "#" + term.lemma + "#";
            for (int n = options.char_ngram_min; n <= options.char_ngram_max; ++n)
                for (size_t i = 0; i + static_cast<size_t>(n) <= padded.size(); ++i)
                    out.push_back({feature_hash(FeatureBlock::kCharacter,
                                                std::string_view(padded).substr(i, n)),
                                   FeatureBlock::kCharacter, 1.0f});
        }
        if (wanted(FeatureBlock::kHypernym) && wordnet && term.synset &&
            options.hypernym_depth > 0) {
            std::vector<SynsetId> level = {*term.synset}, seen = level;
            for (int depth = 1; depth <= options.hypernym_depth && !level.empty(); ++depth) {
                std::vector<SynsetId> next;
                for (SynsetId s : level)
                    for (SynsetId h : wordnet->hypernyms(s))
                        if (std::find(seen.begin(), seen.end(), h) == seen.end()) {
                            seen.push_back(h);
                            next.push_back(h);
                        }
                const float level_prior = 1.0f / static_cast<float>(depth);
                for (SynsetId h : next)
                    out.push_back({feature_hash(FeatureBlock::kHypernym, wordnet->representative(h),
                                                fmt::format("{}", h)),
                                   FeatureBlock::kHypernym, level_prior});
                level = std::move(next);
            }
        }
    }
    return out;
}

SentenceVector::SentenceVector(const std::vector<Feature>& features, const IdfTable& idf) {
    // One buffer for every block (per thread, it keeps its capacity), grouped by block, each group
    // sorted by (hash, weight) so repeated features sum in a fixed order.
    std::array<size_t, kFeatureBlockCount> count{};
    for (const Feature& f : features) ++count[static_cast<size_t>(f.block)];
    std::array<size_t, kFeatureBlockCount + 1> start{};
    for (size_t b = 0; b < kFeatureBlockCount; ++b) start[b + 1] = start[b] + count[b];
    thread_local std::vector<std::pair<uint64_t, float>> entries;
    entries.resize(features.size());
    std::array<size_t, kFeatureBlockCount> at{};
    std::copy_n(start.begin(), kFeatureBlockCount, at.begin());
    for (const Feature& f : features)
        entries[at[static_cast<size_t>(f.block)]++] = {f.hash, static_cast<float>(f.prior * idf.weight(f.hash))};
    for (size_t b = 0; b < kFeatureBlockCount; ++b) {
        const auto first = entries.begin() + static_cast<std::ptrdiff_t>(start[b]);
        const auto last = entries.begin() + static_cast<std::ptrdiff_t>(start[b + 1]);
        std::sort(first, last);
        Block& block = m_blocks[b];
        block.keys.reserve(count[b]);
        block.weights.reserve(count[b]);
        for (auto it = first; it != last; ++it) {  // sum repeated features: term frequency
            if (!block.keys.empty() && block.keys.back() == it->first)
                block.weights.back() += it->second;
            else {
                block.keys.push_back(it->first);
                block.weights.push_back(it->second);
            }
        }
        double sum = 0;
        for (float weight : block.weights) sum += static_cast<double>(weight) * weight;
        block.norm = std::sqrt(sum);
    }
}

bool SentenceVector::empty() const {
    return std::all_of(m_blocks.begin(), m_blocks.end(),
                       [](const Block& b) { return b.keys.empty(); });
}

namespace {

// Σ x_w·y_w over the keys both sorted lists hold, in key order (so the sum is bit-identical to a
// plain merge). Branch-free steps: which side advances is data-dependent and unpredictable.
double sorted_dot(const uint64_t* xk, const float* xw, size_t xn, const uint64_t* yk,
                  const float* yw, size_t yn) {
    double dot = 0;
    size_t i = 0, j = 0;
    while (i < xn && j < yn) {
        const uint64_t a = xk[i], b = yk[j];
        const double product = static_cast<double>(xw[i]) * yw[j];
        dot += a == b ? product : 0.0;  // weights are non-negative: adding +0.0 changes nothing
        i += a <= b;
        j += b <= a;
    }
    return dot;
}

}  // namespace

double SentenceVector::similarity(const SentenceVector& other,
                                  const FeatureOptions& options) const {
    return blockwise(other, options, /*ceiling=*/false);
}

double SentenceVector::similarity_ceiling(const SentenceVector& other,
                                          const FeatureOptions& options) const {
    return blockwise(other, options, /*ceiling=*/true);
}

double SentenceVector::blockwise(const SentenceVector& other, const FeatureOptions& options,
                                 bool ceiling) const {
    constexpr double kCosineCeiling = 1.0 + 1e-9;  // a computed cosine may round just above 1
    double total = 0, weights = 0;
    for (size_t b = 0; b < kFeatureBlockCount; ++b) {
        const Block& x = m_blocks[b];
        const Block& y = other.m_blocks[b];
        if ((x.keys.empty() && y.keys.empty()) || options.block_weight[b] <= 0) continue;
        weights += options.block_weight[b];
        if (x.norm == 0 || y.norm == 0) continue;
        if (ceiling && b != static_cast<size_t>(FeatureBlock::kWord)) {
            total += options.block_weight[b] * kCosineCeiling;
            continue;
        }
        const double dot = sorted_dot(x.keys.data(), x.weights.data(), x.keys.size(),
                                      y.keys.data(), y.weights.data(), y.keys.size());
        total += options.block_weight[b] * dot / (x.norm * y.norm);
    }
    if (weights == 0) return 0;
    if (ceiling) return std::min(1.0, total / weights + 1e-12);
    return std::clamp(total / weights, 0.0, 1.0);
}

}  // namespace bm
