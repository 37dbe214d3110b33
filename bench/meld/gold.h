// Labelled claim pairs and the merge-classification evaluation of `bench meld-gold` and
// `meld calibrate` (SPEC §13.5): per-class P/R/F1, macro-F1, false-merge rate with a 95% Wilson
// interval, merge-vs-rest ROC AUC, through the real procedure (a brain holding a, admitting b).
// Thread-safety: pure functions over their arguments.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "meld/claim.h"
#include "meld/signal_engine.h"
#include "meld/thresholds.h"
#include "util/result.h"

namespace bm::meld {

enum class PairClass { kMerge = 0, kRelate = 1, kConflict = 2, kNoRelation = 3 };
inline constexpr size_t kPairClassCount = 4;
const char* pair_class_name(PairClass c);

struct GoldPair {
    std::string id;
    PairClass label = PairClass::kNoRelation;
    bool hard = false;
    Claim a, b;
};

// JSONL: {"id","class":"merge|relate|conflict|no-relation","hard"?,"a":{claim},"b":{claim}}.
// Errors name the file, line and field.
Result<std::vector<GoldPair>> load_gold_pairs(const std::string& path);
// Derived pairs from public data: STS-B (score ≥ 4.6 merge, 2.0–3.6 relate, ≤ 0.4 no-relation) and
// SNLI (contradiction → conflict, entailment → relate), at most `limit` of each class after
// skipping the first `skip` of each class (so one file gives disjoint train and test slices).
Result<std::vector<GoldPair>> load_stsb_pairs(const std::string& path, size_t limit, size_t skip = 0);
Result<std::vector<GoldPair>> load_snli_pairs(const std::string& path, size_t limit, size_t skip = 0);

struct ClassScore {
    double precision = 0, recall = 0, f1 = 0;
    size_t support = 0;
};

struct GoldReport {
    size_t pairs = 0;
    std::array<ClassScore, kPairClassCount> per_class;
    std::array<std::array<size_t, kPairClassCount>, kPairClassCount> confusion{};  // [label][predicted]
    double macro_f1 = 0;
    double false_merge = 0, false_merge_lo = 0, false_merge_hi = 0;  // over non-merge pairs
    size_t false_merges = 0, non_merge = 0;
    double auc_merge = 0;  // merge vs rest on σ (0 when χ contradicts)
    double hard_accuracy = 0;
    size_t hard = 0;
};

// Fills per_class, macro_f1 and the false-merge figures of r from r.confusion.
void score_confusion(GoldReport& r);

// One pair's prediction, for listing the errors on training sets (`bench meld-gold --train-errors`).
struct PairOutcome {
    const GoldPair* pair = nullptr;
    PairClass predicted = PairClass::kNoRelation;
    std::string rule;      // the Patch's rule (R2..R6)
    double sigma = 0;
    std::string chi_rule;  // the contradiction rule that fired, "" when none
};

// Runs every pair through a fresh brain under `thresholds` and `gates`; outcomes (optional) gets one
// entry per pair, in order.
GoldReport evaluate_gold(const std::vector<GoldPair>& pairs, const std::shared_ptr<const SignalEngine>& engine,
                         const Thresholds& thresholds, const Gates& gates, std::vector<PairOutcome>* outcomes = nullptr);

// Fits θ_merge (grid 0.40–0.98 by 0.02) and σ_lo (grid 0.04–0.28 by 0.04) for the best macro-F1 with a
// false-merge rate ≤ max_false_merge; ties to the higher θ_merge. Records the provider identity.
Thresholds calibrate(const std::vector<GoldPair>& pairs, const std::shared_ptr<const SignalEngine>& engine,
                     double max_false_merge = 0.02);

}  // namespace bm::meld
