// Session 16's chat rules (user_situation_rules.cpp, ordinal_task_rules.cpp, stated_total_rules.cpp,
// test_verdict_rules.cpp) on small conversations: what each claims, the guards that keep it quiet, and the
// conversation scope that keeps two customers' facts apart.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "conversation_log.h"
#include "extract/environment_claims.h"
#include "extract/heuristic_extractor.h"

namespace bm {
namespace {

using extracttest::Log;
using V = std::vector<std::string>;

// "key = value" of `rule`'s claims with the conversation scope (".session-<tag>") taken off the key.
V unscoped(const Log& log, const std::string& rule) {
    V out;
    const std::string scope = ".session-" + session_tag("s");
    for (std::string kv : log.claims(rule)) {
        if (const size_t p = kv.find(scope); p != std::string::npos) kv.erase(p, scope.size());
        out.push_back(kv);
    }
    return out;
}

TEST(SupportChatRules, AnswerIdIsTheOneIdentifierTheAgentAskedFor) {
    EXPECT_EQ(unscoped(Log().user("I need to change my flight.").says("No worries! Could you please provide your user ID?")
                           .user("Sure, it's sofia_kim_7287."),
                       "user.answer_id"),
              V{"user.id = sofia_kim_7287"});
    EXPECT_EQ(unscoped(Log().says("What is your order number?").user("#W2378156"), "user.answer_id"), V{"order.number = W2378156"});
    // Two identifiers asked for, none asked at all, two given, a negated or a questioning reply: no answer.
    EXPECT_TRUE(Log().says("Could you please provide your user ID and the reservation ID?").user("Sure, it's sofia_kim_7287.")
                    .claims("user.answer_id").empty());
    EXPECT_TRUE(Log().says("Thanks, I have booked it.").user("My code is ab_12.").claims("user.answer_id").empty());
    EXPECT_TRUE(Log().says("What is your user ID?").user("It's ab_12 or maybe cd_34.").claims("user.answer_id").empty());
    EXPECT_TRUE(Log().says("What is your user ID?").user("I don't have ab_12 any more.").claims("user.answer_id").empty());
    EXPECT_TRUE(Log().says("What is your user ID?").user("Is it ab_12?").claims("user.answer_id").empty());
    // A phone number is no account identifier.
    EXPECT_TRUE(Log().says("What is your phone number?").user("555-0100").claims("user.answer_id").empty());
}

TEST(SupportChatRules, NotRememberedNamesTheThingTheUserCannotGive) {
    EXPECT_EQ(unscoped(Log().user("I don't remember the reservation ID, sorry."), "user.not_remembered"),
              V{"reservation.id = not remembered by the user"});
    EXPECT_EQ(unscoped(Log().user("Well, I do not know my account number right now."), "user.not_remembered"),
              V{"account.number = not known by the user"});
    EXPECT_TRUE(Log().user("I don't know what the error means.").claims("user.not_remembered").empty());
    EXPECT_TRUE(Log().user("If I don't remember the password, can I reset it?").claims("user.not_remembered").empty());
    EXPECT_TRUE(Log().user("When I don't remember the password, I reset it.").claims("user.not_remembered").empty());
    EXPECT_TRUE(Log().says("I don't remember the reservation ID.").claims("user.not_remembered").empty());
}

TEST(SupportChatRules, DoHaveIsAnEmphaticFactAboutTheUser) {
    EXPECT_EQ(unscoped(Log().user("I must have left it somewhere else. I do have travel insurance."), "user.do_have"),
              V{"user.travel.insurance = yes"});
    EXPECT_TRUE(Log().user("I have travel insurance.").claims("user.do_have").empty());  // only the emphatic form
    EXPECT_TRUE(Log().user("If I do have travel insurance, can I cancel?").claims("user.do_have").empty());
    EXPECT_TRUE(Log().user("I do have a question about the fees on my last three invoices.").claims("user.do_have").empty());
}

TEST(SupportChatRules, WantedThingKeysTheNounAndALaterWordSupersedes) {
    EXPECT_EQ(unscoped(Log().user("The departure is on May 27, and I need the fastest return trip to Houston on the same day."),
                       "user.wanted_thing"),
              V{"return.trip.wanted = the fastest return trip to Houston on the same day"});
    EXPECT_TRUE(Log().user("I need to change my flight.").claims("user.wanted_thing").empty());
    EXPECT_TRUE(Log().user("I don't need a checked bag.").claims("user.wanted_thing").empty());
    EXPECT_TRUE(Log().user("If it is cheaper, I want the later flight.").claims("user.wanted_thing").empty());
    EXPECT_TRUE(Log().user("Do I need a visa for this trip?").claims("user.wanted_thing").empty());
    // Both statements share one slot; the merge keeps the later one (a refinement), not two rivals.
    const Log two = Log().user("I need the fastest return trip to Houston.").says("Here are the options.")
                        .user("I need the fastest return trip with a stopover included.");
    EXPECT_EQ(two.claims("user.wanted_thing").size(), 2u);
    const V keys = unscoped(two, "user.wanted_thing");
    EXPECT_EQ(keys[0].substr(0, keys[0].find(" = ")), keys[1].substr(0, keys[1].find(" = ")));
}

TEST(SupportChatRules, PaymentMethodNeedsPaymentNamed) {
    EXPECT_EQ(unscoped(Log().user("I want to use the gift card with the smallest balance for payment. Can you also add a bag?"),
                       "user.payment_method"),
              V{"payment.method = the gift card with the smallest balance"});
    EXPECT_EQ(unscoped(Log().user("I'd like to pay with my Visa card ending in 7447."), "user.payment_method"),
              V{"payment.method = my Visa card ending in 7447"});
    EXPECT_TRUE(Log().user("I want to use the new template for the report.").claims("user.payment_method").empty());
    EXPECT_TRUE(Log().user("If possible, I'd like to pay with points.").claims("user.payment_method").empty());
    EXPECT_TRUE(Log().user("Can I pay with my gift card?").claims("user.payment_method").empty());
}

TEST(SupportChatRules, OrdinalTasksNeedAnEnumerationOrTheTaskNamed) {
    EXPECT_EQ(unscoped(Log().user("Next, I'll give you a series of small tasks.The first task is a simple python program.The goal is "
                                  "to create a dice roller."),
                       "user.ordinal_task"),
              V{"task.first = a simple python program"});
    EXPECT_EQ(unscoped(Log().user("Build a repo for two tasks. first, fetch all the logs.\nsecond, organize the data into a table. "
                                  "I will explain the second later."),
                       "user.ordinal_task"),
              (V{"task.first = fetch all the logs", "task.second = organize the data into a table"}));
    EXPECT_TRUE(Log().user("first, fetch all the logs.").claims("user.ordinal_task").empty());
    EXPECT_TRUE(Log().user("First, I tried restarting it. Second, I reinstalled it.").claims("user.ordinal_task").empty());
    EXPECT_TRUE(Log().user("Is the first task a python program?").claims("user.ordinal_task").empty());
    EXPECT_TRUE(Log().says("The first task is a simple python program.").claims("user.ordinal_task").empty());
}

TEST(SupportChatRules, TotalStatedOnlyWhenSettled) {
    EXPECT_EQ(unscoped(Log().says("The total cost for the selected flights is actually $305."), "model.total_stated"),
              V{"total.cost = $305"});
    EXPECT_EQ(unscoped(Log().says("Your total refund is $1,250.50."), "model.total_stated"), V{"total.refund = $1,250.50"});
    EXPECT_TRUE(Log().says("The total cost would be $305.").claims("model.total_stated").empty());
    EXPECT_TRUE(Log().says("If you add a bag, the total price is $355.").claims("model.total_stated").empty());
    EXPECT_TRUE(Log().says("Is the total cost $305?").claims("model.total_stated").empty());
    EXPECT_TRUE(Log().says("The total count is 305.").claims("model.total_stated").empty());
    EXPECT_TRUE(Log().user("The total cost is $305.").claims("model.total_stated").empty());
}

TEST(SupportChatRules, TestsPassedLineIsTheScriptsOwnVerdict) {
    EXPECT_EQ(Log().call("execute_bash", R"J({"command":"python /workspace/test_dice.py"})J",
                         "Testing roll_die:\nRolled: 4\n\nAll tests passed! The dice roller is working correctly.\n"
                         "[The command completed with exit code 0.]")
                  .claims("action.tests_passed_line"),
              V{"python.test_dice.py.tests = all tests passed"});
    EXPECT_EQ(Log().call("bash", R"J({"command":"./run_tests.sh"})J", "ok\n\xE2\x9C\x85 All 12 tests passed.").claims("action.tests_passed_line"),
              V{"run_tests.sh.tests = all 12 tests passed"});
    EXPECT_TRUE(Log().call("bash", R"J({"command":"python t.py"})J", "All tests passed except test_b\n[exit code: 1]")
                    .claims("action.tests_passed_line").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"python t.py"})J", "Not all tests passed.").claims("action.tests_passed_line").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"python t.py"})J", "All tests passed!", true).claims("action.tests_passed_line").empty());
    EXPECT_TRUE(Log().call("execute_bash", R"J({"command":"python t.py"})J", "All tests passed!\n[The command completed with exit code -1.]")
                    .claims("action.tests_passed_line").empty());
    // A file shown by cat (or a log grepped) carries someone else's verdict, not this run's.
    EXPECT_TRUE(Log().call("bash", R"J({"command":"cat notes.txt"})J", "All tests passed").claims("action.tests_passed_line").empty());
    EXPECT_TRUE(Log().call("bash", R"J({"command":"grep -r passed logs/"})J", "All tests passed").claims("action.tests_passed_line").empty());
}

TEST(SupportChatRules, ConfirmationIsAYesToTheAgentsQuestion) {
    EXPECT_EQ(unscoped(Log().says("Would you like to proceed with downgrading these reservations?")
                           .user("Yes, please downgrade all of them to economy class. I just want to save some money."),
                       "user.confirmation"),
              V{"downgrade.confirmed = yes, downgrade all of them to economy class"});
    EXPECT_EQ(unscoped(Log().says("The total is $255.\n\nPlease confirm if you would like to proceed with this booking.")
                           .user("Yes, please proceed with that booking. Thank you!"),
                       "user.confirmation"),
              V{"booking.confirmed = yes, proceed with that booking"});
    // Nothing asked, a condition, no task verb, or the agent's own "Yes, …": no go-ahead.
    EXPECT_TRUE(Log().says("Here is the summary.").user("Yes, please downgrade all of them.").claims("user.confirmation").empty());
    EXPECT_TRUE(Log().says("Proceed?").user("Yes, if the price stays the same, please downgrade them.").claims("user.confirmation").empty());
    EXPECT_TRUE(Log().says("Proceed?").user("Yes, I confirm.").claims("user.confirmation").empty());
    EXPECT_TRUE(Log().user("Can you downgrade them?").says("Yes, please downgrade all of them.").claims("user.confirmation").empty());
}

TEST(SupportChatRules, ATotalOfIsSettledOnlyWhenDone) {
    EXPECT_EQ(unscoped(Log().says("You have saved a total of $10,519 by downgrading your flights."), "model.total_stated"),
              V{"total.saved = $10,519"});
    EXPECT_TRUE(Log().says("You will be charged a total of $305.").claims("model.total_stated").empty());
    EXPECT_TRUE(Log().says("You have not paid a total of $305 yet.").claims("model.total_stated").empty());
}

TEST(SupportChatRules, ConversationScopeKeysNameTheirSession) {
    const V got = Log().says("Could you please provide your user ID?").user("Sure, it's sofia_kim_7287.").claims("user.answer_id");
    EXPECT_EQ(got, V{"user.id.session-" + session_tag("s") + " = sofia_kim_7287"});
}

}  // namespace
}  // namespace bm
