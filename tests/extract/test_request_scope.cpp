// Session 21 guards on user.request (core/extract/request_scope.cpp): quoted hand-ons, product-feature list items,
// objects named only by "it"/"that", memory verbs and clauses cut at 14 of over 20 words give no request.
#include <gtest/gtest.h>

#include <string>

#include "extract/request_rules.h"
#include "extract/request_scope.h"
#include "extract/sentence_tokens.h"
#include "request_matches.h"

namespace bm {
namespace {

using extracttest::requests_of;

TEST(RequestScope, QuotedSubtaskIsHandedOnNotAsked) {
    const std::string text =
        "Use the subagent tool to delegate this subtask: \"Write a summary, then keep going until you are cut off.\"";
    EXPECT_TRUE(inside_quotation(text, text.find("keep going")));
    EXPECT_FALSE(inside_quotation(text, text.find("delegate")));
    EXPECT_EQ(requests_of(text).find("keep"), std::string::npos) << requests_of(text);
    // A whole message in quotes is still the user's own.
    EXPECT_FALSE(inside_quotation("\"Fix the login bug, then add a test\"", 20));
    EXPECT_NE(requests_of("\"Fix the login bug, then add a test\"").find("goal.fix.login.bug"), std::string::npos);
}

TEST(RequestScope, AStrayOrUnclosedQuoteOpensNoQuotation) {
    // Review (session 21): an inch mark, a pasted log's half quote and an unterminated quote hid the user's ask.
    const std::string inch = "The sidebar is 3\" too wide on my monitor. Please fix the sidebar width on wide screens.";
    EXPECT_FALSE(inside_quotation(inch, inch.find("fix")));
    const std::string log = "The log shows: \"timeout after 30s\nPlease add a retry to the payment client.";
    EXPECT_FALSE(inside_quotation(log, log.find("add a retry")));
    EXPECT_NE(requests_of(log).find("goal.add.retry"), std::string::npos) << requests_of(log);
}

TEST(RequestScope, ItemsOfWhatAProductDoesAreNoTasks) {
    const std::string app = "I want to create a VueJS app that allows me to:\n* add a new item to the list\n"
                            "* change the text of an item\n\nThis should be a client-only app.";
    EXPECT_TRUE(product_feature_item(app, app.find("add a new")));
    EXPECT_TRUE(product_feature_item(app, app.find("change the")));
    EXPECT_EQ(requests_of(app), "");
    const std::string page = "it should\n1. save lower bounds and upper bounds\n2. add a button for GENERATE";
    EXPECT_EQ(requests_of(page), "");
    // Items the agent is asked to do stay requests.
    const std::string tasks = "You should:\n1. save the bounds in local storage\n2. add a button for GENERATE";
    EXPECT_FALSE(product_feature_item(tasks, tasks.find("save")));
    EXPECT_NE(requests_of(tasks).find("goal.add.button"), std::string::npos) << requests_of(tasks);
    // A finished sentence of an earlier paragraph leads no list in (review, session 21).
    const std::string after = "Right now the page lets users export data.\n\n- Add a CSV export button\n- Fix the date filter";
    EXPECT_FALSE(product_feature_item(after, after.find("Add a CSV")));
    const std::string plain = "Please do this:\n- add a new item to the list";
    EXPECT_FALSE(product_feature_item(plain, plain.find("add")));
    EXPECT_FALSE(product_feature_item("add a new item to the list", 0));
}

TEST(RequestScope, ObjectNamedOnlyInAnEarlierTurn) {
    EXPECT_TRUE(anaphoric_object("add a minimal code in it"));
    EXPECT_TRUE(anaphoric_object("upgrade me to business class for that segment"));
    EXPECT_TRUE(anaphoric_object("apply exactly that one edit to notes.txt"));
    EXPECT_FALSE(anaphoric_object("make it now an elephant"));
    EXPECT_FALSE(anaphoric_object("prove that bash state persists"));
    EXPECT_FALSE(anaphoric_object("port this python project to rust"));
    // "add a minimal code in it" gives no request of its own; the goal keeps it as the rest of its sentence
    // (session 40).
    EXPECT_EQ(requests_of("ok can you create a hello_world.py file and add a minimal code in it?"),
              "user.request: goal.create.hello_world.py = create a hello_world.py file and add a minimal code in it\n");
    EXPECT_EQ(requests_of("Could you upgrade me to business class for that segment, please?"), "");
}

TEST(RequestScope, MemoryVerbAndRunOnClauseGiveNone) {
    EXPECT_EQ(requests_of("Remember the workspace instruction."), "");
    EXPECT_EQ(requests_of("change the main view to be a 2 column layout with a collapsable sidebar so it's responsive "
                          "on phones and smaller screens but is open by default on larger screens like laptops"),
              "");
    EXPECT_EQ(requests_of("change the main view to be a 2 column layout with a collapsable sidebar"),
              "user.request: goal.change.main.view = change the main view to be a 2 column layout with a collapsable "
              "sidebar\n");
}

}  // namespace
}  // namespace bm
