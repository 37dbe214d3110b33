// The studio's pack preview, `beliefmerge merge --workspace` and MCP `merge_context` run one
// pipeline (core/snapshot): for the same workspace, with a human decision recorded, the three
// blocks are byte-identical and the decision is applied in each. All three count tokens with the
// same default ($BELIEFMERGE_TOKENIZER, else cl100k_base when cached, else the estimator).
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

#include "claim_graph_view.h"
#include "main_window.h"
#include "pack_preview_pane.h"
#include "studio_test_support.h"

using namespace bm;

namespace {

constexpr int kBudget = 400;

// stdout of `beliefmerge ARGS` (stdin fed from `input`); empty with a warning on failure.
QByteArray runCli(const QStringList& args, const QByteArray& input = {}) {
    QProcess cli;
    cli.start(QStringLiteral(BELIEFMERGE_BIN), args);
    if (!cli.waitForStarted(10000)) return {};
    if (!input.isEmpty()) cli.write(input);
    cli.closeWriteChannel();
    if (!cli.waitForFinished(60000) || cli.exitCode() != 0) {
        qWarning() << "beliefmerge" << args << "failed:" << cli.readAllStandardError();
        return {};
    }
    return cli.readAllStandardOutput();
}

}  // namespace

class PipelineIdentityTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

    // The pack preview of a studio window on `workspace` at kBudget tokens, in Markdown.
    static QString packPreview(const QString& workspace, bool showLowConfidence) {
        MainWindow window(workspace);
        window.setShowLowConfidence(showLowConfidence);
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPaths({});
        if (!test::waitFor(loaded, 60000) || !window.snapshot()) return {};
        QSignalSpy packed(window.packPane(), &PackPreviewPane::packFinished);
        window.packPane()->setBudget(kBudget);
        window.packPane()->setFormat(PackFormat::kMarkdown);
        if (window.packPane()->isPacking() && !test::waitFor(packed, 30000)) return {};
        return window.packPane()->block();
    }

private Q_SLOTS:
    void initTestCase() { test::useThrowawaySettings(m_config, QStringLiteral("test-pipeline-identity")); }

    void studioCliAndMcpGiveByteIdenticalBlocks() {
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("identity.bmws"));
        // Import the examples and record a human decision on the first disputed slot.
        SnapshotPtr imported = test::buildSnapshot(workspace, {QStringLiteral(EXAMPLES_DIR)});
        QVERIFY(imported);
        const std::vector<std::string> review = imported->reviewKeys();
        QVERIFY(!review.empty());
        const Slot* slot = imported->slot(review.front());
        QVERIFY(slot && slot->state == SlotState::kDisputed);
        DecisionRecord decision;
        decision.reviewer = "identity-test";
        decision.slot_key = slot->key;
        decision.annotation_digest = annotation_digest(*imported->decisionBasis(), *slot);
        decision.kind = DecisionKind::kChoose;
        decision.value = slot->tied.back();
        decision.reason = "the later branch is right";
        DecisionOutcome stored = run_decision_job(workspace.toStdString(), *imported, decision);
        QVERIFY2(stored.stored, qPrintable(stored.error));

        // 1. The studio's pack preview (low-confidence claims hidden, the default).
        const QString studioBlock = packPreview(workspace, false);
        QVERIFY(!studioBlock.isEmpty());

        // 2. The CLI.
        const QByteArray cliBlock = runCli({QStringLiteral("merge"), QStringLiteral("--workspace"), workspace,
                                            QStringLiteral("--budget"), QString::number(kBudget),
                                            QStringLiteral("--quiet")});
        QVERIFY(!cliBlock.isEmpty());

        // 3. The MCP server's merge_context.
        const QByteArray requests =
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05"}})"
            "\n"
            R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"merge_context","arguments":{"budget":400,"format":"md"}}})"
            "\n";
        const QByteArray replies = runCli({QStringLiteral("mcp"), QStringLiteral("--store"), dir.filePath(QStringLiteral("store")),
                                           QStringLiteral("--workspace"), workspace},
                                          requests);
        std::string mcpBlock;
        for (const QByteArray& line : replies.split('\n')) {
            if (line.isEmpty()) continue;
            auto reply = nlohmann::json::parse(line.toStdString());
            if (reply.value("id", 0) == 2) {
                QVERIFY2(!reply["result"].value("isError", false), line.constData());
                mcpBlock = reply["result"]["structuredContent"]["block"].get<std::string>();
            }
        }
        QVERIFY(!mcpBlock.empty());

        QCOMPARE(QString::fromUtf8(cliBlock), studioBlock);
        QCOMPARE(QString::fromStdString(mcpBlock), studioBlock);
        // The decision reached the block: the chosen value, settled by the reviewer.
        QVERIFY2(studioBlock.contains(QStringLiteral("human:identity-test")), qPrintable(studioBlock));

        // View > Show Low-Confidence Claims is `merge --rules all` (every rule, no threshold), byte for byte.
        const QString shownBlock = packPreview(workspace, true);
        QVERIFY(!shownBlock.isEmpty());
        QVERIFY(shownBlock != studioBlock);
        const QByteArray cliShown = runCli({QStringLiteral("merge"), QStringLiteral("--workspace"), workspace,
                                            QStringLiteral("--budget"), QString::number(kBudget),
                                            QStringLiteral("--rules"), QStringLiteral("all"),
                                            QStringLiteral("--min-confidence"), QStringLiteral("0"), QStringLiteral("--quiet")});
        QCOMPARE(QString::fromUtf8(cliShown), shownBlock);
    }
};

QTEST_MAIN(PipelineIdentityTest)
#include "test_pipeline_identity.moc"
