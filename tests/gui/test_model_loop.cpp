// The model in the loop from the studio (issue #16 item 3): Model Settings (the key never in the
// settings file), Review > Adjudicate against a real loopback HTTP server serving scripted chat
// replies, the symmetry check shown, A accepting the model's answer, the exported block naming the
// value and who decided, the CLI replaying the studio's records; and a refused endpoint that says so
// and changes nothing.
#include <QAction>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <nlohmann/json.hpp>
#include <optional>

#include "adjudicate/oracle_replies.h"
#include "adjudication_dialog.h"
#include "extract/oracle_extractor.h"
#include "ingest/ingest.h"
#include "disputes_pane.h"
#include "loopback_server.h"
#include "main_window.h"
#include "model_settings_dialog.h"
#include "store/decisions.h"
#include "store/model_call_records.h"
#include "studio_test_support.h"

using namespace bm;

namespace {

const QString kKeyTyped = QStringLiteral("sk-typed-in-the-dialog-7f3a");

QString fixture(const char* name) { return QStringLiteral(SERVICES_DATA_DIR "/") + QLatin1String(name); }

void screenshot(QWidget* w, const QString& name) {
    QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
    const QString path = QStringLiteral(SCREENSHOT_DIR "/") + name;
    QVERIFY2(w->grab().save(path), qPrintable(path));
}

// The replies a model gave (scripted): database → mysql whatever the order; cache → the first
// option listed, so the reversed pass disagrees and the symmetry check downgrades it.
test::ScriptedReply scriptedReply(const QByteArray&, const QByteArray& body) {
    using nlohmann::json;
    const auto request = json::parse(body.toStdString());
    const std::string user = request["messages"][1]["content"];
    json out = json::array();
    if (user.find("key \"database\"") != std::string::npos)
        out.push_back({{"key", "database"}, {"outcome", "choose"}, {"value", "mysql"}, {"rationale", "ops runs MySQL"}});
    if (const size_t at = user.find("key \"cache\""); at != std::string::npos) {
        const size_t redis = user.find("\"redis\"", at), memcached = user.find("\"memcached\"", at);
        out.push_back({{"key", "cache"}, {"outcome", "choose"}, {"value", redis < memcached ? "redis" : "memcached"}});
    }
    return test::reply(200, test::chat_body(QByteArray::fromStdString(json{{"resolutions", out}}.dump())));
}

// Model Settings… through its menu action: endpoint and model typed, OK pressed.
bool configureModel(MainWindow& window, const QString& endpoint, const QString& shot = {}) {
    auto* action = window.findChild<QAction*>(QStringLiteral("modelSettingsAction"));
    if (!action) return false;
    action->trigger();
    auto* dialog = window.findChild<ModelSettingsDialog*>(QStringLiteral("modelSettingsDialog"));
    if (!dialog || !dialog->isVisible()) return false;
    QSignalSpy probed(dialog, &ModelSettingsDialog::keyringProbed);
    if (!dialog->keyringChecked() && !probed.wait(15000)) return false;
    dialog->endpointEdit()->setText(endpoint);
    dialog->modelEdit()->setText(QStringLiteral("loopback-model"));
    dialog->timeoutBox()->setValue(20);
    if (dialog->keyEdit()->isEnabled()) dialog->keyEdit()->setText(kKeyTyped);
    if (!shot.isEmpty()) {
        QTest::qWait(20);
        screenshot(dialog, shot);
    }
    QSignalSpy saved(dialog, &ModelSettingsDialog::saved);
    dialog->accept();
    return test::waitFor(saved, 15000);
}

// Selects `database`, triggers the Review action `name` and waits: whether the run succeeded
// (nullopt when the action is missing or nothing finished).
std::optional<bool> adjudicateByMenu(MainWindow& window, const char* name) {
    window.selectSlot(QStringLiteral("database"));
    QAction* action = window.findChild<QAction*>(QString::fromLatin1(name));
    if (!action) return std::nullopt;
    QSignalSpy finished(&window, &MainWindow::adjudicationFinished);
    action->trigger();
    if (!test::waitFor(finished, 60000)) return std::nullopt;
    return finished.first().first().toBool();
}

// Every byte under `dir` (the settings live there).
QByteArray allFiles(const QString& dir) {
    QByteArray all;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly)) all += f.readAll();
    }
    return all;
}

int modelResolutionCount(const QString& workspace, const std::string& key) {
    auto store = DecisionStore::open(workspace.toStdString());
    if (!store) return -1;
    auto list = (*store)->model_resolutions_for_slot(key);
    return list ? static_cast<int>(list->size()) : -1;
}

}  // namespace

class TestModelLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        test::useThrowawaySettings(m_config, QStringLiteral("test_model_loop"));
        for (const char* v : {"BELIEFMERGE_ENDPOINT", "BELIEFMERGE_MODEL", "BELIEFMERGE_API_KEY"}) qunsetenv(v);
        QSettings().setValue(QStringLiteral("extractor/oracle"), true);  // the fixtures' annotations: two ties
    }

    void adjudicateAcceptExportAgainstALoopbackServer() {
        test::LoopbackServer server;
        QVERIFY(server.start());
        server.handler = scriptedReply;
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("loop.bmws"));
        MainWindow window(workspace);
        window.setReviewer(QStringLiteral("ada"));
        window.resize(1280, 720);
        window.show();
        QVERIFY(test::loadAndSettle(window, {fixture("alpha.jsonl"), fixture("beta.jsonl")}));
        QVERIFY(window.snapshot()->slot("database") && window.snapshot()->slot("cache"));

        QVERIFY(configureModel(window, server.base_url().toString(), QStringLiteral("model-settings.png")));
        // The settings file holds the endpoint, never a key (whether or not a keyring took it).
        const QByteArray settingsBytes = allFiles(m_config.path());
        QVERIFY(settingsBytes.contains(server.base_url().toString().toUtf8()));
        QVERIFY(!settingsBytes.contains(kKeyTyped.toUtf8()));

        // Review > Adjudicate Every Dispute: two calls (forward, reversed), both recorded.
        QCOMPARE(adjudicateByMenu(window, "adjudicateAllAction"), std::optional<bool>(true));
        QCOMPARE(server.bodies.size(), 2);
        QCOMPARE(modelResolutionCount(workspace, "database"), 1);
        QCOMPARE(modelResolutionCount(workspace, "cache"), 1);
        auto calls = ModelCallStore::open(workspace.toStdString());
        QVERIFY(calls.ok());
        QCOMPARE(*(*calls)->count(), int64_t(2));

        // The symmetry check, slot by slot, in the dialog.
        AdjudicationDialog* dialog = window.adjudicationDialog();
        QVERIFY(dialog && dialog->isVisible() && !dialog->isRunning());
        QTreeWidget* rows = dialog->resultTree();
        QCOMPARE(rows->topLevelItemCount(), 2);
        QHash<QString, QTreeWidgetItem*> byKey;
        for (int i = 0; i < rows->topLevelItemCount(); ++i) byKey[rows->topLevelItem(i)->text(0)] = rows->topLevelItem(i);
        QCOMPARE(byKey.value(QStringLiteral("database"))->text(2), QStringLiteral("choose mysql"));
        QVERIFY(byKey.value(QStringLiteral("database"))->text(3).contains(QStringLiteral("agreed")));
        QVERIFY(byKey.value(QStringLiteral("cache"))->text(3).contains(QStringLiteral("order-sensitive")));
        QVERIFY2(dialog->summaryText().contains(QStringLiteral("2 resolution(s) recorded")), qPrintable(dialog->summaryText()));
        QTest::qWait(20);
        screenshot(dialog, QStringLiteral("adjudication-result.png"));
        const EffectiveResolution* proposed = window.snapshot()->resolution("database");
        QVERIFY(proposed && proposed->origin == ResolutionOrigin::kModel);

        // The records are the CLI's: `beliefmerge adjudicate --replay` answers from them alone.
        QProcess cli;
        cli.start(QStringLiteral(BELIEFMERGE_BIN), {QStringLiteral("adjudicate"), workspace, QStringLiteral("--extractor"),
                                                    QStringLiteral("oracle"), QStringLiteral("--replay"), QStringLiteral("--model"),
                                                    QStringLiteral("loopback-model")});
        QVERIFY(cli.waitForFinished(60000));
        const QByteArray cliOut = cli.readAllStandardOutput();
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QVERIFY2(cliOut.contains("replayed from records") && cliOut.contains("database: choose mysql  [model loopback-model]"),
                 cliOut.constData());
        QCOMPARE(modelResolutionCount(workspace, "database"), 1);  // a replay records nothing twice

        // A accepts what the model proposed; the block names the value and who decided.
        dialog->close();
        window.selectSlot(QStringLiteral("database"));
        QSignalSpy stored(&window, &MainWindow::decisionStored);
        QTest::keyClick(window.disputesPane()->table(), Qt::Key_A);
        QVERIFY(test::waitFor(stored));
        auto decisions = DecisionStore::open(workspace.toStdString());
        QVERIFY(decisions.ok());
        auto made = (*decisions)->decisions_for_slot("database");
        QVERIFY(made.ok() && made->size() == 1);
        QCOMPARE(int(made->front().kind), int(DecisionKind::kAccept));
        QVERIFY(made->front().accepted && made->front().accepted->value == "mysql");
        QTRY_VERIFY_WITH_TIMEOUT(window.packPane()->block().contains(QStringLiteral("settled by human:ada")), 30000);
        const QString exported = dir.filePath(QStringLiteral("block.md"));
        QVERIFY2(window.packPane()->exportToFile(exported), qPrintable(window.packPane()->lastError()));
        QFile file(exported);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString block = QString::fromUtf8(file.readAll());
        QString line;
        for (const QString& l : block.split(u'\n'))
            if (l.contains(QStringLiteral("database"))) line = l;
        QVERIFY2(line.contains(QStringLiteral("mysql")) && !line.contains(QStringLiteral("postgresql")), qPrintable(block));
        QVERIFY2(line.contains(QStringLiteral("settled by human:ada")), qPrintable(block));
        screenshot(&window, QStringLiteral("adjudication-accepted.png"));
    }

    void aRefusedEndpointSaysSoAndChangesNothing() {
        quint16 closedPort = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost));
            closedPort = probe.serverPort();
        }  // closed: nothing listens there now
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("refused.bmws"));
        MainWindow window(workspace);
        window.resize(1280, 720);
        window.show();
        QVERIFY(test::loadAndSettle(window, {fixture("alpha.jsonl"), fixture("beta.jsonl")}));
        QVERIFY(configureModel(window, QStringLiteral("http://127.0.0.1:%1/v1").arg(closedPort)));
        const auto before = window.snapshot()->resolutions.size();
        QCOMPARE(adjudicateByMenu(window, "adjudicateSlotAction"), std::optional<bool>(false));
        const QString message = window.messageText();
        QVERIFY2(message.contains(QStringLiteral("Adjudication failed")) && message.contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("nothing was recorded")), qPrintable(message));
        QVERIFY(window.adjudicationDialog()->summaryText().contains(QStringLiteral("Failed")));
        QCOMPARE(modelResolutionCount(workspace, "database"), 0);
        QCOMPARE(window.snapshot()->resolutions.size(), before);
        QVERIFY(!window.snapshot()->resolution("database") ||
                window.snapshot()->resolution("database")->origin == ResolutionOrigin::kNone);
        screenshot(&window, QStringLiteral("adjudication-refused.png"));
    }

    // Cancel (the dialog's button, as Esc) aborts the request in flight at once; nothing is recorded.
    void cancelStopsAnAdjudicationInFlight() {
        test::LoopbackServer server;
        QVERIFY(server.start());
        server.handler = [](const QByteArray& path, const QByteArray& body) {
            test::ScriptedReply r = scriptedReply(path, body);
            r.delay_ms = 20000;  // a model that takes its time
            return r;
        };
        QTemporaryDir dir;
        const QString workspace = dir.filePath(QStringLiteral("cancel.bmws"));
        MainWindow window(workspace);
        QVERIFY(test::loadAndSettle(window, {fixture("alpha.jsonl"), fixture("beta.jsonl")}));
        QVERIFY(configureModel(window, server.base_url().toString()));
        QSignalSpy finished(&window, &MainWindow::adjudicationFinished);
        window.adjudicate(true);
        QTRY_VERIFY_WITH_TIMEOUT(server.bodies.size() == 1, 15000);  // the forward call is in flight
        AdjudicationDialog* dialog = window.adjudicationDialog();
        QVERIFY(dialog && dialog->isRunning());
        QElapsedTimer clock;
        clock.start();
        QTest::keyClick(dialog, Qt::Key_Escape);
        QVERIFY(test::waitFor(finished, 15000));
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(window.messageText().contains(QStringLiteral("Adjudication cancelled")), qPrintable(window.messageText()));
        QVERIFY(dialog->isVisible() && dialog->summaryText().startsWith(QStringLiteral("Cancelled")));
        QCOMPARE(modelResolutionCount(workspace, "database"), 0);
        QCOMPARE(server.bodies.size(), 1);  // the reversed pass was never asked
    }

    // View > Model Extractor: the alignment call is made and recorded, replayed with the server
    // stopped, and a call that fails falls back to the heuristic with the reason in the message bar.
    void theModelExtractorAlignsReplaysAndFallsBackVisibly() {
        std::vector<Session> sessions;
        for (const char* name : {"alpha.jsonl", "beta.jsonl"})
            for (auto& s : read_file(fixture(name).toStdString()).sessions) sessions.push_back(std::move(s));
        const QByteArray alignment = test::chat_body(QByteArray::fromStdString(oracle_alignment_content(extract_oracle(sessions, {}))));
        test::LoopbackServer server;
        QVERIFY(server.start());
        server.handler = [alignment](const QByteArray&, const QByteArray&) { return test::reply(200, alignment); };
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("extract.bmws")));
        QVERIFY(test::loadAndSettle(window, {fixture("alpha.jsonl"), fixture("beta.jsonl")}));
        QVERIFY(configureModel(window, server.base_url().toString()));
        QAction* modelAction = window.findChild<QAction*>(QStringLiteral("modelExtractorAction"));
        QVERIFY(modelAction);
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        modelAction->trigger();
        QVERIFY(test::waitFor(loaded, 60000));
        QVERIFY(window.modelExtractor() && !window.oracleExtractor());
        QCOMPARE(server.bodies.size(), 1);  // one joint alignment call
        QVERIFY(server.bodies.front().contains("You align"));
        const Slot* database = window.snapshot()->slot("database");
        QVERIFY(database && database->state == SlotState::kDisputed);  // the model's claims, the fixtures' tie
        QVERIFY2(!window.messageText().contains(QStringLiteral("model extractor failed")), qPrintable(window.messageText()));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("modeText"))->text().contains(QStringLiteral("model")));

        server.stop();  // replayed from the workspace's record: no call, the same claims
        loaded.clear();
        window.openPaths({});
        QVERIFY(test::waitFor(loaded, 60000));
        QCOMPARE(server.bodies.size(), 1);
        QVERIFY(window.snapshot()->slot("database") && window.snapshot()->slot("database")->state == SlotState::kDisputed);
        QVERIFY2(!window.messageText().contains(QStringLiteral("model extractor failed")), qPrintable(window.messageText()));

        loaded.clear();  // gamma makes a new request, which nothing answers
        window.openPaths({fixture("gamma.jsonl")});
        QVERIFY(test::waitFor(loaded, 60000));
        QVERIFY(window.snapshot());
        QVERIFY2(window.messageText().contains(QStringLiteral("The model extractor failed")) &&
                     window.messageText().contains(QStringLiteral("heuristic")),
                 qPrintable(window.messageText()));
        window.setModelExtractor(false);
    }

private:
    QTemporaryDir m_config;
};

QTEST_MAIN(TestModelLoop)
#include "test_model_loop.moc"
