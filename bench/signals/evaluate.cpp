// Timed passes of a provider over the evaluation pairs.
#include "evaluate.h"

#include <chrono>

#include <fmt/format.h>

namespace bm::bench {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

SimilarityResult evaluate_similarity(const SignalProvider& provider,
                                     const std::vector<TextPair>& pairs) {
    std::vector<double> predicted, gold;
    predicted.reserve(pairs.size());
    const auto start = std::chrono::steady_clock::now();
    for (const TextPair& p : pairs) predicted.push_back(provider.similarity(p.a, p.b));
    const double elapsed = seconds_since(start);
    for (const TextPair& p : pairs) gold.push_back(p.score);
    return {spearman(predicted, gold), pairs.size(), static_cast<double>(pairs.size()) / elapsed};
}

ContradictionResult evaluate_contradiction(const SignalProvider& provider,
                                           const std::vector<TextPair>& pairs, int explain) {
    ContradictionResult result;
    std::vector<ContradictionVerdict> verdicts;
    verdicts.reserve(pairs.size());
    const auto start = std::chrono::steady_clock::now();
    for (const TextPair& p : pairs) verdicts.push_back(provider.contradiction(p.a, p.b));
    result.pairs_per_second = static_cast<double>(pairs.size()) / seconds_since(start);
    int shown_fp = 0, shown_fn = 0;
    for (size_t i = 0; i < pairs.size(); ++i) {
        const bool gold = pairs[i].label == "contradiction";
        const ContradictionVerdict& v = verdicts[i];
        result.counts.add(v.contradicts(), gold);
        if (v.verdict == Contradiction::kUnrelated) ++result.unrelated;
        if (v.contradicts()) {
            RuleCount& rule = result.by_rule[v.reason];
            ++rule.fired;
            rule.correct += gold ? 1 : 0;
        }
        if (v.contradicts() && !gold && shown_fp < explain) {
            ++shown_fp;
            fmt::print("FP [{}: {}] ({})\n  {}\n  {}\n", v.reason, v.detail, pairs[i].label,
                       pairs[i].a, pairs[i].b);
        } else if (!v.contradicts() && gold && shown_fn < explain) {
            ++shown_fn;
            fmt::print("FN [{}]\n  {}\n  {}\n", contradiction_name(v.verdict), pairs[i].a,
                       pairs[i].b);
        }
    }
    return result;
}

}  // namespace bm::bench
