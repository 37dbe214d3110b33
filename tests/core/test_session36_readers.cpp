// Reader gaps fresh dev logs showed in session 36: a Codex rollout kept from past its meta line,
// Copilot CLI events inside wasa-cli's wrapper lines, a Claude Code teammate transcript's
// agent-setting line, and Aider's pasted multi-line input and inline reasoning.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;
using testing::first_block;
using testing::fixture;

TEST(CodexRollout, ABareResponsesItemFirstLineIsAnOldRolloutNotAnUnknownLog) {
    const ReadResult r = read_file(fixture("codex/rollout-past-its-meta-line.jsonl"));
    EXPECT_EQ(r.format, "codex");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_FALSE(s.messages.empty());
    EXPECT_EQ(s.messages.front().role, Role::kUser);
    EXPECT_EQ(s.messages.front().visible_text().rfind("Freiperiod soll 10 minuten betragen.", 0),
              0u);
    size_t calls = 0, answers = 0;
    for (const Message& m : s.messages)
        for (const ContentBlock& b : m.blocks) {
            calls += b.kind == BlockKind::kToolCall;
            answers += b.kind == BlockKind::kToolResult;
        }
    EXPECT_EQ(calls, 1u);
    EXPECT_EQ(answers, 1u);
    // A chat line of another agent (no Responses parts) is still a chat line.
    const ReadResult chat = read_bytes(
        "{\"role\":\"user\",\"content\":\"hi\"}\n{\"role\":\"assistant\",\"content\":\"hello\"}\n",
        "chat.jsonl");
    EXPECT_NE(chat.format, "codex");
}

TEST(CopilotCliReader, EventsInsideWasaWrapperLinesAreRead) {
    const ReadResult r = read_file(fixture("copilot-cli/wasa-wrapped-events.jsonl"));
    EXPECT_EQ(r.format, "copilot-cli");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_GE(s.messages.size(), 2u);
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].visible_text(),
              "implement https://github.com/JoakimCarlsson/wasa-cli/issues/138");
    const ContentBlock* call = first_block(s.messages[1], BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_name, "bash");
    EXPECT_NE(call->arguments.find("gh issue view 138"), std::string::npos);
}

TEST(ClaudeCodeReader, AnAgentSettingLineIsKnownBookkeeping) {
    const ReadResult r = read_bytes(
        "{\"type\":\"agent-setting\",\"agentSetting\":\"general-purpose\",\"sessionId\":\"b533bfd9-"
        "92fd-4fbd-b735-ea8f7e1479cd\"}\n"
        "{\"parentUuid\":null,\"isSidechain\":false,\"type\":\"user\",\"message\":{\"role\":"
        "\"user\",\"content\":\"hi\"},"
        "\"uuid\":\"u1\",\"timestamp\":\"2026-07-01T10:00:00.000Z\",\"sessionId\":\"b533bfd9-92fd-"
        "4fbd-b735-ea8f7e1479cd\"}\n",
        "teammate.jsonl");
    EXPECT_EQ(r.format, "claude-code");
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages.size(), 1u);
}

TEST(ClaudeCodeReader, APlanModeTurnIsAnEnvironmentFactWhereTheModeChanges) {
    const ReadResult r = read_bytes(
        "{\"type\":\"permission-mode\",\"permissionMode\":\"default\",\"sessionId\":\"s1\"}\n"
        "{\"parentUuid\":null,\"type\":\"user\",\"permissionMode\":\"plan\",\"message\":{\"role\":\"user\","
        "\"content\":\"plan the port\"},\"uuid\":\"u1\",\"timestamp\":\"2026-07-01T10:00:00.000Z\","
        "\"sessionId\":\"s1\"}\n"
        "{\"parentUuid\":\"u1\",\"type\":\"user\",\"permissionMode\":\"plan\",\"message\":{\"role\":\"user\","
        "\"content\":\"go on\"},\"uuid\":\"u2\",\"timestamp\":\"2026-07-01T10:01:00.000Z\",\"sessionId\":\"s1\"}\n",
        "plan.jsonl");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    std::vector<std::string> modes;
    for (const EnvironmentFact& f : r.sessions[0].environment)
        if (f.name == "permission_mode") modes.push_back(f.value + "@" + std::to_string(f.line));
    EXPECT_EQ(modes, (std::vector<std::string>{"plan@2"}));  // "default" says nothing; a mode kept is not restated
}

TEST(AiderReader, InputLinesOnlyBlankLinesPartAreOneInput) {
    const ReadResult r = read_file(fixture("aider/pasted-request-lines.md"));
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    std::vector<const Message*> users;
    for (const Message& m : r.sessions[0].messages)
        if (m.role == Role::kUser) users.push_back(&m);
    ASSERT_EQ(users.size(), 1u);  // /clear and /drop are commands; the four request lines one input
    const std::string text = users[0]->visible_text();
    EXPECT_EQ(text.rfind("pojdme podle zadání", 0), 0u);
    EXPECT_NE(text.find("\nautonomně jenom"), std::string::npos);
    EXPECT_NE(text.find("požádej o vhodné soubory abys je měl k dispozici"), std::string::npos);
}

TEST(AiderReader, InlineThinkingContentIsReasoning) {
    const ReadResult r = read_file(fixture("aider/thinking-content.md"));
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Message* reply = nullptr;
    for (const Message& m : r.sessions[0].messages)
        if (m.role == Role::kAssistant) reply = &m;
    ASSERT_NE(reply, nullptr);
    const ContentBlock* thought = first_block(*reply, BlockKind::kReasoning);
    ASSERT_NE(thought, nullptr);
    EXPECT_EQ(thought->text.rfind("Here's a thinking process:", 0), 0u);
    EXPECT_EQ(reply->visible_text().find("thinking"), std::string::npos);
    EXPECT_EQ(reply->visible_text().rfind("Привет! Готов к работе.", 0), 0u);
}

}  // namespace
}  // namespace bm
