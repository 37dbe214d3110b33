// Codex rollouts across versions: a real 0.60 rollout's head (shell_command text outputs, ghost_snapshot),
// the 2025 bare era (no envelope, JSON outputs with metadata.exit_code), code-mode cells (0.14x), and malformed lines.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/test_support.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "extract/heuristic_extractor.h"
#include "ingest/codex_code_mode.h"
#include "ingest/codex_output.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

namespace fs = std::filesystem;
using testing::describe;
using testing::expect_counts;
using testing::first_block;

// The call block with id `call_id`, or the result block answering it.
const ContentBlock& block_of(const Session& s, const std::string& call_id, BlockKind kind) {
    for (const auto& m : s.messages)
        for (const auto& b : m.blocks)
            if (b.kind == kind && b.tool_id == call_id) return b;
    ADD_FAILURE() << "no block for " << call_id;
    static const ContentBlock none;
    return none;
}

const ContentBlock& result_of(const Session& s, const std::string& call_id) {
    return block_of(s, call_id, BlockKind::kToolResult);
}

const ContentBlock& call_of(const Session& s, const std::string& call_id) {
    return block_of(s, call_id, BlockKind::kToolCall);
}

TEST(CodexVersions, RealRollout060ReadsShellCommandExitCodesAndSkipsGhostSnapshots) {
    Session s = expect_counts("codex/rollout-2025-11-22T21-45-35-019aad50-a7e6-7422-b7a8-0b384290624f.jsonl",
                              {.format = "codex",
                               .id = "019aad50-a7e6-7422-b7a8-0b384290624f",
                               .messages = 6,
                               .by_role = {{"user", 2}, {"assistant", 2}, {"tool", 2}},
                               .tool_calls = 2,
                               .tool_calls_paired = 2,
                               .warnings = 0});  // ghost_snapshot is known: no "unknown record type" warning
    EXPECT_EQ(s.cwd, "/Users/pinouchon/code/rtchess");
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);
    const ContentBlock& git = result_of(s, "call_6pFR1HMjfbxIdPT6OD9bwlEY");
    EXPECT_FALSE(git.is_error);
    EXPECT_EQ(git.text.rfind("Exit code: 0\n", 0), 0u) << git.text;  // kept as the log has it
    const ContentBlock& plan = result_of(s, "call_PH2RlZJJiz3FOH4fZx85Yx3e");
    EXPECT_EQ(plan.text, "Plan updated");
    EXPECT_FALSE(plan.is_error);
}

// A real 0.144 code-mode head: an `exec` cell runs one exec_command, answers "Script running with cell ID 1", and
// a `wait` on cell 1 returns the finished cell. Read as the command's call and its result; the wait is gone.
TEST(CodexVersions, CodeModeCellReadsAsTheCommandItRan) {
    Session s = expect_counts("codex/code-mode-cells.jsonl", {.format = "codex",
                                                              .id = "019f4ce9-5831-7e71-ab0a-24a9d7358aab",
                                                              .messages = 3,
                                                              .by_role = {{"user", 1}, {"assistant", 1}, {"tool", 1}},
                                                              .tool_calls = 1,
                                                              .tool_calls_paired = 1,
                                                              .warnings = 0});
    const ContentBlock& call = call_of(s, "call_UZKUyTF5KFRtKCgmWb5QumB9");
    EXPECT_EQ(call.tool_name, "exec_command");
    EXPECT_EQ(call.tool_id, "call_UZKUyTF5KFRtKCgmWb5QumB9");
    EXPECT_EQ(call.arguments.rfind("{\"cmd\":\"pwd && printf", 0), 0u) << call.arguments;
    const ContentBlock& r = result_of(s, "call_UZKUyTF5KFRtKCgmWb5QumB9");
    EXPECT_FALSE(r.is_error);
    EXPECT_EQ(r.text.find("Script completed"), std::string::npos) << r.text;  // the cell's header is cut
    EXPECT_NE(r.text.find("/Users/akash/Desktop/new"), std::string::npos) << r.text;
}

// Session 28 (a fresh dev log): a cell that only applies a patch was read as the shell command `const patch = …`.
TEST(CodexVersions, ACodeModePatchCellIsAnApplyPatchCall) {
    std::string patch;
    const std::string add = "*** Begin Patch\n*** Add File: /w/.gitignore\n+.venv*/\n*** End Patch";
    EXPECT_TRUE(code_mode_patch_call("const patch = \"*** Begin Patch\\n*** Add File: /w/.gitignore\\n+.venv*/\\n*** End Patch\";\n"
                                     "text(await tools.apply_patch(patch));\n", patch));
    EXPECT_EQ(patch, add);
    EXPECT_TRUE(code_mode_patch_call("await tools.apply_patch(\"*** Begin Patch\\n*** End Patch\")", patch));
    EXPECT_EQ(patch, "*** Begin Patch\n*** End Patch");
    EXPECT_FALSE(code_mode_patch_call("const p = \"x\";\ntext(await tools.apply_patch(q));", patch));  // another variable
    EXPECT_FALSE(code_mode_patch_call("const p = make();\nawait tools.apply_patch(p);", patch));      // a computed patch
    EXPECT_FALSE(code_mode_patch_call("await tools.apply_patch(p); text(1);", patch));                // more after it
    // In a session: the cell is an apply_patch call whose file the extractor names; the header is cut from its result.
    const std::string head = R"({"timestamp":"2026-09-13T02:12:58Z","type":"response_item","payload":)";
    const std::string log =
        R"({"timestamp":"2026-09-13T02:12:00Z","type":"session_meta","payload":{"id":"0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b","cwd":"/w","cli_version":"0.154.0"}})" "\n" +
        head + R"({"type":"custom_tool_call","status":"completed","call_id":"c1","name":"exec","input":"const patch = \"*** Begin Patch\\n*** Add File: /w/.gitignore\\n+.venv*/\\n*** End Patch\";\ntext(await tools.apply_patch(patch));\n"}})" "\n" +
        head + R"({"type":"custom_tool_call_output","call_id":"c1","output":[{"type":"input_text","text":"Script completed\nWall time 0.3 seconds\nOutput:\n"},{"type":"input_text","text":"{}"}]}})" "\n";
    ReadResult r = read_bytes(log, "rollout.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const ContentBlock& call = call_of(r.sessions[0], "c1");
    EXPECT_EQ(call.tool_name, "apply_patch");
    EXPECT_EQ(call.arguments, add);
    EXPECT_EQ(result_of(r.sessions[0], "c1").text.find("Script completed"), std::string::npos);
    bool created = false;
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) {
            EXPECT_EQ(c.key.find("const"), std::string::npos) << c.key;
            created = created || (c.key == "file..gitignore" && c.value == "created");  // relative to the cwd
        }
    EXPECT_TRUE(created);
}

TEST(CodexVersions, CodeModeScriptsAndResults) {
    std::string name, args;
    EXPECT_TRUE(code_mode_shell_call("const r = await tools.exec_command({\"cmd\":\"ls }\"});\ntext(r.output);", name, args));
    EXPECT_EQ(name, "exec_command");
    EXPECT_EQ(args, "{\"cmd\":\"ls }\"}");  // a brace inside a string does not close the object
    EXPECT_FALSE(code_mode_shell_call("await tools.web__run({\"open\":[]});", name, args));  // not a shell tool
    EXPECT_FALSE(code_mode_shell_call("await tools.exec_command({cmd: 'ls'});", name, args));  // JavaScript, not JSON
    // Bare keys are quoted (Codex 0.14x writes `{cmd:"…"}`); a shorthand property or a computed value stays JavaScript.
    EXPECT_TRUE(code_mode_shell_call("text(await tools.exec_command({cmd:\"make check\",\"yield_time_ms\":1000}));\n",
                                     name, args));
    EXPECT_EQ(args, "{\"cmd\":\"make check\",\"yield_time_ms\":1000}");
    EXPECT_TRUE(code_mode_shell_call("const r = await tools.exec_command({ cmd : \"a, b: c\" });", name, args));
    EXPECT_EQ(args, "{ \"cmd\" : \"a, b: c\" }");  // a colon or comma inside a string is no key
    // A comma in an array is followed by a value: `true` there is no key (review).
    EXPECT_TRUE(code_mode_shell_call("await tools.exec_command({cmd:\"ls\",prefix_rule:[\"ls\",true,null],o:{k:1}})", name, args));
    EXPECT_EQ(args, "{\"cmd\":\"ls\",\"prefix_rule\":[\"ls\",true,null],\"o\":{\"k\":1}}");
    EXPECT_TRUE(code_mode_shell_call(
        "const r = await tools.exec_command({\"cmd\":\"ls\"});\ntext(JSON.stringify( r ));\n", name,
        args));
    EXPECT_FALSE(code_mode_shell_call(
        "const r = await tools.exec_command({\"cmd\":\"ls\"});\ntext(JSON.stringify(r.output));",
        name, args));
    EXPECT_FALSE(code_mode_shell_call(
        "const r = await tools.exec_command({\"cmd\":\"ls\"});\ntext(JSON.stringify(r);", name,
        args));
    EXPECT_FALSE(code_mode_shell_call("await tools.exec_command({cmd});", name, args));
    EXPECT_FALSE(code_mode_shell_call("await tools.exec_command({cmd: dir + \"/x\"});", name, args));
    EXPECT_FALSE(code_mode_shell_call("text(await tools.exec_command({cmd:\"a\"}));\ntext(await tools.exec_command({cmd:\"b\"}));",
                                      name, args));  // two calls: code_mode_shell_calls reads them
    std::vector<CodeModeCall> calls;
    EXPECT_TRUE(code_mode_shell_calls("text(await tools.exec_command({cmd:\"a\"}));\n"
                                      "console.log(await tools.write_stdin({session_id:7,chars:\"\"}))\n", calls));
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0].name, "exec_command");
    EXPECT_EQ(calls[0].arguments, "{\"cmd\":\"a\"}");
    EXPECT_EQ(calls[1].name, "write_stdin");
    EXPECT_FALSE(code_mode_shell_calls("text(await tools.exec_command({cmd:\"a\"}));", calls));  // one call
    EXPECT_FALSE(code_mode_shell_calls("text(await tools.exec_command({cmd:\"a\"}));\nawait tools.exec_command({cmd:\"b\"});",
                                       calls));  // the second prints nothing: no item to give it
    EXPECT_FALSE(code_mode_shell_calls("text(await tools.exec_command({cmd:\"a\"}));\ntext(await tools.web__run({q:\"b\"}));",
                                       calls));  // not a shell tool
    EXPECT_FALSE(code_mode_shell_call("await tools.exec_command({\"cmd\":\"a\"}); await tools.exec_command({\"cmd\":\"b\"});",
                                      name, args));  // two commands: no one result to give either
    EXPECT_TRUE(code_mode_shell_call("await tools.exec_command({\"cmd\":\"ls\"})", name, args));
    EXPECT_TRUE(code_mode_shell_call("const out = await tools.shell_command({\"command\":\"ls\"});\nconsole.log(out);", name, args));
    EXPECT_EQ(name, "shell_command");
    // A script that prints something else than the result (review): a filtered or reversed output, a test, a loop.
    EXPECT_FALSE(code_mode_shell_call("const r = await tools.exec_command({\"cmd\":\"git log --oneline -5\"});\n"
                                      "text(r.output.split(\"\\n\").reverse().join(\"\\n\"));", name, args));
    EXPECT_FALSE(code_mode_shell_call("const r = await tools.exec_command({\"cmd\":\"ls\"}); text(r.output.includes(\"x\") ? \"yes\" : \"no\");",
                                      name, args));
    EXPECT_FALSE(code_mode_shell_call("for (const f of files) { await tools.exec_command({\"cmd\":\"ls\"}); }", name, args));
    EXPECT_FALSE(code_mode_shell_call("const r = await tools.exec_command({\"cmd\":\"ls\"}); text(rx);", name, args));
    std::string printed;
    bool failed = true;
    EXPECT_TRUE(code_mode_finished("Script completed\nWall time 0.5 seconds\nOutput:\nok\n", printed, failed));
    EXPECT_EQ(printed, "ok\n");
    EXPECT_FALSE(failed);
    EXPECT_TRUE(code_mode_finished("Script failed\nWall time 0.25 seconds\nOutput:\nboom", printed, failed));
    EXPECT_TRUE(failed);
    EXPECT_FALSE(code_mode_finished("Script running with cell ID 4\nWall time 1.0 seconds\nOutput:\n", printed, failed));
    EXPECT_FALSE(code_mode_finished("Exit code: 0\nOutput:\nok", printed, failed));
}

// A cell that finishes at once prints the command's result object: its output and exit code are the call's.
TEST(CodexVersions, CodeModeCellPrintingTheResultObjectGivesTheExitCode) {
    const std::string rollout =
        R"({"type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000001","cwd":"/w"}})" "\n"
        R"({"type":"response_item","payload":{"type":"custom_tool_call","call_id":"c1","name":"exec","input":"const r = await tools.exec_command({\"cmd\":\"pytest -q\"}); text(r);"}})" "\n"
        R"({"type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c1","output":"Script completed\nWall time 1.0 seconds\nOutput:\n{\"exit_code\":2,\"output\":\"1 failed\"}"}})" "\n";
    ReadResult result = read_bytes(rollout, "rollout-code-mode.jsonl");
    ASSERT_EQ(result.sessions.size(), 1u) << describe(result);
    const ContentBlock& r = result_of(result.sessions[0], "c1");
    EXPECT_TRUE(r.is_error);
    EXPECT_EQ(r.text, "1 failed\n[exit code: 2]");
    EXPECT_EQ(call_of(result.sessions[0], "c1").tool_name, "exec_command");
}

// Codex 0.153+ (session 32, a real rollout of gkeyllorg/postgkyl): `world_state` and
// `token_usage_record` lines hold no conversation and are not warned of; a cell printing
// `text(JSON.stringify(r))` gives its exit code as `text(r)` does; a cell printing only
// `text(r.output)` takes its exit code from the `item_completed` CommandExecution event.
TEST(CodexVersions, NewerRolloutLinesAndTheExitCodeOfACommandExecutionEvent) {
    Session s = expect_counts("codex/code-mode-item-completed-postgkyl.jsonl",
                              {.format = "codex",
                               .id = "codex-code-mode-item-completed-postgkyl",
                               .messages = 4,
                               .by_role = {{"assistant", 2}, {"tool", 2}},
                               .tool_calls = 2,
                               .tool_calls_paired = 2,
                               .warnings = 1});  // no session_meta in the window
    const ContentBlock& missing = result_of(s, "call_3flCx03kIIvhiuEbi2g3uK41");
    EXPECT_EQ(call_of(s, "call_3flCx03kIIvhiuEbi2g3uK41").tool_name, "exec_command");
    EXPECT_TRUE(missing.is_error);
    EXPECT_EQ(missing.text, "zsh:1: command not found: pre-commit\n[exit code: 127]");
    const ContentBlock& probe = result_of(s, "call_L7K7LJIUJMNbTgPjGALY44fR");
    EXPECT_TRUE(probe.is_error);
    EXPECT_NE(probe.text.find("{'repos': ["), std::string::npos) << probe.text;
    EXPECT_EQ(probe.text.substr(probe.text.size() - 15), "\n[exit code: 2]") << probe.text;
}

// Unified exec's own failure is an error: the approval policy refusing to start the process (session 40, dev catan:
// an `rm -rf` of three folders "rejected: blocked by policy" was read as three files deleted) never ran, so it
// deletes nothing and has no exit status; a sandbox denial ran and failed.
TEST(CodexVersions, ExecCommandRefusedByPolicyDeletedNothing) {
    const std::string head = R"({"timestamp":"2026-03-14T01:48:10Z","type":"response_item","payload":)";
    auto call = [&](const std::string& id, const std::string& cmd, const std::string& output) {
        return head + R"({"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\")" + cmd +
               R"(\"}","call_id":")" + id + R"("}})" "\n" + head +
               R"({"type":"function_call_output","call_id":")" + id + R"(","output":)" + output + "}}\n";
    };
    const std::string log =
        R"({"timestamp":"2026-03-14T01:48:00Z","type":"session_meta","payload":{"id":"019ce9a0-0000-7000-8000-000000000001","cwd":"/w","cli_version":"0.114.0"}})" "\n" +
        call("c1", "rm -rf /w/skill/scripts /w/skill/assets",
             R"("exec_command failed: CreateProcess { message: \"Rejected(\\\"`/bin/zsh -lc 'rm -rf /w/skill/scripts /w/skill/assets'` rejected: blocked by policy\\\")\" }")") +
        call("c2", "rm /w/skill/old.md",
             R"("exec_command failed for `/bin/zsh -lc 'rm /w/skill/old.md'`: CreateProcess { message: \"Codex(Sandbox(Denied { output: ExecToolCallOutput { exit_code: 1 } }))\" }")") +
        call("c3", "rm /w/skill/notes.md", R"("Process exited with code 0\nOutput:\n")");
    ReadResult r = read_bytes(log, "rollout.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(result_of(r.sessions[0], "c1").is_error);
    EXPECT_TRUE(result_of(r.sessions[0], "c2").is_error);
    EXPECT_FALSE(result_of(r.sessions[0], "c3").is_error);
    std::string keys;
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) keys += c.key + " = " + c.value + "\n";
    EXPECT_EQ(keys.find("file.skill/scripts"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("file.skill/assets"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("file.skill/old.md"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("rm.skill"), std::string::npos) << keys;  // the refused call has no exit status
    EXPECT_NE(keys.find("file.skill/notes.md = deleted"), std::string::npos) << keys;
}

// An outcome is added only to the call that ran its very command, and never over an exit code the
// result states.
TEST(CodexVersions, ACommandExecutionEventAnswersOnlyItsOwnCommand) {
    auto rollout = [](const std::string& script, const std::string& printed,
                      const std::string& event_command) {
        return std::string(
                   R"({"type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000002","cwd":"/w"}})") +
               "\n" +
               R"({"type":"response_item","payload":{"type":"custom_tool_call","call_id":"c1","name":"exec","input":)" +
               nlohmann::json(script).dump() + "}}\n" +
               R"({"type":"event_msg","payload":{"type":"item_completed","item":{"type":"CommandExecution","command":["/bin/zsh","-lc",)" +
               nlohmann::json(event_command).dump() + R"(],"status":"failed","exit_code":3}}})" +
               "\n" +
               R"({"type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c1","output":)" +
               nlohmann::json("Script completed\nWall time 0.1 seconds\nOutput:\n" + printed)
                   .dump() +
               "}}\n";
    };
    const std::string cell =
        "const r = await tools.exec_command({\"cmd\":\"make check\"});\ntext(r.output);";
    ReadResult own = read_bytes(rollout(cell, "2 errors", "make check"), "rollout-a.jsonl");
    ASSERT_EQ(own.sessions.size(), 1u) << describe(own);
    EXPECT_EQ(result_of(own.sessions[0], "c1").text, "2 errors\n[exit code: 3]");
    EXPECT_TRUE(result_of(own.sessions[0], "c1").is_error);
    ReadResult other = read_bytes(rollout(cell, "2 errors", "make lint"), "rollout-b.jsonl");
    ASSERT_EQ(other.sessions.size(), 1u) << describe(other);
    EXPECT_EQ(result_of(other.sessions[0], "c1").text, "2 errors");
    EXPECT_FALSE(result_of(other.sessions[0], "c1").is_error);
    // Review: an event after the cell's output (a window cut before the cell's own event) reaches no finished cell.
    const std::string late =
        std::string(R"({"type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000003","cwd":"/w"}})") + "\n" +
        R"({"type":"response_item","payload":{"type":"custom_tool_call","call_id":"c1","name":"exec","input":)" +
        nlohmann::json(cell).dump() + "}}\n" +
        R"({"type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c1","output":"Script completed\nWall time 0.1 seconds\nOutput:\n2 errors"}})" +
        "\n" +
        R"({"type":"event_msg","payload":{"type":"item_completed","item":{"type":"CommandExecution","command":["/bin/zsh","-lc","make check"],"exit_code":3}}})" +
        "\n";
    ReadResult after = read_bytes(late, "rollout-d.jsonl");
    ASSERT_EQ(after.sessions.size(), 1u) << describe(after);
    EXPECT_EQ(result_of(after.sessions[0], "c1").text, "2 errors");
    const std::string whole =
        "const r = await tools.exec_command({\"cmd\":\"make check\"});\ntext(JSON.stringify(r));";
    ReadResult stated = read_bytes(
        rollout(whole, "{\"exit_code\":0,\"output\":\"ok\"}", "make check"), "rollout-c.jsonl");
    ASSERT_EQ(stated.sessions.size(), 1u) << describe(stated);
    EXPECT_EQ(result_of(stated.sessions[0], "c1").text, "ok\n[exit code: 0]");
    EXPECT_FALSE(result_of(stated.sessions[0], "c1").is_error);
}

// A cell that prints two commands' results (Codex 0.14x, real shape: a dev log's `text(await tools.exec_command(…))`
// cells): read as two calls, each with its own exit code; a third call still running says so as exec_command's header
// does. A cell whose output holds another number of objects stays the `exec` call it was.
TEST(CodexVersions, CodeModeCellOfSeveralCommandsReadsAsEachCommand) {
    const std::string rollout =
        R"j({"type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000004","cwd":"/w"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call","call_id":"c1","name":"exec","input":"text(await tools.exec_command({cmd:\"pytest -q\",\"max_output_tokens\":3000}));\ntext(await tools.exec_command({cmd:\"git status --short\"}));\ntext(await tools.exec_command({cmd:\"sleep 60\"}));\n"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c1","output":[{"type":"input_text","text":"Script completed\nWall time 0.1 seconds\nOutput:\n"},{"type":"input_text","text":"{\"chunk_id\":\"a1\",\"exit_code\":1,\"output\":\"1 failed\\n\"}"},{"type":"input_text","text":"{\"chunk_id\":\"a2\",\"exit_code\":0,\"output\":\" M a.py\\n\"}"},{"type":"input_text","text":"{\"chunk_id\":\"a3\",\"session_id\":88735,\"output\":\"\"}"}]}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call","call_id":"c2","name":"exec","input":"text(await tools.exec_command({cmd:\"make\"}));\ntext(await tools.exec_command({cmd:\"make test\"}));\n"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c2","output":"Script failed\nWall time 0.1 seconds\nOutput:\n{\"exit_code\":2,\"output\":\"boom\"}"}})j" "\n";
    ReadResult result = read_bytes(rollout, "rollout-code-mode-multi.jsonl");
    ASSERT_EQ(result.sessions.size(), 1u) << describe(result);
    const Session& s = result.sessions[0];
    ASSERT_EQ(s.messages.size(), 8u);  // three calls and their results, the unsplit cell and its result
    EXPECT_EQ(call_of(s, "c1#1").tool_name, "exec_command");
    EXPECT_EQ(call_of(s, "c1#1").arguments, "{\"cmd\":\"pytest -q\",\"max_output_tokens\":3000}");
    EXPECT_EQ(call_of(s, "c1#2").arguments, "{\"cmd\":\"git status --short\"}");
    EXPECT_EQ(result_of(s, "c1#1").text, "1 failed\n[exit code: 1]");
    EXPECT_TRUE(result_of(s, "c1#1").is_error);
    EXPECT_EQ(result_of(s, "c1#2").text, " M a.py\n[exit code: 0]");
    EXPECT_FALSE(result_of(s, "c1#2").is_error);
    EXPECT_EQ(result_of(s, "c1#3").text, "Process running with session ID 88735\nOutput:\n");
    EXPECT_FALSE(result_of(s, "c1#3").is_error);
    EXPECT_EQ(call_of(s, "c2").tool_name, "exec");  // two calls, one printed object: whose is it?
    EXPECT_NE(result_of(s, "c2").text.find("boom"), std::string::npos);
    // Each part is a message of its own (two equal commands of a cell stay two).
    std::set<std::string> ids;
    for (const Message& m : s.messages) EXPECT_TRUE(ids.insert(m.id).second) << m.id;
}

// A multi-call cell that pauses ("Script running with cell ID N") and finishes on a `wait`: split as if it had finished
// at once. One that printed a result before pausing keeps its notice, its wait and its answer as written (review), and
// a later cell reusing an id is what that id names from then on.
TEST(CodexVersions, WaitedMultiCallCellAndAReusedId) {
    const std::string head =
        R"j({"type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000005","cwd":"/w"}})j" "\n";
    const std::string two = R"j(text(await tools.exec_command({cmd:\"make\"}));\ntext(await tools.exec_command({cmd:\"make test\"}));\n)j";
    auto cell = [&](const std::string& id, const std::string& script) {
        return R"j({"type":"response_item","payload":{"type":"custom_tool_call","call_id":")j" + id +
               R"j(","name":"exec","input":")j" + script + "\"}}\n";
    };
    auto output = [](const std::string& id, const std::string& type, const std::string& text) {
        return R"j({"type":"response_item","payload":{"type":")j" + type + R"j(","call_id":")j" + id +
               R"j(","output":")j" + text + "\"}}\n";
    };
    auto wait = [](const std::string& id, const std::string& cell) {
        return R"j({"type":"response_item","payload":{"type":"function_call","call_id":")j" + id +
               R"j(","name":"wait","arguments":"{\"cell_id\":\")j" + cell + R"j(\"}"}})j" "\n";
    };
    const std::string finished = R"j(Script completed\nOutput:\n{\"exit_code\":0,\"output\":\"built\"}\n{\"exit_code\":1,\"output\":\"1 failed\"})j";
    const std::string rollout =
        head + cell("c1", two) + output("c1", "custom_tool_call_output", R"j(Script running with cell ID 1\nOutput:\n)j") +
        wait("w1", "1") + output("w1", "function_call_output", finished) +
        // Printed its first result before pausing: left as written.
        cell("c2", two) +
        output("c2", "custom_tool_call_output", R"j(Script running with cell ID 2\nOutput:\n{\"exit_code\":0,\"output\":\"built\"})j") +
        wait("w2", "2") + output("w2", "function_call_output", R"j(Script completed\nOutput:\n{\"exit_code\":1,\"output\":\"1 failed\"})j") +
        // c1 again, now one command: its result is that command's, not a split's.
        cell("c1", R"j(text(await tools.exec_command({cmd:\"ls\"}));)j") +
        output("c1", "custom_tool_call_output", R"j(Script completed\nOutput:\n{\"exit_code\":0,\"output\":\"a.txt\"})j");
    ReadResult result = read_bytes(rollout, "rollout-code-mode-waited-multi.jsonl");
    ASSERT_EQ(result.sessions.size(), 1u) << describe(result);
    const Session& s = result.sessions[0];
    EXPECT_EQ(call_of(s, "c1#1").arguments, "{\"cmd\":\"make\"}");
    EXPECT_EQ(result_of(s, "c1#1").text, "built\n[exit code: 0]");
    EXPECT_EQ(result_of(s, "c1#2").text, "1 failed\n[exit code: 1]");
    EXPECT_TRUE(result_of(s, "c1#2").is_error);
    EXPECT_EQ(call_of(s, "c2").tool_name, "exec");  // left as written: its notice, its wait and its answer
    EXPECT_EQ(call_of(s, "w2").tool_name, "wait");
    EXPECT_NE(result_of(s, "c2").text.find("built"), std::string::npos);
    size_t ls = 0;
    for (const Message& m : s.messages)
        for (const ContentBlock& b : m.blocks)
            if (b.kind == BlockKind::kToolResult && b.text == "a.txt\n[exit code: 0]") ++ls;
    EXPECT_EQ(ls, 1u);  // the reused id's one command, read as one
}

// The real shape (a dev log's window): a two-statement cell with bare keys, both commands refused by the sandbox, and a
// one-statement cell printing `make check`'s result whole. Each command is its own call with its exit code.
TEST(CodexVersions, RealMultiCallCellReadsAsEachCommand) {
    ReadResult result = read_file(std::string(DATA_DIR) + "/codex/code-mode-multi-call.jsonl");
    ASSERT_EQ(result.sessions.size(), 1u) << describe(result);
    const Session& s = result.sessions[0];
    ASSERT_EQ(s.messages.size(), 7u);  // the request, two calls and their results, one call and its result
    const ContentBlock& first = call_of(s, "call_pUpL0F50VF3OsGDrYZG26Gzm#1");
    EXPECT_EQ(first.tool_name, "exec_command");
    EXPECT_EQ(first.arguments.rfind("{\"cmd\":\"pwd && rg --files", 0), 0u) << first.arguments;
    EXPECT_EQ(call_of(s, "call_pUpL0F50VF3OsGDrYZG26Gzm#2").arguments.rfind("{\"cmd\":\"rg -n -i", 0), 0u);
    for (const char* id : {"call_pUpL0F50VF3OsGDrYZG26Gzm#1", "call_pUpL0F50VF3OsGDrYZG26Gzm#2"}) {
        const ContentBlock& r = result_of(s, id);
        EXPECT_TRUE(r.is_error) << id;
        EXPECT_EQ(r.text, "bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted\n[exit code: 1]") << id;
    }
    EXPECT_EQ(call_of(s, "call_iR8yqa7Eg8I59pmb9RBrEuua").arguments, "{\"cmd\":\"make check\",\"yield_time_ms\":1000,\"max_output_tokens\":3500}");
    EXPECT_TRUE(result_of(s, "call_iR8yqa7Eg8I59pmb9RBrEuua").is_error);
}

// A long-running command (exec_command answers "Process running with session ID N") polled by write_stdin: a poll is
// read as the command it polls, so the exit code and the last output a poll reports are the command's. A poll that
// types input, one of an unknown session and one after the exit was reported are left as they are (session 26).
TEST(CodexVersions, StdinPollsReadAsTheCommandTheyPoll) {
    auto line = [](const std::string& payload) {
        return R"({"type":"response_item","payload":)" + payload + "}\n";
    };
    const std::string rollout =
        R"({"type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000006","cwd":"/w"}})" "\n" +
        line(R"({"type":"function_call","call_id":"c1","name":"exec_command","arguments":"{\"cmd\":\"pytest -q\"}"})") +
        line(R"({"type":"function_call_output","call_id":"c1","output":"Chunk ID: a\nWall time: 10.0 seconds\nProcess running with session ID 7\nOriginal token count: 3\nOutput:\n..."})") +
        line(R"({"type":"function_call","call_id":"p1","name":"write_stdin","arguments":"{\"session_id\":7,\"chars\":\"\"}"})") +
        line(R"({"type":"function_call_output","call_id":"p1","output":"Chunk ID: b\nWall time: 5.0 seconds\nProcess exited with code 1\nOriginal token count: 3\nOutput:\n1 failed, 3 passed in 14.2s\n"})") +
        line(R"({"type":"function_call","call_id":"p2","name":"write_stdin","arguments":"{\"session_id\":7,\"chars\":\"\"}"})") +
        line(R"({"type":"function_call_output","call_id":"p2","output":"write_stdin failed: Unknown process id 7"})") +
        line(R"({"type":"function_call","call_id":"c2","name":"exec_command","arguments":"{\"cmd\":\"python manage.py shell\"}"})") +
        line(R"({"type":"function_call_output","call_id":"c2","output":"Process running with session ID 8\nOutput:\n>>> "})") +
        line(R"({"type":"function_call","call_id":"p3","name":"write_stdin","arguments":"{\"session_id\":8,\"chars\":\"print(1)\\n\"}"})") +
        line(R"({"type":"function_call_output","call_id":"p3","output":"Process running with session ID 8\nOutput:\n1\n"})") +
        line(R"({"type":"function_call","call_id":"p4","name":"write_stdin","arguments":"{\"session_id\":9}"})") +
        line(R"({"type":"function_call_output","call_id":"p4","output":"Process exited with code 0\nOutput:\n"})");
    ReadResult result = read_bytes(rollout, "rollout-stdin-polls.jsonl");
    ASSERT_EQ(result.sessions.size(), 1u) << describe(result);
    const Session& s = result.sessions[0];
    EXPECT_EQ(call_of(s, "p1").tool_name, "exec_command");  // the poll that saw the exit: pytest's
    EXPECT_EQ(call_of(s, "p1").arguments, "{\"cmd\":\"pytest -q\"}");
    EXPECT_TRUE(result_of(s, "p1").is_error);
    EXPECT_EQ(call_of(s, "p2").tool_name, "write_stdin");  // after the exit: session 7 is no more
    EXPECT_EQ(call_of(s, "p3").tool_name, "write_stdin");  // typed input
    EXPECT_EQ(call_of(s, "p4").tool_name, "write_stdin");  // a session no command left running
}

// A cell waited on twice (still running, then failed with a printed result object): one call, one result, no wait
// left; a later cell that reuses the id reaches no old call (review).
TEST(CodexVersions, CodeModeWaitChainAndAReusedCellId) {
    ReadResult result = read_file(std::string(DATA_DIR) + "/codex/code-mode-wait-chain.jsonl");
    ASSERT_EQ(result.sessions.size(), 1u) << describe(result);
    const Session& s = result.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u);  // the request, the command call, its result
    EXPECT_EQ(call_of(s, "c1").tool_name, "exec_command");
    const ContentBlock& r = result_of(s, "c1");
    EXPECT_TRUE(r.is_error);
    EXPECT_EQ(r.text, "2 failing\n[exit code: 1]");
    const std::string reused =
        R"j({"type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000003","cwd":"/w"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call","call_id":"c1","name":"exec","input":"await tools.exec_command({\"cmd\":\"make\"})"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c1","output":"Script running with cell ID 1\nOutput:\n"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"function_call","call_id":"w1","name":"wait","arguments":"{\"cell_id\":\"1\"}"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"function_call_output","call_id":"w1","output":"Script completed\nOutput:\nbuilt"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call","call_id":"c2","name":"exec","input":"await tools.web__run({\"open\":[]})"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c2","output":"Script running with cell ID 1\nOutput:\n"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"function_call","call_id":"w2","name":"wait","arguments":"{\"cell_id\":\"1\"}"}})j" "\n"
        R"j({"type":"response_item","payload":{"type":"function_call_output","call_id":"w2","output":"Script completed\nOutput:\npage text"}})j" "\n";
    ReadResult second = read_bytes(reused, "rollout-reused.jsonl");
    ASSERT_EQ(second.sessions.size(), 1u) << describe(second);
    EXPECT_EQ(result_of(second.sessions[0], "c1").text, "built");
    EXPECT_EQ(result_of(second.sessions[0], "w2").text.rfind("Script completed", 0), 0u);  // the web cell's, as it was
}

TEST(CodexVersions, BareEraRolloutReadsItemsStateMarkersAndMetadataExitCodes) {
    Session s = expect_counts("codex/bare-era-rollout.jsonl",
                              {.format = "codex",
                               .id = "5973b6c0-94b8-487b-a530-2aeb6098ae0e",
                               .messages = 6,
                               .by_role = {{"user", 2}, {"assistant", 3}, {"tool", 1}},
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 1,
                               .warnings = 0});  // {"record_type":"state"} is known
    EXPECT_EQ(s.cwd, "/home/dev/api");  // from the environment context: the bare era's meta has no cwd
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);
    const ContentBlock& r = result_of(s, "call_1");
    EXPECT_TRUE(r.is_error);
    EXPECT_EQ(r.text, "1 failed, 3 passed in 0.20s\n[exit code: 1]");  // the envelope decoded, its code kept
}

TEST(CodexVersions, DecodesEachOutputShape) {
    using nlohmann::json;
    CodexOutput a = decode_codex_output(json(R"({"output":"ok\n","metadata":{"exit_code":0,"duration_seconds":0.1}})"));
    EXPECT_EQ(a.text, "ok\n");
    ASSERT_TRUE(a.exit_code.has_value());
    EXPECT_EQ(*a.exit_code, 0);
    EXPECT_FALSE(a.code_in_text);
    EXPECT_FALSE(a.failed);
    CodexOutput b = decode_codex_output(json("Exit code: 2\nWall time: 0.3 seconds\nOutput:\nno such file\n"));
    ASSERT_TRUE(b.exit_code.has_value());
    EXPECT_EQ(*b.exit_code, 2);
    EXPECT_TRUE(b.code_in_text);
    EXPECT_TRUE(b.failed);
    // unified exec (exec_command): the code is a header line before "Output:"
    CodexOutput c = decode_codex_output(json("Chunk ID: 1a\nWall time: 0.5 seconds\nProcess exited with code 0\nOutput:\n4 passed\n"));
    ASSERT_TRUE(c.exit_code.has_value());
    EXPECT_EQ(*c.exit_code, 0);
    EXPECT_FALSE(c.failed);
    // a code printed by the command itself, below "Output:", is not the harness's
    CodexOutput d = decode_codex_output(json("Wall time: 0.1 seconds\nOutput:\nExit code: 5\n"));
    EXPECT_FALSE(d.exit_code.has_value());
    // not JSON after all, or JSON without the envelope: the string is the text
    CodexOutput e = decode_codex_output(json(R"({"output": "unterminated)"));
    EXPECT_EQ(e.text, R"({"output": "unterminated)");
    EXPECT_FALSE(e.exit_code.has_value());
    CodexOutput f = decode_codex_output(json::parse(R"({"content":"done","success":false})"));
    EXPECT_TRUE(f.failed);
    EXPECT_EQ(decode_codex_output(json()).text, "");
}

// Reads a rollout file `name` holding `text`, written to a fresh temporary folder (removed after); `path` is where.
ReadResult read_rollout(const std::string& name, const std::string& text, std::string& path) {
    fs::path dir = fs::temp_directory_path() / ("bm-codex-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
    path = (dir / name).string();
    std::ofstream(path) << text;
    ReadResult r = read_file(path);
    fs::remove_all(dir);
    return r;
}

TEST(CodexVersions, MalformedLinesNameLineAndField) {
    std::string path;
    ReadResult r = read_rollout("rollout-bad.jsonl",
        R"({"timestamp":"t","type":"session_meta","payload":{"id":"x-1","cwd":"/w"}})" "\n"
        R"({"timestamp":"t","type":"response_item"})" "\n"
        R"({"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c1"}})" "\n"
        R"({"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":"hi"}})" "\n",
        path);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.errors.size(), 2u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 2);
    EXPECT_EQ(r.errors[0].where().field, "payload");
    EXPECT_NE(r.errors[0].message().find("no payload object"), std::string::npos) << r.errors[0].message();
    EXPECT_EQ(r.errors[1].where().line, 3);
    EXPECT_EQ(r.errors[1].where().field, "payload.output");
    EXPECT_EQ(r.sessions[0].messages.size(), 2u);  // the output (kept empty) and the user's "hi"
}

TEST(CodexVersions, ANonObjectPayloadIsOneErrorNamingFileLineAndField) {
    std::string path;
    ReadResult r = read_rollout("rollout-payload.jsonl",
        R"({"timestamp":"t","type":"session_meta","payload":{"id":"x-1","cwd":"/w"}})" "\n"
        R"({"timestamp":"t","type":"response_item","payload":"hi"})" "\n"
        R"({"timestamp":"t","type":"event_msg","payload":[1]})" "\n"
        R"({"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":"hi"}})" "\n",
        path);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.errors.size(), 2u) << describe(r);  // one a line
    EXPECT_EQ(r.errors[0].where().file, path);
    EXPECT_EQ(r.errors[0].where().line, 2);
    EXPECT_EQ(r.errors[0].where().field, "payload");
    EXPECT_NE(r.errors[0].message().find("response_item line has no payload object (its payload is a string); skipped"),
              std::string::npos)
        << r.errors[0].message();
    EXPECT_EQ(r.errors[1].where().line, 3);
    EXPECT_EQ(r.errors[1].where().field, "payload");
    EXPECT_NE(r.errors[1].message().find("expected an object, found array"), std::string::npos) << r.errors[1].message();
    EXPECT_EQ(r.sessions[0].messages.size(), 1u);  // the user's "hi"
}

}  // namespace
}  // namespace bm
