// Tree of one slot's evidence: each value (score, rank, trust, winner mark) with the claims beneath
// it (source, evidence, rank, trust, extraction rule and confidence, quote, time), and the claims
// superseded within their branch.
#pragma once

#include <QAbstractItemModel>
#include <vector>

#include "studio_snapshot.h"

namespace bm {

class SlotInspectorModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { kValue, kSource, kEvidence, kRank, kTrust, kRule, kQuote, kTime, kColumnCount };

    explicit SlotInspectorModel(QObject* parent = nullptr) : QAbstractItemModel(parent) {}

    // Shows `key` of `snapshot` (nothing when the key names no slot).
    void setSlot(SnapshotPtr snapshot, const QString& key);
    const Slot* slot() const { return m_slot; }
    // Top-level row of `value`, or -1.
    int rowOfValue(const QString& value) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Group {
        const SlotValue* value = nullptr;  // nullptr: the superseded group
        std::vector<ClaimRef> claims;
    };
    QVariant groupData(const Group& g, int column, int role) const;
    // How many different wordings the value's claims use (more than one: the merge joined them).
    int wordingsOf(const SlotValue& v) const;
    QVariant claimData(const Claim& c, int column, int role) const;

    SnapshotPtr m_snapshot;
    const Slot* m_slot = nullptr;
    std::vector<Group> m_groups;
};

}  // namespace bm
