// Aider input lines that are not the user's words (session 40): architect mode's reply handed to the editor model,
// and a confirm prompt logged on an input line with its typed answer.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;

// Architect mode logs the architect's reply, its token line, then the same reply again as input lines: what aider
// sent the editor model (the shape of two dev logs, with "####   " for a blank line and the reply's trailing spaces).
// The echo is the harness's message; the user's own input after it is still the user's.
TEST(AiderReader, AnArchitectsReplyHandedToTheEditorIsTheHarnesss) {
    const std::string text =
        "# aider chat started at 2026-03-16 21:43:00\n\n"
        "> Model: openrouter/deepseek/deepseek-chat with architect edit format  \n\n"
        "#### Create scripts/seed.ts. Do NOT modify the schema.  \n\n"
        "I'll create the seed script:  \n\n"
        "1. Create `scripts/seed.ts`  \n"
        "  'University of Sydney', \n\n"
        "> Tokens: 4.7k sent, 708 received.  \n\n"
        "#### I'll create the seed script:  \n"
        "####   \n"
        "#### 1. Create `scripts/seed.ts`  \n"
        "####   'University of Sydney',   \n\n"
        "Here is the edit.\n\n"
        "#### the table is monitor_orgs, not TargetCompanies  \n";
    const ReadResult r = read_bytes(text, ".aider.chat.history.md");
    ASSERT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::vector<std::string> users;
    int echoes = 0;
    for (const Message& m : r.sessions[0].messages) {
        if (m.role != Role::kUser) continue;
        if (m.source.kind == SourceKind::kUser) users.push_back(m.visible_text());
        if (m.source.kind == SourceKind::kPlugin && m.source.name == "architect") ++echoes;
    }
    EXPECT_EQ(echoes, 1) << describe(r);
    ASSERT_EQ(users.size(), 2u) << describe(r);
    EXPECT_EQ(users[0], "Create scripts/seed.ts. Do NOT modify the schema.");
    EXPECT_EQ(users[1], "the table is monitor_orgs, not TargetCompanies");
    // Input that only resembles the reply (a user quoting its first line) stays the user's.
    const std::string quoting =
        "# aider chat started at 2026-03-16 21:43:00\n\n#### go  \n\nI'll create the seed script.\nDone.\n\n"
        "#### I'll create the seed script.  \n";
    const ReadResult q = read_bytes(quoting, ".aider.chat.history.md");
    ASSERT_EQ(q.sessions.size(), 1u) << describe(q);
    EXPECT_EQ(q.sessions[0].messages.back().source.kind, SourceKind::kUser);
}

// A confirm prompt logged on an input line with the answer typed at it (a dev log: nine "skip" answers) is aider's
// confirmation, as its "> " form is; a request that mentions (Y)es/(N)o is still a request.
TEST(AiderReader, AConfirmPromptOnAnInputLineIsAidersOutput) {
    const std::string text =
        "# aider chat started at 2026-05-02 10:00:00\n\n"
        "#### what files are in this directory?  \n\nsrc/app.swift and README.md.\n\n"
        "#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: skip  \n\n"
        "#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: skip  \n\n"
        "#### make the prompt say (Y)es/(N)o instead of y/n  \n";
    const ReadResult r = read_bytes(text, ".aider.chat.history.md");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::vector<std::string> users;
    int confirmations = 0;
    for (const Message& m : r.sessions[0].messages) {
        if (m.role == Role::kUser) users.push_back(m.visible_text());
        if (m.role == Role::kTool && m.blocks.at(0).text.find("[Yes]: skip") != std::string::npos) ++confirmations;
    }
    EXPECT_EQ(confirmations, 2) << describe(r);
    ASSERT_EQ(users.size(), 2u) << describe(r);
    EXPECT_EQ(users[0], "what files are in this directory?");
    EXPECT_EQ(users[1], "make the prompt say (Y)es/(N)o instead of y/n");
}

}  // namespace
}  // namespace bm
