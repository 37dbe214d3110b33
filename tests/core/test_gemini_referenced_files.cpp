// Gemini CLI user turns that are not all the user's words (session 36): the files an "@path"
// mention pulled in, and an older CLI's "[Function Response: …]" record of a tool's answer.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "ingest/referenced_files.h"

namespace bm {
namespace {

using testing::describe;
using testing::find_message;
using testing::fixture;

TEST(ReferencedFiles, TheWordsBeforeTheBlockAreTheUsersAndEachFileIsNamed) {
    const auto ref = split_referenced_files(
        "Compare @a.txt with @docs/b.md\n--- Content from referenced files ---\nContent from "
        "@a.txt:\nalpha\n"
        "Content from @docs/b.md:\nbeta\n--- End of content ---\n");
    ASSERT_TRUE(ref.has_value());
    EXPECT_EQ(ref->words, "Compare @a.txt with @docs/b.md");
    EXPECT_EQ(ref->paths, (std::vector<std::string>{"a.txt", "docs/b.md"}));
    EXPECT_EQ(ref->contents, "Content from @a.txt:\nalpha\nContent from @docs/b.md:\nbeta");
    EXPECT_FALSE(split_referenced_files(
        "No files here. --- Content from referenced files --- in a sentence"));
}

TEST(ReferencedFiles, AFileHoldingTheClosingMarkerStaysInsideAndWordsAfterTheBlockAreKept) {
    const auto ref = split_referenced_files(
        "@notes.md\n--- Content from referenced files ---\nContent from @notes.md:\n--- End of "
        "content ---\nmore\n"
        "--- End of content ---\nthen summarise it");
    ASSERT_TRUE(ref.has_value());
    EXPECT_EQ(ref->words, "@notes.md\nthen summarise it");
    EXPECT_EQ(ref->contents, "Content from @notes.md:\n--- End of content ---\nmore");
    // A block with no file (every mention failed to resolve) leaves the words alone.
    const auto empty = split_referenced_files(
        "tell me a joke\n\n--- Content from referenced files ---\n\n--- End of content ---");
    ASSERT_TRUE(empty.has_value());
    EXPECT_EQ(empty->words, "tell me a joke");
    EXPECT_TRUE(empty->paths.empty());
}

TEST(ReferencedFiles, AFunctionResponseEchoNamesItsFunction) {
    EXPECT_EQ(function_response_echo("[Function Response: read_many_files]"), "read_many_files");
    EXPECT_EQ(function_response_echo("[Function Response: read_file]--- /tmp/x ---\nbody"), "read_file");
    EXPECT_FALSE(function_response_echo("Please explain [Function Response: read_file] to me"));
    EXPECT_FALSE(function_response_echo("[Function Response: ]"));
}

TEST(GeminiCliReader, AnAtMentionIsTheUsersReadAndItsFileIsNotTheirWords) {
    const ReadResult r = read_file(fixture("gemini-cli/chat-at-reference.json"));
    EXPECT_EQ(r.format, "gemini-cli");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    const Message* u = find_message(s, "a1c0e5f2-1b7d-4c3e-9f60-2d8a4b6c0e11");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->role, Role::kUser);
    EXPECT_EQ(u->source.kind, SourceKind::kUser);
    EXPECT_EQ(u->visible_text(),
              "Add a `--dry-run` flag to @scripts/deploy.sh, and do not touch the CI config.");
    const ContentBlock* call = testing::first_block(*u, BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_name, "read_many_files");
    EXPECT_EQ(call->arguments, R"({"paths":["scripts/deploy.sh"]})");
    const Message* read = find_message(s, "a1c0e5f2-1b7d-4c3e-9f60-2d8a4b6c0e11/" + call->tool_id);
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(read->role, Role::kTool);
    EXPECT_EQ(read->source.call_id, call->tool_id);
    EXPECT_NE(read->blocks.at(0).text.find("The deploy target is staging."), std::string::npos);

    // The older CLI's record of a tool's answer: a notice of the CLI's, not a turn the user typed.
    const Message* echo = find_message(s, "c3e2a7b4-3d9f-4e5a-b182-4fac6d8e2a33");
    ASSERT_NE(echo, nullptr);
    EXPECT_EQ(echo->role, Role::kSystem);
    EXPECT_EQ(echo->source.kind, SourceKind::kPlugin);
    EXPECT_EQ(echo->source.name, "gemini-cli-function-response");

    // The file's own "X is Y" is no claim of the user's; the user's words still are.
    bool asked = false;
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) {
            EXPECT_EQ(c.quote.find("deploy target is staging"), std::string::npos)
                << c.key << " = " << c.value;
            EXPECT_EQ(c.quote.find("Function Response"), std::string::npos)
                << c.key << " = " << c.value;
            asked |= c.source.role == "user" && c.quote.find("--dry-run") != std::string::npos;
        }
    EXPECT_TRUE(asked);
}

TEST(GeminiCliCheckpoint, AnAtMentionsFilesAreLeftOutOfTheUsersWords) {
    const std::string checkpoint = R"([
  {"role": "user", "parts": [{"text": "Rename the helper in @src/util.py"},
    {"text": "\n--- Content from referenced files ---"}, {"text": "\nContent from @src/util.py:\n"},
    {"text": "def helper():\n    # The cache is Redis.\n    pass\n"}, {"text": "\n--- End of content ---"}]},
  {"role": "model", "parts": [{"text": "I'll rename it to load_config."}]}
])";
    const ReadResult r = read_bytes(checkpoint, "checkpoint-rename.json");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    ASSERT_FALSE(r.sessions[0].messages.empty());
    const Message& u = r.sessions[0].messages[0];
    EXPECT_EQ(u.role, Role::kUser);
    EXPECT_EQ(u.visible_text(), "Rename the helper in @src/util.py");
}

}  // namespace
}  // namespace bm
