// The checkpoint browser end to end (issue #16): fold from the GUI, open the store, search, recall
// an exact page whose bytes equal the real CLI's, then corrupt a bundle and see it unavailable.
#include <QCheckBox>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <QAbstractItemModelTester>
#include <QPushButton>

#include "checkpoint_browser_pane.h"
#include "checkpoint_tree_model.h"
#include "fold_dialog.h"
#include "main_window.h"
#include "roles.h"
#include "studio_test_support.h"
#include "workspace_tree_model.h"

using namespace bm;

namespace {

struct Cli {
    int exitCode = -1;
    QByteArray out, err;
};

Cli runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(BELIEFMERGE_BIN), args);
    Cli r;
    if (!p.waitForStarted(10000) || !p.waitForFinished(60000)) return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

void screenshot(QWidget* w, const QString& name) {
    QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
    const QString path = QStringLiteral(SCREENSHOT_DIR "/") + name;
    QVERIFY2(w->grab().save(path), qPrintable(path));
}

// The window with the Checkpoints pane raised, then the pane on each detail tab: PREFIX-window.png,
// PREFIX-recall.png, PREFIX-state.png, PREFIX-lineage.png. Leaves the recall tab shown.
void screenshotEveryTab(MainWindow& window, const QString& prefix) {
    if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("checkpointsDock"))) dock->raise();
    screenshot(&window, prefix + QStringLiteral("-window.png"));
    CheckpointBrowserPane* pane = window.checkpointBrowser();
    const char* tabs[] = {"recall", "state", "lineage"};
    for (int i = 0; i < 3; ++i) {
        pane->detailTabs()->setCurrentIndex(i);
        screenshot(pane, prefix + QLatin1Char('-') + QLatin1String(tabs[i]) + QStringLiteral(".png"));
    }
    pane->detailTabs()->setCurrentIndex(0);
}

// Folds through Session > Fold… (the dialog the menu opens) and waits for the store to be shown.
bool foldFromDialog(MainWindow& window, const QString& log, const QString& session, const QString& store,
                    FoldMode mode, int retain, const QString& shot = {}) {
    window.findChild<QAction*>(QStringLiteral("foldAction"))->trigger();
    FoldDialog* dialog = window.findChild<FoldDialog*>(QStringLiteral("foldDialog"));
    if (!dialog || !dialog->isVisible()) return false;
    if (!log.isEmpty()) dialog->logEdit()->setText(log);
    if (!session.isNull()) dialog->sessionEdit()->setText(session);
    dialog->storeEdit()->setText(store);
    dialog->modeBox()->setCurrentIndex(dialog->modeBox()->findData(static_cast<int>(mode)));
    dialog->retainBox()->setValue(retain);
    QSignalSpy folded(dialog, &FoldDialog::foldFinished);
    QSignalSpy loaded(window.checkpointBrowser(), &CheckpointBrowserPane::catalogLoaded);
    QTest::mouseClick(dialog->foldButton(), Qt::LeftButton);
    if (!test::waitFor(folded, 60000) || !folded.first().at(0).toBool()) {
        qWarning() << "fold failed:" << dialog->resultText();
        return false;
    }
    if (!shot.isEmpty()) screenshot(dialog, shot);
    dialog->close();
    return test::waitFor(loaded);
}

QString checkpointOf(CheckpointTreeModel* model, const QString& session) {
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex s = model->index(r, 0);
        if (s.data(roles::SessionKeyRole).toString() == session && model->rowCount(s) > 0)
            return model->index(0, 0, s).data(roles::CheckpointIdRole).toString();
    }
    return {};
}

}  // namespace

class TestCheckpoints : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

private Q_SLOTS:
    void initTestCase() { test::useThrowawaySettings(m_config, QStringLiteral("test-checkpoints")); }

    void foldSearchRecallThenCorrupt() {
        QTemporaryDir dir;
        const QString store = dir.filePath(QStringLiteral("store"));
        MainWindow window(dir.filePath(QStringLiteral("ws.bmws")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR "/claude-review.jsonl")}));
        CheckpointBrowserPane* pane = window.checkpointBrowser();
        QAbstractItemModelTester tester(pane->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        // Session > Fold… from the workspace session: the dialog comes prefilled with its log and id.
        window.workspaceView()->setCurrentIndex(window.workspaceModel()->index(0, 0));
        const QString sessionId = window.selectedSessionId();
        QVERIFY(!sessionId.isEmpty());
        QVERIFY(foldFromDialog(window, {}, QString(), store, FoldMode::kLeaf, 0, QStringLiteral("checkpoints-fold-dialog.png")));
        // A second session, folded from a log named in the dialog.
        QVERIFY(foldFromDialog(window, QStringLiteral(EXAMPLES_DIR "/branch-a.jsonl"), QStringLiteral(""), store,
                               FoldMode::kLeaf, 0));
        QCOMPARE(pane->storePath(), store);
        QCOMPARE(pane->model()->rowCount(), 2);
        const QString cp = checkpointOf(pane->model(), sessionId);
        QVERIFY2(!cp.isEmpty(), qPrintable(sessionId));
        QVERIFY(pane->model()->indexOf(cp).data(roles::AvailableRole).toBool());
        QVERIFY(window.findChild<QAction*>(QStringLiteral("showCheckpointsAction"))->isEnabled());
        // The store the GUI wrote is one the CLI verifies.
        Cli verify = runCli({QStringLiteral("verify"), store});
        QVERIFY2(verify.exitCode == 0, verify.out.constData());

        // Search through the box (typed, then Enter), and recall the page of the first message hit.
        QSignalSpy searched(pane, &CheckpointBrowserPane::searchFinished);
        pane->searchEdit()->setFocus();
        QTest::keyClicks(pane->searchEdit(), QStringLiteral("memcached"));
        QTest::keyClick(pane->searchEdit(), Qt::Key_Return);
        QVERIFY(test::waitFor(searched));
        QTreeWidget* hits = pane->hitsView();
        QVERIFY(hits->topLevelItemCount() > 0);
        QTreeWidgetItem* hit = nullptr;
        for (int i = 0; i < hits->topLevelItemCount() && !hit; ++i)
            if (hits->topLevelItem(i)->text(1) == QStringLiteral("message")) hit = hits->topLevelItem(i);
        QVERIFY2(hit, "no message hit for memcached");
        QVERIFY(hit->text(4).contains(QStringLiteral("memcached"), Qt::CaseInsensitive));
        const QString hitCp = hit->data(0, roles::CheckpointIdRole).toString();
        const qint64 offset = hit->data(0, roles::MessageIndexRole).toLongLong();
        QSignalSpy paged(pane, &CheckpointBrowserPane::pageLoaded);
        QSignalSpy stated(pane, &CheckpointBrowserPane::stateLoaded);
        hits->setCurrentItem(hit);
        hits->setFocus();
        QTest::keyClick(hits, Qt::Key_Return);
        QVERIFY(test::waitFor(paged));
        QVERIFY(test::waitFor(stated));
        QCOMPARE(pane->currentCheckpoint(), hitCp);
        QCOMPARE(pane->pageOffset(), offset);
        Cli recall = runCli({QStringLiteral("recall"), store, hitCp, QStringLiteral("--depth"), QStringLiteral("exact"),
                             QStringLiteral("--offset"), QString::number(offset)});
        QCOMPARE(recall.exitCode, 0);
        QVERIFY(!recall.out.isEmpty());
        QCOMPARE(pane->pageBytes(), recall.out);  // byte-exact, as the CLI prints them
        // The view reads as messages by default; the box shows the exact bytes.
        QVERIFY(!pane->exactBytesBox()->isChecked());
        QVERIFY2(pane->pageText().startsWith(QStringLiteral("— ")), qPrintable(pane->pageText().left(200)));
        QVERIFY(!pane->pageText().contains(QStringLiteral("\"blocks\"")));
        pane->exactBytesBox()->setChecked(true);
        QCOMPARE(pane->pageText().toUtf8(), recall.out);
        pane->exactBytesBox()->setChecked(false);
        QVERIFY(pane->stateView()->topLevelItemCount() == 3);  // anchors, negative knowledge, beliefs
        // Anchors sit under one row per kind, counted; an item does not repeat its kind.
        QTreeWidgetItem* anchors = pane->stateView()->topLevelItem(0);
        QVERIFY(anchors->childCount() > 0);
        for (int k = 0; k < anchors->childCount(); ++k) {
            QTreeWidgetItem* kind = anchors->child(k);
            const QString name = kind->text(0).section(QLatin1Char(' '), 0, 0);
            QVERIFY2(kind->childCount() > 0 && kind->text(0).endsWith(QStringLiteral("(%1)").arg(kind->childCount())),
                     qPrintable(kind->text(0)));
            for (int i = 0; i < kind->childCount(); ++i)
                QVERIFY2(!kind->child(i)->text(0).startsWith(name + QLatin1Char(' ')) &&
                             !kind->child(i)->text(0).startsWith(name + QLatin1Char('/')),
                         qPrintable(kind->child(i)->text(0)));
        }
        QVERIFY(pane->lineageView()->topLevelItemCount() >= 1);
        screenshotEveryTab(window, QStringLiteral("checkpoints"));

        // Corrupt the shown bundle: one flipped byte. Refresh re-verifies: unavailable, never served.
        const QString file = QString::fromStdString(pane->model()->checkpointAt(pane->model()->indexOf(hitCp))->entry.path);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        const qsizetype at = bytes.indexOf("memcached");
        QVERIFY(at > 0);
        bytes[at] = 'M';
        QVERIFY(f.seek(0));
        QCOMPARE(f.write(bytes), bytes.size());
        f.close();
        QSignalSpy reloaded(pane, &CheckpointBrowserPane::catalogLoaded);
        paged.clear();
        pane->refresh();
        QVERIFY(test::waitFor(reloaded));
        QVERIFY(test::waitFor(paged));
        const QModelIndex bad = pane->model()->indexOf(hitCp);
        QVERIFY(bad.isValid());
        QVERIFY(!bad.data(roles::AvailableRole).toBool());
        QVERIFY(bad.siblingAtColumn(CheckpointTreeModel::kVerification).data().toString().contains(QStringLiteral("unavailable")));
        QVERIFY(pane->pageBytes().isEmpty());
        QVERIFY2(pane->pageHeader().contains(QStringLiteral("unavailable")), qPrintable(pane->pageHeader()));
        QVERIFY(window.messageText().contains(hitCp.left(8)) || window.messageText().contains(QStringLiteral("unavailable")));
        QCOMPARE(runCli({QStringLiteral("recall"), store, hitCp, QStringLiteral("--depth"), QStringLiteral("exact")}).exitCode, 1);
        // Searching again never serves it.
        searched.clear();
        pane->search(QStringLiteral("memcached"));  // the index still holds the damaged bundle's text
        QVERIFY(test::waitFor(searched));
        for (int i = 0; i < hits->topLevelItemCount(); ++i) QVERIFY(hits->topLevelItem(i)->text(0) != hitCp);
        QVERIFY2(window.messageText().contains(QStringLiteral("left out")), qPrintable(window.messageText()));
        screenshot(pane, QStringLiteral("checkpoints-unavailable.png"));

        // Export everything: the corrupt bundle is refused, the others are copied verbatim.
        const QString dest = dir.filePath(QStringLiteral("exported"));
        pane->tree()->selectAll();
        QSignalSpy exported(&window, &MainWindow::checkpointsExported);
        window.exportCheckpoints(dest);
        QVERIFY(test::waitFor(exported));
        const QString report = exported.first().at(0).toString();
        QVERIFY(!exported.first().at(1).toBool());
        QVERIFY2(report.contains(QStringLiteral("corrupt  ") + hitCp), qPrintable(report));
        QVERIFY(QFile::exists(dest + QStringLiteral("/verification-report.json")));
        Cli exportedVerify = runCli({QStringLiteral("verify"), dest});
        QVERIFY2(exportedVerify.exitCode == 0, exportedVerify.out.constData());
        QVERIFY2(exportedVerify.out.contains("1 verified, 0 corrupt"), exportedVerify.out.constData());
    }

    // A real shared log folded root-mode: paging through a root checkpoint byte-exactly, its state
    // and its lineage (screenshots of every tab on real data).
    void sharedLogRootFoldPagesByteExactly() {
        const QString log = QStringLiteral(SHARED_DATA_DIR "/sessions/claude-code/coverage-test-fix.transcript.jsonl");
        if (!QFile::exists(log)) QSKIP("../shared/data is not here");
        QTemporaryDir dir;
        const QString store = dir.filePath(QStringLiteral("store"));
        MainWindow window(dir.filePath(QStringLiteral("ws.bmws")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(foldFromDialog(window, log, QStringLiteral(""), store, FoldMode::kRoot, 1000,
                               QStringLiteral("checkpoints-shared-fold-dialog.png")));
        CheckpointBrowserPane* pane = window.checkpointBrowser();
        auto catalog = pane->model()->catalog();
        QVERIFY(catalog && catalog->sessions.size() == 1);
        const CatalogCheckpoint* root = nullptr;
        for (const auto& c : catalog->sessions[0].checkpoints)
            if (c.mode == FoldMode::kRoot) root = &c;
        QVERIFY2(root, "no root checkpoint");
        QVERIFY(root->covers.size() >= 2);
        QVERIFY(root->message_count > 20);  // more than one exact page
        const QString id = QString::fromStdString(root->entry.checkpoint_id);
        QSignalSpy paged(pane, &CheckpointBrowserPane::pageLoaded);
        QSignalSpy stated(pane, &CheckpointBrowserPane::stateLoaded);
        pane->tree()->setCurrentIndex(pane->model()->indexOf(id));
        QVERIFY(test::waitFor(paged));
        QVERIFY(test::waitFor(stated));
        QCOMPARE(pane->currentCheckpoint(), id);
        for (int page = 0; page < 2; ++page) {
            Cli cli = runCli({QStringLiteral("recall"), store, id, QStringLiteral("--depth"), QStringLiteral("exact"),
                              QStringLiteral("--offset"), QString::number(pane->pageOffset())});
            QCOMPARE(cli.exitCode, 0);
            QCOMPARE(pane->pageBytes(), cli.out);
            if (page == 0) {
                QVERIFY(pane->nextPageButton()->isEnabled());
                paged.clear();
                QTest::mouseClick(pane->nextPageButton(), Qt::LeftButton);
                QVERIFY(test::waitFor(paged));
                QVERIFY(pane->pageOffset() > 0);
            }
        }
        QCOMPARE(pane->lineageView()->topLevelItemCount(), 1);  // the root, its leaves beneath it
        QCOMPARE(pane->lineageView()->topLevelItem(0)->childCount(), static_cast<int>(root->covers.size()));
        screenshotEveryTab(window, QStringLiteral("checkpoints-shared"));
        QSignalSpy searched(pane, &CheckpointBrowserPane::searchFinished);
        pane->search(QStringLiteral("coverage"));
        QVERIFY(test::waitFor(searched));
        QVERIFY(pane->hitsView()->topLevelItemCount() > 0);
        screenshot(pane, QStringLiteral("checkpoints-shared-search.png"));
    }
};

QTEST_MAIN(TestCheckpoints)
#include "test_checkpoints.moc"
