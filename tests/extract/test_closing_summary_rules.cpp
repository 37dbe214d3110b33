// Session 13b's rules on closing summaries and subagent reports (closing_summary_rules.cpp,
// delegation_report_rules.cpp): what they claim, at what evidence, the guards that keep them quiet,
// and that a summary never stands against what a tool observed on the same key.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "conversation_log.h"
#include "extract/heuristic_extractor.h"
#include "merge/merger.h"

namespace bm {
namespace {

using extracttest::Log;

using Claims = std::vector<std::string>;

TEST(ClosingSummary, OnlyTheTextThatEndsATurnIsRead) {
    // The same sentence mid-turn (a tool call follows it) is narration of work in progress.
    Log mid;
    mid.user("Fix it.")
        .says("The syntax error has been resolved.")
        .call("bash", R"({"command":"make"})", "ok");
    EXPECT_EQ(mid.claims("model.closing_status"), Claims{});
    Log end;
    end.user("Fix it.")
        .call("bash", R"({"command":"make"})", "ok")
        .says("The syntax error has been resolved.");
    EXPECT_EQ(end.claims("model.closing_status"), Claims{"syntax.error.status = resolved"});
    // Each turn's closing text counts, not only the log's last one.
    Log turns;
    turns.user("One.")
        .call("bash", R"({"command":"make"})", "")
        .says("The migration is complete.")
        .user("Two.")
        .says("DONE");
    EXPECT_EQ(turns.claims("model.closing_status"), Claims{"migration.status = complete"});
    // A chat answer with no work in its turn is an answer, not a summary of work done.
    Log chat;
    chat.user("Is it done?").says("The migration is complete.");
    EXPECT_EQ(chat.claims("model.closing_status"), Claims{});
}

TEST(ClosingSummary, TextBesideAFinishCallIsTheClosingText) {
    Log finish;
    finish.user("Fix it.").says_and_calls("The failing import is fixed. All 12 tests pass.",
                                          "finish");  // the finish is work
    EXPECT_EQ(finish.claims("model.closing_status"), Claims{"failing.import.status = fixed"});
    EXPECT_EQ(finish.claims("model.closing_tests"), Claims{"tests.passed = 12"});
    // Any other call means the turn went on working.
    Log working;
    working.user("Fix it.").says_and_calls("The failing import is fixed.", "bash");
    EXPECT_EQ(working.claims("model.closing_status"), Claims{});
}

TEST(ClosingSummary, ClaimsCarryAssistantEvidenceNotToolEvidence) {
    Log log;
    log.user("Fix it.").call("bash", R"({"command":"make"})", "").says("Done. All 3 tests pass.");
    const Claim* c = log.first("model.closing_tests");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->evidence, EvidenceLevel::kInferred);
    EXPECT_EQ(c->provenance_rank, provenance_rank::kModelSpeculation);
    EXPECT_EQ(c->quote, "All 3 tests pass");
}

TEST(ClosingSummary, StatusGuards) {
    auto status = [](const std::string& text) {
        Log log;
        log.user("Go.").call("bash", R"({"command":"make"})", "").says(text);
        return log.claims("model.closing_status");
    };
    EXPECT_EQ(status("The rounding issue should be fixed now."), Claims{});  // a guess
    EXPECT_EQ(status("The rounding issue has not been fixed."), Claims{});   // negated
    EXPECT_EQ(status("Is the rounding issue fixed?"), Claims{});             // a question
    EXPECT_EQ(status("The task is complete."), Claims{});                    // names nothing
    EXPECT_EQ(status("Here's what was done:"), Claims{});                    // a list's lead-in
    EXPECT_EQ(status("It looks like the assertions succeeded!"), Claims{});  // hedged
    EXPECT_EQ(status("GOAL WRAP-UP: the snapshot objective is achieved."),
              Claims{"snapshot.objective.status = achieved"});
}

TEST(ClosingSummary, WorkingCorrectlyIsAStatusWorkingOnIsNot) {  // session 14
    auto status = [](const std::string& text) {
        Log log;
        log.user("Go.").call("bash", R"({"command":"python test_dice.py"})", "All tests passed!").says(text);
        return log.claims("model.closing_status");
    };
    EXPECT_EQ(status("Great! Our dice roller is working correctly."), Claims{"dice.roller.status = working correctly"});
    EXPECT_EQ(status("The parser is working properly now."), Claims{"parser.status = working properly"});
    EXPECT_EQ(status("The parser is working on the next file."), Claims{});
    EXPECT_EQ(status("The parser is not working correctly."), Claims{});
}

TEST(ClosingSummary, RunHintsNameTheThingAndItsCommand) {  // session 14, model.closing_run_hint
    auto hint = [](const std::string& text) {
        Log log;
        log.user("Write it.").call("bash", R"({"command":"python main.py"})", "ok").says(text);
        return log.claims("model.closing_run_hint");
    };
    EXPECT_EQ(hint("You can run the main program with `python dice_roller.py` to interactively roll dice, or run the "
                   "test script with `python test_dice.py` to verify the functionality."),
              (Claims{"main.program.run = python dice_roller.py", "test.script.run = python test_dice.py"}));
    EXPECT_EQ(hint("Run the server using `npm start`."), Claims{"server.run = npm start"});
    EXPECT_EQ(hint("You can run it with `python app.py`."), Claims{});                        // a pronoun
    EXPECT_EQ(hint("Don't run the server with `sudo npm start`."), Claims{});                 // negated
    EXPECT_EQ(hint("If the build fails, run the cleanup script with `make clean`."), Claims{});  // a condition
    EXPECT_EQ(hint("Run the server with `npm start"), Claims{});                               // unclosed
    Log chat;  // no work behind it: no closing summary
    chat.user("How do I start it?").says("Run the server with `npm start`.");
    EXPECT_EQ(chat.claims("model.closing_run_hint"), Claims{});
}

TEST(ClosingSummary, TestCountsAndCoverage) {
    auto of = [](const std::string& text, const std::string& rule) {
        Log log;
        log.user("Go.").call("bash", R"({"command":"make"})", "").says(text);
        return log.claims(rule);
    };
    EXPECT_EQ(of("12/12 tests passed.", "model.closing_tests"), Claims{"tests.passed = 12"});
    EXPECT_EQ(of("2 of 5 tests failed.", "model.closing_tests"), Claims{"tests.failed = 2"});
    EXPECT_EQ(of("Tests fail.", "model.closing_tests"), Claims{});  // a failure needs its count
    EXPECT_EQ(of("Run the tests with pytest.", "model.closing_tests"), Claims{});
    EXPECT_EQ(of("Done, with 98% test coverage.", "model.closing_coverage"),
              Claims{"coverage = 98%"});
    EXPECT_EQ(of("The coverage threshold is 90%.", "model.closing_coverage"), Claims{});
}

TEST(ClosingSummary, FilesChangedSentencesAndLists) {
    auto files = [](const std::string& text) {
        Log log;
        log.user("Go.").call("bash", R"({"command":"make"})", "").says(text);
        return log.claims("model.closing_file_change");
    };
    EXPECT_EQ(files("**Summary:** Created `src/app.py` with a main function."),
              Claims{"file.src/app.py = created src/app.py with a main function"});
    EXPECT_EQ(
        files("Updated src/config/settings.yaml to use port 8080."),
        Claims{
            "file.src/config/settings.yaml = updated src/config/settings.yaml to use port 8080"});
    EXPECT_EQ(files("Changes:\n\n- `a/b.py`: the loader retries\n- `c.py` - logs errors"),
              (Claims{"file.a/b.py = changed a/b.py: the loader retries",
                      "file.c.py = changed c.py - logs errors"}));
    // An absolute path keeps its leading '/' (the tokenizer's token starts after it).
    EXPECT_EQ(files("Created /srv/app/run.sh, which starts the server."),
              Claims{"file./srv/app/run.sh = created /srv/app/run.sh, which starts the server"});
    EXPECT_EQ(files("Updated `a.py` and `b.py`."), Claims{});  // two files: which change is whose?
    EXPECT_EQ(files("I read `notes.md`; it lists the steps."),
              Claims{});                                          // reading changes nothing
    EXPECT_EQ(files("Next I'll update `a.py`."), Claims{});       // a plan
    EXPECT_EQ(files("I did not modify `a.py`."), Claims{});       // negated
    EXPECT_EQ(files("Updated the version to 1.2.3."), Claims{});  // a version is no path
}

TEST(ClosingSummary, ASummaryNeverStandsAgainstAnObservationOfTheSameFile) {
    Log log;
    log.user("Add a docstring to src/main.py.")
        .call(
            "Edit",
            R"({"file_path":"src/main.py","old_string":"x = 1","new_string":"\"\"\"Main.\"\"\"\nx = 1"})",
            "The file src/main.py has been updated.")
        .says("Done. I've added a docstring to the top of `src/main.py`.");
    EXPECT_EQ(log.claims("model.closing_file_change"),
              Claims{"file.src/main.py.summary = added a docstring to the top of src/main.py"});
    const MergedSnapshot snap = merge_branches(log.extract(/*all_rules=*/true));
    const Slot* observed = snap.find("file.src/main.py");
    ASSERT_NE(observed, nullptr);
    EXPECT_EQ(observed->state, SlotState::kSettled);
    EXPECT_EQ(observed->values.size(), 1u);
    EXPECT_TRUE(observed->disputes.empty());
    // With nothing observed on the file, the agent's account takes its slot.
    Log alone;
    alone.user("Go.")
        .call("bash", R"({"command":"make"})", "")
        .says("Done. I've added a docstring to the top of `src/main.py`.");
    EXPECT_EQ(alone.claims("model.closing_file_change"),
              Claims{"file.src/main.py = added a docstring to the top of src/main.py"});
}

TEST(ClosingSummary, HowToStepsUnderALeadIn) {
    Log log;
    log.user("Make a game.")
        .call("bash", R"({"command":"make"})", "")
        .says_and_calls(
            "I've created the game.\n\nTo run the game, you would need to:\n1. Install the "
            "keyboard package "
            "(`pip install keyboard`)\n2. Run the script with sudo\n\nEnjoy!",
            "finish");
    EXPECT_EQ(log.claims("model.closing_howto"),
              (Claims{"game.run.step-1 = install the keyboard package (pip install keyboard)",
                      "game.run.step-2 = run the script with sudo"}));
    Log plan;
    plan.user("Go.")
        .call("bash", R"({"command":"make"})", "")
        .says("To do this, I need to:\n1. Read the config\n2. Patch it");
    EXPECT_EQ(plan.claims("model.closing_howto"), Claims{});
}

TEST(DelegationReport, SummarySentenceOfAMultiLineReportAtAssistantEvidence) {
    Log log;
    log.user("Port it.")
        .call("Task", R"({"description":"Explore the project","prompt":"Explore it"})",
              "Now I have a complete picture.\n\n## Modules\n\n- a.py\n\n## Summary for the "
              "Port\n\nThis is a simple "
              "library with 5 modules containing 5 functions total:\n\n1. a\n\nAll test coverage "
              "is 100%, meaning every line is tested.")
        .says("Let me start.");
    EXPECT_EQ(log.claims("action.delegation_summary"),
              Claims{"task.explore-the-project.summary = a simple library with 5 modules "
                     "containing 5 functions total"});
    // The report's other facts are keyed under the delegation: the explored project's coverage, not
    // the session's.
    EXPECT_EQ(log.claims("model.closing_coverage"),
              Claims{"task.explore-the-project.coverage = 100%"});
    const Claim* c = log.first("action.delegation_summary");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->evidence,
              EvidenceLevel::kInferred);  // the subagent's account, not a tool's observation
    EXPECT_EQ(c->quote, "This is a simple library with 5 modules containing 5 functions total:");
    // A whole bold line is a heading too.
    Log bold;
    bold.user("Go.")
        .call("Agent", R"({"description":"Find the config","prompt":"x"})",
              "I looked around.\n\n**Summary**\n\nThe config is loaded from settings/app.toml at "
              "startup.")
        .says("ok");
    EXPECT_EQ(bold.claims("action.delegation_summary"),
              Claims{"agent.find-the-config.summary = the config is loaded from settings/app.toml "
                     "at startup"});
    // No summary section, or one that opens with a list: nothing to quote.
    Log none;
    none.user("Go.")
        .call("Task", R"({"description":"Look","prompt":"x"})", "## Summary\n\n- one\n- two")
        .says("ok");
    EXPECT_EQ(none.claims("action.delegation_summary"), Claims{});
}

}  // namespace
}  // namespace bm
