// Snapshot and decision jobs: the core review pipeline run for the studio, off the GUI thread.
#include "snapshot_job.h"

#include <QCoreApplication>

#include "load_job.h"
#include "model_jobs.h"
#include "snapshot/workspace_sessions.h"

namespace bm {

SnapshotOutcome run_snapshot_job(const SnapshotRequest& request, const std::atomic_bool& cancel,
                                 const ProgressFn& progress) {
    SnapshotOutcome out;
    if (!request.import_paths.isEmpty()) {
        LoadOutcome load = run_load_job(request.workspace_path, request.import_paths, cancel,
                                        [&](int done, int total) { progress(QCoreApplication::translate("bm::SnapshotJob", "Importing"), done, total); });
        out.errors = load.errors;
        out.warnings = load.warnings;
        out.files_read = load.files_read;
        if (load.cancelled) {
            out.cancelled = true;
            return out;
        }
    }
    progress(QCoreApplication::translate("bm::SnapshotJob", "Reading the workspace"), 0, 0);
    auto read = read_workspace_sessions(request.workspace_path, &cancel);
    if (!read) {
        out.errors << QString::fromStdString(read.error().to_string());
        return out;
    }
    if (read->cancelled) {
        out.cancelled = true;
        return out;
    }
    progress(QCoreApplication::translate("bm::SnapshotJob", "Extracting and merging claims"), 0, 0);
    SnapshotOptions build;  // what `beliefmerge merge --workspace` runs
    build.extract.trust.current_session = canonical_session_id(request.current_session);
    if (request.model) {
        // Options as `merge --extractor model` has them, so the request (and its record) is the CLI's.
        build.prose = [&](const std::vector<Session>& sessions, const ExtractOptions& options) {
            progress(QCoreApplication::translate("bm::SnapshotJob", "Asking the model to align the claims"), 0, 0);
            services::ModelExtraction m = run_model_extraction(*request.model, sessions, options, cancel);
            for (const auto& w : m.warnings) out.warnings << QString::fromStdString(w);
            if (m.fell_back) out.modelFallback = QString::fromStdString(m.error ? m.error->to_string() : std::string("no reply"));
            return std::move(m.branches);
        };
    } else {
        if (request.oracle) build.prose = oracle_prose_extractor();
        build.extract.all_rules = true;  // the threshold, not the rule set, decides what is shown
        build.extract.min_confidence = request.min_confidence;
    }
    build.decisions_from = request.workspace_path;
    auto review = build_review_snapshot(std::move(read->sessions), build, &cancel);
    if (!review) {
        if (review.error().is_cancelled()) out.cancelled = true;
        else out.errors << QString::fromStdString(review.error().to_string());
        return out;
    }
    auto snap = std::make_shared<StudioSnapshot>();
    static_cast<ReviewSnapshot&>(*snap) = std::move(review).value();
    snap->workspace_path = request.workspace_path;
    snap->stored = std::move(read->stored);
    if (!request.oracle && !request.model)
        snap->lowConfidence = request.min_confidence > 0 ? tallyHiddenClaims(snap->below_confidence, *snap->base)
                                                         : tallyShownClaims(*snap->base, kStudioMinConfidence);
    out.snapshot = std::move(snap);
    return out;
}

DecisionOutcome run_decision_job(const std::string& workspace_path, const ReviewSnapshot& basis, DecisionRecord decision) {
    DecisionOutcome out;
    const Slot* slot = basis.decisionBasis() ? basis.decisionBasis()->find(decision.slot_key) : nullptr;
    if (!slot) {
        out.error = QCoreApplication::translate("bm::SnapshotJob", "No slot '%1' in this snapshot")
                        .arg(QString::fromStdString(decision.slot_key));
        return out;
    }
    if (auto valid = validate_decision(decision, *slot); !valid) {
        out.error = QString::fromStdString(valid.error().to_string());
        return out;
    }
    auto store = DecisionStore::open(workspace_path);
    if (!store) {
        out.error = QString::fromStdString(store.error().to_string());
        return out;
    }
    auto stored = (*store)->append(std::move(decision));
    if (!stored) {
        out.error = QString::fromStdString(stored.error().to_string());
        return out;
    }
    out.stored = std::move(stored).value();
    auto relabelled = reapply_decisions(basis, workspace_path);
    if (!relabelled) {
        out.error = QString::fromStdString(relabelled.error().to_string());
        return out;
    }
    out.relabelled = std::move(relabelled).value();
    return out;
}

}  // namespace bm
