// Slot inspector rows: internalId 0 marks a value (group) row, k+1 a claim of group k.
#include "slot_inspector_model.h"

#include "confidence_text.h"
#include "display_names.h"

#include <QBrush>
#include <QFont>
#include <algorithm>
#include <set>

#include "roles.h"
#include "trust/trust_lattice.h"

namespace bm {

namespace {
constexpr quintptr kGroupRow = 0;
}

void SlotInspectorModel::setSlot(SnapshotPtr snapshot, const QString& key) {
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_groups.clear();
    m_slot = m_snapshot ? m_snapshot->slot(key.toStdString()) : nullptr;
    if (m_slot) {
        for (const auto& v : m_slot->values) m_groups.push_back({&v, v.supporters});
        if (!m_slot->history.empty()) m_groups.push_back({nullptr, m_slot->history});
    }
    endResetModel();
}

int SlotInspectorModel::rowOfValue(const QString& value) const {
    for (size_t i = 0; i < m_groups.size(); ++i)
        if (m_groups[i].value && QString::fromStdString(m_groups[i].value->value) == value) return static_cast<int>(i);
    return -1;
}

QModelIndex SlotInspectorModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, kGroupRow);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex SlotInspectorModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kGroupRow) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kGroupRow);
}

int SlotInspectorModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_groups.size());
    if (parent.column() != 0 || parent.internalId() != kGroupRow) return 0;
    return static_cast<int>(m_groups[static_cast<size_t>(parent.row())].claims.size());
}

int SlotInspectorModel::columnCount(const QModelIndex&) const { return kColumnCount; }

int SlotInspectorModel::wordingsOf(const SlotValue& v) const {
    std::set<std::string> words;
    for (ClaimRef r : v.supporters) words.insert(m_snapshot->merged->claim(r).value);
    return static_cast<int>(words.size());
}

QVariant SlotInspectorModel::groupData(const Group& g, int column, int role) const {
    if (!g.value) {
        if (role == Qt::DisplayRole && column == kValue) return tr("superseded within their branch");
        if (role == Qt::ForegroundRole) return QBrush(Qt::gray);
        return {};
    }
    const SlotValue& v = *g.value;
    const bool winner = m_slot->winner && *m_slot->winner == v.value;
    const bool tied = std::find(m_slot->tied.begin(), m_slot->tied.end(), v.value) != m_slot->tied.end();
    if (role == roles::ValueRole) return QString::fromStdString(v.value);
    if (role == roles::TrustRole) return QString::fromLatin1(trust_name(v.trust));
    if (role == Qt::ToolTipRole && column == kSource && wordingsOf(v) > 1)
        return tr("The merge read these claims as one fact worded %n ways: the shown wording leaves out only words "
                  "that do not change its meaning (no negation, condition, time, hedge, failure or number). Each "
                  "row below shows its claim's own words.", nullptr, wordingsOf(v));
    if (role == Qt::FontRole && winner) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
        case kValue:
            return QString(QString::fromStdString(v.value) + (winner ? tr("  (winner)") : tied ? tr("  (tied)") : QString()));
        case kSource: {
            const QString sources = tr("%n source(s)", nullptr, static_cast<int>(v.evidence.size()));
            const int wordings = wordingsOf(v);
            return wordings > 1 ? sources + tr(", %n wording(s)", nullptr, wordings) : sources;
        }
        case kEvidence: return tr("score %1").arg(v.score);
        case kRank: return v.max_rank;
        case kTrust: return trustText(v.trust);
    }
    return {};
}

QVariant SlotInspectorModel::claimData(const Claim& c, int column, int role) const {
    switch (role) {
        case roles::ValueRole: return QString::fromStdString(c.value);
        case roles::SourceSessionRole: return QString::fromStdString(c.source.session_id);
        case roles::SourceMessageRole: return QString::fromStdString(c.source.message_id);
        case roles::SourceBranchRole: return QString::fromStdString(c.source.branch_id);
        case roles::QuoteRole: return QString::fromStdString(c.quote);
        case roles::QuoteOffsetRole: return qlonglong(c.quote_offset);
        case roles::TrustRole: return QString::fromLatin1(trust_name(c.trust));
        case roles::RuleRole: return QString::fromStdString(c.rule);
        case roles::ConfidenceRole: return c.confidence;
        case Qt::ToolTipRole:
            if (column == kRule) return ruleTooltip(c);
            return QString(tr("Session id: %1, message %2").arg(QString::fromStdString(c.source.session_id), QString::fromStdString(c.source.message_id)) +
                           u'\n' + tr("Double-click or press Enter to show this message in the transcript"));
        case Qt::DisplayRole:
            switch (column) {
                case kValue: return QString::fromStdString(c.value);
                case kSource:
                    return tr("%1 · %2 (%3)").arg(sessionDisplayName(*m_snapshot, c.source.session_id, 32),
                                                 QString::fromStdString(c.source.message_id), roleText(c.source.role));
                case kEvidence: return evidenceText(c.evidence);
                case kRank: return c.provenance_rank;
                case kTrust: return trustText(c.trust);
                case kRule: return ruleText(c);
                case kQuote: return QString::fromStdString(c.quote);
                case kTime: return QString::fromStdString(c.time);
            }
    }
    return {};
}

QVariant SlotInspectorModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_slot) return {};
    if (index.internalId() == kGroupRow) return groupData(m_groups[static_cast<size_t>(index.row())], index.column(), role);
    const Group& g = m_groups[static_cast<size_t>(index.internalId() - 1)];
    return claimData(m_snapshot->merged->claim(g.claims[static_cast<size_t>(index.row())]), index.column(), role);
}

QVariant SlotInspectorModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case kValue: return tr("Value");
        case kSource: return tr("Source");
        case kEvidence: return tr("Evidence");
        case kRank: return tr("Rank");
        case kTrust: return tr("Trust");
        case kRule: return tr("Rule · confidence");
        case kQuote: return tr("Quote");
        case kTime: return tr("Time");
    }
    return {};
}

}  // namespace bm
