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
// The echo is the harness's message; the user's own input after it is still the user's. Only in architect mode (aider
// says so: "… with architect edit format"): in another mode a user who repeats a reply line for line typed it.
TEST(AiderReader, AnArchitectsReplyHandedToTheEditorIsTheHarnesss) {
    const std::string text =
        "# aider chat started at 2026-03-16 21:43:00\n\n"
        "> Model: openrouter/deepseek/deepseek-chat with architect edit format  \n"
        "> Editor model: openrouter/google/gemini-2.0-flash-001 with editor-diff edit format  \n\n"
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
    // Input that only resembles the reply (a user quoting its first line) stays the user's; so does a repeat in
    // another mode (review: the user typing the model's "Yes." back).
    const auto last_message = [](const std::string& mode, const std::string& turns) {
        const ReadResult r = read_bytes("# aider chat started at 2026-03-16 21:43:00\n\n> Main model: " + mode +
                                            " edit format  \n\n" + turns,
                                        ".aider.chat.history.md");
        EXPECT_EQ(r.sessions.size(), 1u) << describe(r);
        return r.sessions.empty() ? Message{} : r.sessions[0].messages.back();
    };
    const Message quoting = last_message("o1 with architect", "#### go  \n\nI'll create the seed script.\nDone.\n\n"
                                                              "#### I'll create the seed script.  \n");
    EXPECT_EQ(quoting.source.kind, SourceKind::kUser);
    const Message code_mode = last_message("gpt-4o with diff", "#### is it done?  \n\nYes.\n\n#### Yes.  \n");
    EXPECT_EQ(code_mode.source.kind, SourceKind::kUser);
    EXPECT_EQ(code_mode.visible_text(), "Yes.");
}

// A confirm prompt logged on an input line with the answer typed at it (a dev log: nine "skip" answers) is aider's
// confirmation, as its "> " form is; a request that mentions (Y)es/(N)o is still a request.
TEST(AiderReader, AConfirmPromptOnAnInputLineIsAidersOutput) {
    const std::string text =
        "# aider chat started at 2026-05-02 10:00:00\n\n"
        "#### what files are in this directory?  \n\nsrc/app.swift and README.md.\n\n"
        "#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: skip  \n\n"
        "#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: skip  \n\n"
        "#### make the prompt say (Y)es/(N)o instead of y/n  \n\nDone.\n\n"
        "#### I keep seeing Add file to the chat? (Y)es/(N)o [Yes]: and then it hangs  \n";
    const ReadResult r = read_bytes(text, ".aider.chat.history.md");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::vector<std::string> users;
    int confirmations = 0;
    for (const Message& m : r.sessions[0].messages) {
        if (m.role == Role::kUser) users.push_back(m.visible_text());
        if (m.role == Role::kTool && m.blocks.at(0).text.find("[Yes]: skip") != std::string::npos) ++confirmations;
    }
    EXPECT_EQ(confirmations, 2) << describe(r);
    ASSERT_EQ(users.size(), 3u) << describe(r);
    EXPECT_EQ(users[0], "what files are in this directory?");
    EXPECT_EQ(users[1], "make the prompt say (Y)es/(N)o instead of y/n");
    EXPECT_EQ(users[2], "I keep seeing Add file to the chat? (Y)es/(N)o [Yes]: and then it hangs");  // no answer
}

}  // namespace
}  // namespace bm
