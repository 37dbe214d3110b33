// Sessions → checkpoints of one bundle store (a CheckpointCatalog), for the checkpoint browser.
//
// Columns: checkpoint, verification, mode, source seq range, folded tokens, surface tokens, created.
// A bundle that failed verification keeps its row, says "unavailable" and why, and has
// AvailableRole false. The model holds one immutable catalog, replaced whole by setCatalog().
#pragma once

#include <QAbstractItemModel>
#include <memory>

#include "fold/checkpoint_catalog.h"

namespace bm {

class CheckpointTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { kCheckpoint, kVerification, kMode, kRange, kFolded, kSurface, kCreated, kColumnCount };

    explicit CheckpointTreeModel(QObject* parent = nullptr);

    void setCatalog(std::shared_ptr<const CheckpointCatalog> catalog);
    std::shared_ptr<const CheckpointCatalog> catalog() const { return m_catalog; }
    // The row of checkpoint `id` (column 0), invalid when absent.
    QModelIndex indexOf(const QString& checkpointId) const;
    const CatalogCheckpoint* checkpointAt(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant sessionData(const CatalogSession& session, int column, int role) const;
    QVariant checkpointData(const CatalogCheckpoint& checkpoint, int column, int role) const;

    std::shared_ptr<const CheckpointCatalog> m_catalog;
};

// "leaf", "root", "emergency" in the UI language.
QString foldModeText(FoldMode mode);

}  // namespace bm
