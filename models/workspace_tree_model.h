// Workspace pane: every session (format, messages, redactions, lineage) with its branches beneath.
#pragma once

#include <QAbstractItemModel>

#include "studio_snapshot.h"

namespace bm {

class WorkspaceTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { kName, kFormat, kMessages, kLineage, kFile, kColumnCount };

    explicit WorkspaceTreeModel(QObject* parent = nullptr) : QAbstractItemModel(parent) {}

    void setSnapshot(SnapshotPtr snapshot);
    // Index of the session with `sessionId` (column 0), or invalid.
    QModelIndex sessionIndex(const QString& sessionId) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    const std::vector<Session>& sessions() const { return *m_snapshot->sessions; }
    SnapshotPtr m_snapshot;
};

}  // namespace bm
