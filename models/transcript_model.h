// Tree model of one session's transcript: messages at the top level, content blocks beneath.
#pragma once

#include <QAbstractItemModel>
#include <vector>

#include "model/message.h"

namespace bm {

class TranscriptModel : public QAbstractItemModel {
    Q_OBJECT
public:
    explicit TranscriptModel(QObject* parent = nullptr) : QAbstractItemModel(parent) {}

    void setMessages(std::vector<Message> messages);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<Message> m_messages;
};

}  // namespace bm
