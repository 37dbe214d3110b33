// The background jobs behind every snapshot the studio shows: import, then the one review pipeline
// (core/snapshot, as the CLI runs it), and recording one human decision. Both run on worker
// threads and touch no widget.
#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "service_config.h"
#include "studio_snapshot.h"

namespace bm {

struct SnapshotRequest {
    std::string workspace_path;
    QStringList import_paths;      // imported first (may be empty: just read the workspace)
    std::string current_session;   // its user is TRUSTED; empty: none
    bool oracle = false;           // native-JSONL annotations instead of the heuristic extractor
    // The heuristic runs every rule and leaves out claims of rules less sure than this
    // (`merge --rules all --min-confidence X`); 0 shows them all. The default gives the default rules.
    double min_confidence = kStudioMinConfidence;
    // View > Model Extractor: the model's joint alignment (recorded/replayed in the workspace), as
    // `merge --extractor model` runs it; the heuristic's default rules when the call fails.
    std::optional<services::ServiceConfig> model;
};

struct SnapshotOutcome {
    std::shared_ptr<StudioSnapshot> snapshot;  // null when cancelled or failed
    QStringList errors;
    QStringList warnings;
    int files_read = 0;
    bool cancelled = false;
    QString modelFallback;  // why the model extractor fell back to the heuristic; empty when it did not
};

// REQUIRES: progress may be called from the worker thread: (phase, done, total).
using ProgressFn = std::function<void(const QString& phase, int done, int total)>;

SnapshotOutcome run_snapshot_job(const SnapshotRequest& request, const std::atomic_bool& cancel,
                                 const ProgressFn& progress);

struct DecisionOutcome {
    std::optional<DecisionRecord> stored;  // set once the row is committed
    // The snapshot's decisions re-read and labels recomputed (core/snapshot reapply_decisions);
    // unset when the decisions could not be re-read after the commit (`error` says why).
    std::optional<ReviewSnapshot> relabelled;
    QString error;
};

// Validates `decision` against its slot in `basis`, appends it (committed with fsync), re-reads the
// effective resolutions and recomputes the derivation labels under them.
DecisionOutcome run_decision_job(const std::string& workspace_path, const ReviewSnapshot& basis, DecisionRecord decision);

}  // namespace bm
