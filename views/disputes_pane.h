// Disputes queue: slots needing review, filterable, driven by keys on the table:
// J/K next/previous, A accept, O overrule to the value selected in the inspector, B both,
// C conditional (needs the guard), U unresolvable; the reason field is optional for each.
#pragma once

#include <QTimer>
#include <QWidget>

#include "store/decisions.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace bm {

class SlotFilterProxy;
class SlotTableModel;

class DisputesPane : public QWidget {
    Q_OBJECT
public:
    DisputesPane(SlotTableModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    QLineEdit* reasonEdit() const { return m_reason; }
    QLineEdit* guardEdit() const { return m_guard; }
    // The line shown instead of an empty queue (hidden while it has rows).
    QLabel* emptyState() const { return m_empty; }
    SlotFilterProxy* proxy() const { return m_proxy; }
    // Shows `key` as the slot the review keys act on: highlights its row when the filter shows it
    // (emitting slotSelected if the row changes), else clears the queue's highlight without emitting,
    // so the queue never highlights a slot other than the inspector's. Returns whether the row is shown.
    bool selectSlot(const QString& key);
    // The slot the keys act on, named in the "Deciding on" line; empty: none.
    QString decisionTarget() const { return m_shownKey; }
    // The key of the highlighted row, or empty when none is highlighted.
    QString highlightedSlot() const;
    // Selects the first row (after a new snapshot) if nothing is selected.
    void selectFirstIfNone();
    // Moves the queue's highlight by `delta` rows (J/K), selecting that slot everywhere.
    void step(int delta);
    // The first slot after `key` in the queue's order (then from the top) that still needs review
    // and has no reviewer's decision; empty when every listed slot is decided.
    QString nextUndecided(const QString& key) const;
    // The review keys (J/K, A/O/B/C/U) also work while `widget` has focus (e.g. the inspector's tree).
    void acceptReviewKeys(QWidget* widget);
    void setFilterText(const QString& text);
    // What was loaded, for the empty queue's line: `sessions` read, and `hidden` (the low-confidence note, empty when
    // none) — so that a log that gave no slot is not mistaken for no log at all.
    void setLoadedContext(int sessions, const QString& hidden);
    // Clears reason and guard after a decision was stored.
    void clearInputs();

Q_SIGNALS:
    void slotSelected(const QString& key);
    void decisionRequested(bm::DecisionKind kind, const QString& reason, const QString& guard);
    // Enter in the reason field (with no guard): the reason waits for the next decision key.
    void reasonReady();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Puts the highlight back on m_shownKey (or clears it) after the filter or the rows changed,
    // without emitting slotSelected: a filter never changes the slot the keys act on.
    void resync();
    void setSyncing(bool on);
    // Says why the queue shows no row (no session, everything settled, or the filter), with a link
    // to the scope that shows the slots; hidden while the queue has rows.
    void updateEmptyState();

    SlotFilterProxy* m_proxy;
    QTableView* m_table;
    QLineEdit* m_filter;
    QComboBox* m_scope;
    QLineEdit* m_reason;
    QLineEdit* m_guard;
    QLabel* m_target;
    QLabel* m_empty;
    QTimer m_filterDelay;
    QString m_shownKey;
    int m_sessions = 0;
    QString m_hidden;
    QList<QObject*> m_keyTargets;
    bool m_syncing = false;  // true while rows change or the highlight is set programmatically
};

}  // namespace bm
