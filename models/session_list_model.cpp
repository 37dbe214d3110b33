// Sessions table over an immutable list read from the workspace.
#include "session_list_model.h"

#include "roles.h"

namespace bm {

void SessionListModel::setSessions(std::vector<StoredSession> sessions) {
    beginResetModel();
    m_sessions = std::move(sessions);
    endResetModel();
}

const StoredSession* SessionListModel::sessionAt(int row) const {
    return row >= 0 && row < static_cast<int>(m_sessions.size()) ? &m_sessions[static_cast<size_t>(row)] : nullptr;
}

int SessionListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_sessions.size());
}

int SessionListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant SessionListModel::data(const QModelIndex& index, int role) const {
    const StoredSession* s = index.isValid() ? sessionAt(index.row()) : nullptr;
    if (!s) return {};
    if (role == roles::SessionKeyRole) return QString::fromStdString(s->key);
    if (role == Qt::DisplayRole || role == roles::SortRole) {
        switch (index.column()) {
            case kFormat: return QString::fromStdString(s->format);
            case kId: return QString::fromStdString(s->key);
            case kMessages: return role == roles::SortRole ? QVariant(qlonglong(s->message_count)) : QVariant(QString::number(s->message_count));
            case kRedactions: return role == roles::SortRole ? QVariant(qlonglong(s->redactions)) : QVariant(QString::number(s->redactions));
            case kFile: return QString::fromStdString(s->file);
        }
    }
    if (role == Qt::ToolTipRole) return QString::fromStdString(s->file);
    return {};
}

QVariant SessionListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case kFormat: return tr("Format");
        case kId: return tr("Session");
        case kMessages: return tr("Messages");
        case kRedactions: return tr("Redactions");
        case kFile: return tr("File");
    }
    return {};
}

}  // namespace bm
