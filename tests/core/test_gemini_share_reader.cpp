// Gemini CLI's `/chat share` Markdown export (session 36: refused before as "not JSON text").
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/gemini_share_reader.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;
using testing::first_block;
using testing::fixture;

TEST(GeminiShareExport, TurnsCallsAndTheirAnswersAreRead) {
    const ReadResult r = read_file(fixture("gemini-cli/share-export-promptit.md"));
    EXPECT_EQ(r.format, "gemini-share");
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kGeminiCli);
    ASSERT_GE(s.messages.size(), 8u);
    // The setup turn is the CLI's; the next turns are the user's words.
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[0].source.name, "gemini-cli-context");
    EXPECT_EQ(s.messages[1].role, Role::kUser);
    EXPECT_EQ(s.messages[1].visible_text().rfind("Hi! I have a task, where I need to document", 0),
              0u);
    // A model turn's text and its call; the answer (a user turn of a Tool Response) pairs with it
    // by id.
    std::vector<const Message*> calls, answers;
    for (const Message& m : s.messages) {
        if (first_block(m, BlockKind::kToolCall)) calls.push_back(&m);
        if (m.role == Role::kTool) answers.push_back(&m);
    }
    ASSERT_EQ(calls.size(), 2u);
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_EQ(calls[0]->visible_text().rfind("I can certainly help you with that!", 0), 0u);
    EXPECT_EQ(first_block(*calls[0], BlockKind::kToolCall)->tool_name, "run_shell_command");
    EXPECT_NE(first_block(*calls[0], BlockKind::kToolCall)->arguments.find("ls PROMPTIT.md"),
              std::string::npos);
    const ContentBlock* cancelled = first_block(*answers[0], BlockKind::kToolResult);
    EXPECT_EQ(cancelled->tool_id, first_block(*calls[0], BlockKind::kToolCall)->tool_id);
    EXPECT_TRUE(cancelled->is_error);
    EXPECT_EQ(cancelled->text.rfind("[Operation Cancelled]", 0), 0u);
    EXPECT_FALSE(first_block(*answers[1], BlockKind::kToolResult)->is_error);
    // The write it answers is a file the session created.
    std::set<std::string> got;
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) got.insert(c.key + " = " + c.value);
    EXPECT_TRUE(got.count("file.promptit.md = created")) << ::testing::PrintToString(got);
}

TEST(GeminiShareExport, HeadingsAreTurnsOnlyAfterARule) {
    EXPECT_TRUE(is_gemini_share_export("\n## USER 🧑‍💻\n\nhi\n"));
    EXPECT_TRUE(is_gemini_share_export(
        "🧑💻 ## USER\n\nhi\n"));  // the icon first: older CLIs and Qwen Code
    EXPECT_FALSE(is_gemini_share_export("## USER GUIDE\n\ntext\n"));
    EXPECT_FALSE(is_gemini_share_export("# aider chat started at 2025-01-01 10:00:00\n"));
    const ReadResult r = read_bytes(
        "✨ ## MODEL\n\nSee below.\n\n## USER ✨\nnot a turn: no rule before it\n\n---\n\n🧑💻 ## "
        "USER\n\nthanks\n",
        "chat.md");
    EXPECT_EQ(r.format, "gemini-share");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 2u);
    EXPECT_EQ(r.sessions[0].messages[0].role, Role::kAssistant);
    EXPECT_NE(r.sessions[0].messages[0].visible_text().find("not a turn"), std::string::npos);
    EXPECT_EQ(r.sessions[0].messages[1].visible_text(), "thanks");
}

TEST(GeminiShareExport, AMarkerInProseLeavesTheRealCallsAfterIt) {
    const ReadResult r = read_bytes(
        "## MODEL ✨\n\nI will use a **Tool Command**: block next.**Tool Command**:\n```json\n"
        "{\n  \"name\": \"ls\",\n  \"args\": {}\n}\n```\n\n---\n\n## USER 🧑‍💻\n\n```json\n```\n",
        "prose.md");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Message& m = r.sessions[0].messages.at(0);
    ASSERT_NE(first_block(m, BlockKind::kToolCall), nullptr) << describe(r);
    EXPECT_EQ(first_block(m, BlockKind::kToolCall)->tool_name, "ls");
    EXPECT_EQ(m.visible_text(), "I will use a **Tool Command**: block next.");
    EXPECT_FALSE(is_gemini_share_export("## USER\n\nnotes\n"));  // no icon: a notes file
}

TEST(GeminiShareExport, ABrokenToolBlockIsNamedAndTheRestRead) {
    const ReadResult r = read_bytes(
        "## USER 🧑‍💻\n\nlist files\n\n---\n\n## MODEL ✨\n\n**Tool "
        "Command**:\n```json\n{\"name\": \"ls\", \n```\n\n"
        "---\n\n## USER 🧑‍💻\n\nthanks\n",
        "broken.md");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_FALSE(r.errors.empty());
    EXPECT_NE(r.errors[0].to_string().find("Tool Command"), std::string::npos) << describe(r);
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(r.sessions[0].messages.back().visible_text(), "thanks");
}

}  // namespace
}  // namespace bm
