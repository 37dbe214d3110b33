// Table model of the sessions of one workspace snapshot (format, id, messages, redactions).
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "store/workspace.h"

namespace bm {

class SessionListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { kFormat, kId, kMessages, kRedactions, kFile, kColumnCount };

    explicit SessionListModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

    // Replaces the whole snapshot (one reset, as views expect for a finished background job).
    void setSessions(std::vector<StoredSession> sessions);
    const StoredSession* sessionAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<StoredSession> m_sessions;
};

}  // namespace bm
