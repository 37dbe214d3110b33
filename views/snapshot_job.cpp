// Snapshot and decision jobs: the engine pipeline of the studio, off the GUI thread.
#include "snapshot_job.h"

#include <QCoreApplication>

#include "adjudicate/resolved_derivations.h"
#include "extract/heuristic_extractor.h"
#include "extract/oracle_extractor.h"
#include "load_job.h"
#include "merge/merger.h"
#include "workspace_sessions.h"

namespace bm {


Result<std::map<std::string, EffectiveResolution>> read_resolutions(const std::string& workspace_path,
                                                                   const MergedSnapshot& merged) {
    auto store = DecisionStore::open(workspace_path);
    if (!store) return store.error();
    auto effective = (*store)->effective(merged);
    if (!effective) return effective.error();
    std::map<std::string, EffectiveResolution> out;
    for (auto& e : *effective) out.emplace(e.slot_key, std::move(e));
    return out;
}

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
    auto read = read_workspace_sessions(request.workspace_path, cancel);
    if (!read) {
        out.errors << QString::fromStdString(read.error().to_string());
        return out;
    }
    if (cancel.load()) {
        out.cancelled = true;
        return out;
    }
    progress(QCoreApplication::translate("bm::SnapshotJob", "Extracting claims"), 0, 0);
    auto sessions = std::make_shared<std::vector<Session>>(std::move(read->sessions));
    ExtractOptions extract;
    extract.trust.current_session = canonical_session_id(request.current_session);
    auto branches = request.oracle ? extract_oracle(*sessions, extract) : extract_heuristic(*sessions, extract);
    if (cancel.load()) {
        out.cancelled = true;
        return out;
    }
    progress(QCoreApplication::translate("bm::SnapshotJob", "Merging"), 0, 0);
    auto merged = std::make_shared<MergedSnapshot>(merge_branches(std::move(branches)));
    auto resolutions = read_resolutions(request.workspace_path, *merged);
    if (!resolutions) out.errors << QString::fromStdString(resolutions.error().to_string());
    auto snap = std::make_shared<StudioSnapshot>();
    snap->workspace_path = request.workspace_path;
    snap->sessions = std::move(sessions);
    snap->stored = std::move(read->stored);
    if (resolutions) snap->resolutions = std::move(resolutions).value();
    snap->base = std::move(merged);
    snap->merged = relabel_derivations(snap->base, snap->resolutions);
    out.snapshot = std::move(snap);
    return out;
}

DecisionOutcome run_decision_job(const std::string& workspace_path, std::shared_ptr<const MergedSnapshot> merged,
                                 DecisionRecord decision) {
    DecisionOutcome out;
    const Slot* slot = merged->find(decision.slot_key);
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
    auto effective = (*store)->effective(*merged);
    if (!effective) {
        out.error = QString::fromStdString(effective.error().to_string());
        return out;
    }
    for (auto& e : *effective) out.resolutions.emplace(e.slot_key, std::move(e));
    out.relabelled = relabel_derivations(merged, out.resolutions);
    return out;
}

}  // namespace bm
