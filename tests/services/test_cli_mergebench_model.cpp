// MergeBench's `model` arm through the CLI and the loopback server: with oracle-quality replies
// (built from each scenario's ground-truth annotations) it reaches the oracle arm's scores in every
// family, and a run replayed from the recorded replies (server stopped) prints identical bytes, also when
// the scenarios are read back from their --dump-scenarios file.
#include <gtest/gtest.h>

#include <map>

#include "adjudicate/alignment_contract.h"
#include "bench/mergebench/scenario.h"
#include "cli_services_fixture.h"

namespace bm::test {
namespace {

using nlohmann::json;

// The alignment prompt (user message) of every scenario of a run → the oracle-quality reply.
std::map<std::string, QByteArray> oracle_replies(mergebench::Family family, size_t seeds, size_t topics, size_t branches) {
    std::map<std::string, QByteArray> out;
    for (size_t seed = 0; seed < seeds; ++seed) {
        mergebench::Scenario sc = mergebench::generate_scenario({family, seed, topics, branches});
        const ExtractOptions options;  // as the bench: no current session
        ChatRequest request = alignment_request(alignment_branches(sc.sessions, options), "loopback-model");
        out[request.messages.at(1).content] =
            chat_body(QByteArray::fromStdString(oracle_alignment_content(extract_oracle(sc.sessions, options))));
    }
    return out;
}

const json* arm(const json& doc, const std::string& name) {
    for (const auto& a : doc["arms"])
        if (a["arm"] == name) return &a;
    return nullptr;
}

class CliMergeBenchModel : public CliServices {};

TEST_F(CliMergeBenchModel, model_arm_with_oracle_quality_replies_reaches_the_oracle_scores_in_every_family) {
    const struct {
        const char* name;
        mergebench::Family family;
        size_t branches;
    } families[] = {{"base", mergebench::Family::kBase, 2},
                    {"many-branches", mergebench::Family::kManyBranches, 6},
                    {"paraphrase", mergebench::Family::kParaphrase, 2},
                    {"derivation", mergebench::Family::kDerivation, 2},
                    {"injection", mergebench::Family::kInjection, 2}};
    const size_t seeds = 5, topics = 10;
    for (const auto& f : families) {
        SCOPED_TRACE(f.name);
        const auto replies = oracle_replies(f.family, seeds, topics, f.branches);
        int unknown = 0;
        server.handler = [&](const QByteArray&, const QByteArray& body) {
            const auto request = json::parse(body.toStdString());
            auto it = replies.find(request["messages"][1]["content"].get<std::string>());
            if (it == replies.end()) {
                ++unknown;
                return reply(400, "unknown prompt");
            }
            return reply(200, it->second);
        };
        const QString records = dir.filePath(QStringLiteral("bench-%1.bmws").arg(QString::fromLatin1(f.name)));
        const QString scenarios = dir.filePath(QStringLiteral("scenarios-%1.jsonl").arg(QString::fromLatin1(f.name)));
        const QStringList args{QStringLiteral("bench"), QStringLiteral("mergebench"), QStringLiteral("--dump-scenarios"), scenarios,
                               QStringLiteral("--family"),
                               QString::fromLatin1(f.name), QStringLiteral("--seeds"), QString::number(seeds),
                               QStringLiteral("--topics"), QString::number(topics), QStringLiteral("--branches"),
                               QString::number(f.branches), QStringLiteral("--json"), QStringLiteral("--model"),
                               QStringLiteral("loopback-model"), QStringLiteral("--workspace"), records};
        const int before = static_cast<int>(server.bodies.size());
        CliRun run = cli(args + QStringList{QStringLiteral("--endpoint"), server.base_url().toString()});
        ASSERT_EQ(run.exit_code, 0) << run.err;
        EXPECT_EQ(unknown, 0);
        EXPECT_EQ(static_cast<int>(server.bodies.size()) - before, static_cast<int>(seeds));  // one call per scenario
        EXPECT_EQ(run.err.find("fell back"), std::string::npos) << run.err;
        const json doc = json::parse(run.out);
        EXPECT_EQ(doc["model_fallbacks"], 0);
        const json* model = arm(doc, "model");
        const json* oracle = arm(doc, "oracle");
        ASSERT_NE(model, nullptr) << run.out;
        ASSERT_NE(oracle, nullptr) << run.out;
        for (const char* metric : {"local", "bridge", "gain", "unambig", "both", "invent", "tokens", "max_tokens"})
            EXPECT_EQ((*model)[metric], (*oracle)[metric]) << metric << "\n" << run.out;
        EXPECT_LE((*model)["max_tokens"].get<double>(), 400.0);
        if (f.family == mergebench::Family::kInjection) {
            EXPECT_EQ((*model)["leaks"], 0);
        }
        // Replayed from the records with no endpoint at all: identical bytes.
        CliRun replayed = cli(args + QStringList{QStringLiteral("--replay")});
        ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
        EXPECT_EQ(replayed.out, run.out);
        // The dumped scenarios scored from the file, replayed from the same records: the same bytes (the
        // prompts built from the read-back logs are the generated scenarios' prompts).
        CliRun from_file = cli({QStringLiteral("bench"), QStringLiteral("mergebench"), QStringLiteral("--scenarios"), scenarios,
                                QStringLiteral("--json"), QStringLiteral("--model"), QStringLiteral("loopback-model"),
                                QStringLiteral("--workspace"), records, QStringLiteral("--replay")});
        ASSERT_EQ(from_file.exit_code, 0) << from_file.err;
        EXPECT_EQ(from_file.out, run.out);
        EXPECT_EQ(static_cast<int>(server.bodies.size()) - before, static_cast<int>(seeds));
    }
}

TEST_F(CliMergeBenchModel, without_an_endpoint_or_records_there_is_no_model_arm_and_failures_are_counted) {
    const QStringList base{QStringLiteral("bench"), QStringLiteral("mergebench"), QStringLiteral("--seeds"),
                           QStringLiteral("2"), QStringLiteral("--json")};
    CliRun plain = cli(base);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    const json doc = json::parse(plain.out);
    EXPECT_EQ(arm(doc, "model"), nullptr);
    EXPECT_FALSE(doc.contains("model_fallbacks"));
    // Every option the shared service config reads is declared: Qt warns on stderr for one that is not.
    EXPECT_EQ(plain.err.find("option not defined"), std::string::npos) << plain.err;
    // An endpoint that answers garbage: the arm runs on the heuristic fallback and says so.
    server.handler = [](const QByteArray&, const QByteArray&) { return reply(200, chat_body("not json")); };
    CliRun failing = cli(base + QStringList{QStringLiteral("--endpoint"), server.base_url().toString()});
    ASSERT_EQ(failing.exit_code, 0) << failing.err;
    const json failed = json::parse(failing.out);
    EXPECT_EQ(failed["model_fallbacks"], 2);
    ASSERT_NE(arm(failed, "model"), nullptr);
    EXPECT_EQ((*arm(failed, "model"))["bridge"], (*arm(failed, "heuristic"))["bridge"]);
    EXPECT_NE(failing.err.find("fell back to the heuristic extractor"), std::string::npos) << failing.err;
}

}  // namespace
}  // namespace bm::test
