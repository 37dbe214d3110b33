// Session 20 (d23codex): Codex's unified-exec output header is harness text (harness_output_start), HEAD from a
// plain `git log --oneline` (action.git_head), and the failed-call reason past the header (action.tool_error).
#include <gtest/gtest.h>

#include <string>

#include "tool_action_fixtures.h"

namespace bm {
namespace {

constexpr const char* kHeader0 = "Chunk ID: 6aa8c4\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 15\nOutput:\n";
constexpr const char* kHeader1 = "Chunk ID: 5a9df1\nWall time: 0.0000 seconds\nProcess exited with code 1\nOriginal token count: 9\nOutput:\n";

std::string facts(const char* rule, const char* tool, const char* args, const std::string& result, bool error = false) {
    const extracttest::AnsweredCall call{tool, args, result, error};
    const std::vector<ActionFact> found = extracttest::facts_named(call, rule);
    for (const ActionFact& f : found) {
        EXPECT_LE(f.begin, f.end);
        EXPECT_LE(f.end, call.result.size());
    }
    return extracttest::fact_lines(found);
}

TEST(CodexOutput, TheHarnessHeaderEndsAtItsOutputLine) {
    const std::string body = "5b618ba round 0\n";
    EXPECT_EQ(harness_output_start(std::string(kHeader0) + body), std::string(kHeader0).size());
    EXPECT_EQ(harness_output_start("Exit code: 0\nWall time: 0.2 seconds\nOutput:\nok\n"), 44u);
    // Codex's truncation notice and its blank line are the harness's too.
    const std::string truncated = std::string(kHeader0) + "Total output lines: 3761\n\npackage.json\n";
    EXPECT_EQ(truncated.substr(harness_output_start(truncated)), "package.json\n");
    // No header: a program's own "Output:" line, an unknown first line, a header never closed.
    EXPECT_EQ(harness_output_start("Output:\nhello\n"), 0u);
    EXPECT_EQ(harness_output_start("Build finished\nOutput:\nhello\n"), 0u);
    EXPECT_EQ(harness_output_start("Process exited with code 0\nhello\n"), 0u);
    EXPECT_EQ(harness_output_start(""), 0u);
}

TEST(CodexOutput, HeadIsTheFirstLineOfAPlainOnelineLog) {
    EXPECT_EQ(facts("action.git_head", "exec_command", R"({"cmd":"git log --oneline -20","workdir":"/u/cusp-fi"})",
                    std::string(kHeader0) + "5d889b0 improve UI/UX\nb95ca9d improve cusp UI\n"),
              "repo.cusp-fi.git.head = 5d889b0 improve UI/UX\n");
    EXPECT_EQ(facts("action.git_head", "exec_command", R"({"cmd":"git -C /workspace log --oneline --decorate -n 15"})",
                    std::string(kHeader0) + "5b618ba (HEAD -> master) round 0: initial workspace state\n"),
              "repo.workspace.git.head = 5b618ba round 0: initial workspace state\n");
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"cd /w && git log -5 --oneline --no-color"})",
                    "A1B2C3D Fix the parser\n"),
              "repo.w.git.head = a1b2c3d Fix the parser\n");
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"git -C /w/app log --oneline -n5"})", "1a2b3c4 Add a\n"),
              "repo.app.git.head = 1a2b3c4 Add a\n");
    // Which repository the log does not say: none (session 24; it was keyed by the session).
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"git log --oneline -n5"})", "1a2b3c4 Add a\n"), "");
}

TEST(CodexOutput, ARevisionAPathAFilterOrAnotherCommandIsNotHead) {
    const std::string line = "1a2b3c4 Add a\n";
    for (const char* args : {R"({"command":"git log --oneline main..feature"})", R"({"command":"git log --oneline -- src/a.py"})",
                             R"({"command":"git log --oneline src"})", R"({"command":"git log --oneline --author=ann"})",
                             R"({"command":"git log --oneline --all"})", R"({"command":"git log -3"})",
                             R"({"command":"git log --format=%h -3"})", R"({"command":"git status && git log --oneline -3"})",
                             R"({"command":"git log --oneline -3 && git status"})", R"({"command":"git log --oneline | grep -v wip"})",
                             R"({"command":"git show --oneline"})"})
        EXPECT_EQ(facts("action.git_head", "Bash", args, line), "") << args;
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"git log --oneline"})", line, true), "");  // an error
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"git log --oneline"})",
                    "fatal: your current branch 'main' does not have any commits yet\n"), "");
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"git log --oneline"})", "  1a2b3c4 Add a\n"), "");
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"git log --oneline"})", "1a2b3c4\n"), "");  // no subject
    EXPECT_EQ(facts("action.git_head", "Bash", R"({"command":"git log --oneline"})", "1a2b3c (HEAD) x\n"), "");  // 6 digits
}

TEST(CodexOutput, TheHeaderIsNeverAFailedCallsReason) {
    EXPECT_EQ(facts("action.tool_error", "exec_command", R"({"cmd":"rg -n foo src"})",
                    std::string(kHeader1) + "rg: src: No such file or directory (os error 2)\n", true),
              "rg.foo.error.rg-src-no = rg: src: no such file or directory (os error 2)\n");
    // Nothing but the header: the exit status is the whole story (action.command_exit).
    EXPECT_EQ(facts("action.tool_error", "exec_command", R"({"cmd":"grep -q x a.txt"})", kHeader1, true), "");
    // A loop that printed the files it found before its last test failed: a listing, no reason.
    EXPECT_EQ(facts("action.tool_error", "exec_command",
                    R"({"cmd":"printf 'README.md\\nCargo.toml\\n' | while read f; do [ -f \"$f\" ] && echo \"$f\"; done"})",
                    std::string(kHeader1) + "README.md\npackage.json\nAnchor.toml\n", true),
              "");
    EXPECT_EQ(facts("action.tool_error", "Bash", R"({"command":"ls"})", "src/app.py\n", true), "");
    // A one-word reason that names no file is still a reason.
    EXPECT_EQ(facts("action.tool_error", "Bash", R"({"command":"make build"})", "Killed\n", true),
              "make.build.error.killed = killed\n");
}

}  // namespace
}  // namespace bm
