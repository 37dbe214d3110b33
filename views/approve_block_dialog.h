// Review > Approve Block…: every project of the workspace with its approval state (approved / stale
// and what changed / none), the selected project's current block as the hooks would inject it once
// approved, and an Approve button that appends the approval (core/inject). The block is built off
// the GUI thread; a result for a project no longer selected is dropped.
#pragma once

#include <QDialog>
#include <memory>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace bm {

struct ProjectBlock;

class ApproveBlockDialog : public QDialog {
    Q_OBJECT
public:
    ApproveBlockDialog(QString workspacePath, QString reviewer, QWidget* parent = nullptr);

    // Re-reads every project's state from the workspace.
    void refreshProjects();
    // Selects `project` and builds its block.
    void selectProject(const QString& project);
    // Approves the block shown (false, with the reason in statusText(), when there is none to
    // approve).
    bool approveShown();

    QTreeWidget* projectList() const { return m_projects; }
    QString blockText() const;
    QString statusText() const;
    bool isBuilding() const { return m_building; }

Q_SIGNALS:
    void blockBuilt();
    void approved(const QString& project);

private:
    void build(const QString& project);

    QString m_workspacePath;
    QString m_reviewer;
    QTreeWidget* m_projects;
    QPlainTextEdit* m_block;
    QLabel* m_status;
    QSpinBox* m_budget;
    QPushButton* m_approve;
    QString m_project;
    std::shared_ptr<const ProjectBlock> m_shown;
    quint64 m_generation = 0;
    bool m_building = false;
};

}  // namespace bm
