// Rules user.negated_imperative, turn.prohibition, user.without_clause and user.one_per
// (core/extract/user_constraint_rules.cpp): a user's standing rules, negation and conditions kept (session 16).
#include <gtest/gtest.h>

#include <string>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"
#include "extract/user_constraint_rules.h"

namespace bm {
namespace {

// Every constraint of `text`, "rule: key = value" a line.
std::string constraints_of(const std::string& text) {
    std::string s;
    for (const TextFact& f : user_imperative_constraints(text)) s += f.rule + ": " + f.key + " = " + f.value + "\n";
    return s;
}

TEST(UserConstraint, NegatedImperativeKeepsItsNegationAndNamesVerbAndObject) {
    EXPECT_EQ(constraints_of("Plan a small change: add a --greeting flag to a CLI. Do not read or write any files."),
              "user.negated_imperative: constraint.read-write.files = do not read or write any files\n");
    EXPECT_EQ(constraints_of("Do not add a second syntax highlighting library; continue with highlight.js."),
              "user.negated_imperative: constraint.add.syntax.highlighting.library = do not add a second syntax "
              "highlighting library\n");
    EXPECT_EQ(constraints_of("Please never push to main."), "user.negated_imperative: constraint.push = never push to main\n");
    EXPECT_EQ(constraints_of("Don't modify the tests, only the code."),
              "user.negated_imperative: constraint.modify.tests = don't modify the tests\n");
}

TEST(UserConstraint, AProhibitionTiedToTheMomentIsItsTurns) {
    EXPECT_EQ(constraints_of("Do not read the file first."), "turn.prohibition: constraint.read.file = do not read the file first\n");
    EXPECT_EQ(constraints_of("Don't commit yet."), "turn.prohibition: constraint.commit = don't commit yet\n");
}

TEST(UserConstraint, ConditionsCompletionCriteriaReplyShapingAndQuestionsGiveNone) {
    EXPECT_EQ(constraints_of("If the build fails, do not delete the cache."), "");
    EXPECT_EQ(constraints_of("When you are done, never push."), "");
    EXPECT_EQ(constraints_of("Don't stop until all functions are ported, tests pass, and you have 100% coverage."), "");
    EXPECT_EQ(constraints_of("Do not explain your answer."), "");
    EXPECT_EQ(constraints_of("Do not use the read tool."), "");  // turn.tool_choice's
    EXPECT_EQ(constraints_of("Don't forget to run the tests."), "");
    EXPECT_EQ(constraints_of("Do not delete the tests?"), "");
    EXPECT_EQ(constraints_of("I do not read the files."), "");  // a statement, not an imperative
    EXPECT_EQ(constraints_of("We never deploy on Fridays."), "");
}

TEST(UserConstraint, AnObjectThatOnlyPointsBackNamesNoSubjectAndGivesNone) {
    // "it", "them", a bare "this": the key would be constraint.run.it, naming nothing (SPEC §5).
    EXPECT_EQ(constraints_of("Do not run it on the server."), "");
    EXPECT_EQ(constraints_of("Never change this."), "");
    EXPECT_EQ(constraints_of("Don't delete them."), "");
    EXPECT_EQ(constraints_of("Fix the parser without breaking it."), "");
    // A demonstrative before a noun names the noun.
    EXPECT_EQ(constraints_of("Never change this file."), "user.negated_imperative: constraint.change.file = never change this file\n");
}

TEST(UserConstraint, WithoutRiderOfAnImperativeIsAConstraint) {
    EXPECT_EQ(constraints_of("Continue: summarize what happened without retrying the tool."),
              "user.without_clause: constraint.retrying.tool = without retrying the tool\n");
    EXPECT_EQ(constraints_of("Fix the parser without breaking the public API."),
              "user.without_clause: constraint.breaking.public.api = without breaking the public api\n");
}

TEST(UserConstraint, WithoutInAStatementOrADoubleNegativeGivesNone) {
    // A double negative: the rider alone would say the opposite; the whole prohibition is kept instead.
    EXPECT_EQ(constraints_of("Don't push without running the tests."),
              "user.negated_imperative: constraint.push = don't push without running the tests\n");
    EXPECT_EQ(constraints_of("Never merge without asking me."),
              "user.negated_imperative: constraint.merge = never merge without asking me\n");
    EXPECT_EQ(constraints_of("The script exits without printing anything."), "");
    EXPECT_EQ(constraints_of("Run the script without arguments."), "");  // no gerund: no rider
    EXPECT_EQ(constraints_of("If it fails, retry without waiting."), "");
}

TEST(UserConstraint, OnePerLimit) {
    EXPECT_EQ(constraints_of("Use a single bash call per action."),
              "user.one_per: constraint.bash.call.per.action = use a single bash call per action\n");
    EXPECT_EQ(constraints_of("Please use only one commit per feature."),
              "user.one_per: constraint.commit.per.feature = use only one commit per feature\n");
    EXPECT_EQ(constraints_of("Do not use a single commit per feature."), "");
    EXPECT_EQ(constraints_of("Use a single file."), "");
    EXPECT_EQ(constraints_of("If needed, use one worker per core."), "");
}

// Every request match of every sentence of `text`, "rule: key = value" a line.
std::string requests_of(const std::string& text, bool is_user = true) {
    std::string s;
    for (const Sentence& sentence : split_sentences(text))
        for (const ClauseMatch& m : match_requests(text, sentence.tokens, is_user))
            s += m.rule + ": " + m.key + " = " + m.value + "\n";
    return s;
}

TEST(UserRequest, ReplyWithADescriptionIsTheTurnsInstruction) {
    EXPECT_EQ(requests_of("Reply with a one-sentence description of event sourcing."),
              "turn.reply_instruction: reply.one-sentence.description = reply with a one-sentence description of event sourcing\n");
    EXPECT_EQ(requests_of("Reply with a one-sentence description of event sourcing.", false), "");
    EXPECT_EQ(requests_of("Reply with the single word DONE."), "turn.reply: reply = done\n");
}

TEST(UserRequest, HelpMeAsksForTheVerbsWork) {
    EXPECT_EQ(requests_of("help me apply for the agentic engineering grant by Superteam"),
              "user.request: goal.apply.agentic.engineering.grant = apply for the agentic engineering grant by superteam\n");
    EXPECT_EQ(requests_of("Can you help us migrate the database to Postgres?"),
              "user.request: goal.migrate.database = migrate the database to postgres\n");
    EXPECT_EQ(requests_of("Please help me to fix the login bug."), "user.request: goal.fix.login.bug = fix the login bug\n");
    EXPECT_EQ(requests_of("Can you help me with the grant?"), "");
    EXPECT_EQ(requests_of("help me apply for the grant", false), "");
}

}  // namespace
}  // namespace bm
