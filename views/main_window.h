// The studio's main window: docked panes over one immutable snapshot and one selected slot.
//
// Every pane reads the same StudioSnapshot; selecting a slot anywhere (queue, graph, derivation
// tree, search) goes through selectSlot(), which updates every pane. Loading, merging, layout,
// packing and storing a decision run off the GUI thread; results of superseded jobs are dropped
// by generation.
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <atomic>
#include <memory>

#include <qcorotask.h>

#include "service_config.h"
#include "store/decisions.h"
#include "studio_snapshot.h"

class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QProgressBar;
class QToolButton;
class QTreeView;

namespace bm {

class AdjudicationDialog;
class CheckpointBrowserPane;
class MeldBrainPane;
class ClaimGraphView;
class FoldDialog;
class MessageBar;
class ModelSettingsDialog;
class DerivationModel;
class DisputesPane;
class PackPreviewPane;
class SlotInspectorPane;
class SlotTableModel;
class TranscriptPane;
class WorkspaceTreeModel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QString workspacePath, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Imports `paths` (files or folders) into the workspace and rebuilds the snapshot in the
    // background; a newer call supersedes an unfinished one. Empty: just read the workspace.
    void openPaths(const QStringList& paths);
    // Switches to another workspace file (remembered in the recent list) and reads it.
    void openWorkspace(const QString& path);
    // Selects `key` in every pane.
    void selectSlot(const QString& key);
    // Records a decision on the selected slot (see DisputesPane for the keys).
    void decide(DecisionKind kind, const QString& reason, const QString& guard);
    // Finds `text` over every slot (key or value) and selects the first match; F3/Shift+F3 step
    // through the matches (findNext(+1/-1)). The count shows under the graph and in the status bar.
    void find(const QString& text);
    void findNext(int delta);
    // Withdraws the newest decision this window saved and has not withdrawn yet (Ctrl+Z), by
    // appending a revoke record; the slot resolves as before that decision.
    void undoDecision();
    // Withdraws the reviewer's decision that applies to the selected slot (Review > Revoke Decision).
    void revokeDecision();
    void setReviewer(const QString& reviewer) { m_reviewer = reviewer; }
    // Review > Approve Block…: the projects of the workspace with their approval state, and approving
    // one's block (non-modal; one at a time, raised when already open).
    void showApproveDialog();
    // Extractor behind the next snapshot: the oracle (native-JSONL annotations) or the heuristic
    // one (default). Remembered in the settings; a change re-reads the workspace.
    void setOracleExtractor(bool on);
    bool oracleExtractor() const { return m_oracle; }
    // Claims of rules less sure than kStudioMinConfidence: left out of the snapshot (default) or shown
    // (View > Show Low-Confidence Claims). Remembered in the settings; a change re-reads the workspace.
    void setShowLowConfidence(bool on);
    bool showLowConfidence() const { return m_showLowConfidence; }
    // The session whose user speaks with TRUSTED authority (SPEC §16, `inspect --current`); empty:
    // none. Remembered per workspace; a change re-reads the workspace.
    void setCurrentSession(const QString& sessionId);
    QString currentSession() const { return m_currentSession; }

    SnapshotPtr snapshot() const { return m_snapshot; }
    QString currentSlot() const { return m_currentSlot; }
    QString workspacePath() const { return m_workspacePath; }
    bool isLoading() const { return m_loading; }
    QString statusText() const;
    QStringList diagnostics() const;
    // The inline message bar's text (errors a reviewer must see); empty when closed.
    QString messageText() const;

    SlotTableModel* slotModel() const { return m_slots; }
    WorkspaceTreeModel* workspaceModel() const { return m_workspace; }
    DerivationModel* derivationModel() const { return m_derivation; }
    DisputesPane* disputesPane() const { return m_disputes; }
    SlotInspectorPane* inspectorPane() const { return m_inspector; }
    ClaimGraphView* graphView() const { return m_graph; }
    TranscriptPane* transcriptPane() const { return m_transcript; }
    PackPreviewPane* packPane() const { return m_pack; }
    QTreeView* workspaceView() const { return m_workspaceView; }
    QTreeView* derivationView() const { return m_derivationView; }

    static QStringList recentWorkspaces();

    // Checkpoints (main_window_checkpoints.cpp). Opens the bundle store `dir` in the Checkpoints pane
    // (remembered as the default store for Session > Fold…).
    void openCheckpointStore(const QString& dir);
    // Session > Fold…: the fold dialog, prefilled with the selected workspace session's log (or its
    // id and file when one is selected); after a fold the store opens in the Checkpoints pane.
    FoldDialog* showFoldDialog();
    // Copies the checkpoints selected in the Checkpoints pane to `destination` verbatim (with their
    // commit records) and writes verification-report.json there; checkpointsExported when done.
    void exportCheckpoints(const QString& destination);
    // Session > Show Checkpoints: the selected workspace session's folds in the Checkpoints pane.
    void showSessionCheckpoints();
    CheckpointBrowserPane* checkpointBrowser() const { return m_checkpoints; }
    // MELD (main_window_meld.cpp): File > Open Brain… opens a brain directory read-only in the MELD pane.
    void openBrain(const QString& dir);
    MeldBrainPane* meldPane() const { return m_meld; }
    // The workspace session selected in the Workspace pane (id and source file); empty when none.
    QString selectedSessionId() const;
    QString selectedSessionFile() const;

    // The model in the loop (main_window_model.cpp). File > Model Settings…: endpoint, model, timeout
    // and the API key (environment or keyring); one dialog, raised when open.
    ModelSettingsDialog* showModelSettings();
    // Review > Adjudicate Selected Slot / Every Dispute: asks the model on a worker (forward and
    // reversed), records every call and resolution in the workspace as `beliefmerge adjudicate` does,
    // re-publishes the snapshot and shows the result; adjudicationFinished(ok) when done.
    void adjudicate(bool everyDispute);
    void cancelAdjudication();
    AdjudicationDialog* adjudicationDialog() const;
    // View > Model Extractor: the model's joint alignment instead of the heuristic (not with the oracle);
    // remembered; a change re-reads the workspace; a failed call falls back to the heuristic, visibly.
    void setModelExtractor(bool on);
    bool modelExtractor() const { return m_modelExtractor; }

Q_SIGNALS:
    void adjudicationFinished(bool ok);
    void loadFinished();
    void snapshotChanged();
    void slotSelected(const QString& key);
    // Emitted only after the decision is committed to the workspace.
    void decisionStored(const QString& key);
    void decisionRejected(const QString& message);
    // The export's verification report (one line per bundle) and whether every bundle was copied.
    void checkpointsExported(const QString& report, bool complete);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QCoro::Task<> rebuild(QStringList paths);
    QCoro::Task<> storeDecision(DecisionRecord record);
    // Publishes the current snapshot with `relabelled`'s resolutions and labels, unless a newer load
    // already read another merge than `basis`'s.
    void publishRelabelled(const SnapshotPtr& basis, ReviewSnapshot relabelled);
    void setupModelActions(QMenu* file, QMenu* review);
    void dropModelExtractor();
    QCoro::Task<services::ServiceConfig> modelConfig();
    QCoro::Task<> runAdjudication(bool everyDispute);
    // Appends a revoke of decision `id` on `key` (selected first, so the keys and the eye agree).
    void revoke(const QString& key, qint64 id);
    enum class Selection { kNow, kDeferred };
    // Shows `snapshot` in every pane and reselects the current slot (or the first dispute).
    void publish(SnapshotPtr snapshot, Selection selection);
    void setupDocks();
    void setupActions();
    void rememberWorkspace(const QString& path);
    void refreshSessionMenu();
    void refreshModeLabel();
    void refreshRecentMenu();
    void setupCheckpointPane();
    void setupCheckpointActions(QMenu* file);
    void setupMeldPane();
    void setupMeldActions(QMenu* file);
    void openBrainDialog();
    void refreshCheckpointActions();
    void openCheckpointStoreDialog();
    void exportCheckpointsDialog();
    QCoro::Task<> runCheckpointExport(QString store, QStringList ids, QString destination);
    void openFilesDialog();
    void openFolderDialog();
    void openWorkspaceDialog();
    void exportDialog();
    void cancelLoad();
    // Raises an error in the message bar (and the status line): never only a count.
    void showError(const QString& text);
    // Load results a reviewer must see: errors in the bar, a workspace that cannot be read in a dialog.
    void reportLoadProblems(const QStringList& errors, bool failed, bool imported);
    QDockWidget* addPane(const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area);
    // Keyboard operation (main_window_keyboard.cpp): the panes F6 cycles through, in order.
    struct Pane {
        QWidget* focus;
        QDockWidget* dock;  // null for the central graph
    };
    QList<Pane> panes() const;
    void focusPane(const Pane& pane);
    void cyclePane(int delta);
    void setupKeyboard(QMenu* review);
    void showShortcuts();
    QString shortcutsHtml() const;

    QString m_workspacePath;
    QString m_reviewer;
    SnapshotPtr m_snapshot;
    QString m_currentSlot;
    QString m_findText;
    struct SavedDecision {
        QString slot;
        qint64 id;
    };
    QList<SavedDecision> m_undo;  // decisions saved in this window, oldest first
    SlotTableModel* m_slots;
    WorkspaceTreeModel* m_workspace;
    DerivationModel* m_derivation;
    DisputesPane* m_disputes;
    SlotInspectorPane* m_inspector;
    ClaimGraphView* m_graph;
    TranscriptPane* m_transcript;
    PackPreviewPane* m_pack;
    QTreeView* m_workspaceView;
    QTreeView* m_derivationView;
    CheckpointBrowserPane* m_checkpoints = nullptr;
    MeldBrainPane* m_meld = nullptr;
    QPointer<FoldDialog> m_foldDialog;
    QAction* m_showCheckpointsAction = nullptr;
    QListWidget* m_diagnostics;
    QProgressBar* m_progress;
    QToolButton* m_cancelButton;
    QLabel* m_status;
    MessageBar* m_messages;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_sessionMenu = nullptr;
    QAction* m_oracleAction = nullptr;
    QAction* m_lowConfidenceAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_modelExtractorAction = nullptr;
    QPointer<AdjudicationDialog> m_adjudicationDialog;
    std::shared_ptr<std::atomic_bool> m_adjudicationCancel;
    bool m_modelExtractor = false;
    QLabel* m_mode;
    QStringList m_sessionIds;  // what m_sessionMenu lists
    bool m_oracle = false;
    bool m_showLowConfidence = false;
    QString m_currentSession;
    std::shared_ptr<std::atomic_bool> m_cancel;
    quint64 m_generation = 0;
    quint64 m_published = 0;
    bool m_loading = false;
    bool m_docksSized = false;  // the first show sizes the docks to the screen (unless a layout was restored)
};

}  // namespace bm
