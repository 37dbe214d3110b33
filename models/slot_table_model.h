// Table of every slot of a snapshot (key, state, value, trust, derivation, decision): the rows the
// disputes queue and the slot search filter through SlotFilterProxy.
#pragma once

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include "studio_snapshot.h"

namespace bm {

class SlotTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { kKey, kState, kValue, kTrust, kDerivation, kDecision, kColumnCount };

    explicit SlotTableModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

    void setSnapshot(SnapshotPtr snapshot);
    // Row of the slot with `key`, or -1.
    int rowOf(const QString& key) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    SnapshotPtr m_snapshot;
};

// Filters slots by review state and by text over key and values (case-insensitive).
class SlotFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Scope { kNeedsReview, kDisputed, kContested, kAll };

    explicit SlotFilterProxy(QObject* parent = nullptr);
    void setScope(Scope scope);
    void setText(const QString& text);
    // Lists the per-run environment facts (env.session.*) too; off by default.
    void setPerRunFacts(bool on);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    Scope m_scope = Scope::kNeedsReview;
    QString m_text;
    bool m_perRunFacts = false;
};

// Display name of a slot state (translated) and its colour, shared by the table and the graph.
QString slotStateText(SlotState state, bool retracted);
// Display name of a derivation status (translated): axiom, founded, retracted, unasserted.
QString derivationStatusText(DerivationStatus status);
QColor slotStateColor(SlotState state, bool retracted);

}  // namespace bm
