// Session 13's general extraction rules (verdict_action_rules.cpp, statement_rules.cpp,
// code_tool_rules.cpp) on small conversations: what each claims, and the guards that keep it quiet.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>
#include <utility>

#include "conversation_log.h"
#include "extract/heuristic_extractor.h"

namespace bm {
namespace {

using extracttest::Log;

using V = std::vector<std::string>;

TEST(GeneralRules, FailedCheckChainNamesTheCheckByItsToken) {
    EXPECT_EQ(Log().call("bash", R"J({"command":"test -f out.json && grep -q done out.json && echo VERIFIED"})J",
                         "(no output)\n[exit code: 1]")
                  .claims("action.check_failed"),
              V{"check.verified.exit_code = 1"});
    // An `||` branch, a program that is not a check, a printed token or no stated code: no verdict.
    EXPECT_TRUE(Log().call("bash", R"J({"command":"grep -q x f || echo MISSING"})J", "[exit code: 1]").claims("action.check_failed").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"npm test && echo PASSED"})J", "[exit code: 1]").claims("action.check_failed").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"grep -q x f && echo FOUND"})J", "FOUND\n[exit code: 1]").claims("action.check_failed").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"grep -q x f && echo FOUND"})J", "(no output)").claims("action.check_failed").empty());
}

TEST(GeneralRules, AnHttpClientIsKeyedByItsUrlNotItsOptionValues) {
    // "-u user:password" is an option's value, not what curl fetched (session 21: was `curl.jason.zhao-redacted-basi`).
    EXPECT_EQ(Log().call("Bash", R"J({"command":"curl -s -u 'jo:secret' http://54.214.7.161/"})J", "<html>ok</html>")
                  .claims("action.command_run"),
              V{"curl.54.214.7.161.command = curl -s -u 'jo:secret' http://54.214.7.161/"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"wget -O page.html https://example.com/docs/index.html"})J", "saved")
                  .claims("action.command_run"),
              V{"wget.index.html.command = wget -O page.html https://example.com/docs/index.html"});
    // Review (session 21): a URL without a scheme still names the call; a query, a fragment and a trailing slash
    // are cut; an option's value holding "://" (a proxy) is no URL; curl's -O takes no value.
    auto run_key = [](const char* command) {
        const std::string args = std::string(R"({"command":")") + command + "\"}";
        const auto got = Log().call("Bash", args, "ok").claims("action.command_run");
        return got.empty() ? std::string() : got[0].substr(0, got[0].find(" = "));
    };
    EXPECT_EQ(run_key("curl -s 127.0.0.1:8000/api/users"), "curl.users.command");
    EXPECT_EQ(run_key("curl -s https://example.com/api/users?limit=10"), "curl.users.command");
    EXPECT_EQ(run_key("curl -s https://api.github.com/repos/acme/x/pulls/"), "curl.pulls.command");
    EXPECT_EQ(run_key("curl -x http://proxy.corp:3128/ https://api.example.com/v1/items"), "curl.items.command");
    EXPECT_EQ(run_key("curl -O https://example.com/files/data.csv"), "curl.data.csv.command");
    EXPECT_EQ(run_key("git clone https://github.com/acme/widget"), "git.clone.widget.command");
}

// A package requirement is keyed by its package: `pip install "numpy<2"` is numpy's install, not numpy 2's (session 27:
// was `pip.install.numpy-2`); a word that only looks like one stays as written.
TEST(GeneralRules, APackageRequirementIsKeyedByItsPackage) {
    auto exit_key = [](const char* command) {
        const std::string args = std::string(R"({"command":")") + command + "\"}";
        const auto got = Log().call("Bash", args, "Exit code 1\nerror", true).claims("action.command_exit");
        return got.empty() ? std::string() : got[0].substr(0, got[0].find(" = "));
    };
    EXPECT_EQ(exit_key(R"(pip install \"numpy<2\")"), "pip.install.numpy.exit_code");
    EXPECT_EQ(exit_key(R"(pip install --force-reinstall \"numpy==1.26.4\")"), "pip.install.numpy.exit_code");
    EXPECT_EQ(exit_key(R"(pip install 'django>=4.2')"), "pip.install.django.exit_code");
    EXPECT_EQ(exit_key("npm install lodash@4.17.21"), "npm.install.lodash.exit_code");
    EXPECT_EQ(exit_key("npm install @types/node"), "npm.install.node.exit_code");
    EXPECT_EQ(exit_key("pip install requests"), "pip.install.requests.exit_code");
    // Only a package manager's install is read so (review): a host, a revision or a scaled image keeps its name.
    EXPECT_EQ(exit_key("ssh root@10.0.0.5 uptime"), "ssh.root-10.0.0.5.exit_code");
    EXPECT_EQ(exit_key("git show HEAD~1"), "git.show.head-1.exit_code");
    EXPECT_EQ(exit_key("identify icon@2x.png"), "identify.icon-2x.png.exit_code");
}

// A `python -c` one-liner is keyed by the module it imports first, so two one-liners are two commands (session 27:
// both were `python.output`); one that imports nothing, and a script's own `-c` option, stay as they were.
TEST(GeneralRules, AnInlinePythonProgramIsKeyedByItsModule) {
    auto output_key = [](const char* command, const char* result) {
        const std::string args = std::string(R"({"command":")") + command + "\"}";
        const auto got = Log().call("Bash", args, result).claims("action.command_output");
        return got.empty() ? std::string() : got[0];
    };
    EXPECT_EQ(output_key(R"(python -c \"import numpy; print(numpy.__version__)\")", "1.26.4"),
              "python.numpy.output = 1.26.4");
    EXPECT_EQ(output_key(R"(python3 -c \"from piper.voice import PiperVoice; print('ok')\")", "ok"),
              "python3.piper.voice.output = ok");
    EXPECT_EQ(output_key(R"(python -c \"print(2+2)\")", "4"), "python.output = 4");
    // A script's own `-c` option is no inline code: the script names the command.
    EXPECT_EQ(output_key(R"(python train.py -c \"import x\")", "ok"), "python.train.py.output = ok");
}

// A rerun that passes clears the failure count an earlier run of the same tests left (session 27: the slot kept
// `failed = 1` beside the rerun's `passed = 1`); a passing run with no failing one before it claims no `failed`.
TEST(GeneralRules, APassingRerunClearsTheEarlierFailureCount) {
    const auto rerun = Log()
                           .call("Bash", R"({"command":"pytest -q tests/test_a.py"})", "F\n1 failed in 0.1s\nExit code 1", true)
                           .call("Bash", R"({"command":"pytest -q tests/test_a.py"})", ".\n1 passed in 0.1s\nExit code 0")
                           .claims("action.test_counts");
    EXPECT_EQ(rerun, (V{"pytest.test_a.py.failed = 1", "pytest.test_a.py.passed = 1", "pytest.test_a.py.failed = 0"}));
    // A rerun with errors of its own clears nothing (review).
    EXPECT_EQ(Log().call("Bash", R"({"command":"pytest -q tests/test_a.py"})", "1 failed in 0.1s\nExit code 1", true)
                  .call("Bash", R"({"command":"pytest -q tests/test_a.py"})", "2 passed, 1 error in 0.1s\nExit code 1", true)
                  .claims("action.test_counts"),
              (V{"pytest.test_a.py.failed = 1", "pytest.test_a.py.passed = 2", "pytest.test_a.py.errors = 1"}));
    EXPECT_EQ(Log().call("Bash", R"({"command":"pytest -q tests/test_a.py"})", ".\n1 passed in 0.1s\nExit code 0")
                  .claims("action.test_counts"),
              V{"pytest.test_a.py.passed = 1"});
    // A rerun that still fails says its own count; another test file's pass clears nothing.
    EXPECT_EQ(Log().call("Bash", R"({"command":"pytest -q tests/test_a.py"})", "1 failed in 0.1s\nExit code 1", true)
                  .call("Bash", R"({"command":"pytest -q tests/test_a.py"})", "1 failed, 2 passed in 0.1s\nExit code 1", true)
                  .call("Bash", R"({"command":"pytest -q tests/test_b.py"})", "3 passed in 0.1s\nExit code 0")
                  .claims("action.test_counts"),
              (V{"pytest.test_a.py.failed = 1", "pytest.test_a.py.passed = 2", "pytest.test_a.py.failed = 1",
                 "pytest.test_b.py.passed = 3"}));
}

// Replit Agent states a command's code in backticks (session 34).
TEST(GeneralRules, AnExitCodeInBackticksIsRead) {
    EXPECT_EQ(Log().call("bash", R"({"command":"npm test"})", "Command exited with reason: `Exited` and exit code: `1`", true)
                  .claims("action.command_exit"),
              V{"npm.test.exit_code = 1"});
}

// A line that runs the same tests twice (a filtered run, then the whole suite) prints two summaries; the first is not
// the line's, so neither is counted (session 34). One run still is.
TEST(GeneralRules, ALineRunningTestsTwiceCountsNeitherRun) {
    const char* twice = R"({"command":"cargo test -p cell traversal && cargo test -p cell"})";
    const char* out = "test result: ok. 8 passed; 0 failed; 11 filtered out\ntest result: ok. 19 passed; 0 failed\n";
    EXPECT_TRUE(Log().call("Bash", twice, out).claims("action.test_counts").empty());
    // Two packages' runs are two subjects: the line's key is the first's, as for one run.
    EXPECT_EQ(Log().call("Bash", R"({"command":"cargo test -p agent x && cargo test -p server"})", out)
                  .claims("action.test_counts"),
              (V{"cargo.test.agent.passed = 8", "cargo.test.agent.failed = 0"}));
    EXPECT_EQ(Log().call("Bash", R"({"command":"cargo test -p cell"})", "test result: ok. 19 passed; 0 failed\n")
                  .claims("action.test_counts"),
              (V{"cargo.test.cell.passed = 19", "cargo.test.cell.failed = 0"}));
}

// "bash -lc 'npm test'" runs npm's tests, as the argv form ["bash", "-lc", "npm test"] does: its key is npm's, not
// bash's (session 23). A script the shell would expand, or one quoted in parts, stays as written.
TEST(GeneralRules, AShellRunningOneQuotedScriptIsKeyedByTheScript) {
    auto all = [](const std::string& args, const std::string& result, bool error) {
        std::vector<std::string> out;
        for (const char* rule : {"action.command_exit", "action.command_run", "action.chain_exit"})
            for (const std::string& c : Log().call("exec_command", args, result, error).claims(rule)) out.push_back(c);
        std::sort(out.begin(), out.end());
        return out;
    };
    EXPECT_EQ(all(R"J({"cmd":"bash -lc 'npm test'"})J", "Exit code 1\nFAIL src/a.test.js", true),
              all(R"J({"cmd":["bash","-lc","npm test"]})J", "Exit code 1\nFAIL src/a.test.js", true));
    EXPECT_EQ(all(R"J({"command":"bash -lc \"cd app && npm test\""})J", "Exit code 0\nok", false),
              all(R"J({"command":["bash","-lc","cd app && npm test"]})J", "Exit code 0\nok", false));
    EXPECT_EQ(all(R"J({"cmd":"bash -lc 'npm test'"})J", "Exit code 1\nFAIL src/a.test.js", true),
              (std::vector<std::string>{"npm.test.exit_code = 1"}));
    EXPECT_EQ(all(R"J({"command":"sh -c \"cd app && npm test\""})J", "Exit code 0\nok", false),
              (std::vector<std::string>{"npm.test.command = cd app && npm test", "npm.test.exit_code = 0"}));
    // The argv form too reads the script only after a shell and its -c: the arguments after the script are its $0,
    // $1, … (session 23: ["sh", "-c", "npm test", "_", "extra"] was keyed `extra`).
    EXPECT_EQ(all(R"J({"cmd":["sh","-c","npm test","_","extra"]})J", "Exit code 1\nFAIL", true),
              (std::vector<std::string>{"npm.test.exit_code = 1"}));
    const std::vector<std::string> python = all(R"J({"cmd":["python3","-c","print(1)"]})J", "Exit code 0\n1", false);
    ASSERT_FALSE(python.empty());
    for (const std::string& c : python) EXPECT_EQ(c.rfind("python3.", 0), 0u) << c;
    // A shell is named by its file name wherever it lives (Codex's argv from a Homebrew login shell).
    EXPECT_EQ(all(R"J({"cmd":["/opt/homebrew/bin/bash","-lc","npm test"]})J", "Exit code 1\nFAIL", true),
              (std::vector<std::string>{"npm.test.exit_code = 1"}));
    EXPECT_EQ(all(R"J({"cmd":"/usr/bin/sh -c 'npm test'"})J", "Exit code 1\nFAIL", true),
              (std::vector<std::string>{"npm.test.exit_code = 1"}));
    EXPECT_EQ(all(R"J({"cmd":["/usr/bin/env","bash","-lc","npm test"]})J", "Exit code 1\nFAIL", true),
              (std::vector<std::string>{"npm.test.exit_code = 1"}));
    // A double-quoted script is read as the shell reads its escapes, `$` left as written; quoted
    // parts joined into one word are one script (session 31: Codex's `/bin/zsh -lc "…'"'!x'"'…"`
    // was keyed `zsh`).
    EXPECT_EQ(all(R"J({"cmd":"bash -lc \"echo $HOME\""})J", "Exit code 0\n/root", false),
              (std::vector<std::string>{"echo.home.command = echo $HOME"}));
    EXPECT_EQ(all(R"J({"cmd":"/bin/zsh -lc \"npm \"'test'"})J", "Exit code 1\nFAIL", true),
              (std::vector<std::string>{"npm.test.exit_code = 1"}));
    EXPECT_EQ(all(R"J({"cmd":"bash -lc \"cd app && npm run \\\"build\\\"\""})J", "Exit code 0\nok",
                  false),
              (std::vector<std::string>{"npm.run.build.command = cd app && npm run \"build\"",
                                        "npm.run.build.exit_code = 0"}));
    // A quote left open, or an operator after the quote (the outer shell's redirection), or two
    // words: as written.
    for (const char* line :
         {R"J({"cmd":"bash -lc \"npm test"})J", R"J({"cmd":"bash -lc 'npm test'>log.txt"})J"}) {
        const std::vector<std::string> kept = all(line, "Exit code 0\nok", false);
        ASSERT_FALSE(kept.empty()) << line;
        EXPECT_EQ(kept.front().rfind("bash.", 0), 0u) << kept.front();
    }
    const std::vector<std::string> split = all(R"J({"cmd":"bash -lc 'npm' 'test'"})J", "Exit code 0\nok", false);
    ASSERT_FALSE(split.empty());
    EXPECT_EQ(split.front().rfind("bash.", 0), 0u) << split.front();
}

// timeout's options come before its duration: "timeout -s KILL 60 npm test" runs npm's tests (session 23: was keyed
// `kill.60`).
TEST(GeneralRules, TimeoutsOptionsAreNoProgram) {
    EXPECT_EQ(Log().call("Bash", R"J({"command":"timeout -s KILL 60 npm test"})J", "Exit code 1\nFAIL", true)
                  .claims("action.command_exit"),
              V{"npm.test.exit_code = 1"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"timeout --preserve-status 5m make check"})J", "Exit code 2\nerror", true)
                  .claims("action.command_exit"),
              V{"make.check.exit_code = 2"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"timeout 60 npm test"})J", "Exit code 1\nFAIL", true)
                  .claims("action.command_exit"),
              V{"npm.test.exit_code = 1"});
}

TEST(GeneralRules, ARedirectionIsNoSubcommand) {
    // "pnpm --version 2>&1" is pnpm's run, not a subcommand "2>&1" (session 20: was `pnpm.2-1.exit_code`).
    EXPECT_EQ(Log().call("Bash", R"J({"command":"pnpm --version 2>&1"})J", "Exit code 1\nuse yarn", true)
                  .claims("action.command_exit"),
              V{"pnpm.exit_code = 1"});
    // In a failed chain the part that failed is not said: none (session 21, action.chain_exit narrowed).
    EXPECT_TRUE(Log().call("Bash", R"J({"command":"pnpm --version 2>&1 && cat package.json"})J", "Exit code 1\nuse yarn", true)
                    .claims("action.chain_exit").empty());
    EXPECT_EQ(Log().call("Bash", R"J({"command":"pnpm --version 2>&1 && make"})J", "Exit code 0\n10.0.0", false)
                  .claims("action.chain_exit"),
              V{"pnpm.and.make.exit_code = 0"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"npm > out.txt run build"})J", "Exit code 2", true).claims("action.command_exit"),
              V{"npm.run.build.exit_code = 2"});
    // A word that only contains '>' elsewhere is still an argument: "git commit -m 'a->b'".
    EXPECT_EQ(Log().call("Bash", R"J({"command":"git commit -m a->b"})J", "Exit code 1", true).claims("action.command_exit"),
              V{"git.commit.exit_code = 1"});
}

TEST(GeneralRules, AnEchoBetweenCommandsIsABannerNotTheCommand) {
    // "ls && echo '---' && head f" only looks around: the banner names no command run (session 20).
    EXPECT_TRUE(Log().call("Bash", R"J({"command":"ls docs 2>&1 && echo \"---DEMO---\" && head -30 app/page.tsx"})J", "adr\n---DEMO---\nx")
                    .claims("action.command_run").empty());
    // A closing echo is a sentinel or a fallback (session 34): it names neither the line nor its output; the part that
    // does something names the run, and a line that only looks around names none.
    // Each answered by the one line its echo printed (what a one-line output rule would read).
    for (const auto& [line, printed] :
         std::vector<std::pair<const char*, const char*>>{
             {R"J({"command":"cat f 2>/dev/null && echo FOUND || echo NOT_FOUND"})J", "NOT_FOUND"},
             {R"J({"command":"cat MEMORY.md 2>/dev/null; echo \"---EOF---\""})J", "---EOF---"},
             {R"J({"command":"ls memory/ 2>/dev/null || echo \"no memory dir\""})J", "no memory dir"}}) {
        const Log sentinel = Log().call("Bash", line, printed);
        EXPECT_TRUE(sentinel.claims("action.command_output").empty()) << line;
        EXPECT_TRUE(sentinel.claims("action.command_run").empty()) << line;
    }
    // The same echo alone is its own command, with its output.
    EXPECT_EQ(Log().call("Bash", R"J({"command":"echo NOT_FOUND"})J", "NOT_FOUND").claims("action.command_output"),
              V{"echo.not_found.output = NOT_FOUND"});
    const Log built = Log().call("Bash", R"J({"command":"npm run build && echo DONE"})J", "DONE");
    EXPECT_EQ(built.claims("action.command_run"), V{"npm.run.build.command = npm run build && echo DONE"});
    EXPECT_TRUE(built.claims("action.command_output").empty());
    EXPECT_EQ(Log().call("Bash", R"J({"command":"echo hello"})J", "hello").claims("action.command_run"), V{"echo.hello.command = echo hello"});
}

TEST(GeneralRules, AnEchoThatDidNotPrintNamesNeitherTheChainNorItsOutput) {
    // "pgrep x || echo killed" printing pgrep's match: the echo's branch was not taken (session 20).
    const Log killed = Log().call("Bash", R"J({"command":"kill 6 2>/dev/null; sleep 1; pgrep -fa 'fetch.py' || echo \"killed\""})J",
                                  "66215");
    EXPECT_EQ(killed.claims("action.command_output"), V{"pgrep.fetch.py.output = 66215"});
    // kill's and pgrep's runs in one line: a chain credited to one part gives no `.command` (session 23).
    EXPECT_TRUE(killed.claims("action.command_run").empty());
    // A status word that starts with dashes is no echo option: "---not running---" was not printed either.
    const Log running = Log().call("Bash", R"J({"command":"pgrep -fa 'fetch.py' && echo \"---running---\" || echo \"---not running---\""})J",
                                   "66012\n---running---");
    EXPECT_TRUE(running.claims("action.command_run").size() == 1 &&
                running.claims("action.command_run")[0].rfind("pgrep.fetch.py.command = ", 0) == 0);
    // "ls d || echo 'not found'" listing the folder only looked around: nothing to name.
    EXPECT_TRUE(Log().call("Bash", R"J({"command":"ls -la d 2>/dev/null || echo \"empty or not found\""})J", "total 0\na.txt")
                    .claims("action.command_run").empty());
    // A lone echo is not checked; one printing a variable after another command is a sentinel too (session 34).
    EXPECT_EQ(Log().call("Bash", R"J({"command":"echo hello"})J", "bye").claims("action.command_run"),
              V{"echo.hello.command = echo hello"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"echo $STATUS"})J", "ok").claims("action.command_output"),
              V{"echo.status.output = ok"});
    EXPECT_TRUE(
        Log().call("Bash", R"J({"command":"make build && echo $STATUS"})J", "ok").claims("action.command_output").empty());
}

TEST(GeneralRules, CodeOrAFormatStringIsNoCommandsSubject) {
    // `python -c "<code>"` and `curl -w "<format>" URL`: the code and the format name nothing (session 20); the module
    // the code imports does, past the standard library's everyday ones (session 27).
    EXPECT_EQ(Log().call("Bash", R"J({"command":"python -c \"import sys; import analyze; print('ok')\""})J", "ok\nExit code 1")
                  .claims("action.command_exit"),
              V{"python.analyze.exit_code = 1"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"python -c \"import sys; print(sys.version)\""})J", "3.12\nExit code 1")
                  .claims("action.command_exit"),
              V{"python.sys.exit_code = 1"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"curl -s -w \"\\nHTTP_STATUS:%{http_code}\\n\" http://localhost:8080/health"})J",
                         "{}\nHTTP_STATUS:500\nExit code 22")
                  .claims("action.command_exit"),
              V{"curl.health.exit_code = 22"});
    // A name is still one, a Windows path's backslashes included: its last component names it (session 25).
    EXPECT_EQ(Log().call("Bash", R"J({"command":"deploy c:\\work\\site"})J", "boom\nExit code 1").claims("action.command_exit"),
              V{"deploy.site.exit_code = 1"});
    EXPECT_EQ(Log().call("Bash", R"J({"command":"cargo test parser"})J", "test result: FAILED\nExit code 101").claims("action.command_exit"),
              V{"cargo.test.parser.exit_code = 101"});
}

TEST(GeneralRules, AShellParseErrorIsNoPartsOutputRunOrExit) {
    // Session 25: the shell refused the whole line, so nothing on it ran (it was `curl.output = zsh:15: unmatched '`).
    // An echo whose quote the shell never closed: without the guard it has a run, an output and an exit code.
    const char* unclosed = R"J({"command":"echo 'done"})J";
    for (const char* result : {"Exit code 1\nzsh:1: unmatched '",
                               "Exit code 2\nbash: -c: line 1: unexpected EOF while looking for matching `''\n"
                               "bash: -c: line 2: syntax error: unexpected end of file"})
        for (const char* rule : {"action.command_output", "action.command_run", "action.command_exit"})
            EXPECT_TRUE(Log().call("Bash", unclosed, result).claims(rule).empty()) << rule << " of " << result;
    // The same command answered by its own output keeps them.
    EXPECT_EQ(Log().call("Bash", R"J({"command":"echo done"})J", "done").claims("action.command_run"),
              V{"echo.done.command = echo done"});
    // A program's own message that merely names a shell is still its output.
    EXPECT_EQ(Log().call("Bash", R"J({"command":"echo bash: ready"})J", "bash: ready").claims("action.command_output"),
              V{"echo.bash.output = bash: ready"});
}

TEST(GeneralRules, PlanVerdictIsTheUsersAnswerToAPlanModeExit) {
    EXPECT_EQ(Log().call("ExitPlanMode", R"J({"plan":"- a"})J", "User has approved your plan. You can now start coding.")
                  .claims("action.plan_verdict"),
              V{"plan = approved"});
    EXPECT_EQ(Log().call("exit_plan_mode", R"J({"plan":"- a"})J", "The tool use was rejected.", true).claims("action.plan_verdict"),
              V{"plan = rejected"});
    // Another tool saying "plan approved" is no plan-mode verdict.
    EXPECT_TRUE(Log().call("bash", R"J({"command":"cat notes"})J", "Plan approved").claims("action.plan_verdict").empty());
}

TEST(GeneralRules, BackgroundDelegationsKeepTheirOwnIds) {
    const V got = Log()
                      .call("subagent", R"J({"description":"Lint the code","prompt":"x","run_in_background":true})J",
                            "started subagent 1111-aa")
                      .call("subagent", R"J({"description":"Run the tests","prompt":"y","run_in_background":true})J",
                            "started background subagent job job-2")
                      .claims("action.delegation_started");
    EXPECT_EQ(got, (V{"subagent.lint-the-code.started = 1111-aa", "subagent.run-the-tests.started = job-2"}));
    // An id needs a digit; an error is no start.
    EXPECT_TRUE(Log().call("subagent", R"J({"prompt":"x"})J", "started subagent helper").claims("action.delegation_started").empty());
    EXPECT_TRUE(Log().call("subagent", R"J({"prompt":"x"})J", "started subagent 1111-aa", true).claims("action.delegation_started").empty());
}

TEST(GeneralRules, CannotBecauseIsKeyedByTheCommandJustRunWithinTheTurn) {
    EXPECT_EQ(Log()
                  .user("Deploy it.")
                  .call("bash", R"J({"command":"./deploy.sh prod"})J", "Error: permission denied", true)
                  .says("I cannot run the command because the deploy key is missing.")
                  .claims("model.cannot_because"),
              V{"deploy.sh.prod.outcome = not run: the deploy key is missing"});
    // A new user turn ends the command's scope: "the command" then names nothing.
    EXPECT_TRUE(Log()
                    .call("bash", R"J({"command":"./deploy.sh prod"})J", "ok")
                    .user("Try again.")
                    .says("I cannot run the command because the deploy key is missing.")
                    .claims("model.cannot_because")
                    .empty());
    // A named object keys itself; a guess or a condition gives none.
    EXPECT_EQ(Log().says("I couldn't install numpy because there is no network.").claims("model.cannot_because"),
              V{"install.numpy.outcome = not install: there is no network"});
    EXPECT_TRUE(Log().says("I might not be able to push because the remote may reject it.").claims("model.cannot_because").empty());
    EXPECT_TRUE(Log().says("If the key is missing, I cannot deploy because of it.").claims("model.cannot_because").empty());
}

TEST(GeneralRules, ExitCodeStatedByTheAgentNeedsACommandAndNoNegation) {
    EXPECT_EQ(Log().call("bash", R"J({"command":"make build"})J", "done").says("It exited with code 2.").claims("model.exit_stated"),
              V{"make.build.exit_code = 2"});
    EXPECT_TRUE(Log().says("It completed successfully with exit code 0.").claims("model.exit_stated").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"make"})J", "").says("It did not finish with exit code 0.").claims("model.exit_stated").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"make"})J", "").says("It should finish with exit code 0.").claims("model.exit_stated").empty());
}

TEST(GeneralRules, RememberedFactsKeepTheUsersOwnWords) {
    EXPECT_EQ(Log().user("Please remember the following: the deploy handshake is BLUE-7.").claims("user.remember"),
              V{"deploy.handshake = blue-7"});
    EXPECT_TRUE(Log().user("Remember that it is late.").claims("user.remember").empty());
    EXPECT_TRUE(Log().says("Remember this: the codeword is X.").claims("user.remember").empty());
}

// "report how many were implemented": a question inside the sentence states nothing; the same copula without the
// question word does.
TEST(GeneralRules, AQuestionWordBeforeTheSubjectIsNoStatement) {
    EXPECT_TRUE(Log().user("Report the total and how many were implemented.").claims("user.statement").empty());
    EXPECT_TRUE(Log().user("Tell me what the cache backend is.").claims("user.statement").empty());
    EXPECT_EQ(Log().user("The cache backend is Redis.").claims("user.statement"), V{"cache = redis"});
    EXPECT_EQ(Log().user("I restarted it twice. That is why the cache backend is Redis now.").claims("user.statement"),
              V{"cache = redis"});
}

// A user's "X is Y" in a turn of conversation is their fact; the same sentence inside a prompt the size of a
// document (a task template) describes the task's world and gives nothing.
TEST(GeneralRules, AUserStatementIsReadInAConversationalTurnOnly) {
    const std::string sentence = "The cache backend is Redis.";
    EXPECT_EQ(Log().user(sentence).claims("user.statement"), V{"cache = redis"});
    std::string prompt = "You are working on a task in this repository and must follow the requirements below.\n\n";
    while (prompt.size() < 700) prompt += "- Keep each change small and check it with the focused tests first.\n";
    EXPECT_TRUE(Log().user(prompt + sentence).claims("user.statement").empty());
    // Pasted code or a log is no prose: a short message with a long traceback is still a turn of conversation.
    std::string traceback = "Traceback (most recent call last):\n";
    while (traceback.size() < 800) traceback += "  File \"/srv/app/db.py\", line 42, in connect\n";
    EXPECT_EQ(Log().user(sentence + " Here is the error:\n```\n" + traceback + "```").claims("user.statement"),
              V{"cache = redis"});
}

// The statement shapes kept on for MergeBench (user.statement, user.should_be, user.use_for) read a chat line only: a
// turn of at most three sentences and 280 bytes of prose (session 23). A brief's fourth sentence, or a long second
// one, makes the turn a brief whose "X is Y" describes the task.
TEST(GeneralRules, MergeBenchStatementShapesReadAChatLineOnly) {
    EXPECT_EQ(Log().user("Thanks. The cache backend is Redis.").claims("user.statement"), V{"cache = redis"});
    EXPECT_EQ(Log().user("Good. The service port should be 9090.").claims("user.should_be"), V{"service.port = 9090"});
    EXPECT_EQ(Log().user("Right. We use Kafka for the message queue.").claims("user.use_for"), V{"message.queue = kafka"});
    const std::string brief = "Build the billing page. Keep the old layout. Add a total row. ";
    EXPECT_TRUE(Log().user(brief + "The cache backend is Redis.").claims("user.statement").empty());
    EXPECT_TRUE(Log().user(brief + "The service port should be 9090.").claims("user.should_be").empty());
    EXPECT_TRUE(Log().user(brief + "We use Kafka for the message queue.").claims("user.use_for").empty());
    std::string long_line = "The cache backend is Redis. It was chosen";
    while (long_line.size() < 300) long_line += " after a long review of every option";
    EXPECT_TRUE(Log().user(long_line + ".").claims("user.statement").empty());
    // Boundaries: three sentences are a chat line, a fourth is not; 280 bytes of prose are, 281 are not. A list's "1."
    // and a lone "Thanks." are no sentences.
    EXPECT_EQ(Log().user("Build it. Keep it. The cache backend is Redis.").claims("user.statement"), V{"cache = redis"});
    EXPECT_TRUE(Log().user("Build it. Keep it. Test it. The cache backend is Redis.").claims("user.statement").empty());
    EXPECT_EQ(Log().user("Thanks. Ok. Sure. The cache backend is Redis.").claims("user.statement"), V{"cache = redis"});
    EXPECT_EQ(Log().user("1. The cache backend is Redis.\n2. The region is west.").claims("user.statement"),
              (V{"cache = redis", "region = west"}));
    std::string at_limit = "The cache backend is Redis. Notes:";
    at_limit += std::string(280 - at_limit.size() - 1, 'x') + ".";
    ASSERT_EQ(at_limit.size(), 280u);
    EXPECT_EQ(Log().user(at_limit).claims("user.statement"), V{"cache = redis"});
    EXPECT_TRUE(Log().user(at_limit.substr(0, 279) + "xx.").claims("user.statement").empty());
    // A turn given in several text blocks is measured whole, without the blocks the harness adds.
    const std::string reminder = "<system-reminder>\nThe user has changed the todo list. 1. Migrate the session store. "
                                 "2. Update the docs. Make sure that you keep using the todo list as you work.\n"
                                 "</system-reminder>";
    EXPECT_EQ(Log().user_blocks({"We use Kafka for the message queue.", reminder}).claims("user.use_for"),
              V{"message.queue = kafka"});
    // The reminder's own items are the harness's, not the user's goals.
    const Log reminded = Log().user_blocks({"Please tidy the session code.", reminder});
    EXPECT_TRUE(reminded.claims("user.request").empty());
    EXPECT_TRUE(reminded.claims("user.request_list").empty());
    EXPECT_TRUE(Log().user_blocks({brief, "The cache backend is Redis."}).claims("user.statement").empty());
    EXPECT_EQ(Log().user_blocks({"Thanks.", "The cache backend is Redis."}).claims("user.statement"), V{"cache = redis"});
    // Pasted code is no prose: a chat line with a config block beside it is still read.
    EXPECT_EQ(Log().user("The cache backend is Redis.\n```\n" + std::string(400, 'x') + "\n```").claims("user.statement"),
              V{"cache = redis"});
}

TEST(GeneralRules, ReturnValuesComeFromObjectsTheProgramBuilt) {
    EXPECT_EQ(Log().call("run_code", R"J({"description":"Check both","code":"const a = await tools.bash({command: 'echo OK'}); return { bash: a, n: 3 }"})J",
                         "{\n  \"bash\": \"OK\",\n  \"n\": 3,\n  \"nested\": {\"x\": 1}\n}")
                  .claims("action.return_value"),
              (V{"run_code.check-both.bash = ok", "run_code.check-both.n = 3"}));
    // A tool's raw answer handed back is not the program's result.
    EXPECT_TRUE(Log().call("run_code", R"J({"code":"return await tools.read({ file_path: 'a.txt' })"})J", "{\"path\": \"a.txt\"}")
                    .claims("action.return_value")
                    .empty());
    // A program calling two tools does not say whose scalar it returned.
    EXPECT_TRUE(Log().call("run_code", R"J({"code":"await tools.a(); return await tools.b()"})J", "7").claims("action.return_value").empty());
}

TEST(GeneralRules, CodeModeReadsAFileOnlyWhenItsOneCallSucceeded) {
    EXPECT_EQ(Log().call("run_code", R"J({"code":"return await tools.read({ file_path: \"src/app.ts\" })"})J", "{\"lines\": []}")
                  .claims("action.code_file_read"),
              V{"file.src/app.ts.read = read"});
    EXPECT_TRUE(Log().call("run_code", R"J({"code":"await tools.read({ file_path: 'a.txt' }); return await tools.bash({command: 'ls'})"})J", "x")
                    .claims("action.code_file_read")
                    .empty());
    EXPECT_TRUE(Log().call("run_code", R"J({"code":"return await tools.read({ file_path: 'a.txt' })"})J", "cannot read: not found")
                    .claims("action.code_file_read")
                    .empty());
}

TEST(GeneralRules, LspLocationIsKeyedByTheAskedPosition) {
    EXPECT_EQ(Log().call("lsp", R"J({"operation":"findReferences","file_path":"a.ts","line":2,"character":4})J", "b.ts:9:1\nc.ts:3:3")
                  .claims("action.lsp_location"),
              V{"lsp.findreferences.a.ts-2-4 = b.ts:9:1"});
    EXPECT_TRUE(Log().call("lsp", R"J({"operation":"hover","file_path":"a.ts","line":2})J", "type: string").claims("action.lsp_location").empty());
    // Members of another type name nothing; they used to abort the whole extraction (a typed json::value(), session 27).
    EXPECT_EQ(Log().call("lsp", R"J({"operation":5,"file_path":["a.ts"],"line":2})J", "b.ts:9:1").claims("action.lsp_location"),
              V{"lsp.location = b.ts:9:1"});
}

TEST(GeneralRules, AQuestionAfterAColonIsTheUsersQuestion) {
    EXPECT_EQ(Log().user("Read the notes, then answer this: Which port does the API use?").claims("user.open_question"),
              V{"question.port = which port does the api use?"});
    EXPECT_TRUE(Log().user("Read the notes: the API uses a port?").claims("user.open_question").empty());
}

}  // namespace
}  // namespace bm
