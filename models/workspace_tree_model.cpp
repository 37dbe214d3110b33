// Workspace tree rows: internalId 0 marks a session row, k+1 a branch of session k.
#include "workspace_tree_model.h"

#include "display_names.h"

#include "roles.h"

namespace bm {

namespace {
constexpr quintptr kSessionRow = 0;
}

void WorkspaceTreeModel::setSnapshot(SnapshotPtr snapshot) {
    beginResetModel();
    m_snapshot = std::move(snapshot);
    endResetModel();
}

QModelIndex WorkspaceTreeModel::sessionIndex(const QString& sessionId) const {
    if (!m_snapshot) return {};
    const int row = m_snapshot->sessionIndex(sessionId.toStdString());
    return row < 0 ? QModelIndex() : index(row, 0);
}

QModelIndex WorkspaceTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, kSessionRow);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex WorkspaceTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kSessionRow) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kSessionRow);
}

int WorkspaceTreeModel::rowCount(const QModelIndex& parent) const {
    if (!m_snapshot || !m_snapshot->sessions) return 0;
    if (!parent.isValid()) return static_cast<int>(sessions().size());
    if (parent.column() != 0 || parent.internalId() != kSessionRow) return 0;
    const Session& s = sessions()[static_cast<size_t>(parent.row())];
    return s.branches.size() > 1 ? static_cast<int>(s.branches.size()) : 0;  // one branch: nothing to unfold
}

int WorkspaceTreeModel::columnCount(const QModelIndex&) const { return kColumnCount; }

QVariant WorkspaceTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    if (index.internalId() == kSessionRow) {
        const Session& s = sessions()[static_cast<size_t>(index.row())];
        if (role == roles::SessionKeyRole) return QString::fromStdString(s.id);
        if (role == Qt::ToolTipRole) return sessionTooltip(s);
        if (role != Qt::DisplayRole && role != roles::SortRole) return {};
        switch (index.column()) {
            case kName: return sessionDisplayName(s);
            case kFormat: return QString::fromLatin1(format_name(s.format));
            case kMessages: return qlonglong(s.messages.size());
            case kLineage:
                if (!s.parent_session.empty()) return tr("fork of %1").arg(sessionDisplayName(*m_snapshot, s.parent_session));
                return tr("%n branch(es)", nullptr, static_cast<int>(s.branches.size()));
            case kFile: return QString::fromStdString(s.file);
        }
        return {};
    }
    const Session& s = sessions()[static_cast<size_t>(index.internalId() - 1)];
    const Branch& b = s.branches[static_cast<size_t>(index.row())];
    if (role == roles::SessionKeyRole) return QString::fromStdString(s.id);
    if (role == roles::BranchIdRole) return QString::fromStdString(b.id);
    if (role != Qt::DisplayRole && role != roles::SortRole) return {};
    switch (index.column()) {
        case kName: return QString::fromStdString(b.id);
        case kMessages: return qlonglong(b.message_indexes.size());
        case kLineage: return b.sidechain ? tr("sidechain") : tr("branch");
    }
    return {};
}

QVariant WorkspaceTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case kName: return tr("Session / branch");
        case kFormat: return tr("Format");
        case kMessages: return tr("Messages");
        case kLineage: return tr("Lineage");
        case kFile: return tr("File");
    }
    return {};
}

}  // namespace bm
