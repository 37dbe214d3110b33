// Helpers shared by the studio's Qt tests: a snapshot of examples/ built by the real pipeline, waits.
#pragma once

#include <QSignalSpy>
#include <QString>
#include <QTest>
#include <atomic>

#include "snapshot_job.h"

namespace bm::test {

// Imports `paths` into a fresh workspace at `workspace` and returns the snapshot (QVERIFY-friendly: null on failure).
inline SnapshotPtr buildSnapshot(const QString& workspace, const QStringList& paths) {
    std::atomic_bool cancel{false};
    SnapshotRequest request;
    request.workspace_path = workspace.toStdString();
    request.import_paths = paths;
    SnapshotOutcome out = run_snapshot_job(request, cancel, [](const QString&, int, int) {});
    if (!out.errors.isEmpty()) qWarning() << out.errors;
    return out.snapshot;
}

// Waits for `spy` unless it already fired (a finished future resumes a coroutine at once).
inline bool waitFor(QSignalSpy& spy, int ms = 30000) { return spy.count() > 0 || spy.wait(ms); }

}  // namespace bm::test
