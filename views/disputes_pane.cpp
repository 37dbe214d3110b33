// Disputes queue widgets, the 300 ms filter delay and the decision keys.
#include "disputes_pane.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

#include "roles.h"
#include "slot_table_model.h"

namespace bm {

DisputesPane::DisputesPane(SlotTableModel* model, QWidget* parent)
    : QWidget(parent),
      m_proxy(new SlotFilterProxy(this)),
      m_table(new QTableView),
      m_filter(new QLineEdit),
      m_scope(new QComboBox),
      m_reason(new QLineEdit),
      m_guard(new QLineEdit),
      m_target(new QLabel),
      m_empty(new QLabel) {
    m_proxy->setSourceModel(model);
    // Connected before the view's own handlers: while rows change, the view and the selection model
    // move the current row on their own; that must not change the slot the keys act on.
    auto hold = [this] { setSyncing(true); };
    connect(m_proxy, &QAbstractItemModel::modelAboutToBeReset, this, hold);
    connect(m_proxy, &QAbstractItemModel::layoutAboutToBeChanged, this, hold);
    connect(m_proxy, &QAbstractItemModel::rowsAboutToBeRemoved, this, hold);
    connect(m_proxy, &QAbstractItemModel::rowsAboutToBeInserted, this, hold);
    // The selection model restores or moves rows after these signals: put the highlight back next turn.
    auto settle = [this] {
        setSyncing(false);
        updateEmptyState();
        QTimer::singleShot(0, this, &DisputesPane::resync);
    };
    connect(m_proxy, &QAbstractItemModel::modelReset, this, settle);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, settle);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, settle);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, settle);
    m_table->setModel(m_proxy);
    m_table->setObjectName(QStringLiteral("disputesTable"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SlotTableModel::kKey, Qt::AscendingOrder);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The decision is what a reviewer looks for after a keystroke: show it beside the value.
    m_table->horizontalHeader()->moveSection(SlotTableModel::kDecision, SlotTableModel::kValue + 1);
    acceptReviewKeys(m_table);
    m_table->setToolTip(tr("J/K next/previous · A accept · O overrule to the value selected in the inspector · "
                           "B both · C conditional (guard) · U unresolvable"));

    m_scope->addItem(tr("Needs review (disputed and contested)"), int(SlotFilterProxy::Scope::kNeedsReview));
    m_scope->addItem(tr("Disputed"), int(SlotFilterProxy::Scope::kDisputed));
    m_scope->addItem(tr("Contested"), int(SlotFilterProxy::Scope::kContested));
    m_scope->addItem(tr("All slots"), int(SlotFilterProxy::Scope::kAll));
    connect(m_scope, &QComboBox::currentIndexChanged, this,
            [this] {
                m_proxy->setScope(SlotFilterProxy::Scope(m_scope->currentData().toInt()));
                updateEmptyState();
            });
    m_scope->setObjectName(QStringLiteral("queueScope"));
    m_scope->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // the filter keeps room
    m_scope->setMinimumContentsLength(14);
    m_filter->setObjectName(QStringLiteral("queueFilter"));
    m_filter->setPlaceholderText(tr("Filter by slot or value…"));
    m_filter->setClearButtonEnabled(true);
    m_filterDelay.setSingleShot(true);
    m_filterDelay.setInterval(300);
    connect(m_filter, &QLineEdit::textChanged, this, [this] { m_filterDelay.start(); });
    connect(&m_filterDelay, &QTimer::timeout, this, [this] {
        m_proxy->setText(m_filter->text());
        updateEmptyState();
    });

    m_reason->setPlaceholderText(tr("Reason (optional)"));
    m_reason->setObjectName(QStringLiteral("reasonEdit"));
    m_guard->setPlaceholderText(tr("Guard for a conditional decision, e.g. “in staging”"));
    m_guard->setObjectName(QStringLiteral("guardEdit"));
    // Enter in the guard saves the conditional decision; in the reason it saves one too when a guard
    // is typed, else goes back to the queue where a key (A, O, B, U) saves it with the reason.
    auto enter = [this] {
        m_table->setFocus();
        if (!m_guard->text().trimmed().isEmpty())
            Q_EMIT decisionRequested(DecisionKind::kConditional, m_reason->text().trimmed(), m_guard->text().trimmed());
        else Q_EMIT reasonReady();
    };
    connect(m_reason, &QLineEdit::returnPressed, this, enter);
    connect(m_guard, &QLineEdit::returnPressed, this, enter);

    auto* top = new QHBoxLayout;
    top->addWidget(m_scope);
    top->addWidget(m_filter, 1);
    auto* form = new QFormLayout;
    // Buddies: Alt+S and Alt+U (Alt+R and Alt+G open the Review and Graph menus).
    form->addRow(tr("Rea&son:"), m_reason);
    form->addRow(tr("G&uard:"), m_guard);
    auto* keys = new QLabel(tr("<b>J</b>/<b>K</b> next/previous · <b>A</b> accept · <b>O</b> overrule to the selected value · "
                               "<b>B</b> both · <b>C</b> conditional · <b>U</b> unresolvable"));
    keys->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);
    m_empty->setObjectName(QStringLiteral("queueEmptyState"));
    m_empty->setWordWrap(true);
    m_empty->setTextFormat(Qt::RichText);
    connect(m_empty, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link == QStringLiteral("clear-filter")) setFilterText({});
        else if (link == QStringLiteral("all-slots")) m_scope->setCurrentIndex(m_scope->findData(int(SlotFilterProxy::Scope::kAll)));
    });
    layout->addWidget(m_empty);
    m_target->setObjectName(QStringLiteral("decisionTarget"));
    m_target->setTextFormat(Qt::RichText);
    m_target->setText(tr("Deciding on: nothing selected"));
    m_target->setToolTip(tr("The review keys act on this slot: the one shown in the slot inspector"));
    layout->addWidget(m_target);
    layout->addLayout(form);
    layout->addWidget(keys);
    updateEmptyState();

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (m_syncing || !current.isValid()) return;
        m_shownKey = current.data(roles::SlotKeyRole).toString();
        Q_EMIT slotSelected(m_shownKey);
    });
}

void DisputesPane::setSyncing(bool on) { m_syncing = on; }

void DisputesPane::setLoadedContext(int sessions, const QString& hidden) {
    m_sessions = sessions;
    m_hidden = hidden;
    updateEmptyState();
}

void DisputesPane::updateEmptyState() {
    const int all = m_proxy->sourceModel() ? m_proxy->sourceModel()->rowCount() : 0;
    m_empty->setVisible(m_proxy->rowCount() == 0);
    if (m_proxy->rowCount() > 0) return;
    if (all == 0 && m_sessions == 0) m_empty->setText(tr("No slots yet: open session logs with File ▸ Open Logs… (Ctrl+O)."));
    else if (all == 0)
        m_empty->setText(tr("The %n session(s) loaded gave no slot.", nullptr, m_sessions) +
                         (m_hidden.isEmpty() ? QString() : QStringLiteral(" ") + m_hidden.toHtmlEscaped()));
    else if (!m_filter->text().trimmed().isEmpty())
        m_empty->setText(tr("No slot here matches “%1”. <a href=\"clear-filter\">Clear the filter</a>")
                             .arg(m_filter->text().trimmed().toHtmlEscaped()));
    else {
        const auto scope = SlotFilterProxy::Scope(m_scope->currentData().toInt());
        const QString why = scope == SlotFilterProxy::Scope::kDisputed    ? tr("No slot of the %n is disputed.", nullptr, all)
                            : scope == SlotFilterProxy::Scope::kContested ? tr("No slot of the %n is contested.", nullptr, all)
                                                                          : tr("Nothing needs review: no slot of the %n is disputed or contested.", nullptr, all);
        m_empty->setText(why + QStringLiteral(" <a href=\"all-slots\">") + tr("Show all slots") + QStringLiteral("</a>"));
    }
}

QString DisputesPane::highlightedSlot() const {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.size() == 1 ? rows.front().data(roles::SlotKeyRole).toString() : QString();
}

void DisputesPane::resync() {
    setSyncing(true);
    int shown = -1;
    for (int row = 0; row < m_proxy->rowCount() && !m_shownKey.isEmpty(); ++row)
        if (m_proxy->index(row, 0).data(roles::SlotKeyRole).toString() == m_shownKey) shown = row;
    if (shown >= 0) {
        if (m_table->currentIndex().row() != shown || highlightedSlot() != m_shownKey)
            m_table->setCurrentIndex(m_proxy->index(shown, 0));
    } else {
        m_table->selectionModel()->clear();
    }
    setSyncing(false);
}

void DisputesPane::setFilterText(const QString& text) {
    m_filter->setText(text);
    m_filterDelay.stop();
    m_proxy->setText(text);
    updateEmptyState();
}

void DisputesPane::clearInputs() {
    m_reason->clear();
    m_guard->clear();
}

bool DisputesPane::selectSlot(const QString& key) {
    m_shownKey = key;
    m_target->setText(key.isEmpty() ? tr("Deciding on: nothing selected")
                                    : tr("Deciding on: <b>%1</b>").arg(key.toHtmlEscaped()));
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex i = m_proxy->index(row, 0);
        if (i.data(roles::SlotKeyRole).toString() == key) {
            if (m_table->currentIndex().row() != row || highlightedSlot() != key) m_table->setCurrentIndex(i);
            m_table->scrollTo(i);
            return true;
        }
    }
    // Not in the queue (filtered out, or picked in the graph): no row may look like the target.
    setSyncing(true);
    m_table->selectionModel()->clear();
    setSyncing(false);
    return false;
}

void DisputesPane::selectFirstIfNone() {
    if (!m_table->currentIndex().isValid() && m_proxy->rowCount() > 0) m_table->setCurrentIndex(m_proxy->index(0, 0));
}

void DisputesPane::step(int delta) {
    const int rows = m_proxy->rowCount();
    if (rows == 0) return;
    const int row = m_table->currentIndex().isValid() ? m_table->currentIndex().row() + delta : 0;
    m_table->setCurrentIndex(m_proxy->index(qBound(0, row, rows - 1), 0));
}

void DisputesPane::acceptReviewKeys(QWidget* widget) {
    m_keyTargets << widget;
    widget->installEventFilter(this);
}

QString DisputesPane::nextUndecided(const QString& key) const {
    const int rows = m_proxy->rowCount();
    int from = 0;
    for (int row = 0; row < rows; ++row)
        if (m_proxy->index(row, 0).data(roles::SlotKeyRole).toString() == key) from = row + 1;
    for (int i = 0; i < rows; ++i) {
        const QModelIndex index = m_proxy->index((from + i) % rows, 0);
        const QString candidate = index.data(roles::SlotKeyRole).toString();
        if (candidate != key && index.data(roles::NeedsReviewRole).toBool() && !index.data(roles::DecidedRole).toBool())
            return candidate;
    }
    return {};
}

bool DisputesPane::eventFilter(QObject* watched, QEvent* event) {
    if (!m_keyTargets.contains(watched) || event->type() != QEvent::KeyPress) return QWidget::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return false;
    auto decide = [&](DecisionKind kind) {
        Q_EMIT decisionRequested(kind, m_reason->text().trimmed(), m_guard->text().trimmed());
        return true;
    };
    switch (key->key()) {
        case Qt::Key_J: step(1); return true;
        case Qt::Key_K: step(-1); return true;
        case Qt::Key_A: return decide(DecisionKind::kAccept);
        case Qt::Key_O: return decide(DecisionKind::kChoose);
        case Qt::Key_B: return decide(DecisionKind::kBoth);
        case Qt::Key_C:
            if (m_guard->text().trimmed().isEmpty()) {  // a conditional needs its guard: ask for it inline
                m_guard->setFocus();
                return true;
            }
            return decide(DecisionKind::kConditional);
        case Qt::Key_U: return decide(DecisionKind::kUnresolvable);
    }
    return false;
}

}  // namespace bm
