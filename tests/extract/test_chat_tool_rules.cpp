// Session 16 (x17chat) guards and rule for chat-completions tool calls: a JSON answer that reports its own
// failure, an agent handoff's routing notice, and a file a tool says it saved its output to.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "conversation_log.h"
#include "extract/chat_tool_error.h"
#include "extract/heuristic_extractor.h"
#include "extract/tool_action_rules.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using extracttest::Log;
using V = std::vector<std::string>;

TEST(ChatToolRules, JsonAnswerThatReportsFailureIsAnError) {
    EXPECT_TRUE(chat_result_reports_failure(R"({"ok":false,"error":"Path is outside workspace: /tmp2/hello_world.py"})"));
    EXPECT_TRUE(chat_result_reports_failure(R"({"success": false, "message": "quota exceeded"})"));
    EXPECT_TRUE(chat_result_reports_failure(R"( {"status":"failed","detail":"timeout"})"));
    EXPECT_TRUE(chat_result_reports_failure(R"({"error":{"code":404,"message":"not found"}})"));
    EXPECT_TRUE(chat_result_reports_failure("Error: payment amount does not add up"));
    // Success, an empty or null error field, a list, plain text that mentions an error: no failure.
    EXPECT_FALSE(chat_result_reports_failure(R"({"ok":true,"path":"tmp2/hello_world.py","bytes_written":47})"));
    EXPECT_FALSE(chat_result_reports_failure(R"({"ok":true,"error":"warning only"})"));
    EXPECT_FALSE(chat_result_reports_failure(R"({"error":null,"rows":3})"));
    EXPECT_FALSE(chat_result_reports_failure(R"({"error":"","rows":3})"));
    EXPECT_FALSE(chat_result_reports_failure(R"([{"error":"x"}])"));
    EXPECT_FALSE(chat_result_reports_failure("The error log has 3 lines."));
    EXPECT_FALSE(chat_result_reports_failure("{not json"));
}

// A harness's output header before an "Error:" line (OpenManus) is a failure, its reason the error line; a
// file's or a listing's header before such a line is not.
TEST(ChatToolRules, AnOutputHeaderBeforeAnErrorLineIsAFailure) {
    const std::string failed = "Observed output of cmd `browser_use` executed:\nError: Browser action 'navigate' failed: "
                               "Page.goto: Timeout 30000ms exceeded.";
    EXPECT_TRUE(chat_result_reports_failure(failed));
    EXPECT_TRUE(chat_result_reports_failure("Result:\nerror: no such table: users"));
    EXPECT_TRUE(chat_result_reports_failure("Result:\r\nError: no such table: users"));  // CRLF
    EXPECT_FALSE(chat_result_reports_failure("Observed output of cmd `browser_use` executed:\nNavigated to https://x.org"));
    EXPECT_FALSE(chat_result_reports_failure("Contents of the output file:\nError: shown in the file"));
    EXPECT_FALSE(chat_result_reports_failure("Here is what I found in the docs about it:\nError: x"));
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("browser_use", R"({"action": "go_to_url", "url": "https://x.org"})", failed)
                  .claims("action.tool_error"),
              V{"browser_use.error.browser-action-navigate = browser action 'navigate' failed: page.goto: timeout 30000ms exceeded"});
}

TEST(ChatToolRules, FailedWriteInAChatLogCreatesNoFile) {
    const std::string failed = R"({"ok":false,"error":"Path is outside workspace: /tmp2/hello_world.py"})";
    const std::string args = R"({"path": "/tmp2/hello_world.py", "content": "print(1)\n"})";
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat).call("write_file", args, failed).claims("action.file_created").empty());
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("write_file", R"({"path": "tmp2/hello_world.py", "content": "print(1)\n"})",
                        R"({"ok":true,"path":"tmp2/hello_world.py","bytes_written":8})")
                  .claims("action.file_created"),
              V{"file.tmp2/hello_world.py = created"});
}

TEST(ChatToolRules, JsonErrorFieldIsTheFailureReason) {
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("update_reservation", R"({"reservation_id": "X1", "cabin": "economy"})",
                        R"({"ok":false,"error":"Seat is not available"})")
                  .claims("action.tool_error"),
              V{"update_reservation.error.seat-is-not = seat is not available"});
    // The same answer in a format whose results carry their own error flag, unflagged: no failure.
    EXPECT_TRUE(Log().call("write_file", R"({"path": "a.py"})", R"({"ok":false,"error":"disk full"})")
                    .claims("action.tool_error").empty());
}

// Session 18 (x21chat): a file write answered by an error is the file's history, keyed by its path.
TEST(ChatToolRules, FailedWriteIsKeyedByItsFile) {
    const auto chat = [] { return Log().as(SessionFormat::kOpenAiChat); };
    EXPECT_EQ(chat().call("write_file", R"({"path": "/tmp2/hello_world.py", "content": "x"})",
                          R"({"ok":false,"error":"Path is outside workspace: /tmp2/hello_world.py"})")
                  .claims("action.write_failed"),
              V{"file./tmp2/hello_world.py.write = not written: path is outside workspace: /tmp2/hello_world.py"});
    // The call's own name leading the reason is dropped; the reason stays.
    EXPECT_EQ(chat().call("file_write", R"({"path": "workspace/notes.md", "content": "# x"})",
                          R"x({"success": false, "data": null, "error": "Tool 'file_write' requires auto mode (current: semi)"})x")
                  .claims("action.write_failed"),
              V{"file.workspace/notes.md.write = not written: requires auto mode (current: semi)"});
    // A reason of failure words only still says the file was not written (session 22 review).
    EXPECT_EQ(chat().call("write_file", R"({"path": "/w/out.txt", "content": "x"})", R"({"ok":false,"error":"write failed"})")
                  .claims("action.write_failed"),
              V{"file./w/out.txt.write = not written: write failed"});
    // ... and then no tool-keyed error for the same failure.
    EXPECT_TRUE(chat().call("write_file", R"({"path": "a.py", "content": "x"})", R"({"ok":false,"error":"disk full"})")
                    .claims("action.tool_error").empty());
    // Guards: a write that succeeded, a failed read, a failed write with no path argument.
    EXPECT_TRUE(chat().call("write_file", R"({"path": "a.py", "content": "x"})", R"({"ok":true,"bytes_written":1})")
                    .claims("action.write_failed").empty());
    EXPECT_TRUE(chat().call("read_file", R"({"path": "a.py"})", R"({"ok":false,"error":"No such file"})")
                    .claims("action.write_failed").empty());
    EXPECT_TRUE(chat().call("write_file", R"({"content": "x"})", R"({"ok":false,"error":"missing path"})")
                    .claims("action.write_failed").empty());
    EXPECT_EQ(chat().call("write_file", R"({"content": "x"})", R"({"ok":false,"error":"missing path"})")
                  .claims("action.tool_error"),
              V{"write_file.error.missing-path = missing path"});
}

TEST(ChatToolRules, HandoffNoticeIsNoDelegationResult) {
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat)
                    .call("transfer_to_refunds_agent", "{}", "Transfered to Refunds Agent. Adopt persona immediately.")
                    .claims("action.delegation_result").empty());
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat)
                    .call("transfer_to_human_agents", R"({"summary":"wants a refund"})", "Transfer successful")
                    .claims("action.delegation_result").empty());
    EXPECT_EQ(Log().call("subagent", R"({"prompt":"Reply ALPHA"})", "ALPHA").claims("action.delegation_result"),
              V{"subagent.result = alpha"});
}

TEST(ChatToolRules, SavedFileIsTheToolsOwnOutput) {
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("generate_image", R"({"description":"A worm"})",
                        "Image generated successfully and saved to generated_a59b3623.png. Description: A worm.")
                  .claims("action.result_saved_file"),
              V{"file.generated_a59b3623.png = saved by generate_image"});
    // Negated, hedged, failed, named by the call itself, or no file name: nothing.
    EXPECT_TRUE(Log().call("generate_image", "{}", "The image could not be saved to out.png.").claims("action.result_saved_file").empty());
    EXPECT_TRUE(Log().call("generate_image", "{}", "It will be saved to out.png later.").claims("action.result_saved_file").empty());
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat)
                    .call("generate_image", "{}", R"({"ok":false,"error":"disk full, nothing saved to out.png"})")
                    .claims("action.result_saved_file").empty());
    EXPECT_TRUE(Log().call("write_file", R"({"path":"notes.md"})", "File saved to notes.md").claims("action.result_saved_file").empty());
    EXPECT_TRUE(Log().call("save_settings", "{}", "Settings saved to the database.").claims("action.result_saved_file").empty());
}

TEST(ChatToolRules, LookupAnsweredByOneIdentifier) {
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("look_up_item", R"({"search_query":"christmas tree"})", "\"item_00000\"")
                  .claims("action.lookup_answer"),
              V{"item.christmas-tree = item_00000"});
    // A sentence, a bare word, a JSON record, a failure: no identifier.
    EXPECT_TRUE(Log().call("look_up_item", R"({"search_query":"tree"})", "No item matches tree").claims("action.lookup_answer").empty());
    EXPECT_TRUE(Log().call("get_weather", R"({"city":"nyc"})", "Sunny").claims("action.lookup_answer").empty());
    EXPECT_TRUE(Log().call("get_order", R"({"id":"W1"})", R"({"id":"W1","status":"pending"})").claims("action.lookup_answer").empty());
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat)
                    .call("find_user_id_by_email", R"({"email":"a@b.c"})", "Error: User not found")
                    .claims("action.lookup_answer").empty());
    // Not a look-up tool.
    EXPECT_TRUE(Log().call("execute_refund", R"({"item_id":"item_00000"})", "\"Success\"").claims("action.lookup_answer").empty());
}

// Session 29: Terminus (Harbor ATIF) types its commands. The reader pairs each submitted line with its own output
// (ingest/terminal_screen.h), but the command rules do not read keystrokes: on the one dev Terminus log they gave 2
// good and 3 partial values (blind), under the gate a changed rule must pass (docs/extract.md, session 29).
TEST(ChatToolRules, TerminusKeystrokesAreNotReadAsCommandsYet) {
    const std::string args = nlohmann::json{{"keystrokes", "apt-get install -y tesseract-ocr\n"}, {"duration", 1.0}}.dump();
    const Log log = Log().as(SessionFormat::kOpenAiChat).call("bash_command", args, "Setting up tesseract-ocr (5.3.4-1build5) ...");
    EXPECT_EQ(log.claims("action.command_run"), V{});
    EXPECT_EQ(log.claims("action.command_output"), V{});
}

// Session 19 (d22chat): nanobot's shell tool is `exec` ({"command", "timeout"}), whose commands open with
// "cd DIR && " because it keeps no working directory; the command rules' length limit is the command's own.
TEST(ChatToolRules, NanobotExecIsAShellToolAndItsLeadingCdIsNotCounted) {
    const std::string cd = "cd /Users/someone/.nanobot-agent/workspace && ";
    const std::string run = "python skills/property-calc/scripts/calc.py --price 288000 --wah 30 --rent 10000";
    const std::string args = R"({"command": ")" + cd + run + R"(", "timeout": 15})";
    const auto log = [&] {
        return Log().as(SessionFormat::kOpenAiChat).call("exec", args, "Break-even: 2.9 years\n\n\nExit code: 0");
    };
    EXPECT_EQ(log().claims("action.command_run"), V{"python.calc.py.288000.30.10000.command = " + cd + run});
    EXPECT_EQ(log().claims("action.command_exit"), V{"python.calc.py.288000.exit_code = 0"});
    // A version query is read as the program's version (action.tool_version, session 20), not as a command run.
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat).call("exec", R"({"command": "java -version"})", "java version \"25.0.1\"")
                  .claims("action.tool_version"),
              V{"java.version = 25.0.1"});
    // Guards: an exec call with code rather than a command runs no shell; a command over 120 bytes past its cd is
    // still too long to show.
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat).call("exec", R"x({"code": "print(1)"})x", "1").claims("action.command_run").empty());
    const std::string longer = R"({"command": ")" + cd + run + " --appraised 3500000 --renovation 150000 --common-fee 2500" + R"("})";
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat).call("exec", longer, "Exit code: 0").claims("action.command_run").empty());
    EXPECT_EQ(command_length_past_cd(cd + run), run.size());
    EXPECT_EQ(command_length_past_cd("cd src; make"), std::string("cd src; make").size());
    const std::string deep = "cd /" + std::string(200, 'd') + " && make";  // a long directory counts
    EXPECT_EQ(command_length_past_cd(deep), deep.size());
}

// Session 19 (d22chat): a directory listed empty and then written into was empty only before that file.
TEST(ChatToolRules, AnEmptyDirectoryWrittenIntoLaterWasEmptyOnlyBefore) {
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("list_dir", R"({"path": "./skills"})", "Directory ./skills is empty")
                  .call("write_file", R"({"path": "./skills/story/SKILL.md", "content": "x"})", "Successfully wrote 1 bytes to /w/skills/story/SKILL.md")
                  .claims("action.dir_empty"),
              V{"dir.skills.contents.earlier = empty (before skills/story/skill.md was added)"});
    // A file written elsewhere, or one written before the listing, leaves it empty; a sibling with the same prefix
    // ("skills2/") is not inside it.
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("write_file", R"({"path": "skills/a.md", "content": "x"})", "ok")
                  .call("list_dir", R"({"path": "skills"})", "Directory skills is empty")
                  .call("write_file", R"({"path": "skills2/b.md", "content": "x"})", "ok")
                  .call("write_file", R"({"path": "notes.md", "content": "x"})", "ok")
                  .claims("action.dir_empty"),
              V{"dir.skills.contents = empty"});
    // A sub-key: the directory the agent made keeps its own slot ("created"), no rival of "empty".
    const auto made = Log().as(SessionFormat::kOpenAiChat)
                          .call("exec", R"({"command": "mkdir skills"})", "Exit code: 0")
                          .call("list_dir", R"({"path": "skills"})", "Directory skills is empty");
    EXPECT_EQ(made.claims("action.dir_empty"), V{"dir.skills.contents = empty"});
}

// Session 22 (review): a subagent's turns inlined in an OpenAI-chat export are not the parent agent's; the
// subagent's last text says nothing as the parent's closing summary or reply.
TEST(ChatToolRules, InlinedSubagentTextIsNoClosingSummary) {
    const std::string sub = R"("role":"assistant-subagent-a1","_metadata":{"original_role":)";
    const std::string log =
        R"({"messages":[{"role":"user","content":"Migrate the database."},)"
        R"({"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"Agent","arguments":"{\"prompt\":\"Run the migration.\"}"}}]},)"
        "{" + sub + R"("user"},"content":"Run the migration."},)"
        "{" + sub + R"("assistant"},"content":null,"tool_calls":[{"id":"c2","type":"function","function":{"name":"Bash","arguments":"{\"command\":\"make migrate\"}"}}]},)"
        "{" + sub + R"("tool"},"tool_call_id":"c2","content":"done"},)"
        "{" + sub + R"("assistant"},"content":"The migration has been completed."}]})";
    const ReadResult r = read_bytes(log, "chat.json");
    ASSERT_TRUE(r.errors.empty());
    ExtractOptions all;
    all.all_rules = true;
    for (const BranchClaims& bc : extract_heuristic(r.sessions, all))
        for (const Claim& c : bc.claims) {
            EXPECT_NE(c.rule, "model.closing_status") << c.key << " = " << c.value;
            EXPECT_NE(c.rule, "model.final_reply") << c.key << " = " << c.value;
        }
}

// Session 27: mini-swe-agent's text actions. The one ```bash block of a reply and the harness's "<returncode>N</returncode>"
// answer are a command and its result, so the command rules read them; the template around the user's task, the
// harness's format-error replies and the user's rejection notice are not the user's requests, but the words the user
// typed into the rejection are.
TEST(ChatToolRules, MiniSweAgentActionsAreCommandsAndOnlyTheTaskIsTheUsers) {
    auto msg = [](const char* role, const std::string& text) {
        return std::string(R"({"role":")") + role + R"(","content":)" + nlohmann::json(text).dump() + "}";
    };
    const std::string log =
        "[" + msg("system", "You are a helpful assistant that can interact with a computer.") + "," +
        msg("user", "Please solve this issue: Add a --json flag to the report command.\n\nYou can execute bash commands "
                    "and edit files to implement the necessary changes.\n\n## Recommended Workflow\n\n2. Create a "
                    "script to reproduce the issue\n6. Submit with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`.") + "," +
        msg("assistant", "THOUGHT: run it.\n\n```bash\npython reproduce.py\n```") + "," +
        msg("user", "<returncode>1</returncode>\n<output>\nTraceback (most recent call last):\nKeyError: 'json'\n</output>") + "," +
        msg("assistant", "THOUGHT: two at once.\n\n```bash\nls\n```\n\n```bash\npwd\n```") + "," +
        msg("user", "Please always provide EXACTLY ONE action in triple backticks, found 2 actions.") + "," +
        msg("assistant", "THOUGHT: install.\n\n```bash\npip install requests\n```") + "," +
        msg("user", "Command not executed. The user rejected your command with the following message: Please run "
                    "the tests first.") + "]";
    const ReadResult r = read_bytes(log, "mini.json");
    ASSERT_TRUE(r.errors.empty());
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.messages[3].role, Role::kTool);
    EXPECT_TRUE(s.messages[3].blocks.at(0).is_error);
    EXPECT_EQ(s.messages[5].source.kind, SourceKind::kPlugin);  // the format error is the harness's
    EXPECT_EQ(s.messages[5].source.name, "format-error");
    EXPECT_EQ(s.messages[7].role, Role::kTool);  // the rejection answers the call it refused
    V exits, requests;
    bool install = false;
    for (const BranchClaims& bc : extract_heuristic(r.sessions, {}))
        for (const Claim& c : bc.claims) {
            const std::string kv = c.key + " = " + c.value;
            if (c.rule == "action.command_exit") exits.push_back(kv);
            install = install || c.key.rfind("pip", 0) == 0;
        }
    ExtractOptions every;  // user.request is off by default since session 39
    every.all_rules = true;
    for (const BranchClaims& bc : extract_heuristic(r.sessions, every))
        for (const Claim& c : bc.claims)
            if (c.rule == "user.request") requests.push_back(c.key + " = " + c.value);
    EXPECT_EQ(exits, V{"python.reproduce.py.exit_code = 1"});
    EXPECT_FALSE(install);  // the refused install never ran
    // The task and the user's words in the rejection; not the workflow's steps ("create a script to reproduce …").
    EXPECT_EQ(requests, (V{"goal.add.json.flag = Add a --json flag to the report command",
                           "goal.run.test = run the tests first"}));
}

}  // namespace
}  // namespace bm
