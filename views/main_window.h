// The studio's main window: sessions and diagnostics docks around the transcript of the selection.
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <atomic>
#include <memory>

#include <qcorotask.h>

class QLabel;
class QListWidget;
class QProgressBar;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;
class QTreeView;

namespace bm {

class SessionListModel;
class TranscriptModel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QString workspacePath, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Imports `paths` in the background; a newer call supersedes an unfinished one.
    void openPaths(const QStringList& paths);

    SessionListModel* sessionModel() const { return m_sessions; }
    TranscriptModel* transcriptModel() const { return m_transcript; }
    QTableView* sessionView() const { return m_sessionView; }
    // True while a background import runs.
    bool isLoading() const { return m_loading; }

Q_SIGNALS:
    void loadFinished();
    void transcriptLoaded();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    QCoro::Task<> importInBackground(QStringList paths);
    QCoro::Task<> showSession(QString key);
    void openFilesDialog();
    void openFolderDialog();
    void cancelLoad();
    void setupActions();

    QString m_workspacePath;
    SessionListModel* m_sessions;
    TranscriptModel* m_transcript;
    QSortFilterProxyModel* m_sessionProxy;
    QTableView* m_sessionView;
    QTreeView* m_transcriptView;
    QListWidget* m_diagnostics;
    QProgressBar* m_progress;
    QToolButton* m_cancelButton;
    QLabel* m_status;
    std::shared_ptr<std::atomic_bool> m_cancel;
    quint64 m_generation = 0;
    quint64 m_transcriptGeneration = 0;
    bool m_loading = false;
};

}  // namespace bm
