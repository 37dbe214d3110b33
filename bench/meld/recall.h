// The MELD recall experiment of `bench meld-recall` (issue 25; the paper's Section 7.1 and
// Appendix K): each HotpotQA item's context sentences become claims held by N source brains with
// a controlled overlap (a share of the sentences also held by a second brain, repeated verbatim or
// paraphrased), published to a sink through the admission procedure as signed deltas; then four
// stores answer the question by the same status-aware top-k read: the merged sink, a centralized
// store holding every sentence once, the naive union of what the brains published, and the union
// with byte-identical duplicates removed (exact dedup). Thread-safety: each call builds its own brains.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench/meld/hotpotqa.h"
#include "bench/meld/paired_test.h"
#include "bench/meld/qa_corpus.h"
#include "meld/signal_engine.h"
#include "meld/thresholds.h"

namespace bm::meld {

// The equivalence margin of the TOST (merge vs centralized, recall@5), fixed before any run: one
// recall@5 band, the paper's pre-specified Δ.
inline constexpr double kRecallEquivalenceMargin = 0.05;
// The overlap fractions swept and the one the headline table uses (depths: kRecallDepths).
inline constexpr std::array<double, 4> kRecallOverlaps = {0.0, 0.25, 0.5, 0.75};
inline constexpr double kHeadlineOverlap = 0.5;

struct RecallOptions {
    size_t brains = 3;        // source brains (≥ 2 when any overlap is asked for)
    uint64_t seed = 1;        // which sentences overlap, where they go, repeat or paraphrase
    size_t questions = 0;     // the first N items (0: all)
    std::vector<double> overlaps = {kRecallOverlaps.begin(), kRecallOverlaps.end()};
    Thresholds thresholds = lexical_default_thresholds();
};

// The stores, in the order reported.
enum class RecallStore { kMerge = 0, kCentralized = 1, kUnion = 2, kExactDedup = 3 };
inline constexpr std::array<const char*, 4> kRecallStoreNames = {"merge", "centralized", "union", "exact-dedup"};

struct StoreMeasure {
    std::array<double, kRecallDepths.size()> recall{};         // mean over questions
    std::array<std::vector<double>, kRecallDepths.size()> per_question;
    double live = 0;  // mean status-live items per question
};

struct OverlapResult {
    double overlap = 0;
    std::array<StoreMeasure, 4> stores;  // indexed by RecallStore
    size_t deltas = 0;                   // published to the sinks, all questions
    std::map<std::string, size_t> decisions;  // the sinks' Patches by decision
    size_t paraphrases = 0, repeats = 0;      // overlapping copies published
};

struct RecallResult {
    size_t questions = 0;
    size_t supporting = 0;          // supporting facts scored
    size_t dangling_supporting = 0;  // supporting facts naming no sentence of the context (left out)
    size_t sentences = 0;           // context sentences, all questions
    std::vector<OverlapResult> sweep;
};

RecallResult measure_recall(const std::shared_ptr<const SignalEngine>& engine, const std::vector<QaItem>& items,
                            const RecallOptions& options);

}  // namespace bm::meld
