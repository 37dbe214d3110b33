// Rule action.command_exit's guard for keys that cannot name their run (action_claims.cpp, session 20, d27req):
// two runs of one key whose inline code or cut path differ give no exit code; a rerun of one command still does.
#include <gtest/gtest.h>

#include <string>

#include "claude_code_lines.h"
#include "claude_log_claims.h"

namespace bm {
namespace {

using extracttest::claude_line;
using extracttest::claude_log_claims;
using extracttest::claude_user_line;

// A Bash call `command` (JSON-escaped) answered by `result` with the error flag `error`.
std::string bash_run(const std::string& n, const std::string& parent, const std::string& command,
                     const std::string& result, bool error) {
    return claude_line("assistant", "a" + n, parent,
                       R"([{"type":"tool_use","id":"t)" + n + R"(","name":"Bash","input":{"command":")" + command +
                           R"("}}])") +
           claude_line("user", "r" + n, "a" + n,
                       R"([{"type":"tool_result","tool_use_id":"t)" + n + R"(","content":")" + result +
                           R"(","is_error":)" + (error ? "true" : "false") + "}]");
}

const std::string kAsk = claude_user_line("u1", "", R"("Check the imports.")");

TEST(UnnamedExit, TwoInlineCodeRunsOfOneInterpreterGiveNoExitCode) {
    const std::string log = kAsk + bash_run("1", "u1", R"(python -c \"import a; print(1)\")", "1", false) +
                            bash_run("2", "r1", R"(python -c \"import b; print(2)\")", "Exit code 1\\nTraceback", true);
    const std::string got = claude_log_claims(log);
    EXPECT_EQ(got.find("python.exit_code"), std::string::npos) << got;
    // The first run's command, under the key the second shares, names neither either.
    EXPECT_EQ(got.find("python.command"), std::string::npos) << got;
}

TEST(UnnamedExit, WindowsPathsAreNamedByTheirLastComponent) {
    // Session 25: a Windows path's backslashes separate its components, so the two reads are `cat.skill.md` and
    // `cat.skill_router.md` (both were `cat.c-users-someone-.agents`, the path's first 24 characters, and gave none).
    const std::string dir = R"(C:\\Users\\someone\\.agents\\skills\\apply-grant)";
    const std::string log = kAsk + bash_run("1", "u1", "cat " + dir + "\\\\SKILL.md", "ok", false) +
                            bash_run("2", "r1", "cat " + dir + "\\\\SKILL_ROUTER.md", "Exit code 1\\nNo such file", true);
    const std::string got = claude_log_claims(log);
    EXPECT_NE(got.find("action.command_exit: cat.skill_router.md.exit_code = 1\n"), std::string::npos) << got;
}

TEST(UnnamedExit, NamesCutAtTheKeyLengthGiveNoExitCode) {
    // Both keyed `cat.a-very-long-report-name-`: the names part past the key's 24 characters.
    const std::string log = kAsk + bash_run("1", "u1", "cat out/a-very-long-report-name-for-monday.txt", "ok", false) +
                            bash_run("2", "r1", "cat out/a-very-long-report-name-for-tuesday.txt", "Exit code 1\\nNo such file", true);
    const std::string got = claude_log_claims(log);
    // Only action.command_exit's code is withdrawn; claude_log_claims runs every rule, and the off rule tool.exit_code
    // (`bash.exit.code`, a key naming no command) still says the second call failed.
    EXPECT_EQ(got.find("action.command_exit:"), std::string::npos) << got;
}

TEST(UnnamedExit, ARerunOfOneCommandKeepsItsExitCode) {
    const std::string log = kAsk + bash_run("1", "u1", R"(python -c \"import a; print(1)\")", "Exit code 1\\nTraceback", true) +
                            bash_run("2", "r1", R"(python -c \"import a; print(1)\")", "Exit code 1\\nTraceback", true);
    const std::string got = claude_log_claims(log);
    EXPECT_NE(got.find("action.command_exit: python.a.exit_code = 1\n"), std::string::npos) << "[" << got << "]";
}

}  // namespace
}  // namespace bm
