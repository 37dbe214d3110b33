// Main window: the model in the loop — File > Model Settings…, Review > Adjudicate (the selected
// slot or every dispute) and View > Model Extractor. The calls run on a worker through app/services,
// recorded in the workspace exactly as `beliefmerge adjudicate` and `--extractor model` record them.
#include <QAction>
#include <QCoroFuture>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QSettings>
#include <QtConcurrent>

#include "adjudication_dialog.h"
#include "job_pool.h"
#include "main_window.h"
#include "message_bar.h"
#include "model_jobs.h"
#include "model_settings.h"
#include "model_settings_dialog.h"

namespace bm {

namespace {

const QString kModelExtractorSetting = QStringLiteral("extractor/model");

}  // namespace

void MainWindow::setupModelActions(QMenu* file, QMenu* review) {
    QAction* settings = new QAction(tr("&Model Settings…"), this);
    settings->setObjectName(QStringLiteral("modelSettingsAction"));
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setToolTip(tr("Endpoint, model and timeout of the model; the API key from %1 or the desktop keyring")
                             .arg(QLatin1String(kApiKeyVariable)));
    connect(settings, &QAction::triggered, this, [this] { showModelSettings(); });
    file->insertAction(file->actions().value(file->actions().size() - 2), settings);  // above Quit's separator

    review->addSeparator();
    QAction* one = review->addAction(tr("Ad&judicate Selected Slot"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), this,
                                     [this] { adjudicate(false); });
    one->setObjectName(QStringLiteral("adjudicateSlotAction"));
    one->setToolTip(tr("Ask the model to settle the selected disputed slot (asked twice, options reversed), as `beliefmerge adjudicate` does"));
    QAction* every = review->addAction(tr("Adjudicate &Every Dispute"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), this,
                                       [this] { adjudicate(true); });
    every->setObjectName(QStringLiteral("adjudicateAllAction"));
    every->setToolTip(tr("Ask the model about every disputed slot, %1 per request").arg(kDefaultAdjudicationLimit));

    m_modelExtractor = QSettings().value(kModelExtractorSetting, false).toBool() && !m_oracle;
    m_modelExtractorAction = new QAction(tr("&Model Extractor (joint alignment by the model)"), this);
    m_modelExtractorAction->setObjectName(QStringLiteral("modelExtractorAction"));
    m_modelExtractorAction->setCheckable(true);
    m_modelExtractorAction->setChecked(m_modelExtractor);
    m_modelExtractorAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_modelExtractorAction->setToolTip(tr("Claims aligned by the model in one call over every branch (recorded in the workspace, "
                                          "replayed when recorded); the heuristic extractor when the call fails"));
    connect(m_modelExtractorAction, &QAction::triggered, this, [this](bool on) { setModelExtractor(on); });
    m_viewMenu->insertAction(m_lowConfidenceAction, m_modelExtractorAction);
}

ModelSettingsDialog* MainWindow::showModelSettings() {
    auto* dialog = findChild<ModelSettingsDialog*>(QStringLiteral("modelSettingsDialog"));
    if (!dialog) {
        dialog = new ModelSettingsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &ModelSettingsDialog::saved, this, [this] {
            refreshModeLabel();
            m_status->setText(tr("Model settings saved."));
            if (m_modelExtractor) rebuild({});
        });
    }
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

void MainWindow::setModelExtractor(bool on) {
    if (m_modelExtractorAction) m_modelExtractorAction->setChecked(on);
    if (m_modelExtractor == on) return;
    m_modelExtractor = on;
    QSettings().setValue(kModelExtractorSetting, on);
    if (on && m_oracle) {  // one extractor at a time
        m_oracle = false;
        if (m_oracleAction) m_oracleAction->setChecked(false);
        QSettings().setValue(QStringLiteral("extractor/oracle"), false);
    }
    refreshModeLabel();
    rebuild({});
}

void MainWindow::dropModelExtractor() {
    m_modelExtractor = false;
    if (m_modelExtractorAction) m_modelExtractorAction->setChecked(false);
    QSettings().setValue(kModelExtractorSetting, false);
}

QCoro::Task<services::ServiceConfig> MainWindow::modelConfig() {
    const ModelSettings settings = ModelSettings::load();
    auto resolving = resolveApiKey();
    const ApiKey key = co_await resolving;
    co_return settings.serviceConfig(key.key, m_workspacePath);
}

void MainWindow::adjudicate(bool everyDispute) {
    if (m_adjudicationDialog && m_adjudicationDialog->isRunning()) {
        m_adjudicationDialog->raise();
        return;
    }
    runAdjudication(everyDispute);
}

AdjudicationDialog* MainWindow::adjudicationDialog() const { return m_adjudicationDialog; }

void MainWindow::cancelAdjudication() {
    if (m_adjudicationCancel) m_adjudicationCancel->store(true);
}

QCoro::Task<> MainWindow::runAdjudication(bool everyDispute) {
    if (!m_snapshot) {
        m_status->setText(tr("Nothing to adjudicate: no workspace is loaded yet."));
        co_return;
    }
    AdjudicationScope scope;
    if (!everyDispute) scope.slot_key = m_currentSlot.toStdString();
    const SnapshotPtr basis = m_snapshot;
    const auto batches = adjudication_batches(*basis->decisionBasis(), scope);
    if (batches.empty()) {
        m_status->setText(everyDispute ? tr("No disputed slot to adjudicate: the model settles ties only.")
                                       : tr("%1 is not disputed: the model settles ties only (select a disputed slot).")
                                             .arg(m_currentSlot.isEmpty() ? tr("No slot") : m_currentSlot));
        co_return;
    }
    const ModelSettings settings = ModelSettings::load();
    if (const QString problem = settings.endpointProblem(); !problem.isEmpty()) {
        showError(tr("Adjudication not started: %1. Nothing was changed.").arg(problem));
        showModelSettings();
        co_return;
    }
    if (!m_adjudicationDialog) {
        m_adjudicationDialog = new AdjudicationDialog(this);
        connect(m_adjudicationDialog, &AdjudicationDialog::cancelRequested, this, &MainWindow::cancelAdjudication);
    }
    size_t asked = 0;
    for (const auto& b : batches) asked += b.size();
    m_adjudicationDialog->start(tr("Asking %1 at %2 about %n disputed slot(s)", nullptr, static_cast<int>(asked))
                                    .arg(settings.model.isEmpty() ? tr("the default model") : settings.model, settings.endpoint) +
                                (everyDispute ? QString() : QStringLiteral(": ") + m_currentSlot) + QLatin1Char('.'));
    m_adjudicationDialog->show();
    m_adjudicationDialog->raise();
    m_status->setText(tr("Asking the model about %n disputed slot(s)…", nullptr, static_cast<int>(asked)));
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_adjudicationCancel = cancel;
    QPointer<MainWindow> self(this);
    auto configuring = modelConfig();
    const services::ServiceConfig config = co_await configuring;
    if (!self) co_return;
    QPointer<AdjudicationDialog> dialog = m_adjudicationDialog;
    AdjudicationProgress progress = [dialog](int done, int total) {
        QMetaObject::invokeMethod(qApp, [dialog, done, total] {
            if (dialog) dialog->setProgress(done, total);
        }, Qt::QueuedConnection);
    };
    // GCC 12 double-destroys temporaries inside a co_await operand: build the future first.
    QFuture<AdjudicationOutcome> job = QtConcurrent::run(jobPool(), [config, basis, scope, cancel, progress] {
        lowerJobThreadPriority();
        return run_adjudication_job(config, *basis, scope, *cancel, progress);
    });
    AdjudicationOutcome outcome = co_await job;
    if (!self) co_return;
    if (m_adjudicationCancel == cancel) m_adjudicationCancel.reset();
    if (outcome.relabelled) publishRelabelled(basis, std::move(*outcome.relabelled));
    if (m_adjudicationDialog) m_adjudicationDialog->showOutcome(outcome);
    for (const auto& w : outcome.warnings) m_diagnostics->addItem(tr("warning: %1").arg(w));
    const QString recorded = tr("%n model resolution(s) recorded", nullptr, outcome.recorded);
    if (!outcome.error.isEmpty()) {
        const QString kept = outcome.batches_done > 0
                                 ? tr("kept: what %n earlier batch(es) recorded; the other ties stand", nullptr, outcome.batches_done)
                                 : tr("nothing was recorded; every tie and every decision stands as it was");
        if (outcome.cancelled) {
            m_messages->showMessage(MessageBar::Level::kWarning, tr("Adjudication cancelled: %1 (%2).").arg(outcome.error, kept));
            m_status->setText(tr("Adjudication cancelled; %1.").arg(kept));
        } else {
            showError(tr("Adjudication failed: %1 (%2).").arg(outcome.error, kept));
        }
    } else {
        m_status->setText(tr("Adjudicated %n slot(s): %1; press A on a slot to accept the model's answer.", nullptr,
                             static_cast<int>(outcome.slots.size()))
                              .arg(recorded));
    }
    Q_EMIT adjudicationFinished(outcome.error.isEmpty());
}

}  // namespace bm
