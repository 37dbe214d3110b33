// MELD pane: a brain directory opened read-only — its claims with their status (the status CRDT's
// read-time view), its links (status links, Mappings, contradictions) and its Patch log with each
// Patch's HMAC verification (verified, or failed with the reason) and its delta.
#pragma once

#include <QWidget>
#include <memory>

#include <qcorotask.h>

#include "meld/brain_audit.h"

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTreeWidget;

namespace bm {

class MeldBrainPane : public QWidget {
    Q_OBJECT
public:
    explicit MeldBrainPane(QWidget* parent = nullptr);

    // Audits `dir` on a worker (core/meld/brain_audit.h) and shows it; brainOpened when done.
    QCoro::Task<> openBrain(QString dir);
    QString brainDir() const { return m_dir; }
    // The last audit (null before one, or when the directory failed to open).
    std::shared_ptr<const meld::BrainAudit> audit() const { return m_audit; }
    QString message() const;
    QTreeWidget* claimsTree() const { return m_claims; }
    QTreeWidget* linksTree() const { return m_links; }
    QTreeWidget* patchTree() const { return m_patches; }
    QPlainTextEdit* deltaView() const { return m_delta; }
    QTabWidget* tabs() const { return m_tabs; }

Q_SIGNALS:
    void openRequested();  // the Open… button: the window asks for a directory
    void brainOpened(bool ok);

private:
    void show(const meld::BrainAudit& audit);
    void showError(const QString& text);
    void showPatch();

    QString m_dir;
    std::shared_ptr<const meld::BrainAudit> m_audit;
    quint64 m_generation = 0;
    QLabel* m_path;
    QLabel* m_message;
    QTabWidget* m_tabs;
    QTreeWidget* m_claims;
    QTreeWidget* m_links;
    QTreeWidget* m_patches;
    QPlainTextEdit* m_delta;
};

}  // namespace bm
