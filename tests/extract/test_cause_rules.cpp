// Rules model.cause_statement and model.defect_statement (core/extract/cause_rules.cpp): the agent's own diagnosis,
// the guards that keep hedged, conditional, negated and planned sentences quiet, and the quotes' spans (session 18).
#include <gtest/gtest.h>

#include <string>

#include "extract/cause_rules.h"

namespace bm {
namespace {

std::string causes_of(const std::string& text) {
    std::string s;
    for (const TextFact& f : agent_cause_statements(text)) s += f.rule + " " + f.key + " = " + f.value + "\n";
    return s;
}

TEST(CauseStatement, StatedCausesAreKeyedByTheirNoun) {
    EXPECT_EQ(causes_of("Looking at it:\n3. The error occurs because `auto_chunks` requires a known dtype to calculate "
                        "chunk sizes\n4. The fix should be to default to float."),
              "model.cause_statement error.cause = auto_chunks requires a known dtype to calculate chunk sizes\n");
    EXPECT_EQ(causes_of("The problem is that the cache key ignores the locale, so stale pages are served."),
              "model.cause_statement problem.cause = the cache key ignores the locale\n");
    EXPECT_EQ(causes_of("The root cause is a race between the writer and the flush thread."),
              "model.cause_statement root.cause = a race between the writer and the flush thread\n");
    EXPECT_EQ(causes_of("This crash happens because the buffer is freed twice."),
              "model.cause_statement crash.cause = the buffer is freed twice\n");
}

TEST(CauseStatement, HedgesConditionsNegationsQuestionsAndChecksGiveNone) {
    // Each sentence holds the pattern; only its guard (hedge, condition, negation, question, check) stops it.
    EXPECT_EQ(causes_of("Maybe the error occurs because the path is relative."), "");
    EXPECT_EQ(causes_of("The error occurs because the path is probably relative."), "");
    EXPECT_EQ(causes_of("I think the issue is that the port is already taken."), "");
    EXPECT_EQ(causes_of("It seems the issue is that the port is already taken."), "");
    EXPECT_EQ(causes_of("If the error occurs because of the timeout, raise it."), "");
    EXPECT_EQ(causes_of("It is not the case that the issue is that the port is taken."), "");
    EXPECT_EQ(causes_of("Let me check whether the issue is that the port is taken."), "");
    EXPECT_EQ(causes_of("So the error occurs because the path is relative?"), "");
    EXPECT_EQ(causes_of("The issue is fixed."), "");  // no cause said
    EXPECT_EQ(causes_of("The root cause is not the database connection pool."), "");  // denied right after the pattern
}

TEST(CauseStatement, AHedgeCountsOnlyInTheCauseClauseAndCouldNotIsNoHedge) {
    // A hedge in another clause of the sentence leaves the stated cause alone.
    EXPECT_EQ(causes_of("The first guess might have been the cache, but the error occurs because the path is relative."),
              "model.cause_statement error.cause = the path is relative\n");
    EXPECT_EQ(causes_of("The problem is that the config file could not be opened, which would explain the empty page."),
              "model.cause_statement problem.cause = the config file could not be opened\n");
    EXPECT_EQ(causes_of("`load` is missing a return statement, so the caller may get None."),
              "model.defect_statement load.missing = return statement\n");
    // "could not" / "couldn't" + verb reports a failure: not a hedge.
    EXPECT_EQ(causes_of("The error occurs because the socket couldn't bind to port 80."),
              "model.cause_statement error.cause = the socket couldn't bind to port 80\n");
    // A hedge inside the clause, in a short tail after it, or a condition before it still gives none.
    EXPECT_EQ(causes_of("The error occurs because the file could be locked by another process."), "");
    EXPECT_EQ(causes_of("The issue is that the port is already taken, I think."), "");
    EXPECT_EQ(causes_of("When the cache is cold, the error occurs because the index is rebuilt."), "");
    EXPECT_EQ(causes_of("It is a guess, but maybe the error occurs because the path is relative."), "");
}

TEST(DefectStatement, ABacktickedSubjectIsIncorrectBecauseOrIsMissing) {
    EXPECT_EQ(causes_of("The current implementation of the function `truncate_number` is incorrect because it adds 1.0 "
                        "to the fractional part of the number. This is not necessary."),
              "model.defect_statement truncate_number.cause = it adds 1.0 to the fractional part of the number\n");
    EXPECT_EQ(causes_of("The syntax error is indeed on line 4, where the function definition for `division` is missing a "
                        "colon at the end. Let's add the missing colon."),
              "model.defect_statement division.missing = colon at the end\n");
    EXPECT_EQ(causes_of("I can see that the `Schedule` class in the implementation is missing the `CreationDate` and "
                        "`LastModificationDate` fields that are specified in the AWS API documentation."),
              "model.defect_statement Schedule.missing = CreationDate and LastModificationDate fields\n");
}

TEST(DefectStatement, NoNamedSubjectOrAClauseBetweenGivesNone) {
    EXPECT_EQ(causes_of("The function is incorrect because it ignores negative numbers."), "");
    EXPECT_EQ(causes_of("There is a syntax error in the `missing_colon.py` file, specifically that a colon is missing at "
                        "the end of a function definition."),
              "");
    EXPECT_EQ(causes_of("`CreationDate` is missing from the response."), "");
    EXPECT_EQ(causes_of("Let me check whether `config` is missing the port."), "");
    EXPECT_EQ(causes_of("It seems `parse` is wrong because the regex is greedy."), "");
    EXPECT_EQ(causes_of("If `config` is missing the port, use 8080."), "");
    EXPECT_EQ(causes_of("`Schedule` is not missing anything now."), "");
}

TEST(CauseStatement, TheQuoteSpansTheStatementAndOneValuePerKeyAndMessage) {
    const std::string text = "Note. The error occurs because `x` is None. The error occurs because y is empty.";
    const auto facts = agent_cause_statements(text);
    ASSERT_EQ(facts.size(), 1u);
    EXPECT_EQ(text.substr(facts[0].begin, facts[0].end - facts[0].begin), "The error occurs because `x` is None");
}

}  // namespace
}  // namespace bm
