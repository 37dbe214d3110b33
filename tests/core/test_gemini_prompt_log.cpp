// Gemini CLI's prompt log (logs.json) and the chat recording's echoed results and setup turn (session 34).
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;
using testing::fixture;

TEST(GeminiPromptLog, EachSessionIdIsASessionOfTheUsersPrompts) {
    const ReadResult r = read_file(fixture("gemini-cli/logs-two-sessions.json"));
    EXPECT_EQ(r.format, "gemini-logs");
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 2u) << describe(r);
    const Session& first = r.sessions[0];
    EXPECT_EQ(first.id_form, "gemini-logs-1749891978");
    EXPECT_EQ(first.format, SessionFormat::kGeminiCli);
    EXPECT_EQ(first.created_at, "2025-06-14T09:09:03.943Z");
    ASSERT_EQ(first.messages.size(), 4u);
    for (const Message& m : first.messages) {
        EXPECT_EQ(m.role, Role::kUser);
        EXPECT_EQ(m.source.kind, SourceKind::kUser);
    }
    EXPECT_EQ(first.messages[3].visible_text(), "can you please finish this work");
    EXPECT_EQ(first.messages[3].line, 4);  // the entry's index in the array, from 1
    EXPECT_EQ(r.sessions[1].id_form, "gemini-logs-1749900227");
    EXPECT_EQ(r.sessions[1].messages.size(), 2u);
}

TEST(GeminiPromptLog, CommandsToTheCliAreNoMessagesAndBadEntriesAreNamed) {
    const std::string log = R"([
      {"sessionId": "a1", "messageId": 0, "type": "user", "message": "/auth", "timestamp": "t0"},
      {"sessionId": "a1", "messageId": 1, "type": "user", "message": "!git status", "timestamp": "t1"},
      {"sessionId": "a1", "messageId": 2, "type": "user", "message": "/home/me/app.py fails, fix it", "timestamp": "t2"},
      {"sessionId": "a1", "messageId": 3, "type": "note", "message": "x", "timestamp": "t3"},
      {"messageId": 4, "type": "user", "message": "lost", "timestamp": "t4"},
      "not an entry"
    ])";
    const ReadResult r = read_bytes(log, "logs.json");
    EXPECT_EQ(r.format, "gemini-logs");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "/home/me/app.py fails, fix it");
    const std::string d = describe(r);
    EXPECT_NE(d.find("[4].sessionId"), std::string::npos) << d;
    EXPECT_NE(d.find("[5]"), std::string::npos) << d;
    EXPECT_NE(d.find("'note'"), std::string::npos) << d;
    EXPECT_TRUE(r.partial);
}

TEST(GeminiPromptLog, AnArrayOfOtherObjectsIsNotTakenForOne) {
    // An OpenAI chat array keeps its reader; a prompt log needs sessionId, messageId, type and message.
    EXPECT_EQ(read_bytes(R"([{"role": "user", "content": "hi"}])", "chat.json").format, "openai-chat");
    EXPECT_EQ(read_bytes(R"([{"sessionId": 1, "message": "hi"}])", "x.json").format, "unknown");
}

TEST(GeminiCliRecording, EchoedResultsAndTheSetupTurnAreNotTheUsersWords) {
    // A real recording (newer CLI): the `$set` snapshot's setup turn with the workspace tree, the user's request, a
    // model turn whose update_topic call carries its result, and a `user` record repeating that result.
    const ReadResult r = read_file(fixture("gemini-cli/recording-topic-echo.jsonl"));
    EXPECT_EQ(r.format, "gemini-cli");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    std::vector<const Message*> users, setup;
    size_t answers = 0;
    for (const Message& m : r.sessions[0].messages) {
        if (m.role == Role::kTool) ++answers;
        if (m.role != Role::kUser) continue;
        (m.source.kind == SourceKind::kUser ? users : setup).push_back(&m);
    }
    ASSERT_EQ(users.size(), 1u);
    EXPECT_EQ(users[0]->visible_text().rfind("okk,,lets fix a new problem", 0), 0u);
    ASSERT_EQ(setup.size(), 1u);
    EXPECT_EQ(setup[0]->source.name, "gemini-cli-context");
    EXPECT_EQ(answers, 1u);  // the call's own result, not its echo
}

}  // namespace
}  // namespace bm
