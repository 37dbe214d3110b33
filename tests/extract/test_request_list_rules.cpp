// user.request and lists of noun phrases (session 20, branch d24chat): a verb word that opens a noun list's item is
// no request, a request cut at its preposition's list keeps the whole list, and a request cut inside a phrase gives none.
#include <gtest/gtest.h>

#include <string>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"
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
    // the last item's modifier is not the list's
    EXPECT_EQ(requests_of("Document the API for users, admins, and auditors using the wiki."),
              "user.request: goal.document.api = document the api for users, admins, and auditors\n");
    // a list over a request's 100 bytes gives none: its first item alone would be a cut value
    EXPECT_EQ(requests_of("Add observability alert-trigger tests and a small frontend test suite for login, route "
                          "gating, and core screens."),
              "");
    // items that open with a task verb are requests of their own; a list without "and|or" is none
    EXPECT_EQ(requests_of("Fix the bug in main.py, add tests, and update docs."),
              "user.request: goal.fix.main.py = fix the bug in main.py\nuser.request: goal.add.test = add tests\n"
              "user.request: goal.update.documentation = update docs\n");
    EXPECT_EQ(requests_of("Create a README, a LICENSE and a Makefile."), "user.request: goal.create.readme = create a readme\n");
}

TEST(RequestNounList, ARequestCutInsideAPhraseGivesNone) {
    EXPECT_EQ(requests_of("I want to create a VueJS app that allows me to:"), "");
    EXPECT_EQ(requests_of("Install a python package through"), "");
    // a particle ends a phrasal verb, not a phrase
    EXPECT_EQ(requests_of("Please clean the build folder up."), "user.request: goal.clean.build.folder.up = clean the build folder up\n");
}

}  // namespace
}  // namespace bm
