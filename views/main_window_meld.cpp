// Main window: the MELD pane and File > Open Brain… (a brain directory, read-only).
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QSettings>

#include "main_window.h"
#include "meld_brain_pane.h"

namespace bm {

namespace {

const QString kBrainSetting = QStringLiteral("meld/brain");

}  // namespace

void MainWindow::setupMeldPane() {
    m_meld = new MeldBrainPane;
    QDockWidget* dock = addPane(tr("MELD"), QStringLiteral("meldDock"), m_meld, Qt::BottomDockWidgetArea);
    if (auto* transcript = findChild<QDockWidget*>(QStringLiteral("transcriptDock"))) {
        tabifyDockWidget(transcript, dock);
        transcript->raise();
    }
    connect(m_meld, &MeldBrainPane::openRequested, this, &MainWindow::openBrainDialog);
    connect(m_meld, &MeldBrainPane::brainOpened, this, [this, dock](bool ok) {
        dock->show();
        dock->raise();
        m_status->setText(ok ? m_meld->message() : tr("The brain could not be opened (see the MELD pane)"));
    });
}

void MainWindow::setupMeldActions(QMenu* file) {
    QAction* open = file->addAction(tr("Open &Brain…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), this, &MainWindow::openBrainDialog);
    open->setObjectName(QStringLiteral("openBrainAction"));
    open->setToolTip(tr("Open a MELD brain directory read-only: claims, links and the verified Patch log"));
}

void MainWindow::openBrainDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Brain"), QSettings().value(kBrainSetting).toString());
    if (!dir.isEmpty()) openBrain(dir);
}

void MainWindow::openBrain(const QString& dir) {
    QSettings().setValue(kBrainSetting, dir);
    m_meld->openBrain(dir);
}

}  // namespace bm
