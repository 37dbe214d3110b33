// Slot inspector pane: a summary of the selected slot (state, rank comparison, disputes, decision,
// staleness) over the tree of its values and claims; activating a claim jumps to its message.
#pragma once

#include <QWidget>

#include "studio_snapshot.h"

class QLabel;
class QTreeView;

namespace bm {

class SlotInspectorModel;

class SlotInspectorPane : public QWidget {
    Q_OBJECT
public:
    explicit SlotInspectorPane(QWidget* parent = nullptr);

    void setSlot(SnapshotPtr snapshot, const QString& key);
    // The value selected in the tree (a value row or a claim's value); empty when none.
    QString selectedValue() const;
    // Selects the value row of `value`.
    bool selectValue(const QString& value);
    QString summaryText() const;
    SlotInspectorModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }

Q_SIGNALS:
    // A claim's source was activated: show that message with the quote highlighted.
    void sourceActivated(const QString& sessionId, const QString& messageId, const QString& quote, qlonglong offset);

private:
    void activate(const QModelIndex& index);

    SlotInspectorModel* m_model;
    QLabel* m_summary;
    QTreeView* m_tree;
};

}  // namespace bm
