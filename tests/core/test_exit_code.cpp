// core/util/exit_code.h: the signed exit-code parse Codex's and VS Code's readers share.
#include <gtest/gtest.h>

#include "util/exit_code.h"

namespace bm {
namespace {

TEST(ExitCode, ASignAndItsDigitsOnly) {
    EXPECT_EQ(parse_exit_code("0"), 0);
    EXPECT_EQ(parse_exit_code("127"), 127);
    EXPECT_EQ(parse_exit_code("-1"), -1);
    EXPECT_EQ(parse_exit_code(""), std::nullopt);
    EXPECT_EQ(parse_exit_code("-"), std::nullopt);
    EXPECT_EQ(parse_exit_code("1 "), std::nullopt);
    EXPECT_EQ(parse_exit_code("+1"), std::nullopt);
    EXPECT_EQ(parse_exit_code("1a"), std::nullopt);
}

TEST(ExitCode, AtMostTheDigitsTheCallerAllows) {
    EXPECT_EQ(parse_exit_code("123456789"), 123456789);
    EXPECT_EQ(parse_exit_code("1234567890"), std::nullopt);  // 9 by default
    EXPECT_EQ(parse_exit_code("-1234", 4), -1234);           // the sign is no digit
    EXPECT_EQ(parse_exit_code("12345", 4), std::nullopt);
}

}  // namespace
}  // namespace bm
