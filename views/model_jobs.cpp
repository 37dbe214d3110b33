// Model jobs: adjudication batches and the model extractor, each on its worker's own event loop.
#include "model_jobs.h"

#include <QCoreApplication>
#include <QTimer>
#include <algorithm>

#include "store/decisions.h"

namespace bm {

namespace {

// Runs `task` to completion on this thread's event loop; `cancel` aborts the caller's requests.
template <typename T>
T waitCancellable(services::ModelCaller& caller, QCoro::Task<T> task, const std::atomic_bool& cancel) {
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, &caller, [&caller, &cancel] {
        if (cancel.load()) caller.cancel();
    });
    poll.start();
    if (cancel.load()) caller.cancel();
    return QCoro::waitFor(std::move(task));
}

std::vector<std::string> optionValues(const DisputeCase& c) {
    std::vector<std::string> out;
    for (const auto& o : c.options) out.push_back(o.value);
    return out;
}

}  // namespace

std::vector<std::vector<DisputeCase>> adjudication_batches(const MergedSnapshot& basis, const AdjudicationScope& scope) {
    std::vector<DisputeCase> cases = disputes_for_adjudication(basis, basis.slots.size());
    if (!scope.slot_key.empty())
        std::erase_if(cases, [&](const DisputeCase& c) { return c.key != scope.slot_key; });
    std::vector<std::vector<DisputeCase>> batches;
    for (size_t i = 0; i < cases.size(); i += kDefaultAdjudicationLimit) {
        const size_t end = std::min(cases.size(), i + kDefaultAdjudicationLimit);
        batches.emplace_back(std::make_move_iterator(cases.begin() + static_cast<std::ptrdiff_t>(i)),
                             std::make_move_iterator(cases.begin() + static_cast<std::ptrdiff_t>(end)));
    }
    return batches;
}

AdjudicationOutcome run_adjudication_job(const services::ServiceConfig& config, const ReviewSnapshot& basis,
                                         const AdjudicationScope& scope, const std::atomic_bool& cancel,
                                         const AdjudicationProgress& progress) {
    AdjudicationOutcome out;
    const MergedSnapshot& merge = *basis.decisionBasis();  // what resolutions are recorded against
    const auto batches = adjudication_batches(merge, scope);
    out.batches = static_cast<int>(batches.size());
    for (const auto& batch : batches)
        for (const auto& c : batch) out.slots.push_back({c.key, optionValues(c), AdjudicatedSlot::Symmetry::kNotAnswered, {}});
    if (batches.empty()) return out;
    auto store = DecisionStore::open(config.workspace_path.toStdString());
    if (!store) {
        out.error = QString::fromStdString(store.error().to_string());
        return out;
    }
    services::ModelCaller caller(config);
    for (const auto& batch : batches) {
        progress(out.batches_done, out.batches);
        if (cancel.load()) {
            out.cancelled = true;
            break;
        }
        services::AdjudicationRun run = waitCancellable(caller, services::adjudicate_cases(caller, batch), cancel);
        for (const auto& w : run.warnings) out.warnings << QString::fromStdString(w);
        for (const auto* digest : {&run.forward_digest, &run.reversed_digest})
            if (!digest->empty()) out.request_digests.push_back(*digest);
        if (run.error) {
            out.cancelled = run.error->kind == ModelErrorKind::kCancelled;
            out.error = QString::fromStdString(run.error->to_string());
            break;
        }
        auto recorded = services::record_model_resolutions(**store, merge, run, config.model.toStdString());
        if (!recorded) {
            out.error = QCoreApplication::translate("bm::ModelJobs", "recording the resolutions failed: %1").arg(QString::fromStdString(recorded.error().to_string()));
            break;
        }
        out.recorded += *recorded;
        for (auto& slot : out.slots) {
            auto found = run.resolutions.find(slot.key);
            if (found != run.resolutions.end()) {
                slot.resolution = found->second;
                slot.symmetry = found->second.order_sensitive ? AdjudicatedSlot::Symmetry::kOrderSensitive
                                                               : AdjudicatedSlot::Symmetry::kAgreed;
            } else if (std::find(run.dropped.begin(), run.dropped.end(), slot.key) != run.dropped.end()) {
                slot.symmetry = AdjudicatedSlot::Symmetry::kDropped;
            }
        }
        ++out.batches_done;
    }
    progress(out.batches_done, out.batches);
    out.network_calls = caller.network_calls();
    out.replayed_calls = caller.replayed_calls();
    if (out.batches_done == 0) return out;  // nothing recorded: the snapshot stands
    auto relabelled = reapply_decisions(basis, config.workspace_path.toStdString());
    if (!relabelled) {
        const QString reread = QCoreApplication::translate("bm::ModelJobs", "the resolutions could not be re-read: %1").arg(QString::fromStdString(relabelled.error().to_string()));
        out.error = out.error.isEmpty() ? reread : out.error + QStringLiteral("; ") + reread;
        return out;
    }
    out.relabelled = std::move(relabelled).value();
    return out;
}

services::ModelExtraction run_model_extraction(const services::ServiceConfig& config, const std::vector<Session>& sessions,
                                               const ExtractOptions& options, const std::atomic_bool& cancel) {
    services::ModelCaller caller(config);
    return waitCancellable(caller, services::extract_with_model(caller, sessions, options), cancel);
}

}  // namespace bm
