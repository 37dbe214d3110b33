// Transcript tree: internalId 0 marks a message row, k+1 marks a block of message k.
#include "transcript_model.h"

#include <QBrush>
#include <QFont>
#include <algorithm>

#include "roles.h"
#include "tool_call_text.h"

namespace bm {

namespace {
constexpr quintptr kMessageRow = 0;

QString preview(const std::string& text) {
    QString s = QString::fromStdString(text).simplified();
    return s.size() > 240 ? QString(s.left(240) + QChar(0x2026)) : s;
}

QString blockText(const ContentBlock& b) {
    switch (b.kind) {
        case BlockKind::kToolCall: return toolCallLine(b.tool_name, b.arguments);
        case BlockKind::kToolResult: return QString::fromStdString(b.text);
        default: return QString::fromStdString(b.text);
    }
}
// True when a message has nothing to show: no block holds text or arguments (a harness record).
bool textless(const Message& m) {
    return std::all_of(m.blocks.begin(), m.blocks.end(), [](const ContentBlock& b) { return b.text.empty() && b.arguments.empty(); });
}

// The text a message's row shows: its visible text, or its first block's (a tool call).
QString rowText(const Message& m) {
    return preview(m.visible_text().empty() && !m.blocks.empty() ? blockText(m.blocks.front()).toStdString()
                                                                  : m.visible_text());
}
}  // namespace

void TranscriptModel::setMessages(std::vector<Message> messages) {
    auto owned = std::make_shared<const std::vector<Message>>(std::move(messages));
    beginResetModel();
    m_messages = owned.get();
    m_owner = std::move(owned);
    m_rows.clear();
    m_all = true;
    m_start = 0;
    endResetModel();
}

void TranscriptModel::setSession(std::shared_ptr<const void> owner, const Session* session, const Branch* branch) {
    beginResetModel();
    m_owner = std::move(owner);
    m_messages = session ? &session->messages : nullptr;
    m_all = branch == nullptr;
    m_rows = branch ? branch->message_indexes : std::vector<size_t>();
    m_start = 0;
    endResetModel();
}

int TranscriptModel::totalMessages() const {
    if (!m_messages) return 0;
    return static_cast<int>(m_all ? m_messages->size() : m_rows.size());
}

void TranscriptModel::setWindowStart(int first) {
    first = std::max(0, std::min(first, totalMessages() - kPageRows));
    if (first == m_start) return;
    beginResetModel();
    m_start = first;
    endResetModel();
}

const Message* TranscriptModel::messageAtPosition(size_t p) const {
    if (!m_messages) return nullptr;
    if (m_all) return p < m_messages->size() ? &(*m_messages)[p] : nullptr;
    return p < m_rows.size() && m_rows[p] < m_messages->size() ? &(*m_messages)[m_rows[p]] : nullptr;
}

const Message* TranscriptModel::messageAt(int row) const {
    if (row < 0 || row >= rowCount()) return nullptr;
    return messageAtPosition(static_cast<size_t>(m_start + row));
}

int TranscriptModel::positionOfMessage(const QString& id) const {
    const std::string key = id.toStdString();
    const int n = totalMessages();
    for (int p = 0; p < n; ++p)
        if (const Message* m = messageAtPosition(static_cast<size_t>(p)); m && m->id == key) return p;
    return -1;
}

int TranscriptModel::rowOfMessage(const QString& id) const {
    const std::string key = id.toStdString();
    const int n = rowCount();
    for (int row = 0; row < n; ++row)
        if (const Message* m = messageAt(row); m && m->id == key) return row;
    return -1;
}

QModelIndex TranscriptModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, kMessageRow);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex TranscriptModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kMessageRow) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kMessageRow);
}

int TranscriptModel::rowCount(const QModelIndex& parent) const {
    if (!m_messages) return 0;
    if (!parent.isValid()) return std::min(kPageRows, totalMessages() - m_start);
    if (parent.column() != 0 || parent.internalId() != kMessageRow) return 0;
    const Message* m = messageAt(parent.row());
    // A message with one text block shows it on its own row; several blocks (reasoning, tool) fold beneath.
    return m && m->blocks.size() > 1 ? static_cast<int>(m->blocks.size()) : 0;
}

int TranscriptModel::columnCount(const QModelIndex&) const { return 2; }

QVariant TranscriptModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    if (index.internalId() == kMessageRow) {
        const Message& m = *messageAt(index.row());
        if (role == roles::MessageIndexRole) return m_start + index.row();
        if (role == roles::MessageIdRole) return QString::fromStdString(m.id);
        if (role == roles::RoleNameRole) return QString::fromLatin1(role_name(m.role));
        if (role == roles::ShadowedRole) return m.surface == Surface::kShadowed;
        if (role == Qt::DisplayRole) {
            // A user-role message the harness or a plugin wrote (Aider's architect reply handed to its editor, pi's
            // extension prompts, a compaction summary) says so: never the user's words (session 40).
            if (index.column() == 0)
                return QString((m.source.kind == SourceKind::kPlugin && m.role == Role::kUser
                                    ? tr("harness: %1").arg(QString::fromStdString(m.source.name))
                                    : QString::fromLatin1(role_name(m.role))) +
                               (m.surface == Surface::kShadowed ? tr(" (shadowed)") : QString()));
            const QString text = rowText(m);
            // A harness record with no text (Claude Code's turn_duration) shows what it is, not a blank row.
            return text.isEmpty() && !m.source.name.empty() ? QStringLiteral("[%1]").arg(QString::fromStdString(m.source.name))
                                                            : text;
        }
        if (role == Qt::ForegroundRole && (m.surface == Surface::kShadowed || (!m.source.name.empty() && textless(m))))
            return QBrush(Qt::gray);
        if (role == Qt::ToolTipRole) return QString::fromStdString(m.id);
        return {};
    }
    const Message& m = *messageAt(static_cast<int>(index.internalId() - 1));
    const ContentBlock& b = m.blocks[static_cast<size_t>(index.row())];
    if (role == roles::BlockKindRole) return QString::fromLatin1(block_kind_name(b.kind));
    if (role == Qt::DisplayRole)
        return index.column() == 0 ? QString::fromLatin1(block_kind_name(b.kind)) : preview(blockText(b).toStdString());
    if (role == Qt::ToolTipRole)
        return b.kind == BlockKind::kToolCall ? toolCallDetail(b.tool_name, b.arguments, 4000) : blockText(b).left(4000);
    if (role == Qt::FontRole && b.kind == BlockKind::kReasoning) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    return {};
}

QVariant TranscriptModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == 0 ? tr("Role / block") : tr("Content");
}

}  // namespace bm
