// The background work behind the checkpoint browser and Session > Fold…: each job calls the core
// fold engine exactly as the CLI does (fold_session, load_checkpoint_catalog, context_search,
// context_recall, export_bundles), runs on a worker thread and touches no widget.
#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "fold/bundle_export.h"
#include "fold/checkpoint_catalog.h"
#include "fold/fold_session.h"

namespace bm {

struct FoldJobRequest {
    QString logPath;    // a session log (any supported format) or DSH session directory
    QString sessionId;  // the session of the log to fold; empty: every session in it
    QString storePath;  // bundle store directory (created 0700)
    FoldMode mode = FoldMode::kLeaf;
    size_t retainTokens = FoldPolicy{}.retain_tokens;
};

struct FoldJobOutcome {
    std::vector<SessionFoldReport> reports;
    QStringList errors;    // a reader or fold error; the bundles published before it stay
    QStringList warnings;  // reader warnings
    bool cancelled = false;
};

// REQUIRES: progress may be called from the worker thread: (folds done, surface tokens now).
FoldJobOutcome runFoldJob(const FoldJobRequest& request, const std::atomic_bool& cancel,
                          const std::function<void(int, qint64)>& progress);

struct CatalogOutcome {
    std::shared_ptr<const CheckpointCatalog> catalog;  // null on error
    QString error;
};
CatalogOutcome runCatalogJob(const QString& storePath);

// The JSON result of context_search / context_recall (the CLI's --json shape), or `error`.
struct StoreQueryOutcome {
    nlohmann::json result;
    QString error;
};
StoreQueryOutcome runSearchJob(const QString& storePath, const QString& query, int limit);
// An exact page: result["status"] is "ok" or "unavailable"; `bytes` are the CLI's stdout bytes.
struct RecallOutcome : StoreQueryOutcome {
    QByteArray bytes;
};
RecallOutcome runExactRecallJob(const QString& storePath, const QString& checkpointId, qint64 offset);

// The verified bundle's state (anchors, negativeKnowledge, beliefs) and rendered text, or `error`
// (a bundle that fails verification is never read further).
StoreQueryOutcome runCheckpointStateJob(const QString& storePath, const QString& checkpointId);

ExportReport runExportJob(const QString& storePath, const QStringList& checkpointIds, const QString& destination);

}  // namespace bm
