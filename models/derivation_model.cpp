// Derivation tree nodes are built eagerly into a flat vector; internalId is node index + 1.
#include "derivation_model.h"

#include <QBrush>
#include <QFont>
#include <algorithm>

#include "roles.h"
#include "slot_table_model.h"

namespace bm {

int DerivationModel::addNode(Node node) {
    node.row = node.parent < 0 ? static_cast<int>(m_roots.size())
                               : static_cast<int>(m_nodes[static_cast<size_t>(node.parent)].children.size());
    const int id = static_cast<int>(m_nodes.size());
    const int parent = node.parent;
    m_nodes.push_back(std::move(node));
    if (parent < 0) m_roots.push_back(id);
    else m_nodes[static_cast<size_t>(parent)].children.push_back(id);
    return id;
}

int DerivationModel::addSlot(const std::string& key, int parent, std::vector<std::string>& path, bool unmet) {
    const Slot* s = m_snapshot->slot(key);
    Node n;
    n.parent = parent;
    n.key = QString::fromStdString(key);
    n.text = n.key;
    n.unmet = unmet;
    if (!s) {
        n.kind = Kind::kUnknown;
        n.status = tr("unknown premise");
        return addNode(std::move(n));
    }
    n.in = s->derivation.in;
    n.status = derivationStatusText(s->derivation.status);
    if (std::find(path.begin(), path.end(), key) != path.end()) {
        n.kind = Kind::kCycle;
        n.status = tr("cycle");
        return addNode(std::move(n));
    }
    const int id = addNode(std::move(n));
    if (static_cast<int>(path.size()) >= kMaxDepth) {
        Node d;
        d.kind = Kind::kDepth;
        d.parent = id;
        d.text = tr("… deeper premises not shown");
        addNode(std::move(d));
        return id;
    }
    path.push_back(key);
    const auto& unmetList = s->derivation.unmet_premises;
    for (size_t r = 0; r < s->routes.size(); ++r) {
        Node route;
        route.kind = Kind::kRoute;
        route.parent = id;
        route.satisfied = s->derivation.satisfied_route && *s->derivation.satisfied_route == r;
        route.text = tr("route %1").arg(r + 1);
        route.status = route.satisfied ? tr("satisfied") : QString();
        route.in = route.satisfied;
        const int routeId = addNode(std::move(route));
        for (const auto& premise : s->routes[r])
            addSlot(premise, routeId, path,
                    std::find(unmetList.begin(), unmetList.end(), premise) != unmetList.end());
    }
    path.pop_back();
    return id;
}

void DerivationModel::setSlot(SnapshotPtr snapshot, const QString& key) {
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_nodes.clear();
    m_roots.clear();
    if (m_snapshot && m_snapshot->slot(key.toStdString())) {
        std::vector<std::string> path;
        addSlot(key.toStdString(), -1, path, false);
    }
    endResetModel();
}

QModelIndex DerivationModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    const std::vector<int>& list =
        parent.isValid() ? m_nodes[static_cast<size_t>(parent.internalId() - 1)].children : m_roots;
    return createIndex(row, column, static_cast<quintptr>(list[static_cast<size_t>(row)]) + 1);
}

QModelIndex DerivationModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const Node& n = m_nodes[static_cast<size_t>(child.internalId() - 1)];
    if (n.parent < 0) return {};
    return createIndex(m_nodes[static_cast<size_t>(n.parent)].row, 0, static_cast<quintptr>(n.parent) + 1);
}

int DerivationModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_roots.size());
    if (parent.column() != 0) return 0;
    return static_cast<int>(m_nodes[static_cast<size_t>(parent.internalId() - 1)].children.size());
}

int DerivationModel::columnCount(const QModelIndex&) const { return kColumnCount; }

QVariant DerivationModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Node& n = m_nodes[static_cast<size_t>(index.internalId() - 1)];
    const bool labelled = n.kind == Kind::kSlot || n.kind == Kind::kCycle;
    switch (role) {
        case roles::SlotKeyRole: return n.key;
        case roles::InRole: return n.in;
        case Qt::DisplayRole:
            switch (index.column()) {
                case kNode: return n.text;
                case kLabel:
                    if (labelled) return n.in ? tr("IN") : tr("OUT");
                    if (n.kind == Kind::kUnknown) return tr("OUT");
                    return {};
                case kStatus: return n.unmet ? tr("%1 — unmet premise").arg(n.status) : n.status;
            }
            return {};
        case Qt::ForegroundRole:
            if (index.column() == kLabel && (labelled || n.kind == Kind::kUnknown))
                return QBrush(n.in ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
            if (n.kind == Kind::kRoute && !n.satisfied) return QBrush(Qt::gray);
            return {};
        case Qt::FontRole:
            if (n.unmet) {
                QFont f;
                f.setBold(true);
                return f;
            }
            return {};
    }
    return {};
}

QVariant DerivationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case kNode: return tr("Slot / route");
        case kLabel: return tr("Label");
        case kStatus: return tr("Status");
    }
    return {};
}

}  // namespace bm
