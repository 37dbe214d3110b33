// Main window wiring: panes, the shared selection, background snapshot rebuilds and decisions.
#include "main_window.h"
#include "job_pool.h"

#include <QActionGroup>
#include <QCloseEvent>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLoggingCategory>
#include <QMetaObject>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <QCoroFuture>

#include "claim_graph_view.h"
#include "message_bar.h"
#include "confidence_text.h"
#include "derivation_model.h"
#include "display_names.h"
#include "disputes_pane.h"
#include "pack_preview_pane.h"
#include "review_queries.h"
#include "roles.h"
#include "slot_inspector_model.h"
#include "slot_inspector_pane.h"
#include "slot_table_model.h"
#include "snapshot_job.h"
#include "transcript_pane.h"
#include "workspace_tree_model.h"

Q_LOGGING_CATEGORY(lcStudio, "bm.studio.main", QtInfoMsg)  // timings: QT_LOGGING_RULES="bm.studio.*.debug=true"

namespace bm {

namespace {

// Drops the last reference to a big snapshot on a worker thread, so freeing it never stalls the GUI.
void releaseInBackground(SnapshotPtr old) {
    if (old && old.use_count() == 1) (void)QtConcurrent::run(jobPool(), [old = std::move(old)]() mutable { old.reset(); });
}

// Settings key of a workspace's current session (the path hashed: settings keys cannot hold '/').
QString currentSessionKey(const QString& workspacePath) {
    return QStringLiteral("currentSession/") +
           QString::fromLatin1(QCryptographicHash::hash(workspacePath.toUtf8(), QCryptographicHash::Sha1).toHex());
}

}  // namespace

MainWindow::MainWindow(QString workspacePath, QWidget* parent)
    : QMainWindow(parent),
      m_workspacePath(std::move(workspacePath)),
      m_reviewer(QString::fromLocal8Bit(qgetenv("USER"))),
      m_slots(new SlotTableModel(this)),
      m_workspace(new WorkspaceTreeModel(this)),
      m_derivation(new DerivationModel(this)),
      m_disputes(new DisputesPane(m_slots)),
      m_inspector(new SlotInspectorPane),
      m_graph(new ClaimGraphView),
      m_transcript(new TranscriptPane),
      m_pack(new PackPreviewPane),
      m_workspaceView(new QTreeView),
      m_derivationView(new QTreeView),
      m_diagnostics(new QListWidget),
      m_progress(new QProgressBar),
      m_cancelButton(new QToolButton),
      m_status(new QLabel),
      m_messages(new MessageBar),
      m_mode(new QLabel),
      m_cancel(std::make_shared<std::atomic_bool>(false)) {
    if (m_reviewer.isEmpty()) m_reviewer = QStringLiteral("reviewer");
    setWindowTitle(tr("BeliefMerge Studio — %1").arg(QFileInfo(m_workspacePath).fileName()));
    setAcceptDrops(true);
    resize(1400, 900);
    setDockNestingEnabled(true);

    m_workspaceView->setModel(m_workspace);
    m_workspaceView->setObjectName(QStringLiteral("workspaceView"));
    m_workspaceView->setUniformRowHeights(true);
    m_derivationView->setModel(m_derivation);
    m_derivationView->setObjectName(QStringLiteral("derivationView"));
    m_derivationView->header()->setStretchLastSection(true);
    m_diagnostics->setObjectName(QStringLiteral("diagnosticsList"));
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(2);
    centralLayout->addWidget(m_messages);
    centralLayout->addWidget(m_graph, 1);
    setCentralWidget(central);
    connect(m_messages, &MessageBar::actionTriggered, this, [this] {
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("diagnosticsDock"))) {
            dock->show();
            dock->raise();
        }
    });
    setupDocks();
    setupCheckpointPane();
    setupMeldPane();

    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop loading (Esc)"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelLoad);
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_mode);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    m_status->setObjectName(QStringLiteral("statusText"));
    m_mode->setObjectName(QStringLiteral("modeText"));
    m_oracle = QSettings().value(QStringLiteral("extractor/oracle"), false).toBool();
    m_showLowConfidence = QSettings().value(QStringLiteral("extractor/showLowConfidence"), false).toBool();
    m_currentSession = QSettings().value(currentSessionKey(m_workspacePath)).toString();
    m_status->setText(tr("Workspace: %1").arg(m_workspacePath));

    connect(m_disputes, &DisputesPane::slotSelected, this, &MainWindow::selectSlot);
    connect(m_disputes, &DisputesPane::decisionRequested, this, &MainWindow::decide);
    connect(m_disputes, &DisputesPane::reasonReady, this, [this] {
        m_status->setText(tr("Reason kept for the decision on %1: press A, O, B, C or U to save it.").arg(m_currentSlot));
    });
    connect(m_graph, &ClaimGraphView::slotActivated, this, &MainWindow::selectSlot);
    connect(m_graph, &ClaimGraphView::findRequested, this, &MainWindow::find);
    connect(m_derivationView, &QTreeView::activated, this, [this](const QModelIndex& i) {
        const QString key = i.siblingAtColumn(0).data(roles::SlotKeyRole).toString();
        if (!key.isEmpty() && m_snapshot && m_snapshot->slot(key.toStdString())) selectSlot(key);
    });
    connect(m_inspector, &SlotInspectorPane::sourceActivated, this,
            [this](const QString& session, const QString& message, const QString& quote, qlonglong offset) {
                if (!m_transcript->showMessage(session, message, quote, offset))
                    m_status->setText(tr("Message %1 of session %2 is not in the workspace").arg(message, session));
                else if (auto* dock = findChild<QDockWidget*>(QStringLiteral("transcriptDock"))) dock->raise();
            });
    connect(m_workspaceView->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& i) {
        if (i.isValid())
            m_transcript->showSession(i.siblingAtColumn(0).data(roles::SessionKeyRole).toString(),
                                      i.siblingAtColumn(0).data(roles::BranchIdRole).toString());
    });
    connect(m_pack, &PackPreviewPane::exportFileRequested, this, &MainWindow::exportDialog);
    connect(m_pack, &PackPreviewPane::exported, this, [this](const QString& where) { m_status->setText(tr("Exported to %1").arg(where)); });
    setupActions();
    refreshModeLabel();
    rememberWorkspace(m_workspacePath);
    QSettings settings;
    m_docksSized = restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

MainWindow::~MainWindow() {
    m_cancel->store(true);
    cancelAdjudication();
}

QDockWidget* MainWindow::addPane(const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(widget);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::setupDocks() {
    // Left: the queue (the workspace behind it); right: inspector over derivation; bottom: transcript,
    // pack preview and load messages as tabs of the full width. Works from 1024×600 up.
    QDockWidget* disputes = addPane(tr("Disputes"), QStringLiteral("disputesDock"), m_disputes, Qt::LeftDockWidgetArea);
    QDockWidget* workspace = addPane(tr("Workspace"), QStringLiteral("workspaceDock"), m_workspaceView, Qt::LeftDockWidgetArea);
    QDockWidget* inspector = addPane(tr("Slot inspector"), QStringLiteral("inspectorDock"), m_inspector, Qt::RightDockWidgetArea);
    QDockWidget* derivation = addPane(tr("Derivation chain"), QStringLiteral("derivationDock"), m_derivationView, Qt::RightDockWidgetArea);
    QDockWidget* transcript = addPane(tr("Transcript"), QStringLiteral("transcriptDock"), m_transcript, Qt::BottomDockWidgetArea);
    QDockWidget* pack = addPane(tr("Pack preview"), QStringLiteral("packDock"), m_pack, Qt::BottomDockWidgetArea);
    QDockWidget* diagnostics = addPane(tr("Load messages"), QStringLiteral("diagnosticsDock"), m_diagnostics, Qt::BottomDockWidgetArea);
    tabifyDockWidget(disputes, workspace);
    disputes->raise();
    splitDockWidget(inspector, derivation, Qt::Vertical);
    tabifyDockWidget(transcript, pack);
    tabifyDockWidget(pack, diagnostics);
    transcript->raise();
    m_disputes->setMinimumWidth(260);
    m_inspector->setMinimumWidth(260);
    m_graph->setMinimumSize(200, 120);
    setMinimumSize(800, 480);
    resizeDocks({disputes, inspector}, {400, 440}, Qt::Horizontal);
    resizeDocks({inspector, derivation}, {380, 200}, Qt::Vertical);
    resizeDocks({transcript}, {240}, Qt::Vertical);
}

void MainWindow::setupActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Logs…"), QKeySequence::Open, this, &MainWindow::openFilesDialog);
    file->addAction(tr("Open &Folder…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, &MainWindow::openFolderDialog);
    file->addAction(tr("Open &Workspace…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W), this, &MainWindow::openWorkspaceDialog);
    m_recentMenu = file->addMenu(tr("&Recent Workspaces"));
    refreshRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Export Block…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportDialog);
    file->addAction(tr("&Copy Block to Clipboard"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, [this] {
        if (!m_pack->exportToClipboard()) m_status->setText(m_pack->lastError());
    });
    setupCheckpointActions(file);
    setupMeldActions(file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* review = menuBar()->addMenu(tr("&Review"));
    auto reviewAction = [&](const QString& text, DecisionKind kind) {
        review->addAction(text, this, [this, kind] {
            decide(kind, m_disputes->reasonEdit()->text().trimmed(), m_disputes->guardEdit()->text().trimmed());
        });
    };
    reviewAction(tr("&Accept (A)"), DecisionKind::kAccept);
    reviewAction(tr("&Overrule to the Selected Value (O)"), DecisionKind::kChoose);
    reviewAction(tr("&Both Hold (B)"), DecisionKind::kBoth);
    reviewAction(tr("&Conditional (C)"), DecisionKind::kConditional);
    reviewAction(tr("&Unresolvable (U)"), DecisionKind::kUnresolvable);
    review->addSeparator();
    QAction* undo = review->addAction(tr("&Undo Last Decision"), QKeySequence::Undo, this, &MainWindow::undoDecision);
    undo->setObjectName(QStringLiteral("undoDecisionAction"));
    QAction* revokeAction = review->addAction(tr("&Revoke Decision"), this, &MainWindow::revokeDecision);
    revokeAction->setObjectName(QStringLiteral("revokeDecisionAction"));
    revokeAction->setToolTip(tr("Withdraw the reviewer's decision on the selected slot (recorded, never deleted)"));
    review->addSeparator();
    QAction* approve = review->addAction(tr("Approve &Block…"), this, &MainWindow::showApproveDialog);
    approve->setObjectName(QStringLiteral("approveBlockAction"));
    approve->setToolTip(tr("Approve a project's packed block for injection into its next agent session"));
    review->addSeparator();
    review->addAction(tr("Go to the Disputes &Queue"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] {
        if (auto* d = findChild<QDockWidget*>(QStringLiteral("disputesDock"))) d->raise();
        m_disputes->table()->setFocus();
    });

    QMenu* graph = menuBar()->addMenu(tr("&Graph"));
    graph->addAction(tr("&Find Slot…"), QKeySequence::Find, this, [this] {
        m_graph->searchEdit()->setFocus();
        m_graph->searchEdit()->selectAll();
    });
    graph->addAction(tr("Find &Next"), QKeySequence::FindNext, this, [this] { findNext(+1); })
        ->setObjectName(QStringLiteral("findNextAction"));
    graph->addAction(tr("Find Pre&vious"), QKeySequence::FindPrevious, this, [this] { findNext(-1); })
        ->setObjectName(QStringLiteral("findPreviousAction"));
    graph->addAction(tr("&Fit"), QKeySequence(Qt::CTRL | Qt::Key_0), m_graph, &ClaimGraphView::fit);
    graph->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, m_graph, &ClaimGraphView::zoomIn);
    graph->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, m_graph, &ClaimGraphView::zoomOut);
    QAction* focus = graph->addAction(tr("Focus on &Selection"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), this,
                                      [this](bool on) { m_graph->setFocusMode(on); });
    focus->setCheckable(true);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_oracleAction = m_viewMenu->addAction(tr("&Oracle Extractor (native JSONL annotations)"), this,
                                           [this](bool on) { setOracleExtractor(on); });
    m_oracleAction->setObjectName(QStringLiteral("oracleAction"));
    m_oracleAction->setCheckable(true);
    m_oracleAction->setChecked(m_oracle);
    m_oracleAction->setToolTip(tr("Read claims from the annotations of BeliefMerge native JSONL logs instead of the heuristic extractor"));
    m_lowConfidenceAction = m_viewMenu->addAction(tr("Show &Low-Confidence Claims"), this,
                                                  [this](bool on) { setShowLowConfidence(on); });
    m_lowConfidenceAction->setObjectName(QStringLiteral("lowConfidenceAction"));
    m_lowConfidenceAction->setCheckable(true);
    m_lowConfidenceAction->setChecked(m_showLowConfidence);
    m_lowConfidenceAction->setToolTip(tr("Also show claims of extraction rules less sure than %1 (rules that are off by default; docs/extract.md)")
                                          .arg(kStudioMinConfidence));
    QAction* perRun = m_viewMenu->addAction(tr("&Per-Run Environment Facts (env.session.*)"), this, [this](bool on) {
        m_graph->setPerRunFacts(on);
        m_disputes->proxy()->setPerRunFacts(on);
    });
    perRun->setObjectName(QStringLiteral("perRunFactsAction"));
    perRun->setCheckable(true);
    perRun->setToolTip(tr("Facts of single runs (turn errors, durations, ids) are hidden from the graph and the queue unless shown"));
    m_sessionMenu = m_viewMenu->addMenu(tr("&Current Session"));
    m_sessionMenu->setObjectName(QStringLiteral("currentSessionMenu"));
    m_sessionMenu->setToolTipsVisible(true);
    refreshSessionMenu();
    m_viewMenu->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) m_viewMenu->addAction(dock->toggleViewAction());

    setupModelActions(file, review);
    setupKeyboard(review);

    auto* cancel = new QAction(tr("Cancel loading"), this);
    cancel->setShortcut(Qt::Key_Escape);
    cancel->setEnabled(false);  // only while loading: Esc stays free for dialogs and fields
    m_cancelAction = cancel;
    connect(cancel, &QAction::triggered, this, &MainWindow::cancelLoad);
    addAction(cancel);
}

QStringList MainWindow::recentWorkspaces() { return QSettings().value(QStringLiteral("recentWorkspaces")).toStringList(); }

void MainWindow::rememberWorkspace(const QString& path) {
    QStringList recent = recentWorkspaces();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > 8) recent.removeLast();
    QSettings().setValue(QStringLiteral("recentWorkspaces"), recent);
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
    if (!m_recentMenu) return;
    m_recentMenu->clear();
    for (const QString& path : recentWorkspaces())
        m_recentMenu->addAction(path, this, [this, path] { openWorkspace(path); });
    m_recentMenu->setEnabled(!m_recentMenu->isEmpty());
}

void MainWindow::setOracleExtractor(bool on) {
    if (m_oracleAction) m_oracleAction->setChecked(on);
    if (m_oracle == on) return;
    m_oracle = on;
    if (on) dropModelExtractor();  // one extractor at a time
    QSettings().setValue(QStringLiteral("extractor/oracle"), on);
    refreshModeLabel();
    rebuild({});
}

void MainWindow::setShowLowConfidence(bool on) {
    if (m_lowConfidenceAction) m_lowConfidenceAction->setChecked(on);
    if (m_showLowConfidence == on) return;
    m_showLowConfidence = on;
    QSettings().setValue(QStringLiteral("extractor/showLowConfidence"), on);
    rebuild({});
}

void MainWindow::setCurrentSession(const QString& sessionId) {
    if (m_currentSession == sessionId) return;
    m_currentSession = sessionId;
    QSettings().setValue(currentSessionKey(m_workspacePath), sessionId);
    // Deferred: this may run from one of the menu's own actions, which the rebuild deletes.
    QTimer::singleShot(0, this, &MainWindow::refreshSessionMenu);
    refreshModeLabel();
    rebuild({});
}

void MainWindow::refreshModeLabel() {
    const QString session = m_currentSession.isEmpty() ? tr("none")
                            : m_snapshot ? sessionDisplayName(*m_snapshot, m_currentSession.toStdString())
                                         : m_currentSession;
    m_mode->setText(tr("Extractor: %1 · current session: %2").arg(m_modelExtractor ? tr("model") : m_oracle ? tr("oracle") : tr("heuristic"), session));
    m_mode->setToolTip(m_currentSession.isEmpty() ? QString() : tr("Session id: %1").arg(m_currentSession));
}

void MainWindow::refreshSessionMenu() {
    if (!m_sessionMenu) return;
    m_sessionMenu->clear();
    qDeleteAll(m_sessionMenu->findChildren<QActionGroup*>(Qt::FindDirectChildrenOnly));
    auto* group = new QActionGroup(m_sessionMenu);
    auto add = [&](const QString& text, const QString& id) {
        QAction* a = m_sessionMenu->addAction(text, this, [this, id] { setCurrentSession(id); });
        if (!id.isEmpty()) a->setToolTip(tr("Session id: %1").arg(id));
        a->setCheckable(true);
        a->setChecked(id == m_currentSession);
        a->setData(id);
        group->addAction(a);
    };
    add(tr("None (no user is TRUSTED)"), QString());
    m_sessionMenu->addSeparator();
    for (const QString& id : m_sessionIds)
        add(m_snapshot ? sessionDisplayName(*m_snapshot, id.toStdString()) : id, id);
    if (!m_currentSession.isEmpty() && !m_sessionIds.contains(m_currentSession))
        add(tr("%1 (not in this workspace)").arg(m_currentSession), m_currentSession);
}

void MainWindow::openPaths(const QStringList& paths) { rebuild(paths); }

void MainWindow::openWorkspace(const QString& path) {
    m_workspacePath = path;
    m_currentSession = QSettings().value(currentSessionKey(path)).toString();
    refreshModeLabel();
    rememberWorkspace(path);
    setWindowTitle(tr("BeliefMerge Studio — %1").arg(QFileInfo(path).fileName()));
    rebuild({});
}

void MainWindow::cancelLoad() {
    if (m_loading) {
        m_cancel->store(true);
        m_status->setText(tr("Cancelling…"));
    }
}

QString MainWindow::statusText() const { return m_status->text(); }

QString MainWindow::messageText() const { return m_messages->text(); }

void MainWindow::showError(const QString& text) {
    m_messages->showMessage(MessageBar::Level::kError, text);
    m_status->setText(text);
}

void MainWindow::reportLoadProblems(const QStringList& errors, bool failed, bool imported) {
    if (failed) {
        // Nothing could be shown: the workspace itself is unreadable (damaged, or not a workspace).
        auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot read the workspace"),
                                    tr("The workspace %1 cannot be read.").arg(m_workspacePath), QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("workspaceErrorDialog"));
        box->setInformativeText((imported ? tr("The logs you opened were not imported.") + QLatin1Char(' ') : QString()) +
                                tr("Open or create another workspace (File > Open Workspace…)."));
        box->setDetailedText(errors.join(u'\n'));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        m_messages->showMessage(MessageBar::Level::kError, tr("Cannot read the workspace: %1").arg(errors.value(0)));
        return;
    }
    if (errors.isEmpty()) {
        m_messages->hide();
        return;
    }
    m_messages->showMessage(MessageBar::Level::kError,
                            tr("%n error(s) while loading; first: %1", nullptr, static_cast<int>(errors.size())).arg(errors.front()),
                            tr("Show all"));
}

QStringList MainWindow::diagnostics() const {
    QStringList out;
    for (int i = 0; i < m_diagnostics->count(); ++i) out << m_diagnostics->item(i)->text();
    return out;
}

QCoro::Task<> MainWindow::rebuild(QStringList paths) {
    // A new load supersedes the running one: cancel it and drop its result by generation.
    m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_progress->setRange(0, 0);
    m_progress->show();
    m_cancelButton->show();
    if (m_cancelAction) m_cancelAction->setEnabled(true);
    m_status->setText(paths.isEmpty() ? tr("Reading the workspace…") : tr("Importing %n path(s)…", nullptr, int(paths.size())));
    QPointer<MainWindow> self(this);
    auto cancel = m_cancel;
    SnapshotRequest request;
    request.workspace_path = m_workspacePath.toStdString();
    request.import_paths = paths;
    request.oracle = m_oracle;
    request.min_confidence = m_showLowConfidence ? 0.0 : kStudioMinConfidence;
    request.current_session = m_currentSession.toStdString();
    if (m_modelExtractor) {
        auto configuring = modelConfig();
        request.model = co_await configuring;
        if (!self || self->m_generation != generation) co_return;
    }
    ProgressFn progress = [self, generation](const QString& phase, int done, int total) {
        QMetaObject::invokeMethod(qApp, [self, generation, phase, done, total] {
            if (!self || self->m_generation != generation) return;
            self->m_progress->setRange(0, total);
            self->m_progress->setValue(done);
            self->m_status->setText(total > 0 ? tr("%1 (%2 of %3)…").arg(phase).arg(done).arg(total) : phase + QStringLiteral("…"));
        }, Qt::QueuedConnection);
    };
    // GCC 12 double-destroys temporaries inside a co_await operand: build the future first.
    QFuture<SnapshotOutcome> job = QtConcurrent::run(jobPool(), [request, cancel, progress] {
        lowerJobThreadPriority();
        return run_snapshot_job(request, *cancel, progress);
    });
    SnapshotOutcome outcome = co_await job;
    if (!self || self->m_generation != generation) co_return;  // window gone, or a newer load
    m_loading = false;
    m_progress->hide();
    m_cancelButton->hide();
    if (m_cancelAction) m_cancelAction->setEnabled(false);
    m_diagnostics->clear();
    for (const auto& e : outcome.errors) m_diagnostics->addItem(tr("error: %1").arg(e));
    for (const auto& w : outcome.warnings) m_diagnostics->addItem(tr("warning: %1").arg(w));
    reportLoadProblems(outcome.errors, !outcome.cancelled && !outcome.snapshot, !paths.isEmpty());
    if (!outcome.modelFallback.isEmpty() && outcome.snapshot)
        m_messages->showMessage(MessageBar::Level::kWarning,
                                tr("The model extractor failed (%1): the heuristic extractor's claims are shown.").arg(outcome.modelFallback));
    if (outcome.cancelled) {
        m_status->setText(tr("Loading cancelled after %n file(s)", nullptr, outcome.files_read));
    } else if (outcome.snapshot) {
        outcome.snapshot->generation = ++m_published;
        const auto& merged = *outcome.snapshot->merged;
        publish(std::move(outcome.snapshot), Selection::kDeferred);
        m_status->setText(tr("%n session(s), %1 slots, %2 to review; %3 errors, %4 warnings", nullptr,
                             static_cast<int>(m_snapshot->sessions->size()))
                              .arg(merged.slots.size())
                              .arg(toReviewCount(*m_snapshot))
                              .arg(outcome.errors.size())
                              .arg(outcome.warnings.size()));
        if (const QString low = lowConfidenceText(m_snapshot->lowConfidence); !low.isEmpty())
            m_status->setText(m_status->text() + QStringLiteral("; ") + low);
    } else {
        m_status->setText(tr("Loading failed: %1").arg(outcome.errors.value(0)));
    }
    qCInfo(lcStudio) << "load finished" << outcome.files_read << "files";
    Q_EMIT loadFinished();
}

void MainWindow::publish(SnapshotPtr snapshot, Selection selection) {
    QElapsedTimer clock;
    clock.start();
    auto lap = [&clock](const char* what) { qCDebug(lcStudio) << "publish:" << what << clock.restart() << "ms"; };
    SnapshotPtr old = std::exchange(m_snapshot, std::move(snapshot));
    m_slots->setSnapshot(m_snapshot);
    m_disputes->setLoadedContext(static_cast<int>(m_snapshot->sessions->size()), lowConfidenceText(m_snapshot->lowConfidence));
    lap("slots");
    m_workspace->setSnapshot(m_snapshot);
    m_workspaceView->resizeColumnToContents(0);
    lap("workspace");
    m_transcript->setSnapshot(m_snapshot);
    lap("transcript");
    m_graph->setSnapshot(m_snapshot);
    m_pack->setSnapshot(m_snapshot);
    lap("graph+pack");
    QStringList ids;
    for (const auto& s : *m_snapshot->sessions) ids << QString::fromStdString(s.id);
    if (ids != m_sessionIds) {
        m_sessionIds = ids;
        refreshSessionMenu();
        refreshModeLabel();
    }
    const QString previous = std::exchange(m_currentSlot, QString());
    auto select = [this, previous, generation = m_snapshot->generation] {
        if (!m_snapshot || m_snapshot->generation != generation || !m_currentSlot.isEmpty()) return;  // superseded
        if (!previous.isEmpty() && m_snapshot->slot(previous.toStdString())) selectSlot(previous);
        else {
            m_disputes->selectFirstIfNone();  // selects through DisputesPane::slotSelected
            if (m_currentSlot.isEmpty() && !m_snapshot->merged->slots.empty())
                selectSlot(QString::fromStdString(m_snapshot->merged->slots.front().key));
        }
    };
    // After a load the selection fills inspector, derivation and transcript in the next event-loop
    // turn, so that a large snapshot never costs one long stall; a decision reselects at once.
    if (selection == Selection::kDeferred) QTimer::singleShot(0, this, select);
    else select();
    lap("select");
    releaseInBackground(std::move(old));
    Q_EMIT snapshotChanged();
}

void MainWindow::selectSlot(const QString& key) {
    if (!m_snapshot || key == m_currentSlot) return;
    const Slot* slot = m_snapshot->slot(key.toStdString());
    if (!slot) return;
    QElapsedTimer clock;
    clock.start();
    auto lap = [&clock](const char* what) { qCDebug(lcStudio) << "selectSlot:" << what << clock.restart() << "ms"; };
    m_currentSlot = key;
    m_disputes->selectSlot(key);
    lap("queue");
    m_inspector->setSlot(m_snapshot, key);
    lap("inspector");
    m_derivation->setSlot(m_snapshot, key);
    m_derivationView->expandAll();
    m_derivationView->resizeColumnToContents(0);
    m_graph->setCurrentSlot(key);
    lap("derivation+graph");
    // The transcript follows: the message behind the presented (or first) value.
    const SlotValue* value = nullptr;
    for (const auto& v : slot->values)
        if (!value || (slot->winner && v.value == *slot->winner)) value = &v;
    if (value && !value->supporters.empty()) {
        const Claim& c = m_snapshot->merged->claim(value->supporters.front());
        m_transcript->showMessage(QString::fromStdString(c.source.session_id), QString::fromStdString(c.source.message_id),
                                  QString::fromStdString(c.quote), c.quote_offset);
        m_inspector->selectValue(QString::fromStdString(value->value));
    }
    lap("transcript");
    Q_EMIT slotSelected(key);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (std::exchange(m_docksSized, true)) return;
    // Side panes get about 30% of the width each and the bottom tabs a quarter of the height,
    // so the graph keeps the middle on a 1024×600 screen as on a large one.
    auto dock = [this](const char* name) { return findChild<QDockWidget*>(QString::fromLatin1(name)); };
    resizeDocks({dock("disputesDock"), dock("inspectorDock")}, {width() * 3 / 10, width() * 3 / 10}, Qt::Horizontal);
    resizeDocks({dock("transcriptDock")}, {height() / 4}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings().setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) paths << url.toLocalFile();
    if (!paths.isEmpty()) openPaths(paths);
}

}  // namespace bm
