// user.request_in_document's guards (core/extract/document_request_guards.cpp): a pasted document's items, headings
// and cut values are left out; the user's own ask and whole items are kept (session 21).
#include <gtest/gtest.h>

#include <string>

#include "extract/document_request_guards.h"

namespace bm {
namespace {

// The reason `quote` (found in `text`) is left out; the first sentence is the text up to its first ". " or newline.
std::string reason(const std::string& text, const std::string& quote) {
    const size_t b = text.find(quote);
    EXPECT_NE(b, std::string::npos) << quote;
    size_t first_end = std::min(text.find(". "), text.find('\n'));
    if (first_end == std::string::npos) first_end = text.size();
    return document_item_reason(text, b, b + quote.size(), std::string_view(text).substr(0, first_end));
}

TEST(DocumentRequestGuards, KeepsTheUsersAskAndWholeItems) {
    EXPECT_EQ(reason("I want you to create a TypeScript app, here are the points :\n- Send a notification every night\n",
                     "create a TypeScript app"), "");
    EXPECT_EQ(reason("Implement the following plan:\n\n## Verification\n1. Test scenario toggles change visualizations\n",
                     "Test scenario toggles change visualizations"), "");
    EXPECT_EQ(reason("Start now. Scaffold it, write all 5 instructions with validation and error handling, include tests.",
                     "write all 5 instructions with validation and error handling"), "");
    EXPECT_EQ(reason("Report.\n  4. Add boundary tests for empty results, time windows, and malformed inputs.\n",
                     "Add boundary tests for empty results, time windows, and malformed inputs"), "");
    EXPECT_EQ(reason("Report.\n  - Keep local test flow functional.\n", "Keep local test flow functional"), "");
}

TEST(DocumentRequestGuards, LeavesOutTemplatesPlansAndHowToWorkSections) {
    EXPECT_EQ(reason("You are a SQL expert and need to do tasks. Please write a new python file.", "write a new python file"),
              "a role-play prompt's instruction (a template)");
    EXPECT_EQ(reason("let's build a plan to fix each one of these chunk by chunk\nNext Actions\nAdd strict role checks.",
                     "Add strict role checks"), "an item of what the user asks a plan for");
    EXPECT_EQ(reason("# Task\nBuild it.\n## Guardrails\n- Keep code style consistent with repo.\n",
                     "Keep code style consistent with repo"), "an item under a how-to-work heading");
    EXPECT_EQ(reason("Intro.\n3. Keep iterating until every requirement is implemented.", "Keep iterating until every requirement is implemented"),
              "an instruction to keep going (how to work)");
}

TEST(DocumentRequestGuards, LeavesOutHeadingsAndCutValues) {
    EXPECT_EQ(reason("Intro.\nTest Sufficiency Summary\n\nTest Overview\n", "Test Sufficiency Summary"), "a heading");
    EXPECT_EQ(reason("Intro.\n- Establish an entry point with access control (RBAC).", "Establish an entry point with access control (RBAC"),
              "cut inside parentheses");
    EXPECT_EQ(reason("Intro.\n- Record document.cookie, localStorage, sessionStorage.", "Record document.cookie"),
              "cut before the rest of its list");
    EXPECT_EQ(reason("Intro.\n- Keep current manual endpoints, but add scheduler metadata.", "Keep current manual endpoints"),
              "cut before its qualification");
    EXPECT_EQ(reason("Intro.\n- Add safe-by-default transport security policy:\n  - reject HTTP", "Add safe-by-default transport security policy"),
              "a list's lead-in without its list");
    EXPECT_EQ(reason("Now build a repo that will focus on the following tasks. first, fetch logs", "build a repo that will focus on the following tasks"),
              "points to the following text without it");
}

TEST(DocumentRequestGuards, LeavesOutFindingsEndUserFeaturesAndOrdersOfWork) {
    EXPECT_EQ(reason("Intro.\n  - test coverage is not broad enough for the main risk areas", "test coverage is not broad enough for the main risk areas"),
              "a noun phrase stating a finding, not an imperative");
    EXPECT_EQ(reason("Intro.\nGoal:\nEnsure users never miss critical information.", "Ensure users never miss critical information"),
              "a feature for the product's end users");
    EXPECT_EQ(reason("Intro. Build the project scafolding first and then the other details.",
                     "Build the project scafolding first and then the other details"), "an order of work (how to work)");
    EXPECT_EQ(reason("Intro.\n- Ensure it is fast.", "Ensure it is fast"), "");
    // A verb that takes a clause asks, whatever follows it (review, session 21).
    EXPECT_EQ(reason("Intro. Ensure CI is green before you open the PR.", "Ensure CI is green before you open the PR"), "");
    EXPECT_EQ(reason("x", "x"), "");  // one word, nothing to judge
}

}  // namespace
}  // namespace bm
