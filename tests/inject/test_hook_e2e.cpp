// The hook as Claude Code runs it: a projects folder laid out from real Claude Code transcripts
// (../shared/data/sessions/claude-code, when present) and the hand-written tests/data one, the real
// `beliefmerge` binary fed the event JSON on stdin, its exit status and stdout checked against the
// documented SessionStart output for each policy; a stale approval is never injected under `none`;
// `hook dsh` and MCP `approved_context` give the same approved block.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "core/test_support.h"
#include "inject/claude_transcripts.h"

namespace bm {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kProject = "/home/dev/shop";

struct ProcessRun {
    int status = -1;
    std::string out;
};

// Runs `command` through the shell with `input` on stdin; stdout captured.
ProcessRun run(const std::string& command, const std::string& input, const fs::path& scratch) {
    const fs::path in = scratch / "stdin", out = scratch / "stdout";
    std::ofstream(in, std::ios::binary) << input;
    const int raw = std::system(
        (command + " <'" + in.string() + "' >'" + out.string() + "' 2>/dev/null").c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, testing::slurp(out.string())};
}

// A transcript with its working directory moved to the project (one project, several sessions).
void lay_out(const std::string& from, const fs::path& to) {
    const std::string text = std::regex_replace(
        testing::slurp(from), std::regex(R"("cwd":"[^"]*")"), "\"cwd\":\"" + kProject + "\"");
    std::ofstream(to, std::ios::binary) << text;
}

// Checks `out` is one JSON object of the documented SessionStart shape; returns it.
json documented_output(const std::string& out) {
    json j = json::parse(out, nullptr, false);
    EXPECT_TRUE(j.is_object()) << out;
    if (!j.is_object()) return json::object();
    const std::set<std::string> top{"continue", "stopReason", "suppressOutput", "systemMessage",
                                    "hookSpecificOutput"};
    for (const auto& [key, value] : j.items())
        EXPECT_TRUE(top.count(key)) << "undocumented field " << key;
    if (j.contains("systemMessage")) {
        EXPECT_TRUE(j["systemMessage"].is_string());
    }
    if (j.contains("hookSpecificOutput")) {
        const json& h = j["hookSpecificOutput"];
        EXPECT_TRUE(h.is_object());
        EXPECT_EQ(h.value("hookEventName", ""), "SessionStart");
        EXPECT_TRUE(h.contains("additionalContext") && h["additionalContext"].is_string());
        EXPECT_EQ(h.size(), 2u);
    }
    return j;
}

class HookEndToEnd : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("bm-hook-e2e-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        folder = dir / "projects" / claude_project_folder_name(kProject);
        fs::create_directories(folder);
        workspace = (dir / "w.bmws").string();
        ::setenv("BELIEFMERGE_CLAUDE_PROJECTS", (dir / "projects").c_str(), 1);
        ::setenv("BELIEFMERGE_HOOK_LOG", (dir / "hook.log").c_str(), 1);
        ::setenv("BELIEFMERGE_TOKENIZER", "estimate", 1);
        lay_out(std::string(DATA_DIR) + "/claude-code/rewind.jsonl",
                folder / "5a5a5a5a-6b6b-4c7c-8d8d-9e9e9e9e9e9e.jsonl");
        const fs::path real = fs::path(SHARED_DATA_DIR) / "sessions" / "claude-code";
        if (fs::is_directory(real))
            for (const auto& e : fs::directory_iterator(real))
                real_transcripts.push_back(e.path().string());
        std::sort(real_transcripts.begin(), real_transcripts.end());
        // All but the last real transcript now; the last arrives later (a new session of the
        // project).
        for (size_t i = 0; i + 1 < real_transcripts.size(); ++i)
            lay_out(real_transcripts[i], folder / fs::path(real_transcripts[i]).filename());
    }
    void TearDown() override { fs::remove_all(dir); }

    std::string bin() const { return std::string("'") + BELIEFMERGE_BIN + "'"; }
    std::string event(const std::string& name = "SessionStart") const {
        return json{{"session_id", "new-session"},
                    {"transcript_path", (folder / "new-session.jsonl").string()},
                    {"cwd", kProject},
                    {"permission_mode", "default"},
                    {"hook_event_name", name},
                    {"source", "startup"}}
            .dump();
    }
    ProcessRun hook(const std::string& input) {
        return run(bin() + " hook claude-code --workspace '" + workspace + "'", input, dir);
    }
    ProcessRun cli(const std::string& args) { return run(bin() + " " + args, "", dir); }
    std::string ws() const { return " --workspace '" + workspace + "'"; }

    fs::path dir, folder;
    std::string workspace;
    std::vector<std::string> real_transcripts;
};

TEST_F(HookEndToEnd, EachPolicyInjectsWhatItShouldAndAStaleApprovalIsNotInjectedUnderNone) {
    if (real_transcripts.empty())
        std::cout << "(../shared/data absent: the hand-written transcript only)\n";
    // No approval, policy none: nothing injected, a notice, but the project's transcripts are
    // imported.
    ProcessRun first = hook(event());
    EXPECT_EQ(first.status, 0);
    json j = documented_output(first.out);
    EXPECT_FALSE(j.contains("hookSpecificOutput"));
    EXPECT_NE(j.value("systemMessage", "").find("no approved block"), std::string::npos)
        << first.out;
    ProcessRun listed = cli("approve --status --json" + ws());
    ASSERT_EQ(listed.status, 0);
    EXPECT_EQ(json::parse(listed.out)[0]["project"], kProject);

    // Approved: exactly the approved block.
    ProcessRun shown = cli("approve --show --project " + kProject + ws());
    ASSERT_EQ(shown.status, 0);
    ASSERT_EQ(cli("approve --reviewer ana --project " + kProject + ws()).status, 0);
    ProcessRun approved = hook(event());
    EXPECT_EQ(approved.status, 0);
    j = documented_output(approved.out);
    ASSERT_TRUE(j.contains("hookSpecificOutput")) << approved.out;
    EXPECT_EQ(j["hookSpecificOutput"]["additionalContext"], shown.out);
    EXPECT_NE(j.value("systemMessage", "").find("approved by ana"), std::string::npos);

    // The same block for DSH (its user message) and through MCP approved_context.
    ProcessRun dsh = cli("hook dsh --project " + kProject + ws());
    ASSERT_EQ(dsh.status, 0);
    const json message = json::parse(dsh.out);
    EXPECT_EQ(message["type"], "user/message");
    EXPECT_EQ(message["data"]["content"][0]["text"], shown.out);
    fs::create_directories(dir / "store");
    ProcessRun mcp = run(
        bin() + " mcp --store '" + (dir / "store").string() + "'" + ws(),
        R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"approved_context","arguments":{"project":")" +
            kProject + "\"}}}\n",
        dir);
    const json reply = json::parse(mcp.out);
    const json tool = json::parse(reply["result"]["content"][0]["text"].get<std::string>());
    EXPECT_EQ(tool["block"], shown.out);
    EXPECT_EQ(tool["source"], "approved");

    // A new session of the project arrives: the approval is stale and `none` injects nothing.
    const fs::path later = folder / "later-session.jsonl";
    if (!real_transcripts.empty())
        lay_out(real_transcripts.back(), later);
    else {
        std::string text = testing::slurp(std::string(DATA_DIR) + "/claude-code/rewind.jsonl");
        text = std::regex_replace(text, std::regex("5a5a5a5a-6b6b-4c7c-8d8d-9e9e9e9e9e9e"),
                                  "5a5a5a5a-6b6b-4c7c-8d8d-000000000002");
        std::ofstream(later, std::ios::binary) << std::regex_replace(
            text, std::regex(R"("cwd":"[^"]*")"), "\"cwd\":\"" + kProject + "\"");
    }
    ProcessRun stale = hook(event());
    EXPECT_EQ(stale.status, 0);
    j = documented_output(stale.out);
    EXPECT_FALSE(j.contains("hookSpecificOutput")) << "a stale approval was injected under none";
    EXPECT_NE(j.value("systemMessage", "").find("is stale (new session imported"),
              std::string::npos)
        << stale.out;

    // fresh: the current block, with its trust banner.
    ASSERT_EQ(cli("approve --policy fresh --reviewer ana --project " + kProject + ws()).status, 0);
    ProcessRun current = cli("approve --show --project " + kProject + ws());
    ProcessRun fresh = hook(event());
    EXPECT_EQ(fresh.status, 0);
    j = documented_output(fresh.out);
    ASSERT_TRUE(j.contains("hookSpecificOutput"));
    EXPECT_EQ(j["hookSpecificOutput"]["additionalContext"], current.out);
    EXPECT_NE(current.out, shown.out);
    EXPECT_NE(current.out.find("EXTERNAL/UNTRUSTED BACKGROUND"), std::string::npos);

    // reviewed: nothing until a human decides; then only what was decided.
    ASSERT_EQ(cli("approve --policy reviewed --reviewer ana --project " + kProject + ws()).status,
              0);
    j = documented_output(hook(event()).out);
    EXPECT_FALSE(j.contains("hookSpecificOutput"));
    ASSERT_EQ(cli("decide '" + workspace +
                  "' --slot redis-cli.ping.output --choose PONG --reason checked --reviewer ana")
                  .status,
              0);
    ProcessRun reviewed = hook(event());
    j = documented_output(reviewed.out);
    ASSERT_TRUE(j.contains("hookSpecificOutput")) << reviewed.out;
    const std::string block = j["hookSpecificOutput"]["additionalContext"];
    EXPECT_NE(block.find("redis-cli.ping.output = PONG"), std::string::npos) << block;
    EXPECT_EQ(block.find("echo.stats.output"), std::string::npos) << block;
}

TEST_F(HookEndToEnd, FailsClosedExitZeroNoOutputAndLogsWhy) {
    for (const std::string& input :
         {std::string("not json"), std::string(R"({"hook_event_name":"SessionStart"})")}) {
        ProcessRun bad = hook(input);
        EXPECT_EQ(bad.status, 0);
        EXPECT_TRUE(bad.out.empty()) << bad.out;
    }
    ProcessRun unwritable =
        run(bin() + " hook claude-code --workspace /nonexistent/dir/w.bmws", event(), dir);
    EXPECT_EQ(unwritable.status, 0);
    EXPECT_TRUE(unwritable.out.empty()) << unwritable.out;
    ProcessRun other = hook(event("UserPromptSubmit"));
    EXPECT_EQ(other.status, 0);
    EXPECT_TRUE(other.out.empty());
    const std::string log = testing::slurp((dir / "hook.log").string());
    EXPECT_NE(log.find("no context: stdin: the hook event is not a JSON object"), std::string::npos)
        << log;
    EXPECT_NE(log.find("the hook event has no \"cwd\""), std::string::npos) << log;
    EXPECT_NE(log.find("/nonexistent/dir/w.bmws"), std::string::npos) << log;
    EXPECT_NE(log.find("ignored event UserPromptSubmit"), std::string::npos) << log;
}

TEST_F(HookEndToEnd, InstallThenUninstallThroughTheCliIsByteIdentical) {
    const std::string settings = (dir / "settings.json").string();
    const std::string original =
        "{\"hooks\":{\"SessionStart\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"cat "
        "notes.md\"}]}]}}";
    std::ofstream(settings, std::ios::binary) << original;
    ASSERT_EQ(cli("hook install claude-code --settings '" + settings + "'" + ws()).status, 0);
    const json installed = json::parse(testing::slurp(settings));
    ASSERT_EQ(installed["hooks"]["SessionStart"].size(), 2u);
    const std::string command = installed["hooks"]["SessionStart"][1]["hooks"][0]["command"];
    EXPECT_NE(command.find(" hook claude-code --workspace '" + workspace + "'"), std::string::npos)
        << command;
    ASSERT_EQ(cli("hook uninstall claude-code --settings '" + settings + "'").status, 0);
    EXPECT_EQ(testing::slurp(settings), original);
}

}  // namespace
}  // namespace bm
