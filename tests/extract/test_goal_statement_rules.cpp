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
              "objective.migrate.billing.service = migrate the billing service to postgres\n");
    // Keyed by the noun the user said: a task is a task (session 20).
    EXPECT_EQ(goals_of("ok, your task is to fix the flaky login test"), "task.fix.flaky.login = fix the flaky login test\n");
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

// A long message (over 4000 bytes) is read when its own words, outside the tagged blocks it quotes, are short: a
// SWE-bench task template around a long issue states its task; a cue inside the quoted issue says nothing; a long
// message of its own words (a pasted document) still gives none (session 20).
TEST(GoalStatement, ALongTemplateIsReadOutsideItsQuotedBlocks) {
    const std::string issue = "<pr_description>\nThe goal is to rewrite everything.\n" + std::string(4200, 'x') + "\n</pr_description>\n";
    const std::string tmpl = "<uploaded_files>\n/testbed\n</uploaded_files>\nConsider the following PR description:\n\n" + issue +
                             "Your task is to make the minimal changes to non-tests files in the /testbed directory.\n"
                             "Follow these steps.";
    EXPECT_EQ(goals_of(tmpl.c_str()),
              "task.make.minimal.changes = make the minimal changes to non-tests files in the /testbed directory\n");
    // Session 21: a goal that names the template's placeholder block is the template's, not the user's.
    const std::string names_block = "<uploaded_files>\n/testbed\n</uploaded_files>\n" + issue +
                                    "Your task is to make the minimal changes to non-tests files in the /testbed directory "
                                    "to ensure the <pr_description> is satisfied.\nFollow these steps.";
    EXPECT_EQ(goals_of(names_block.c_str()), "");
    EXPECT_EQ(goals_of("The goal is to keep x < 3 and y > 2."), "goal.keep.x.3 = keep x < 3 and y > 2\n");
    const std::string wall = std::string(4100, 'y') + ". The goal is to ship today.";
    EXPECT_EQ(goals_of(wall.c_str()), "");
    const std::string unclosed = "<notes>\n" + std::string(4100, 'z') + ". The goal is to ship today.";
    EXPECT_EQ(goals_of(unclosed.c_str()), "");  // an unclosed tag quotes nothing
}

}  // namespace
}  // namespace bm
