// AdjudicationDialog: progress, then one row per slot asked with the symmetry check's verdict.
#include "adjudication_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "model_jobs.h"
#include "studio_snapshot.h"

namespace bm {

namespace {

QString symmetryText(AdjudicatedSlot::Symmetry s) {
    switch (s) {
        case AdjudicatedSlot::Symmetry::kAgreed: return AdjudicationDialog::tr("agreed in both orders");
        case AdjudicatedSlot::Symmetry::kOrderSensitive:
            return AdjudicationDialog::tr("changed when the options were reversed: unresolvable (order-sensitive)");
        case AdjudicatedSlot::Symmetry::kDropped: return AdjudicationDialog::tr("answered in one order only: dropped");
        case AdjudicatedSlot::Symmetry::kNotAnswered: break;
    }
    return AdjudicationDialog::tr("no answer");
}

QColor symmetryColor(AdjudicatedSlot::Symmetry s) {
    switch (s) {
        case AdjudicatedSlot::Symmetry::kAgreed: return QColor(0x1b, 0x7a, 0x32);
        case AdjudicatedSlot::Symmetry::kOrderSensitive: return QColor(0xb0, 0x5a, 0x00);
        default: return QColor(0x80, 0x80, 0x80);
    }
}

}  // namespace

AdjudicationDialog::AdjudicationDialog(QWidget* parent)
    : QDialog(parent),
      m_what(new QLabel),
      m_progress(new QProgressBar),
      m_results(new QTreeWidget),
      m_summary(new QLabel),
      m_hint(new QLabel),
      m_cancel(new QPushButton(tr("&Cancel"))),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close)) {
    setObjectName(QStringLiteral("adjudicationDialog"));
    setWindowTitle(tr("Adjudicate with the Model"));
    m_what->setWordWrap(true);
    m_what->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_results->setObjectName(QStringLiteral("adjudicationResults"));
    m_results->setHeaderLabels({tr("Slot"), tr("Options"), tr("Model's answer"), tr("Symmetry check")});
    m_results->setRootIsDecorated(false);
    m_results->setUniformRowHeights(true);
    m_results->header()->setStretchLastSection(true);
    m_summary->setObjectName(QStringLiteral("adjudicationSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint->setWordWrap(true);
    m_hint->setText(tr("A in the disputes queue accepts what the model proposed for the selected slot; O, B, C or U overrule it."));
    m_hint->hide();
    m_cancel->setObjectName(QStringLiteral("cancelAdjudication"));
    m_cancel->setToolTip(tr("Abort the requests in flight (Esc); what earlier batches recorded is kept"));
    m_buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_what);
    layout->addWidget(m_progress);
    layout->addWidget(m_results, 1);
    layout->addWidget(m_summary);
    layout->addWidget(m_hint);
    layout->addWidget(m_buttons);
    connect(m_cancel, &QPushButton::clicked, this, &AdjudicationDialog::cancelRequested);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &AdjudicationDialog::reject);
    resize(760, 380);
}

void AdjudicationDialog::start(const QString& what) {
    m_running = true;
    m_what->setText(what);
    m_results->clear();
    m_summary->setText(tr("Asking the model…"));
    m_summary->setStyleSheet(QString());
    m_hint->hide();
    m_progress->setRange(0, 0);  // busy until the first batch is answered
    m_progress->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
}

void AdjudicationDialog::setProgress(int done, int total) {
    if (!m_running || total <= 0) return;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    m_progress->setFormat(tr("%1 of %2 batch(es) answered").arg(done).arg(total));
}

void AdjudicationDialog::showOutcome(const AdjudicationOutcome& outcome) {
    m_running = false;
    m_progress->hide();
    m_cancel->hide();
    m_results->clear();
    for (const AdjudicatedSlot& slot : outcome.slots) {
        QStringList options;
        for (const auto& o : slot.options) options << QString::fromStdString(o);
        auto* item = new QTreeWidgetItem(m_results);
        item->setText(0, QString::fromStdString(slot.key));
        item->setText(1, options.join(QStringLiteral(" · ")));
        item->setText(2, slot.resolution ? QString::fromStdString(describe_resolution(*slot.resolution)) : QStringLiteral("—"));
        if (slot.resolution && !slot.resolution->rationale.empty())
            item->setToolTip(2, QString::fromStdString(slot.resolution->rationale));
        item->setText(3, symmetryText(slot.symmetry));
        item->setForeground(3, symmetryColor(slot.symmetry));
    }
    for (int c = 0; c < 3; ++c) m_results->resizeColumnToContents(c);
    QString summary = tr("%n resolution(s) recorded in the workspace", nullptr, outcome.recorded) +
                      tr(" · %n model call(s) over the network", nullptr, outcome.network_calls) +
                      tr(", %n replayed from the workspace's records", nullptr, outcome.replayed_calls);
    if (!outcome.request_digests.empty())
        summary += tr(" · request %1").arg(QString::fromStdString(outcome.request_digests.front().substr(0, 12)));
    if (!outcome.error.isEmpty()) {
        summary = (outcome.cancelled ? tr("Cancelled: %1").arg(outcome.error) : tr("Failed: %1").arg(outcome.error)) +
                  QLatin1Char('\n') +
                  (outcome.batches_done > 0
                       ? tr("Kept: what %n earlier batch(es) recorded; the other ties stand.", nullptr, outcome.batches_done)
                       : tr("Nothing was recorded: every tie stands and every earlier decision is kept.")) +
                  QLatin1Char('\n') + summary;
        m_summary->setStyleSheet(QStringLiteral("color: #b00020"));
    }
    m_summary->setText(summary);
    m_hint->setVisible(outcome.recorded > 0 || outcome.batches_done > 0);
}

QString AdjudicationDialog::summaryText() const { return m_summary->text(); }

void AdjudicationDialog::reject() {
    if (m_running) {
        Q_EMIT cancelRequested();  // Esc or Close stops the run first; a second press closes
        return;
    }
    QDialog::reject();
}

}  // namespace bm
