// Claim graph pane: the laid-out graph in a QGraphicsView with zoom, pan, fit, search and focus.
// Layout runs on a worker thread (QtConcurrent); a layout for an older request is dropped.
#pragma once

#include <QElapsedTimer>
#include <QGraphicsView>
#include <QTimer>
#include <QWidget>
#include <atomic>
#include <memory>

#include <qcorotask.h>

#include "graph_layout.h"

class QBoxLayout;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QGraphicsScene;
class QToolButton;

namespace bm {

class GraphCanvas : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphCanvas(QWidget* parent = nullptr);
    void zoomBy(double factor);

Q_SIGNALS:
    void enterPressed();      // expand the selected cluster (or the one hiding the current slot)
    void backspacePressed();  // collapse the open cluster around the selection

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
};

class ClaimGraphView : public QWidget {
    Q_OBJECT
public:
    explicit ClaimGraphView(QWidget* parent = nullptr);
    ~ClaimGraphView() override;

    void setSnapshot(SnapshotPtr snapshot);
    // Highlights `key` and centres it; re-lays out around it when focus mode is on.
    void setCurrentSlot(const QString& key);
    void fit();
    void zoomIn();
    void zoomOut();
    void setFocusMode(bool on);
    // Draws the per-run environment facts (env.session.*) too; off by default.
    void setPerRunFacts(bool on);
    // Whether the slot `key` is drawn as its own box (not folded into a cluster, not filtered out).
    bool isDrawn(const QString& key) const;
    // Level of detail: filters, and the clusters (by key prefix) drawn open.
    void setFilter(const GraphFilter& filter);
    const GraphFilter& filter() const { return m_filter; }
    void expandCluster(const QString& prefix);
    // Closes `prefix` and every cluster opened inside it.
    void collapseCluster(const QString& prefix);
    void collapseAll();
    // Enter: opens the selected cluster, or the cluster hiding the current slot.
    void expandAtSelection();
    // Backspace: closes the innermost open cluster around the current slot or selected frame.
    void collapseAtSelection();
    const std::set<std::string>& expandedClusters() const { return m_expanded; }
    // Shows `text` (e.g. the find result) in the info line under the graph.
    void showInfo(const QString& text);
    QString infoText() const;
    QLineEdit* searchEdit() const { return m_search; }

    const GraphLayout& layout() const { return m_layout; }
    QString currentSlot() const { return m_current; }
    bool isLayingOut() const { return m_pending > 0 || m_building; }
    GraphCanvas* canvas() const { return m_view; }

Q_SIGNALS:
    void slotActivated(const QString& key);
    // Return in the find field: the window searches the whole model, not only what is drawn.
    void findRequested(const QString& text);
    void layoutFinished();

private:
    QCoro::Task<> relayout();
    void attachScene(QGraphicsScene* scene);
    void startSceneBuild();
    void buildSlice();
    void finishSceneBuild();
    void addEdgeItem(const GraphEdge& edge);
    void addNodeItem(const GraphNode& node);
    void highlightCurrent();
    void addFrameItem(const GraphFrame& frame);
    void buildFilterBar(QBoxLayout* layout);
    void fillSessions();
    void readFilterWidgets();
    QString hiddenText() const;
    void zoomKeepingSelection(double factor);

    SnapshotPtr m_snapshot;
    GraphLayout m_layout;
    QString m_current;
    bool m_focusMode = false;
    bool m_perRunFacts = false;
    GraphFilter m_filter;
    std::set<std::string> m_expanded;
    quint64 m_generation = 0;
    int m_pending = 0;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QGraphicsScene* m_scene;
    QGraphicsScene* m_building = nullptr;  // the next scene, filled a slice at a time
    QTimer m_buildTimer;
    QElapsedTimer m_buildClock;
    int m_nextEdge = 0;
    int m_nextNode = 0;
    GraphCanvas* m_view;
    QLineEdit* m_search;
    QLabel* m_info;
    QToolButton* m_focusButton;
    QMenu* m_stateMenu = nullptr;
    QMenu* m_trustMenu = nullptr;
    QComboBox* m_confidence = nullptr;
    QComboBox* m_session = nullptr;
};

}  // namespace bm
