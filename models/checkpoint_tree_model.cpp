// CheckpointTreeModel: two levels; internalId 0 marks a session row, n > 0 a checkpoint of session n-1.
#include "checkpoint_tree_model.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QLocale>

#include "roles.h"

namespace bm {

QString foldModeText(FoldMode mode) {
    switch (mode) {
    case FoldMode::kLeaf: return CheckpointTreeModel::tr("leaf");
    case FoldMode::kRoot: return CheckpointTreeModel::tr("root");
    case FoldMode::kEmergency: return CheckpointTreeModel::tr("emergency");
    }
    return {};
}

CheckpointTreeModel::CheckpointTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void CheckpointTreeModel::setCatalog(std::shared_ptr<const CheckpointCatalog> catalog) {
    beginResetModel();
    m_catalog = std::move(catalog);
    endResetModel();
}

QModelIndex CheckpointTreeModel::indexOf(const QString& checkpointId) const {
    if (!m_catalog) return {};
    const std::string id = checkpointId.toStdString();
    for (size_t s = 0; s < m_catalog->sessions.size(); ++s) {
        const auto& cps = m_catalog->sessions[s].checkpoints;
        for (size_t c = 0; c < cps.size(); ++c)
            if (cps[c].entry.checkpoint_id == id) return createIndex(static_cast<int>(c), 0, quintptr(s + 1));
    }
    return {};
}

const CatalogCheckpoint* CheckpointTreeModel::checkpointAt(const QModelIndex& index) const {
    if (!m_catalog || !index.isValid() || index.internalId() == 0) return nullptr;
    return &m_catalog->sessions[index.internalId() - 1].checkpoints[static_cast<size_t>(index.row())];
}

QModelIndex CheckpointTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex CheckpointTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr(0));
}

int CheckpointTreeModel::rowCount(const QModelIndex& parent) const {
    if (!m_catalog) return 0;
    if (!parent.isValid()) return static_cast<int>(m_catalog->sessions.size());
    if (parent.internalId() != 0 || parent.column() != 0) return 0;
    return static_cast<int>(m_catalog->sessions[static_cast<size_t>(parent.row())].checkpoints.size());
}

int CheckpointTreeModel::columnCount(const QModelIndex&) const { return kColumnCount; }

QVariant CheckpointTreeModel::data(const QModelIndex& index, int role) const {
    if (!m_catalog || !index.isValid()) return {};
    if (index.internalId() == 0)
        return sessionData(m_catalog->sessions[static_cast<size_t>(index.row())], index.column(), role);
    return checkpointData(*checkpointAt(index), index.column(), role);
}

QVariant CheckpointTreeModel::sessionData(const CatalogSession& session, int column, int role) const {
    if (role == Qt::DisplayRole && column == kCheckpoint) return QString::fromStdString(session.session_id);
    if (role == Qt::DisplayRole && column == kMode) return tr("%n checkpoint(s)", nullptr, static_cast<int>(session.checkpoints.size()));
    if (role == roles::SessionKeyRole) return QString::fromStdString(session.session_id);
    if (role == roles::SortRole && column == kCheckpoint) return QString::fromStdString(session.session_id);
    return {};
}

QVariant CheckpointTreeModel::checkpointData(const CatalogCheckpoint& c, int column, int role) const {
    if (role == roles::CheckpointIdRole) return QString::fromStdString(c.entry.checkpoint_id);
    if (role == roles::SessionKeyRole) return QString::fromStdString(c.entry.session_id);
    if (role == roles::AvailableRole) return c.available();
    if (role == Qt::ForegroundRole && !c.available()) return QBrush(QColor(0xb0, 0x20, 0x20));
    if (role == Qt::ToolTipRole) {
        if (!c.available()) return tr("Unavailable (never served): %1").arg(QString::fromStdString(c.reason));
        return QString::fromStdString(c.entry.path);
    }
    if (role != Qt::DisplayRole && role != roles::SortRole) return {};
    const bool sort = role == roles::SortRole;
    switch (column) {
    case kCheckpoint: return QString::fromStdString(c.entry.checkpoint_id);
    case kVerification:
        if (c.available()) return tr("verified");
        return c.state == VerifyState::kMissing ? tr("unavailable: missing") : tr("unavailable: corrupt");
    default: break;
    }
    if (!c.available()) return {};
    switch (column) {
    case kMode: return foldModeText(c.mode);
    case kRange: return sort ? QVariant(qint64(c.first_seq)) : QVariant(tr("%1–%2").arg(c.first_seq).arg(c.last_seq));
    case kFolded: return sort ? QVariant(qulonglong(c.folded_tokens)) : QVariant(QLocale().toString(qulonglong(c.folded_tokens)));
    case kSurface: return sort ? QVariant(qulonglong(c.surface_tokens)) : QVariant(QLocale().toString(qulonglong(c.surface_tokens)));
    case kCreated:
        return sort ? QVariant(qint64(c.created_at))
                    : QVariant(QDateTime::fromMSecsSinceEpoch(c.created_at, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")));
    default: return {};
    }
}

QVariant CheckpointTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case kCheckpoint: return tr("Session / checkpoint");
    case kMode: return tr("Mode");
    case kRange: return tr("Seq range");
    case kFolded: return tr("Folded tokens");
    case kSurface: return tr("Surface tokens");
    case kCreated: return tr("Created");
    case kVerification: return tr("Verification");
    default: return {};
    }
}

}  // namespace bm
