// The convergence experiments of SPEC §13.5 / issue 7, run in-process and seeded: contested
// lifecycle (CRDT vs last-writer-wins), partition × reorder sweep, the reject race (read-time vs
// admission-time gate), lossy routing with and without the anti-entropy digest, and the
// order-sensitivity of the merge graph with and without canonical re-adjudication.
// Thread-safety: each function builds its own brains; safe to run concurrently.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "meld/signal_engine.h"

namespace bm::meld {

struct AgreementResult {
    double agreement = 0;  // largest identical-outcome cluster / orderings
    size_t distinct = 0;   // distinct outcomes
};

struct LifecycleResult {
    size_t orderings = 0, claims = 0, links = 0;
    AgreementResult crdt, lww;
};
LifecycleResult contested_lifecycle(size_t orderings);

struct SweepCell {
    int duration = 0;
    double reorder = 0;
    AgreementResult crdt, lww;
};
std::vector<SweepCell> partition_reorder_sweep(size_t orderings);

struct RejectRaceResult {
    size_t orderings = 0;
    size_t read_time_agree = 0;  // orderings reaching the modal outcome under the read-time gate
    std::string read_time_outcome;
    size_t admission_overruled = 0, admission_revoked = 0, admission_other = 0;
};
RejectRaceResult reject_race(size_t orderings);

struct LossRow {
    double loss = 0;
    double agreement_without = 0;  // per-claim agreement across brains, mean over seeds
    double distinct_maps_without = 0;
    double agreement_with = 0;     // after one anti-entropy round
    double links_repaired = 0;     // mean links pulled in that round
    double bytes_per_round = 0;
    int rounds = 0;                // rounds until every brain agreed (max over seeds)
};
struct LossResult {
    size_t brains = 0, claims = 0, links = 0, seeds = 0;
    std::vector<LossRow> rows;
};
LossResult lossy_routing(const std::vector<double>& losses, size_t seeds);

struct OrderSensitivityResult {
    size_t orderings = 0, claims = 0;
    size_t distinct_without = 0, largest_cluster_without = 0;
    size_t distinct_with = 0;
};
OrderSensitivityResult order_sensitivity(std::shared_ptr<const SignalEngine> engine, size_t orderings);

}  // namespace bm::meld
