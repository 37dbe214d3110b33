// Studio models over a real snapshot of examples/: every model under QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

#include "derivation_model.h"
#include "ingest/ingest.h"
#include "roles.h"
#include "session_list_model.h"
#include "slot_inspector_model.h"
#include "slot_table_model.h"
#include "studio_test_support.h"
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
        QCOMPARE(m_snapshot->sessions->size(), size_t(3));
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

    void sessionListModelKeepsItsContract() {
        SessionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSessions(m_snapshot->stored);
        QCOMPARE(model.rowCount(), 3);
        QVERIFY(!model.index(0, 0).data(roles::SessionKeyRole).toString().isEmpty());
    }

    void workspaceTreeShowsSessionsAndBranches() {
        WorkspaceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(m_snapshot);
        QCOMPARE(model.rowCount(), 3);
        const QModelIndex a = model.sessionIndex(QStringLiteral("branch-a"));
        QVERIFY(a.isValid());
        QCOMPARE(a.siblingAtColumn(WorkspaceTreeModel::kFormat).data().toString(), QStringLiteral("native"));
        QCOMPARE(a.siblingAtColumn(WorkspaceTreeModel::kMessages).data().toLongLong(), 4);
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
        QCOMPARE(model.index(0, SlotInspectorModel::kEvidence, v).data().toString(), QStringLiteral("USER_STATED"));
        QVERIFY(model.index(0, SlotInspectorModel::kQuote, v).data().toString().contains(QStringLiteral("MySQL")));
        model.setSlot(m_snapshot, QStringLiteral("no.such.slot"));
        QCOMPARE(model.rowCount(), 0);
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
