// Disputes queue: slots needing review, filterable, driven by keys on the table:
// J/K next/previous, A accept, O overrule to the value selected in the inspector, B both,
// C conditional (needs the guard), U unresolvable; the reason field is optional for each.
#pragma once

#include <QTimer>
#include <QWidget>

#include "store/decisions.h"

class QComboBox;
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
    SlotFilterProxy* proxy() const { return m_proxy; }
    // Selects the slot `key` when the filter shows it; false otherwise.
    bool selectSlot(const QString& key);
    // Selects the first row (after a new snapshot) if nothing is selected.
    void selectFirstIfNone();
    void setFilterText(const QString& text);
    // Clears reason and guard after a decision was stored.
    void clearInputs();

Q_SIGNALS:
    void slotSelected(const QString& key);
    void decisionRequested(bm::DecisionKind kind, const QString& reason, const QString& guard);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void step(int delta);

    SlotFilterProxy* m_proxy;
    QTableView* m_table;
    QLineEdit* m_filter;
    QComboBox* m_scope;
    QLineEdit* m_reason;
    QLineEdit* m_guard;
    QTimer m_filterDelay;
};

}  // namespace bm
