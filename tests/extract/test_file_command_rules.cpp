// Rules action.file_command and action.dir_created (core/extract/file_command_rules.cpp): a lone mkdir/mv/rm…
// with the exit code its result states, the directories mkdir made, and none for chains or failures.
#include <gtest/gtest.h>

#include <string>

#include "extract/tool_action_rules.h"
#include "tool_action_fixtures.h"

namespace bm {
namespace {

using extracttest::fact_lines;
using extracttest::FactLine;
using extracttest::facts_of_rule;

std::string facts_of(const char* args, const char* result, bool reliable = false, bool error = false) {
    return fact_lines(facts_of_rule(file_command_facts, {"execute_bash", args, result, error, reliable}),
                      FactLine::kRuleKeyValue);
}

TEST(FileCommand, OpenHandsMkdirGivesCommandExitCodeAndDirectory) {
    EXPECT_EQ(facts_of(R"({"command":"mkdir -p /workspace/todo-app"})", "\n[The command completed with exit code 0.]"),
              "action.file_command mkdir.todo-app.command = mkdir -p /workspace/todo-app\n"
              "action.file_command mkdir.todo-app.exit_code = 0\n"
              "action.dir_created dir./workspace/todo-app = created\n");
}

TEST(FileCommand, ExitZeroOnlyWhereStatedOrTheFormatFlagsEveryFailure) {
    EXPECT_EQ(facts_of(R"({"command":"rm old.txt"})", ""), "action.file_command rm.old.txt.command = rm old.txt\n");
    EXPECT_EQ(facts_of(R"({"command":"rm old.txt"})", "", true),
              "action.file_command rm.old.txt.command = rm old.txt\naction.file_command rm.old.txt.exit_code = 0\n");
}

TEST(FileCommand, BraceGroupsExpandAndCdNamesTheDirectory) {  // session 14
    EXPECT_EQ(facts_of(R"({"command":"mkdir -p openhands-logger/{src,tests,data}"})",
                       "\n[The command completed with exit code 0.]"),
              "action.file_command mkdir.openhands-logger.command = mkdir -p openhands-logger/{src,tests,data}\n"
              "action.file_command mkdir.openhands-logger.exit_code = 0\n"
              "action.dir_created dir.openhands-logger/src = created\n"
              "action.dir_created dir.openhands-logger/tests = created\n"
              "action.dir_created dir.openhands-logger/data = created\n");
    EXPECT_EQ(facts_of(R"({"command":"cd app && mkdir lib"})", "[exit code: 0]"),
              "action.file_command mkdir.lib.command = cd app && mkdir lib\n"
              "action.file_command mkdir.lib.exit_code = 0\n"
              "action.dir_created dir.app/lib = created\n");
    EXPECT_EQ(facts_of(R"({"command":"cd app && touch a.py b.py"})", "[exit code: 0]"),
              "action.file_command touch.a.py.b.py.command = cd app && touch a.py b.py\n"
              "action.file_command touch.a.py.exit_code = 0\n");
    // Nested, several or one-item groups, globs and variables name no directory; cd to a variable is no cd.
    EXPECT_EQ(facts_of(R"({"command":"mkdir -p a/{b,{c,d}} x/{y} $D/{e,f} g/{h,i}/{j,k}"})", "[exit code: 0]"),
              "action.file_command mkdir.a.x.d.command = mkdir -p a/{b,{c,d}} x/{y} $D/{e,f} g/{h,i}/{j,k}\n"
              "action.file_command mkdir.a.exit_code = 0\n");
    EXPECT_EQ(facts_of(R"({"command":"cd $HOME && mkdir lib"})", "[exit code: 0]"), "");
    EXPECT_EQ(facts_of(R"({"command":"cd app && ls && mkdir lib"})", "[exit code: 0]"), "");
}

TEST(FileCommand, NoneForChainsFailuresAndOtherPrograms) {
    EXPECT_EQ(facts_of(R"({"command":"mkdir a && cd a"})", "[exit code: 0]"), "");
    EXPECT_EQ(facts_of(R"({"command":"mv a.txt b.txt"})", "mv: cannot stat 'a.txt': No such file or directory"), "");
    EXPECT_EQ(facts_of(R"({"command":"mv a.txt b.txt"})", "[exit code: 1]"), "");
    EXPECT_EQ(facts_of(R"({"command":"mkdir out"})", "ok", false, true), "");
    EXPECT_EQ(facts_of(R"({"command":"ls -la"})", "[exit code: 0]"), "");
    EXPECT_EQ(facts_of("mkdir out", "done"), "");  // an older SWE-agent action line is its own tool's
}

TEST(FileCommand, MkdirFlagsModesAndGlobsAreNoDirectories) {
    EXPECT_EQ(facts_of(R"({"command":"mkdir -m 755 build src/*"})", "[exit code: 0]"),
              "action.file_command mkdir.build.command = mkdir -m 755 build src/*\n"
              "action.file_command mkdir.build.exit_code = 0\n"
              "action.dir_created dir.build = created\n");
}

}  // namespace
}  // namespace bm
