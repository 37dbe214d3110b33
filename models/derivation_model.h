// Premise tree of one slot: the slot, its routes (conjunctions), each premise with its IN/OUT label,
// recursively (a premise already on the path is shown once, marked as a cycle; depth is capped).
#pragma once

#include <QAbstractItemModel>
#include <vector>

#include "studio_snapshot.h"

namespace bm {

class DerivationModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { kNode, kLabel, kStatus, kColumnCount };
    static constexpr int kMaxDepth = 12;

    explicit DerivationModel(QObject* parent = nullptr) : QAbstractItemModel(parent) {}

    void setSlot(SnapshotPtr snapshot, const QString& key);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    enum class Kind { kSlot, kRoute, kUnknown, kCycle, kDepth };
    struct Node {
        Kind kind = Kind::kSlot;
        QString text;
        QString key;        // slot key (kSlot, kUnknown, kCycle)
        bool in = false;
        bool satisfied = false;  // kRoute
        bool unmet = false;      // a premise the parent slot names as unmet
        QString status;
        int parent = -1;
        int row = 0;
        std::vector<int> children;
    };
    int addSlot(const std::string& key, int parent, std::vector<std::string>& path, bool unmet);
    int addNode(Node node);

    SnapshotPtr m_snapshot;
    std::vector<Node> m_nodes;  // node 0.. ; roots have parent -1
    std::vector<int> m_roots;
};

}  // namespace bm
