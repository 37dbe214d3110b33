// Claim graph construction and its Graphviz dot layout through libgvc.
#include "graph_layout.h"

#include "display_names.h"

#include <graphviz/gvc.h>

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <cmath>
#include <deque>
#include <functional>
#include <map>
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

// A value as a node shows it: at most 60 characters, the rest elided ("…"); the slot inspector shows it whole
// (session 37: an answered question's 150-character value drew a node wider than the view).
QString shownValue(const std::string& value) {
    constexpr int kMaxShown = 60;
    const QString v = QString::fromStdString(value);
    return v.size() <= kMaxShown ? v : v.left(kMaxShown - 1).trimmed() + QChar(0x2026);
}

}  // namespace

QString nodeText(const GraphNode& node) {
    if (!node.cluster.isEmpty()) {
        QString text = node.label + QLatin1Char('\n') + QCoreApplication::translate("bm::ClaimGraphView", "%n slot(s)", nullptr, node.clusterSlots);
        if (node.clusterReview > 0)
            text += QStringLiteral(" · ") + QCoreApplication::translate("bm::ClaimGraphView", "%n to review", nullptr, node.clusterReview);
        return text;
    }
    return node.decision.isEmpty() ? node.label : node.label + QLatin1Char('\n') + node.decision;
}

QString frameTitle(const GraphFrame& frame) {
    const int count = frame.slots;  // (lupdate reads a `slots` token as Qt's keyword and skips the call)
    return QStringLiteral("▾ ") +
           QCoreApplication::translate("bm::ClaimGraphView", "%1… (%n slot(s); click here or Backspace to collapse)", nullptr, count)
               .arg(frame.prefix);
}

GraphLayout build_graph(const StudioSnapshot& snapshot, const GraphRequest& request) {
    GraphLayout g;
    if (!snapshot.merged) return g;
    const MergedSnapshot& merged = *snapshot.merged;
    const std::string focusKey = request.focus.toStdString();
    const bool focused = !focusKey.empty() && merged.find(focusKey);
    // Whether `s` is drawn at all (the focus always is); what is not is counted.
    auto shown = [&](const Slot& s) {
        if (s.key == focusKey) return true;
        if (!request.perRunFacts && isPerRunFact(s.key)) {
            ++g.hiddenPerRun;
            return false;
        }
        if (!request.filter.passes(merged, s)) {
            ++g.filtered;
            return false;
        }
        return true;
    };
    std::vector<std::string> passing;
    if (focused) {  // only the neighbourhood: Focus narrows the graph, it does not refill it
        for (const auto& k : neighbourhood(merged, focusKey, kMaxGraphSlots))
            if (shown(*merged.find(k))) passing.push_back(k);
        std::sort(passing.begin(), passing.end());
    } else {
        for (const auto& s : merged.slots)
            if (shown(s)) passing.push_back(s.key);
    }
    auto slotCost = [&](const std::string& key) { return 1 + valueNodeCount(merged, *merged.find(key)); };
    auto levelCost = [&](const std::vector<KeyGroup>& level) {
        int cost = 0;
        for (const auto& c : level) cost += c.keys.size() == 1 ? slotCost(c.keys.front()) : 1;
        return cost;
    };

    QHash<QString, int> index;
    auto addSlot = [&](const std::string& key, int frame) {
        const Slot& s = *merged.find(key);
        GraphNode n;
        n.id = n.slotKey = QString::fromStdString(key);
        n.state = s.state;
        n.retracted = s.derivation.status == DerivationStatus::kRetracted;
        n.trust = s.trust;
        n.frame = frame;
        QString value = s.winner ? shownValue(*s.winner) : QString();
        if (!s.winner && !s.tied.empty()) value = QStringLiteral("?");
        const QString shownKey = compactSlotKey(n.id);
        n.label = value.isEmpty() ? shownKey : shownKey + QStringLiteral(" = ") + value;
        if (const auto* r = snapshot.resolution(key); r && r->resolution)
            n.decision = QString::fromStdString(describe_resolution(*r->resolution));
        index.insert(n.id, static_cast<int>(g.nodes.size()));
        g.nodeOfSlot.insert(n.id, static_cast<int>(g.nodes.size()));
        g.nodes.push_back(n);
    };
    auto addCluster = [&](const KeyGroup& group, int frame) {
        GraphNode n;
        n.cluster = QString::fromStdString(group.prefix);
        n.id = QStringLiteral("cluster:") + n.cluster;
        n.label = n.cluster + QStringLiteral("…");
        n.clusterSlots = static_cast<int>(group.keys.size());
        n.frame = frame;
        n.trust = TrustLabel::kTrusted;
        for (const auto& key : group.keys) {  // the worst state and the weakest trust inside
            const Slot& s = *merged.find(key);
            n.state = std::max(n.state, s.state);
            n.trust = std::min(n.trust, s.trust);
            n.clusterReview += needsReview(s) ? 1 : 0;
            g.nodeOfSlot.insert(QString::fromStdString(key), static_cast<int>(g.nodes.size()));
        }
        ++g.clusters;
        g.clustered += n.clusterSlots;
        g.nodes.push_back(n);
    };
    std::vector<std::string> drawn;  // slots drawn as their own box, in the order added
    int used = 0;
    // Children of an open cluster (their collapsed cost already counted in `used`), in key order.
    std::function<void(const std::vector<KeyGroup>&, int)> walk = [&](const std::vector<KeyGroup>& level, int frame) {
        for (const auto& child : level) {
            if (child.keys.size() == 1) {
                addSlot(child.keys.front(), frame);
                drawn.push_back(child.keys.front());
                continue;
            }
            if (request.expanded.count(child.prefix)) {
                const std::vector<KeyGroup> inner = split_by_prefix(child.keys, child.prefix);
                const int delta = levelCost(inner) - 1;
                if (used + delta <= kMaxGraphNodes) {
                    used += delta;
                    g.frames.push_back({QString::fromStdString(child.prefix), frame, static_cast<int>(child.keys.size()), {}});
                    walk(inner, static_cast<int>(g.frames.size()) - 1);
                    continue;
                }
                ++g.unexpanded;
            }
            addCluster(child, frame);
        }
    };
    int allCost = 0;
    for (const auto& key : passing) allCost += slotCost(key);
    if (focused || (passing.size() <= static_cast<size_t>(kMaxGraphSlots) && allCost <= kMaxGraphNodes)) {
        for (const auto& key : passing) addSlot(key, -1);
        drawn = passing;
    } else {
        const std::vector<KeyGroup> top = split_by_prefix(passing, std::string());
        used = levelCost(top);
        walk(top, -1);
    }
    const std::vector<std::string>& chosen = drawn;
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
            n.label = shownValue(value);
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
    // Derivation edges between whatever draws premise and conclusion (a slot or its cluster).
    for (const auto& key : passing) {
        const Slot& s = *merged.find(key);
        if (s.routes.empty()) continue;
        const int to = g.nodeOfSlot.value(QString::fromStdString(key), -1);
        std::set<std::string> premises;
        for (const auto& route : s.routes) premises.insert(route.begin(), route.end());
        for (const auto& p : premises)
            if (const int from = g.nodeOfSlot.value(QString::fromStdString(p), -1); from >= 0 && to >= 0 && from != to)
                g.edges.push_back({from, to, GraphEdgeKind::kDerivation, true, {}});
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
    // Expanded clusters are dot clusters (subgraphs named cluster_*), nested as the frames are; a
    // frame's parent always comes before it.
    std::vector<Agraph_t*> frames;
    for (const auto& f : graph.frames) {
        std::string name = "cluster_" + std::to_string(frames.size());
        Agraph_t* sub = agsubg(f.parent < 0 ? g : frames[static_cast<size_t>(f.parent)], name.data(), 1);
        set(sub, "label", frameTitle(f).toStdString());
        set(sub, "labeljust", "l");
        set(sub, "fontsize", "11");
        set(sub, "margin", "10");
        frames.push_back(sub);
    }
    std::vector<Agnode_t*> nodes;
    nodes.reserve(static_cast<size_t>(graph.nodes.size()));
    for (int i = 0; i < graph.nodes.size(); ++i) {
        std::string name = "n" + std::to_string(i);
        Agnode_t* n = agnode(g, name.data(), 1);
        if (graph.nodes[i].frame >= 0) agsubnode(frames[static_cast<size_t>(graph.nodes[i].frame)], n, 1);
        set(n, "label", nodeText(graph.nodes[i]).toStdString());
        set(n, "shape", graph.nodes[i].valueNode ? "ellipse" : (graph.nodes[i].cluster.isEmpty() ? "box" : "box3d"));
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
    // Slots and clusters without an edge would stand in one tall column (rank 0 of a left-to-right
    // layout): chain them, frame by frame, with invisible edges into rows of about √n, a grid.
    std::vector<int> degree(static_cast<size_t>(graph.nodes.size()), 0);
    for (const auto& e : graph.edges) ++degree[static_cast<size_t>(e.from)], ++degree[static_cast<size_t>(e.to)];
    std::map<int, std::vector<int>> lonely;  // frame → lonely boxes, in node order
    for (int i = 0; i < graph.nodes.size(); ++i)
        if (!graph.nodes[i].valueNode && degree[static_cast<size_t>(i)] == 0) lonely[graph.nodes[i].frame].push_back(i);
    for (const auto& [frame, boxes] : lonely) {
        const size_t row = std::max<size_t>(1, static_cast<size_t>(std::ceil(std::sqrt(static_cast<double>(boxes.size()) / 2))));
        for (size_t k = 0; k + 1 < boxes.size(); ++k)
            if ((k + 1) % row != 0) {
                Agedge_t* edge = agedge(g, nodes[static_cast<size_t>(boxes[k])], nodes[static_cast<size_t>(boxes[k + 1])], nullptr, 1);
                set(edge, "style", "invis");
            }
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
    for (size_t i = 0; i < frames.size(); ++i) {
        const boxf fb = GD_bb(frames[i]);
        graph.frames[static_cast<int>(i)].rect = QRectF(toScene(fb.LL), toScene(fb.UR)).normalized();
    }
    graph.bounds = QRectF(bb.LL.x, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    gvFreeLayout(gvc, g);
    agclose(g);
    gvFreeContext(gvc);
    return graph;
}

}  // namespace bm
