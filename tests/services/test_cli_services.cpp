// `beliefmerge adjudicate` and `decide` as a user runs them: against the loopback server, replayed
// with the server stopped, a fallback warning on stderr, a decision that survives SIGKILL right
// after success is printed, and a stale decision reported after new evidence.
#include <gtest/gtest.h>

#include <csignal>

#include "cli_services_fixture.h"
#include "store/decisions.h"

namespace bm::test {
namespace {

TEST_F(CliServices, adjudicate_replayed_with_the_server_stopped_prints_identical_bytes) {
    serve();
    CliRun first = cli(adjudicate({QStringLiteral("--endpoint"), server.base_url().toString()}));
    ASSERT_EQ(first.exit_code, 0) << first.err;
    EXPECT_EQ(server.bodies.size(), 3);  // align + forward + reversed
    EXPECT_NE(first.out.find("\"origin\":\"model\""), std::string::npos) << first.out;
    const QUrl stopped = server.base_url();
    server.stop();
    CliRun replayed = cli(adjudicate({QStringLiteral("--endpoint"), stopped.toString(), QStringLiteral("--replay")}));
    ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
    EXPECT_EQ(replayed.out, first.out);
    EXPECT_EQ(server.bodies.size(), 3);
}

TEST_F(CliServices, a_malformed_alignment_prints_the_fallback_warning) {
    serve(chat_body("not json at all"));
    CliRun run = cli(adjudicate({QStringLiteral("--endpoint"), server.base_url().toString()}));
    EXPECT_NE(run.err.find("fell back to the heuristic extractor"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("malformed"), std::string::npos) << run.err;
}

TEST_F(CliServices, a_decision_survives_sigkill_right_after_success_is_printed) {
    QProcess process;
    process.setProgram(QStringLiteral(BELIEFMERGE_BIN));
    process.setArguments({QStringLiteral("decide"), workspace, QStringLiteral("--extractor"), QStringLiteral("oracle"),
                          QStringLiteral("--slot"), QStringLiteral("database"), QStringLiteral("--choose"),
                          QStringLiteral("postgresql"), QStringLiteral("--reason"), QStringLiteral("prod runs it"),
                          QStringLiteral("--reviewer"), QStringLiteral("ana")});
    QByteArray out;
    QObject::connect(&process, &QProcess::readyReadStandardOutput, [&] {
        out += process.readAllStandardOutput();
        if (out.contains("recorded decision")) ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
    });
    process.start();
    auto finished = qCoro(process).waitForFinished(std::chrono::seconds(60));
    QCoro::waitFor(finished);
    ASSERT_TRUE(out.contains("recorded decision #1: database -> choose postgresql")) << out.toStdString();
    auto store = DecisionStore::open(workspace.toStdString());
    ASSERT_TRUE(store);
    auto list = (*store)->decisions_for_slot("database");
    ASSERT_TRUE(list);
    ASSERT_EQ(list->size(), 1u);
    EXPECT_EQ((*list)[0].value, "postgresql");
    EXPECT_EQ((*list)[0].reason, "prod runs it");
}

TEST_F(CliServices, decide_rejects_an_invented_value_and_reports_stale_decisions_after_new_evidence) {
    const QStringList base{QStringLiteral("decide"), workspace, QStringLiteral("--extractor"), QStringLiteral("oracle")};
    CliRun invented = cli(base + QStringList{QStringLiteral("--slot"), QStringLiteral("database"), QStringLiteral("--choose"),
                                          QStringLiteral("sqlite"), QStringLiteral("--reason"), QStringLiteral("x"),
                                          QStringLiteral("--reviewer"), QStringLiteral("ana")});
    EXPECT_EQ(invented.exit_code, 2);
    EXPECT_NE(invented.err.find("not a value of slot 'database'"), std::string::npos) << invented.err;
    CliRun decided = cli(base + QStringList{QStringLiteral("--slot"), QStringLiteral("database"), QStringLiteral("--choose"),
                                         QStringLiteral("postgresql"), QStringLiteral("--reason"), QStringLiteral("x"),
                                         QStringLiteral("--reviewer"), QStringLiteral("ana")});
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    CliRun listed = cli(base + QStringList{QStringLiteral("--list")});
    EXPECT_NE(listed.out.find("database: choose postgresql  [human ana"), std::string::npos) << listed.out;
    CliRun imported = cli({QStringLiteral("import"), QString::fromStdString(fixture("gamma.jsonl")),
                        QStringLiteral("--workspace"), workspace});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    CliRun stale = cli(base + QStringList{QStringLiteral("--list")});
    EXPECT_NE(stale.out.find("database: as merged"), std::string::npos) << stale.out;
    EXPECT_NE(stale.out.find("STALE decision #1 by ana"), std::string::npos) << stale.out;
}

}  // namespace
}  // namespace bm::test
