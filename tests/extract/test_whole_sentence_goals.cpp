// A goal cut at its clause's end keeps the rest of its sentence (session 40, request_rules.cpp whole_sentence_goals):
// when the rest gave no request of its own, negates nothing, closes the sentence and fits the request limit.
#include <gtest/gtest.h>

#include <string>

#include "claude_code_lines.h"
#include "claude_log_claims.h"
#include "request_matches.h"

namespace bm {
namespace {

using extracttest::claude_log_claims;
using extracttest::claude_user_line;
using extracttest::requests_of;

TEST(WholeSentenceGoals, ACutAskKeepsTheRestOfItsSentence) {
    EXPECT_EQ(requests_of("run npm run build, fix the errors and rerun."),
              "user.request: goal.run.npm.run.build = run npm run build, fix the errors and rerun\n");
    EXPECT_EQ(requests_of("Clean up, push all in git so it's all properly tracked"),
              "user.request: goal.clean.up = clean up, push all in git so it's all properly tracked\n");
    // The parenthesis the words open is closed; a trailing "please" is no part of the ask.
    EXPECT_EQ(requests_of("Fix the parser (the one in src/), then deploy it, please."),
              "user.request: goal.fix.parser.one = fix the parser (the one in src/), then deploy it\n");
}

TEST(WholeSentenceGoals, TheRestKeepsItsOwnClaimsNegationsAndLineBreaks) {
    // Two requests that each give a claim stay two.
    const std::string two = requests_of("add myapp directory and create myapp/hoge.py which prints 2.");
    EXPECT_NE(two.find("= add myapp directory\n"), std::string::npos) << two;
    EXPECT_NE(two.find("goal.create.hoge.py"), std::string::npos) << two;
    // A rest that negates is a prohibition's, not the goal's.
    const std::string negated = requests_of("Fix the login page, but don't touch the API.");
    EXPECT_NE(negated.find("goal.fix.login.page = fix the login page\n"), std::string::npos) << negated;
    // A sentence a line break cuts inside ("mkdir\n_ai_plats/") does not close where the tokens stop.
    const std::string wrapped =
        requests_of("make this comprehensive, do many searches, mkdir\n_ai_plats/ and write it");
    EXPECT_NE(wrapped.find("= make this comprehensive\n"), std::string::npos) << wrapped;
    // A rest that gives a claim of any rule of its own ("I use pnpm": a choice) stays that claim's.
    const std::string choice = requests_of("Fix the tests, I use pnpm.");
    EXPECT_NE(choice.find("goal.fix.test = fix the tests\n"), std::string::npos) << choice;
    // A rest that would overrun the request limit leaves the clause as it was.
    const std::string long_rest = requests_of(
        "Run the tests, then go through every failing module one at a time and write down for each of them what the "
        "failure was and which commit introduced it.");
    EXPECT_NE(long_rest.find("= run the tests\n"), std::string::npos) << long_rest;
}

// Through the extractor: a statement the rest of the sentence holds keeps it, and the goal goes back to its clause
// (review: "Fix the login bug, the timeout is 30 seconds." lost its goal to the statement).
TEST(WholeSentenceGoals, AStatementInTheRestKeepsItAndTheGoalItsClause) {
    const std::string got =
        claude_log_claims(claude_user_line("u1", "", R"("Fix the login bug, the timeout is 30 seconds.")"));
    EXPECT_NE(got.find("user.request: goal.fix.login.bug = Fix the login bug\n"), std::string::npos) << got;
    EXPECT_NE(got.find("timeout"), std::string::npos) << got;  // the statement's own claim
    const std::string whole =
        claude_log_claims(claude_user_line("u1", "", R"("run npm run build, fix the errors and rerun.")"));
    EXPECT_NE(whole.find("goal.run.npm.run.build = run npm run build, fix the errors and rerun\n"), std::string::npos)
        << whole;
}

}  // namespace
}  // namespace bm
