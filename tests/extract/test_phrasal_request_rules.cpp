// Rule user.request_phrasal (core/extract/phrasal_request_rules.cpp): "Work on X", "Start with X" in a
// user's text, the guards that keep it quiet, and the "run a command X" key of user.request (session 15);
// turn.tool_choice keeps a long instruction's purpose (session 17); "you need to" cut short (session 18).
#include <gtest/gtest.h>

#include <string>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"

namespace bm {
namespace {

// Every request match of every sentence of `text`, "rule: key = value" a line.
std::string requests_of(const std::string& text, bool is_user = true) {
    std::string s;
    for (const Sentence& sentence : split_sentences(text))
        for (const ClauseMatch& m : match_requests(text, sentence.tokens, is_user))
            s += m.rule + ": " + m.key + " = " + m.value + "\n";
    return s;
}

TEST(PhrasalRequest, WorkOnAndStartWithAreTheUsersGoals) {
    // The opening prompt of a real Claude Code session (the spotter dev log).
    // "the first ready task" picks from a list the value does not name: none (session 21, blind relabel partial).
    EXPECT_EQ(requests_of("Work on bead spotter-dov. Start with the first ready task."),
              "user.request_phrasal: goal.work.bead.spotter.dov = work on bead spotter-dov\n");
    // A clause that runs on past the value's 14 words would leave it cut (session 21).
    EXPECT_EQ(requests_of("start with making a skill that you can use when I am doing interactive storytelling"), "");
    EXPECT_EQ(requests_of("Please focus on the login bug, then run the tests."),
              "user.request_phrasal: goal.focus.login.bug = focus on the login bug\n"
              "user.request: goal.run.test = run the tests\n");
    EXPECT_EQ(requests_of("Now continue with the billing migration"),
              "user.request_phrasal: goal.continue.billing.migration = continue with the billing migration\n");
}

TEST(PhrasalRequest, NegationConditionsPronounsAndDemonstrativesGiveNone) {
    EXPECT_EQ(requests_of("Don't work on the parser yet."), "");
    EXPECT_EQ(requests_of("Do not start with the UI."), "");
    EXPECT_EQ(requests_of("If the build fails, start with the linker errors."), "");
    EXPECT_EQ(requests_of("Work on it."), "");
    EXPECT_EQ(requests_of("Yes, please proceed with that booking. Thank you!"), "");
    EXPECT_EQ(requests_of("Start with, say, something small."), "");
    // A verb without its particle is no phrasal request ("work hard" names no work).
    EXPECT_EQ(requests_of("Work hard."), "");
}

// "You [first|also|then|now] need to <verb>" (session 18): a sentence that ends before its verb is no request and
// never reads past its last word (these crashed the reader of the verb).
TEST(PhrasalRequest, YouNeedToCutShortGivesNone) {
    for (const char* text : {"You first need to.", "Now you also need to!", "Please read this. You first need to",
                             "You need to", "You then need"})
        EXPECT_EQ(requests_of(text), "") << text;
    EXPECT_NE(requests_of("You first need to install the parser package.").find("install"), std::string::npos);
}

TEST(PhrasalRequest, OnlyTheUserAsks) {
    EXPECT_EQ(requests_of("Let me start with the bash command and the reads.", false), "");
    EXPECT_EQ(requests_of("Start with the first ready task.", false), "");
}

TEST(RunCommandRequest, TheCommandNamedAfterCommandKeysTheRequest) {
    // The fasthooks dev log: the key was goal.run.command.l.la ("ls" folded as a plural of "l").
    EXPECT_EQ(requests_of("ok can you run a command ls -la"), "user.request: goal.run.ls = run a command ls -la\n");
    EXPECT_EQ(requests_of("Run the command pytest -q"), "user.request: goal.run.pytest = run the command pytest -q\n");
    // A file the words name still keys the request.
    EXPECT_EQ(requests_of("Run the command in setup.py"), "user.request: goal.run.setup.py = run the command in setup.py\n");
}

TEST(ToolChoice, AnInstructionKeepsItsPurposeUpTo18Words) {
    // The DSH lsp-definition dev log: at 12 words the purpose was cut and only "use the lsp tool" was left.
    EXPECT_EQ(requests_of("Use the lsp tool exactly once to find the definition at subject.ts line 1 character 7, then reply DONE."),
              "turn.tool_choice: tool.lsp = use the lsp tool exactly once to find the definition at subject.ts line 1 "
              "character 7\n"
              "turn.reply: reply = done\n");
    // Past 18 words the instruction is cut to the tool itself, never mid-phrase.
    EXPECT_EQ(requests_of("Use the bash tool to append a second line containing the word WORLD to the file named greeting.txt "
                          "in the current working directory of this session, then stop."),
              "turn.tool_choice: tool.bash = use the bash tool\n");
    EXPECT_EQ(requests_of("Use the lsp tool exactly once to find the definition at subject.ts line 1 character 7.", false), "");
    // "and" ends it only before a new instruction, never inside a phrase ("offset 5 and limit 4").
    EXPECT_EQ(requests_of("Use the read tool with offset 5 and limit 4 to read big.txt."),
              "turn.tool_choice: tool.read = use the read tool with offset 5 and limit 4 to read big.txt\n");
    EXPECT_EQ(requests_of("Do NOT use the read tool and do not use bash."),
              "turn.tool_choice: tool.read = do not use the read tool\n"
              "text.choice: use.bash = refute\n");  // the second instruction is another rule's
}

}  // namespace
}  // namespace bm
