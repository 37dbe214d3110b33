// Transcript pane: the branch's messages (reasoning and tool blocks fold beneath their message) and
// the selected message in full, with the quote of the claim being inspected highlighted.
#pragma once

#include <QWidget>

#include "studio_snapshot.h"

class QLabel;
class QTextBrowser;
class QToolButton;
class QTreeView;

namespace bm {

class TranscriptModel;

class TranscriptPane : public QWidget {
    Q_OBJECT
public:
    explicit TranscriptPane(QWidget* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    // Shows `branchId` of `sessionId` (the whole session when the branch is empty or unknown).
    void showSession(const QString& sessionId, const QString& branchId = {});
    // Shows the message and highlights `quote` (at byte `offset` of its text when known).
    bool showMessage(const QString& sessionId, const QString& messageId, const QString& quote, qlonglong offset);

    TranscriptModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    QTextBrowser* detail() const { return m_detail; }
    QString currentSession() const { return m_session; }
    QString highlightedQuote() const { return m_quote; }

    // Moves the window of a long transcript one page back (-1) or forward (+1).
    void showPage(int direction);

private:
    void showDetail(int row);
    void updatePager();

    SnapshotPtr m_snapshot;
    TranscriptModel* m_model;
    QTreeView* m_tree;
    QTextBrowser* m_detail;
    QLabel* m_title;
    QWidget* m_pager;  // shown only when the transcript is longer than one window
    QLabel* m_pageText;
    QToolButton* m_earlier;
    QToolButton* m_later;
    QString m_session;
    QString m_branch;
    QString m_quote;
    qlonglong m_offset = -1;
};

}  // namespace bm
