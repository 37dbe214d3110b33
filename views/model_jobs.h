// The studio's model calls (SPEC §5, §7, §18), run on a worker thread through the same services as
// `beliefmerge adjudicate` and `--extractor model`: record/replay in the workspace, the symmetry
// check, the heuristic fallback. Each job runs its QCoro tasks on the worker's own event loop and
// aborts the requests in flight when `cancel` is set. Touches no widget.
#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model_adjudication.h"
#include "model_alignment.h"
#include "service_config.h"
#include "snapshot/review_snapshot.h"

namespace bm {

// What Review > Adjudicate asks about: every disputed slot, or the one named.
struct AdjudicationScope {
    std::string slot_key;  // empty: every dispute
};

// One slot's answer after the symmetry check.
struct AdjudicatedSlot {
    std::string key;
    std::vector<std::string> options;  // the tied values asked about
    enum class Symmetry { kAgreed, kOrderSensitive, kDropped, kNotAnswered } symmetry = Symmetry::kNotAnswered;
    std::optional<Resolution> resolution;  // recorded (order-sensitive ones as unresolvable)
};

struct AdjudicationOutcome {
    std::vector<AdjudicatedSlot> slots;  // every slot asked about, in the order asked
    int batches = 0;                     // forward+reversed call pairs (kDefaultAdjudicationLimit slots each)
    int batches_done = 0;
    int recorded = 0;                    // model resolutions appended to the workspace
    int network_calls = 0, replayed_calls = 0;
    std::vector<std::string> request_digests;  // model_calls records (forward, reversed per batch)
    QStringList warnings;
    QString error;     // what failed (a call, a reply, the store); empty when every batch succeeded
    bool cancelled = false;
    // The snapshot's resolutions re-read and labels recomputed; unset when nothing was recorded or on error.
    std::optional<ReviewSnapshot> relabelled;
};

// (done, total) batches; called from the worker thread.
using AdjudicationProgress = std::function<void(int done, int total)>;

// The disputed slots `scope` names in `basis`'s decision basis, batched as the CLI asks them
// (the first batch of "every dispute" is exactly `beliefmerge adjudicate`'s request); empty when
// the scope's slot is not disputed.
std::vector<std::vector<DisputeCase>> adjudication_batches(const MergedSnapshot& basis, const AdjudicationScope& scope);

// Asks the model about each batch (forward and reversed), records every call and every resolution
// in `config.workspace_path` as `beliefmerge adjudicate` does, then re-reads the resolutions. A
// failed batch stops the run; what earlier batches recorded is kept.
AdjudicationOutcome run_adjudication_job(const services::ServiceConfig& config, const ReviewSnapshot& basis,
                                         const AdjudicationScope& scope, const std::atomic_bool& cancel,
                                         const AdjudicationProgress& progress);

// `--extractor model` for one snapshot job: the joint alignment call (recorded/replayed), or the
// heuristic's claims when it fails (ModelExtraction::fell_back, with the warning saying why).
services::ModelExtraction run_model_extraction(const services::ServiceConfig& config, const std::vector<Session>& sessions,
                                               const ExtractOptions& options, const std::atomic_bool& cancel);

}  // namespace bm
