// `bench extract --extractor model` (the model arm, issue #15 item 5) through the CLI and a loopback
// server serving recorded-style replies: with oracle-quality alignments it recalls every gold claim
// the heuristic misses, a replay with the server stopped prints the same report, and a dead endpoint
// is refused (exit 1) instead of reporting the heuristic's figures as the model's.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "cli_services_fixture.h"

namespace bm::test {
namespace {

using nlohmann::json;

class CliExtractModel : public CliServices {
protected:
    // A one-log gold set in `dir`: alpha.jsonl (dev), its gold claims = the oracle's non-env claims.
    void write_gold_set() {
        const std::string root = dir.path().toStdString();
        std::ofstream(root + "/alpha.jsonl") << std::ifstream(fixture("alpha.jsonl")).rdbuf();
        std::ofstream split(root + "/split.tsv");
        split << "alpha.jsonl\tnative\tdev\tx\n";
        std::ofstream gold_file(root + "/gold.jsonl");
        for (const auto& branch : extract_oracle(read_fixtures({"alpha.jsonl"}), {}))
            for (const Claim& c : branch.claims) {
                if (c.key.rfind("env.", 0) == 0 || c.quote.empty()) continue;
                gold_file << json{{"log", "alpha.jsonl"}, {"key", c.key}, {"value", c.value},
                             {"type", slot_type_name(c.type)}, {"quote", c.quote}}.dump() << "\n";
                gold.insert(c.key + "=" + c.value);
            }
        std::ofstream(root + "/labels.jsonl");  // no labels: recall is the model arm's figure
    }
    QStringList bench(const QStringList& extra) {
        const QString root = dir.path();
        return QStringList{QStringLiteral("bench"), QStringLiteral("extract"), QStringLiteral("--json"),
                           QStringLiteral("--root"), root, QStringLiteral("--gold"), root + "/gold.jsonl",
                           QStringLiteral("--labels"), root + "/labels.jsonl", QStringLiteral("--split-file"),
                           root + "/split.tsv", QStringLiteral("--split"), QStringLiteral("dev")} +
               extra;
    }
    QStringList model(const QString& records) {
        return {QStringLiteral("--extractor"), QStringLiteral("model"), QStringLiteral("--model"),
                QStringLiteral("loopback-model"), QStringLiteral("--workspace"), records};
    }
    // "key=value" of every emitted value (none is labelled here, so all are listed), and the rules
    // that made them ("(none)": the model's alignment, which runs no heuristic rule).
    static std::set<std::string> emitted(const std::string& out, std::set<std::string>* rules = nullptr) {
        const json report = json::parse(out);
        std::set<std::string> values;
        for (const auto& e : report["unlabelled"]) {
            values.insert(e["key"].get<std::string>() + "=" + e["value"].get<std::string>());
            if (rules)
                for (const auto& r : e["rules"]) rules->insert(r.get<std::string>());
        }
        return values;
    }
    static double recall(const std::string& out) {
        return json::parse(out)["splits"]["dev"]["overall"]["recall"].get<double>();
    }
    std::set<std::string> gold;  // "key=value" of the gold claims
};

TEST_F(CliExtractModel, the_model_arm_scores_the_models_claims_and_replays_them_byte_for_byte) {
    write_gold_set();
    ASSERT_GE(gold.size(), 3u);
    truth = extract_oracle(read_fixtures({"alpha.jsonl"}), {});
    serve();
    CliRun heuristic = cli(bench({}));
    ASSERT_EQ(heuristic.exit_code, 1) << heuristic.err;  // unlabelled heuristic values fail the heuristic arm
    const QString records = dir.filePath(QStringLiteral("records.bmws"));
    CliRun first = cli(bench(model(records) + QStringList{QStringLiteral("--endpoint"), server.base_url().toString()}));
    ASSERT_EQ(first.exit_code, 0) << first.err;
    EXPECT_EQ(server.bodies.size(), 1);  // one joint alignment call for the one log
    EXPECT_NE(first.err.find("model arm: 0 of 1 logs fell back"), std::string::npos) << first.err;
    EXPECT_EQ(json::parse(first.out)["extractor"], "model");
    EXPECT_DOUBLE_EQ(recall(first.out), 1.0);  // the oracle-quality reply names every gold claim
    // The arm scored the model's claims, not the heuristic's: the same values, made by no heuristic rule.
    std::set<std::string> model_rules, heuristic_rules;
    EXPECT_EQ(emitted(first.out, &model_rules), gold) << first.out;
    EXPECT_EQ(model_rules, std::set<std::string>{"(none)"});
    emitted(heuristic.out, &heuristic_rules);
    EXPECT_EQ(heuristic_rules.count("(none)"), 0u) << heuristic.out;

    server.stop();
    CliRun replayed = cli(bench(model(records) + QStringList{QStringLiteral("--replay")}));
    ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
    EXPECT_EQ(replayed.out, first.out);
}

TEST_F(CliExtractModel, a_dead_endpoint_is_refused_and_no_endpoint_is_a_usage_error) {
    write_gold_set();
    const QString records = dir.filePath(QStringLiteral("dead.bmws"));
    CliRun dead = cli(bench(model(records) + QStringList{QStringLiteral("--endpoint"), QStringLiteral("http://127.0.0.1:9/v1")}));
    EXPECT_EQ(dead.exit_code, 1) << dead.err;
    EXPECT_NE(dead.err.find("no model call succeeded"), std::string::npos) << dead.err;
    CliRun none = cli(bench({QStringLiteral("--extractor"), QStringLiteral("model")}));
    EXPECT_EQ(none.exit_code, 2) << none.err;
    EXPECT_NE(none.err.find("needs --endpoint"), std::string::npos) << none.err;
    CliRun unknown = cli(bench({QStringLiteral("--extractor"), QStringLiteral("oracle")}));
    EXPECT_EQ(unknown.exit_code, 2) << unknown.err;
}

}  // namespace
}  // namespace bm::test
