// A request's value keeps the user's casing (core/extract/request_casing.h, session 39): names, paths and
// repositories as typed, while the rules still read lowercased words.
#include <gtest/gtest.h>

#include <string>

#include "extract/heuristic_extractor.h"
#include "extract/request_casing.h"

namespace bm {
namespace {

TEST(RequestCasing, LettersComeBackAsTyped) {
    const std::string text = "#### update my git config username to Henry Romp and email to Dev@Example.org";
    EXPECT_EQ(recased_request("update my git config username to henry romp", text, 5),
              "update my git config username to Henry Romp");
    // Quote marks the value dropped, and runs of white space it folded, are stepped over.
    EXPECT_EQ(recased_request("change the content to modified content",
                              "Change the content to \"Modified Content\"", 0),
              "Change the content to Modified Content");
    EXPECT_EQ(recased_request("fix the bug", "Fix  the\n`Bug`", 0), "Fix the Bug");
    EXPECT_EQ(recased_request("rename it to foo bar", "Rename it to \" Foo Bar\"", 0), "Rename it to Foo Bar");
}

TEST(RequestCasing, AValueThatDoesNotFollowTheTextStaysAsItIs) {
    // A value built from tokens ("if x, do y" where the text has no comma) or read elsewhere is left alone.
    EXPECT_EQ(recased_request("if x, do y", "If X do Y", 0), "if x, do y");
    EXPECT_EQ(recased_request("add a test", "Add a", 0), "add a test");
    EXPECT_EQ(recased_request("add a test", "Add a test", 40), "add a test");
}

TEST(RequestCasing, AUsersRequestKeepsItsPathAndNames) {
    Claim origin;
    const auto claims = extract_from_text("Implement the plan in /Users/Ana/Obsidian/Plan.md for JuliaLang.", origin,
                                          true);
    std::string values;
    for (const Claim& c : claims) values += c.rule + ": " + c.key + " = " + c.value + "\n";
    EXPECT_NE(values.find("= Implement the plan in /Users/Ana/Obsidian/Plan.md"), std::string::npos) << values;
    // The key is still built from lowercased words.
    for (const Claim& c : claims)
        for (const char k : c.key) EXPECT_FALSE(k >= 'A' && k <= 'Z') << c.key;
}

}  // namespace
}  // namespace bm
