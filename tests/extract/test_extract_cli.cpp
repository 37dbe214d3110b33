// `beliefmerge bench extract --json` with the real binary: exit status 0 when every emitted value is
// labelled, 1 with the unlabelled values listed when a label is missing, 1 naming the file when gold
// or labels cannot be read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/wait.h>

namespace {

// The shared data: $BM_SHARED_DATA when set (a worktree's ../shared may not exist), else the build's default.
std::string shared_dir() {
    const char* env = std::getenv("BM_SHARED_DATA");
    return env && *env ? env : SHARED_DATA_DIR;
}

struct BenchRun {
    int status = -1;
    std::string out, err;
};

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

BenchRun bench_extract(const std::string& extra) {
    // Files of this process and call: ctest runs each test case as its own process in parallel, and a shared
    // name let two cases read each other's (or a half-written) report — the "failed once under load" flake.
    static int calls = 0;
    const auto dir = std::filesystem::temp_directory_path();
    const std::string tag = std::to_string(::getpid()) + "_" + std::to_string(++calls);
    const auto out = dir / ("bm_extract_cli_" + tag + ".out"), err = dir / ("bm_extract_cli_" + tag + ".err");
    const std::string cmd = std::string("cd '") + REPO_DIR + "' && BM_SHARED_DATA='" + shared_dir() + "' '" +
                            BELIEFMERGE_BIN + "' bench extract --json " + extra + " >'" + out.string() + "' 2>'" +
                            err.string() + "'";
    BenchRun r;
    const int raw = std::system(cmd.c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return r;
}

bool shared_data_present() { return std::filesystem::exists(shared_dir()); }

TEST(ExtractCli, EveryEmittedValueIsLabelled) {
    if (!shared_data_present()) GTEST_SKIP() << "shared data absent at " << shared_dir();
    BenchRun r = bench_extract("");
    ASSERT_EQ(r.status, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["unlabelled"].empty());
    EXPECT_TRUE(j["splits"].contains("dev"));
    EXPECT_TRUE(j["splits"].contains("test"));
    EXPECT_GT(j["splits"]["test"]["overall"]["gold"].get<int>(), 0);
    for (const auto& u : j["unread"]) EXPECT_EQ(u["split"], "test") << "a dev log the reader refuses: " << u.dump();
}

// A gold log in a shape the reader refuses is listed with the reader's error and scored as emitting nothing (its
// gold claims are missed); the other logs are still scored. A log that is missing stops the bench, naming it.
TEST(ExtractCli, ALogTheReaderRefusesIsListedAndItsGoldMissed) {
    const auto root = std::filesystem::temp_directory_path() / ("bm_extract_unread_" + std::to_string(::getpid()));
    struct Cleanup {
        std::filesystem::path dir;
        ~Cleanup() { std::filesystem::remove_all(dir); }
    } cleanup{root};
    std::filesystem::create_directories(root);
    std::ofstream(root / "refused.log") << "plain words, no session log\n";
    std::ofstream(root / "chat.json") << R"([{"role":"user","content":"Run the tests."},)"
                                         R"({"role":"assistant","content":"","tool_calls":[{"id":"c1","type":"function",)"
                                         R"("function":{"name":"bash","arguments":"{\"command\":\"make test\"}"}}]},)"
                                         R"({"role":"tool","tool_call_id":"c1","content":"[exit code: 2]\nfailed"}])";
    std::ofstream(root / "gold.jsonl")
        << R"({"log":"refused.log","key":"a","value":"b","type":"Fact","quote":"plain words"})" "\n"
        << R"({"log":"chat.json","key":"make test.exit_code","value":"2","type":"Fact","quote":"make test"})" "\n";
    std::ofstream(root / "labels.jsonl").flush();
    std::ofstream(root / "split.tsv") << "refused.log\topenai-chat\tdev\tx\nchat.json\topenai-chat\tdev\ty\n";
    const std::string files = "--root '" + root.string() + "' --gold '" + (root / "gold.jsonl").string() +
                              "' --labels '" + (root / "labels.jsonl").string() + "' --split-file '";
    BenchRun r = bench_extract(files + (root / "split.tsv").string() + "' --split dev");
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["unread"].size(), 1u) << r.out;
    EXPECT_EQ(j["unread"][0]["log"], "refused.log");
    EXPECT_NE(j["unread"][0]["error"].get<std::string>().find("refused.log:1"), std::string::npos) << j["unread"];
    EXPECT_NE(r.err.find("1 gold logs are in a shape the reader refuses"), std::string::npos) << r.err;
    EXPECT_EQ(j["splits"]["dev"]["overall"]["logs"], 2);
    EXPECT_EQ(j["splits"]["dev"]["overall"]["gold"], 2);
    EXPECT_EQ(j["splits"]["dev"]["overall"]["recalled"], 1);  // the chat's exit code; the refused log's claim missed

    std::ofstream(root / "split2.tsv") << "gone.log\topenai-chat\tdev\tz\n";
    BenchRun missing = bench_extract(files + (root / "split2.tsv").string() + "' --split dev");
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("gone.log"), std::string::npos) << missing.err;
}

TEST(ExtractCli, MissingLabelsAreListedAndFail) {
    if (!shared_data_present()) GTEST_SKIP() << "shared data absent at " << shared_dir();
    const auto empty = std::filesystem::temp_directory_path() / "bm_extract_empty_labels.jsonl";
    std::ofstream(empty).flush();
    BenchRun r = bench_extract("--split test --labels '" + empty.string() + "'");
    EXPECT_EQ(r.status, 1);
    auto j = nlohmann::json::parse(r.out);
    ASSERT_FALSE(j["unlabelled"].empty());
    for (const auto& u : j["unlabelled"]) EXPECT_EQ(u["split"], "test");
    EXPECT_FALSE(j["splits"].contains("dev"));
    EXPECT_NE(r.err.find("carry no label"), std::string::npos) << r.err;
}

TEST(ExtractCli, UnreadableGoldOrLabelsNameTheFile) {
    BenchRun gold = bench_extract("--gold /nonexistent/gold.jsonl");
    EXPECT_EQ(gold.status, 1);
    EXPECT_NE(gold.err.find("/nonexistent/gold.jsonl"), std::string::npos) << gold.err;
    const auto bad = std::filesystem::temp_directory_path() / "bm_extract_bad_labels.jsonl";
    std::ofstream(bad) << "{\"log\":\"a\",\"key\":\"k\",\"value\":\"v\",\"label\":\"fine\",\"reason\":\"r\"}\n";
    BenchRun labels = bench_extract("--labels '" + bad.string() + "'");
    EXPECT_EQ(labels.status, 1);
    EXPECT_NE(labels.err.find(bad.string() + ":1"), std::string::npos) << labels.err;
    EXPECT_NE(labels.err.find("label"), std::string::npos) << labels.err;
    BenchRun usage = bench_extract("--split train");
    EXPECT_EQ(usage.status, 2);
}

}  // namespace
