// The claim graph as laid out by Graphviz dot (libgvc): which nodes and edges to draw and where.
// Built and laid out on a worker thread; the view only turns the result into scene items.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>
#include <atomic>

#include "studio_snapshot.h"

namespace bm {

enum class GraphEdgeKind { kDerivation, kDispute, kSupersession, kValue };

struct GraphNode {
    QString id;        // slot key, or "key=value" for a value node
    QString slotKey;   // the slot a click selects
    QString label;
    bool valueNode = false;
    SlotState state = SlotState::kSettled;
    bool retracted = false;
    TrustLabel trust = TrustLabel::kUntrusted;
    QString decision;  // effective human/model decision, shown under the label
    QRectF rect;       // scene coordinates (points, y down), filled by the layout
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
    QRectF bounds;
    int omitted = 0;     // slots left out to keep the graph readable
    int hiddenPerRun = 0;  // per-run environment facts left out (View > Per-Run Environment Facts)
    QString error;
    bool cancelled = false;
};

inline constexpr int kMaxGraphSlots = 100;
inline constexpr int kMaxGraphNodes = 240;  // slot boxes plus value ellipses: what paints in a few ms

// Nodes and edges for `snapshot`: with `focus` set, only the focus slot's derivation neighbourhood;
// else slots needing review, then derived slots, then the rest by key, up to kMaxGraphSlots slots
// and kMaxGraphNodes nodes (a slot that would not fit is left out and counted in `omitted`).
// Per-run environment facts (env.session.*) are left out unless `perRunFacts` (or they are the focus).
GraphLayout build_graph(const StudioSnapshot& snapshot, const QString& focus, bool perRunFacts = false);

// Runs dot over `graph` and fills node rects and edge points. Serialised internally (libgvc keeps
// global state). Returns with `cancelled` set when `cancel` was raised before the layout ran.
GraphLayout layout_graph(GraphLayout graph, const std::atomic_bool& cancel);

}  // namespace bm
