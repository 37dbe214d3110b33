// UTF-8 validation: overlongs, surrogates and truncated sequences are invalid.
#include <gtest/gtest.h>

#include "util/utf8.h"

namespace bm {
namespace {

TEST(Utf8, AcceptsValidAndRejectsMalformed) {
    EXPECT_TRUE(is_valid_utf8("plain ascii"));
    EXPECT_TRUE(is_valid_utf8("\xE5\xAF\x86\xE9\x92\xA5 \xF0\x9F\x98\x80"));
    EXPECT_EQ(first_invalid_utf8("ab\xC0\xAF"), 2u);   // overlong '/'
    EXPECT_EQ(first_invalid_utf8("\xED\xA0\x80"), 0u);  // surrogate
    EXPECT_EQ(first_invalid_utf8("ok\xE2\x82"), 2u);    // truncated
    EXPECT_EQ(first_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
}

TEST(Utf8, RepairReplacesEachBadByte) {
    EXPECT_EQ(repair_utf8("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
}

TEST(Utf8, Utf16ConversionUsesSurrogatePairs) {
    EXPECT_EQ(utf8_to_utf16("\xF0\x9F\x98\x80"), std::u16string({0xD83D, 0xDE00}));
}

}  // namespace
}  // namespace bm
