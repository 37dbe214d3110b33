// The train/test splits of `bench meld-gold` and the fit of the lexical operating point (#18).
//
// Training: STS-B train derived, the first 150 pairs per class of SNLI dev derived,
// bench/data/meld_gold_train.jsonl, bench/data/meld_gold_train_agent.jsonl and
// bench/data/meld_gold_train_agent2.jsonl. Test (never fitted
// on): STS-B dev derived, the next 150 pairs per class of SNLI dev derived,
// bench/data/meld_gold_dev.jsonl and bench/data/meld_gold_test.jsonl. Fit only (never scored): SNLI
// dev derived pairs 301-1300 per class, which join the SNLI training set's samples in every fold.
// The fit: for each L2 strength and sample weighting, the merge combiner (merge_combiner.h) is
// fitted on 4 of 5 folds of every training set and scores the fifth (out-of-fold); on those
// held-out scores a grid picks θ_merge, σ_lo and the combiner threshold for the best mean training
// macro-F1 with the merges the combiner makes below θ_merge on non-merge pairs ≤ max_pooled of all
// training non-merge pairs, and the whole procedure's false-merge rate ≤ max_per_set on every
// training set. The setting with the
// best held-out figure wins and is refitted on all training pairs. Thread-safety: pure functions.
#pragma once

#include <string>
#include <vector>

#include "bench/meld/gold.h"
#include "meld/merge_combiner.h"

namespace bm::meld {

struct NamedPairs {
    std::string name;
    std::vector<GoldPair> pairs;
};

// Pairs that only add samples to one training set's fit (in every fold) and are never scored.
struct FitOnlyPairs {
    std::string joins;  // the name of the training set they join
    NamedPairs pairs;
};

struct GoldSplits {
    std::vector<NamedPairs> train, test;
    std::vector<FitOnlyPairs> fit_only;
    std::vector<std::string> skipped;  // derived sets left out (shared data absent), one line each
};

// data_dir holds the three gold files; shared_dir ("" = none) holds sts/ and nli/. Training pairs
// whose two texts (in either order) form a test pair are dropped, and fit-only pairs sharing a
// sentence with any test pair. Errors name the file.
Result<GoldSplits> load_gold_splits(const std::string& data_dir, const std::string& shared_dir);

// "<test set>: <pair id>" for every test pair whose two texts (either order) form a training pair.
std::vector<std::string> split_overlaps(const GoldSplits& splits);

// One cross-validated setting of the combiner's fit and its held-out figures.
struct CvResult {
    double l2 = 0;
    bool per_set_weights = false;  // each training set weighs the same in total (else each pair does)
    double theta_merge = 0, sigma_lo = 0, threshold = 0;
    double macro_f1 = -1;          // mean over the training sets, out-of-fold
    double worst_false_merge = 0;  // the highest over the training sets, out-of-fold
    double pooled_false_merge = 0; // merges the combiner made below θ_merge on non-merge pairs / all training non-merge pairs, out-of-fold
    std::vector<double> set_macro_f1, set_false_merge;  // per training set, out-of-fold
};

struct OperatingPoint {
    Thresholds thresholds;
    MergeCombiner combiner;
    double train_macro_f1 = 0;      // mean over the training sets, out-of-fold (simulated procedure)
    double train_false_merge = 0;   // the highest over the training sets, out-of-fold
    std::vector<CvResult> cv;       // every setting tried, in the order tried
    CvResult chosen;                // the setting kept
};

// fit_only pairs join the samples of the training set they name (in every fold; never scored).
// REQUIRES: engine's provider is the lexical one (the combiner reads its analysis).
OperatingPoint fit_operating_point(const std::vector<NamedPairs>& train, const SignalEngine& engine,
                                   const std::vector<FitOnlyPairs>& fit_only = {}, double max_pooled = 0.01,
                                   double max_per_set = 0.02);

}  // namespace bm::meld
