// Rules user.request_list and user.should_do (core/extract/requirement_rules.cpp): a user's requirement list
// under a request line, and "X should <verb> …", with the guards that keep lists of facts, conditions,
// questions and instructions to the agent out.
#include <gtest/gtest.h>

#include <string>

#include "extract/requirement_rules.h"

namespace bm {
namespace {

std::string joined(const std::vector<TextFact>& facts) {
    std::string out;
    for (const TextFact& f : facts) out += f.key + " = " + f.value + (f.type == SlotType::kConstraint ? " [C]" : "") + "\n";
    return out;
}

TEST(RequestList, EachItemUnderARequestLineIsAGoal) {
    const std::string text =
        "I want to create a VueJS app, here are the points I need:\n* See all the items on my todo list\n* add a new item to the "
        "list\n* totally remove an item from the list\n* set a due date on the item\n\nThis should be a client-only app.";
    const auto facts = user_request_list(text);
    // "add" opens with a task verb: user.request reads it, so the list rule leaves it.
    EXPECT_EQ(joined(facts),
              "goal.see.items.todo.list = See all the items on my todo list\n"
              "goal.remove.item.list = totally remove an item from the list\n"
              "goal.set.due.date.item = set a due date on the item\n");
    ASSERT_FALSE(facts.empty());
    EXPECT_EQ(text.substr(facts[0].begin, facts[0].end - facts[0].begin), "See all the items on my todo list");
    EXPECT_EQ(facts[0].rule, "user.request_list");
}

TEST(RequestList, NumberedItemsAndNegatedItems) {
    const auto facts = user_request_list("Please build a CLI that can:\n1. accept CSV files as input\n2) no network access needed\n");
    EXPECT_EQ(joined(facts), "goal.accept.csv.files.input = accept CSV files as input\n"
                             "constraint.no.network.access.needed = no network access needed [C]\n");
}

TEST(RequestList, NoneUnderAFactLineANegatedOrConditionalLineOrAfterTheListEnds) {
    EXPECT_TRUE(user_request_list("The failing tests are:\n* test_add fails\n* test_sub fails").empty());
    EXPECT_TRUE(user_request_list("I don't want these:\n* mark an item as done").empty());
    EXPECT_TRUE(user_request_list("If you have time, I want:\n* mark an item as done").empty());
    EXPECT_TRUE(user_request_list("I want an app that allows me to:\nsee it all\n* mark an item as done").empty());
    EXPECT_TRUE(user_request_list("I want an app that allows me to:\n* call foo(x) = 1 twice").empty());
    // Session 21: what an app lets its users do is a feature of the product, not the agent's task; a "Label : value"
    // item is a field of a spec.
    EXPECT_TRUE(user_request_list("I want to create a VueJS app that allows me to:\n* mark an item as done").empty());
    EXPECT_TRUE(user_request_list("I need a site that lets users:\n* mark an item as done").empty());
    EXPECT_EQ(joined(user_request_list("I want a lambda, here are the points:\n* Name : Will it rain\n* Purpose: rain risk\n"
                                       "* Possibility to test it on my computer")),
              "goal.possibility.test.computer = Possibility to test it on my computer\n");
    EXPECT_TRUE(user_request_list("<system-reminder>\nYou should do:\n* mark an item as done\n</system-reminder>").empty());
}

TEST(ShouldDo, SubjectVerbConstraintsAndPronounBe) {
    EXPECT_EQ(joined(user_should_constraints("The list should persist in localStorage.")),
              "list.persist = persist in localStorage [C]\n");
    EXPECT_EQ(joined(user_should_constraints("This should be a client-only app with no backend.")),
              "requirement.app = client-only app with no backend [C]\n");
    EXPECT_EQ(joined(user_should_constraints("The API must not return HTML.")), "api.return = not return HTML [C]\n");
    EXPECT_EQ(joined(user_should_constraints("The tests must always pass.")), "tests.pass = always pass [C]\n");
}

TEST(ShouldDo, NoneForQuestionsConditionsAgentInstructionsAndNounBe) {
    EXPECT_TRUE(user_should_constraints("Should the list persist in localStorage?").empty());
    EXPECT_TRUE(user_should_constraints("If it fails, the job should retry twice.").empty());
    EXPECT_TRUE(user_should_constraints("When done the job should retry twice.").empty());
    EXPECT_TRUE(user_should_constraints("You should run the tests.").empty());
    EXPECT_TRUE(user_should_constraints("We must ship today.").empty());
    EXPECT_TRUE(user_should_constraints("It should work.").empty());
    EXPECT_TRUE(user_should_constraints("The port should be 8080.").empty());  // user.should_be reads it
    EXPECT_TRUE(user_should_constraints("The value should equal `x = 1`.").empty());
}

}  // namespace
}  // namespace bm
