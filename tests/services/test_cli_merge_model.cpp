// `beliefmerge merge --extractor model` as a user runs it: through the loopback server, replayed
// byte-identically with the server stopped, visible fallback and drop counts, and the workspace's
// decisions (model and human; stale ones reported on stderr and not applied) reaching the packed block.
#include <gtest/gtest.h>

#include "cli_services_fixture.h"

namespace bm::test {
namespace {

using nlohmann::json;

class CliMergeModel : public CliServices {
protected:
    // merge alpha beta --budget 400 [extra...]
    QStringList merge_files(const QStringList& extra) {
        return QStringList{QStringLiteral("merge"), fixture_path("alpha.jsonl"), fixture_path("beta.jsonl"),
                           QStringLiteral("--budget"), QStringLiteral("400")} +
               extra;
    }
    QStringList model(const QString& records) {
        return {QStringLiteral("--extractor"), QStringLiteral("model"), QStringLiteral("--model"),
                QStringLiteral("loopback-model"), QStringLiteral("--workspace"), records};
    }
    QStringList endpoint() { return {QStringLiteral("--endpoint"), server.base_url().toString()}; }
};

TEST_F(CliMergeModel, merge_with_the_model_replayed_with_the_server_stopped_prints_identical_bytes) {
    serve();
    const QString records = dir.filePath(QStringLiteral("records.bmws"));
    const QStringList json_format{QStringLiteral("--format"), QStringLiteral("json")};
    CliRun first = cli(merge_files(json_format + model(records) + endpoint()));
    ASSERT_EQ(first.exit_code, 0) << first.err;
    EXPECT_EQ(server.bodies.size(), 1);  // one joint alignment call
    EXPECT_EQ(first.err.find("fell back"), std::string::npos) << first.err;
    // Oracle-quality replies give exactly the oracle extractor's block (so the model's claims were used).
    CliRun oracle = cli(merge_files(json_format + QStringList{QStringLiteral("--extractor"), QStringLiteral("oracle")}));
    ASSERT_EQ(oracle.exit_code, 0) << oracle.err;
    EXPECT_EQ(first.out, oracle.out);
    CliRun heuristic = cli(merge_files(json_format));
    EXPECT_NE(first.out, heuristic.out);

    const QStringList stopped{QStringLiteral("--endpoint"), server.base_url().toString()};
    server.stop();
    CliRun replayed = cli(merge_files(json_format + model(records) + stopped + QStringList{QStringLiteral("--replay")}));
    ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
    EXPECT_EQ(replayed.out, first.out);
    EXPECT_EQ(replayed.err.find("fell back"), std::string::npos) << replayed.err;
    // Without --replay a recorded reply is served too (the default), still with no network.
    CliRun by_default = cli(merge_files(json_format + model(records) + stopped));
    ASSERT_EQ(by_default.exit_code, 0) << by_default.err;
    EXPECT_EQ(by_default.out, first.out);
    EXPECT_EQ(server.bodies.size(), 1);
    // A request never recorded (another model name) with --replay: a clear error and the fallback.
    CliRun unrecorded = cli(merge_files(QStringList{QStringLiteral("--extractor"), QStringLiteral("model"),
                                                    QStringLiteral("--model"), QStringLiteral("other-model"),
                                                    QStringLiteral("--workspace"), records, QStringLiteral("--replay")}));
    EXPECT_EQ(unrecorded.exit_code, 0) << unrecorded.err;
    EXPECT_NE(unrecorded.err.find("not-recorded"), std::string::npos) << unrecorded.err;
    EXPECT_NE(unrecorded.err.find("fell back to the heuristic extractor"), std::string::npos) << unrecorded.err;
}

TEST_F(CliMergeModel, a_truncated_or_malformed_alignment_falls_back_to_the_heuristic_with_the_warning) {
    CliRun heuristic = cli(merge_files({}));
    ASSERT_EQ(heuristic.exit_code, 0) << heuristic.err;
    const struct {
        QByteArray body;
        const char* kind;
    } cases[] = {{chat_body("", "length"), "truncated"}, {chat_body("not json at all"), "malformed"}};
    int n = 0;
    for (const auto& c : cases) {
        serve(c.body);
        const QString records = dir.filePath(QStringLiteral("records%1.bmws").arg(n++));
        CliRun run = cli(merge_files(model(records) + endpoint()));
        ASSERT_EQ(run.exit_code, 0) << run.err;
        EXPECT_NE(run.err.find("warning: model alignment failed (" + std::string(c.kind)), std::string::npos) << run.err;
        EXPECT_NE(run.err.find("fell back to the heuristic extractor"), std::string::npos) << run.err;
        EXPECT_EQ(run.out, heuristic.out);
        // The unusable 2xx was recorded: the replay reproduces the same fallback and bytes.
        CliRun replayed = cli(merge_files(model(records) + QStringList{QStringLiteral("--replay")}));
        EXPECT_NE(replayed.err.find("fell back to the heuristic extractor"), std::string::npos) << replayed.err;
        EXPECT_EQ(replayed.out, run.out);
    }
    // Unreachable (nothing listens any more): the same fallback, exit 0, the reason named.
    const QStringList gone{QStringLiteral("--endpoint"), server.base_url().toString(), QStringLiteral("--timeout"),
                           QStringLiteral("5")};
    server.stop();
    CliRun unreachable = cli(merge_files(model(dir.filePath(QStringLiteral("gone.bmws"))) + gone));
    ASSERT_EQ(unreachable.exit_code, 0) << unreachable.err;
    EXPECT_NE(unreachable.err.find("warning: model alignment failed (unreachable"), std::string::npos) << unreachable.err;
    EXPECT_EQ(unreachable.out, heuristic.out);
}

TEST_F(CliMergeModel, forged_source_paraphrased_quote_and_unknown_premise_are_counted_in_merge_output) {
    json forged = json::parse(oracle_alignment_content(truth));
    for (auto& slot : forged["slots"]) {
        if (slot["key"] == "database")
            slot["opinions"].push_back({{"source", "gamma-forged"}, {"value", "mysql"}, {"evidence", 4},
                                        {"quote", "The database is MySQL."}});
        if (slot["key"] == "cache")
            for (auto& o : slot["opinions"])
                if (o["value"] == "redis") o["quote"] = "The cache is definitely Redis.";
        if (slot["key"] == "orm") slot["derivedFrom"].push_back("hosting.region");
    }
    serve(chat_body(QByteArray::fromStdString(forged.dump())));
    CliRun run = cli(merge_files(model(dir.filePath(QStringLiteral("forged.bmws"))) + endpoint()));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err.find("fell back"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("model alignment: kept 4/6 opinions"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("1 unknown source"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("1 non-verbatim quote"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("1 unknown derivedFrom key"), std::string::npos) << run.err;
    // The forged corroboration did not break the tie; redis lost its only opinion.
    EXPECT_NE(run.out.find("DISPUTED"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("redis"), std::string::npos) << run.out;
}

TEST_F(CliMergeModel, an_overrule_shows_the_humans_choice_in_the_packed_block) {
    serve();
    CliRun adjudicated = cli(adjudicate({QStringLiteral("--endpoint"), server.base_url().toString()}));
    ASSERT_EQ(adjudicated.exit_code, 0) << adjudicated.err;
    server.stop();
    // merge --workspace WS (its imported sessions), replaying the recorded alignment.
    const QStringList merge_ws{QStringLiteral("merge"), QStringLiteral("--workspace"), workspace, QStringLiteral("--budget"),
                               QStringLiteral("400"), QStringLiteral("--extractor"), QStringLiteral("model"),
                               QStringLiteral("--model"), QStringLiteral("loopback-model"), QStringLiteral("--replay")};
    CliRun by_model = cli(merge_ws);
    ASSERT_EQ(by_model.exit_code, 0) << by_model.err;
    EXPECT_NE(by_model.out.find("- database = mysql (fact; settled by model:loopback-model)"), std::string::npos)
        << by_model.out;
    EXPECT_NE(by_model.out.find("BOTH:"), std::string::npos) << by_model.out;  // cache: both
    CliRun decided = cli({QStringLiteral("decide"), workspace, QStringLiteral("--extractor"), QStringLiteral("model"),
                          QStringLiteral("--model"), QStringLiteral("loopback-model"), QStringLiteral("--slot"),
                          QStringLiteral("database"), QStringLiteral("--choose"), QStringLiteral("postgresql"),
                          QStringLiteral("--reason"), QStringLiteral("prod runs it"), QStringLiteral("--reviewer"),
                          QStringLiteral("ana")});
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    CliRun by_human = cli(merge_ws);
    ASSERT_EQ(by_human.exit_code, 0) << by_human.err;
    EXPECT_NE(by_human.out.find("- database = postgresql (fact; settled by human:ana: prod runs it)"), std::string::npos)
        << by_human.out;
    EXPECT_EQ(by_human.out.find("database = mysql"), std::string::npos) << by_human.out;
    // The same logs given as files meet the same annotation digests: the decision applies there too.
    CliRun from_files = cli(merge_files(model(workspace) + QStringList{QStringLiteral("--replay")}));
    ASSERT_EQ(from_files.exit_code, 0) << from_files.err;
    EXPECT_EQ(from_files.out, by_human.out);
}

TEST_F(CliMergeModel, a_stale_decision_is_reported_and_not_applied_in_the_packed_block) {
    const QStringList oracle{QStringLiteral("--extractor"), QStringLiteral("oracle")};
    CliRun decided = cli(QStringList{QStringLiteral("decide"), workspace, QStringLiteral("--slot"), QStringLiteral("database"),
                                     QStringLiteral("--choose"), QStringLiteral("postgresql"), QStringLiteral("--reason"),
                                     QStringLiteral("prod runs it"), QStringLiteral("--reviewer"), QStringLiteral("ana")} +
                         oracle);
    ASSERT_EQ(decided.exit_code, 0) << decided.err;
    const QStringList merge_ws = QStringList{QStringLiteral("merge"), QStringLiteral("--workspace"), workspace,
                                             QStringLiteral("--budget"), QStringLiteral("400")} +
                                 oracle;
    CliRun applied = cli(merge_ws);
    ASSERT_EQ(applied.exit_code, 0) << applied.err;
    EXPECT_NE(applied.out.find("- database = postgresql (fact; settled by human:ana"), std::string::npos) << applied.out;
    CliRun imported = cli({QStringLiteral("import"), fixture_path("gamma.jsonl"), QStringLiteral("--workspace"), workspace});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    CliRun stale = cli(merge_ws);
    ASSERT_EQ(stale.exit_code, 0) << stale.err;
    // gamma's MySQL statement resolves the tie by evidence; the decision against the old tie is not applied,
    // and the block names it as stale on the slot evidence settled.
    EXPECT_EQ(stale.out.find("database = postgresql"), std::string::npos) << stale.out;
    EXPECT_NE(stale.out.find("- database = mysql (fact; resolved over 1"), std::string::npos) << stale.out;
    EXPECT_EQ(stale.out.find("settled by human"), std::string::npos) << stale.out;
    EXPECT_NE(stale.out.find("a stale decision was not applied: by human:ana"), std::string::npos) << stale.out;
    EXPECT_NE(stale.err.find("warning: database: 1 stale decision(s) not applied"), std::string::npos) << stale.err;
}

TEST_F(CliMergeModel, replay_without_a_workspace_an_unknown_extractor_and_no_input_are_usage_errors) {
    CliRun replay = cli(merge_files({QStringLiteral("--extractor"), QStringLiteral("model"), QStringLiteral("--replay")}));
    EXPECT_EQ(replay.exit_code, 2);
    EXPECT_NE(replay.err.find("--replay needs --workspace FILE"), std::string::npos) << replay.err;
    CliRun unknown = cli(merge_files({QStringLiteral("--extractor"), QStringLiteral("llm")}));
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("(heuristic, oracle or model)"), std::string::npos) << unknown.err;
    CliRun nothing = cli({QStringLiteral("merge"), QStringLiteral("--budget"), QStringLiteral("400")});
    EXPECT_EQ(nothing.exit_code, 2);
    EXPECT_NE(nothing.err.find("missing PATH"), std::string::npos) << nothing.err;
    CliRun empty = cli({QStringLiteral("merge"), QStringLiteral("--workspace"), dir.filePath(QStringLiteral("none.bmws")),
                        QStringLiteral("--budget"), QStringLiteral("400")});
    EXPECT_EQ(empty.exit_code, 2);
    EXPECT_NE(empty.err.find("holds no sessions"), std::string::npos) << empty.err;
}

}  // namespace
}  // namespace bm::test
