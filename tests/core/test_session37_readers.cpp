// Reader gaps fresh dev logs showed in session 37: Aider's doubled run header on Windows.
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

}  // namespace
}  // namespace bm
