// Session 17's Claude Code rules: labelled status lines in a command's output (status_line_rules.cpp), an agent's
// "meets all acceptance criteria" (acceptance_rules.cpp), and JS runners' counts of tests, not of test files.
#include <gtest/gtest.h>

#include <string>

#include "extract/acceptance_rules.h"
#include "extract/bold_label_rules.h"
#include "extract/tool_action_rules.h"
#include "tool_action_fixtures.h"

namespace bm {
namespace {

using extracttest::ActionRule;
using extracttest::command_arguments;
using extracttest::fact_lines;
using extracttest::facts_of_rule;

std::string facts_of(ActionRule rule, const char* command, const char* result, bool error = false) {
    return fact_lines(facts_of_rule(rule, {"Bash", command_arguments(command), result, error, true}));
}

std::string acceptance(const char* text) { return fact_lines(agent_acceptance_met(text)); }

TEST(StatusLines, EveryLineLabelledGivesOneFactALine) {
    EXPECT_EQ(facts_of(status_line_facts, "bash ~/.claude/skills/apply-grant/preamble.sh", "TELEMETRY: anonymous\nTEL_PROMPTED: yes\n"),
              "telemetry = anonymous\ntel_prompted = yes\n");
    EXPECT_EQ(facts_of(status_line_facts, "./status.sh", "\nBRANCH: main\n\nBUILD_ID: 42\n"), "branch = main\nbuild_id = 42\n");
}

TEST(StatusLines, NoneForProseLogLevelsFilesErrorsAndUnexpandedVariables) {
    EXPECT_EQ(facts_of(status_line_facts, "./run.sh", "STATUS: ok\nstarting the server\n"), "");  // a free-text line
    EXPECT_EQ(facts_of(status_line_facts, "./build.sh", "ERROR: no compiler\n"), "");              // a log level
    EXPECT_EQ(facts_of(status_line_facts, "./build.sh", "WARNING: slow disk\nOK: done\n"), "");
    EXPECT_EQ(facts_of(status_line_facts, "cat config.yml", "NAME: app\nPORT: 80\n"), "");       // a file's text
    EXPECT_EQ(facts_of(status_line_facts, "./s.sh", "TIER: $_TEL_TIER\n"), "");                   // not expanded
    EXPECT_EQ(facts_of(status_line_facts, "./s.sh", "MODE: release\n", true), "");                // an error result
    EXPECT_EQ(facts_of(status_line_facts, "./s.sh", "Mode: release\n"), "");                      // not upper-case
    EXPECT_EQ(facts_of(status_line_facts, "./s.sh", "  MODE: release\n  X: y\n"), "");            // indented, 1-letter
}

TEST(AcceptanceMet, TheAgentsStatementThatTheCriteriaAreMet) {
    EXPECT_EQ(acceptance("Excellent! The project is already fully set up and meets all acceptance criteria:\n\n- ok"),
              "task.acceptance_criteria = met\n");
    EXPECT_EQ(acceptance("All acceptance criteria have been met."), "task.acceptance_criteria = met\n");
    EXPECT_EQ(acceptance("The implementation satisfies all the acceptance criteria."), "task.acceptance_criteria = met\n");
    // "met:" before its checklist: the checklist's lines are sentences of their own ("to", "should" in them).
    EXPECT_EQ(acceptance("All acceptance criteria have been met:\n\n✓ **Prompt asks for a repository** - Implemented "
                         "in `promptRepository()` to validate the input\n✓ **Config should be saved** - done\n"),
              "task.acceptance_criteria = met\n");
}

TEST(AcceptanceMet, NoneForPlansChecksConditionsNegationsAndQuestions) {
    EXPECT_EQ(acceptance("Let me verify that it meets all acceptance criteria."), "");
    EXPECT_EQ(acceptance("I will make sure it meets all acceptance criteria."), "");
    EXPECT_EQ(acceptance("It does not meet all acceptance criteria yet."), "");
    EXPECT_EQ(acceptance("Once all acceptance criteria are met, commit."), "");
    EXPECT_EQ(acceptance("Does it meet all acceptance criteria?"), "");
    EXPECT_EQ(acceptance("Meet all acceptance criteria."), "");
    EXPECT_EQ(acceptance("The acceptance criteria list three checks."), "");
    EXPECT_EQ(acceptance("Once all acceptance criteria are met: commit and push to main."), "");  // before the colon
    EXPECT_EQ(acceptance("The change meets all acceptance criteria: not verified yet, tests will run later."), "");
}

std::string labels(const char* text) { return fact_lines(agent_bold_labels(text)); }

TEST(BoldLabels, AReportLineUnderALabel) {
    EXPECT_EQ(labels("Here's what's in the directory:\n- **Python files**: a.py, b.py\n- **Directories**: hooks/\n"),
              "python_files = a.py, b.py\ndirectories = hooks/\n");
    EXPECT_EQ(labels("- ✅ **Project initialized**: The Go module is properly initialized"),
              "project_initialized = The Go module is properly initialized\n");
    EXPECT_EQ(labels("1. **Branch:** main"), "branch = main\n");
}

TEST(BoldLabels, NoneForSectionsAdviceHedgesProposalsAndCode) {
    EXPECT_EQ(labels("**Verification:**\n- ok"), "");                         // a heading, no value
    EXPECT_EQ(labels("**Next steps**: run the migration"), "");                 // advice
    EXPECT_EQ(labels("- **Database**: should be migrated later"), "");          // a plan
    EXPECT_EQ(labels("- **Files**: see below:"), "");                           // a list heading
    EXPECT_EQ(labels("```\n**Port**: 80\n```"), "");                          // code
    EXPECT_EQ(labels("- **Total Cost:** $239\n\nPlease confirm if you would like to proceed."), "");  // a proposal
    EXPECT_EQ(labels("- **A very long label here**: x"), "");                   // five words
    EXPECT_EQ(labels("**String Utilities Module** - `src/string_utils.py`"), "");  // no colon
}

TEST(TestCounts, JsRunnersCountTestsNotTestFiles) {
    EXPECT_EQ(facts_of(command_action_facts, "npm run test",
                       " Test Files  1 passed (1)\n      Tests  5 passed (5)\n   Duration  312ms"),
              "npm.run.test.command = npm run test\nnpm.run.test.passed = 5\nnpm.run.test.exit_code = 0\n");
}

}  // namespace
}  // namespace bm
