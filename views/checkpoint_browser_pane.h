// The checkpoint browser: one bundle store's sessions and checkpoints (verification included), a
// search over its FTS index, byte-exact paged recall, the fold's state and the lineage of leaf and
// root folds. A bundle that fails verification is listed as unavailable and never served.
//
// Every read runs on a worker (checkpoint_jobs.h); stale results are dropped by generation.
#pragma once

#include <QByteArray>
#include <QWidget>
#include <memory>

#include <qcorotask.h>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTimer;
class QTreeView;
class QTreeWidget;
class QTreeWidgetItem;

namespace bm {

class CheckpointTreeModel;
struct CatalogCheckpoint;

class CheckpointBrowserPane : public QWidget {
    Q_OBJECT
public:
    explicit CheckpointBrowserPane(QWidget* parent = nullptr);

    // Reads the store at `dir` (catalogLoaded when done); the previous one is dropped.
    void openStore(const QString& dir);
    void refresh();
    QString storePath() const { return m_store; }
    // Searches the store's FTS index (searchFinished); typing in the box waits 300 ms first.
    void search(const QString& query);
    // Selects checkpoint `id` and shows its exact page at `offset`, its state and its lineage.
    // An unavailable checkpoint shows why and serves nothing.
    void showCheckpoint(const QString& id, qint64 offset = 0);
    void showNextPage();
    void showPreviousPage();
    // Checkpoint ids of the selected rows (a session row selects all its checkpoints).
    QStringList selectedCheckpoints() const;
    void selectSession(const QString& sessionId);

    CheckpointTreeModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    QLineEdit* searchEdit() const { return m_search; }
    QTreeWidget* hitsView() const { return m_hits; }
    QTreeWidget* stateView() const { return m_state; }
    QTreeWidget* lineageView() const { return m_lineage; }
    QTabWidget* detailTabs() const { return m_tabs; }
    QPushButton* nextPageButton() const { return m_next; }
    // The bytes of the page shown (what `beliefmerge recall --depth exact` prints); empty when none.
    QByteArray pageBytes() const { return m_pageBytes; }
    // What the page view shows: readable messages by default, the exact bytes when the box is ticked.
    QString pageText() const;
    QCheckBox* exactBytesBox() const { return m_exactBytes; }
    QString pageHeader() const;
    QString currentCheckpoint() const { return m_checkpoint; }
    qint64 pageOffset() const { return m_offset; }

Q_SIGNALS:
    void catalogLoaded();
    void searchFinished();
    void pageLoaded();
    void stateLoaded();
    void statusMessage(const QString& text);
    void errorRaised(const QString& text);
    void openStoreRequested();
    void exportRequested();

private:
    QCoro::Task<> loadCatalog();
    QCoro::Task<> runSearch(QString query);
    QCoro::Task<> loadPage(QString id, qint64 offset);
    QCoro::Task<> loadState(QString id);
    void showUnavailable(const QString& id, const QString& reason);
    void fillLineage(const CatalogCheckpoint& checkpoint);
    void activateHit(QTreeWidgetItem* item);

    QString m_store;
    QString m_checkpoint;
    qint64 m_offset = 0;
    qint64 m_nextOffset = -1;
    QByteArray m_pageBytes;
    quint64 m_catalogGeneration = 0;
    quint64 m_searchGeneration = 0;
    quint64 m_pageGeneration = 0;
    quint64 m_stateGeneration = 0;
    CheckpointTreeModel* m_model;
    QLabel* m_storeLabel;
    QLineEdit* m_search;
    QTimer* m_searchDelay;
    QTreeView* m_tree;
    QTreeWidget* m_hits;
    QTabWidget* m_tabs;
    QLabel* m_pageLabel;
    QPushButton* m_previous;
    QPushButton* m_next;
    QCheckBox* m_exactBytes;
    QPlainTextEdit* m_page;
    QTreeWidget* m_state;
    QTreeWidget* m_lineage;
};

}  // namespace bm
