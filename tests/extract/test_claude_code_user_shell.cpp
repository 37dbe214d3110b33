// What the extractor makes of a Claude Code user's `!` shell commands and slash commands (read by the reader
// as a Bash call and its result / the user's request): command, git and look-around rules apply, no exit code
// the log does not state, and the harness's lines (built-ins, local output, compact summaries) give no user claim.
#include <gtest/gtest.h>

#include <string>

#include "extract/heuristic_extractor.h"
#include "claude_code_lines.h"
#include "claude_log_claims.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

std::string claims_of(const std::string& log) { return extracttest::claude_log_claims(log, /*source_role=*/true); }

using extracttest::claude_user_line;

// `extra`: members added to both lines (",\"cwd\":\"/w/shop\"").
std::string shell(const std::string& command, const std::string& stdout_text, const std::string& stderr_text,
                  const std::string& extra = "") {
    return claude_user_line("b1", "", "\"<bash-input>" + command + "</bash-input>\"", extra) +
           claude_user_line("b2", "b1", "\"<bash-stdout>" + stdout_text + "</bash-stdout><bash-stderr>" + stderr_text + "</bash-stderr>\"", extra);
}

TEST(ClaudeCodeUserShell, ABranchTheUserSwitchedToIsRead) {
    const std::string got =
        claims_of(shell("git checkout -b feature/login", "", "Switched to a new branch 'feature/login'", R"(,"cwd":"/w/shop")"));
    // The branch is the repository's, named by its directory (session 24): another repository may be on another
    // branch. The branch as git writes it.
    EXPECT_NE(got.find("action.git_branch: repo.shop.git.branch = feature/login"), std::string::npos) << got;
    EXPECT_EQ(got.find("exit_code"), std::string::npos) << got;  // the log states none
    // A line with no working directory does not say which repository: no branch.
    EXPECT_EQ(claims_of(shell("git checkout -b feature/login", "", "Switched to a new branch 'feature/login'")).find("git.branch"),
              std::string::npos);
}

TEST(ClaudeCodeUserShell, ARefusedCheckoutGivesNoBranch) {
    const std::string got =
        claims_of(shell("git checkout -b feature/login", "", "fatal: a branch named 'feature/login' already exists"));
    EXPECT_EQ(got.find("git.branch"), std::string::npos) << got;
    EXPECT_EQ(got.find("exit_code"), std::string::npos) << got;
}

TEST(ClaudeCodeUserShell, ALookAroundCommandGivesNothingButTheBranchGitShows) {
    EXPECT_EQ(claims_of(shell("ls", "README.md\\nsrc", "")), "");
    // git status says nothing worth keeping of its own run, only the branch it shows (session 19).
    EXPECT_EQ(claims_of(shell("git status", "On branch main\\nnothing to commit, working tree clean", "", R"(,"cwd":"/w/shop")")),
              "action.git_branch: repo.shop.git.branch = main [tool]\n");
}

TEST(ClaudeCodeUserShell, AFailedTestRunGetsNoInventedExitCode) {
    const std::string got = claims_of(shell("pytest tests", "===== 1 failed, 3 passed in 0.20s =====", ""));
    EXPECT_EQ(got.find("exit_code"), std::string::npos) << got;
    // An exit code the output states is read.
    const std::string stated = claims_of(shell("make build", "", "make: *** [build] Error 2\\nExit code 2"));
    EXPECT_NE(stated.find(".exit_code = 2"), std::string::npos) << stated;
}

TEST(ClaudeCodeUserShell, CustomCommandArgsAreTheRequestHarnessLinesAreNot) {
    const std::string log =
        claude_user_line("m1", "", R"("<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args>opus</command-args>")") +
        claude_user_line("m2", "m1", R"("<local-command-stdout>Set model to opus. Use tabs for indentation.</local-command-stdout>")") +
        claude_user_line("s1", "m2", R"("<command-message>spec</command-message>\n<command-name>/spec</command-name>\n<command-args>Build a CLI todo app in Rust.</command-args>")") +
        claude_user_line("k1", "s1", R"("This session is being continued from a previous conversation. The user asked to deploy it to Heroku.")",
             R"(,"isCompactSummary":true)") +
        claude_user_line("k2", "k1", R"("Deploy it to fly.io.")");
    const std::string got = claims_of(log);
    EXPECT_NE(got.find("user.request: goal.build.cli.todo.application = Build a CLI todo app in Rust [user]"), std::string::npos) << got;
    EXPECT_NE(got.find("= Deploy it to fly.io [user]"), std::string::npos) << got;
    EXPECT_EQ(got.find("heroku"), std::string::npos) << got;
    EXPECT_EQ(got.find("Heroku"), std::string::npos) << got;
    EXPECT_EQ(got.find("opus"), std::string::npos) << got;
    EXPECT_EQ(got.find("tabs"), std::string::npos) << got;
}

}  // namespace
}  // namespace bm
