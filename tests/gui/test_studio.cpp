// The studio driven as a reviewer drives it, headless: open, select, decide by key, export, restart.
#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QPushButton>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFontDatabase>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>

#include <utility>

#include "approve_block_dialog.h"
#include "claim_graph_view.h"
#include "confidence_text.h"
#include "derivation_model.h"
#include "disputes_pane.h"
#include "inject/injection.h"
#include "main_window.h"
#include "pack_preview_pane.h"
#include "roles.h"
#include "slot_inspector_model.h"
#include "slot_inspector_pane.h"
#include "slot_table_model.h"
#include "store/decisions.h"
#include "studio_test_support.h"
#include "transcript_pane.h"
#include "translations.h"
#include "workspace_tree_model.h"

using namespace bm;

namespace {

// The block's item line for `key` (the renderer's wording may evolve; the facts must be on that line).
QString itemLine(const QString& block, const QString& key) {
    for (const QString& line : block.split(u'\n'))
        if (line.startsWith(QStringLiteral("- ")) && line.contains(key)) return line;
    return {};
}

void screenshot(QWidget* w, const QString& name) {
    QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
    const QString path = QStringLiteral(SCREENSHOT_DIR "/") + name;
    QVERIFY2(w->grab().save(path), qPrintable(path));
}

}  // namespace

class TestStudio : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

private Q_SLOTS:
    void initTestCase() {
        // Recent workspaces and window state go to a throwaway settings folder.
        test::useThrowawaySettings(m_config, QStringLiteral("test-studio"));
    }

    void init() {
        // Extractor and current session are remembered settings: every test starts from the defaults.
        QSettings().remove(QStringLiteral("extractor"));
        QSettings().remove(QStringLiteral("currentSession"));
    }

    void wholeReviewAsAUser() {
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("review.bmws"));
        const QString exported = dir.filePath(QStringLiteral("block.md"));
        {
            MainWindow window(workspace);
            window.setReviewer(QStringLiteral("tester"));
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
            QVERIFY2(window.diagnostics().filter(QStringLiteral("error")).isEmpty(), qPrintable(window.diagnostics().join(u'\n')));
            // Panes populate: sessions, the queue, the graph, the pack.
            QCOMPARE(window.workspaceModel()->rowCount(), 4);
            QVERIFY(window.disputesPane()->proxy()->rowCount() >= 1);
            QVERIFY(std::cmp_greater_equal(window.graphView()->layout().nodes.size(), window.snapshot()->merged->slots.size()));
            QVERIFY(!window.packPane()->block().isEmpty());
            // The first dispute is selected, and the panes follow it.
            QCOMPARE(window.currentSlot(), QStringLiteral("database"));

            // Select the disputed slot in the queue the way a user does: click its row.
            QTableView* queue = window.disputesPane()->table();
            const int row = 0;
            QCOMPARE(queue->model()->index(row, 0).data(roles::SlotKeyRole).toString(), QStringLiteral("database"));
            QTest::mouseClick(queue->viewport(), Qt::LeftButton, {}, queue->visualRect(queue->model()->index(row, 1)).center());
            QCOMPARE(window.currentSlot(), QStringLiteral("database"));
            QCOMPARE(window.graphView()->currentSlot(), QStringLiteral("database"));
            QVERIFY(window.inspectorPane()->model()->slot());
            QCOMPARE(QString::fromStdString(window.inspectorPane()->model()->slot()->key), QStringLiteral("database"));
            QVERIFY(window.inspectorPane()->summaryText().contains(QStringLiteral("never guessed")));
            // The transcript shows the message behind a value with its quote highlighted.
            QVERIFY(!window.transcriptPane()->highlightedQuote().isEmpty());
            QVERIFY(window.transcriptPane()->detail()->toHtml().contains(QStringLiteral("#ffeb3b")));
            screenshot(&window, QStringLiteral("studio-disputed-slot.png"));

            // Click a source in the inspector: the transcript jumps to that message.
            QTreeView* tree = window.inspectorPane()->tree();
            const int pg = window.inspectorPane()->model()->rowOfValue(QStringLiteral("postgresql"));
            const QModelIndex source = window.inspectorPane()->model()->index(0, 0, window.inspectorPane()->model()->index(pg, 0));
            tree->setCurrentIndex(source);
            Q_EMIT tree->activated(source);
            QCOMPARE(window.transcriptPane()->currentSession(), QStringLiteral("branch-a"));
            QVERIFY(window.transcriptPane()->detail()->toPlainText().contains(QStringLiteral("Use PostgreSQL for the database")));

            // Overrule to mysql with a reason, by keyboard: select the value, type the reason, press O.
            QVERIFY(window.inspectorPane()->selectValue(QStringLiteral("mysql")));
            QLineEdit* reason = window.disputesPane()->reasonEdit();
            reason->setFocus();
            QTest::keyClicks(reason, QStringLiteral("ops only runs MySQL"));
            QTest::keyClick(reason, Qt::Key_Return);  // back to the queue
            QVERIFY(queue->hasFocus() || (queue->setFocus(), true));
            QSignalSpy stored(&window, &MainWindow::decisionStored);
            QSignalSpy repacked(window.packPane(), &PackPreviewPane::packFinished);
            QTest::keyClick(queue, Qt::Key_O);
            QVERIFY2(test::waitFor(stored), qPrintable(window.statusText()));
            // Committed before the UI says so: the store already has it.
            auto store = DecisionStore::open(workspace.toStdString());
            QVERIFY(store.ok());
            auto decisions = (*store)->decisions_for_slot("database");
            QVERIFY(decisions.ok());
            QCOMPARE(decisions->size(), size_t(1));
            QCOMPARE(decisions->front().kind, DecisionKind::kChoose);
            QCOMPARE(QString::fromStdString(decisions->front().value), QStringLiteral("mysql"));
            QCOMPARE(QString::fromStdString(decisions->front().reason), QStringLiteral("ops only runs MySQL"));
            QVERIFY(window.statusText().contains(QStringLiteral("saved")));
            // The queue moved on to the next slot to review; go back to look at the decision.
            QVERIFY(window.currentSlot() != QStringLiteral("database"));
            window.selectSlot(QStringLiteral("database"));
            // Inspector, queue and graph show the decision.
            QVERIFY(window.inspectorPane()->summaryText().contains(QStringLiteral("choose mysql")));
            const int tableRow = window.slotModel()->rowOf(QStringLiteral("database"));
            QCOMPARE(window.slotModel()->index(tableRow, 0).data(roles::DecisionRole).toString(), QStringLiteral("choose mysql"));
            QSignalSpy relaid(window.graphView(), &ClaimGraphView::layoutFinished);
            QVERIFY(!window.graphView()->isLayingOut() || test::waitFor(relaid));
            bool graphShows = false;
            for (const auto& n : window.graphView()->layout().nodes)
                graphShows |= n.slotKey == QStringLiteral("database") && n.decision == QStringLiteral("choose mysql");
            QVERIFY(graphShows);

            // Export Markdown: the bytes carry the chosen value and who decided, with the reason.
            QVERIFY(!window.packPane()->isPacking() || test::waitFor(repacked));
            window.packPane()->setFormat(PackFormat::kMarkdown);
            QSignalSpy md(window.packPane(), &PackPreviewPane::packFinished);
            QVERIFY(!window.packPane()->isPacking() || test::waitFor(md));
            if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("packDock"))) dock->raise();
            QTest::qWait(50);  // the raised tab lays out and paints
            screenshot(window.packPane(), QStringLiteral("pack-preview.png"));
            QVERIFY2(window.packPane()->exportToFile(exported), qPrintable(window.packPane()->lastError()));
            QFile file(exported);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            const QString line = itemLine(QString::fromUtf8(bytes), QStringLiteral("database"));
            QVERIFY2(line.contains(QStringLiteral("mysql")) && !line.contains(QStringLiteral("postgresql")), bytes.constData());
            QVERIFY2(line.contains(QStringLiteral("settled by human:tester: ops only runs MySQL")), bytes.constData());
            screenshot(&window, QStringLiteral("studio-after-decision.png"));
        }
        // Restart on the same workspace: the decision is still there and still applied.
        MainWindow again(workspace);
        again.show();
        QVERIFY(test::loadAndSettle(again, {}));
        const EffectiveResolution* r = again.snapshot()->resolution("database");
        QVERIFY(r && r->resolution);
        QCOMPARE(r->origin, ResolutionOrigin::kHuman);
        QCOMPARE(QString::fromStdString(r->resolution->value), QStringLiteral("mysql"));
        const QString line = itemLine(again.packPane()->block(), QStringLiteral("database"));
        QVERIFY2(line.contains(QStringLiteral("mysql")) && line.contains(QStringLiteral("settled by human:tester")), qPrintable(line));
    }

    void overrulingAPremiseRelabelsItsConclusion() {
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("premise.bmws")));
        window.setReviewer(QStringLiteral("tester"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        // The retracted conclusion whose premise is disputed (branch C against branch A).
        QString conclusion, premise;
        for (const auto& s : window.snapshot()->merged->slots)
            for (const auto& p : s.derivation.unmet_premises)
                if (s.derivation.status == DerivationStatus::kRetracted && window.snapshot()->slot(p) &&
                    window.snapshot()->slot(p)->state == SlotState::kDisputed) {
                    conclusion = QString::fromStdString(s.key);
                    premise = QString::fromStdString(p);
                }
        QVERIFY2(!conclusion.isEmpty(), "examples/ has a conclusion whose premise is disputed");
        auto derivationText = [&] {
            return window.slotModel()->index(window.slotModel()->rowOf(conclusion), SlotTableModel::kDerivation).data().toString();
        };
        QCOMPARE(derivationText(), QStringLiteral("retracted"));
        // Overrule the premise to its first value with O in the queue.
        QVERIFY(window.disputesPane()->selectSlot(premise));
        QCOMPARE(window.currentSlot(), premise);
        const QString value = QString::fromStdString(window.snapshot()->slot(premise.toStdString())->values.front().value);
        QVERIFY(window.inspectorPane()->selectValue(value));
        QSignalSpy stored(&window, &MainWindow::decisionStored);
        window.disputesPane()->table()->setFocus();
        QTest::keyClick(window.disputesPane()->table(), Qt::Key_O);
        QVERIFY2(test::waitFor(stored), qPrintable(window.statusText()));
        QCOMPARE(derivationText(), QStringLiteral("founded"));
        // The derivation chain of the conclusion shows the premise IN now.
        window.selectSlot(conclusion);
        const QModelIndex root = window.derivationModel()->index(0, 0);
        const QModelIndex route = window.derivationModel()->index(0, 0, root);
        QCOMPARE(window.derivationModel()->index(0, DerivationModel::kLabel, route).data().toString(), QStringLiteral("IN"));
        // Unresolvable on the premise retracts the conclusion again.
        window.selectSlot(premise);
        stored.clear();
        QTest::keyClick(window.disputesPane()->table(), Qt::Key_U);
        QVERIFY2(test::waitFor(stored), qPrintable(window.statusText()));
        QCOMPARE(derivationText(), QStringLiteral("retracted"));
    }

    void extractorToggleAndCurrentSession() {
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("modes.bmws")));
        window.show();
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        QVERIFY(!window.oracleExtractor());
        QVERIFY(!window.snapshot()->slot("orders.retention"));  // a key only the annotations use
        auto* oracle = window.findChild<QAction*>(QStringLiteral("oracleAction"));
        QVERIFY(oracle && oracle->isCheckable());
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        oracle->trigger();  // View > Oracle Extractor
        QVERIFY(test::waitFor(loaded));
        QVERIFY(window.oracleExtractor());
        const Slot* retention = window.snapshot()->slot("orders.retention");
        QVERIFY(retention);
        QCOMPARE(retention->derivation.status, DerivationStatus::kRetracted);
        QVERIFY(window.snapshot()->slot("database.engine"));
        QCOMPARE(window.snapshot()->slot("database.engine")->trust, TrustLabel::kExternal);
        // View > Current Session lists the sessions; choosing branch-a makes its user TRUSTED.
        auto* menu = window.findChild<QMenu*>(QStringLiteral("currentSessionMenu"));
        QVERIFY(menu);
        QAction* branchA = nullptr;
        for (QAction* a : menu->actions())
            if (a->data().toString() == QStringLiteral("branch-a")) branchA = a;
        QVERIFY(branchA);
        loaded.clear();
        branchA->trigger();
        QVERIFY(test::waitFor(loaded));
        QCOMPARE(window.currentSession(), QStringLiteral("branch-a"));
        QCOMPARE(window.snapshot()->slot("database.engine")->trust, TrustLabel::kTrusted);
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("modeText"))->text().contains(QStringLiteral("branch-a")));
        // Both settings are remembered: a new window on the workspace starts with them.
        {
            MainWindow again(dir.filePath(QStringLiteral("modes.bmws")));
            QVERIFY(again.oracleExtractor());
            QCOMPARE(again.currentSession(), QStringLiteral("branch-a"));
        }
        loaded.clear();
        window.setOracleExtractor(false);  // later tests expect the default
        QVERIFY(test::waitFor(loaded));
        QVERIFY(window.snapshot()->slot("database"));
    }

    void injectedPluginMessageIsShownUntrustedAndYieldsNoClaim() {
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("plugin.bmws")));
        window.show();
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        for (const auto& s : window.snapshot()->merged->slots)
            for (const auto& v : s.values) {
                QVERIFY2(v.value.find("sqlite") == std::string::npos, s.key.c_str());
                QVERIFY2(!(s.key.find("port") != std::string::npos && v.value == "22"), s.key.c_str());
            }
        QVERIFY(window.transcriptPane()->showMessage(QStringLiteral("branch-c"), QStringLiteral("c-p1"), {}, -1));
        const QString text = window.transcriptPane()->detail()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Injected by plugin repo-notes")), qPrintable(text));
        // The secret in the tool result is redacted on read.
        QVERIFY(window.transcriptPane()->showMessage(QStringLiteral("branch-c"), QStringLiteral("c-t1"), {}, -1));
        const QString tool = window.transcriptPane()->detail()->toPlainText();
        QVERIFY2(!tool.contains(QStringLiteral("Tr0ub4dor")) && tool.contains(QStringLiteral("[REDACTED")), qPrintable(tool));
    }

    // Session 37: an answered question's 150-character value drew a node wider than the view; a node shows at
    // most 60 characters of its value, the slot inspector all of it.
    void aLongValueIsElidedInItsNode() {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("chat.json"));
        QFile f(log);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // An answered question, as OpenCode writes it: a value of some 130 characters.
        const QByteArray question =
            "Should campaigns be displayed inline within the selected lead row, or as a separate panel?";
        f.write("[{\"role\":\"user\",\"content\":\"plan the app\"},"
                "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\","
                "\"function\":{\"name\":\"question\",\"arguments\":\"{\\\"questions\\\":[{\\\"question\\\":\\\"" +
                question + "\\\",\\\"header\\\":\\\"Campaigns UI\\\"}]}\"}}]},"
                "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"User has answered your questions: \\\"" +
                question + "\\\"=\\\"Expandable row per lead\\\". You can now continue.\"}]");
        f.close();
        MainWindow window(dir.filePath(QStringLiteral("long.bmws")));
        window.show();
        QVERIFY(test::loadAndSettle(window, {log}));
        bool seen = false;
        for (const auto& n : window.graphView()->layout().nodes) {
            if (n.slotKey != QStringLiteral("question.campaigns-ui") || n.valueNode) continue;
            seen = true;
            QVERIFY2(n.label.endsWith(QChar(0x2026)), qPrintable(n.label));
            QVERIFY2(n.label.size() <= n.slotKey.size() + 3 + 60, qPrintable(n.label));
        }
        QVERIFY(seen);
    }

    void graphEdgesHaveArrowheadsByKind() {
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("graph.bmws")));
        window.show();
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        const GraphLayout& layout = window.graphView()->layout();
        int derivations = 0, disputes = 0, arrows = 0;
        for (const auto& e : layout.edges) {
            if (e.kind == GraphEdgeKind::kDerivation) {
                ++derivations;
                QVERIFY(e.directed && e.arrowTip);  // premise → conclusion carries an arrowhead
            }
            if (e.kind == GraphEdgeKind::kDispute) ++disputes;
            if (!e.directed) QVERIFY(!e.arrowTip);  // ties and value links have none
            arrows += e.arrowTip ? 1 : 0;
        }
        QVERIFY(derivations >= 1);
        QVERIFY(disputes >= 1);
        // One polygon per arrowhead in the scene, drawn in its edge kind's colour.
        int polygons = 0;
        for (QGraphicsItem* item : window.graphView()->canvas()->scene()->items())
            if (auto* p = dynamic_cast<QGraphicsPolygonItem*>(item)) {
                ++polygons;
                QVERIFY(p->parentItem());
                QCOMPARE(p->pen().color(), static_cast<QGraphicsPathItem*>(p->parentItem())->pen().color());
            }
        QCOMPARE(polygons, arrows);
        QVERIFY(window.graphView()->findChild<QLabel*>(QStringLiteral("graphLegend")));
        screenshot(window.graphView(), QStringLiteral("claim-graph.png"));
    }

    void keysNavigateAndDecideEveryKind() {
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("keys.bmws")));
        window.setReviewer(QStringLiteral("tester"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        DisputesPane* pane = window.disputesPane();
        pane->proxy()->setScope(SlotFilterProxy::Scope::kAll);
        QTableView* queue = pane->table();
        queue->setFocus();
        QVERIFY(pane->selectSlot(QStringLiteral("database")));
        const int start = queue->currentIndex().row();
        QTest::keyClick(queue, Qt::Key_J);
        QCOMPARE(queue->currentIndex().row(), start + 1);
        QVERIFY(window.currentSlot() != QStringLiteral("database"));
        QTest::keyClick(queue, Qt::Key_K);
        QCOMPARE(window.currentSlot(), QStringLiteral("database"));
        // C without a guard asks for it instead of storing anything.
        QSignalSpy stored(&window, &MainWindow::decisionStored);
        QTest::keyClick(queue, Qt::Key_C);
        QVERIFY(pane->guardEdit()->hasFocus());
        QCOMPARE(stored.count(), 0);
        QTest::keyClicks(pane->guardEdit(), QStringLiteral("in staging"));
        QTest::keyClick(pane->guardEdit(), Qt::Key_Return);  // Enter in the guard saves the conditional
        QVERIFY(test::waitFor(stored));
        QVERIFY(queue->hasFocus());
        // Saved on database; the queue then moved on, so each next key starts from database again.
        QCOMPARE(window.slotModel()->index(window.slotModel()->rowOf(QStringLiteral("database")), 0).data(roles::DecisionRole).toString(),
                 QStringLiteral("conditional (guard: in staging)"));
        for (auto [key, expected] : {std::pair{Qt::Key_B, "both"}, std::pair{Qt::Key_U, "unresolvable"}}) {
            stored.clear();
            window.selectSlot(QStringLiteral("database"));
            QTest::keyClick(queue, key);
            QVERIFY(test::waitFor(stored));
            const int row = window.slotModel()->rowOf(QStringLiteral("database"));
            QCOMPARE(window.slotModel()->index(row, 0).data(roles::DecisionRole).toString(), QString::fromLatin1(expected));
        }
        // Accept on a disputed slot with no model resolution is refused with a message, nothing stored.
        stored.clear();
        window.selectSlot(QStringLiteral("database"));
        QTest::keyClick(queue, Qt::Key_A);
        QTest::qWait(50);
        QCOMPARE(stored.count(), 0);
        QVERIFY(window.statusText().contains(QStringLiteral("Nothing to accept")));
        auto store = DecisionStore::open(dir.filePath(QStringLiteral("keys.bmws")).toStdString());
        QVERIFY(store.ok());
        QCOMPARE((*store)->decisions_for_slot("database")->size(), size_t(3));
    }

    void staleDecisionIsFlaggedNotApplied() {
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("stale.bmws"));
        {
            auto store = DecisionStore::open(workspace.toStdString());
            QVERIFY(store.ok());
            DecisionRecord d;
            d.reviewer = "earlier";
            d.slot_key = "database";
            d.annotation_digest = std::string(64, '0');  // made against another annotation
            d.kind = DecisionKind::kChoose;
            d.value = "postgresql";
            QVERIFY((*store)->append(d).ok());
        }
        MainWindow window(workspace);
        window.show();
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        const int row = window.slotModel()->rowOf(QStringLiteral("database"));
        QVERIFY(window.slotModel()->index(row, 0).data(roles::StaleRole).toBool());
        QVERIFY(window.slotModel()->index(row, SlotTableModel::kDecision).data().toString().startsWith(QStringLiteral("stale")));
        QVERIFY(window.inspectorPane()->summaryText().contains(QStringLiteral("Stale")));
        QVERIFY(window.packPane()->block().contains(QStringLiteral("DISPUTED")));
        QVERIFY(window.packPane()->block().contains(QStringLiteral("a stale decision was not applied")));
    }

    void exportIsRefusedWhenATrustInvariantFails() {
        // A snapshot presenting TRUSTED with only EXTERNAL support: laundering, which must fail closed.
        auto merged = std::make_shared<MergedSnapshot>();
        BranchClaims branch;
        branch.branch_id = "b";
        branch.session_id = "s";
        Claim c;
        c.key = "service.port";
        c.value = "9090";
        c.trust = TrustLabel::kExternal;
        c.evidence = EvidenceLevel::kUserStated;
        c.provenance_rank = 3;
        c.source.branch_id = "b";
        c.source.session_id = "s";
        c.source.message_id = "m1";
        c.quote = "port 9090";
        branch.claims.push_back(c);
        merged->inputs.push_back(branch);
        Slot s;
        s.key = "service.port";
        s.winner = "9090";
        s.trust = TrustLabel::kTrusted;
        SlotValue v;
        v.value = "9090";
        v.supporters = {ClaimRef{0, 0}};
        v.evidence = {4};
        v.score = 8;
        v.max_rank = 3;
        v.trust = TrustLabel::kTrusted;
        s.values.push_back(v);
        s.derivation.status = DerivationStatus::kAxiom;
        s.derivation.in = true;
        merged->slots.push_back(s);
        auto snapshot = std::make_shared<StudioSnapshot>();
        snapshot->sessions = std::make_shared<std::vector<Session>>();
        snapshot->merged = merged;
        PackPreviewPane pane;
        QSignalSpy packed(&pane, &PackPreviewPane::packFinished);
        pane.setSnapshot(snapshot);
        QVERIFY(test::waitFor(packed));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("refused.md"));
        QVERIFY(!pane.exportToFile(path));
        QVERIFY(!QFile::exists(path));
        QVERIFY2(pane.lastError().contains(QStringLiteral("refused")), qPrintable(pane.lastError()));
        QVERIFY2(pane.lastError().contains(QStringLiteral("service.port")), qPrintable(pane.lastError()));
        QVERIFY(pane.block().isEmpty());
    }

    void lowConfidenceClaimsHiddenUntilShownAndTheChoiceIsRemembered() {
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("confidence.bmws"));
        size_t defaultSlots = 0;
        LowConfidenceTally hidden;
        {
            MainWindow window(workspace);
            window.show();
            QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
            auto* show = window.findChild<QAction*>(QStringLiteral("lowConfidenceAction"));
            QVERIFY(show && show->isCheckable() && !show->isChecked());
            QVERIFY(!window.showLowConfidence());
            hidden = window.snapshot()->lowConfidence;
            QVERIFY(hidden.hidden && hidden.claims > 0 && hidden.slotCount > 0);
            defaultSlots = window.snapshot()->merged->slots.size();
            // The count is visible under the graph and in the status line.
            QVERIFY2(window.graphView()->infoText().contains(lowConfidenceText(hidden)), qPrintable(window.graphView()->infoText()));
            QVERIFY2(window.statusText().contains(lowConfidenceText(hidden)), qPrintable(window.statusText()));
            // View > Show Low-Confidence Claims re-reads the workspace with them.
            QSignalSpy loaded(&window, &MainWindow::loadFinished);
            QSignalSpy laid(window.graphView(), &ClaimGraphView::layoutFinished);
            show->trigger();
            QVERIFY(test::waitFor(loaded));
            QVERIFY(window.showLowConfidence());
            QCOMPARE(window.snapshot()->merged->slots.size(), defaultSlots + size_t(hidden.slotCount));
            QVERIFY(!window.snapshot()->lowConfidence.hidden);
            QCOMPARE(window.snapshot()->lowConfidence.claims, hidden.claims);
            QVERIFY(!window.graphView()->isLayingOut() || test::waitFor(laid));
            QVERIFY2(window.graphView()->infoText().contains(QStringLiteral("shown")), qPrintable(window.graphView()->infoText()));
            screenshot(&window, QStringLiteral("studio-low-confidence-shown.png"));
        }
        // Remembered: a new window starts with them shown, and hides them again when asked.
        MainWindow again(workspace);
        auto* show = again.findChild<QAction*>(QStringLiteral("lowConfidenceAction"));
        QVERIFY(show && show->isChecked());
        QVERIFY(test::loadAndSettle(again, {}));
        QCOMPARE(again.snapshot()->merged->slots.size(), defaultSlots + size_t(hidden.slotCount));
        QSignalSpy loaded(&again, &MainWindow::loadFinished);
        show->trigger();
        QVERIFY(test::waitFor(loaded));
        QVERIFY(!again.showLowConfidence());
        QCOMPARE(again.snapshot()->merged->slots.size(), defaultSlots);
    }

    void approveBlockShowsEachProjectsStateAndWhatChanged() {
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("approve.bmws"));
        MainWindow window(workspace);
        window.setReviewer(QStringLiteral("ana"));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        auto* action = window.findChild<QAction*>(QStringLiteral("approveBlockAction"));
        QVERIFY(action);
        action->trigger();
        auto* dialog = window.findChild<ApproveBlockDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        const QString project = QStringLiteral("/srv/orders");  // where every example session ran
        auto row = [&] {
            const auto rows = dialog->projectList()->findItems(project, Qt::MatchExactly, 0);
            return rows.size() == 1 ? rows.front() : nullptr;
        };
        QVERIFY(row());
        QCOMPARE(row()->text(1), QStringLiteral("none"));

        QSignalSpy built(dialog, &ApproveBlockDialog::blockBuilt);
        dialog->selectProject(project);
        QVERIFY(test::waitFor(built));
        QVERIFY2(dialog->blockText().startsWith(QStringLiteral("<beliefmerge-context>")), qPrintable(dialog->statusText()));
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("approveButton")), Qt::LeftButton);
        QCOMPARE(row()->text(1), QStringLiteral("approved"));
        QVERIFY2(row()->text(2).contains(QStringLiteral("by ana")), qPrintable(row()->text(2)));
        // What the hooks inject is exactly the block the reviewer saw.
        InjectionOptions options;
        options.workspace = workspace.toStdString();
        options.project = project.toStdString();
        auto injection = project_injection(options);
        QVERIFY(injection.ok());
        QCOMPARE(injection->source, InjectionSource::kApproved);
        QCOMPARE(QString::fromStdString(injection->block), dialog->blockText());

        // A decision recorded in the studio makes the approval stale, and the dialog says so.
        window.selectSlot(QStringLiteral("database"));
        QSignalSpy stored(&window, &MainWindow::decisionStored);
        window.decide(DecisionKind::kUnresolvable, QStringLiteral("both teams still disagree"), QString());
        QVERIFY(test::waitFor(stored));
        dialog->refreshProjects();
        QCOMPARE(row()->text(1), QStringLiteral("stale"));
        QVERIFY2(row()->text(3).startsWith(QStringLiteral("decision recorded since approval: #")), qPrintable(row()->text(3)));
        built.clear();
        dialog->selectProject(project);  // the current block, with the decision, ready to approve again
        QVERIFY(test::waitFor(built));
        QVERIFY2(dialog->blockText().contains(QStringLiteral("unresolvable")), qPrintable(dialog->blockText()));
        screenshot(dialog, QStringLiteral("approve-block.png"));
    }

    void menusAndPanesAreChineseUnderZhLocale() {
        if (!QLocale::system().name().startsWith(QStringLiteral("zh")))
            QSKIP("run with LANG=zh_CN.UTF-8 (the test_studio_zh CTest does)");
        QVERIFY(installStudioTranslations(QLocale::system()));
        // Qt's own strings (dialog buttons, file dialogs) follow the locale too (qt6-translations-l10n).
        QDialogButtonBox qtButtons(QDialogButtonBox::Cancel);
        QCOMPARE(qtButtons.button(QDialogButtonBox::Cancel)->text(), QString::fromUtf8("取消"));
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("zh.bmws")));
        QStringList menus;
        for (QAction* a : window.menuBar()->actions()) menus << a->text();
        QVERIFY2(menus.contains(QStringLiteral("文件(&F)")), qPrintable(menus.join(u',')));
        QVERIFY2(menus.contains(QStringLiteral("审阅(&R)")), qPrintable(menus.join(u',')));
        QStringList titles;
        for (QDockWidget* d : window.findChildren<QDockWidget*>()) titles << d->windowTitle();
        for (const char* expected : {"工作区", "争议", "槽位检查器", "推导链", "对话记录", "打包预览"})
            QVERIFY2(titles.contains(QString::fromUtf8(expected)), qPrintable(titles.join(u',')));
        // Chinese text renders as glyphs, not boxes, only with a CJK font (scripts/setup.sh installs one).
        QVERIFY2(!QFontDatabase::families(QFontDatabase::SimplifiedChinese).isEmpty(),
                 "no Simplified Chinese font: install fonts-wqy-microhei (scripts/setup.sh)");
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::loadAndSettle(window, {QStringLiteral(EXAMPLES_DIR)}));
        screenshot(&window, QStringLiteral("studio-zh_CN.png"));
    }
};

QTEST_MAIN(TestStudio)
#include "test_studio.moc"
