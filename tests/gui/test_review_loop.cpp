// The review loop's safety: a review key acts on exactly the slot the inspector shows, whatever
// changed the selection (queue click, J/K, graph, derivation tree, filter, scope, reload, decision).
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QDialog>
#include <QDockWidget>
#include <QFileDialog>
#include <QTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <functional>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>

#include "derivation_model.h"
#include "pack_preview_pane.h"
#include "disputes_pane.h"
#include "review_queries.h"
#include "roles.h"
#include "slot_inspector_model.h"
#include "slot_inspector_pane.h"
#include "slot_table_model.h"
#include "store/decisions.h"
#include "studio_test_support.h"

using namespace bm;

namespace {

// Keys of the rows the queue shows, in view order.
QStringList queueKeys(MainWindow& w) {
    QStringList keys;
    QAbstractItemModel* m = w.disputesPane()->table()->model();
    for (int row = 0; row < m->rowCount(); ++row) keys << m->index(row, 0).data(roles::SlotKeyRole).toString();
    return keys;
}

// Keys of the rows the queue highlights.
QStringList highlightedRows(MainWindow& w) {
    QStringList keys;
    for (const QModelIndex& i : w.disputesPane()->table()->selectionModel()->selectedRows()) keys << i.data(roles::SlotKeyRole).toString();
    return keys;
}

// The inspector shows `expected`, the queue highlights it or nothing, and the pane names it.
void expectOneSelection(MainWindow& w, const QString& expected) {
    QCoreApplication::processEvents();  // what runs between two keystrokes
    QCOMPARE(w.currentSlot(), expected);
    const Slot* shown = w.inspectorPane()->model()->slot();
    QVERIFY(shown);
    QCOMPARE(QString::fromStdString(shown->key), expected);
    const QStringList highlighted = highlightedRows(w);
    QVERIFY2(highlighted.isEmpty() || highlighted == QStringList{expected},
             qPrintable(QStringLiteral("inspector shows %1, queue highlights %2").arg(expected, highlighted.join(u','))));
    auto* target = w.findChild<QLabel*>(QStringLiteral("decisionTarget"));
    QVERIFY2(target && target->text().contains(expected), target ? qPrintable(target->text()) : "no decisionTarget label");
}

// The newest decision in the workspace's DecisionStore.
DecisionRecord lastStored(const QString& workspace) {
    auto store = DecisionStore::open(workspace.toStdString());
    if (!store.ok()) return {};
    auto all = (*store)->all_decisions();
    return all.ok() && !all->empty() ? all->back() : DecisionRecord{};
}

// Presses `key` on the queue after checking the selection, and checks where the decision landed.
void decideOn(MainWindow& w, const QString& workspace, Qt::Key key, const QString& expected) {
    expectOneSelection(w, expected);
    if (QTest::currentTestFailed()) return;
    QSignalSpy stored(&w, &MainWindow::decisionStored);
    w.disputesPane()->table()->setFocus();
    QTest::keyClick(w.disputesPane()->table(), key);
    QVERIFY2(test::waitFor(stored), qPrintable(w.statusText()));
    QCOMPARE(QString::fromStdString(lastStored(workspace).slot_key), expected);
}

// Shows `window` active (shortcuts need it) with examples/ loaded.
void openExamples(MainWindow& window) {
    window.setReviewer(QStringLiteral("tester"));
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
}

// A native JSONL session whose user sets `count` knobs, each annotated as a claim svc.knobN = valueN.
QByteArray manyKnobsLog(int count) {
    QByteArray out = QByteArrayLiteral("{\"type\":\"beliefmerge.session\",\"version\":1,\"id\":\"many\",\"cwd\":\"/srv/many\",\"createdAt\":\"2026-11-28T09:00:00Z\"}\n");
    for (int i = 0; i < count; ++i) {
        const QByteArray n = QByteArray::number(i);
        const QByteArray quote = "knob" + n + " to value" + n;
        out += "{\"type\":\"message\",\"id\":\"m" + n + "\",\"role\":\"user\",\"time\":\"2026-11-28T09:00:05Z\",\"content\":\"Set " +
               quote + ".\",\"claims\":[{\"key\":\"svc.knob" + n + "\",\"value\":\"value" + n +
               "\",\"type\":\"Decision\",\"evidence\":4,\"quote\":\"" + quote + "\"}]}\n";
    }
    return out;
}

// Counts the mouse events the application sees: a keyboard-only review must cause none.
class MouseCounter : public QObject {
public:
    int events = 0;
    bool eventFilter(QObject*, QEvent* e) override {
        switch (e->type()) {
            case QEvent::MouseButtonPress:
            case QEvent::MouseButtonRelease:
            case QEvent::MouseButtonDblClick:
            case QEvent::MouseMove:
            case QEvent::Wheel: ++events; break;
            default: break;
        }
        return false;
    }
};

// Answers the next modal file dialog by keyboard: types `path` in its file name field, presses Enter.
void answerFileDialog(const QString& path, int tries = 100) {
    QTimer::singleShot(50, [path, tries] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            if (tries > 0) answerFileDialog(path, tries - 1);
            return;
        }
        auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
        if (!edit) {
            qWarning() << "no file name field in" << dialog;
            return;
        }
        edit->setFocus();
        // The completer may rewrite what is typed while the folder model loads: type until it sticks.
        for (int attempt = 0; attempt < 5 && edit->text() != path; ++attempt) {
            QTest::keySequence(edit, QKeySequence::SelectAll);
            QTest::keyClick(edit, Qt::Key_Backspace);
            QTest::keyClicks(edit, path);
            if (edit->completer() && edit->completer()->popup() && edit->completer()->popup()->isVisible())
                QTest::keyClick(edit->completer()->popup(), Qt::Key_Escape);
            QTest::qWait(20);
        }
        // The completer's popup, shown when the folder listing arrives, takes the first Enter.
        for (int attempt = 0; attempt < 5 && QApplication::activeModalWidget() == dialog; ++attempt) {
            QTest::qWait(50);
            if (edit->completer() && edit->completer()->popup() && edit->completer()->popup()->isVisible())
                QTest::keyClick(edit->completer()->popup(), Qt::Key_Escape);
            QTest::keyClick(edit, Qt::Key_Return);
        }
        if (QApplication::activeModalWidget() == dialog) qWarning() << "the file dialog is still open with" << edit->text();
    });
}

// Writes manyKnobsLog(count) to `path`.
void writeKnobsLog(const QString& path, int count) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(manyKnobsLog(count)), manyKnobsLog(count).size());
}

#define CHECK(call)                                \
    do {                                           \
        call;                                      \
        if (QTest::currentTestFailed()) return;    \
    } while (false)

}  // namespace

class TestReviewLoop : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

private Q_SLOTS:
    void initTestCase() {
        // Recent workspaces and window state go to a throwaway settings folder.
        test::useThrowawaySettings(m_config, QStringLiteral("test-review-loop"));
    }

    void everySelectionPathDecidesOnTheInspectorSlot() {
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("selection.bmws"));
        MainWindow window(workspace);
        CHECK(openExamples(window));
        QTableView* queue = window.disputesPane()->table();
        const QStringList review = queueKeys(window);
        QVERIFY2(review.size() >= 2, qPrintable(review.join(u',')));

        // 1. A click on a queue row.
        QTest::mouseClick(queue->viewport(), Qt::LeftButton, {}, queue->visualRect(queue->model()->index(1, 1)).center());
        CHECK(decideOn(window, workspace, Qt::Key_U, review.at(1)));

        // 2. J and K on the queue.
        QTest::mouseClick(queue->viewport(), Qt::LeftButton, {}, queue->visualRect(queue->model()->index(0, 1)).center());
        QTest::keyClick(queue, Qt::Key_J);
        CHECK(decideOn(window, workspace, Qt::Key_B, queueKeys(window).at(queue->currentIndex().row())));
        QTest::keyClick(queue, Qt::Key_K);
        const QString afterK = queueKeys(window).at(queue->currentIndex().row());
        CHECK(decideOn(window, workspace, Qt::Key_U, afterK));

        // 3. A node of the graph that is not in the queue: the queue must not keep its old row highlighted.
        QString settled;
        QGraphicsItem* node = nullptr;
        for (QGraphicsItem* item : window.graphView()->canvas()->scene()->items()) {
            const QString key = item->data(0).toString();
            if (!key.isEmpty() && (item->flags() & QGraphicsItem::ItemIsSelectable) && !queueKeys(window).contains(key)) {
                settled = key;
                node = item;
                break;
            }
        }
        QVERIFY2(node, "the graph draws a slot that needs no review");
        window.graphView()->canvas()->centerOn(node);
        const QPoint at = window.graphView()->canvas()->mapFromScene(node->sceneBoundingRect().center());
        QTest::mouseClick(window.graphView()->canvas()->viewport(), Qt::LeftButton, {}, at);
        CHECK(decideOn(window, workspace, Qt::Key_U, settled));
        // O takes the value selected in the inspector for that same slot.
        const Slot* slot = window.snapshot()->slot(settled.toStdString());
        const QString value = QString::fromStdString(slot->values.back().value);
        QVERIFY(window.inspectorPane()->selectValue(value));
        CHECK(decideOn(window, workspace, Qt::Key_O, settled));
        QCOMPARE(QString::fromStdString(lastStored(workspace).value), value);

        // 4. A premise activated in the derivation tree (Enter on it).
        QString conclusion, premise;
        for (const auto& s : window.snapshot()->merged->slots)
            for (const Route& route : s.routes)
                for (const auto& p : route)
                    if (conclusion.isEmpty() && window.snapshot()->slot(p)) {
                        conclusion = QString::fromStdString(s.key);
                        premise = QString::fromStdString(p);
                    }
        QVERIFY2(!conclusion.isEmpty(), "examples/ has a derived slot with a premise");
        window.selectSlot(conclusion);
        CHECK(expectOneSelection(window, conclusion));
        QTreeView* tree = window.derivationView();
        QModelIndex premiseRow;
        std::function<void(const QModelIndex&)> find = [&](const QModelIndex& parent) {
            for (int r = 0; r < tree->model()->rowCount(parent); ++r) {
                const QModelIndex i = tree->model()->index(r, 0, parent);
                if (!premiseRow.isValid() && i.data(roles::SlotKeyRole).toString() == premise) premiseRow = i;
                find(i);
            }
        };
        find({});
        QVERIFY2(premiseRow.isValid(), qPrintable(premise));
        tree->setFocus();
        tree->setCurrentIndex(premiseRow);
        QTest::keyClick(tree, Qt::Key_Return);
        CHECK(decideOn(window, workspace, Qt::Key_U, premise));

        // 5. A filter that hides the slot the keys act on: no other row takes its place.
        window.selectSlot(review.at(0));
        auto* filter = window.disputesPane()->findChild<QLineEdit*>(QStringLiteral("queueFilter"));
        QVERIFY(filter);
        filter->setFocus();
        QTest::keyClicks(filter, review.at(1));
        QTest::qWait(400);  // the filter's typing delay
        QVERIFY2(!queueKeys(window).contains(review.at(0)), qPrintable(queueKeys(window).join(u',')));
        CHECK(decideOn(window, workspace, Qt::Key_U, review.at(0)));
        filter->clear();
        QTest::qWait(400);

        // 6. A scope change, away from the slot and back.
        auto* scope = window.disputesPane()->findChild<QComboBox*>(QStringLiteral("queueScope"));
        QVERIFY(scope);
        window.selectSlot(settled);
        scope->setCurrentIndex(scope->findData(int(SlotFilterProxy::Scope::kContested)));
        CHECK(decideOn(window, workspace, Qt::Key_U, settled));
        scope->setCurrentIndex(scope->findData(int(SlotFilterProxy::Scope::kAll)));
        CHECK(decideOn(window, workspace, Qt::Key_U, settled));
        QCOMPARE(highlightedRows(window), QStringList{settled});  // shown again: highlighted again
        scope->setCurrentIndex(scope->findData(int(SlotFilterProxy::Scope::kNeedsReview)));

        // 7. A new snapshot after a load keeps the slot.
        window.selectSlot(review.at(1));
        QVERIFY(test::loadAndSettle(window, {}));
        CHECK(decideOn(window, workspace, Qt::Key_U, review.at(1)));

        // 8. After a decision, whichever slot comes next, the keys act on the one shown.
        CHECK(decideOn(window, workspace, Qt::Key_B, window.currentSlot()));
        QTest::keyClick(queue, Qt::Key_J);
        CHECK(decideOn(window, workspace, Qt::Key_U, window.currentSlot()));
    }

    void undoAndRevokeAppendRecords() {
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("undo.bmws"));
        MainWindow window(workspace);
        CHECK(openExamples(window));
        const QString key = window.currentSlot();
        QVERIFY(!key.isEmpty());
        const std::string k = key.toStdString();
        auto resolutionOf = [&]() -> QString {
            const EffectiveResolution* r = window.snapshot()->resolution(k);
            return r && r->resolution ? QString::fromStdString(describe_resolution(*r->resolution)) : QString();
        };
        const QString before = resolutionOf();
        QSignalSpy stored(&window, &MainWindow::decisionStored);
        auto press = [&](QWidget* target, QKeySequence keys) {
            stored.clear();
            QTest::keySequence(target, keys);
            return test::waitFor(stored);
        };
        QTableView* queue = window.disputesPane()->table();
        queue->setFocus();

        // U, then Ctrl+Z: a revoke record is appended and the slot resolves as before.
        QVERIFY(press(queue, QKeySequence(Qt::Key_U)));
        QCOMPARE(resolutionOf(), QStringLiteral("unresolvable"));
        const int64_t decided = lastStored(workspace).id;
        QVERIFY(press(queue, QKeySequence::Undo));
        DecisionRecord undo = lastStored(workspace);
        QCOMPARE(undo.kind, DecisionKind::kRevoke);
        QCOMPARE(undo.revokes, decided);
        QCOMPARE(QString::fromStdString(undo.slot_key), key);
        QCOMPARE(resolutionOf(), before);
        QVERIFY2(!window.inspectorPane()->summaryText().contains(QStringLiteral("unresolvable")), qPrintable(window.inspectorPane()->summaryText()));

        // U then B, Review > Revoke Decision: B is withdrawn, U applies again; every record stays.
        // (After each decision the queue moves on: select the slot again, as a reviewer would.)
        QVERIFY(press(queue, QKeySequence(Qt::Key_U)));
        window.selectSlot(key);
        QVERIFY(press(queue, QKeySequence(Qt::Key_B)));
        QCOMPARE(resolutionOf(), QStringLiteral("both"));
        window.selectSlot(key);
        auto* revoke = window.findChild<QAction*>(QStringLiteral("revokeDecisionAction"));
        QVERIFY(revoke);
        stored.clear();
        revoke->trigger();
        QVERIFY(test::waitFor(stored));
        QCOMPARE(resolutionOf(), QStringLiteral("unresolvable"));
        // Ctrl+Z skips the decision already revoked and withdraws U.
        QVERIFY(press(queue, QKeySequence::Undo));
        QCOMPARE(resolutionOf(), before);
        auto store = DecisionStore::open(workspace.toStdString());
        QVERIFY(store.ok());
        QCOMPARE((*store)->decisions_for_slot(k)->size(), size_t(6));  // U, revoke, U, B, revoke, revoke
        // Nothing left to undo: said so, nothing stored.
        stored.clear();
        QTest::keySequence(queue, QKeySequence::Undo);
        QTest::qWait(50);
        QCOMPARE(stored.count(), 0);
        QVERIFY(window.statusText().contains(QStringLiteral("Nothing to undo")));
    }

    void anEmptyQueueSaysWhyAndLinksToTheSlots() {
        // Three settled slots (one session, oracle annotations): the default scope lists none of them.
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("settled.jsonl"));
        CHECK(writeKnobsLog(log, 3));
        MainWindow window(dir.filePath(QStringLiteral("empty.bmws")));
        QSignalSpy read(&window, &MainWindow::loadFinished);
        window.setOracleExtractor(true);
        QVERIFY(test::waitFor(read));
        DisputesPane* pane = window.disputesPane();
        QLabel* empty = pane->emptyState();
        QVERIFY(empty->isVisibleTo(pane));
        QVERIFY2(empty->text().contains(QStringLiteral("No slots yet")), qPrintable(empty->text()));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(test::loadAndSettle(window, {log}));
        QCOMPARE(window.snapshot()->merged->slots.size(), size_t(3));
        QCOMPARE(pane->table()->model()->rowCount(), 0);
        QVERIFY(empty->isVisibleTo(pane));
        QVERIFY2(empty->text().contains(QStringLiteral("Nothing needs review: no slot of the 3")), qPrintable(empty->text()));
        Q_EMIT empty->linkActivated(QStringLiteral("all-slots"));
        QCOMPARE(pane->table()->model()->rowCount(), 3);
        QVERIFY(!empty->isVisibleTo(pane));
        pane->setFilterText(QStringLiteral("no-such-slot"));
        QCOMPARE(pane->table()->model()->rowCount(), 0);
        QVERIFY(empty->isVisibleTo(pane));
        QVERIFY2(empty->text().contains(QStringLiteral("matches “no-such-slot”")), qPrintable(empty->text()));
        Q_EMIT empty->linkActivated(QStringLiteral("clear-filter"));
        QCOMPARE(pane->table()->model()->rowCount(), 3);
        QVERIFY(!empty->isVisibleTo(pane));
        // The extractor choice is a saved setting: give the later tests the default back.
        QSignalSpy reread(&window, &MainWindow::loadFinished);
        window.setOracleExtractor(false);
        QVERIFY(test::waitFor(reread));
    }

    void aLogThatGivesNoSlotIsNotTakenForNoLog() {
        // A real log can give no slot (a chat of greetings, or only low-confidence claims): the queue says the session
        // was read, rather than asking for logs to be opened (session 23).
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("greetings.jsonl"));
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"type":"beliefmerge.session","version":1,"id":"hello"})" "\n"
                   R"({"type":"message","id":"m1","role":"user","content":"Hi there, how are you today?"})" "\n"
                   R"({"type":"message","id":"m2","role":"assistant","content":"Hello! I am fine, thanks for asking."})" "\n");
        file.close();
        MainWindow window(dir.filePath(QStringLiteral("greetings.bmws")));
        DisputesPane* pane = window.disputesPane();
        QLabel* empty = pane->emptyState();
        QVERIFY2(empty->text().contains(QStringLiteral("No slots yet")), qPrintable(empty->text()));
        QVERIFY(test::loadAndSettle(window, {log}));
        QCOMPARE(window.snapshot()->sessions->size(), size_t(1));
        QCOMPARE(window.snapshot()->merged->slots.size(), size_t(0));
        QVERIFY(empty->isVisibleTo(pane));
        QVERIFY2(empty->text().contains(QStringLiteral("The 1 session(s) loaded gave no slot")), qPrintable(empty->text()));
        QVERIFY2(!empty->text().contains(QStringLiteral("No slots yet")), qPrintable(empty->text()));
    }

    void findSearchesTheWholeModelWithCountAndF3() {
        // 130 annotated slots: more than the graph draws (kMaxGraphSlots).
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("many.jsonl"));
        CHECK(writeKnobsLog(log, 130));
        MainWindow window(dir.filePath(QStringLiteral("find.bmws")));
        QSignalSpy read(&window, &MainWindow::loadFinished);
        window.setOracleExtractor(true);  // reads the workspace once: let that finish before importing
        QVERIFY(test::waitFor(read));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(test::loadAndSettle(window, {log}));
        QStringList keys;
        for (const auto& slot : window.snapshot()->merged->slots) keys << QString::fromStdString(slot.key);
        QVERIFY2(findSlots(*window.snapshot(), QStringLiteral("svc.knob")).size() == 130, qPrintable(keys.mid(0, 8).join(u',') + window.diagnostics().join(u';')));
        QString hidden;
        for (const QString& key : findSlots(*window.snapshot(), QStringLiteral("svc.knob")))
            if (hidden.isEmpty() && !window.graphView()->isDrawn(key) && findSlots(*window.snapshot(), key).size() == 1) hidden = key;
        QVERIFY2(!hidden.isEmpty(), "some slot is not drawn");

        // Ctrl+F, type, Enter: a slot the graph does not draw is found and shown in the inspector.
        QTest::keySequence(&window, QKeySequence::Find);
        QLineEdit* edit = window.graphView()->searchEdit();
        QVERIFY(edit->hasFocus());
        QTest::keyClicks(edit, hidden);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(window.currentSlot(), hidden);
        QCOMPARE(QString::fromStdString(window.inspectorPane()->model()->slot()->key), hidden);
        QVERIFY2(window.statusText().contains(QStringLiteral("1 of 1")), qPrintable(window.statusText()));

        // A wider search counts every match; F3 / Shift+F3 step through them and wrap.
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("VALUE1"));  // case-insensitive, on values
        QTest::keyClick(edit, Qt::Key_Return);
        const QStringList matches = findSlots(*window.snapshot(), QStringLiteral("value1"));
        QCOMPARE(matches.size(), 41);  // value1, value10-19, value100-129
        QCOMPARE(window.currentSlot(), matches.at(0));
        QVERIFY2(window.statusText().contains(QStringLiteral("Match 1 of 41")), qPrintable(window.statusText()));
        QTest::keyClick(&window, Qt::Key_F3);
        QCOMPARE(window.currentSlot(), matches.at(1));
        QVERIFY2(window.statusText().contains(QStringLiteral("Match 2 of 41")), qPrintable(window.statusText()));
        QTest::keyClick(&window, Qt::Key_F3, Qt::ShiftModifier);
        QTest::keyClick(&window, Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(window.currentSlot(), matches.at(40));
        QVERIFY2(window.statusText().contains(QStringLiteral("Match 41 of 41")), qPrintable(window.statusText()));

        // No match: said so, selection unchanged.
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("no-such-slot"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(window.currentSlot(), matches.at(40));
        QVERIFY2(window.statusText().contains(QStringLiteral("No slot matches")), qPrintable(window.statusText()));
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.setOracleExtractor(false);  // the setting is remembered: later tests expect the default
        QVERIFY(test::waitFor(loaded));
    }

    void keyboardOnlyReviewFromOpenToExport() {
        MouseCounter mouse;
        qApp->installEventFilter(&mouse);
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("keyboard.bmws"));
        MainWindow window(workspace);
        window.setReviewer(QStringLiteral("tester"));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto press = [&](QKeySequence keys) { QTest::keySequence(QApplication::focusWidget() ? QApplication::focusWidget() : &window, keys); };
        QSignalSpy stored(&window, &MainWindow::decisionStored);
        auto decideWith = [&](QKeySequence keys) {
            stored.clear();
            press(keys);
            return test::waitFor(stored);
        };

        // Open: File > Open Folder (Ctrl+Shift+O), the folder typed in the dialog.
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        answerFileDialog(QStringLiteral(EXAMPLES_DIR));
        press(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
        window.activateWindow();  // what the window manager does when the dialog closes
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(test::waitFor(loaded, 60000));
        QVERIFY(window.snapshot());
        QTest::qWait(50);
        const int toReview = toReviewCount(*window.snapshot());
        QVERIFY2(toReview >= 2, qPrintable(window.statusText() + window.diagnostics().join(u';')));

        // To the queue (Ctrl+1); F6 reaches the inspector, where arrows pick another value and O saves it.
        press(QKeySequence(Qt::CTRL | Qt::Key_1));
        QVERIFY(window.disputesPane()->table()->hasFocus());
        const QString first = window.currentSlot();
        press(QKeySequence(Qt::Key_F6));
        QVERIFY(window.inspectorPane()->tree()->hasFocus());
        const QString before = window.inspectorPane()->selectedValue();
        for (int i = 0; i < 20 && window.inspectorPane()->selectedValue() == before; ++i) press(QKeySequence(Qt::Key_Down));
        const QString picked = window.inspectorPane()->selectedValue();
        QVERIFY2(picked != before, qPrintable(before));
        QVERIFY(decideWith(QKeySequence(Qt::Key_O)));
        QCOMPARE(QString::fromStdString(lastStored(workspace).slot_key), first);
        QCOMPARE(QString::fromStdString(lastStored(workspace).value), picked);
        // Decided: marked so, out of the count, and the queue moved on.
        QCOMPARE(toReviewCount(*window.snapshot()), toReview - 1);
        QVERIFY(window.currentSlot() != first);
        const int row = window.slotModel()->rowOf(first);
        QVERIFY(window.slotModel()->index(row, SlotTableModel::kState).data().toString().startsWith(QStringLiteral("decided")));

        // A reason through its buddy (Alt+S), Enter back to the queue, U saves it.
        const QString second = window.currentSlot();
        press(QKeySequence(Qt::ALT | Qt::Key_S));
        QVERIFY(window.disputesPane()->reasonEdit()->hasFocus());
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("needs the ops team"));
        press(QKeySequence(Qt::Key_Return));
        QVERIFY(window.disputesPane()->table()->hasFocus());
        QVERIFY(decideWith(QKeySequence(Qt::Key_U)));
        QCOMPARE(QString::fromStdString(lastStored(workspace).slot_key), second);
        QCOMPARE(QString::fromStdString(lastStored(workspace).reason), QStringLiteral("needs the ops team"));

        // Back to it (K, or Review > Previous Slot), C asks for the guard, Enter in the guard saves.
        press(QKeySequence(Qt::Key_K));
        if (window.currentSlot() != second) window.selectSlot(second);  // the queue's order put another row between
        press(QKeySequence(Qt::Key_C));
        QVERIFY(window.disputesPane()->guardEdit()->hasFocus());
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("in staging"));
        QVERIFY(decideWith(QKeySequence(Qt::Key_Return)));
        QCOMPARE(lastStored(workspace).kind, DecisionKind::kConditional);
        QCOMPARE(QString::fromStdString(lastStored(workspace).slot_key), second);
        // Ctrl+Z withdraws it.
        QVERIFY(decideWith(QKeySequence::Undo));
        QCOMPARE(lastStored(workspace).kind, DecisionKind::kRevoke);

        // Help > Keyboard Shortcuts (F1) lists the keys; Esc closes it.
        press(QKeySequence::HelpContents);
        QPointer<QDialog> help = window.findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
        QVERIFY(help && help->isVisible());
        QVERIFY(help->findChild<QTextBrowser*>()->toPlainText().contains(QStringLiteral("F6")));
        help->activateWindow();  // the window manager activates a new dialog
        QVERIFY(QTest::qWaitForWindowActive(help));
        QWidget* inHelp = help->focusWidget() ? help->focusWidget() : help.data();
        QTest::keyClick(inHelp, Qt::Key_Escape);
        QTRY_VERIFY(!help || !help->isVisible());
        window.activateWindow();  // what the window manager does when the dialog closes
        QVERIFY(QTest::qWaitForWindowActive(&window));

        // Export (Ctrl+E): a name without extension gets the filter's.
        QSignalSpy packed(window.packPane(), &PackPreviewPane::packFinished);
        QVERIFY(!window.packPane()->isPacking() || test::waitFor(packed));
        answerFileDialog(dir.filePath(QStringLiteral("reviewed")));
        press(QKeySequence(Qt::CTRL | Qt::Key_E));
        QTRY_VERIFY(QFile::exists(dir.filePath(QStringLiteral("reviewed.md"))));
        QFile exported(dir.filePath(QStringLiteral("reviewed.md")));
        QVERIFY(exported.open(QIODevice::ReadOnly));
        QVERIFY(exported.readAll().contains(picked.toUtf8()));  // the overrule is in the exported block
        qApp->removeEventFilter(&mouse);
        QCOMPARE(mouse.events, 0);
    }

    void focusDrawsOnlyTheNeighbourhood() {
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("focus.bmws")));
        CHECK(openExamples(window));
        QString conclusion;
        for (const auto& s : window.snapshot()->merged->slots)
            if (conclusion.isEmpty() && !s.routes.empty()) conclusion = QString::fromStdString(s.key);
        QVERIFY(!conclusion.isEmpty());
        window.selectSlot(conclusion);
        const int before = window.graphView()->layout().nodes.size();
        QSignalSpy laid(window.graphView(), &ClaimGraphView::layoutFinished);
        window.graphView()->setFocusMode(true);
        QVERIFY(test::waitFor(laid));
        QStringList drawn;
        for (const auto& n : window.graphView()->layout().nodes)
            if (!n.valueNode) drawn << n.slotKey;
        QVERIFY2(drawn.contains(conclusion) && drawn.size() >= 2, qPrintable(drawn.join(u',')));
        QVERIFY2(!drawn.contains(QStringLiteral("cache")), qPrintable(drawn.join(u',')));  // not a neighbour
        QVERIFY(window.graphView()->layout().nodes.size() < before);
    }

    void loadErrorsAreRaisedNotJustCounted() {
        QTemporaryDir dir;
        // A log that cannot be read beside good ones: the message bar says so; the rest loads.
        const QString broken = dir.filePath(QStringLiteral("broken.jsonl"));
        {
            QFile file(broken);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("{\"type\":\"beliefmerge.session\",\"version\":99,\"id\":\"x\"}\nnot json at all\n");
        }
        {
            MainWindow window(dir.filePath(QStringLiteral("errors.bmws")));
            window.show();
            QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR), broken}));
            QVERIFY2(!window.diagnostics().filter(QStringLiteral("error")).isEmpty(), qPrintable(window.diagnostics().join(u'\n')));
            QVERIFY2(window.messageText().contains(QStringLiteral("error")), qPrintable(window.messageText()));
            QVERIFY(window.snapshot()->slot("database"));
        }
        // A damaged workspace: a dialog names it and says the logs were not imported.
        const QString damaged = dir.filePath(QStringLiteral("damaged.bmws"));
        {
            QFile file(damaged);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray(4096, 'x'));
        }
        MainWindow window(damaged);
        window.show();
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPaths({QStringLiteral(EXAMPLES_DIR)});
        QVERIFY(test::waitFor(loaded));
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("workspaceErrorDialog"));
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QVERIFY2(box->text().contains(QStringLiteral("damaged.bmws")), qPrintable(box->text()));
        QVERIFY(box->informativeText().contains(QStringLiteral("not imported")));
        QVERIFY(!window.messageText().isEmpty());
        box->close();
    }

    // BM_SCREENSHOT_DIR=dir: the main window with a dispute selected at three screen sizes, on
    // examples/ and on the largest shared Claude Code log, saved there for a person to look at.
    void screenshotsAtThreeSizes() {
        const QString out = qEnvironmentVariable("BM_SCREENSHOT_DIR");
        if (out.isEmpty()) QSKIP("set BM_SCREENSHOT_DIR to write the screenshots");
        QDir().mkpath(out);
        const QList<std::pair<QString, QString>> inputs = {
            {QStringLiteral("examples"), QStringLiteral(EXAMPLES_DIR)},
            {QStringLiteral("claude-code"), QStringLiteral(SHARED_DATA_DIR "/sessions/claude-code/coverage-test-fix.transcript.jsonl")}};
        for (const auto& [name, input] : inputs) {
            if (!QFileInfo::exists(input)) QSKIP(qPrintable(input + QStringLiteral(" is missing")));
            for (const QSize size : {QSize(1024, 600), QSize(1280, 720), QSize(1920, 1080)}) {
                QSettings().remove(QStringLiteral("window"));  // the default layout at every size
                QTemporaryDir dir;
                MainWindow window(dir.filePath(QStringLiteral("screens.bmws")));
                window.resize(size);
                window.show();
                QVERIFY(QTest::qWaitForWindowExposed(&window));
                QVERIFY(test::loadAndSettle(window, {input}));
                QTest::qWait(100);
                const QString path = out + QStringLiteral("/studio-%1-%2x%3.png").arg(name).arg(size.width()).arg(size.height());
                QVERIFY2(window.grab().save(path), qPrintable(path));
                if (size.width() == 1280) {  // the pack preview as a pane of its own
                    window.findChild<QDockWidget*>(QStringLiteral("packDock"))->raise();
                    QTest::qWait(100);
                    QVERIFY(window.grab().save(out + QStringLiteral("/studio-%1-1280x720-pack.png").arg(name)));
                }
                window.close();
            }
        }
    }
};

QTEST_MAIN(TestReviewLoop)
#include "test_review_loop.moc"
