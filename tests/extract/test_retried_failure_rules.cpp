// Rules action.tool_error and action.command_exit on a failure a later call retried with success (retried_calls.h,
// session 21): the failure is stale and gives none; a retry that failed too, or a different target, keeps it.
#include <gtest/gtest.h>

#include <string>

#include "claude_code_lines.h"
#include "claude_log_claims.h"

namespace bm {
namespace {

using extracttest::claude_line;
using extracttest::claude_log_claims;
using extracttest::claude_user_line;

// A call of `tool` with JSON `input` answered by `result` with the error flag `error`.
std::string tool_run(const std::string& n, const std::string& parent, const std::string& tool, const std::string& input,
                     const std::string& result, bool error) {
    return claude_line("assistant", "a" + n, parent,
                       R"([{"type":"tool_use","id":"t)" + n + R"(","name":")" + tool + R"(","input":)" + input + "}]") +
           claude_line("user", "r" + n, "a" + n,
                       R"([{"type":"tool_result","tool_use_id":"t)" + n + R"(","content":")" + result +
                           R"(","is_error":)" + (error ? "true" : "false") + "}]");
}

const std::string kAsk = claude_user_line("u1", "", R"("Fix the build.")");

TEST(RetriedFailure, ACommandRetriedWithSuccessKeepsNoFailure) {
    const std::string log =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"make build"})", "make: *** No rule to make target", true) +
        tool_run("2", "r1", "Bash", R"({"command":"make build"})", "built", false);
    const std::string got = claude_log_claims(log);
    EXPECT_EQ(got.find("action.tool_error"), std::string::npos) << got;
    EXPECT_EQ(got.find("make.build.exit_code = nonzero"), std::string::npos) << got;
    EXPECT_NE(got.find("make.build.exit_code = 0"), std::string::npos) << got;
}

TEST(RetriedFailure, ARetryThatFailedTooKeepsBothFailures) {
    const std::string log =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"make build"})", "make: *** No rule to make target", true) +
        tool_run("2", "r1", "Bash", R"({"command":"make build"})", "make: *** missing separator", true);
    const std::string got = claude_log_claims(log);
    EXPECT_NE(got.find("action.tool_error: make.build.error.make-no = "), std::string::npos) << got;
    EXPECT_NE(got.find("action.tool_error: make.build.error.make-missing = "), std::string::npos) << got;
}

TEST(RetriedFailure, ASuccessOfAnotherCommandOrFileKeepsTheFailure) {
    const std::string log =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"make build"})", "make: *** No rule to make target", true) +
        tool_run("2", "r1", "Bash", R"({"command":"make test"})", "ok", false) +
        tool_run("3", "r2", "Read", R"({"file_path":"/w/a.py"})", "File does not exist.", true) +
        tool_run("4", "r3", "Read", R"({"file_path":"/w/b.py"})", "1\\tprint(1)", false);
    const std::string got = claude_log_claims(log);
    EXPECT_NE(got.find("action.tool_error: make.build.error.make-no = "), std::string::npos) << got;
    EXPECT_NE(got.find("action.tool_error: read.error.file-does-not"), std::string::npos) << got;
}

// A program not found that a later call ran fine (session 39, a dev log: functions named with hyphens were not
// registered, then aliases were added and `bash -ic 'use-farmacia'` ran) was found by then; one that a later call
// ran and still could not find, ran and failed, named without running it (`npm install -g jq`, an argument, a
// quoted message or pattern, even after a `-c` that is not a shell's), or that the user cancelled, stays not found.
TEST(RetriedFailure, AProgramALaterCallRanFineIsNoLongerMissing) {
    const std::string found =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"bash -lc 'use-farmacia; jq -V'"})",
                        "bash: line 1: use-farmacia: command not found\\nbash: line 1: jq: command not found", true) +
        tool_run("2", "r1", "Edit", R"({"file_path":"/w/.bashrc","old_string":"a","new_string":"b"})", "ok", false) +
        tool_run("3", "r2", "Bash", R"({"command":"npm install -g jq"})", "added 1 package", false) +
        tool_run("4", "r3", "Bash", R"({"command":"bash -ic 'use-farmacia' 2>&1"})", "CODEX_HOME=/w/.codex", false);
    const std::string got = claude_log_claims(found);
    EXPECT_EQ(got.find("use-farmacia.available"), std::string::npos) << got;
    EXPECT_NE(got.find("action.command_missing: jq.available = command not found"), std::string::npos) << got;
    const std::string still =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"use-farmacia"})", "bash: use-farmacia: command not found", true) +
        tool_run("2", "r1", "Bash", R"({"command":"use-farmacia; echo done"})",
                 "bash: use-farmacia: command not found\\ndone", false) +
        tool_run("3", "r2", "Bash", R"({"command":"rg x"})", "bash: rg: command not found", true) +
        tool_run("4", "r3", "Bash", R"({"command":"rg x"})", "a.py:1:x", true) +
        tool_run("5", "r4", "Bash", R"({"command":"rg y"})", "The user cancelled the tool call.", false) +
        tool_run("6", "r5", "Bash", R"({"command":"python x.py"})", "bash: python: command not found", true) +
        tool_run("7", "r6", "Bash", R"({"command":"python3 x.py --lang python && echo \"python ok\""})", "ok", false) +
        tool_run("8", "r7", "Bash", R"({"command":"grep -c \"python\" x.py"})", "2", false);
    const std::string kept = claude_log_claims(still);
    EXPECT_NE(kept.find("action.command_missing: use-farmacia.available = command not found"), std::string::npos)
        << kept;
    EXPECT_NE(kept.find("action.command_missing: rg.available = command not found"), std::string::npos) << kept;
    // A later line that only names the program (an argument, a quoted message) did not run it.
    EXPECT_NE(kept.find("action.command_missing: python.available = command not found"), std::string::npos) << kept;
}

TEST(RetriedFailure, AMissingFileWrittenLaterIsNoLongerAFailure) {
    const std::string log =
        kAsk + tool_run("1", "u1", "Read", R"({"file_path":"/w/MEMORY.md"})", "File does not exist.", true) +
        tool_run("2", "r1", "Write", R"({"file_path":"/w/MEMORY.md","content":"x"})", "File created successfully at: /w/MEMORY.md", false);
    const std::string got = claude_log_claims(log);
    EXPECT_EQ(got.find("action.tool_error"), std::string::npos) << got;
}

TEST(RetriedFailure, ARefusedCallIsNoFailureAndHasNoExitCode) {
    const std::string log = kAsk + tool_run("1", "u1", "Bash", R"({"command":"git init -q && git commit -m x"})",
                                            "The user doesn't want to proceed with this tool use. The tool use was "
                                            "rejected (eg. if it was a file edit, the new_string was NOT written to the file)",
                                            true);
    const std::string got = claude_log_claims(log);
    EXPECT_EQ(got.find("action.tool_error"), std::string::npos) << got;
    EXPECT_EQ(got.find("exit_code"), std::string::npos) << got;
}

TEST(RetriedFailure, AnotherCommandLineOrACallNamingNothingIsNoRetry) {
    // Review (session 21): one key (npm.test) for two directories' tests, and two URLs of one fetch tool.
    const std::string dirs =
        kAsk + tool_run("1", "u1", "Bash", R"({"command":"cd frontend && npm test"})", "FAIL src/App.test.js", true) +
        tool_run("2", "r1", "Bash", R"({"command":"cd backend && npm test"})", "ok", false);
    EXPECT_NE(claude_log_claims(dirs).find("action.tool_error"), std::string::npos) << claude_log_claims(dirs);
    const std::string urls =
        kAsk + tool_run("1", "u1", "WebFetch", R"({"url":"https://a.example.com/docs","prompt":"x"})",
                        "Request failed with status code 404", true) +
        tool_run("2", "r1", "WebFetch", R"({"url":"https://b.example.com/docs","prompt":"x"})", "docs", false);
    EXPECT_NE(claude_log_claims(urls).find("action.tool_error"), std::string::npos) << claude_log_claims(urls);
}

}  // namespace
}  // namespace bm
