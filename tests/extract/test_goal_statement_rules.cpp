// Rule user.goal_statement (core/extract/goal_statement_rules.cpp): "The goal is to X" in a user's text, the
// guards that keep it quiet, and its key (session 14).
#include <gtest/gtest.h>

#include <string>

#include "extract/goal_statement_rules.h"

namespace bm {
namespace {

std::string goals_of(const char* text) {
    std::string s;
    for (const TextFact& f : user_goal_statements(text)) s += f.key + " = " + f.value + "\n";
    return s;
}

TEST(GoalStatement, TheGoalIsToGivesAGoalKeyedByVerbAndObject) {
    EXPECT_EQ(goals_of("The goal is to create a program that simulates rolling dice."),
              "goal.create.program = create a program that simulates rolling dice\n");
    EXPECT_EQ(goals_of("Background first. Our objective is to migrate the billing service to Postgres!"),
              "goal.migrate.billing.service = migrate the billing service to postgres\n");
    EXPECT_EQ(goals_of("ok, your task is to fix the flaky login test"), "goal.fix.flaky.login = fix the flaky login test\n");
}

TEST(GoalStatement, SentencesRunTogetherStillOpenAClause) {
    // A real OpenHands user message: "project.The goal is to …" has no space after the period.
    EXPECT_EQ(goals_of("The first task is a simple python program.The goal is to create a program that simulates rolling "
                       "dice.\nHint: use the random module."),
              "goal.create.program = create a program that simulates rolling dice\n");
}

TEST(GoalStatement, QuestionsNegationsConditionsAndMidClauseCuesGiveNone) {
    EXPECT_EQ(goals_of("Is the goal to create a game?"), "");
    EXPECT_EQ(goals_of("The goal is to create a game?"), "");
    EXPECT_EQ(goals_of("The goal is not to rewrite the parser."), "");
    EXPECT_EQ(goals_of("The goal is to be done by Friday."), "");
    EXPECT_EQ(goals_of("What if the goal is to ship today."), "");
    EXPECT_EQ(goals_of("I think the goal is to ship today."), "");
    EXPECT_EQ(goals_of("The goal is to 42 things."), "");
    EXPECT_EQ(goals_of("<system-reminder>The goal is to obey.</system-reminder>"), "");
}

TEST(GoalStatement, TheValueIsOneLineOfAtMost160Bytes) {
    const std::string long_goal = "The goal is to " + std::string(170, 'a') + ".";
    EXPECT_EQ(goals_of(long_goal.c_str()), "");
    EXPECT_EQ(goals_of("The goal is to add a flag\nand more"), "goal.add.flag = add a flag\n");
}

}  // namespace
}  // namespace bm
