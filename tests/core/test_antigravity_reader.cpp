// Google Antigravity's agent step log (transcript.jsonl; session 35): requests, plan steps, calls paired with the
// result steps that follow them, background commands, commands the user denied or ran themselves.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;
using testing::find_message;
using testing::read_one_log;

// The result message answering call `id`, or null.
const Message* answer_of(const Session& s, const std::string& id) {
    for (const Message& m : s.messages)
        for (const ContentBlock& b : m.blocks)
            if (b.kind == BlockKind::kToolResult && b.tool_id == id) return &m;
    return nullptr;
}

TEST(AntigravityReader, RequestsPlanStepsAndCallsPairedInOrder) {
    const ReadResult r = read_one_log("antigravity/todo-app-plan-approved.jsonl", "antigravity", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kOpenAiChat);
    // The user's words alone: the harness's metadata block (local time, open documents) is not theirs.
    ASSERT_FALSE(s.messages.empty());
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].visible_text(),
              "create a application to create a todo list where we can add a todo update a todo and also deleate a "
              "todo after completation of that task");
    EXPECT_EQ(s.messages[0].time, "2026-06-17T10:37:04Z");
    // Approving an artifact: the harness's words before an empty <USER_REQUEST> are what the user did.
    const Message* approval = find_message(s, "step-9");
    ASSERT_NE(approval, nullptr) << describe(r);
    EXPECT_EQ(approval->role, Role::kUser);
    EXPECT_NE(approval->visible_text().find("The user has approved this document."), std::string::npos);
    EXPECT_EQ(approval->visible_text().find("USER_REQUEST"), std::string::npos);
    EXPECT_EQ(approval->visible_text().find("local time"), std::string::npos);
    // Calls: arguments read from their JSON-in-a-string values, each answered by the next result step.
    int calls = 0;
    for (const Message& m : s.messages)
        for (const ContentBlock& b : m.blocks) {
            if (b.kind != BlockKind::kToolCall) continue;
            ++calls;
            const auto args = nlohmann::json::parse(b.arguments);
            ASSERT_TRUE(args.contains("TargetFile") || args.contains("DirectoryPath")) << b.arguments;
            if (b.tool_name == "write_to_file") {
                EXPECT_TRUE(args["Overwrite"].is_boolean()) << b.arguments;
                EXPECT_TRUE(args["TargetFile"].get<std::string>().ends_with("task.md")) << b.arguments;
            }
            const Message* a = answer_of(s, b.tool_id);
            ASSERT_NE(a, nullptr) << b.tool_id;
            EXPECT_EQ(a->role, Role::kTool);
            // The harness's "Created At:" / "Completed At:" lines are left out of the result.
            EXPECT_EQ(a->blocks[0].text.find("Created At:"), std::string::npos) << a->blocks[0].text;
        }
    EXPECT_EQ(calls, 3);
    const Message* written = answer_of(s, "step-10#0");
    ASSERT_NE(written, nullptr);
    EXPECT_EQ(written->blocks[0].text.rfind("Created file file:///", 0), 0u) << written->blocks[0].text;
    // Thinking is the model's reasoning, not its words.
    const Message* plan = find_message(s, "step-10");
    ASSERT_NE(plan, nullptr);
    EXPECT_EQ(plan->blocks[0].kind, BlockKind::kReasoning);
}

TEST(AntigravityReader, CommandOutcomesAndACommandTheUserDenied) {
    const ReadResult r = read_one_log("antigravity/ssh-denied-then-failed.jsonl", "antigravity", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    const Message* listed = answer_of(s, "step-1#0");
    ASSERT_NE(listed, nullptr) << describe(r);
    EXPECT_EQ(listed->blocks[0].text.rfind("[exit code: 0]\n", 0), 0u) << listed->blocks[0].text;
    EXPECT_NE(listed->blocks[0].text.find("Directory: C:\\Users"), std::string::npos);
    EXPECT_EQ(listed->blocks[0].text.find("The command exited"), std::string::npos);
    EXPECT_FALSE(listed->blocks[0].is_error);
    // Denied: an error result holding the harness's notice (which the extractor reads as a refused call).
    const Message* denied = answer_of(s, "step-5#0");
    ASSERT_NE(denied, nullptr);
    EXPECT_TRUE(denied->blocks[0].is_error);
    EXPECT_EQ(denied->blocks[0].text.rfind("Encountered error in step execution: permission check failed", 0), 0u)
        << denied->blocks[0].text;
    const Message* failed = answer_of(s, "step-9#0");
    ASSERT_NE(failed, nullptr);
    EXPECT_EQ(failed->blocks[0].text.rfind("[exit code: 1]\nWarning: Permanently added", 0), 0u)
        << failed->blocks[0].text;
    EXPECT_TRUE(failed->blocks[0].is_error);
}

TEST(AntigravityReader, ABackgroundCommandIsAnsweredWhenItsTaskFinishes) {
    const ReadResult r = read_one_log("antigravity/background-task.jsonl", "antigravity", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    // "Tool is running as a background task" is no answer; the task's end, reported later, is.
    const Message* done = answer_of(s, "step-1322#0");
    ASSERT_NE(done, nullptr) << describe(r);
    EXPECT_EQ(done->id, "step-1326/step-1322#0");
    EXPECT_NE(done->blocks[0].text.find("Get-Command : The term 'node' is not recognized"), std::string::npos)
        << done->blocks[0].text;
    // "The command completed successfully." states no code: none is written.
    EXPECT_EQ(done->blocks[0].text.find("[exit code"), std::string::npos);
    EXPECT_EQ(done->blocks[0].text.find("</SYSTEM_MESSAGE>"), std::string::npos);
    // The second command's task had not finished where the excerpt ends: its call stays unanswered.
    EXPECT_EQ(answer_of(s, "step-1324#0"), nullptr);
    for (const Message& m : s.messages)
        EXPECT_EQ(m.visible_text().find("running as a background task"), std::string::npos) << m.id;
}

TEST(AntigravityReader, ACommandTheUserRanIsTheirOwnCallWithItsOutcome) {
    const ReadResult r = read_one_log("antigravity/user-ran-command.jsonl", "antigravity", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u) << describe(r);
    EXPECT_EQ(s.messages[0].visible_text(), "done");
    const Message& ran = s.messages[1];
    EXPECT_EQ(ran.role, Role::kUser);
    EXPECT_EQ(ran.source.name, "user-shell");
    ASSERT_EQ(ran.blocks.size(), 1u);
    EXPECT_EQ(ran.blocks[0].kind, BlockKind::kToolCall);
    const auto args = nlohmann::json::parse(ran.blocks[0].arguments);
    EXPECT_EQ(args["CommandLine"], "entire login");
    EXPECT_EQ(args["Cwd"], "c:\\Users\\Mohit J Madhu\\Documents\\GitHub\\Eager");
    const Message& out = s.messages[2];
    EXPECT_EQ(out.role, Role::kTool);
    EXPECT_EQ(out.blocks[0].tool_id, ran.blocks[0].tool_id);
    EXPECT_EQ(out.blocks[0].text.rfind("[exit code: 1]\nentire : The term 'entire' is not recognized", 0), 0u)
        << out.blocks[0].text;
    EXPECT_TRUE(out.blocks[0].is_error);
}

TEST(AntigravityReader, BadStepsAreNamedAndOtherLinesKeepTheirReaders) {
    const std::string log =
        R"({"step_index": 0, "source": "USER_EXPLICIT", "type": "USER_INPUT", "content": "<USER_REQUEST>\nfix the build\n</USER_REQUEST>"})"
        "\n"
        R"({"step_index": 1, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": {"name": "x"}})"
        "\n"
        R"({"step_index": 2, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": ["not a call", {"name": "run_command", "args": {"CommandLine": "\"make\""}}]})"
        "\n"
        R"({"step_index": 3, "source": "ROBOT", "type": "X"})"
        "\n"
        // A log that went back numbers its steps again: the second step 0 keeps an id of its own.
        R"({"step_index": 0, "source": "USER_EXPLICIT", "type": "USER_INPUT", "content": "<USER_REQUEST>\nretry\n</USER_REQUEST>"})"
        "\n";
    const ReadResult r = read_bytes(log, "transcript.jsonl");
    EXPECT_EQ(r.format, "antigravity");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const std::string d = describe(r);
    EXPECT_NE(d.find("field tool_calls:"), std::string::npos) << d;  // not an array
    EXPECT_NE(d.find("tool_calls[0]"), std::string::npos) << d;   // not an object
    EXPECT_NE(d.find("ROBOT"), std::string::npos) << d;           // an unknown source, counted
    const Message* plan = find_message(r.sessions[0], "step-2");
    ASSERT_NE(plan, nullptr) << d;
    ASSERT_EQ(plan->blocks.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(plan->blocks[0].arguments)["CommandLine"], "make");
    const Message* again = find_message(r.sessions[0], "step-0@5");
    ASSERT_NE(again, nullptr) << d;
    EXPECT_EQ(again->visible_text(), "retry");
    EXPECT_EQ(find_message(r.sessions[0], "step-0")->visible_text(), "fix the build");
    // A line of another format is not taken for a step.
    EXPECT_NE(read_bytes(R"({"step_index": "1", "source": "MODEL", "type": "X"})"
                         "\n{}\n",
                         "x.jsonl")
                  .format,
              "antigravity");
}

TEST(AntigravityReader, AHarnessErrorAnswersTheCallAndAKeptExitCodeIsRead) {
    // Shapes seen in session 35's test logs (not copied): the harness's ERROR_MESSAGE from SYSTEM answers a call it
    // could not parse; the Antigravity CLI keeps a command's code in `exit_code` beside a text that states none.
    const std::string log =
        R"({"step_index": 1, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": [{"name": "run_command", "args": {"CommandLine": "npm run lint", "WaitMsBeforeAsync": "x"}}]})"
        "\n"
        R"({"step_index": 2, "source": "SYSTEM", "type": "ERROR_MESSAGE", "status": "DONE", "content": "Created At: 2026-08-01T16:20:42Z\nError invalid tool call: There was a problem parsing the tool call."})"
        "\n"
        R"({"step_index": 3, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": [{"name": "run_command", "args": {"CommandLine": "node -v"}}]})"
        "\n"
        R"({"step_index": 4, "source": "MODEL", "type": "RUN_COMMAND", "status": "DONE", "exit_code": 0, "content": "v22.3.0\n"})"
        "\n";
    const ReadResult r = read_bytes(log, "transcript.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    const Message* refused = answer_of(s, "step-1#0");
    ASSERT_NE(refused, nullptr) << describe(r);
    EXPECT_TRUE(refused->blocks[0].is_error);
    EXPECT_EQ(refused->blocks[0].text.rfind("Error invalid tool call:", 0), 0u) << refused->blocks[0].text;
    const Message* ran = answer_of(s, "step-3#0");
    ASSERT_NE(ran, nullptr);
    EXPECT_EQ(ran->blocks[0].text, "[exit code: 0]\nv22.3.0\n");
    EXPECT_FALSE(ran->blocks[0].is_error);
}

TEST(AntigravityReader, ResultsPairInOrderPastRemindersAndAUserTurnLeavesCallsUnanswered) {
    const std::string log =
        R"({"step_index": 1, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": [{"name": "list_dir", "args": {"DirectoryPath": "\"C:\\\\a\""}}, {"name": "view_file", "args": {"AbsolutePath": "\"C:\\\\a\\\\b.md\""}}]})"
        "\n"
        R"({"step_index": 2, "source": "MODEL", "type": "LIST_DIRECTORY", "status": "DONE", "content": "Created At: t\n{\"name\":\"b.md\"}"})"
        "\n"
        R"({"step_index": 3, "source": "SYSTEM", "type": "EPHEMERAL_MESSAGE", "status": "DONE", "content": "<EPHEMERAL_MESSAGE>plan first</EPHEMERAL_MESSAGE>"})"
        "\n"
        R"({"step_index": 4, "source": "MODEL", "type": "VIEW_FILE", "status": "DONE", "content": "Created At: t\n1: # B"})"
        "\n"
        R"({"step_index": 5, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": [{"name": "run_command", "args": {"CommandLine": "\"make\""}}]})"
        "\n"
        R"({"step_index": 6, "source": "USER_EXPLICIT", "type": "USER_INPUT", "content": "<USER_REQUEST>\nstop\n</USER_REQUEST>"})"
        "\n"
        R"({"step_index": 7, "source": "MODEL", "type": "RUN_COMMAND", "status": "DONE", "content": "The command exited with code 0.\nOutput:\nok"})"
        "\n";
    const ReadResult r = read_bytes(log, "transcript.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    const Message* listed = answer_of(s, "step-1#0");
    const Message* viewed = answer_of(s, "step-1#1");
    ASSERT_NE(listed, nullptr) << describe(r);
    ASSERT_NE(viewed, nullptr) << describe(r);
    EXPECT_EQ(listed->id, "step-2/step-1#0");
    EXPECT_EQ(viewed->id, "step-4/step-1#1");  // the reminder between took no call's place
    EXPECT_EQ(viewed->blocks[0].text, "1: # B");
    // The user's turn came before the command's result: the call stays unanswered, the step is a notice.
    EXPECT_EQ(answer_of(s, "step-5#0"), nullptr);
    const Message* late = find_message(s, "step-7");
    ASSERT_NE(late, nullptr);
    EXPECT_EQ(late->role, Role::kSystem);
    EXPECT_EQ(late->source.name, "antigravity-run_command");
    const Message* reminder = find_message(s, "step-3");
    ASSERT_NE(reminder, nullptr);
    EXPECT_EQ(reminder->source.kind, SourceKind::kPlugin);
}

TEST(AntigravityReader, PlainArgumentsStayAsWrittenAndACutValueIsKept) {
    // Builds that write plain values: a file's JSON content and a number-like string stay text. An encoded call whose
    // content Antigravity cut ("<truncated N bytes>": no longer JSON text) keeps that value as written.
    const std::string log =
        R"({"step_index": 1, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": [{"name": "write_to_file", "args": {"TargetFile": "C:\\w\\package.json", "CodeContent": "{\n \"a\": 1\n}", "Query": "2024", "WaitMsBeforeAsync": 5000}}]})"
        "\n"
        R"({"step_index": 2, "source": "MODEL", "type": "PLANNER_RESPONSE", "tool_calls": [{"name": "write_to_file", "args": {"TargetFile": "\"C:\\\\w\\\\a.md\"", "CodeContent": "\"# A <truncated 120 bytes>", "Overwrite": "true"}}]})"
        "\n";
    const ReadResult r = read_bytes(log, "transcript.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Message* plain = find_message(r.sessions[0], "step-1");
    ASSERT_NE(plain, nullptr) << describe(r);
    const auto a = nlohmann::json::parse(plain->blocks[0].arguments);
    EXPECT_EQ(a["CodeContent"], "{\n \"a\": 1\n}");
    EXPECT_EQ(a["Query"], "2024");
    EXPECT_EQ(a["TargetFile"], "C:\\w\\package.json");
    const Message* cut = find_message(r.sessions[0], "step-2");
    ASSERT_NE(cut, nullptr);
    const auto b = nlohmann::json::parse(cut->blocks[0].arguments);
    EXPECT_EQ(b["TargetFile"], "C:\\w\\a.md");
    EXPECT_EQ(b["Overwrite"], true);
    EXPECT_EQ(b["CodeContent"], "\"# A <truncated 120 bytes>");
}

}  // namespace
}  // namespace bm
