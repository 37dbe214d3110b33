// A goal cut at its clause's end keeps the rest of its sentence (session 40, request_rules.cpp whole_sentence_goals):
// when the rest gave no request of its own, negates nothing, closes the sentence and fits the request limit.
#include <gtest/gtest.h>

#include <string>

#include "request_matches.h"

namespace bm {
namespace {

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
    const std::string wrapped = requests_of("make this comprehensive, do many searches, mkdir\n_ai_plats/ and write it");
    EXPECT_NE(wrapped.find("= make this comprehensive\n"), std::string::npos) << wrapped;
    // A rest that would overrun the request limit leaves the clause as it was.
    const std::string long_rest = requests_of(
        "Run the tests, then go through every failing module one at a time and write down for each of them what the "
        "failure was and which commit introduced it.");
    EXPECT_NE(long_rest.find("= run the tests\n"), std::string::npos) << long_rest;
}

}  // namespace
}  // namespace bm
