// FoldDialog: the form, the fold job on jobPool() and its progress (polled, so a closed dialog is never touched).
#include "fold_dialog.h"

#include <QComboBox>
#include <QCoroFuture>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <algorithm>

#include "checkpoint_jobs.h"
#include "checkpoint_tree_model.h"
#include "job_pool.h"

namespace bm {

namespace {

// A line edit with a Browse… button beside it.
QWidget* withBrowse(QLineEdit* edit, QWidget* parent, const std::function<QString()>& pick) {
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto* browse = new QPushButton(FoldDialog::tr("Browse…"));
    layout->addWidget(browse);
    QObject::connect(browse, &QPushButton::clicked, parent, [edit, pick] {
        const QString path = pick();
        if (!path.isEmpty()) edit->setText(path);
    });
    return row;
}

}  // namespace

FoldDialog::FoldDialog(QWidget* parent)
    : QDialog(parent),
      m_log(new QLineEdit),
      m_session(new QLineEdit),
      m_store(new QLineEdit),
      m_mode(new QComboBox),
      m_retain(new QSpinBox),
      m_progress(new QProgressBar),
      m_result(new QLabel),
      m_fold(new QPushButton(tr("&Fold"))),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close)),
      m_poll(new QTimer(this)),
      m_cancel(std::make_shared<std::atomic_bool>(false)),
      m_folds(std::make_shared<std::atomic<int>>(0)),
      m_tokens(std::make_shared<std::atomic<qint64>>(0)) {
    setObjectName(QStringLiteral("foldDialog"));
    setWindowTitle(tr("Fold Session"));
    m_log->setObjectName(QStringLiteral("foldLog"));
    m_session->setObjectName(QStringLiteral("foldSession"));
    m_store->setObjectName(QStringLiteral("foldStore"));
    m_session->setPlaceholderText(tr("every session of the log"));
    for (FoldMode mode : {FoldMode::kLeaf, FoldMode::kRoot, FoldMode::kEmergency})
        m_mode->addItem(foldModeText(mode), static_cast<int>(mode));
    m_mode->setToolTip(tr("leaf: fold the oldest messages into checkpoints, keeping the retained tail;\n"
                          "root: leaf folds, then rebase the frozen prefix into one checkpoint;\n"
                          "emergency: fold every live message (no retained tail)"));
    m_retain->setRange(0, 10'000'000);
    m_retain->setSingleStep(500);
    m_retain->setValue(static_cast<int>(FoldPolicy{}.retain_tokens));
    m_retain->setSuffix(tr(" tokens"));
    m_retain->setToolTip(tr("Recent tail kept unfolded (beliefmerge fold --retain-tokens)"));
    auto* form = new QFormLayout;
    form->addRow(tr("Session &log:"), withBrowse(m_log, this, [this] {
                     return QFileDialog::getOpenFileName(this, tr("Session Log to Fold"));
                 }));
    form->addRow(tr("S&ession:"), m_session);
    form->addRow(tr("&Checkpoint store:"), withBrowse(m_store, this, [this] {
                     return QFileDialog::getExistingDirectory(this, tr("Checkpoint Store"));
                 }));
    form->addRow(tr("&Mode:"), m_mode);
    form->addRow(tr("&Retained tokens:"), m_retain);
    m_progress->setRange(0, 0);
    m_progress->hide();
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setObjectName(QStringLiteral("foldResult"));
    m_fold->setDefault(true);
    m_fold->setToolTip(tr("Publish each checkpoint durably (fsync, atomic rename, read-back verify), as the CLI does"));
    m_buttons->addButton(m_fold, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_result);
    layout->addWidget(m_buttons);
    connect(m_fold, &QPushButton::clicked, this, &FoldDialog::startFold);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &FoldDialog::reject);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] {
        m_progress->setFormat(tr("%1 checkpoints · surface %2 tokens").arg(m_folds->load()).arg(m_tokens->load()));
        m_result->setText(m_progress->format());
    });
    resize(560, sizeHint().height());
}

FoldDialog::~FoldDialog() { m_cancel->store(true); }

void FoldDialog::setLogPath(const QString& path) { m_log->setText(path); }
void FoldDialog::setSessionId(const QString& id) { m_session->setText(id); }
void FoldDialog::setStorePath(const QString& path) { m_store->setText(path); }
QString FoldDialog::resultText() const { return m_result->text(); }

void FoldDialog::reject() {
    if (m_running) {
        cancelFold();  // Esc or Cancel stops the fold first; a second press closes
        return;
    }
    QDialog::reject();
}

void FoldDialog::cancelFold() {
    if (!m_running) return;
    m_cancel->store(true);
    m_result->setText(tr("Cancelling after the checkpoint being published…"));
}

void FoldDialog::setRunning(bool on) {
    m_running = on;
    m_fold->setEnabled(!on);
    m_buttons->button(QDialogButtonBox::Close)->setText(on ? tr("Cancel") : tr("Close"));
    m_progress->setVisible(on);
    if (on) m_poll->start();
    else m_poll->stop();
}

void FoldDialog::startFold() {
    if (m_running) return;
    if (m_log->text().trimmed().isEmpty() || m_store->text().trimmed().isEmpty()) {
        m_result->setText(QStringLiteral("<span style='color:#c62828'>%1</span>")
                              .arg(tr("Choose a session log and a checkpoint store directory.")));
        return;
    }
    run();
}

QCoro::Task<> FoldDialog::run() {
    FoldJobRequest request;
    request.logPath = m_log->text().trimmed();
    request.sessionId = m_session->text().trimmed();
    request.storePath = m_store->text().trimmed();
    request.mode = static_cast<FoldMode>(m_mode->currentData().toInt());
    request.retainTokens = static_cast<size_t>(m_retain->value());
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_folds->store(0);
    m_tokens->store(0);
    setRunning(true);
    auto cancel = m_cancel;
    auto folds = m_folds;
    auto tokens = m_tokens;
    QPointer<FoldDialog> self(this);
    // A named future: GCC 12 destroys a lambda temporary inside a co_await expression twice.
    QFuture<FoldJobOutcome> job = QtConcurrent::run(jobPool(), [request, cancel, folds, tokens] {
        return runFoldJob(request, *cancel, [folds, tokens](int f, qint64 t) {
            folds->store(f);
            tokens->store(t);
        });
    });
    FoldJobOutcome out = co_await job;
    if (!self) co_return;
    setRunning(false);
    QStringList lines;
    int published = 0;
    for (const auto& r : out.reports) {
        published += static_cast<int>(r.published.size());
        lines << tr("Session %1: %2 messages, %3 → %4 tokens, %5 checkpoints (%6)")
                     .arg(QString::fromStdString(r.session_id))
                     .arg(r.messages)
                     .arg(r.tokens_before)
                     .arg(r.tokens_after)
                     .arg(r.published.size())
                     .arg(QString::fromStdString(r.stop_reason));
        if (r.root_recommended) lines << tr("A root fold is recommended.");
    }
    if (out.cancelled) lines << tr("Cancelled: the checkpoints published before the cancel are kept.");
    for (const QString& e : out.errors) lines << QStringLiteral("<span style='color:#c62828'>%1</span>").arg(e.toHtmlEscaped());
    m_result->setText(lines.join(QStringLiteral("<br>")));
    // Grow to show the whole (wrapped) report.
    m_result->setMinimumHeight(m_result->heightForWidth(m_result->width()));
    layout()->activate();
    resize(width(), std::max(height(), sizeHint().height()));
    const bool ok = out.errors.isEmpty() && !out.reports.empty();
    Q_EMIT foldFinished(ok || published > 0, request.storePath, request.sessionId);
}

}  // namespace bm
