// The main window without a mouse: F6 pane cycling, Ctrl+1/2/3 to the queue, inspector and graph,
// J/K in the Review menu, and Help > Keyboard Shortcuts listing every shortcut of the menus.
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

#include "claim_graph_view.h"
#include "disputes_pane.h"
#include "main_window.h"
#include "meld_brain_pane.h"
#include "pack_preview_pane.h"
#include "slot_inspector_pane.h"
#include "transcript_pane.h"

namespace bm {

namespace {

// Every action of `menu` and its submenus, in menu order.
void collectActions(QMenu* menu, QList<QAction*>& out) {
    for (QAction* a : menu->actions()) {
        if (a->menu()) collectActions(a->menu(), out);
        else if (!a->isSeparator()) out << a;
    }
}

}  // namespace

QList<MainWindow::Pane> MainWindow::panes() const {
    auto dock = [this](const char* name) { return findChild<QDockWidget*>(QString::fromLatin1(name)); };
    return {{m_disputes->table(), dock("disputesDock")},     {m_inspector->tree(), dock("inspectorDock")},
            {m_graph->canvas(), nullptr},                   {m_derivationView, dock("derivationDock")},
            {m_pack->text(), dock("packDock")},             {m_transcript, dock("transcriptDock")},
            {m_workspaceView, dock("workspaceDock")},       {m_meld, dock("meldDock")}};
}

void MainWindow::focusPane(const Pane& pane) {
    if (pane.dock) {
        pane.dock->show();
        pane.dock->raise();
    }
    QWidget* target = pane.focus;
    if (!(target->focusPolicy() & Qt::TabFocus))  // a pane of several widgets: its first focusable one
        for (QWidget* w : pane.focus->findChildren<QWidget*>())
            if ((w->focusPolicy() & Qt::TabFocus) && w->isVisibleTo(pane.focus)) {
                target = w;
                break;
            }
    target->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::cyclePane(int delta) {
    const QList<Pane> all = panes();
    int at = -1;
    for (int i = 0; i < all.size() && at < 0; ++i)
        if (QWidget* f = focusWidget(); f && (f == all[i].focus || all[i].focus->isAncestorOf(f))) at = i;
    for (int step = 1; step <= all.size(); ++step) {
        const Pane& next = all[((at + delta * step) % all.size() + all.size()) % all.size()];
        if (!next.dock || !next.dock->isHidden() || step == all.size()) {
            focusPane(next);
            return;
        }
    }
}

void MainWindow::setupKeyboard(QMenu* review) {
    QAction* next = review->addAction(tr("&Next Slot (J)"), this, [this] {
        m_disputes->step(1);
        m_disputes->table()->setFocus();
    });
    next->setObjectName(QStringLiteral("nextSlotAction"));
    review->addAction(tr("&Previous Slot (K)"), this, [this] {
        m_disputes->step(-1);
        m_disputes->table()->setFocus();
    });
    review->addAction(tr("Pick the Value in the &Inspector"), QKeySequence(Qt::CTRL | Qt::Key_2), this,
                      [this] { focusPane(panes().at(1)); });
    review->addAction(tr("Go to the &Graph"), QKeySequence(Qt::CTRL | Qt::Key_3), this, [this] { focusPane(panes().at(2)); });
    QAction* nextPane = review->addAction(tr("Next &Pane"), QKeySequence(Qt::Key_F6), this, [this] { cyclePane(1); });
    nextPane->setObjectName(QStringLiteral("nextPaneAction"));
    review->addAction(tr("Previous Pa&ne"), QKeySequence(Qt::SHIFT | Qt::Key_F6), this, [this] { cyclePane(-1); });
    m_disputes->acceptReviewKeys(m_inspector->tree());  // pick a value, then press O right there

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* shortcuts = help->addAction(tr("&Keyboard Shortcuts"), QKeySequence::HelpContents, this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
}

QString MainWindow::shortcutsHtml() const {
    QString html = QStringLiteral("<table cellspacing='4'>");
    auto row = [&html](const QString& keys, const QString& what) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
    };
    for (QAction* top : menuBar()->actions()) {
        if (!top->menu()) continue;
        html += QStringLiteral("<tr><td colspan='2'><h3>%1</h3></td></tr>").arg(QString(top->text()).remove(u'&').toHtmlEscaped());
        QList<QAction*> actions;
        collectActions(top->menu(), actions);
        for (QAction* a : actions)
            if (!a->shortcut().isEmpty())
                row(a->shortcut().toString(QKeySequence::NativeText), QString(a->text()).remove(u'&'));
    }
    html += QStringLiteral("<tr><td colspan='2'><h3>%1</h3></td></tr>").arg(tr("In the disputes queue and the slot inspector"));
    row(tr("J / K"), tr("next / previous slot of the queue"));
    row(tr("A"), tr("accept the model's resolution"));
    row(tr("O"), tr("overrule to the value selected in the inspector"));
    row(tr("B"), tr("both values hold"));
    row(tr("C"), tr("conditional: asks for the guard first (Alt+U), Enter saves"));
    row(tr("U"), tr("unresolvable"));
    row(tr("Alt+S"), tr("type the reason; Enter returns to the queue"));
    row(tr("Esc"), tr("cancel loading"));
    html += QStringLiteral("<tr><td colspan='2'><h3>%1</h3></td></tr>").arg(tr("Panes"));
    row(tr("F6 / Shift+F6"), tr("cycle: queue, inspector, graph, derivation, pack preview, transcript, workspace, MELD"));
    html += QStringLiteral("<tr><td colspan='2'><h3>%1</h3></td></tr>").arg(tr("In the claim graph"));
    row(tr("Click / Enter"), tr("expand the selected cluster (or the one holding the current slot)"));
    row(tr("Backspace"), tr("collapse the open cluster around the selection"));
    return html + QStringLiteral("</table>");
}

void MainWindow::showShortcuts() {
    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Keyboard Shortcuts"));
    auto* text = new QTextBrowser;
    text->setHtml(shortcutsHtml());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(560, 520);
    dialog->show();  // not modal: the list can stay open beside the review
    dialog->activateWindow();
}

}  // namespace bm
