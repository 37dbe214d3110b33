// The token estimator: basic laws (empty, monotone in repetition, subadditive at line boundaries).
#include <gtest/gtest.h>

#include <string>

#include "pack/token_estimator.h"

namespace bm {
namespace {

TEST(TokenEstimator, empty_text_costs_nothing_and_name_is_stable) {
    auto est = make_token_estimator();
    EXPECT_EQ(est->count(""), 0u);
    EXPECT_EQ(est->name(), "estimate:v1");
}

TEST(TokenEstimator, every_nonempty_text_costs_at_least_one_token) {
    auto est = make_token_estimator();
    for (std::string s : {"a", " ", "\n", "1", "!", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80", "\xFF"})
        EXPECT_GE(est->count(s), 1u) << s;
}

TEST(TokenEstimator, estimate_is_subadditive_at_line_boundaries) {
    auto est = make_token_estimator();
    const std::string lines[] = {"- **db.host**: prod-db-3 (evidence 4, 2 sources)\n",
                                 "中文的句子，还有标点。\n", "    return x + 1;  // 😀\n", "\n\n", "x\n"};
    for (const auto& a : lines)
        for (const auto& b : lines)
            EXPECT_LE(est->count(a + b), est->count(a) + est->count(b) + 1) << a << b;
}

}  // namespace
}  // namespace bm
