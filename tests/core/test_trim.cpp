// core/util/trim.h: the one trim helper of core/ (blanks by default, or the characters a caller names).
#include <gtest/gtest.h>

#include "util/trim.h"

namespace bm {
namespace {

TEST(Trim, BlanksAtEitherEnd) {
    EXPECT_EQ(trim(" \t a b \r\n"), "a b");
    EXPECT_EQ(trim("\v\fx\f\v"), "x");  // every blank std::isspace knows in the "C" locale
    EXPECT_EQ(trim(" \n\t "), "");
    EXPECT_EQ(trim(""), "");
    EXPECT_EQ(trim_left("  a  "), "a  ");
    EXPECT_EQ(trim_right("  a  "), "  a");
}

TEST(Trim, TheCharactersTheCallerNames) {
    EXPECT_EQ(trim_right("Done. !", ". !"), "Done");
    EXPECT_EQ(trim(" a\t", " "), "a\t");
    EXPECT_EQ(trim_right("line  \r", " \r"), "line");
    EXPECT_EQ(trim_right("...", "."), "");
}

TEST(Trim, AViewIntoTheText) {
    const std::string_view text = "  word  ";
    EXPECT_EQ(trim(text).data(), text.data() + 2);
}

}  // namespace
}  // namespace bm
