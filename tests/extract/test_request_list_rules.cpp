// user.request and lists of noun phrases (session 20, branch d24chat): a verb word that opens a noun list's item is
// no request, a request cut at its preposition's list keeps the whole list, and a request cut inside a phrase gives none.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"
#include "conversation_log.h"
#include "request_matches.h"

namespace bm {
namespace {

using extracttest::requests_of;

TEST(RequestNounList, AVerbWordOpeningANounListItemIsNoRequest) {
    // A pasted spec's field, a parenthesised style note, a list after "by" that goes on, a list's last item.
    EXPECT_EQ(requests_of("Types: Route number, stop name, or keywords."), "");
    EXPECT_EQ(requests_of("Frontend: Vue.js 3 (English only, clean modern UI)"), "");
    EXPECT_EQ(requests_of("Passengers search for stops by route number, stop name, or keywords."), "");
    EXPECT_EQ(requests_of("Missing areas include message-center ownership, workflow mode semantics and automatic escalation, "
                          "import HTML/audit/versioning, and frontend behavior."),
              "");
}

TEST(RequestNounList, RequestsAfterAClauseOrALeadInStay) {
    // The segment before the comma is a request, a clause, a greeting or a lead-in, not a bare noun phrase.
    EXPECT_EQ(requests_of("Scaffold the full workspace, write all 5 instructions with proper account validation."),
              "user.request: goal.write.instruction = write all 5 instructions with proper account validation\n");
    EXPECT_EQ(requests_of("Hey Claude, fix the login bug."), "user.request: goal.fix.login.bug = fix the login bug\n");
    EXPECT_EQ(requests_of("Add a test, fix the bug."),
              "user.request: goal.add.test = add a test\nuser.request: goal.fix.bug = fix the bug\n");
    EXPECT_EQ(requests_of("The build is failing, fix it."), "");  // "fix it" names no object
    EXPECT_EQ(requests_of("Tests failing in CI, fix the flaky test."),
              "user.request: goal.fix.flaky.test = fix the flaky test\n");
    // after a preposition the phrase is a list item only when the list goes on
    EXPECT_EQ(requests_of("Deploy to staging server, run smoke tests."),
              "user.request: goal.run.smoke.test = run smoke tests\n");
}

TEST(RequestNounList, ARequestCutAtItsPrepositionsListKeepsTheList) {
    EXPECT_EQ(requests_of("Add boundary tests for empty results, time windows, duplicate actions, and malformed inputs."),
              "user.request: goal.add.boundary.test = add boundary tests for empty results, time windows, duplicate "
              "actions, and malformed inputs\n");
    EXPECT_EQ(requests_of("Document the API for users, admins, and auditors."),
              "user.request: goal.document.api = document the api for users, admins, and auditors\n");
    // the last item's modifier is not the list's, but the goal keeps the rest of its sentence (session 40)
    EXPECT_EQ(requests_of("Document the API for users, admins, and auditors using the wiki."),
              "user.request: goal.document.api = document the api for users, admins, and auditors using the wiki\n");
    // a list over a request's 120 bytes gives none: its first item alone would be a cut value (100 bytes before
    // session 34, when this one gave none)
    EXPECT_EQ(requests_of("Add observability alert-trigger tests and a small frontend test suite for login, route "
                          "gating, and core screens."),
              "user.request: goal.add.alert.trigger.test = add observability alert-trigger tests and a small frontend "
              "test suite for login, route gating, and core screens\n");
    EXPECT_EQ(requests_of("Add observability alert-trigger tests and a small frontend test suite for login, route "
                          "gating, billing pages, and core screens."),
              "");
    // items that open with a task verb are requests of their own; a list without "and|or" is none
    EXPECT_EQ(requests_of("Fix the bug in main.py, add tests, and update docs."),
              "user.request: goal.fix.main.py = fix the bug in main.py\nuser.request: goal.add.test = add tests\n"
              "user.request: goal.update.documentation = update docs\n");
    EXPECT_EQ(requests_of("Create a README, a LICENSE and a Makefile."),
              "user.request: goal.create.readme = create a readme, a license and a makefile\n");
}

TEST(RequestNounList, ARequestCutInsideAPhraseGivesNone) {
    EXPECT_EQ(requests_of("I want to create a VueJS app that allows me to:"), "");
    EXPECT_EQ(requests_of("Install a python package through"), "");
    // a particle ends a phrasal verb, not a phrase
    EXPECT_EQ(requests_of("Please clean the build folder up."), "user.request: goal.clean.build.folder.up = clean the build folder up\n");
}

}  // namespace
}  // namespace bm

namespace bm {
namespace {

using extracttest::requests_of;

// Session 34: requests cut at a comma before their point were labelled partial on dev. A request goes on past a comma
// followed by "but instead/rather" or a participle, or that closes a when/if clause the request opened.
TEST(RequestContinuation, ARequestGoesOnPastACommaBeforeItsPoint) {
    EXPECT_EQ(requests_of("Make a chess variant that isn't real time, but instead pieces have a cooldown."),
              "user.request: goal.make.chess.variant = make a chess variant that isn't real time, but instead pieces "
              "have a cooldown\n");
    EXPECT_EQ(requests_of("Add a second function to scratch.py that checks a palindrome, reusing the reverse "
                          "function."),
              "user.request: goal.add.scratch.py = add a second function to scratch.py that checks a palindrome, "
              "reusing the reverse function\n");
    EXPECT_EQ(requests_of("Add some code that when audio is received, it transcribes it and stores it."),
              "user.request: goal.add.code = add some code that when audio is received, it transcribes it and "
              "stores it\n");
    // A comma before another clause or list item still ends the clause (the goal keeps the rest of its sentence when
    // that gives no claim of its own: session 40); a continuation that runs on past 20 words keeps the comma's cut.
    EXPECT_EQ(requests_of("Fix the parser, then deploy it."),
              "user.request: goal.fix.parser = fix the parser, then deploy it\n");
    EXPECT_EQ(requests_of("Write a test that fails when the cache is cold, it must run before every other test in the "
                          "suite and all the slow integration suites of the repository"),
              "user.request: goal.write.test.fail = write a test that fails when the cache is cold\n");
}

// An imperative inside an if-clause no comma has closed asks for nothing: "… fails even if you complete the exercise
// and add the calls" (session 34, a fresh dev log).
TEST(RequestContinuation, AnImperativeInsideAnOpenConditionIsNoRequest) {
    using extracttest::Log;
    const Log log = Log().user("The check fails even if you complete the exercise and add the required calls. "
                               "Analyze the logic gaps.");
    std::vector<std::string> goals = log.claims("user.request");
    EXPECT_EQ(goals, (std::vector<std::string>{"goal.analyze.logic.gap = Analyze the logic gaps"}));
    // A condition that closes itself ("if needed", "(if any)") or an "if" that asks whether leaves the next request.
    EXPECT_EQ(Log().user("Update the docs if needed and commit the changes.").claims("user.request"),
              (std::vector<std::string>{"goal.update.documentation = Update the docs if needed",
                                        "goal.commit.change = commit the changes"}));
    EXPECT_EQ(Log().user("Check if it builds and deploy the service.").claims("user.request"),
              (std::vector<std::string>{"goal.deploy.service = deploy the service"}));
}

}  // namespace
}  // namespace bm
