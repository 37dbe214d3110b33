// The review actions of the main window: decide on the selected slot, store it off the GUI thread,
// undo and revoke (append-only revoke records), and find over every slot of the model.
#include <QCoroFuture>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QtConcurrent>

#include "claim_graph_view.h"
#include "disputes_pane.h"
#include "job_pool.h"
#include "main_window.h"
#include "review_queries.h"
#include "slot_inspector_model.h"
#include "slot_inspector_pane.h"
#include "snapshot_job.h"

namespace bm {

void MainWindow::decide(DecisionKind kind, const QString& reason, const QString& guard) {
    const Slot* slot = m_snapshot ? m_snapshot->slot(m_currentSlot.toStdString()) : nullptr;
    if (!slot) {
        m_status->setText(tr("Select a slot first."));
        return;
    }
    // One selection: the keys act on the slot the inspector shows, which the queue names.
    const Slot* shown = m_inspector->model()->slot();
    if (!shown || shown->key != slot->key || m_disputes->decisionTarget() != m_currentSlot) {
        m_status->setText(tr("Not saved: the inspector and the queue disagree on the slot; select it again."));
        return;
    }
    DecisionRecord d;
    d.reviewer = m_reviewer.toStdString();
    d.slot_key = slot->key;
    d.annotation_digest = annotation_digest(*m_snapshot->decisionBasis(), *slot);
    d.kind = kind;
    d.reason = reason.toStdString();
    switch (kind) {
        case DecisionKind::kChoose:
            d.value = m_inspector->selectedValue().toStdString();
            if (d.value.empty()) {
                m_status->setText(tr("Select the value to overrule to in the slot inspector first."));
                return;
            }
            break;
        case DecisionKind::kConditional:
            d.guard = guard.toStdString();
            if (d.guard.empty()) {
                m_status->setText(tr("A conditional decision needs a guard: type it in the Guard field."));
                m_disputes->guardEdit()->setFocus();
                return;
            }
            break;
        case DecisionKind::kAccept: {
            const EffectiveResolution* e = m_snapshot->resolution(slot->key);
            if (e && e->model) d.accepted = e->model->resolution;
            else if (slot->winner) d.accepted = Resolution{ResolutionKind::kChoose, *slot->winner, {}, false, {}};
            else {
                m_status->setText(tr("Nothing to accept: no model resolution and no winner. Overrule instead (O, B, C or U)."));
                return;
            }
            break;
        }
        default: break;
    }
    m_status->setText(tr("Saving the decision on %1…").arg(m_currentSlot));
    storeDecision(std::move(d));
}

void MainWindow::find(const QString& text) {
    m_findText = text.trimmed();
    findNext(0);
}

void MainWindow::findNext(int delta) {
    if (!m_snapshot || m_findText.isEmpty()) {
        m_graph->searchEdit()->setFocus();
        return;
    }
    const FindStep step = findStep(*m_snapshot, m_findText, m_currentSlot, delta);
    QString text;
    if (step.count == 0) {
        text = tr("No slot matches “%1” (searched all %n slot(s))", nullptr, static_cast<int>(m_snapshot->merged->slots.size()))
                   .arg(m_findText);
    } else {
        selectSlot(step.key);
        text = tr("Match %1 of %2 for “%3”: %4").arg(step.index + 1).arg(step.count).arg(m_findText, step.key);
        if (!m_graph->isDrawn(step.key)) text += tr(" (not drawn in the graph; shown in the inspector)");
    }
    m_graph->showInfo(text);
    m_status->setText(text);
}

void MainWindow::undoDecision() {
    while (!m_undo.isEmpty()) {
        const SavedDecision last = m_undo.takeLast();
        const EffectiveResolution* r = m_snapshot ? m_snapshot->resolution(last.slot.toStdString()) : nullptr;
        const bool withdrawn = r && std::any_of(r->revoked.begin(), r->revoked.end(),
                                                [&](const DecisionRecord& d) { return d.id == last.id; });
        if (withdrawn) continue;
        revoke(last.slot, last.id);
        return;
    }
    m_status->setText(tr("Nothing to undo: no decision saved in this window is still in force."));
}

void MainWindow::revokeDecision() {
    const EffectiveResolution* r = m_snapshot ? m_snapshot->resolution(m_currentSlot.toStdString()) : nullptr;
    if (!r || !r->decision) {
        m_status->setText(tr("No reviewer's decision applies to %1: nothing to revoke.").arg(m_currentSlot));
        return;
    }
    revoke(m_currentSlot, r->decision->id);
}

void MainWindow::revoke(const QString& key, qint64 id) {
    const Slot* slot = m_snapshot ? m_snapshot->slot(key.toStdString()) : nullptr;
    if (!slot) {
        m_status->setText(tr("Slot %1 is no longer in the workspace: nothing to revoke.").arg(key));
        return;
    }
    selectSlot(key);
    DecisionRecord d;
    d.reviewer = m_reviewer.toStdString();
    d.slot_key = slot->key;
    d.annotation_digest = annotation_digest(*m_snapshot->decisionBasis(), *slot);
    d.kind = DecisionKind::kRevoke;
    d.revokes = id;
    m_status->setText(tr("Revoking decision %1 on %2…").arg(id).arg(key));
    storeDecision(std::move(d));
}

void MainWindow::publishRelabelled(const SnapshotPtr& basis, ReviewSnapshot relabelled) {
    if (!m_snapshot || m_snapshot->decisionBasis() != basis->decisionBasis()) return;  // a newer load already reads it
    auto next = std::make_shared<StudioSnapshot>(*m_snapshot);
    next->generation = ++m_published;
    // The decisions re-read and derivation labels under them; sessions and base merge shared.
    static_cast<ReviewSnapshot&>(*next) = std::move(relabelled);
    publish(std::move(next), Selection::kNow);  // reselects `current` in every pane, now showing the decision
}

QCoro::Task<> MainWindow::storeDecision(DecisionRecord record) {
    QPointer<MainWindow> self(this);
    SnapshotPtr basis = m_snapshot;
    const std::string workspace = m_workspacePath.toStdString();
    const QString key = QString::fromStdString(record.slot_key);
    QFuture<DecisionOutcome> job =
        QtConcurrent::run(jobPool(), [workspace, basis, record] {
            lowerJobThreadPriority();
            return run_decision_job(workspace, *basis, record);
        });
    DecisionOutcome outcome = co_await job;
    if (!self) co_return;
    if (!outcome.stored) {
        showError(tr("Decision not saved: %1").arg(outcome.error));
        Q_EMIT decisionRejected(outcome.error);
        co_return;
    }
    if (!outcome.relabelled) {  // committed, but the decisions could not be read back: rebuild from the workspace
        m_status->setText(tr("Decision saved, but the decisions could not be re-read: %1").arg(outcome.error));
        Q_EMIT decisionStored(key);
        rebuild({});
        co_return;
    }
    publishRelabelled(basis, std::move(*outcome.relabelled));
    m_disputes->clearInputs();
    if (outcome.stored->kind == DecisionKind::kRevoke) {
        const EffectiveResolution* now = m_snapshot ? m_snapshot->resolution(outcome.stored->slot_key) : nullptr;
        m_status->setText(tr("Decision revoked on %1; it now resolves to: %2")
                              .arg(key, now && now->resolution ? QString::fromStdString(describe_resolution(*now->resolution))
                                                               : tr("as merged (no decision)")));
    } else {
        m_undo.append({key, outcome.stored->id});
        // The queue moves on to the next slot still to review; the status names both.
        const QString next = key == m_currentSlot ? m_disputes->nextUndecided(key) : QString();
        if (!next.isEmpty()) selectSlot(next);
        m_status->setText(tr("Decision saved: %1 → %2. %n slot(s) to review", nullptr, m_snapshot ? toReviewCount(*m_snapshot) : 0)
                              .arg(key, QString::fromStdString(describe_resolution(outcome.stored->resolution()))) +
                          (next.isEmpty() ? QString() : tr("; next: %1").arg(next)));
    }
    Q_EMIT decisionStored(key);
}

}  // namespace bm
