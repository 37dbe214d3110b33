// Session 16's SWE-agent run rules: a command's unmarked error lines and no-output notice (command_result_rules.cpp),
// the run's exit status and submitted files, and a command's facts from before an edit (run_outcome_rules.cpp); session
// 18: a refused edit's error as written, and the files a `git commit` reports adding (command_action_rules.cpp).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "extract/heuristic_extractor.h"
#include "extract/tool_action_rules.h"
#include "ingest/ingest.h"
#include "tool_action_fixtures.h"

namespace bm {
namespace {

using extracttest::command_arguments;
using extracttest::fact_lines;
using extracttest::facts_of_rule;

std::string result_facts(const char* command, const char* result, bool reliable = false, bool error = false) {
    return fact_lines(facts_of_rule(command_result_facts, {"bash", command_arguments(command), result, error, reliable}));
}

TEST(CommandErrors, TheTracebacksExceptionLine) {
    EXPECT_EQ(result_facts("python reproduce.py",
                           "Dask eye:\nTraceback (most recent call last):\n  File \"reproduce.py\", line 8, in <module>\n"
                           "    print(da.eye(2))\nTypeError: dtype must be known for auto-chunking\n"),
              "python.reproduce.py.error.typeerror-dtype-must = TypeError: dtype must be known for auto-chunking\n");
    // A chained traceback: the last one's exception is what ended the run; a dotted name is one too.
    EXPECT_EQ(result_facts("python run.py",
                           "Traceback (most recent call last):\n  x\nKeyError: 'a'\n\nDuring handling of the above exception, "
                           "another exception occurred:\n\nTraceback (most recent call last):\n  y\npkg.errors.ConfigError: bad key\n"),
              "python.run.py.error.configerror-bad-key = ConfigError: bad key\n");  // from the class on (session 19)
    // The line after the frames is not an exception: nothing is guessed.
    EXPECT_EQ(result_facts("python run.py", "Traceback (most recent call last):\n  File \"run.py\"\nsee the log\n"), "");
}

TEST(CommandErrors, UpToThreeErrorLinesOfARunNotOfAFileShown) {
    EXPECT_EQ(result_facts("cd /testbed && python reproduce.py",
                           "Response: {'Arn': 'x'}\nError: CreationDate is missing from response\n"
                           "Error: LastModificationDate is missing from response\n"),
              "python.reproduce.py.error.error-creationdate-is = Error: CreationDate is missing from response; "
              "Error: LastModificationDate is missing from response\n");
    EXPECT_EQ(result_facts("cat build.log", "Error: disk full\n"), "");         // a file's content
    EXPECT_EQ(result_facts("grep -r Error: src", "Error: x\n"), "");            // a search's hits
    EXPECT_EQ(result_facts("python a.py", "Error: 1\nError: 2\nError: 3\nError: 4\n"), "");  // a dump
    EXPECT_EQ(result_facts("python a.py", "no Error: here\n"), "");             // only a line that opens with it
    // A format that marks failed commands reads them as action.tool_error; a marked error is tool_error's too.
    EXPECT_EQ(result_facts("python a.py", "Error: boom\n", true), "");
    EXPECT_EQ(result_facts("python a.py", "Error: boom\n", false, true), "");
}

TEST(NoOutputNotice, SweAgentsNoticeIsRanWithoutOutput) {
    EXPECT_EQ(result_facts("python main.py",
                           "Your command ran successfully and did not produce any output.\n(Open file: /r/main.py)\n"
                           "(Current directory: /r)\nbash-$"),
              "python.main.py.output = ran without output\n");
    EXPECT_EQ(result_facts("pytest tests/test_a.py", "Your last command ran successfully and did not produce any output."),
              "pytest.test_a.py.output = ran without output\n");
    EXPECT_EQ(result_facts("rm /testbed/reproduce.py", "Your last command ran successfully and did not produce any output."), "");
    EXPECT_EQ(result_facts("python gen.py > out.txt", "Your command ran successfully and did not produce any output."), "");
    EXPECT_EQ(result_facts("python main.py", "Your command ran successfully and did not produce any output.\nDone"), "");
    EXPECT_EQ(result_facts("python main.py", ""), "");
}

// An edit SWE-agent's editor refused: Refuted on the file, the linter's error as it was written (its case kept).
TEST(RefusedEdit, TheEditorsErrorAsWrittenOnTheFile) {
    const std::string result =
        "Your proposed edit has introduced new syntax error(s). Please read this error message carefully.\n"
        "ERRORS:\n- E999 SyntaxError: unmatched ')'\n\nThis is how your edit would have looked if applied\n"
        "[File: /repo/src/app.py (40 lines total)]\n";
    const std::vector<ActionFact> facts = facts_of_rule(file_action_facts, {"edit", "12:14\nx = f(1))", result});
    EXPECT_EQ(fact_lines(facts, extracttest::FactLine::kRuleKeyValue),
              "action.edit_refused file./repo/src/app.py.edit = not applied: SyntaxError: unmatched ')'\n");
    ASSERT_EQ(facts.size(), 1u);
    EXPECT_EQ(facts[0].type, SlotType::kRefuted);
}

// `git commit`'s "create mode" lines: each file the commit added is its own `file.<path>.commit`; a commit of more
// than 30 files (a first import) gives none of them, only the commit itself.
TEST(CommitFiles, EachAddedFileUnderItsOwnKeyAndNoneForABulkImport) {
    const std::string report = "[main 1a2b3c4] Add config\n 2 files changed, 40 insertions(+)\n";
    const std::string two = report + " create mode 100644 go.mod\n create mode 100755 scripts/run.sh\n";
    EXPECT_EQ(fact_lines(facts_of_rule(command_action_facts, {"Bash", command_arguments("cd /w/shop && git commit -m x"), two}),
                         extracttest::FactLine::kRuleKeyValue),
              "action.command_run git.commit.x.command = cd /w/shop && git commit -m x\n"
              "action.git_commit git.commit.1a2b3c4 = Add config\n"
              "action.commit_file file.go.mod.commit = added in commit 1a2b3c4\n"
              "action.commit_file file.scripts/run.sh.commit = added in commit 1a2b3c4\n"
              "action.git_branch repo.shop.git.branch = main\n");
    std::string bulk = report;
    for (int i = 0; i < 31; ++i) bulk += " create mode 100644 vendor/f" + std::to_string(i) + ".go\n";
    const std::string got = fact_lines(facts_of_rule(command_action_facts, {"Bash", command_arguments("git commit -m x"), bulk}));
    EXPECT_EQ(got.find(".commit ="), std::string::npos) << got;
    EXPECT_NE(got.find("git.commit.1a2b3c4 = Add config"), std::string::npos) << got;
    // Only the commit's own summary block: a second commit's files or a later `git log --summary` are not its.
    const std::string two_commits = "[main 1a1a1a1] Add a\n 1 file changed\n create mode 100644 a.txt\n"
                                    "[main 2b2b2b2] Add b\n 1 file changed\n create mode 100644 b.txt\n";
    const std::string first = fact_lines(facts_of_rule(command_action_facts, {"Bash", command_arguments("git commit -m a"), two_commits}));
    EXPECT_NE(first.find("file.a.txt.commit = added in commit 1a1a1a1"), std::string::npos) << first;
    EXPECT_EQ(first.find("b.txt"), std::string::npos) << first;
    const std::string logged = "[main 2b2b2b2] Add b\n 1 file changed\n create mode 100644 b.txt\ncommit 1a1a1a1\n"
                               "Author: x\n\n    Add a\n\n create mode 100644 a.txt\n";
    const std::string later = fact_lines(facts_of_rule(command_action_facts, {"Bash", command_arguments("git commit -m b"), logged}));
    EXPECT_NE(later.find("file.b.txt.commit = added in commit 2b2b2b2"), std::string::npos) << later;
    EXPECT_EQ(later.find("a.txt"), std::string::npos) << later;
}

// A SWE-agent 1.x run: reproduce (error), edit, rerun (clean), submit the patch; `info` as given.
std::map<std::string, std::string> run_slots(const std::string& rerun, const std::string& info, bool edit = true) {
    auto call = [](const char* id, const char* name, const char* args) {
        return std::string(R"({"role":"assistant","content":"Next.","tool_calls":[{"id":")") + id +
               R"(","type":"function","function":{"name":")" + name + R"(","arguments":")" + args + R"("}}]},)";
    };
    auto answer = [](const char* id, const std::string& text) {
        return R"({"role":"tool","content":[{"type":"text","text":")" + text + R"("}],"tool_call_ids":[")" + id + R"("]},)";
    };
    std::string h = R"({"history":[{"role":"system","content":"You are a helpful assistant."},)"
                    R"({"role":"user","content":"<uploaded_files>\n/testbed\n</uploaded_files>\n<pr_description>\nx is wrong\n</pr_description>"},)";
    h += call("c1", "bash", R"({\"command\": \"python reproduce.py\"})");
    h += answer("c1", R"(OBSERVATION:\nTraceback (most recent call last):\n  File \"reproduce.py\", line 1\nValueError: x is wrong\n)");
    if (edit) {
        h += call("c2", "str_replace_editor", R"({\"command\": \"str_replace\", \"path\": \"/testbed/x.py\", \"old_str\": \"a\", \"new_str\": \"b\"})");
        h += answer("c2", "OBSERVATION:\\nThe file /testbed/x.py has been edited. Here's the result of running `cat -n` on a snippet");
    }
    h += call("c3", "bash", R"({\"command\": \"python reproduce.py\"})");
    h += answer("c3", rerun);
    h += call("c4", "submit", "{}");
    h += answer("c4", R"(OBSERVATION:\ndiff --git a/x.py b/x.py\nindex 1..2 100644\n--- a/x.py\n+++ b/x.py\ndiff --git a/pkg/Y.py b/pkg/Y.py\nnew file mode 100644\n)");
    h.pop_back();
    h += R"(],"info":)" + info + "}";
    ReadResult r = read_bytes(h, "run.traj");
    EXPECT_TRUE(r.errors.empty() && r.sessions.size() == 1) << h;
    std::map<std::string, std::string> slots;
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims) {
            std::string key = c.key;
            if (key.rfind("run.", 0) == 0) key = "run.<run>" + key.substr(key.find('.', 4));  // the run's tag
            slots[key] = c.value;
        }
    return slots;
}

TEST(RunOutcome, ExitStatusAndTheLastPatchsFiles) {
    auto slots = run_slots("OBSERVATION:\\nok", R"j({"exit_status":"submitted (exit_cost)","submission":""})j");
    EXPECT_EQ(slots["run.<run>.exit_status"], "submitted (exit_cost)");
    EXPECT_EQ(slots["run.<run>.submission.files"], "x.py, pkg/Y.py");  // as the patch writes them, case kept
    slots = run_slots("OBSERVATION:\\nok", R"({"submission":""})");
    EXPECT_EQ(slots.count("run.<run>.exit_status"), 0u);  // no status recorded: none
}

TEST(RunOutcome, AFactFromBeforeAnEditThatARerunFollowsIsKeptApart) {
    auto slots = run_slots("OBSERVATION:\\n42", R"({"exit_status":"submitted"})");
    EXPECT_EQ(slots["python.reproduce.py.error.valueerror-x-is.before_edit"], "ValueError: x is wrong");
    EXPECT_EQ(slots["python.reproduce.py.exit_code.before_edit"], "1");
    EXPECT_EQ(slots.count("python.reproduce.py.exit_code"), 0u);
    EXPECT_EQ(slots["python.reproduce.py.output"], "42");  // the rerun's own output is the current one
    // No edit between the two runs: nothing is "before the edit".
    slots = run_slots("OBSERVATION:\\n42", R"({"exit_status":"submitted"})", false);
    EXPECT_EQ(slots.count("python.reproduce.py.error.valueerror-x-is.before_edit"), 0u);
    EXPECT_EQ(slots["python.reproduce.py.error.valueerror-x-is"], "ValueError: x is wrong");
}

}  // namespace
}  // namespace bm

namespace bm {
namespace {

// A command's key names each operand once: `go build -o app ./cmd/app` is `go.build.app`, not `go.build.app.app`.
TEST(CommandKey, AnOperandAlreadyInTheKeyIsNotNamedTwice) {
    const std::string got = fact_lines(facts_of_rule(
        command_action_facts, {"Bash", command_arguments("go build -o ghissues ./cmd/ghissues"), ""}));
    EXPECT_NE(got.find("go.build.ghissues.command = go build -o ghissues ./cmd/ghissues"), std::string::npos) << got;
    EXPECT_EQ(got.find("ghissues.ghissues"), std::string::npos) << got;
    // Two operands that differ are both named.
    const std::string two = fact_lines(facts_of_rule(
        command_action_facts, {"Bash", command_arguments("go build -o app ./cmd/server"), ""}));
    EXPECT_NE(two.find("go.build.app.server.command"), std::string::npos) << two;
}

// The branch git shows, read only from the git command that shows it and only at a line's start.
TEST(GitBranch, TheBranchStatusLogAndBranchShow) {
    auto branch = [](const char* command, const char* result, bool error = false) {
        const std::string got = fact_lines(
            facts_of_rule(command_action_facts, {"Bash", command_arguments("cd /w/shop && " + std::string(command)), result, error}));
        const std::string key = "repo.shop.git.branch = ";
        const size_t p = got.find(key);
        return p == std::string::npos ? std::string() : got.substr(p + key.size(), got.find('\n', p) - p - key.size());
    };
    EXPECT_EQ(branch("git status", "On branch feature/x\nnothing to commit, working tree clean\n"), "feature/x");
    EXPECT_EQ(branch("git log --oneline -2", "5b618ba (HEAD -> master, origin/master) round 0\n1a2b3c4 init\n"), "master");
    EXPECT_EQ(branch("git log -1", "commit 5b618ba0c1d2e3f4 (HEAD -> main)\nAuthor: a\n"), "main");
    EXPECT_EQ(branch("git branch", "  dev\n* main\n"), "main");
    EXPECT_EQ(branch("git status", "HEAD detached at 5b618ba\n"), "");                  // detached: no branch
    EXPECT_EQ(branch("git log --oneline", "5b618ba (HEAD, origin/main) x\n"), "");      // detached
    EXPECT_EQ(branch("git branch", "* (HEAD detached at 5b618ba)\n  main\n"), "");
    EXPECT_EQ(branch("cat notes.txt", "On branch main\n"), "");                         // not git's output
    EXPECT_EQ(branch("git status", "On branch main\n", true), "");                       // an error result
    EXPECT_EQ(branch("git status", "Your branch. On branch main\n"), "");                // not at the line's start
}

// Shell grammar is not a program: a script's closing `fi` keys nothing, `if`'s condition runs, and a branch or a loop
// body may not have run at all, so it names no command.
TEST(CommandKey, ShellKeywordsAreNotPrograms) {
    const std::string script = fact_lines(facts_of_rule(
        command_action_facts, {"Bash", command_arguments("X=1\nif [ -f a ]; then\n  echo yes\nfi"), "yes\n"}));
    EXPECT_EQ(script.find("fi."), std::string::npos) << script;
    EXPECT_EQ(script.find("if."), std::string::npos) << script;
    const std::string maybe = fact_lines(facts_of_rule(
        command_action_facts, {"Bash", command_arguments("if [ -f Makefile ]; then make build; fi"), ""}));
    EXPECT_EQ(maybe.find("make.build"), std::string::npos) << maybe;
    EXPECT_EQ(maybe.find("then"), std::string::npos) << maybe;
    const std::string loop = fact_lines(facts_of_rule(
        command_action_facts, {"Bash", command_arguments("for f in a b; do python $f.py; done"), ""}));
    EXPECT_EQ(loop, "") << loop;
    const std::string condition = fact_lines(facts_of_rule(
        command_action_facts, {"Bash", command_arguments("if make build; then echo ok; fi"), "ok\n"}));
    EXPECT_NE(condition.find("make.build.command"), std::string::npos) << condition;
    // A shell variable never names a command's operand.
    const std::string var = fact_lines(facts_of_rule(
        command_action_facts, {"Bash", command_arguments("python $SCRIPT run.py"), ""}));
    EXPECT_EQ(var, "python.run.py.command = python $SCRIPT run.py\n");
    EXPECT_EQ(fact_lines(facts_of_rule(command_action_facts, {"Bash", command_arguments("python $f.py"), ""})),
              "python.command = python $f.py\n");
}

}  // namespace
}  // namespace bm
