// Main window: the Checkpoints pane, File > Open Checkpoint Store… / Export Checkpoints… and
// Session > Fold… / Show Checkpoints.
#include <QCoroFuture>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QStatusBar>
#include <QTreeView>
#include <QtConcurrent>

#include "checkpoint_browser_pane.h"
#include "checkpoint_jobs.h"
#include "fold_dialog.h"
#include "job_pool.h"
#include "main_window.h"
#include "message_bar.h"
#include "roles.h"

namespace bm {

namespace {

const QString kStoreSetting = QStringLiteral("checkpoints/store");

}  // namespace

void MainWindow::setupCheckpointPane() {
    m_checkpoints = new CheckpointBrowserPane;
    QDockWidget* dock = addPane(tr("Checkpoints"), QStringLiteral("checkpointsDock"), m_checkpoints, Qt::BottomDockWidgetArea);
    if (auto* transcript = findChild<QDockWidget*>(QStringLiteral("transcriptDock"))) tabifyDockWidget(transcript, dock);
    if (auto* transcript = findChild<QDockWidget*>(QStringLiteral("transcriptDock"))) transcript->raise();
    connect(m_checkpoints, &CheckpointBrowserPane::statusMessage, m_status, &QLabel::setText);
    connect(m_checkpoints, &CheckpointBrowserPane::errorRaised, this, &MainWindow::showError);
    connect(m_checkpoints, &CheckpointBrowserPane::openStoreRequested, this, &MainWindow::openCheckpointStoreDialog);
    connect(m_checkpoints, &CheckpointBrowserPane::exportRequested, this, &MainWindow::exportCheckpointsDialog);
    connect(m_checkpoints, &CheckpointBrowserPane::catalogLoaded, this, &MainWindow::refreshCheckpointActions);
}

void MainWindow::setupCheckpointActions(QMenu* file) {
    file->addSeparator();
    QAction* open = file->addAction(tr("Open C&heckpoint Store…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K), this,
                                    &MainWindow::openCheckpointStoreDialog);
    open->setObjectName(QStringLiteral("openCheckpointStoreAction"));
    QAction* exportAction = file->addAction(tr("E&xport Checkpoints…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X), this,
                                            &MainWindow::exportCheckpointsDialog);
    exportAction->setObjectName(QStringLiteral("exportCheckpointsAction"));
    exportAction->setToolTip(tr("Copy the checkpoints selected in the Checkpoints pane verbatim, with a verification report"));

    QMenu* session = menuBar()->addMenu(tr("&Session"));
    QAction* fold = session->addAction(tr("&Fold…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), this,
                                       [this] { showFoldDialog(); });
    fold->setObjectName(QStringLiteral("foldAction"));
    fold->setToolTip(tr("Fold a session log into checkpoint bundles (leaf, root or emergency), as `beliefmerge fold` does"));
    m_showCheckpointsAction = session->addAction(tr("Show &Checkpoints"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J), this,
                                                 &MainWindow::showSessionCheckpoints);
    m_showCheckpointsAction->setObjectName(QStringLiteral("showCheckpointsAction"));
    m_showCheckpointsAction->setToolTip(tr("The selected workspace session's folds in the open checkpoint store"));
    connect(m_workspaceView->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::refreshCheckpointActions);
    refreshCheckpointActions();
}

QString MainWindow::selectedSessionId() const {
    const QString key = m_workspaceView->currentIndex().siblingAtColumn(0).data(roles::SessionKeyRole).toString();
    if (key.isEmpty() || !m_snapshot) return {};
    for (const auto& s : m_snapshot->stored)
        if (QString::fromStdString(s.key) == key) return QString::fromStdString(s.id);
    return {};
}

QString MainWindow::selectedSessionFile() const {
    const QString key = m_workspaceView->currentIndex().siblingAtColumn(0).data(roles::SessionKeyRole).toString();
    if (key.isEmpty() || !m_snapshot) return {};
    for (const auto& s : m_snapshot->stored)
        if (QString::fromStdString(s.key) == key) return QString::fromStdString(s.file);
    return {};
}

void MainWindow::refreshCheckpointActions() {
    if (!m_showCheckpointsAction) return;
    // A session "has folds" when the open (or remembered) store holds a folder of its checkpoints.
    const QString id = selectedSessionId();
    QString store = m_checkpoints->storePath();
    if (store.isEmpty()) store = QSettings().value(kStoreSetting).toString();
    const bool hasFolds = !id.isEmpty() && !store.isEmpty() &&
                          QDir(store).exists(QString::fromStdString(BundleStore::escape_session(id.toStdString())));
    m_showCheckpointsAction->setEnabled(hasFolds);
}

void MainWindow::openCheckpointStore(const QString& dir) {
    QSettings().setValue(kStoreSetting, dir);
    m_checkpoints->openStore(dir);
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("checkpointsDock"))) {
        dock->show();
        dock->raise();
        // The tree, the hits and a page need room: half the window, not the transcript's strip.
        if (!dock->isFloating() && dock->height() < height() / 2) resizeDocks({dock}, {height() / 2}, Qt::Vertical);
    }
}

void MainWindow::openCheckpointStoreDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Checkpoint Store"),
                                                          QSettings().value(kStoreSetting).toString());
    if (!dir.isEmpty()) openCheckpointStore(dir);
}

void MainWindow::showSessionCheckpoints() {
    const QString id = selectedSessionId();
    if (id.isEmpty()) return;
    if (m_checkpoints->storePath().isEmpty()) {
        const QString store = QSettings().value(kStoreSetting).toString();
        if (store.isEmpty()) return;
        openCheckpointStore(store);
        auto* pane = m_checkpoints;
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection = connect(pane, &CheckpointBrowserPane::catalogLoaded, this, [pane, id, connection] {
            QObject::disconnect(*connection);
            pane->selectSession(id);
        });
        return;
    }
    openCheckpointStore(m_checkpoints->storePath());
    m_checkpoints->selectSession(id);
}

FoldDialog* MainWindow::showFoldDialog() {
    if (!m_foldDialog) {
        m_foldDialog = new FoldDialog(this);
        m_foldDialog->setAttribute(Qt::WA_DeleteOnClose);
        QString store = m_checkpoints->storePath();
        if (store.isEmpty()) store = QSettings().value(kStoreSetting).toString();
        m_foldDialog->setStorePath(store);
        m_foldDialog->setLogPath(selectedSessionFile());
        m_foldDialog->setSessionId(selectedSessionId());
        connect(m_foldDialog, &FoldDialog::foldFinished, this, [this](bool ok, const QString& store, const QString& session) {
            if (!ok) {
                showError(tr("The fold did not complete: see the Fold dialog."));
                return;
            }
            m_status->setText(tr("Folded into %1").arg(store));
            openCheckpointStore(store);
            if (!session.isEmpty()) {
                auto* pane = m_checkpoints;
                auto connection = std::make_shared<QMetaObject::Connection>();
                *connection = connect(pane, &CheckpointBrowserPane::catalogLoaded, this, [pane, session, connection] {
                    QObject::disconnect(*connection);
                    pane->selectSession(session);
                });
            }
        });
    }
    m_foldDialog->show();
    m_foldDialog->raise();
    m_foldDialog->activateWindow();
    return m_foldDialog;
}

void MainWindow::exportCheckpointsDialog() {
    if (m_checkpoints->selectedCheckpoints().isEmpty()) {
        showError(tr("Select the checkpoints (or sessions) to export in the Checkpoints pane first."));
        return;
    }
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export Checkpoints To"));
    if (!dir.isEmpty()) exportCheckpoints(dir);
}

void MainWindow::exportCheckpoints(const QString& destination) {
    const QStringList ids = m_checkpoints->selectedCheckpoints();
    if (ids.isEmpty()) {
        showError(tr("Select the checkpoints (or sessions) to export in the Checkpoints pane first."));
        return;
    }
    runCheckpointExport(m_checkpoints->storePath(), ids, destination);
}

QCoro::Task<> MainWindow::runCheckpointExport(QString store, QStringList ids, QString destination) {
    m_status->setText(tr("Exporting %n checkpoint(s) to %1…", nullptr, static_cast<int>(ids.size())).arg(destination));
    QPointer<MainWindow> self(this);
    // A named future: GCC 12 destroys a lambda temporary inside a co_await expression twice.
    QFuture<ExportReport> job = QtConcurrent::run(jobPool(), [store, ids, destination] { return runExportJob(store, ids, destination); });
    ExportReport report = co_await job;
    if (!self) co_return;
    QStringList lines;
    for (const auto& b : report.bundles) {
        QString line = QStringLiteral("%1  %2").arg(QString::fromUtf8(verify_state_name(b.state)), QString::fromStdString(b.entry.checkpoint_id));
        if (!b.copied_to.empty()) line += QStringLiteral("  → ") + QString::fromStdString(b.copied_to);
        if (!b.reason.empty()) line += QStringLiteral("  ") + QString::fromStdString(b.reason);
        lines << line;
    }
    const size_t refused = report.bundles.size() - report.copied();
    const QString summary = tr("Exported %1 of %2 checkpoints to %3; %4 refused (not verified or not written). Report: %5")
                                .arg(report.copied())
                                .arg(report.bundles.size())
                                .arg(destination)
                                .arg(refused)
                                .arg(QDir(destination).filePath(QStringLiteral("verification-report.json")));
    if (!report.report_error.empty())
        showError(tr("The checkpoints were exported, but the verification report could not be written: %1")
                      .arg(QString::fromStdString(report.report_error)));
    else if (refused > 0) showError(summary);
    else m_status->setText(summary);
    Q_EMIT checkpointsExported(lines.join(u'\n'), refused == 0);
}

}  // namespace bm
