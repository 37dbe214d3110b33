// GitHub Copilot CLI's session events (session 30): the user's own words, Copilot's system prompt as the harness's,
// tool requests as calls answered by their completions, a shell's exit code, a reply kept from its streamed pieces,
// redacted logs, and lines that are not Copilot's.
#include <gtest/gtest.h>

#include <set>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;

// The shapes of a session-state events.jsonl (Copilot CLI 1.0.x; tests/data/README.md names the real logs they
// follow).
const std::string kEvents =
    R"({"type":"session.start","data":{"sessionId":"c-1","version":1,"producer":"copilot-agent","copilotVersion":"1.0.63","startTime":"2026-06-18T19:13:41.562Z","context":{"cwd":"/home/u/shop","branch":"main"}},"id":"e0","timestamp":"2026-06-18T19:13:41.577Z","parentId":null}
{"type":"system.message","data":{"role":"system","content":"You are the GitHub Copilot CLI. Never commit secrets."},"id":"e1","timestamp":"2026-06-18T19:13:43.523Z","parentId":"e0"}
{"type":"user.message","data":{"content":"run the tests","transformedContent":"<current_datetime>2026-06-18</current_datetime>\n\nrun the tests","attachments":[]},"id":"e2","timestamp":"2026-06-18T19:13:44.000Z","parentId":"e1"}
{"type":"assistant.turn_start","data":{"turnId":"0"},"id":"e3","timestamp":"2026-06-18T19:13:44.100Z","parentId":"e2"}
{"type":"assistant.message_delta","data":{"messageId":"m1","deltaContent":"Running"},"ephemeral":true,"id":"e4","timestamp":"2026-06-18T19:13:44.200Z","parentId":"e3"}
{"type":"assistant.message","data":{"messageId":"m1","model":"gpt-5.4","content":"Running them.","reasoningText":"npm test","toolRequests":[{"toolCallId":"t1","name":"bash","arguments":{"command":"npm test","description":"tests"},"type":"function"},{"toolCallId":"t2","name":"create","arguments":{"path":"/home/u/shop/notes.md","file_text":"x"},"type":"function"}]},"id":"e5","timestamp":"2026-06-18T19:13:45.000Z","parentId":"e3"}
{"type":"tool.execution_start","data":{"toolCallId":"t1","toolName":"bash","arguments":{"command":"npm test"}},"id":"e6","timestamp":"2026-06-18T19:13:45.100Z","parentId":"e5"}
{"type":"tool.execution_complete","data":{"toolCallId":"t1","success":true,"result":{"content":"1 failing\n<exited with exit code 1>","detailedContent":"1 failing\n<exited with exit code 1>"}},"id":"e7","timestamp":"2026-06-18T19:13:46.000Z","parentId":"e6"}
{"type":"tool.execution_start","data":{"toolCallId":"t2","toolName":"create","arguments":{"path":"/home/u/shop/notes.md","file_text":"x"}},"id":"e8","timestamp":"2026-06-18T19:13:46.100Z","parentId":"e5"}
{"type":"tool.execution_complete","data":{"toolCallId":"t2","success":true,"result":{"content":"Created file /home/u/shop/notes.md with 1 characters"}},"id":"e9","timestamp":"2026-06-18T19:13:46.200Z","parentId":"e8"}
{"type":"tool.execution_start","data":{"toolCallId":"t3","toolName":"bash","arguments":{"command":"rm -rf /"}},"id":"e10","timestamp":"2026-06-18T19:13:47.000Z","parentId":"e9"}
{"type":"tool.execution_complete","data":{"toolCallId":"t3","success":false,"error":{"message":"Permission to run this tool was denied","code":"denied"}},"id":"e11","timestamp":"2026-06-18T19:13:47.100Z","parentId":"e10"}
{"type":"assistant.turn_end","data":{"turnId":"0"},"id":"e12","timestamp":"2026-06-18T19:13:48.000Z","parentId":"e11"}
{"type":"session.shiny_new_event","data":{},"id":"e13","timestamp":"2026-06-18T19:13:48.100Z","parentId":"e12"}
)";

TEST(CopilotCliReader, EventsBecomeTheUsersWordsCallsAndTheirAnswers) {
    ReadResult r = read_bytes(kEvents, "events.jsonl");
    EXPECT_EQ(r.format, "copilot-cli");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.warnings.size(), 1u) << describe(r);  // the unknown event type, named once
    EXPECT_NE(r.warnings[0].to_string().find("session.shiny_new_event"), std::string::npos);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "c-1");
    EXPECT_EQ(s.cwd, "/home/u/shop");
    ASSERT_EQ(s.messages.size(), 7u);
    // Copilot's system prompt is the harness's, never the user's.
    EXPECT_EQ(s.messages[0].role, Role::kSystem);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);
    // The user's own words, not the text Copilot wrapped them in.
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[1].visible_text(), "run the tests");
    const Message& a = s.messages[2];
    EXPECT_EQ(a.source.model, "gpt-5.4");
    ASSERT_EQ(a.blocks.size(), 4u);  // reasoning, text, two calls (their start events add none)
    EXPECT_EQ(a.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(a.visible_text(), "Running them.");  // the whole message, not its streamed piece
    EXPECT_EQ(a.blocks[2].tool_name, "bash");
    EXPECT_EQ(s.messages[3].blocks[0].text, "[exit code: 1]\n1 failing");  // the shell's closing line, read
    EXPECT_TRUE(s.messages[3].blocks[0].is_error);
    EXPECT_FALSE(s.messages[4].blocks[0].is_error);
    // A call no assistant message requested (a start event alone) is still a call, and its denial fails it.
    EXPECT_EQ(s.messages[5].blocks[0].tool_name, "bash");
    EXPECT_TRUE(s.messages[6].blocks[0].is_error);
    EXPECT_EQ(s.messages[6].blocks[0].text, "Permission to run this tool was denied");
    const SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.tool_calls, 3);
    EXPECT_EQ(sum.tool_calls_paired, 3);
}

TEST(CopilotCliReader, ItsToolsBecomeClaims) {
    ReadResult r = read_bytes(kEvents, "events.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::set<std::string> got;
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) got.insert(c.key + " = " + c.value);
    EXPECT_TRUE(got.count("npm.test.exit_code = 1")) << ::testing::PrintToString(got);
    EXPECT_TRUE(got.count("file.notes.md = created")) << ::testing::PrintToString(got);
    EXPECT_TRUE(got.count("env.cwd = /home/u/shop")) << ::testing::PrintToString(got);
    for (const std::string& g : got) EXPECT_EQ(g.find("secrets"), std::string::npos) << g;  // nothing from its prompt
    for (const std::string& g : got) EXPECT_EQ(g.find("rm -rf"), std::string::npos) << g;   // the denied call never ran
}

// 2026 builds close a shell's output with "<shellId: N completed with exit code K>", and may keep the code apart
// (`shellExecution.exitCode`); a stream cut before a reply's whole message keeps the reply's pieces.
TEST(CopilotCliReader, NewerShellTrailersAndAStreamCutShort) {
    const std::string log =
        R"({"type":"user.message","data":{"content":"build it"},"id":"u","timestamp":"2026-09-08T14:30:00.000Z","parentId":null}
{"type":"tool.execution_start","data":{"toolCallId":"b1","toolName":"bash","arguments":{"command":"make"}},"id":"s1","timestamp":"2026-09-08T14:30:01.000Z","parentId":"u"}
{"type":"tool.execution_complete","data":{"toolCallId":"b1","success":true,"result":{"content":"done\n<shellId: 5 completed with exit code 2>"}},"id":"c1","timestamp":"2026-09-08T14:30:02.000Z","parentId":"s1"}
{"type":"tool.execution_start","data":{"toolCallId":"b2","toolName":"bash","arguments":{"command":"make test"}},"id":"s2","timestamp":"2026-09-08T14:30:03.000Z","parentId":"c1"}
{"type":"tool.execution_complete","data":{"toolCallId":"b2","success":true,"result":{"content":"ok"},"shellExecution":{"exitCode":0}},"id":"c2","timestamp":"2026-09-08T14:30:04.000Z","parentId":"s2"}
{"type":"assistant.message_delta","data":{"messageId":"m9","deltaContent":"Let me add "},"ephemeral":true,"id":"d1","timestamp":"2026-09-08T14:30:05.000Z","parentId":"c2"}
{"type":"assistant.message_delta","data":{"messageId":"m9","deltaContent":"the test."},"ephemeral":true,"id":"d2","timestamp":"2026-09-08T14:30:05.100Z","parentId":"c2"}
{"type":"assistant.idle","data":{},"ephemeral":true,"id":"i","timestamp":"2026-09-08T14:30:06.000Z","parentId":"d2"}
{"type":"result","timestamp":"2026-09-08T14:30:07.000Z","sessionId":"76af-run","exitCode":0,"usage":{"premiumRequests":0.33}}
)";
    ReadResult r = read_bytes(log, "copilot-output.jsonl");
    EXPECT_EQ(r.format, "copilot-cli");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "76af-run");  // from the closing result line
    ASSERT_EQ(s.messages.size(), 6u);
    EXPECT_EQ(s.messages[2].blocks[0].text, "[exit code: 2]\ndone");
    EXPECT_TRUE(s.messages[2].blocks[0].is_error);
    EXPECT_EQ(s.messages[4].blocks[0].text, "[exit code: 0]\nok");
    EXPECT_EQ(s.messages[5].role, Role::kAssistant);
    EXPECT_EQ(s.messages[5].visible_text(), "Let me add the test.");
}

// A `-p` stream opens with Copilot's bookkeeping (an MCP server's status), a window with any of its events; a
// reply cut short comes where it was said, before the next turn, rebuilt from its pieces; a completion of a call
// the log does not hold, or a second one, is warned of and kept.
TEST(CopilotCliReader, StreamsOpeningWithBookkeepingAndRepliesCutShortInOrder) {
    const std::string log =
        R"({"type":"session.mcp_server_status_changed","data":{"serverName":"github-mcp-server","status":"pending"},"ephemeral":true,"id":"e1","timestamp":"2026-09-08T14:31:02.346Z","parentId":"p"}
{"type":"user.message","data":{"content":"one"},"id":"u1","timestamp":"t","parentId":"e1"}
{"type":"assistant.message_delta","data":{"messageId":"m1","deltaContent":"I will delete"},"ephemeral":true,"id":"d1","timestamp":"t","parentId":"u1"}
{"type":"abort","data":{"reason":"user initiated"},"id":"a1","timestamp":"t","parentId":"d1"}
{"type":"user.message","data":{"content":"two"},"id":"u2","timestamp":"t","parentId":"a1"}
{"type":"assistant.message_delta","data":{"messageId":"m2","deltaContent":"o"},"ephemeral":true,"id":"d2","timestamp":"t","parentId":"u2"}
{"type":"assistant.message","data":{"messageId":"m2","content":"ok","toolRequests":[]},"id":"m2e","timestamp":"t","parentId":"u2"}
{"type":"tool.execution_complete","data":{"toolCallId":"gone","success":true,"result":{"content":"x"}},"id":"c1","timestamp":"t","parentId":"m2e"}
)";
    ReadResult r = read_bytes(log, "copilot-output.jsonl");
    EXPECT_EQ(r.format, "copilot-cli");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.warnings.size(), 1u) << describe(r);
    EXPECT_NE(r.warnings[0].to_string().find("gone"), std::string::npos) << describe(r);
    const Session& s = r.sessions[0];
    std::vector<std::string> texts;
    for (const Message& m : s.messages) texts.push_back(m.visible_text());
    EXPECT_EQ(texts, (std::vector<std::string>{"one", "I will delete", "user initiated", "two", "ok", ""}));
    EXPECT_EQ(s.messages[5].blocks[0].text, "x");  // the answer, kept
    EXPECT_TRUE(s.messages[1].from_chunks);
    EXPECT_FALSE(s.messages[4].from_chunks);  // its whole message arrived: its pieces are dropped
}

// An event between a reply's pieces and its whole message places the reply from its pieces; the whole message then
// takes that place (no reply read twice), and a piece after it adds nothing (review).
TEST(CopilotCliReader, AWholeMessageAfterItsPlacedPiecesTakesTheirPlace) {
    const std::string log =
        R"({"type":"user.message","data":{"content":"hi"},"id":"u","timestamp":"t"}
{"type":"assistant.message_delta","data":{"messageId":"m1","deltaContent":"Let"},"ephemeral":true,"id":"d1","timestamp":"t"}
{"type":"system.notification","data":{"content":"Discovered instruction: AGENTS.md"},"id":"n","timestamp":"t"}
{"type":"assistant.message","data":{"messageId":"m1","content":"Let me look.","toolRequests":[]},"id":"a","timestamp":"t"}
{"type":"assistant.message_delta","data":{"messageId":"m1","deltaContent":" late"},"ephemeral":true,"id":"d2","timestamp":"t"}
{"type":"assistant.turn_end","data":{"turnId":"0"},"id":"e","timestamp":"t"}
)";
    ReadResult r = read_bytes(log, "events.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u);
    EXPECT_EQ(s.messages[1].visible_text(), "Let me look.");
    EXPECT_FALSE(s.messages[1].from_chunks);
    EXPECT_EQ(s.messages[1].seq, 1);
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kPlugin);
}

// A first line over the line limit (a window opening on a huge pasted request) is reported, and the rest is read as
// Copilot's (review: it was read as one damaged document).
TEST(CopilotCliReader, AFirstLineOverTheLimitIsReportedAndTheRestRead) {
    const std::string log = R"({"type":"user.message","data":{"content":")" + std::string(2u << 20, 'x') +
                            R"("},"id":"u","timestamp":"t"})" "\n" +
                            R"({"type":"assistant.message","data":{"messageId":"m","content":"ok"},"id":"a","timestamp":"t"})"
                            "\n";
    ReadOptions options;
    options.max_line_bytes = 1u << 20;
    ReadResult r = read_bytes(log, "events.jsonl", options);
    EXPECT_EQ(r.format, "copilot-cli");
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 1);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "ok");
}

// A redacted log ("[REDACTED]" for tool requests and results) is read without errors; its calls come from their
// start events.
TEST(CopilotCliReader, ARedactedLogIsReadWithoutErrors) {
    const std::string log =
        R"({"type":"assistant.message","data":{"messageId":"m","content":"","toolRequests":"[REDACTED]"},"id":"a","timestamp":"2026-09-28T10:00:00.000Z","parentId":null}
{"type":"tool.execution_start","data":{"toolCallId":"k","toolName":"skill","arguments":"[REDACTED]"},"id":"s","timestamp":"2026-09-28T10:00:01.000Z","parentId":"a"}
{"type":"tool.execution_complete","data":{"toolCallId":"k","success":true,"result":"[REDACTED]"},"id":"c","timestamp":"2026-09-28T10:00:02.000Z","parentId":"s"}
)";
    ReadResult r = read_bytes(log, "events.jsonl");
    EXPECT_EQ(r.format, "copilot-cli");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const SessionSummary sum = summarize(r.sessions[0]);
    EXPECT_EQ(sum.tool_calls, 1);
    EXPECT_EQ(sum.tool_calls_paired, 1);
}

// Bad lines are reported with their line and field, and the rest is read.
TEST(CopilotCliReader, BadLinesAreReportedAndSkipped) {
    const std::string log =
        R"({"type":"session.start","data":{"sessionId":"c-2","producer":"copilot-agent"},"id":"e0","timestamp":"2026-06-18T19:13:41.577Z"}
[1,2]
{"type":"tool.execution_complete","data":{"success":true,"result":{"content":"x"}},"id":"e2","timestamp":"t"}
{"type":"user.message","data":{"content":"still read"},"id":"e3","timestamp":"t"}
{"type":"user.message","id":"e4","timestamp":"t"}
)";
    ReadResult r = read_bytes(log, "events.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.errors.size(), 3u) << describe(r);
    EXPECT_NE(r.errors[2].to_string().find("without its data"), std::string::npos) << describe(r);
    EXPECT_NE(r.errors[0].to_string().find(":2"), std::string::npos) << describe(r);
    EXPECT_NE(r.errors[1].to_string().find("toolCallId"), std::string::npos) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "still read");
}

// Other logs whose lines hold `type` and `data` are not taken for Copilot's.
TEST(CopilotCliReader, OtherTypeAndDataLinesAreNotCopilots) {
    EXPECT_NE(read_bytes("{\"type\":\"foo\",\"data\":{}}\n{\"type\":\"bar\",\"data\":{}}\n", "x.jsonl").format,
              "copilot-cli");
    EXPECT_NE(read_bytes("{\"type\":\"session.start\",\"data\":{\"name\":\"x\"}}\n{\"type\":\"y\"}\n", "x.jsonl").format,
              "copilot-cli");
    EXPECT_EQ(detect_format("{\"type\":\"session.start\",\"data\":{\"producer\":\"copilot-agent\"}}\n"),
              SessionFormat::kOpenAiChat);
}

// A real `copilot -p … --output-format json` stream (tests/data/README.md): an edit, a ranged view, a shell call
// closed by the 2026 trailer, a reply cut short, and the closing result line.
TEST(CopilotCliReader, ARealOutputStream) {
    ReadResult r = read_file(testing::fixture("copilot-cli/gladiator-engine-p-json.jsonl"));
    EXPECT_EQ(r.format, "copilot-cli");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "76af7978-dcaf-4279-a4d6-3592f96c215d");
    const SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.tool_calls, 3);
    EXPECT_EQ(sum.tool_calls_paired, 3);
    EXPECT_EQ(sum.reasoning_blocks, 3);
    ASSERT_EQ(s.messages.size(), 7u);
    EXPECT_EQ(s.messages[5].blocks[0].text.rfind("[exit code: 0]\n", 0), 0u);
    EXPECT_EQ(s.messages[5].blocks[0].text.find("<shellId"), std::string::npos);
    std::set<std::string> got;
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) got.insert(c.key + " = " + c.value);
    EXPECT_TRUE(got.count("file./home/runner/work/gladiator-engine/gladiator-engine/tests/resource_data_test.gd = edited"))
        << ::testing::PrintToString(got);
}

TEST(CopilotCliReader, ARedactedLogKeepsTheUsersWordsInWhatWasSent) {
    // Copilot redacted this log itself: `content` is "[REDACTED]"; `transformedContent` (what it sent the model) holds
    // the user's words after its <current_datetime> (session 35).
    ReadResult r = read_file(testing::fixture("copilot-cli/redacted-skill-run.jsonl"));
    EXPECT_EQ(r.format, "copilot-cli");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_FALSE(s.messages.empty());
    const Message& user = s.messages[0];
    EXPECT_EQ(user.role, Role::kUser);
    const std::string lead = "Invoke skill `shepherd-task-20-create-issues-from-plan` with these inputs:";
    EXPECT_EQ(user.visible_text().rfind(lead, 0), 0u)
        << user.visible_text().substr(0, 200);
    EXPECT_EQ(user.visible_text().find("current_datetime"), std::string::npos);
    EXPECT_EQ(user.visible_text().find("[REDACTED]"), std::string::npos);
}

TEST(CopilotCliReader, ARedactedMessagesRemindersAreNotTheUsersWords) {
    // Copilot appends its <system_reminder> blocks to what it sends (seen in public Copilot logs): not the user's.
    const std::string log =
        R"({"type": "session.start", "data": {"sessionId": "s1", "producer": "copilot-agent"}, "id": "e0", "timestamp": "2026-09-09T19:42:00Z"})"
        "\n"
        R"({"type": "user.message", "data": {"content": "[REDACTED]", "transformedContent": "<current_datetime>2026-09-09T19:42:24-07:00</current_datetime>\n\nFix the flaky test.\n\n\n<system_reminder>\n<sql_tables>Available tables: todos</sql_tables>\n</system_reminder>"}, "id": "e1", "timestamp": "2026-09-09T19:42:24Z"})"
        "\n";
    const ReadResult r = read_bytes(log, "events.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_FALSE(r.sessions[0].messages.empty());
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "Fix the flaky test.");
}

}  // namespace
}  // namespace bm
