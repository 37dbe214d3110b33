// The train/test splits of `bench meld-gold` and the fit of the lexical operating point (#18).
//
// Training: STS-B train derived, the first 150 pairs per class of SNLI dev derived, and
// bench/data/meld_gold_train.jsonl. Test (never fitted on): STS-B dev derived, the next 150 pairs
// per class of SNLI dev derived, bench/data/meld_gold_dev.jsonl and bench/data/meld_gold_test.jsonl.
// The fit searches θ_merge, σ_lo and the ParaphraseRule for the best mean training macro-F1 with a
// false-merge rate ≤ max_false_merge on every training set. Thread-safety: pure functions.
#pragma once

#include <string>
#include <vector>

#include "bench/meld/gold.h"
#include "meld/paraphrase_rule.h"

namespace bm::meld {

struct NamedPairs {
    std::string name;
    std::vector<GoldPair> pairs;
};

struct GoldSplits {
    std::vector<NamedPairs> train, test;
    std::vector<std::string> skipped;  // derived sets left out (shared data absent), one line each
};

// data_dir holds the three gold files; shared_dir ("" = none) holds sts/ and nli/. Training pairs
// whose two texts (in either order) form a test pair are dropped. Errors name the file.
Result<GoldSplits> load_gold_splits(const std::string& data_dir, const std::string& shared_dir);

// "<test set>: <pair id>" for every test pair whose two texts (either order) form a training pair.
std::vector<std::string> split_overlaps(const GoldSplits& splits);

struct OperatingPoint {
    Thresholds thresholds;
    ParaphraseRule rule;
    double train_macro_f1 = 0;      // mean over the training sets (simulated procedure)
    double train_false_merge = 0;   // the highest over the training sets
};

// REQUIRES: engine's provider is the lexical one (the rule reads its analysis).
OperatingPoint fit_operating_point(const std::vector<NamedPairs>& train, const SignalEngine& engine,
                                   double max_false_merge = 0.02);

}  // namespace bm::meld
