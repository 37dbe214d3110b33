// Log shapes collectors found read wrongly in session 33: Kimi CLI's context file (refused), an OpenClaw export's
// {"trajectory": [role messages]} (refused), a bash agent whose tool-role answers name no call and an early
// mini-swe-agent build's "<args>…</args><returncode>\n1\n</returncode>" answers (no calls read), and
// openhands-resolver's flat events (no user turn, no call answered). Session 34: Replit Agent's memory log (refused),
// VS Code Copilot's subagent task read as the user's, a chat export's reasoning content parts read as its words.
#include <gtest/gtest.h>

#include <fstream>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "ingest/mini_swe_agent_turns.h"
#include "ingest/readers.h"
#include "extract/turn_rules.h"

namespace bm {
namespace {

using testing::describe;
using testing::first_block;
using testing::fixture;

// Every claim of the default rules as "key = value" lines.
std::string claims_of(const ReadResult& r) {
    std::string out;
    for (const auto& bc : extract_heuristic(r.sessions, {}))
        for (const Claim& c : bc.claims) out += c.key + " = " + c.value + "\n";
    return out;
}

std::vector<const Message*> of_role(const Session& s, Role role) {
    std::vector<const Message*> out;
    for (const Message& m : s.messages)
        if (m.role == role) out.push_back(&m);
    return out;
}

TEST(KimiCliContext, BookkeepingRecordsAreNoMessagesAndAFailedShellCallIsAnError) {
    ReadResult r = testing::read_one_log("kimi-cli/context-shell-failed.jsonl", "openai-chat", false);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    // 12 lines: 2 _checkpoint and 2 _usage records are skipped; the system prompt is the session's.
    EXPECT_EQ(s.messages.size(), 8u) << describe(r);
    ASSERT_EQ(of_role(s, Role::kSystem).size(), 1u);
    EXPECT_EQ(of_role(s, Role::kSystem)[0]->visible_text(), "You are Kimi CLI, an interactive command-line agent.");
    // The person's request, and the harness's checkpoint marker told apart from it.
    const auto users = of_role(s, Role::kUser);
    ASSERT_EQ(users.size(), 2u);
    EXPECT_EQ(users[0]->source.kind, SourceKind::kUser);
    EXPECT_EQ(users[1]->source.kind, SourceKind::kPlugin);
    EXPECT_EQ(users[1]->source.name, "checkpoint");
    const auto tools = of_role(s, Role::kTool);
    ASSERT_EQ(tools.size(), 2u);
    const ContentBlock* failed = first_block(*tools[0], BlockKind::kToolResult);
    ASSERT_NE(failed, nullptr);
    EXPECT_EQ(failed->tool_id, "Shell:0");
    EXPECT_TRUE(failed->is_error);
    ASSERT_NE(first_block(*tools[1], BlockKind::kToolResult), nullptr);
    EXPECT_FALSE(first_block(*tools[1], BlockKind::kToolResult)->is_error);

    const std::string claims = claims_of(r);
    EXPECT_NE(claims.find("pytest.tests.exit_code = 1"), std::string::npos) << claims;
    EXPECT_NE(claims.find("file./work/notes.md"), std::string::npos) << claims;
    EXPECT_EQ(claims.find("checkpoint"), std::string::npos) << claims;
}

TEST(KimiCliContext, AKimiRecordAloneIsNoChatMessageLine) {
    EXPECT_TRUE(kimi_record(nlohmann::json::parse(R"({"role": "_checkpoint", "id": 0})")));
    EXPECT_TRUE(kimi_record(nlohmann::json::parse(R"({"role": "_usage", "token_count": 5})")));
    EXPECT_FALSE(kimi_record(nlohmann::json::parse(R"({"role": "_usage"})")));
    EXPECT_FALSE(kimi_record(nlohmann::json::parse(R"({"role": "user", "content": "hi"})")));
}

TEST(EnvelopedChatLines, ANanobotForksWrappedLinesAreUnwrapped) {
    ReadResult r = testing::read_one_log("openai-chat-variants/enveloped-session.jsonl", "openai-chat", false);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].line, 2);
    EXPECT_EQ(s.messages[1].visible_text(), "The dev server listens on port 5173.");
    EXPECT_FALSE(enveloped_chat_record(nlohmann::json::parse(R"({"type": "message", "timestamp": 1, "data": {}})")));
    EXPECT_FALSE(enveloped_chat_record(nlohmann::json::parse(R"({"type": "user", "timestamp": 1, "data": {"role": "user"}})")));
}

TEST(ChatTrajectory, AnOpenClawExportOfRoleMessagesIsReadAsAChat) {
    ReadResult r = testing::read_one_log("openai-chat-variants/openclaw-trajectory-export.json", "openai-chat", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u);
    EXPECT_EQ(s.messages[1].visible_text(), "Check the inventory base and keep this off the shared card.");
    // The thinking parts are the turn's reasoning, the call is answered.
    const ContentBlock* reasoning = first_block(s.messages[2], BlockKind::kReasoning);
    ASSERT_NE(reasoning, nullptr);
    EXPECT_EQ(reasoning->text, "Read the inventory first.");
    const ContentBlock* result = first_block(s.messages[3], BlockKind::kToolResult);
    ASSERT_NE(result, nullptr);
    EXPECT_EQ(result->tool_id, "t1");
    EXPECT_EQ(result->text, "stock.csv");
}

TEST(ChatTrajectory, OpenHandsAndSweAgentTrajectoriesAreNotChats) {
    EXPECT_EQ(chat_trajectory(nlohmann::json::parse(R"({"trajectory": [{"action": "run", "source": "agent"}]})")),
              nullptr);
    EXPECT_EQ(chat_trajectory(nlohmann::json::parse(R"({"trajectory": [{"action": "ls", "observation": "a"}]})")),
              nullptr);
    EXPECT_EQ(chat_trajectory(nlohmann::json::parse(R"({"trajectory": [{"role": "user"}, 3]})")), nullptr);
    EXPECT_EQ(chat_trajectory(nlohmann::json::parse(R"({"trajectory": [{"role": "user", "action": "message"}]})")),
              nullptr);
    EXPECT_EQ(chat_trajectory(nlohmann::json::parse(R"({"trajectory": [{"role": "user"}], "history": []})")), nullptr);
    EXPECT_EQ(chat_trajectory(nlohmann::json::parse(R"({"trajectory": []})")), nullptr);
    EXPECT_NE(chat_trajectory(nlohmann::json::parse(R"({"trajectory": [{"role": "user", "content": "x"}]})")),
              nullptr);
}

TEST(BashAgentTurns, ToolRoleAnswersThatNameNoCallAnswerTheFencedCommandBefore) {
    ReadResult r = read_file(fixture("openai-chat-variants/bash-agent-orphan-results.json"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    const ContentBlock* call = first_block(s.messages[2], BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_name, "bash");
    const ContentBlock* ok = first_block(s.messages[3], BlockKind::kToolResult);
    ASSERT_NE(ok, nullptr);
    EXPECT_EQ(ok->tool_id, call->tool_id);
    EXPECT_FALSE(ok->is_error);
    const ContentBlock* failed = first_block(s.messages[5], BlockKind::kToolResult);
    ASSERT_NE(failed, nullptr);
    EXPECT_TRUE(failed->is_error);
    const std::string claims = claims_of(r);
    EXPECT_NE(claims.find("cat.missing.py.exit_code = 1"), std::string::npos) << claims;
}

TEST(BashAgentTurns, AnEarlyBuildsArgsBlockAndSpacedReturnCodeAreRead) {
    ReadResult r = read_file(fixture("openai-chat-variants/nano-swe-args-returncode.json"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 6u);
    EXPECT_EQ(s.messages[3].role, Role::kTool);
    const ContentBlock* failed = first_block(s.messages[3], BlockKind::kToolResult);
    ASSERT_NE(failed, nullptr);
    EXPECT_TRUE(failed->is_error);
    EXPECT_EQ(s.messages[5].role, Role::kTool);
    ASSERT_NE(first_block(s.messages[5], BlockKind::kToolResult), nullptr);
    EXPECT_FALSE(first_block(s.messages[5], BlockKind::kToolResult)->is_error);
    const std::string claims = claims_of(r);
    EXPECT_NE(claims.find("exit_code = 1"), std::string::npos) << claims;

    // The early build's template names its own submit command: only the issue is the user's words.
    const std::string task = "Please solve this issue: division(23, 0) raises SyntaxError.\n\nYou can execute bash "
                             "commands and edit files to implement the necessary changes.\n3. To finish, issue the "
                             "following command: `echo NANO_SWE_AGENT_FINAL_OUTPUT && git diff`";
    const auto [tb, te] = mini_swe_agent_task(task);
    ASSERT_NE(tb, std::string::npos);
    EXPECT_EQ(task.substr(tb, te - tb), "division(23, 0) raises SyntaxError.");

    size_t b = 0, e = 0;
    EXPECT_EQ(opening_return_code("<returncode>\n2\n</returncode>", b, e), 2);
    EXPECT_EQ(opening_return_code("<returncode>\t3\t</returncode>", b, e), 3);
    EXPECT_EQ(opening_return_code("<args>\n[]\n</args>\n<returncode>0</returncode>", b, e), 0);
    EXPECT_FALSE(opening_return_code("<args>\n[]\n<returncode>0</returncode>", b, e).has_value());  // unclosed args
    EXPECT_FALSE(opening_return_code("<returncode>\n</returncode>", b, e).has_value());
}

TEST(OpenHandsResolver, FlatEventsGiveTheTaskAsTheUsersAndAnswerTheLastCall) {
    ReadResult r = read_file(fixture("openhands-resolver/output-flat-events.json"));
    EXPECT_EQ(r.format, "openhands");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "openhands-issue-5");
    const auto users = of_role(s, Role::kUser);
    ASSERT_EQ(users.size(), 1u) << describe(r);
    EXPECT_NE(users[0]->visible_text().find("Add hello_world.go"), std::string::npos);
    // The closing message, after calls were made, is the agent's.
    EXPECT_EQ(s.messages.back().role, Role::kAssistant);
    const auto tools = of_role(s, Role::kTool);
    ASSERT_EQ(tools.size(), 2u);
    for (const Message* t : tools) {
        ASSERT_NE(first_block(*t, BlockKind::kToolResult), nullptr);
        EXPECT_FALSE(first_block(*t, BlockKind::kToolResult)->tool_id.empty());
    }
    const ContentBlock* call = nullptr;
    for (const Message& m : s.messages)
        if (!call) call = first_block(m, BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(first_block(*tools[0], BlockKind::kToolResult)->tool_id, call->tool_id);
    EXPECT_EQ(call->arguments.find("confirmation_state"), std::string::npos) << call->arguments;
    const std::string claims = claims_of(r);
    EXPECT_NE(claims.find("go.run.hello_world.go.exit_code = 1"), std::string::npos) << claims;
}

TEST(OpenHandsResolver, AnOutputFileOfSeveralIssuesGivesASessionAnIssue) {
    ReadResult r = read_file(fixture("openhands-resolver/output-two-issues.jsonl"));
    EXPECT_EQ(r.format, "openhands");
    ASSERT_EQ(r.sessions.size(), 2u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_EQ(r.sessions[0].id, "openhands-issue-5");
    EXPECT_EQ(r.sessions[1].id, "openhands-issue-6");
    const auto users = of_role(r.sessions[1], Role::kUser);
    ASSERT_EQ(users.size(), 1u);
    EXPECT_NE(users[0]->visible_text().find("Print the date."), std::string::npos);
}

TEST(OpenHandsResolver, OnlyTheFirstMessageBeforeAnyCallIsTheTaskAndASystemActionIsNoAgentText) {
    const std::string path = ::testing::TempDir() + "resolver-opening.json";
    std::ofstream(path) << R"({"issue_type": "issue", "base_commit": "abc", "history": [)"
                        << R"({"action": "system", "content": "You are OpenHands agent.", "tools": []},)"
                        << R"({"action": "message", "content": "Fix issue 7: the date is wrong."},)"
                        << R"({"action": "message", "content": "I will look at the code first."},)"
                        << R"({"action": "run", "command": "ls"},)"
                        << R"({"observation": "run", "content": "main.go", "metadata": {"exit_code": 0}}]})";
    ReadResult r = read_file(path);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u) << describe(r);
    EXPECT_EQ(s.messages[0].role, Role::kSystem);
    EXPECT_EQ(s.messages[1].role, Role::kUser);
    EXPECT_EQ(s.messages[2].role, Role::kAssistant);
    // No `issue` to name it: named after its line, and the warning says what a resolver line holds.
    EXPECT_EQ(s.id, "openhands-line1");
    EXPECT_NE(describe(r).find("resolver output line has no issue number"), std::string::npos) << describe(r);
}

// Session 34: Replit Agent's memory log ({"memory_id", "messages"} a line) was refused as a "truncated or damaged"
// document; its calls carry no id ({"type": "tool", "name", "arguments"}) and its results name none.
TEST(AgentMemoryLog, EachLinesMessagesContinueTheChatAndUnnamedResultsAnswerInOrder) {
    const ReadResult r = testing::read_one_log("openai-chat-variants/replit-agent-memory.jsonl", "openai-chat", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    size_t calls = 0, answered = 0;
    std::vector<std::string> names;
    for (const Message& m : s.messages)
        for (const ContentBlock& b : m.blocks) {
            if (b.kind == BlockKind::kToolCall) ++calls, names.push_back(b.tool_name);
            if (b.kind == BlockKind::kToolResult && !b.tool_id.empty()) ++answered;
        }
    EXPECT_EQ(calls, 4u);
    EXPECT_EQ(answered, 4u);
    EXPECT_EQ(names, (std::vector<std::string>{"bash", "read", "code_execution", "bash"}));
    // The first answer is the bash call's: python3 missing (exit code 127).
    const Message* first_answer = nullptr;
    for (const Message& m : s.messages)
        if (m.role == Role::kTool && !first_answer) first_answer = &m;
    ASSERT_NE(first_answer, nullptr);
    EXPECT_EQ(first_answer->source.call_id, s.messages[0].id + "#0");
    EXPECT_NE(first_answer->blocks[0].text.find("127"), std::string::npos);
    EXPECT_TRUE(first_answer->blocks[0].is_error);  // Replit's "is_error": true
    // Read line by line: every message of a line keeps that line's number (a document would number them 1, 2, 3…).
    EXPECT_EQ(s.messages[0].line, 1);
    EXPECT_EQ(s.messages[2].line, 1);
    EXPECT_EQ(s.messages[3].line, 2);
}

TEST(AgentMemoryLog, AOneMessageALineChatIsStillOne) {
    const ReadResult r = read_bytes("{\"role\":\"user\",\"content\":\"fix the build\"}\n"
                                    "{\"role\":\"assistant\",\"content\":\"done\"}\n",
                                    "chat.jsonl");
    EXPECT_EQ(r.format, "openai-chat");
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages.size(), 2u);
}

// VS Code's Copilot agent logs a subagent's task as a user.message right after the runSubagent call that starts it.
TEST(CopilotVsCode, ASubagentsTaskIsNotTheUsersMessage) {
    const ReadResult r = testing::read_one_log("copilot-cli/vscode-subagent-task.jsonl", "copilot-cli", false);
    ASSERT_EQ(r.sessions.size(), 1u);
    std::vector<std::string> users, tasks;
    for (const Message& m : r.sessions[0].messages)
        if (m.role == Role::kUser)
            (m.source.kind == SourceKind::kUser ? users : tasks).push_back(m.visible_text());
    EXPECT_EQ(users, (std::vector<std::string>{"Start implementation"}));
    ASSERT_EQ(tasks.size(), 1u);
    EXPECT_EQ(tasks[0].rfind("Search the backend source code", 0), 0u);
}

// An exported Claude Code transcript as a chat document: the model's thinking is a {"type": "reasoning"} content part.
TEST(ChatContentParts, AReasoningPartIsTheModelsReasoningNotItsWords) {
    const ReadResult r = read_bytes(R"({"messages": [
        {"role": "user", "content": [{"type": "text", "text": "Fix the audit issues."}]},
        {"role": "assistant", "content": [{"type": "reasoning", "text": "The database is probably MySQL."},
                                          {"type": "text", "text": "I will start with the routes."}]}]})",
                                    "export.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Message& a = r.sessions[0].messages.at(1);
    const ContentBlock* thought = first_block(a, BlockKind::kReasoning);
    ASSERT_NE(thought, nullptr);
    EXPECT_EQ(thought->text, "The database is probably MySQL.");
    EXPECT_EQ(a.visible_text(), "I will start with the routes.");
}

}  // namespace
}  // namespace bm