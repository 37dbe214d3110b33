// Reader gaps seen on session 38's fresh logs and leads: Gemini CLI's error report of a failed request, its
// shell-mode note.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "ingest/ingest.h"
#include "ingest/referenced_files.h"

namespace bm {
namespace {

using testing::describe;

// gemini-client-error-*.json: the request's history in `context`, read as a saved chat's history.
TEST(Session38Readers, AGeminiErrorReportIsReadAsTheHistoryItSent) {
    const std::string report = R"({
  "error": {"message": "got status: UNAVAILABLE. The model is overloaded.", "stack": "ApiError: …"},
  "context": [
    {"role": "user", "parts": [{"text": "Add a booking form to the plugin."}]},
    {"role": "model", "parts": [{"text": "I will look for the existing booking files."},
                                {"functionCall": {"name": "glob", "args": {"pattern": "**/booking*"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "glob", "response": {"output": "Found 2 files"}}}]}
  ]
})";
    ReadResult r = read_bytes(report, "gemini-client-error.json");
    EXPECT_EQ(r.format, "gemini-checkpoint");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u) << describe(r);
    EXPECT_EQ(s.messages[0].visible_text(), "Add a booking form to the plugin.");
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(summarize(s).tool_calls_paired, 1);
    // An object with an error but no history array is not one.
    EXPECT_NE(read_bytes(R"({"error": {"message": "x"}, "context": "none"})", "e.json").format, "gemini-checkpoint");
}

// gemini-cli's shell mode (`!git status`) puts a note of the command and its output in the user's place; it is read
// as the user's own shell call and its answer, in a saved chat and in a `/chat share` Markdown export alike.
TEST(Session38Readers, AGeminiShellModeNoteIsTheUsersShellCall) {
    const std::string note =
        "I ran the following shell command:\n```sh\ngit status --short\n```\n\n"
        "This produced the following result:\n```\n M src/app.ts\n?? notes.md\n```";
    const json chat = json::array({{{"role", "user"}, {"parts", json::array({{{"text", "Fix the build."}}})}},
                                   {{"role", "model"}, {"parts", json::array({{{"text", "Looking."}}})}},
                                   {{"role", "user"}, {"parts", json::array({{{"text", note}}})}}});
    ReadResult saved = read_bytes(chat.dump(1), "checkpoint-fix.json");
    ASSERT_EQ(saved.sessions.size(), 1u) << describe(saved);
    const Message& m = saved.sessions[0].messages.back();
    EXPECT_EQ(m.source.kind, SourceKind::kUser);
    ASSERT_EQ(m.blocks.size(), 2u);
    EXPECT_EQ(m.blocks[0].kind, BlockKind::kToolCall);
    EXPECT_EQ(m.blocks[0].tool_name, "run_shell_command");
    EXPECT_EQ(m.blocks[0].arguments, R"({"command":"git status --short"})");
    EXPECT_EQ(m.blocks[1].kind, BlockKind::kToolResult);
    EXPECT_EQ(m.blocks[1].text, " M src/app.ts\n?? notes.md");
    EXPECT_EQ(summarize(saved.sessions[0]).tool_calls_paired, 1);

    const std::string share = "## USER 🧑‍💻\n\nFix the build.\n\n---\n\n## MODEL ✨\n\nLooking.\n\n---\n\n## USER 🧑‍💻\n\n" +
                              note + "\n";
    ReadResult md = read_bytes(share, "share.md");
    ASSERT_EQ(md.sessions.size(), 1u) << describe(md);
    const Message& last = md.sessions[0].messages.back();
    ASSERT_EQ(last.blocks.size(), 2u) << describe(md);
    EXPECT_EQ(last.blocks[0].arguments, R"({"command":"git status --short"})");
    // The user's words that only quote the note's opening are theirs.
    EXPECT_FALSE(gemini_shell_note("I ran the following shell command:\n```sh\nls\n```\nand it hung."));
}

}  // namespace
}  // namespace bm
