// The claim graph as laid out by Graphviz dot (libgvc): which nodes and edges to draw and where.
// Built and laid out on a worker thread; the view only turns the result into scene items.
#pragma once

#include <QHash>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>
#include <atomic>
#include <set>
#include <string>

#include "graph_lod.h"
#include "studio_snapshot.h"

namespace bm {

enum class GraphEdgeKind { kDerivation, kDispute, kSupersession, kValue };

struct GraphNode {
    QString id;        // slot key, "key=value" for a value node, "cluster:prefix" for a cluster
    QString slotKey;   // the slot a click selects (empty for a cluster)
    QString cluster;   // a collapsed cluster: the key prefix its slots share
    int clusterSlots = 0;   // a cluster: its slots
    int clusterReview = 0;  // a cluster: its disputed and contested slots
    int frame = -1;         // the innermost expanded cluster drawn around the node, or -1
    QString label;
    bool valueNode = false;
    SlotState state = SlotState::kSettled;
    bool retracted = false;
    TrustLabel trust = TrustLabel::kUntrusted;
    QString decision;  // effective human/model decision, shown under the label
    QRectF rect;       // scene coordinates (points, y down), filled by the layout
};

// An expanded cluster: a labelled frame around its children (nodes and nested frames).
struct GraphFrame {
    QString prefix;
    int parent = -1;
    int slots = 0;
    QRectF rect;  // filled by the layout
};

struct GraphEdge {
    int from = 0;
    int to = 0;
    GraphEdgeKind kind = GraphEdgeKind::kDerivation;
    bool directed = true;     // false: a tie between values or a slot's value link (no arrowhead)
    QVector<QPointF> points;  // cubic Bézier control points (1 + 3k), then the arrow tip when arrowTip
    bool arrowTip = false;    // the last point is where the arrowhead's tip touches the head node
};

struct GraphLayout {
    QVector<GraphNode> nodes;
    QVector<GraphEdge> edges;
    QVector<GraphFrame> frames;
    QHash<QString, int> nodeOfSlot;  // every slot that passed the filters → the node drawing it (its own or its cluster's)
    QRectF bounds;
    int clusters = 0;      // collapsed clusters drawn
    int clustered = 0;     // slots inside them
    int filtered = 0;      // slots the filters hide
    int unexpanded = 0;    // expansions asked for but left collapsed: over kMaxGraphNodes
    int hiddenPerRun = 0;  // per-run environment facts left out (View > Per-Run Environment Facts)
    QString error;
    bool cancelled = false;
};

inline constexpr int kMaxGraphSlots = 100;  // drawn one by one up to this many; more fold into clusters
inline constexpr int kMaxGraphNodes = 240;  // slot boxes, clusters and value ellipses: what paints in a few ms

struct GraphRequest {
    QString focus;             // Focus: only this slot's derivation neighbourhood
    bool perRunFacts = false;  // draw per-run environment facts (env.session.*) too
    GraphFilter filter;
    std::set<std::string> expanded;  // key prefixes of the clusters to draw open
};

// Nodes and edges for `snapshot`. With `focus` set, the focus slot's derivation neighbourhood (up to
// kMaxGraphSlots slots). Else every slot that passes the filter: one by one when they fit
// kMaxGraphSlots and kMaxGraphNodes, else folded into clusters by key prefix (split_by_prefix), each
// drawn collapsed unless its prefix is in `expanded` and opening it stays within kMaxGraphNodes.
// Derivation edges run between whatever draws premise and conclusion. Nothing is dropped uncounted:
// a slot is drawn, inside a cluster, or counted in `filtered` / `hiddenPerRun`.
GraphLayout build_graph(const StudioSnapshot& snapshot, const GraphRequest& request);

// What a node box or ellipse reads: label and decision, or a cluster's prefix and slot counts.
QString nodeText(const GraphNode& node);
// The label of an expanded cluster's frame.
QString frameTitle(const GraphFrame& frame);

// Runs dot over `graph` and fills node rects and edge points. Serialised internally (libgvc keeps
// global state). Returns with `cancelled` set when `cancel` was raised before the layout ran.
GraphLayout layout_graph(GraphLayout graph, const std::atomic_bool& cancel);

}  // namespace bm
