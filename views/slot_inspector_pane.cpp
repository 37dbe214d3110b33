// Slot inspector pane: summary label and the evidence tree.
#include "slot_inspector_pane.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "display_names.h"
#include "roles.h"
#include "slot_inspector_model.h"
#include "slot_table_model.h"
#include "trust/trust_lattice.h"

namespace bm {

namespace {
QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }
}  // namespace

SlotInspectorPane::SlotInspectorPane(QWidget* parent)
    : QWidget(parent), m_model(new SlotInspectorModel(this)), m_summary(new QLabel), m_tree(new QTreeView) {
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("inspectorSummary"));
    m_tree->setModel(m_model);
    m_tree->setObjectName(QStringLiteral("inspectorTree"));
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(SlotInspectorModel::kQuote, QHeaderView::Stretch);
    connect(m_tree, &QTreeView::activated, this, &SlotInspectorPane::activate);
    // The summary scrolls on its own above the values, so neither is cut on a small screen.
    auto* summary = new QScrollArea;
    summary->setWidget(m_summary);
    summary->setWidgetResizable(true);
    summary->setFrameShape(QFrame::NoFrame);
    summary->setMinimumHeight(48);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_tree->setMinimumHeight(80);
    auto* split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("inspectorSplitter"));
    split->addWidget(summary);
    split->addWidget(m_tree);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split, 1);
}

void SlotInspectorPane::setSlot(SnapshotPtr snapshot, const QString& key) {
    m_model->setSlot(snapshot, key);
    m_tree->expandAll();
    for (int c = 0; c < SlotInspectorModel::kQuote; ++c) m_tree->resizeColumnToContents(c);
    const Slot* s = m_model->slot();
    if (!s) {
        m_summary->setText(tr("No slot selected."));
        return;
    }
    QString html = QStringLiteral("<b>%1</b> [%2] — <span style='background:%3'>&nbsp;%4&nbsp;</span>")
                       .arg(esc(s->key), slotTypeText(s->type),
                            slotStateColor(s->state, s->derivation.status == DerivationStatus::kRetracted).name(),
                            slotStateText(s->state, s->derivation.status == DerivationStatus::kRetracted));
    if (s->winner) html += tr(", value <b>%1</b>").arg(esc(*s->winner));
    if (!s->tied.empty()) {
        QStringList tied;
        for (const auto& v : s->tied) tied << esc(v);
        html += tr(", tie between <b>%1</b> (never guessed)").arg(tied.join(QStringLiteral(" | ")));
    }
    html += tr("; trust %1; derivation %2").arg(trustText(s->trust),
                                               derivationStatusText(s->derivation.status));
    if (!s->rank_comparison.empty()) html += QStringLiteral("<br>") + tr("Rank comparison: %1").arg(esc(s->rank_comparison));
    for (const auto& d : s->disputes)
        html += QStringLiteral("<br>") + tr("Disputed by “%1” (rank %2) against “%3” (rank %4)")
                                             .arg(esc(d.challenger_value)).arg(d.challenger_rank)
                                             .arg(esc(d.winner_value)).arg(d.winner_rank);
    if (const auto* r = snapshot->resolution(s->key)) {
        if (r->resolution) {
            QString who = r->origin == ResolutionOrigin::kHuman ? tr("reviewer") : tr("model");
            QString line = tr("Decision (%1): <b>%2</b>").arg(who, resolutionText(*r->resolution).toHtmlEscaped());
            if (r->decision && !r->decision->reason.empty()) line += tr(" — reason: %1").arg(esc(r->decision->reason));
            if (r->decision) line += tr(" (saved %1 by %2)").arg(esc(r->decision->decided_at), esc(r->decision->reviewer));
            html += QStringLiteral("<br>") + line;
        }
        if (!r->revoked.empty())
            html += QStringLiteral("<br>") + tr("%n decision(s) revoked (kept in the log, not applied).", nullptr,
                                                static_cast<int>(r->revoked.size()));
        if (r->stale())
            html += QStringLiteral("<br><span style='color:#c62828'><b>%1</b></span>")
                        .arg(tr("Stale: %n decision(s) were made against an older annotation and are not applied.", nullptr,
                                static_cast<int>(r->stale_decisions.size())));
    }
    m_summary->setText(html);
}

QString SlotInspectorPane::summaryText() const { return m_summary->text(); }

QString SlotInspectorPane::selectedValue() const {
    const QModelIndex i = m_tree->currentIndex();
    return i.isValid() ? i.siblingAtColumn(0).data(roles::ValueRole).toString() : QString();
}

bool SlotInspectorPane::selectValue(const QString& value) {
    const int row = m_model->rowOfValue(value);
    if (row < 0) return false;
    m_tree->setCurrentIndex(m_model->index(row, 0));
    return true;
}

void SlotInspectorPane::activate(const QModelIndex& index) {
    const QModelIndex i = index.siblingAtColumn(0);
    const QString message = i.data(roles::SourceMessageRole).toString();
    if (message.isEmpty()) return;
    Q_EMIT sourceActivated(i.data(roles::SourceSessionRole).toString(), message, i.data(roles::QuoteRole).toString(),
                           i.data(roles::QuoteOffsetRole).toLongLong());
}

}  // namespace bm
