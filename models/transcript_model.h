// Tree model of one session's transcript: messages at the top level, content blocks beneath.
#pragma once

#include <QAbstractItemModel>
#include <memory>
#include <vector>

#include "model/session.h"

namespace bm {

class TranscriptModel : public QAbstractItemModel {
    Q_OBJECT
public:
    explicit TranscriptModel(QObject* parent = nullptr) : QAbstractItemModel(parent) {}

    void setMessages(std::vector<Message> messages);
    // Shows the messages of `branch` of `session` (all messages when `branch` is null) without
    // copying them; `owner` keeps the session alive.
    void setSession(std::shared_ptr<const void> owner, const Session* session, const Branch* branch);
    // Row of the message with `id` in the current window, or -1.
    int rowOfMessage(const QString& id) const;
    const Message* messageAt(int row) const;

    // A long transcript shows a window of at most pageRows() messages so the view never lays
    // out tens of thousands of rows at once (SPEC §16: the GUI never freezes).
    static int pageRows() { return kPageRows; }
    int totalMessages() const;
    int windowStart() const { return m_start; }
    // Moves the window so that it starts at message `first` (clamped); resets the model.
    void setWindowStart(int first);
    // Index among all the messages shown (not only the window) of the message `id`, or -1.
    int positionOfMessage(const QString& id) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    static constexpr int kPageRows = 1000;
    const Message* messageAtPosition(size_t position) const;

    std::shared_ptr<const void> m_owner;
    int m_start = 0;  // position of row 0
    const std::vector<Message>* m_messages = nullptr;
    std::vector<size_t> m_rows;  // message index per row; empty with m_all
    bool m_all = true;
};

}  // namespace bm
