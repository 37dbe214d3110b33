// Model adjudication of disputed slots (SPEC §7): the forward call, the reversed-options call (only
// when ties exist), validation by core and the symmetry check, and appending the result to the
// workspace's model_resolutions log (what `beliefmerge adjudicate` and the studio's Review >
// Adjudicate both do).
// Thread-safety: the thread that owns the event loop.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <QCoroTask>

#include "adjudicate/adjudication_contract.h"
#include "model_caller.h"

namespace bm::services {

struct AdjudicationRun {
    std::vector<DisputeCase> cases;               // what was asked
    std::map<std::string, Resolution> resolutions;  // after the symmetry check
    std::vector<std::string> order_sensitive;
    std::vector<std::string> dropped;             // missing from either pass
    AdjudicationReport forward_report, reversed_report;
    std::string forward_digest, reversed_digest;  // model_calls records
    bool replayed = false;                        // both calls served from records
    std::optional<ModelError> error;              // a call failed: no resolutions, ties stand
    std::vector<std::string> warnings;            // ready to print
};

QCoro::Task<AdjudicationRun> adjudicate_with_model(ModelCaller& caller, const MergedSnapshot& snapshot,
                                                   size_t limit = kDefaultAdjudicationLimit);

// The same two passes over `cases` (a subset of disputes_for_adjudication(), e.g. one slot).
QCoro::Task<AdjudicationRun> adjudicate_cases(ModelCaller& caller, std::vector<DisputeCase> cases);

// Appends each resolution of `run` to `store` against its slot's annotation digest in `snapshot`
// (the merge the cases came from), skipping one identical to the slot's newest record (a replay).
// Returns how many were appended.
Result<int> record_model_resolutions(DecisionStore& store, const MergedSnapshot& snapshot, const AdjudicationRun& run,
                                     const std::string& model);

AdjudicationRun adjudicate_with_model_blocking(const ServiceConfig& config, const MergedSnapshot& snapshot,
                                               size_t limit = kDefaultAdjudicationLimit);

}  // namespace bm::services
