// Reader gaps fresh logs showed in session 37: Aider's doubled run header on Windows, and the progress
// line `opencode export <id> > file` leaves before the JSON; and session 36's review leftover, the
// field a wrapped Copilot CLI event's error names.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;

// Aider without a Windows console writes "# aider chat started at" twice in the same second, the
// first followed only by its notice: one run. A later run in the same second that holds input stays
// its own, and so does a notice-only run of another second.
TEST(AiderReader, AHeaderWrittenTwiceInOneSecondIsOneRun) {
    const std::string text =
        "\n# aider chat started at 2026-09-27 17:51:48\n\n"
        "> Can't initialize prompt toolkit: No Windows console found. Are you running cmd.exe?  \n\n"
        "# aider chat started at 2026-09-27 17:51:48\n\n"
        "> Can't initialize prompt toolkit: No Windows console found. Are you running cmd.exe?  \n"
        "> Aider v0.86.2  \n\n#### add a test for the tax brackets  \n\nDone.\n\n"
        "# aider chat started at 2026-09-27 17:51:48\n\n#### and run it  \n\n"
        "# aider chat started at 2026-09-27 18:02:43\n\n> Aider v0.86.2  \n\n"
        "# aider chat started at 2026-09-27 18:02:44\n\n#### hello  \n";
    const ReadResult r = read_bytes(text, ".aider.chat.history.md");
    ASSERT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 4u) << describe(r);
    const Session& first = r.sessions[0];
    EXPECT_EQ(first.created_at, "2026-09-27 17:51:48");
    ASSERT_EQ(first.messages.size(), 4u);  // both notices, the input and the reply
    EXPECT_EQ(first.messages[2].role, Role::kUser);
    EXPECT_EQ(first.messages[2].visible_text(), "add a test for the tax brackets");
    EXPECT_EQ(r.sessions[1].messages.size(), 1u);  // same second, but the first run had input
    EXPECT_EQ(r.sessions[2].messages.size(), 1u);  // a notice-only run of its own second
    EXPECT_EQ(r.sessions[3].created_at, "2026-09-27 18:02:44");
}

// Two committed session-export.json files (one held for session 38, one a collector's lead) open with
// "Exporting session: ses_…" and were refused as "not JSON text". The line is skipped with a warning
// naming it; every later line keeps its number, so an error in the export still names its own line.
TEST(OpenCodeExport, TheExportCommandsProgressLineIsSkipped) {
    const std::string json =
        "{\"info\":{\"id\":\"ses_9\",\"directory\":\"/home/u/app\",\"version\":\"1.15.5\"},\n"
        "\"messages\":[{\"info\":{\"id\":\"msg_1\",\"role\":\"user\"},\"parts\":[{\"type\":\"text\",\"text\":"
        "\"create the repo\"}]},\n"
        "{\"info\":{\"id\":\"msg_2\",\"role\":\"assistant\"},\"parts\":[{\"type\":\"tool\",\"callID\":\"c1\","
        "\"tool\":\"bash\",\"state\":{\"status\":\"completed\",\"input\":{\"command\":\"git init\"},"
        "\"output\":\"Initialized\",\"metadata\":{\"exit\":0}}}]}]}\n";
    const ReadResult plain = read_bytes(json, "session-export.json");
    ASSERT_EQ(plain.format, "opencode") << describe(plain);
    const ReadResult r = read_bytes("Exporting session: ses_9\n" + json, "session-export.json");
    EXPECT_EQ(r.format, "opencode");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.warnings.size(), 1u) << describe(r);
    EXPECT_NE(describe(r).find("Exporting session"), std::string::npos) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_EQ(r.sessions[0].id, "ses_9");
    EXPECT_EQ(r.sessions[0].messages.size(), plain.sessions[0].messages.size());
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "create the repo");
    EXPECT_EQ(r.warnings[0].where().line, 1);
    EXPECT_EQ(detect_format("Exporting session: ses_9\n" + json), detect_format(json));
    // A BOM before the line (a file saved by a Windows editor) is read past as well.
    const ReadResult bom = read_bytes("\xEF\xBB\xBF" "Exporting session: ses_9\n" + json, "session-export.json");
    EXPECT_EQ(bom.format, "opencode") << describe(bom);
    EXPECT_TRUE(bom.errors.empty()) << describe(bom);
    // Text after the line that is no JSON is still refused.
    const ReadResult prose = read_bytes("Exporting session: ses_9\nnothing was exported\n", "out.txt");
    ASSERT_FALSE(prose.errors.empty());
    EXPECT_NE(prose.errors[0].message().find("not JSON text"), std::string::npos) << describe(prose);
    EXPECT_TRUE(prose.sessions.empty());
    // A damaged export after the line (CRLF, as on Windows) is named at its own line of the file.
    const ReadResult damaged = read_bytes(
        "Exporting session: ses_9\r\n{\"info\":{\"id\":\"ses_9\"},\r\n\"messages\":[\r\n  oops]}\r\n", "bad.json");
    ASSERT_FALSE(damaged.errors.empty()) << describe(damaged);
    EXPECT_EQ(damaged.errors[0].where().line, 4) << describe(damaged);
}

// wasa-cli keeps each Copilot CLI event under its wrapper line's `raw`: an error names the field as the
// line holds it ("raw.data.content"), so the user finds it; a bare event's stays "data.content".
TEST(CopilotCliReader, AWrappedEventsErrorNamesItsFieldInTheLine) {
    const std::string event = R"({"type":"user.message","data":{"content":7},"id":"e1","timestamp":"t"})";
    const ReadResult wrapped = read_bytes(
        R"({"role":"user","content":"x","timestamp":"t","raw":)" + event + "}\n", "transcript.jsonl");
    EXPECT_EQ(wrapped.format, "copilot-cli");
    ASSERT_FALSE(wrapped.errors.empty()) << describe(wrapped);
    EXPECT_EQ(wrapped.errors[0].where().field, "raw.data.content") << describe(wrapped);
    const ReadResult bare = read_bytes(event + "\n", "events.jsonl");
    ASSERT_FALSE(bare.errors.empty()) << describe(bare);
    EXPECT_EQ(bare.errors[0].where().field, "data.content") << describe(bare);
}

}  // namespace
}  // namespace bm
