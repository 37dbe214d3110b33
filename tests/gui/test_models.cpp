// Studio models over a real snapshot of examples/: every model under QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

#include "confidence_text.h"
#include "derivation_model.h"
#include "display_names.h"
#include "extract/rule_table.h"
#include "ingest/ingest.h"
#include "merge/merger.h"
#include "recall_page_text.h"
#include "roles.h"
#include "session_list_model.h"
#include "slot_inspector_model.h"
#include "slot_table_model.h"
#include "studio_test_support.h"
#include "tool_call_text.h"
#include "transcript_model.h"
#include "workspace_tree_model.h"

using namespace bm;

class TestModels : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    SnapshotPtr m_snapshot;

private Q_SLOTS:
    void initTestCase() {
        m_snapshot = test::buildSnapshot(m_dir.filePath(QStringLiteral("w.bmws")), {QStringLiteral(EXAMPLES_DIR)});
        QVERIFY(m_snapshot);
        QCOMPARE(m_snapshot->sessions->size(), size_t(4));
        QVERIFY(m_snapshot->slot("database"));
    }

    void transcriptModelKeepsItsContract() {
        TranscriptModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ReadResult r = read_file(QStringLiteral(EXAMPLES_DIR "/branch-a.jsonl").toStdString());
        QVERIFY(r.ok());
        model.setMessages(r.sessions.at(0).messages);
        QCOMPARE(model.rowCount(), 4);
        const QModelIndex assistant = model.index(1, 0);
        QCOMPARE(assistant.data(roles::RoleNameRole).toString(), QStringLiteral("assistant"));
        QCOMPARE(model.rowCount(assistant), 3);  // reasoning, text, tool call fold beneath
        QCOMPARE(model.index(0, 0, assistant).data(roles::BlockKindRole).toString(), QStringLiteral("reasoning"));
        const QString last = model.index(3, 1).data().toString();
        QVERIFY2(last.contains(QStringLiteral("[REDACTED:")), qPrintable(last));  // the staging key
        // A branch of a snapshot session, without copying.
        const Session& s = m_snapshot->sessions->front();
        model.setSession(m_snapshot, &s, &s.branches.front());
        QCOMPARE(model.rowCount(), int(s.branches.front().message_indexes.size()));
        QCOMPARE(model.rowOfMessage(model.index(0, 0).data(roles::MessageIdRole).toString()), 0);
        QCOMPARE(model.rowOfMessage(QStringLiteral("no-such-message")), -1);
    }

    // Session 28: Claude Code 2.x's contentless system records were blank rows; they show their subtype, in grey.
    void aTextlessHarnessRecordShowsItsSubtype() {
        const std::string log =
            R"({"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"hi"}})" "\n"
            R"({"type":"system","subtype":"turn_duration","durationMs":27496,"uuid":"d1","parentUuid":"u1","sessionId":"s"})" "\n"
            R"({"type":"system","subtype":"local_command","content":"<local-command-stdout>ok</local-command-stdout>","uuid":"d2","parentUuid":"d1","sessionId":"s"})" "\n";
        ReadResult r = read_bytes(log, "s.jsonl");
        QVERIFY(r.ok());
        TranscriptModel model;
        model.setMessages(r.sessions.at(0).messages);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("[turn_duration]"));
        QCOMPARE(model.index(1, 1).data(Qt::ForegroundRole).value<QBrush>().color(), QColor(Qt::gray));
        QVERIFY(model.index(2, 1).data().toString().contains(QStringLiteral("ok")));  // a record with text shows it
        QVERIFY(!model.index(2, 1).data(Qt::ForegroundRole).isValid());
    }

    // Session 40: Aider's architect reply, handed to its editor model as input, showed as "user" in the list.
    void aUserRoleMessageTheHarnessWroteSaysSo() {
        const std::string log =
            "# aider chat started at 2026-03-16 21:43:00\n\n> Main model: o1 with architect edit format  \n\n"
            "#### add a seed script  \n\nI'll create it.\n\n"
            "> Tokens: 1k sent  \n\n#### I'll create it.  \n";
        ReadResult r = read_bytes(log, ".aider.chat.history.md");
        QVERIFY(r.ok());
        TranscriptModel model;
        model.setMessages(r.sessions.at(0).messages);
        QCOMPARE(model.rowCount(), 5);  // aider's notice, the input, the reply, its token line, the echo
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("user"));
        QCOMPARE(model.index(4, 0).data().toString(), QStringLiteral("harness: architect"));
        QCOMPARE(model.index(4, 0).data(roles::RoleNameRole).toString(), QStringLiteral("user"));  // the role itself
    }

    void toolCallsShowWhatTheyDoNotTheirJson() {
        // A real Claude Code call: the command, not {"command":...,"description":...}.
        QCOMPARE(toolCallLine("Bash", R"({"command":"git status --short","description":"Show changes"})"),
                 QStringLiteral("Bash: git status --short"));
        QCOMPARE(toolCallLine("Edit", R"({"file_path":"src/app.py","old_string":"a","new_string":"b"})"),
                 QStringLiteral("Edit: src/app.py"));
        // Codex sends the command as an argv array.
        QCOMPARE(toolCallLine("shell", R"({"command":["bash","-lc","ls -la"],"workdir":"/w"})"),
                 QStringLiteral("shell: bash -lc ls -la"));
        // SWE-agent's calls are plain text: the first line, with an ellipsis when more follows.
        QCOMPARE(toolCallLine("edit", "edit 3:4\nx = 1\nend_of_edit"), QString(QStringLiteral("edit: edit 3:4") + QChar(0x2026)));
        // No telling field: scalar pairs in key order; nested objects left to the tooltip.
        QCOMPARE(toolCallLine("TodoWrite", R"({"todos":{"a":1},"merge":true,"limit":3})"),
                 QStringLiteral("TodoWrite: limit=3, merge=true"));
        QCOMPARE(toolCallLine("", "{}"), QStringLiteral("tool"));
        const QString detail = toolCallDetail("Bash", R"({"command":"ls"})", 4000);
        QVERIFY2(detail.contains(QStringLiteral("\n  \"command\": \"ls\"")), qPrintable(detail));
        QVERIFY(toolCallDetail("Bash", std::string(10000, 'x'), 100).size() == 101);
    }

    void exactRecallPagesReadAsMessages() {
        const QByteArray page =
            "{\"blocks\":[{\"kind\":\"text\",\"text\":\"Fix the test\"}],\"id\":\"u1\",\"line\":3,\"role\":\"user\",\"seq\":3,\"source\":{\"kind\":\"user\"},\"time\":\"t1\"}\n"
            "{\"blocks\":[{\"arguments\":\"{\\\"command\\\":\\\"pytest -q\\\"}\",\"id\":\"c1\",\"kind\":\"tool_call\",\"name\":\"Bash\"}],\"id\":\"a1\",\"line\":4,\"role\":\"assistant\",\"seq\":4,\"source\":{\"kind\":\"model\"},\"time\":\"\"}\n"
            "{\"blocks\":[{\"id\":\"c1\",\"isError\":true,\"kind\":\"tool_result\",\"text\":\"1 failed\"}],\"id\":\"t1\",\"line\":5,\"role\":\"tool\",\"seq\":5,\"source\":{\"kind\":\"tool\"},\"time\":\"\"}\n"
            "{\"blocks\":[{\"kind\":\"text\",\"text\":\"Stop hook feedback: commit first\"}],\"id\":\"m1\",\"line\":6,\"role\":\"user\",\"seq\":6,\"source\":{\"kind\":\"plugin\",\"name\":\"meta\"},\"time\":\"\"}\n"
            "not json\n";
        const QString text = readableRecallPage(page);
        QCOMPARE(text, QString(QStringLiteral("— user · seq 3 · line 3 · t1\nFix the test\n\n"
                                              "— assistant · seq 4 · line 4\n→ Bash: pytest -q\n\n"
                                              "— tool · seq 5 · line 5\n← error: 1 failed\n\n"
                                              "— user · seq 6 · line 6 · injected by plugin meta\nStop hook feedback: commit first\n\n"
                                              "not json")));
    }

    void graphBoxesCutSessionIdsInsideKeys() {
        QCOMPARE(compactSlotKey(QStringLiteral("tool.bash.session-736c4bd8-41bd-43fb-9030-b4df3b2a4f83.turn-4")),
                 QString(QStringLiteral("tool.bash.session-736c4bd8") + QChar(0x2026) + QStringLiteral(".turn-4")));
        QCOMPARE(compactSlotKey(QStringLiteral("reply.session-0123456789abcdef")),
                 QString(QStringLiteral("reply.session-01234567") + QChar(0x2026)));
        QCOMPARE(compactSlotKey(QStringLiteral("reply.session-short.turn-2")), QStringLiteral("reply.session-short.turn-2"));
        // A named session keeps enough to tell it from its neighbours.
        QCOMPARE(compactSlotKey(QStringLiteral("reply.session-openhands-basic-interactions-0042.turn-3")),
                 QString(QStringLiteral("reply.session-openhands-basic-inte") + QChar(0x2026) + QStringLiteral(".turn-3")));
        QCOMPARE(compactSlotKey(QStringLiteral("database")), QStringLiteral("database"));
    }

    void longTranscriptShowsOneWindowOfMessages() {
        TranscriptModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int total = TranscriptModel::pageRows() * 2 + 500;
        std::vector<Message> messages(static_cast<size_t>(total));
        for (int i = 0; i < total; ++i) {
            messages[static_cast<size_t>(i)].id = "m" + std::to_string(i);
            messages[static_cast<size_t>(i)].role = Role::kUser;
        }
        model.setMessages(std::move(messages));
        QCOMPARE(model.totalMessages(), total);
        QCOMPARE(model.rowCount(), TranscriptModel::pageRows());
        QCOMPARE(model.positionOfMessage(QStringLiteral("m%1").arg(total - 1)), total - 1);
        QCOMPARE(model.rowOfMessage(QStringLiteral("m%1").arg(total - 1)), -1);  // not in the first window
        model.setWindowStart(total);  // clamped so that the window is full
        QCOMPARE(model.windowStart(), total - TranscriptModel::pageRows());
        QCOMPARE(model.rowCount(), TranscriptModel::pageRows());
        QCOMPARE(model.index(0, 0).data(roles::MessageIdRole).toString(), QStringLiteral("m%1").arg(model.windowStart()));
        QCOMPARE(model.index(0, 0).data(roles::MessageIndexRole).toInt(), model.windowStart());
        QCOMPARE(model.rowOfMessage(QStringLiteral("m%1").arg(total - 1)), TranscriptModel::pageRows() - 1);
        model.setWindowStart(-5);
        QCOMPARE(model.windowStart(), 0);
    }

    void decisionOnAPremiseRelabelsItsConclusion() {
        // examples/: branch C disputes the premise of branch A's retention rule, so the conclusion
        // is retracted; settling the premise by a decision must make it founded through the engine.
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("premise.bmws"));
        SnapshotPtr snapshot = test::buildSnapshot(workspace, {QStringLiteral(EXAMPLES_DIR)});
        QVERIFY(snapshot && snapshot->base);
        const Slot* conclusion = nullptr;
        const Slot* premise = nullptr;
        for (const auto& s : snapshot->merged->slots)
            for (const auto& p : s.derivation.unmet_premises)
                if (s.derivation.status == DerivationStatus::kRetracted && snapshot->slot(p) &&
                    snapshot->slot(p)->state == SlotState::kDisputed) {
                    conclusion = &s;
                    premise = snapshot->slot(p);
                }
        QVERIFY2(conclusion && premise, "examples/ has a conclusion whose premise is disputed");
        DecisionRecord d;
        d.reviewer = "tester";
        d.slot_key = premise->key;
        d.annotation_digest = annotation_digest(*snapshot->base, *premise);
        d.kind = DecisionKind::kChoose;
        d.value = premise->values.front().value;
        DecisionOutcome chosen = run_decision_job(workspace.toStdString(), *snapshot, d);
        QVERIFY2(chosen.stored, qPrintable(chosen.error));
        QVERIFY(chosen.relabelled && chosen.relabelled->merged != snapshot->base);
        QCOMPARE(chosen.relabelled->base, snapshot->base);  // shared, not copied
        const Slot* founded = chosen.relabelled->slot(conclusion->key);
        QCOMPARE(founded->derivation.status, DerivationStatus::kFounded);
        QVERIFY(founded->derivation.in);
        QVERIFY(chosen.relabelled->slot(premise->key)->derivation.in);
        QCOMPARE(snapshot->base->find(conclusion->key)->derivation.status, DerivationStatus::kRetracted);  // not patched
        SnapshotPtr reread = test::buildSnapshot(workspace, {});  // a restart applies the stored decision
        QVERIFY(reread);
        QCOMPARE(reread->slot(conclusion->key)->derivation.status, DerivationStatus::kFounded);
        // A later "unresolvable" withdraws the premise again.
        d.kind = DecisionKind::kUnresolvable;
        d.value.clear();
        DecisionOutcome withdrawn = run_decision_job(workspace.toStdString(), *snapshot, d);
        QVERIFY2(withdrawn.stored, qPrintable(withdrawn.error));
        QCOMPARE(withdrawn.relabelled->slot(conclusion->key)->derivation.status, DerivationStatus::kRetracted);
        SnapshotPtr again = test::buildSnapshot(workspace, {});
        QVERIFY(again);
        QCOMPARE(again->slot(conclusion->key)->derivation.status, DerivationStatus::kRetracted);
        QVERIFY(again->resolution(premise->key) && again->resolution(premise->key)->origin == ResolutionOrigin::kHuman);
    }

    void sessionListModelKeepsItsContract() {
        SessionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSessions(m_snapshot->stored);
        QCOMPARE(model.rowCount(), 4);
        QVERIFY(!model.index(0, 0).data(roles::SessionKeyRole).toString().isEmpty());
    }

    void workspaceTreeShowsSessionsAndBranches() {
        WorkspaceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(m_snapshot);
        QCOMPARE(model.rowCount(), 4);
        const QModelIndex a = model.sessionIndex(QStringLiteral("branch-a"));
        QVERIFY(a.isValid());
        QCOMPARE(a.siblingAtColumn(WorkspaceTreeModel::kFormat).data().toString(), QStringLiteral("native"));
        QCOMPARE(a.siblingAtColumn(WorkspaceTreeModel::kMessages).data().toLongLong(), 4);
        // Sessions read by their file's name; the id is in the tooltip.
        QCOMPARE(a.data().toString(), QStringLiteral("branch-a"));
        QVERIFY(a.data(Qt::ToolTipRole).toString().contains(QStringLiteral("branch-a")));
        const QModelIndex b = model.sessionIndex(QStringLiteral("dsh-branch-b"));
        if (b.isValid()) QCOMPARE(b.data().toString(), QStringLiteral("dsh-branch-b"));
    }

    void slotTableFiltersTheReviewQueue() {
        SlotTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SlotFilterProxy proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        model.setSnapshot(m_snapshot);
        QCOMPARE(model.rowCount(), int(m_snapshot->merged->slots.size()));
        const int row = model.rowOf(QStringLiteral("database"));
        QVERIFY(row >= 0);
        QCOMPARE(model.index(row, 0).data(roles::SlotStateRole).toString(), QStringLiteral("disputed"));
        QCOMPARE(model.index(row, SlotTableModel::kValue).data().toString(), QStringLiteral("mysql | postgresql"));
        // The queue lists exactly the disputed and contested slots.
        QCOMPARE(proxy.rowCount(), int(m_snapshot->reviewKeys().size()));
        for (int r = 0; r < proxy.rowCount(); ++r) QVERIFY(proxy.index(r, 0).data(roles::NeedsReviewRole).toBool());
        proxy.setScope(SlotFilterProxy::Scope::kAll);
        // Per-run environment facts (env.session.*) are hidden unless asked for.
        int perRun = 0;
        for (const auto& s : m_snapshot->merged->slots) perRun += QString::fromStdString(s.key).startsWith(QStringLiteral("env.session.")) ? 1 : 0;
        QVERIFY(perRun > 0);
        QCOMPARE(proxy.rowCount(), model.rowCount() - perRun);
        proxy.setPerRunFacts(true);
        QCOMPARE(proxy.rowCount(), model.rowCount());
        proxy.setText(QStringLiteral("REDIS"));  // values match too, case-insensitively
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, 0).data(roles::SlotKeyRole).toString(), QStringLiteral("cache"));
        proxy.setText(QStringLiteral("no such slot"));
        QCOMPARE(proxy.rowCount(), 0);
    }

    void inspectorListsValuesWithTheirClaims() {
        SlotInspectorModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSlot(m_snapshot, QStringLiteral("database"));
        QCOMPARE(model.rowCount(), 2);  // mysql, postgresql
        const int mysql = model.rowOfValue(QStringLiteral("mysql"));
        QVERIFY(mysql >= 0);
        const QModelIndex v = model.index(mysql, 0);
        QVERIFY(model.rowCount(v) >= 1);
        const QModelIndex claim = model.index(0, 0, v);
        QCOMPARE(claim.data(roles::SourceMessageRole).toString(), QStringLiteral("b-u1"));
        QCOMPARE(model.index(0, SlotInspectorModel::kEvidence, v).data().toString(), QStringLiteral("user-stated"));
        QVERIFY(model.index(0, SlotInspectorModel::kQuote, v).data().toString().contains(QStringLiteral("MySQL")));
        model.setSlot(m_snapshot, QStringLiteral("no.such.slot"));
        QCOMPARE(model.rowCount(), 0);
    }

    void inspectorSaysWhenOneValueJoinsSeveralWordings() {
        // Two harnesses report one refusal in more and fewer words: one value, each claim its own words.
        auto said = [](const std::string& branch, const std::string& value) {
            Claim c;
            c.key = "tool.bash";
            c.value = value;
            c.quote = value;
            c.evidence = EvidenceLevel::kToolVerified;
            c.trust = TrustLabel::kExternal;
            c.source.branch_id = branch;
            c.source.session_id = branch;
            c.source.message_id = branch + "-m1";
            return c;
        };
        auto review = std::make_shared<StudioSnapshot>();
        review->sessions = std::make_shared<const std::vector<Session>>();
        review->merged = std::make_shared<const MergedSnapshot>(
            merge_branches({{"codex", "s1", {said("codex", "disabled by codex policy in this session")}},
                            {"hooks", "s2", {said("hooks", "disabled by policy in this session")}}}));
        SlotInspectorModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSlot(review, QStringLiteral("tool.bash"));
        QCOMPARE(model.rowCount(), 1);
        const QModelIndex v = model.index(0, 0);
        QCOMPARE(v.data(roles::ValueRole).toString(), QStringLiteral("disabled by policy in this session"));
        QCOMPARE(model.index(0, SlotInspectorModel::kSource).data().toString(), QStringLiteral("2 source(s), 2 wording(s)"));
        QVERIFY(model.index(0, SlotInspectorModel::kSource).data(Qt::ToolTipRole).toString().contains(QStringLiteral("one fact")));
        QCOMPARE(model.rowCount(v), 2);
        QStringList wordings;
        for (int r = 0; r < 2; ++r) wordings << model.index(r, SlotInspectorModel::kValue, v).data().toString();
        wordings.sort();
        QCOMPARE(wordings, (QStringList{QStringLiteral("disabled by codex policy in this session"),
                                        QStringLiteral("disabled by policy in this session")}));
        // One wording: no count, no tooltip.
        model.setSlot(m_snapshot, QStringLiteral("database"));
        QVERIFY(!model.index(model.rowOfValue(QStringLiteral("mysql")), SlotInspectorModel::kSource).data().toString().contains(QStringLiteral("wording")));
    }

    void inspectorShowsEachClaimsRuleAndConfidence() {
        SlotInspectorModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSlot(m_snapshot, QStringLiteral("database"));
        const QModelIndex v = model.index(model.rowOfValue(QStringLiteral("mysql")), 0);
        // "Switch the database to MySQL" (message b-u1).
        const QModelIndex rule = model.index(0, SlotInspectorModel::kRule, v);
        QCOMPARE(rule.data(roles::RuleRole).toString(), QStringLiteral("user.change_to"));
        QCOMPARE(rule.data(roles::ConfidenceRole).toDouble(), find_rule("user.change_to")->confidence);
        QCOMPARE(rule.data().toString(), QStringLiteral("user.change_to · 0.80"));
        // The tooltip says what the rule reads and what the number means.
        const QString tip = rule.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QString::fromUtf8(find_rule("user.change_to")->matches)), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Confidence 0.80")), qPrintable(tip));
        QCOMPARE(model.headerData(SlotInspectorModel::kRule, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("Rule · confidence"));
    }

    void studioThresholdIsWhereTheRuleTableDrawsItsDefaultSet() {
        // The studio runs every rule at kStudioMinConfidence; that is `merge`'s default only while every
        // default rule is at least that sure and every rule that is off is less sure.
        for (const ExtractionRule& r : extraction_rules())
            QVERIFY2(r.default_on == (r.confidence >= kStudioMinConfidence), r.id);
    }

    void lowConfidenceTallyCountsWhatTheThresholdHides() {
        const LowConfidenceTally hidden = m_snapshot->lowConfidence;
        QVERIFY(hidden.hidden);
        QVERIFY(hidden.claims > 0);
        QVERIFY(hidden.slotCount > 0);
        SnapshotRequest request;
        request.workspace_path = m_dir.filePath(QStringLiteral("w.bmws")).toStdString();
        request.min_confidence = 0;
        std::atomic_bool cancel{false};
        const SnapshotPtr all = run_snapshot_job(request, cancel, [](const QString&, int, int) {}).snapshot;
        QVERIFY(all);
        QCOMPARE(all->merged->slots.size(), m_snapshot->merged->slots.size() + size_t(hidden.slotCount));
        const LowConfidenceTally shown = all->lowConfidence;
        QVERIFY(!shown.hidden);
        QCOMPARE(shown.claims, hidden.claims);
        QVERIFY(lowConfidenceText(hidden).contains(QStringLiteral("hidden")));
        QVERIFY(lowConfidenceText(shown).contains(QStringLiteral("shown")));
    }

    void derivationTreeShowsPremisesInOrOut() {
        DerivationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // A slot with routes: its premises appear beneath a route with their IN/OUT label.
        QString derived;
        for (const auto& s : m_snapshot->merged->slots)
            if (!s.routes.empty()) derived = QString::fromStdString(s.key);
        QVERIFY2(!derived.isEmpty(), "examples/ has a derivation chain");
        model.setSlot(m_snapshot, derived);
        QCOMPARE(model.rowCount(), 1);
        const QModelIndex root = model.index(0, 0);
        QCOMPARE(root.data(roles::SlotKeyRole).toString(), derived);
        QVERIFY(model.rowCount(root) >= 1);
        const QModelIndex route = model.index(0, 0, root);
        QVERIFY(model.rowCount(route) >= 1);
        const QModelIndex premise = model.index(0, 0, route);
        const Slot* p = m_snapshot->slot(premise.data(roles::SlotKeyRole).toString().toStdString());
        const QString label = model.index(0, DerivationModel::kLabel, route).data().toString();
        QCOMPARE(label, p && p->derivation.in ? QStringLiteral("IN") : QStringLiteral("OUT"));
        // A disputed slot is never IN.
        model.setSlot(m_snapshot, QStringLiteral("database"));
        QCOMPARE(model.index(0, DerivationModel::kLabel).data().toString(), QStringLiteral("OUT"));
    }
};

QTEST_MAIN(TestModels)
#include "test_models.moc"
