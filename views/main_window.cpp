// Main window wiring: actions, docks, background import and transcript loading with QCoro.
#include "main_window.h"

#include <QAction>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLoggingCategory>
#include <QMenuBar>
#include <QMetaObject>
#include <QMimeData>
#include <QProgressBar>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QtConcurrent>
#include <QCoroFuture>

#include "load_job.h"
#include "roles.h"
#include "session_list_model.h"
#include "transcript_model.h"

Q_LOGGING_CATEGORY(lcStudio, "bm.studio.main")

namespace bm {

MainWindow::MainWindow(QString workspacePath, QWidget* parent)
    : QMainWindow(parent),
      m_workspacePath(std::move(workspacePath)),
      m_sessions(new SessionListModel(this)),
      m_transcript(new TranscriptModel(this)),
      m_sessionProxy(new QSortFilterProxyModel(this)),
      m_sessionView(new QTableView),
      m_transcriptView(new QTreeView),
      m_diagnostics(new QListWidget),
      m_progress(new QProgressBar),
      m_cancelButton(new QToolButton),
      m_status(new QLabel),
      m_cancel(std::make_shared<std::atomic_bool>(false)) {
    setWindowTitle(tr("BeliefMerge Studio"));
    setAcceptDrops(true);
    resize(1200, 760);

    m_sessionProxy->setSourceModel(m_sessions);
    m_sessionProxy->setSortRole(roles::SortRole);
    m_sessionView->setModel(m_sessionProxy);
    m_sessionView->setSortingEnabled(true);
    m_sessionView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_sessionView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_sessionView->horizontalHeader()->setStretchLastSection(true);
    m_sessionView->verticalHeader()->hide();
    m_sessionView->setObjectName(QStringLiteral("sessionView"));

    m_transcriptView->setModel(m_transcript);
    m_transcriptView->setUniformRowHeights(true);
    m_transcriptView->setAlternatingRowColors(true);
    m_transcriptView->header()->setStretchLastSection(true);
    m_transcriptView->setObjectName(QStringLiteral("transcriptView"));
    setCentralWidget(m_transcriptView);

    auto* sessionsDock = new QDockWidget(tr("Workspace"), this);
    sessionsDock->setObjectName(QStringLiteral("workspaceDock"));
    sessionsDock->setWidget(m_sessionView);
    addDockWidget(Qt::LeftDockWidgetArea, sessionsDock);
    auto* diagnosticsDock = new QDockWidget(tr("Import messages"), this);
    diagnosticsDock->setObjectName(QStringLiteral("diagnosticsDock"));
    diagnosticsDock->setWidget(m_diagnostics);
    addDockWidget(Qt::BottomDockWidgetArea, diagnosticsDock);

    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop the import after the current file (Esc)"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelLoad);
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    m_status->setText(tr("Workspace: %1").arg(m_workspacePath));

    connect(m_sessionView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) showSession(current.data(roles::SessionKeyRole).toString());
            });
    setupActions();
}

MainWindow::~MainWindow() { m_cancel->store(true); }

void MainWindow::setupActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Logs…"), this, &MainWindow::openFilesDialog);
    open->setShortcut(QKeySequence::Open);
    QAction* folder = file->addAction(tr("Open &Folder…"), this, &MainWindow::openFolderDialog);
    folder->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    auto* cancel = new QAction(tr("Cancel import"), this);
    cancel->setShortcut(Qt::Key_Escape);
    connect(cancel, &QAction::triggered, this, &MainWindow::cancelLoad);
    addAction(cancel);
}

void MainWindow::openFilesDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open session logs"), QString(),
        tr("Session logs (*.jsonl *.json *.traj *.zstd *.zst);;All files (*)"));
    if (!files.isEmpty()) openPaths(files);
}

void MainWindow::openFolderDialog() {
    QString start = QString::fromLocal8Bit(qgetenv("DSH_HOME"));
    if (start.isEmpty()) start = QDir::homePath() + QStringLiteral("/.dsh/sessions");
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a folder of session logs"), start);
    if (!dir.isEmpty()) openPaths({dir});
}

void MainWindow::openPaths(const QStringList& paths) { importInBackground(paths); }

void MainWindow::cancelLoad() {
    if (m_loading) {
        m_cancel->store(true);
        m_status->setText(tr("Cancelling after the current file…"));
    }
}

QCoro::Task<> MainWindow::importInBackground(QStringList paths) {
    // A new import supersedes the running one: cancel it and drop its result by generation.
    m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_progress->setRange(0, 0);
    m_progress->show();
    m_cancelButton->show();
    m_status->setText(tr("Importing %n path(s)…", nullptr, int(paths.size())));
    QPointer<MainWindow> self(this);
    auto cancel = m_cancel;
    const std::string workspace = m_workspacePath.toStdString();
    auto progress = [self, generation](int done, int total) {
        QMetaObject::invokeMethod(qApp, [self, generation, done, total] {
            if (!self || self->m_generation != generation) return;
            self->m_progress->setRange(0, total);
            self->m_progress->setValue(done);
        }, Qt::QueuedConnection);
    };
    // GCC 12 double-destroys temporaries inside a co_await operand: build the future first.
    QFuture<LoadOutcome> job = QtConcurrent::run(
        [workspace, paths, cancel, progress] { return run_load_job(workspace, paths, *cancel, progress); });
    LoadOutcome outcome = co_await job;
    if (!self || self->m_generation != generation) co_return;  // window gone, or a newer import
    m_loading = false;
    m_progress->hide();
    m_cancelButton->hide();
    m_diagnostics->clear();
    for (const auto& e : outcome.errors) m_diagnostics->addItem(tr("error: %1").arg(e));
    for (const auto& w : outcome.warnings) m_diagnostics->addItem(tr("warning: %1").arg(w));
    m_sessions->setSessions(std::move(outcome.sessions));
    m_sessionView->resizeColumnsToContents();
    m_status->setText(outcome.cancelled
                          ? tr("Import cancelled after %n file(s)", nullptr, outcome.files_read)
                          : tr("Imported %n file(s): %1 errors, %2 warnings", nullptr, outcome.files_read)
                                .arg(outcome.errors.size())
                                .arg(outcome.warnings.size()));
    qCInfo(lcStudio) << "import finished" << outcome.files_read << "files";
    if (m_sessions->rowCount() > 0 && !m_sessionView->currentIndex().isValid())
        m_sessionView->setCurrentIndex(m_sessionProxy->index(0, 0));
    Q_EMIT loadFinished();
}

QCoro::Task<> MainWindow::showSession(QString key) {
    const quint64 generation = ++m_transcriptGeneration;
    qCDebug(lcStudio) << "show session" << key << generation;
    QPointer<MainWindow> self(this);
    const std::string workspace = m_workspacePath.toStdString();
    const std::string k = key.toStdString();
    QFuture<Result<std::vector<Message>>> job =
        QtConcurrent::run([workspace, k] { return load_session_messages(workspace, k); });
    auto messages = co_await job;
    qCDebug(lcStudio) << "session loaded" << generation << (self ? self->m_transcriptGeneration : 0);
    if (!self || self->m_transcriptGeneration != generation) co_return;
    if (!messages) {
        m_status->setText(QString::fromStdString(messages.error().to_string()));
        co_return;
    }
    m_transcript->setMessages(std::move(messages).value());
    m_transcriptView->resizeColumnToContents(0);
    Q_EMIT transcriptLoaded();
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
