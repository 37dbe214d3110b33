// Claim graph construction and its Graphviz dot layout through libgvc.
#include "graph_layout.h"

#include "display_names.h"

#include <graphviz/gvc.h>

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <deque>
#include <mutex>
#include <set>
#include <tuple>

namespace bm {

namespace {

std::mutex& graphvizMutex() {
    static std::mutex m;
    return m;
}

// Slots reachable from `focus` through derivation edges in either direction, nearest first.
std::vector<std::string> neighbourhood(const MergedSnapshot& merged, const std::string& focus, size_t limit) {
    std::map<std::string, std::vector<std::string>> conclusions;  // premise → conclusions
    for (const auto& s : merged.slots)
        for (const auto& route : s.routes)
            for (const auto& p : route) conclusions[p].push_back(s.key);
    std::vector<std::string> out;
    std::set<std::string> seen{focus};
    std::deque<std::string> queue{focus};
    while (!queue.empty() && out.size() < limit) {
        std::string key = queue.front();
        queue.pop_front();
        out.push_back(key);
        std::vector<std::string> next = conclusions[key];
        if (const Slot* s = merged.find(key))
            for (const auto& route : s->routes) next.insert(next.end(), route.begin(), route.end());
        for (auto& n : next)
            if (merged.find(n) && seen.insert(n).second) queue.push_back(n);
    }
    return out;
}

bool needsReview(const Slot& s) { return s.state == SlotState::kDisputed || s.state == SlotState::kContested; }

// Value ellipses build_graph draws for `s`: its values, superseded values and dispute values.
int valueNodeCount(const MergedSnapshot& merged, const Slot& s) {
    if (!needsReview(s) && s.history.empty() && s.disputes.empty()) return 0;
    std::set<std::string> values;
    if (needsReview(s))
        for (const auto& v : s.values) values.insert(v.value);
    for (const auto& d : s.disputes) values.insert({d.winner_value, d.challenger_value});
    for (ClaimRef r : s.history) values.insert(merged.claim(r).value);
    if (!s.history.empty()) values.insert(s.winner ? *s.winner : (s.values.empty() ? std::string() : s.values.front().value));
    return static_cast<int>(values.size());
}

}  // namespace

GraphLayout build_graph(const StudioSnapshot& snapshot, const QString& focus, bool perRunFacts) {
    GraphLayout g;
    if (!snapshot.merged) return g;
    const MergedSnapshot& merged = *snapshot.merged;
    std::vector<std::string> chosen;
    std::set<std::string> in;
    int nodesUsed = 0;
    // A slot costs its box plus the value ellipses drawn for it; the first slot (the focus) always fits.
    int hidden = 0;
    auto take = [&](const std::string& key) {
        if (chosen.size() >= static_cast<size_t>(kMaxGraphSlots) || in.count(key)) return;
        if (!perRunFacts && isPerRunFact(key) && key != focus.toStdString()) return;
        const int cost = 1 + valueNodeCount(merged, *merged.find(key));
        if (!chosen.empty() && nodesUsed + cost > kMaxGraphNodes) return;
        nodesUsed += cost;
        in.insert(key);
        chosen.push_back(key);
    };
    const bool focused = !focus.isEmpty() && merged.find(focus.toStdString());
    if (focused) {  // only the neighbourhood: Focus narrows the graph, it does not refill it
        for (const auto& k : neighbourhood(merged, focus.toStdString(), kMaxGraphSlots)) take(k);
    } else {
        for (const auto& s : merged.slots)
            if (s.state == SlotState::kDisputed || s.state == SlotState::kContested) take(s.key);
        for (const auto& s : merged.slots)
            if (!s.routes.empty()) take(s.key);
        for (const auto& s : merged.slots) take(s.key);
        for (const auto& s : merged.slots) hidden += !perRunFacts && isPerRunFact(s.key) && !in.count(s.key) ? 1 : 0;
    }
    g.hiddenPerRun = hidden;
    g.omitted = focused ? 0 : static_cast<int>(merged.slots.size() - chosen.size()) - hidden;
    std::sort(chosen.begin(), chosen.end());

    QHash<QString, int> index;
    for (const auto& key : chosen) {
        const Slot& s = *merged.find(key);
        GraphNode n;
        n.id = n.slotKey = QString::fromStdString(key);
        n.state = s.state;
        n.retracted = s.derivation.status == DerivationStatus::kRetracted;
        n.trust = s.trust;
        QString value = s.winner ? QString::fromStdString(*s.winner) : QString();
        if (!s.winner && !s.tied.empty()) value = QStringLiteral("?");
        n.label = value.isEmpty() ? n.id : n.id + QStringLiteral(" = ") + value;
        if (const auto* r = snapshot.resolution(key); r && r->resolution)
            n.decision = QString::fromStdString(describe_resolution(*r->resolution));
        index.insert(n.id, static_cast<int>(g.nodes.size()));
        g.nodes.push_back(n);
    }
    // Value nodes of contested/disputed slots and slots with superseded claims; dispute and
    // supersession edges run between them.
    for (const auto& key : chosen) {
        const Slot& s = *merged.find(key);
        const bool review = needsReview(s);
        if (!review && s.history.empty() && s.disputes.empty()) continue;
        const int slotNode = index.value(QString::fromStdString(key));
        auto valueNode = [&](const std::string& value) {
            const QString id = QString::fromStdString(key + "=" + value);
            if (auto it = index.find(id); it != index.end()) return *it;
            GraphNode n = g.nodes[slotNode];
            n.id = id;
            n.label = QString::fromStdString(value);
            n.valueNode = true;
            n.decision.clear();
            const int at = static_cast<int>(g.nodes.size());
            index.insert(id, at);
            g.nodes.push_back(n);
            g.edges.push_back({slotNode, at, GraphEdgeKind::kValue, false, {}});
            return at;
        };
        if (review) {
            std::vector<int> values;
            for (const auto& v : s.values) values.push_back(valueNode(v.value));
            // Every pair of up to three values; more are chained, which keeps the edge count linear.
            for (size_t a = 0; a + 1 < values.size(); ++a)
                for (size_t b = a + 1; b < values.size() && (values.size() <= 3 || b == a + 1); ++b)
                    g.edges.push_back({values[a], values[b], GraphEdgeKind::kDispute, false, {}});
        }
        for (const auto& d : s.disputes)
            if (d.winner_value != d.challenger_value)
                g.edges.push_back({valueNode(d.challenger_value), valueNode(d.winner_value), GraphEdgeKind::kDispute, true, {}});
        for (ClaimRef r : s.history) {
            const Claim& old = merged.claim(r);
            const std::string current = s.winner ? *s.winner : (s.values.empty() ? old.value : s.values.front().value);
            if (old.value != current)
                g.edges.push_back({valueNode(old.value), valueNode(current), GraphEdgeKind::kSupersession, true, {}});
        }
    }
    for (const auto& key : chosen) {
        const Slot& s = *merged.find(key);
        std::set<std::string> premises;
        for (const auto& route : s.routes) premises.insert(route.begin(), route.end());
        for (const auto& p : premises)
            if (auto it = index.find(QString::fromStdString(p)); it != index.end())
                g.edges.push_back({*it, index.value(QString::fromStdString(key)), GraphEdgeKind::kDerivation, true, {}});
    }
    // One edge per (from, to, kind): a long log supersedes the same value many times over, and
    // thousands of parallel edges would only slow the layout and the painting down.
    std::set<std::tuple<int, int, int, bool>> seen;
    QVector<GraphEdge> unique;
    for (auto& e : g.edges) {
        const int a = e.directed ? e.from : std::min(e.from, e.to);
        const int b = e.directed ? e.to : std::max(e.from, e.to);
        if (seen.insert({a, b, static_cast<int>(e.kind), e.directed}).second) unique.push_back(std::move(e));
    }
    g.edges = std::move(unique);
    return g;
}

GraphLayout layout_graph(GraphLayout graph, const std::atomic_bool& cancel) {
    if (cancel.load()) {
        graph.cancelled = true;
        return graph;
    }
    if (graph.nodes.isEmpty()) return graph;
    std::lock_guard<std::mutex> lock(graphvizMutex());
    GVC_t* gvc = gvContext();
    char graphName[] = "claims";
    Agraph_t* g = agopen(graphName, Agdirected, nullptr);
    auto set = [](void* obj, const char* name, const std::string& value) {
        agsafeset(obj, const_cast<char*>(name), const_cast<char*>(value.c_str()), const_cast<char*>(""));
    };
    set(g, "rankdir", "LR");
    set(g, "nodesep", "0.25");
    set(g, "ranksep", "0.5");
    std::vector<Agnode_t*> nodes;
    nodes.reserve(static_cast<size_t>(graph.nodes.size()));
    for (int i = 0; i < graph.nodes.size(); ++i) {
        std::string name = "n" + std::to_string(i);
        Agnode_t* n = agnode(g, name.data(), 1);
        QString label = graph.nodes[i].label;
        if (!graph.nodes[i].decision.isEmpty()) label += QStringLiteral("\n") + graph.nodes[i].decision;
        set(n, "label", label.toStdString());
        set(n, "shape", graph.nodes[i].valueNode ? "ellipse" : "box");
        set(n, "fontsize", graph.nodes[i].valueNode ? "10" : "12");
        set(n, "margin", "0.15,0.08");
        nodes.push_back(n);
    }
    std::vector<Agedge_t*> edges;
    for (const auto& e : graph.edges) {
        Agedge_t* edge = agedge(g, nodes[static_cast<size_t>(e.from)], nodes[static_cast<size_t>(e.to)], nullptr, 1);
        if (e.kind == GraphEdgeKind::kDispute) set(edge, "constraint", "false");
        if (!e.directed) set(edge, "dir", "none");
        edges.push_back(edge);
    }
    if (gvLayout(gvc, g, "dot") != 0) {
        graph.error = QCoreApplication::translate("bm::ClaimGraphView", "The Graphviz dot layout failed; the graph cannot be drawn.");
        agclose(g);
        gvFreeContext(gvc);
        return graph;
    }
    const boxf bb = GD_bb(g);
    const double top = bb.UR.y;
    auto toScene = [top](pointf p) { return QPointF(p.x, top - p.y); };
    for (int i = 0; i < graph.nodes.size(); ++i) {
        Agnode_t* n = nodes[static_cast<size_t>(i)];
        const double w = ND_width(n) * 72.0;
        const double h = ND_height(n) * 72.0;
        const QPointF c = toScene(ND_coord(n));
        graph.nodes[i].rect = QRectF(c.x() - w / 2, c.y() - h / 2, w, h);
    }
    for (size_t i = 0; i < edges.size(); ++i) {
        splines* spl = ED_spl(edges[i]);
        auto& out = graph.edges[static_cast<int>(i)];
        if (spl && spl->size > 0) {
            const bezier& bz = spl->list[0];
            for (int k = 0; k < bz.size; ++k) out.points.push_back(toScene(bz.list[k]));
            if (bz.eflag) {
                out.points.push_back(toScene(bz.ep));
                out.arrowTip = true;
            }
        }
    }
    graph.bounds = QRectF(bb.LL.x, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    gvFreeLayout(gvc, g);
    agclose(g);
    gvFreeContext(gvc);
    return graph;
}

}  // namespace bm
