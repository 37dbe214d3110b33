// Session 22 (f22struct) structural rules: a read the log holds no result for, `ls DIR` that listed nothing, `git
// status --short` lines, a git log after an echo banner, a sandbox runner's failure, a script cell is no command.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "conversation_log.h"

namespace bm {
namespace {

using extracttest::Log;
using V = std::vector<std::string>;

TEST(StructuralRecallRules, AReadTheLogHoldsNoResultForIsStated) {
    const Claim* c = Log().as(SessionFormat::kClaudeCode).in("/w").call_only("Read", R"({"file_path":"/w/src/fall.cpp"})")
                         .first("action.file_read_started");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->key, "file.src/fall.cpp.read");
    EXPECT_EQ(c->value, "read");
    // Answered, it is action.file_read's; a directory gives none.
    EXPECT_TRUE(Log().in("/w").call("Read", R"({"file_path":"/w/src/fall.cpp"})", "1\tint main()").claims("action.file_read_started").empty());
    EXPECT_TRUE(Log().in("/w").call_only("Read", R"({"file_path":"/w/src"})").claims("action.file_read_started").empty());
}

TEST(StructuralRecallRules, AnEmptyWorkingDirectoryFilledLaterWasEmptyOnlyBefore) {
    // The working directory is keyed by its absolute path; the file made in it is keyed relative: its call's path
    // argument shows it went there.
    EXPECT_EQ(Log().as(SessionFormat::kClaudeCode).in("/home/u/random")
                  .call("Bash", R"({"command":"ls /home/u/random/"})", "(Bash completed with no output)")
                  .call("Write", R"({"file_path":"/home/u/random/index.html","content":"x"})", "File created successfully at: /home/u/random/index.html")
                  .claims("action.ls_empty"),
              V{"dir./home/u/random.contents.earlier = empty (before /home/u/random/index.html was added)"});
    // A file made elsewhere leaves it empty.
    EXPECT_EQ(Log().as(SessionFormat::kClaudeCode).in("/home/u/random")
                  .call("Bash", R"({"command":"ls /home/u/random/"})", "(Bash completed with no output)")
                  .call("Write", R"({"file_path":"/home/u/other/index.html","content":"x"})", "File created successfully at: /home/u/other/index.html")
                  .claims("action.ls_empty"),
              V{"dir./home/u/random.contents = empty"});
    // Errors thrown away where no error flag tells a missing directory apart: none.
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat).call("exec", R"({"command":"ls data 2>/dev/null"})", "")
                    .claims("action.ls_empty").empty());
}

TEST(StructuralRecallRules, GitStatusShortLinesBeforeABanner) {
    const auto log = Log().as(SessionFormat::kClaudeCode).in("/w").call(
        "Bash", R"({"command":"git -C /w status --short && echo \"---\" && git -C /w log --oneline -5"})",
        " M DECISIONS.md\n?? docs/adr/0021.md\nA  new.md\nMM both.md\n---\n88bf269 docs(status): add queue\n");
    EXPECT_EQ(log.claims("action.git_status_file"),
              (V{"file.decisions.md.git_status = modified", "file.docs/adr/0021.md.git_status = untracked",
                 "file.new.md.git_status = staged", "file.both.md.git_status = staged, then modified"}));
    EXPECT_EQ(log.claims("action.git_head_chain"), V{"repo.w.git.head = 88bf269 docs(status): add queue"});
    // Without the banner's line the status's output has no end; a line that is no porcelain line gives none.
    EXPECT_TRUE(Log().call("Bash", R"({"command":"git status --short && echo \"---\" && git log --oneline -5"})",
                           " M a.md\n88bf269 docs\n").claims("action.git_status_file").empty());
    EXPECT_TRUE(Log().call("Bash", R"({"command":"git status --short"})", " M a.md\nwarning: LF will be replaced\n")
                    .claims("action.git_status_file").empty());
}

TEST(StructuralRecallRules, ASandboxRunnerFailureAndAScriptCell) {
    EXPECT_EQ(Log().as(SessionFormat::kCodex)
                  .call("exec_command", R"({"cmd":"ls -la"})",
                        "Chunk ID: 1\nWall time: 0.0000 seconds\nProcess exited with code 1\nOriginal token count: 16\nOutput:\n"
                        "bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted\n")
                  .claims("action.sandbox_error"),
              V{"sandbox.error = bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted"});
    // A script cell the reader could not rewrite as one command names no command.
    EXPECT_TRUE(Log().as(SessionFormat::kCodex)
                    .call_only("exec", "const r = await tools.exec_command({\n  cmd: \"make build\"\n});\ntext(r.output);\n")
                    .claims("action.command_started").empty());
}

TEST(StructuralRecallRules, AGlobThatFoundOneFileSaysWhereItIs) {
    // Keyed relative to the working directory when the session has one.
    EXPECT_EQ(Log().as(SessionFormat::kClaudeCode).in("/w")
                  .call("Glob", R"({"pattern": "**/fields.py"})", "/w/src/marshmallow/fields.py")
                  .claims("action.glob_found"),
              V{"fields.py.location = src/marshmallow/fields.py"});
    // A path that does not end with the name asked for is no answer to it.
    EXPECT_TRUE(Log().call("glob", R"({"pattern": "**/fields.py"})", "No files found").claims("action.glob_found").empty());
}

}  // namespace
}  // namespace bm

namespace bm {
namespace {

// Cursor's TodoWrite updates a list by item id alone ({"merge": true, "todos": [{"id", "status"}]}): the update is the
// item's, keyed by the text an earlier list gave that id (session 34: a Cursor log's todos kept their first status).
TEST(StructuralRecallRules, ATodoUpdateByIdIsTheItemsLatestStatus) {
    const V todos = Log()
                        .call("TodoWrite",
                              R"({"todos":[{"id":"sync-main","content":"Branch from origin/main","status":"in_progress"},)"
                              R"({"id":"tree","content":"Create the parent POM","status":"pending"}],"merge":true})",
                              "ok")
                        .call("TodoWrite", R"({"merge":true,"todos":[{"id":"sync-main","status":"completed"},)"
                                           R"({"id":"unknown","status":"completed"}]})",
                              "ok")
                        .claims("action.todo");
    EXPECT_EQ(todos, (V{"todo.branch-from-origin-main = in_progress", "todo.create-the-parent-pom = pending",
                        "todo.branch-from-origin-main = completed"}));
}

}  // namespace
}  // namespace bm
