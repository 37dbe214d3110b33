// The CLI tests' shared fixture: runs the real `beliefmerge` binary while this thread's event loop
// (and so the loopback server) keeps running, over a workspace holding alpha and beta.
#pragma once

#include <gtest/gtest.h>

#include <QCoroProcess>
#include <QCoroTask>
#include <QProcess>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include "adjudicate/oracle_replies.h"
#include "extract/oracle_extractor.h"
#include "loopback_server.h"
#include "services_test_support.h"

namespace bm::test {

struct CliRun {
    int exit_code = -1;
    std::string out, err;
};

inline CliRun cli(const QStringList& args) {
    QProcess process;
    process.setProgram(QStringLiteral(BELIEFMERGE_BIN));
    process.setArguments(args);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("BELIEFMERGE_ENDPOINT"));
    env.insert(QStringLiteral("BELIEFMERGE_API_KEY"), QStringLiteral("sk-cli-test"));
    process.setProcessEnvironment(env);
    process.start();
    auto finished = qCoro(process).waitForFinished(std::chrono::seconds(60));
    const bool done = QCoro::waitFor(finished);
    if (!done || process.exitStatus() != QProcess::NormalExit) {  // a hang or a crash is never exit code 0
        process.kill();
        process.waitForFinished();
        return {-1, process.readAllStandardOutput().toStdString(),
                process.readAllStandardError().toStdString() + "\n[cli test: the process hung or crashed]"};
    }
    return {process.exitCode(), process.readAllStandardOutput().toStdString(),
            process.readAllStandardError().toStdString()};
}

class CliServices : public ::testing::Test {
protected:
    void SetUp() override {
        ensure_app();
        ASSERT_TRUE(dir.isValid());
        workspace = dir.filePath(QStringLiteral("ws.bmws"));
        CliRun imported = cli({QStringLiteral("import"), QString::fromStdString(fixture("alpha.jsonl")),
                               QString::fromStdString(fixture("beta.jsonl")), QStringLiteral("--workspace"), workspace});
        ASSERT_EQ(imported.exit_code, 0) << imported.err;
        ASSERT_TRUE(server.start());
        truth = extract_oracle(read_fixtures({"alpha.jsonl", "beta.jsonl"}), {});
    }
    // Alignment gets the oracle reply (or `alignment`), adjudication a stable choice.
    void serve(const QByteArray& alignment = {}) {
        using nlohmann::json;
        const QByteArray align = alignment.isEmpty() ? chat_body(QByteArray::fromStdString(oracle_alignment_content(truth)))
                                                     : alignment;
        server.handler = [align](const QByteArray&, const QByteArray& body) {
            const auto request = json::parse(body.toStdString());
            if (request["messages"][0]["content"].get<std::string>().rfind("You align", 0) == 0) return reply(200, align);
            const std::string user = request["messages"][1]["content"];
            json out = json::array();
            if (user.find("key \"database\"") != std::string::npos)
                out.push_back({{"key", "database"}, {"outcome", "choose"}, {"value", "mysql"}});
            if (user.find("key \"cache\"") != std::string::npos)
                out.push_back({{"key", "cache"}, {"outcome", "both"}});
            return reply(200, chat_body(QByteArray::fromStdString(json{{"resolutions", out}}.dump())));
        };
    }
    QStringList adjudicate(const QStringList& extra) {
        return QStringList{QStringLiteral("adjudicate"), workspace, QStringLiteral("--extractor"), QStringLiteral("model"),
                           QStringLiteral("--model"), QStringLiteral("loopback-model"), QStringLiteral("--json")} +
               extra;
    }
    QString fixture_path(const std::string& name) const { return QString::fromStdString(fixture(name)); }
    QTemporaryDir dir;
    QString workspace;
    LoopbackServer server;
    std::vector<BranchClaims> truth;
};

}  // namespace bm::test
