// Slot table rows and the review filter over them.
#include "slot_table_model.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QStringList>
#include <algorithm>

#include "display_names.h"
#include "roles.h"
#include "trust/trust_lattice.h"

namespace bm {

namespace {

QString valueText(const Slot& s) {
    if (s.winner) return QString::fromStdString(*s.winner);
    QStringList tied;
    for (const auto& v : s.tied) tied << QString::fromStdString(v);
    return tied.join(QStringLiteral(" | "));
}

bool isRetracted(const Slot& s) { return s.derivation.status == DerivationStatus::kRetracted; }

}  // namespace

QString slotStateText(SlotState state, bool retracted) {
    if (retracted) return QCoreApplication::translate("bm::SlotTableModel", "retracted");
    switch (state) {
        case SlotState::kSettled: return QCoreApplication::translate("bm::SlotTableModel", "settled");
        case SlotState::kResolved: return QCoreApplication::translate("bm::SlotTableModel", "resolved");
        case SlotState::kContested: return QCoreApplication::translate("bm::SlotTableModel", "contested");
        case SlotState::kDisputed: return QCoreApplication::translate("bm::SlotTableModel", "disputed");
    }
    return {};
}

QString derivationStatusText(DerivationStatus status) {
    switch (status) {
        case DerivationStatus::kAxiom: return QCoreApplication::translate("bm::SlotTableModel", "axiom");
        case DerivationStatus::kFounded: return QCoreApplication::translate("bm::SlotTableModel", "founded");
        case DerivationStatus::kRetracted: return QCoreApplication::translate("bm::SlotTableModel", "retracted");
        case DerivationStatus::kUnasserted: return QCoreApplication::translate("bm::SlotTableModel", "unasserted");
    }
    return {};
}

QColor slotStateColor(SlotState state, bool retracted) {
    if (retracted) return QColor(0x9e, 0x9e, 0x9e);
    switch (state) {
        case SlotState::kSettled: return QColor(0x81, 0xc7, 0x84);
        case SlotState::kResolved: return QColor(0x64, 0xb5, 0xf6);
        case SlotState::kContested: return QColor(0xff, 0xb7, 0x4d);
        case SlotState::kDisputed: return QColor(0xe5, 0x73, 0x73);
    }
    return QColor(Qt::white);
}

void SlotTableModel::setSnapshot(SnapshotPtr snapshot) {
    beginResetModel();
    m_snapshot = std::move(snapshot);
    endResetModel();
}

int SlotTableModel::rowOf(const QString& key) const {
    if (!m_snapshot || !m_snapshot->merged) return -1;
    const auto& slots = m_snapshot->merged->slots;
    const std::string k = key.toStdString();
    auto it = std::lower_bound(slots.begin(), slots.end(), k, [](const Slot& s, const std::string& x) { return s.key < x; });
    return it != slots.end() && it->key == k ? static_cast<int>(it - slots.begin()) : -1;
}

int SlotTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_snapshot || !m_snapshot->merged) return 0;
    return static_cast<int>(m_snapshot->merged->slots.size());
}

int SlotTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant SlotTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Slot& s = m_snapshot->merged->slots[static_cast<size_t>(index.row())];
    const EffectiveResolution* r = m_snapshot->resolution(s.key);
    const QString decision = r && r->resolution ? QString::fromStdString(describe_resolution(*r->resolution)) : QString();
    const bool stale = r && r->stale();
    const bool decided = r && r->origin == ResolutionOrigin::kHuman;
    switch (role) {
        case roles::DecidedRole: return decided;
        case roles::SlotKeyRole: return QString::fromStdString(s.key);
        case roles::SlotStateRole: return QString::fromLatin1(slot_state_name(s.state));
        case roles::TrustRole: return QString::fromLatin1(trust_name(s.trust));
        case roles::DecisionRole: return decision;
        case roles::StaleRole: return stale;
        case roles::NeedsReviewRole: return s.state == SlotState::kDisputed || s.state == SlotState::kContested;
        case roles::FilterRole: {
            QString text = QString::fromStdString(s.key);
            for (const auto& v : s.values) text += QLatin1Char(' ') + QString::fromStdString(v.value);
            return text;
        }
        case Qt::BackgroundRole:
            if (index.column() == kState)
                return QBrush((decided ? slotStateColor(SlotState::kResolved, false) : slotStateColor(s.state, isRetracted(s))).lighter(130));
            return {};
        case Qt::ToolTipRole:
            if (stale) return tr("A decision was made against an older annotation: new evidence arrived; review again.");
            if (!s.rank_comparison.empty()) return QString::fromStdString(s.rank_comparison);
            return {};
        case Qt::DisplayRole:
        case roles::SortRole:
            switch (index.column()) {
                case kKey: return QString::fromStdString(s.key);
                case kState:
                    // A decided dispute stays listed (to revise it) but reads as done.
                    return decided ? tr("decided (%1)").arg(slotStateText(s.state, isRetracted(s))) : slotStateText(s.state, isRetracted(s));
                case kValue: return valueText(s);
                case kTrust: return trustText(s.trust);
                case kDerivation: return derivationStatusText(s.derivation.status);
                case kDecision:
                    if (stale) return tr("stale: %1").arg(r->stale_decisions.empty() ? QString()
                                                                                     : resolutionText(r->stale_decisions.back().resolution()));
                    return r && r->resolution ? resolutionText(*r->resolution) : QString();
            }
            return {};
    }
    return {};
}

QVariant SlotTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case kKey: return tr("Slot");
        case kState: return tr("State");
        case kValue: return tr("Value");
        case kTrust: return tr("Trust");
        case kDerivation: return tr("Derivation");
        case kDecision: return tr("Decision");
    }
    return {};
}

SlotFilterProxy::SlotFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(roles::SortRole);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void SlotFilterProxy::setScope(Scope scope) {
    if (m_scope == scope) return;
    m_scope = scope;
    invalidateFilter();
}

void SlotFilterProxy::setText(const QString& text) {
    if (m_text == text) return;
    m_text = text;
    invalidateFilter();
}

void SlotFilterProxy::setPerRunFacts(bool on) {
    if (m_perRunFacts == on) return;
    m_perRunFacts = on;
    invalidateFilter();
}

bool SlotFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_perRunFacts && i.data(roles::SlotKeyRole).toString().startsWith(QLatin1String("env.session."))) return false;
    const QString state = i.data(roles::SlotStateRole).toString();
    switch (m_scope) {
        case Scope::kNeedsReview:
            if (!i.data(roles::NeedsReviewRole).toBool()) return false;
            break;
        case Scope::kDisputed:
            if (state != QLatin1String("disputed")) return false;
            break;
        case Scope::kContested:
            if (state != QLatin1String("contested")) return false;
            break;
        case Scope::kAll: break;
    }
    return m_text.isEmpty() || i.data(roles::FilterRole).toString().contains(m_text, Qt::CaseInsensitive);
}

}  // namespace bm
