// `beliefmerge inspect --slots --extractor model` as `merge --extractor model` runs it: through the
// loopback server, recorded and replayed byte-identically, with the same fallback warning.
#include <gtest/gtest.h>

#include "cli_services_fixture.h"

namespace bm::test {
namespace {

class CliInspectModel : public CliServices {
protected:
    // inspect alpha beta --slots --json [extra...]
    QStringList inspect(const QStringList& extra) {
        return QStringList{QStringLiteral("inspect"), fixture_path("alpha.jsonl"),
                           fixture_path("beta.jsonl"), QStringLiteral("--slots"),
                           QStringLiteral("--json")} +
               extra;
    }
    QStringList model(const QString& records) {
        return {QStringLiteral("--extractor"), QStringLiteral("model"),
                QStringLiteral("--model"),     QStringLiteral("loopback-model"),
                QStringLiteral("--workspace"), records};
    }
    QStringList endpoint() { return {QStringLiteral("--endpoint"), server.base_url().toString()}; }
};

TEST_F(CliInspectModel,
       inspect_with_the_model_uses_its_claims_and_replays_identical_bytes_with_the_server_stopped) {
    serve();
    const QString records = dir.filePath(QStringLiteral("records.bmws"));
    CliRun first = cli(inspect(model(records) + endpoint()));
    ASSERT_EQ(first.exit_code, 0) << first.err;
    EXPECT_EQ(server.bodies.size(), 1);  // one joint alignment call
    EXPECT_EQ(first.err.find("fell back"), std::string::npos) << first.err;
    // Oracle-quality replies give the oracle extractor's slots (so the model's claims were used),
    // not the heuristic's.
    CliRun oracle = cli(inspect({QStringLiteral("--extractor"), QStringLiteral("oracle")}));
    ASSERT_EQ(oracle.exit_code, 0) << oracle.err;
    EXPECT_EQ(first.out, oracle.out);
    CliRun heuristic = cli(inspect({}));
    ASSERT_EQ(heuristic.exit_code, 0) << heuristic.err;
    EXPECT_NE(first.out, heuristic.out);

    const QStringList stopped = endpoint();
    server.stop();
    CliRun replayed =
        cli(inspect(model(records) + stopped + QStringList{QStringLiteral("--replay")}));
    ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
    EXPECT_EQ(replayed.out, first.out);
    EXPECT_EQ(replayed.err.find("fell back"), std::string::npos) << replayed.err;
    // The same records serve `merge --extractor model`: one alignment, shared by both commands.
    CliRun merged = cli(QStringList{QStringLiteral("merge"), fixture_path("alpha.jsonl"),
                                    fixture_path("beta.jsonl"), QStringLiteral("--budget"),
                                    QStringLiteral("400"), QStringLiteral("--replay")} +
                        model(records));
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_EQ(merged.err.find("fell back"), std::string::npos) << merged.err;
    EXPECT_EQ(server.bodies.size(), 1);
}

TEST_F(CliInspectModel,
       a_malformed_or_unreachable_model_falls_back_to_the_heuristic_with_merges_warning) {
    CliRun heuristic = cli(inspect({}));
    ASSERT_EQ(heuristic.exit_code, 0) << heuristic.err;
    serve(chat_body("not json at all"));
    CliRun malformed = cli(inspect(model(dir.filePath(QStringLiteral("bad.bmws"))) + endpoint()));
    ASSERT_EQ(malformed.exit_code, 0) << malformed.err;
    EXPECT_NE(malformed.err.find("warning: model alignment failed (malformed"), std::string::npos)
        << malformed.err;
    EXPECT_NE(malformed.err.find("fell back to the heuristic extractor"), std::string::npos)
        << malformed.err;
    EXPECT_EQ(malformed.out, heuristic.out);
    const QStringList gone =
        endpoint() + QStringList{QStringLiteral("--timeout"), QStringLiteral("5")};
    server.stop();
    CliRun unreachable = cli(inspect(model(dir.filePath(QStringLiteral("gone.bmws"))) + gone));
    ASSERT_EQ(unreachable.exit_code, 0) << unreachable.err;
    EXPECT_NE(unreachable.err.find("warning: model alignment failed (unreachable"),
              std::string::npos)
        << unreachable.err;
    EXPECT_EQ(unreachable.out, heuristic.out);
}

TEST_F(CliInspectModel,
       replay_without_a_workspace_a_bad_endpoint_and_an_unknown_extractor_are_usage_errors) {
    CliRun replay = cli(inspect(
        {QStringLiteral("--extractor"), QStringLiteral("model"), QStringLiteral("--replay")}));
    EXPECT_EQ(replay.exit_code, 2);
    EXPECT_NE(replay.err.find("beliefmerge inspect: --replay needs --workspace FILE"),
              std::string::npos)
        << replay.err;
    CliRun endpoint = cli(inspect({QStringLiteral("--extractor"), QStringLiteral("model"),
                                   QStringLiteral("--endpoint"), QStringLiteral("not a url")}));
    EXPECT_EQ(endpoint.exit_code, 2);
    EXPECT_NE(endpoint.err.find("beliefmerge inspect: --endpoint 'not a url' is not a URL"),
              std::string::npos)
        << endpoint.err;
    CliRun unknown = cli(inspect({QStringLiteral("--extractor"), QStringLiteral("llm")}));
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find(
                  "beliefmerge inspect: unknown extractor 'llm' (heuristic, oracle or model)"),
              std::string::npos)
        << unknown.err;
    CliRun help = cli({QStringLiteral("inspect"), QStringLiteral("--help")});
    EXPECT_EQ(help.exit_code, 0);
    for (const char* option : {"--extractor <NAME>", "--workspace <FILE>", "--endpoint <URL>",
                               "--model <NAME>", "--replay", "--timeout <SECONDS>"})
        EXPECT_NE(help.out.find(option), std::string::npos) << option << "\n" << help.out;
}

}  // namespace
}  // namespace bm::test
