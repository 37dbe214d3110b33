// Helpers shared by the studio's Qt tests: a snapshot of examples/ built by the real pipeline, waits.
#pragma once

#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>

#include "claim_graph_view.h"
#include "main_window.h"
#include "pack_preview_pane.h"
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

// Settings (recent workspaces, window state, extractor) go to `config`, under application `name`.
inline void useThrowawaySettings(const QTemporaryDir& config, const QString& name) {
    qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
    QCoreApplication::setOrganizationDomain(QStringLiteral("test.beliefmerge.org"));
    QCoreApplication::setApplicationName(name);
}

// Waits for `spy` unless it already fired (a finished future resumes a coroutine at once).
inline bool waitFor(QSignalSpy& spy, int ms = 30000) { return spy.count() > 0 || spy.wait(ms); }

// Loads `paths` into `window` and waits for the snapshot, its graph layout and its pack.
inline bool loadAndSettle(MainWindow& window, const QStringList& paths) {
    QSignalSpy loaded(&window, &MainWindow::loadFinished);
    QSignalSpy laid(window.graphView(), &ClaimGraphView::layoutFinished);
    QSignalSpy packed(window.packPane(), &PackPreviewPane::packFinished);
    window.openPaths(paths);
    if (!waitFor(loaded, 60000)) return false;
    if (!window.snapshot()) return false;
    if (window.graphView()->isLayingOut() && !waitFor(laid, 30000)) return false;
    return !window.packPane()->isPacking() || waitFor(packed, 30000);
}

}  // namespace bm::test
