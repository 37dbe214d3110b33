// The main window's dialogs: open logs, a folder, a workspace, export the packed block, approve a project's block.
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>

#include "approve_block_dialog.h"
#include "main_window.h"
#include "pack_preview_pane.h"

namespace bm {

void MainWindow::openFilesDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open session logs"), QString(),
        tr("Session logs (*.jsonl *.json *.traj *.zstd *.zst);;All files (*)"));
    if (!files.isEmpty()) openPaths(files);
}

void MainWindow::openFolderDialog() {
    QString start = QString::fromLocal8Bit(qgetenv("DSH_HOME"));
    if (start.isEmpty()) start = QDir::homePath() + QStringLiteral("/.dsh/sessions");
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a folder of session logs"), start);
    if (!dir.isEmpty()) openPaths({dir});
}

void MainWindow::openWorkspaceDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Open or create a workspace"), m_workspacePath,
                                                      tr("BeliefMerge workspaces (*.bmws);;All files (*)"), nullptr,
                                                      QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty()) openWorkspace(path);
}

void MainWindow::exportDialog() {
    QString filter;
    QString suffix = QStringLiteral("json");
    switch (m_pack->format()) {
        case PackFormat::kMarkdown:
            filter = tr("Markdown (*.md)");
            suffix = QStringLiteral("md");
            break;
        case PackFormat::kJson: filter = tr("JSON (*.json)"); break;
        case PackFormat::kDsh: filter = tr("DSH user message (*.json)"); break;
    }
    // A suggested name beside the workspace; the filter's extension is added when none is typed.
    const QFileInfo workspace(m_workspacePath);
    QFileDialog dialog(this, tr("Export the packed block"), workspace.absolutePath(), filter);
    dialog.setObjectName(QStringLiteral("exportDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(suffix);
    dialog.selectFile(workspace.completeBaseName() + QStringLiteral("-block.") + suffix);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return;
    const QString path = dialog.selectedFiles().front();
    if (!m_pack->exportToFile(path)) showError(tr("Export failed: %1").arg(m_pack->lastError()));
}

void MainWindow::showApproveDialog() {
    auto* dialog = findChild<ApproveBlockDialog*>();
    if (!dialog) {
        dialog = new ApproveBlockDialog(m_workspacePath, m_reviewer, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->show();
    dialog->raise();
}

}  // namespace bm
