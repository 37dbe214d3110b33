// Gemini CLI user turns that are not all the user's words (session 36): the files an "@path"
// mention pulled in, and an older CLI's "[Function Response: …]" record of a tool's answer; and
// (session 37) the CLI's chat compression, the model's <state_snapshot> in the user's place.
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

    // The file's own "X is Y" is no claim of the user's; the user's words still are (user.request, off by default
    // since session 39).
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) {
            EXPECT_EQ(c.quote.find("deploy target is staging"), std::string::npos)
                << c.key << " = " << c.value;
            EXPECT_EQ(c.quote.find("Function Response"), std::string::npos)
                << c.key << " = " << c.value;
        }
    bool asked = false;
    ExtractOptions every;
    every.all_rules = true;
    for (const BranchClaims& b : extract_heuristic(r.sessions, every))
        for (const Claim& c : b.claims) {
            if (c.quote.find("deploy target is staging") != std::string::npos)  // the file is not the user's words
                EXPECT_NE(c.source.role, "user") << c.key << " = " << c.value;
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

// A `/chat share` export after a compression (a real one in a dev log: the snapshot in a ```xml fence,
// answered "Got it. Thanks for the additional context!"): the snapshot is the harness's checkpoint, and
// the user's next turn is still theirs.
TEST(GeminiShareExport, AStateSnapshotIsTheCompressionNotTheUsersWords) {
    const ReadResult r = read_bytes(
        "🧑‍💻 ## USER\n\n```xml\n<state_snapshot>\n    <overall_goal>\n        Ship the PWA to GitHub "
        "Pages.\n    </overall_goal>\n</state_snapshot>\n```\n\n---\n\n✨ ## MODEL\n\nGot it. Thanks "
        "for the additional context!\n\n---\n\n🧑‍💻 ## USER\n\nPlease fix the failing login test.\n",
        "chat.md");
    EXPECT_EQ(r.format, "gemini-share");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[0].source.name, "compact");
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_EQ(s.checkpoints[0].kind, "compaction");
    EXPECT_EQ(s.checkpoints[0].seq, 0);
    EXPECT_NE(s.checkpoints[0].summary.find("Ship the PWA"), std::string::npos);
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);
    bool asked = false;
    ExtractOptions every;  // user.request is off by default since session 39
    every.all_rules = true;
    for (const BranchClaims& b : extract_heuristic(r.sessions, every))
        for (const Claim& c : b.claims) asked |= c.value == "fix the failing login test";
    EXPECT_TRUE(asked);
    // A user who writes about the tag is still the user.
    const ReadResult own = read_bytes(
        "🧑‍💻 ## USER\n\nWhy does the <state_snapshot> lose my goal?\n", "ask.md");
    ASSERT_EQ(own.sessions.size(), 1u) << describe(own);
    EXPECT_EQ(own.sessions[0].messages[0].source.kind, SourceKind::kUser);
    EXPECT_TRUE(own.sessions[0].checkpoints.empty());
    // … and so is one who pastes a snapshot and asks about it after it.
    const ReadResult pasted = read_bytes(
        "🧑‍💻 ## USER\n\n<state_snapshot>\n<overall_goal>x</overall_goal>\n</state_snapshot>\n\nWhy is the "
        "goal x?\n",
        "pasted.md");
    ASSERT_EQ(pasted.sessions.size(), 1u) << describe(pasted);
    EXPECT_EQ(pasted.sessions[0].messages[0].source.kind, SourceKind::kUser);
    EXPECT_TRUE(pasted.sessions[0].checkpoints.empty());
}

// The same compression in a `/chat save` checkpoint (a Content history; gemini-cli puts the snapshot
// first, unfenced).
TEST(GeminiCliCheckpoint, AStateSnapshotIsTheCompressionNotTheUsersWords) {
    const std::string checkpoint = R"([
  {"role": "user", "parts": [{"text": "<state_snapshot>\n  <overall_goal>Ship the PWA.</overall_goal>\n</state_snapshot>"}]},
  {"role": "model", "parts": [{"text": "Got it. Thanks for the additional context!"}]},
  {"role": "user", "parts": [{"text": "Please fix the failing login test."}]}
])";
    const ReadResult r = read_bytes(checkpoint, "checkpoint-after-compress.json");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u);
    EXPECT_EQ(s.messages[0].source.name, "compact");
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_EQ(s.checkpoints[0].kind, "compaction");
}

}  // namespace
}  // namespace bm
