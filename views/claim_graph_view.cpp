// Claim graph pane: scene items for nodes (state colour, trust badge) and edges (kind by pen).
#include "claim_graph_view.h"
#include "job_pool.h"

#include <QActionGroup>
#include <QBrush>
#include <QComboBox>
#include <QMenu>
#include <algorithm>
#include <QGraphicsItem>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLoggingCategory>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>
#include <QPointer>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtConcurrent>
#include <QCoroFuture>

#include "confidence_text.h"
#include "display_names.h"
#include "slot_table_model.h"
#include "trust/trust_lattice.h"

Q_LOGGING_CATEGORY(lcGraph, "bm.studio.graph", QtInfoMsg)

namespace bm {

namespace {

constexpr int kSlotKeyData = 0;
constexpr int kEdgeKindData = 1;  // GraphEdgeKind of an edge path or arrowhead item
constexpr int kClusterData = 2;   // a collapsed cluster's key prefix (click: expand)
constexpr int kFrameData = 3;     // an open cluster's frame header: its key prefix (click: collapse)

// A triangle pointing from `from` (the curve's end) to `tip`, at most 10 points long.
QPolygonF arrowHead(QPointF from, QPointF tip) {
    QLineF axis(tip, from);
    if (axis.length() < 0.1) return {};
    if (axis.length() > 10) axis.setLength(10);
    const QPointF base = axis.p2();
    QLineF normal = axis.normalVector();
    normal.setLength(3.6);
    const QPointF side = normal.p2() - normal.p1();
    return QPolygonF({tip, base + side, base - side});
}

// Edge strokes are cosmetic (device pixels): legible when zoomed out, and the dash pattern never
// shrinks to sub-pixel dashes that are slow to stroke.
QPen edgePen(GraphEdgeKind kind) {
    QPen pen;
    switch (kind) {
        case GraphEdgeKind::kDerivation: pen = QPen(QColor(0x37, 0x47, 0x4f), 1.4); break;
        case GraphEdgeKind::kDispute: pen = QPen(QColor(0xc6, 0x28, 0x28), 1.6, Qt::DashLine); break;
        case GraphEdgeKind::kSupersession: pen = QPen(QColor(0x75, 0x75, 0x75), 1.2, Qt::DotLine); break;
        case GraphEdgeKind::kValue: pen = QPen(QColor(0xbd, 0xbd, 0xbd), 1.0); break;
    }
    pen.setCosmetic(true);
    return pen;
}

QString edgeToolTip(GraphEdgeKind kind) {
    switch (kind) {
        case GraphEdgeKind::kDerivation: return ClaimGraphView::tr("derivation: premise → conclusion");
        case GraphEdgeKind::kDispute: return ClaimGraphView::tr("dispute / contradiction: challenger → winner (no arrow: a tie)");
        case GraphEdgeKind::kSupersession: return ClaimGraphView::tr("supersession: superseded value → current value");
        case GraphEdgeKind::kValue: return ClaimGraphView::tr("a value of this slot");
    }
    return {};
}

// One line explaining edge strokes, box colours and badges (the strings the scene uses).
QString legendHtml() {
    auto edge = [](const char* colour, const char* stroke, const QString& name) {
        return QStringLiteral("<span style='color:%1'><b>%2</b></span>&nbsp;%3").arg(QLatin1String(colour), QString::fromUtf8(stroke), name);
    };
    auto box = [](SlotState state, bool retracted) {
        return QStringLiteral("<span style='background:%1'>&nbsp;%2&nbsp;</span>")
            .arg(slotStateColor(state, retracted).name(), slotStateText(state, retracted));
    };
    return edge("#37474f", "\u2501\u2501\u25b6", ClaimGraphView::tr("derivation")) + QStringLiteral(" &nbsp; ") +
           edge("#c62828", "\u254c\u254c\u25b6", ClaimGraphView::tr("dispute / contradiction")) + QStringLiteral(" &nbsp; ") +
           edge("#757575", "\u2508\u2508\u25b7", ClaimGraphView::tr("supersession")) + QStringLiteral(" &nbsp; ") +
           box(SlotState::kSettled, false) + QLatin1Char(' ') + box(SlotState::kResolved, false) + QLatin1Char(' ') +
           box(SlotState::kContested, false) + QLatin1Char(' ') + box(SlotState::kDisputed, false) + QLatin1Char(' ') +
           box(SlotState::kSettled, true) + QStringLiteral(" &nbsp; ") +
           ClaimGraphView::tr("badge: trust T trusted, E external, U untrusted");
}

QString trustBadge(TrustLabel t) {
    switch (t) {
        case TrustLabel::kTrusted: return QStringLiteral("T");
        case TrustLabel::kExternal: return QStringLiteral("E");
        case TrustLabel::kUntrusted: return QStringLiteral("U");
    }
    return QStringLiteral("U");
}

QColor trustColor(TrustLabel t) {
    switch (t) {
        case TrustLabel::kTrusted: return QColor(0x2e, 0x7d, 0x32);
        case TrustLabel::kExternal: return QColor(0x15, 0x65, 0xc0);
        case TrustLabel::kUntrusted: return QColor(0xc6, 0x28, 0x28);
    }
    return Qt::black;
}

}  // namespace

GraphCanvas::GraphCanvas(QWidget* parent) : QGraphicsView(parent) {
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHint(QPainter::Antialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
}

void GraphCanvas::zoomBy(double factor) {
    const double current = transform().m11();
    if ((current > 8 && factor > 1) || (current < 0.05 && factor < 1)) return;
    scale(factor, factor);
}

void GraphCanvas::wheelEvent(QWheelEvent* event) {
    zoomBy(event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15);
    event->accept();
}

void GraphCanvas::keyPressEvent(QKeyEvent* event) {
    if (event->modifiers() == Qt::NoModifier || event->modifiers() == Qt::KeypadModifier) {
        if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
            Q_EMIT enterPressed();
            return event->accept();
        }
        if (event->key() == Qt::Key_Backspace) {
            Q_EMIT backspacePressed();
            return event->accept();
        }
    }
    QGraphicsView::keyPressEvent(event);
}

ClaimGraphView::ClaimGraphView(QWidget* parent)
    : QWidget(parent),
      m_cancel(std::make_shared<std::atomic_bool>(false)),
      m_scene(new QGraphicsScene(this)),
      m_view(new GraphCanvas),
      m_search(new QLineEdit),
      m_info(new QLabel),
      m_focusButton(new QToolButton) {
    m_view->setScene(m_scene);
    m_view->setObjectName(QStringLiteral("graphCanvas"));
    m_search->setPlaceholderText(tr("Find a slot…"));
    m_search->setClearButtonEnabled(true);
    m_search->setObjectName(QStringLiteral("graphSearch"));
    m_search->setToolTip(tr("Find a slot by key or value over the whole workspace (Enter; F3 / Shift+F3 for next/previous)"));
    connect(m_search, &QLineEdit::returnPressed, this, [this] { Q_EMIT findRequested(m_search->text()); });
    auto button = [this](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        return b;
    };
    m_focusButton->setText(tr("Focus"));
    m_focusButton->setToolTip(tr("Show only the selected slot's derivation neighbourhood"));
    m_focusButton->setCheckable(true);
    connect(m_focusButton, &QToolButton::toggled, this, &ClaimGraphView::setFocusMode);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_search, 1);
    bar->addWidget(button(tr("Fit"), tr("Fit the whole graph in view"), &ClaimGraphView::fit));
    bar->addWidget(button(QStringLiteral("+"), tr("Zoom in"), &ClaimGraphView::zoomIn));
    bar->addWidget(button(QStringLiteral("−"), tr("Zoom out"), &ClaimGraphView::zoomOut));
    bar->addWidget(m_focusButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    buildFilterBar(layout);
    layout->addWidget(m_view, 1);
    auto* legend = new QLabel(legendHtml());
    legend->setObjectName(QStringLiteral("graphLegend"));
    legend->setWordWrap(true);
    layout->addWidget(legend);
    m_info->setWordWrap(true);
    // A wrapped label in this layout is not given its height-for-width: keep room for two lines, or
    // the hidden-claims count is cut off (seen at 1400×900).
    m_info->setMinimumHeight(2 * m_info->fontMetrics().lineSpacing() + 2);
    layout->addWidget(m_info);
    m_view->setOptimizationFlags(QGraphicsView::DontSavePainterState);
    m_view->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    m_buildTimer.setInterval(0);
    connect(&m_buildTimer, &QTimer::timeout, this, &ClaimGraphView::buildSlice);
    connect(m_view, &GraphCanvas::enterPressed, this, &ClaimGraphView::expandAtSelection);
    connect(m_view, &GraphCanvas::backspacePressed, this, &ClaimGraphView::collapseAtSelection);
    attachScene(m_scene);
}

void ClaimGraphView::buildFilterBar(QBoxLayout* layout) {
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    auto menuButton = [&](const QString& text, const QString& tip, QMenu*& menu, const QStringList& items) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        b->setPopupMode(QToolButton::InstantPopup);
        menu = new QMenu(b);
        for (const QString& item : items) {
            QAction* a = menu->addAction(item);
            a->setCheckable(true);
            a->setChecked(true);
            connect(a, &QAction::toggled, this, &ClaimGraphView::readFilterWidgets);
        }
        b->setMenu(menu);
        bar->addWidget(b);
    };
    menuButton(tr("States"), tr("Slot states to draw"), m_stateMenu,
               {slotStateText(SlotState::kSettled, false), slotStateText(SlotState::kResolved, false), slotStateText(SlotState::kContested, false),
                slotStateText(SlotState::kDisputed, false), slotStateText(SlotState::kSettled, true)});
    m_stateMenu->setObjectName(QStringLiteral("graphStateFilter"));
    // By TrustLabel's order: untrusted, external, trusted.
    menuButton(tr("Trust"), tr("Trust labels to draw"), m_trustMenu,
               {trustText(TrustLabel::kUntrusted), trustText(TrustLabel::kExternal), trustText(TrustLabel::kTrusted)});
    m_trustMenu->setObjectName(QStringLiteral("graphTrustFilter"));
    m_confidence = new QComboBox;
    m_confidence->setObjectName(QStringLiteral("graphConfidenceFilter"));
    m_confidence->setToolTip(tr("Draw only slots with a claim at least this sure"));
    m_confidence->addItem(tr("Any confidence"), 0.0);
    for (double c : {0.5, 0.8, 0.9, 1.0}) m_confidence->addItem(tr("Confidence ≥ %1").arg(c, 0, 'f', 1), c);
    connect(m_confidence, &QComboBox::currentIndexChanged, this, &ClaimGraphView::readFilterWidgets);
    bar->addWidget(m_confidence);
    m_session = new QComboBox;
    m_session->setObjectName(QStringLiteral("graphSessionFilter"));
    m_session->setToolTip(tr("Draw only slots with a claim from this session"));
    m_session->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_session->setMinimumContentsLength(14);
    m_session->addItem(tr("All sessions"), QString());
    connect(m_session, &QComboBox::currentIndexChanged, this, &ClaimGraphView::readFilterWidgets);
    bar->addWidget(m_session, 1);
    auto* collapse = new QToolButton;
    collapse->setText(tr("Collapse All"));
    collapse->setToolTip(tr("Close every open cluster (Backspace closes the one around the selection)"));
    connect(collapse, &QToolButton::clicked, this, &ClaimGraphView::collapseAll);
    bar->addWidget(collapse);
    layout->addLayout(bar);
}

void ClaimGraphView::fillSessions() {
    const QString current = m_session->currentData().toString();
    const QSignalBlocker block(m_session);
    m_session->clear();
    m_session->addItem(tr("All sessions"), QString());
    if (m_snapshot && m_snapshot->sessions)
        for (const auto& session : *m_snapshot->sessions)
            m_session->addItem(sessionDisplayName(session, 32), QString::fromStdString(session.id));
    const int at = m_session->findData(current);
    m_session->setCurrentIndex(at < 0 ? 0 : at);
    m_filter.session = m_session->currentData().toString().toStdString();
}

void ClaimGraphView::readFilterWidgets() {
    GraphFilter f;
    const auto states = m_stateMenu->actions();
    for (int i = 0; i < states.size(); ++i) f.states[static_cast<size_t>(i)] = states[i]->isChecked();
    const auto trust = m_trustMenu->actions();
    for (int i = 0; i < trust.size(); ++i) f.trust[static_cast<size_t>(i)] = trust[i]->isChecked();
    f.minConfidence = m_confidence->currentData().toDouble();
    f.session = m_session->currentData().toString().toStdString();
    setFilter(f);
}

void ClaimGraphView::setFilter(const GraphFilter& filter) {
    if (filter == m_filter) return;
    m_filter = filter;
    {  // the widgets follow a filter set from code (tests, a restored view)
        const auto states = m_stateMenu->actions();
        for (int i = 0; i < states.size(); ++i) {
            const QSignalBlocker block(states[i]);
            states[i]->setChecked(filter.states[static_cast<size_t>(i)]);
        }
        const auto trust = m_trustMenu->actions();
        for (int i = 0; i < trust.size(); ++i) {
            const QSignalBlocker block(trust[i]);
            trust[i]->setChecked(filter.trust[static_cast<size_t>(i)]);
        }
        const QSignalBlocker b1(m_confidence), b2(m_session);
        m_confidence->setCurrentIndex(std::max(0, m_confidence->findData(filter.minConfidence)));
        m_session->setCurrentIndex(std::max(0, m_session->findData(QString::fromStdString(filter.session))));
    }
    relayout();
}

void ClaimGraphView::expandCluster(const QString& prefix) {
    if (!m_expanded.insert(prefix.toStdString()).second) return;
    relayout();
}

void ClaimGraphView::collapseCluster(const QString& prefix) {
    const std::string p = prefix.toStdString();
    const size_t before = m_expanded.size();
    std::erase_if(m_expanded, [&](const std::string& e) { return e.compare(0, p.size(), p) == 0; });
    if (m_expanded.size() != before) relayout();
}

void ClaimGraphView::collapseAll() {
    if (m_expanded.empty()) return;
    m_expanded.clear();
    relayout();
}

void ClaimGraphView::expandAtSelection() {
    for (QGraphicsItem* item : m_scene->selectedItems())
        if (const QString prefix = item->data(kClusterData).toString(); !prefix.isEmpty()) return expandCluster(prefix);
    const int at = m_layout.nodeOfSlot.value(m_current, -1);
    if (at >= 0 && !m_layout.nodes[at].cluster.isEmpty()) expandCluster(m_layout.nodes[at].cluster);
}

void ClaimGraphView::collapseAtSelection() {
    for (QGraphicsItem* item : m_scene->selectedItems())
        if (const QString prefix = item->data(kFrameData).toString(); !prefix.isEmpty()) return collapseCluster(prefix);
    const int at = m_layout.nodeOfSlot.value(m_current, -1);
    if (at >= 0 && m_layout.nodes[at].frame >= 0) collapseCluster(m_layout.frames[m_layout.nodes[at].frame].prefix);
}

ClaimGraphView::~ClaimGraphView() { m_cancel->store(true); }

void ClaimGraphView::attachScene(QGraphicsScene* scene) {
    m_scene = scene;
    m_view->setScene(scene);
    connect(scene, &QGraphicsScene::selectionChanged, this, [this, scene] {
        const auto items = scene->selectedItems();
        if (items.size() != 1) return;
        if (const QString prefix = items.front()->data(kClusterData).toString(); !prefix.isEmpty()) {
            QTimer::singleShot(0, this, [this, prefix] { expandCluster(prefix); });  // not while the scene delivers the click
            return;
        }
        if (const QString prefix = items.front()->data(kFrameData).toString(); !prefix.isEmpty()) {
            QTimer::singleShot(0, this, [this, prefix] { collapseCluster(prefix); });
            return;
        }
        const QString key = items.front()->data(kSlotKeyData).toString();
        if (!key.isEmpty() && key != m_current) {
            m_current = key;
            Q_EMIT slotActivated(key);
        }
    });
}

void ClaimGraphView::setSnapshot(SnapshotPtr snapshot) {
    m_snapshot = std::move(snapshot);
    fillSessions();
    relayout();
}

void ClaimGraphView::setCurrentSlot(const QString& key) {
    if (key == m_current && !m_focusMode) return;
    m_current = key;
    if (m_focusMode) relayout();
    else highlightCurrent();
}

void ClaimGraphView::setFocusMode(bool on) {
    if (m_focusMode == on) return;
    m_focusMode = on;
    m_focusButton->setChecked(on);
    relayout();
}

void ClaimGraphView::setPerRunFacts(bool on) {
    if (m_perRunFacts == on) return;
    m_perRunFacts = on;
    relayout();
}

void ClaimGraphView::fit() {
    if (m_scene->items().isEmpty()) return;
    // The scene rect (items and a margin): fitting less leaves scroll bars that a later centerOn scrolls.
    const QRectF all = m_scene->sceneRect();
    m_view->fitInView(all, Qt::KeepAspectRatio);
    // A small graph on a large screen: no larger than 1.5× (text the size of a heading reads worse).
    constexpr double kMaxFitScale = 1.5;
    // A wide graph (a real log's long keys in a grid): no smaller than 0.6×, so labels stay readable;
    // the view scrolls and highlightCurrent() centres the current slot.
    constexpr double kMinFitScale = 0.6;
    const double scale = m_view->transform().m11();
    if (scale > kMaxFitScale || scale < kMinFitScale) {
        const double clamped = scale > kMaxFitScale ? kMaxFitScale : kMinFitScale;
        m_view->setTransform(QTransform::fromScale(clamped, clamped));
        m_view->centerOn(all.center());
    }
}

void ClaimGraphView::zoomIn() { zoomKeepingSelection(1.25); }
void ClaimGraphView::zoomOut() { zoomKeepingSelection(1 / 1.25); }

void ClaimGraphView::zoomKeepingSelection(double factor) {
    // From the keyboard or a button the mouse is elsewhere: zoom about the selected slot (or the middle).
    m_view->setTransformationAnchor(QGraphicsView::AnchorViewCenter);
    m_view->zoomBy(factor);
    m_view->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    for (QGraphicsItem* item : m_scene->selectedItems()) m_view->centerOn(item);
}

bool ClaimGraphView::isDrawn(const QString& key) const {
    const int at = m_layout.nodeOfSlot.value(key, -1);
    return at >= 0 && m_layout.nodes[at].slotKey == key;
}

void ClaimGraphView::showInfo(const QString& text) { m_info->setText(text); }
QString ClaimGraphView::infoText() const { return m_info->text(); }

QCoro::Task<> ClaimGraphView::relayout() {
    // Supersede any running layout: its result is dropped by generation.
    m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const quint64 generation = ++m_generation;
    ++m_pending;
    m_buildTimer.stop();  // a half-built scene of the previous layout is dropped
    delete std::exchange(m_building, nullptr);
    SnapshotPtr snapshot = m_snapshot;
    GraphRequest request{m_focusMode ? m_current : QString(), m_perRunFacts, m_filter, m_expanded};
    auto cancel = m_cancel;
    QPointer<ClaimGraphView> self(this);
    m_info->setText(tr("Laying out…"));
    QFuture<GraphLayout> job = QtConcurrent::run(jobPool(), [snapshot, request, cancel] {
        lowerJobThreadPriority();
        if (!snapshot) return GraphLayout{};
        return layout_graph(build_graph(*snapshot, request), *cancel);
    });
    GraphLayout result = co_await job;
    if (!self) co_return;
    --m_pending;
    if (m_generation != generation || result.cancelled) co_return;
    m_layout = std::move(result);
    qCDebug(lcGraph) << "layout" << m_layout.nodes.size() << "nodes" << m_layout.edges.size() << "edges";
    startSceneBuild();
}

void ClaimGraphView::startSceneBuild() {
    // Items are created a few milliseconds at a time into a scene the view does not show yet, and
    // swapped in when complete: the event loop keeps running while text is shaped.
    delete m_building;
    m_building = new QGraphicsScene(this);
    m_nextEdge = 0;
    m_nextNode = 0;
    for (const auto& frame : m_layout.frames) addFrameItem(frame);  // a few: open clusters only
    m_buildClock.start();
    m_buildTimer.start();
}

void ClaimGraphView::buildSlice() {
    QElapsedTimer slice;
    slice.start();
    constexpr qint64 kSliceMs = 4;
    while (m_nextEdge < m_layout.edges.size() && slice.elapsed() < kSliceMs) addEdgeItem(m_layout.edges[m_nextEdge++]);
    while (m_nextEdge == m_layout.edges.size() && m_nextNode < m_layout.nodes.size() && slice.elapsed() < kSliceMs)
        addNodeItem(m_layout.nodes[m_nextNode++]);
    if (m_nextEdge < m_layout.edges.size() || m_nextNode < m_layout.nodes.size()) return;
    m_buildTimer.stop();
    finishSceneBuild();
}

void ClaimGraphView::finishSceneBuild() {
    QGraphicsScene* old = m_scene;
    m_building->setSceneRect(m_building->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    attachScene(std::exchange(m_building, nullptr));
    old->blockSignals(true);
    old->deleteLater();
    QString info = m_layout.error.isEmpty() ? tr("%n slot(s) drawn", nullptr, static_cast<int>(std::count_if(m_layout.nodes.begin(), m_layout.nodes.end(),
                                                                                               [](const GraphNode& n) { return !n.valueNode && n.cluster.isEmpty(); })))
                                            : m_layout.error;
    if (const QString hidden = hiddenText(); !hidden.isEmpty()) info += QStringLiteral("; ") + hidden;
    if (const QString low = m_snapshot ? lowConfidenceText(m_snapshot->lowConfidence) : QString(); !low.isEmpty())
        info += QStringLiteral("; ") + low;
    m_info->setText(info);
    fit();
    highlightCurrent();
    qCDebug(lcGraph) << "scene built in" << m_buildClock.elapsed() << "ms of wall time";
    Q_EMIT layoutFinished();
}

QString ClaimGraphView::hiddenText() const {
    QStringList parts;
    if (m_layout.clusters > 0)
        parts << tr("%n slot(s) folded into %1 cluster(s) (click or Enter to expand)", nullptr, m_layout.clustered).arg(m_layout.clusters);
    if (m_layout.unexpanded > 0) parts << tr("%n cluster(s) left closed: too many nodes (collapse another first)", nullptr, m_layout.unexpanded);
    if (m_layout.filtered > 0) parts << tr("%n slot(s) hidden by the filters", nullptr, m_layout.filtered);
    if (m_layout.hiddenPerRun > 0) parts << tr("%n per-run environment fact(s) hidden (View menu)", nullptr, m_layout.hiddenPerRun);
    return parts.join(QStringLiteral("; "));
}

void ClaimGraphView::addFrameItem(const GraphFrame& f) {
    auto* frame = m_building->addRect(f.rect, QPen(QColor(0x90, 0xa4, 0xae), 1.0, Qt::DashLine), QBrush(QColor(0xf5, 0xf7, 0xf8)));
    frame->setZValue(-2);
    // The header (dot reserved room for the label at the frame's top) collapses the cluster.
    QFont font;
    font.setPointSizeF(8.5);
    auto* title = new QGraphicsSimpleTextItem(frameTitle(f));
    title->setFont(font);
    const QRectF text = title->boundingRect();
    auto* header = m_building->addRect(QRectF(f.rect.left() + 2, f.rect.top() + 2, std::min(text.width() + 8, f.rect.width() - 4), text.height() + 2),
                                       QPen(Qt::NoPen), QBrush(QColor(0xcf, 0xd8, 0xdc)));
    header->setZValue(-1.5);
    header->setData(kFrameData, f.prefix);
    header->setFlag(QGraphicsItem::ItemIsSelectable);
    header->setToolTip(tr("Open cluster %1: click or Backspace to collapse it").arg(f.prefix));
    title->setParentItem(header);
    title->setPos(f.rect.left() + 6, f.rect.top() + 3);
}

void ClaimGraphView::addEdgeItem(const GraphEdge& e) {
    const int curveEnd = static_cast<int>(e.points.size()) - (e.arrowTip ? 1 : 0);  // points of the Bézier itself
    if (curveEnd < 4) return;
    QPainterPath path(e.points[0]);
    for (int i = 1; i + 2 < curveEnd; i += 3) path.cubicTo(e.points[i], e.points[i + 1], e.points[i + 2]);
    const QPen pen = edgePen(e.kind);
    auto* item = m_building->addPath(path, pen);
    item->setZValue(-1);
    item->setData(kEdgeKindData, static_cast<int>(e.kind));
    item->setToolTip(edgeToolTip(e.kind));
    if (e.arrowTip) {  // dot leaves the gap between the curve's end and the node for the arrowhead
        auto* head = new QGraphicsPolygonItem(arrowHead(e.points[curveEnd - 1], e.points.back()), item);
        head->setPen(QPen(pen.color(), 1.0));
        head->setBrush(e.kind == GraphEdgeKind::kSupersession ? QBrush(Qt::white) : QBrush(pen.color()));
        head->setData(kEdgeKindData, static_cast<int>(e.kind));
    }
}

void ClaimGraphView::addNodeItem(const GraphNode& n) {
    QGraphicsItem* shape = nullptr;
    const QColor fill = slotStateColor(n.state, n.retracted);
    if (n.valueNode) shape = m_building->addEllipse(n.rect, QPen(fill.darker(150)), QBrush(fill.lighter(140)));
    else shape = m_building->addRect(n.rect, QPen(fill.darker(160), 1.2), QBrush(fill));
    shape->setData(kSlotKeyData, n.slotKey);
    shape->setData(kClusterData, n.cluster);
    shape->setFlag(QGraphicsItem::ItemIsSelectable, !n.valueNode);
    if (!n.cluster.isEmpty()) {  // a stack of boxes: more than one slot behind it
        for (int d : {6, 3}) {
            auto* back = new QGraphicsRectItem(n.rect.translated(d, -d), shape);
            back->setPen(QPen(fill.darker(160), 1.0));
            back->setBrush(fill.lighter(115));
            back->setFlag(QGraphicsItem::ItemStacksBehindParent);
        }
        shape->setToolTip(tr("Cluster %1: %n slot(s) whose keys start with it (click or Enter to expand)", nullptr, n.clusterSlots).arg(n.cluster));
    } else {
        shape->setToolTip(tr("%1 — %2, trust %3").arg(n.slotKey, slotStateText(n.state, n.retracted), QString::fromLatin1(trust_name(n.trust))));
    }
    const QString label = nodeText(n);
    QFont font;
    font.setPointSizeF(n.valueNode ? 7.5 : 9);
    auto* text = new QGraphicsSimpleTextItem(label, shape);
    text->setFont(font);
    const QRectF box = text->boundingRect();
    text->setPos(n.rect.center() - QPointF(box.width() / 2, box.height() / 2));
    if (!n.valueNode) {  // trust badge in the top-right corner
        auto* badge = new QGraphicsEllipseItem(QRectF(n.rect.right() - 9, n.rect.top() - 5, 14, 14), shape);
        badge->setBrush(trustColor(n.trust));
        badge->setPen(QPen(Qt::white));
        auto* letter = new QGraphicsSimpleTextItem(trustBadge(n.trust), badge);
        QFont bf;
        bf.setPointSizeF(6.5);
        bf.setBold(true);
        letter->setFont(bf);
        letter->setBrush(Qt::white);
        const QRectF lr = letter->boundingRect();
        letter->setPos(badge->rect().center() - QPointF(lr.width() / 2, lr.height() / 2));
    }
}

void ClaimGraphView::highlightCurrent() {
    m_scene->blockSignals(true);
    m_scene->clearSelection();
    QGraphicsItem* target = nullptr;
    const int at = m_layout.nodeOfSlot.value(m_current, -1);
    const QString hiding = at >= 0 ? m_layout.nodes[at].cluster : QString();  // the cluster hiding the current slot
    for (QGraphicsItem* item : m_scene->items()) {
        if (item->parentItem() || !(item->flags() & QGraphicsItem::ItemIsSelectable) || item->data(kFrameData).isValid()) continue;
        const bool current = item->data(kSlotKeyData).toString() == m_current ||
                             (!hiding.isEmpty() && item->data(kClusterData).toString() == hiding);
        if (auto* shape = dynamic_cast<QAbstractGraphicsShapeItem*>(item)) {
            QPen pen = shape->pen();
            pen.setWidthF(current ? 3.0 : 1.2);
            pen.setColor(current ? QColor(0x1a, 0x23, 0x7e) : shape->brush().color().darker(160));
            shape->setPen(pen);
        }
        if (current) {
            item->setSelected(hiding.isEmpty());  // a selected cluster would not report the click that opens it
            target = item;
        }
    }
    m_scene->blockSignals(false);
    if (target) m_view->centerOn(target);
}

}  // namespace bm
