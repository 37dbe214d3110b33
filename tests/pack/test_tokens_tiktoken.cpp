// cl100k_base BPE counts equal the npm `tiktoken` package's counts (run by node in this test) on
// more than 1 MB of generated mixed English/Chinese/code text, edge cases and real session logs.
// Skips, saying how to fetch them, when the cached ranks or the npm package are absent.
#include <gtest/gtest.h>

#include <numeric>

#include "pack/token_counter_factory.h"
#include "support/mixed_text.h"
#include "support/tiktoken_reference.h"

namespace bm {
namespace {

constexpr const char* kFetch = "bash scripts/fetch_tokenizers.sh";

std::unique_ptr<TokenCounter> cl100k_or_skip(std::string& why) {
    const std::string path = find_cached_tokenizer("cl100k_base");
    if (path.empty()) {
        why = "cl100k_base ranks are not in " + tokenizer_cache_dir() + "; run: " + kFetch;
        return nullptr;
    }
    auto counter = open_token_counter(path);
    EXPECT_TRUE(counter.ok()) << counter.error().to_string();
    return counter.ok() ? std::move(*counter) : nullptr;
}

void expect_equal_to_node(const TokenCounter& counter, const std::vector<std::string>& docs) {
    auto node = testing::run_node_tiktoken(docs, 1, TIKTOKEN_SCRIPT);
    ASSERT_TRUE(node.ok()) << node.error().to_string();
    size_t mismatches = 0;
    for (size_t i = 0; i < docs.size(); ++i) {
        const size_t ours = counter.count(docs[i]);
        if (ours != node->counts[i] && ++mismatches <= 5)
            ADD_FAILURE() << "document " << i << " (" << docs[i].size() << " bytes): ours " << ours << ", tiktoken "
                          << node->counts[i] << "\n" << docs[i].substr(0, 300);
    }
    EXPECT_EQ(mismatches, 0u);
}

TEST(TiktokenEquality, cl100k_loads_from_the_npm_encoder_json) {
    std::string why;
    auto counter = cl100k_or_skip(why);
    if (!counter) GTEST_SKIP() << why;
    EXPECT_EQ(counter->name(), "bpe:cl100k_base");
    EXPECT_EQ(counter->count("hello world"), 2u);
    EXPECT_EQ(counter->count(""), 0u);
}

TEST(TiktokenEquality, counts_equal_npm_tiktoken_on_a_megabyte_of_mixed_text) {
    std::string why;
    auto counter = cl100k_or_skip(why);
    if (!counter) GTEST_SKIP() << why;
    if (auto missing = testing::tiktoken_missing_reason(); !missing.empty()) GTEST_SKIP() << missing;
    auto docs = testing::make_mixed_documents(1100 * 1024, 20261130);
    const size_t bytes = std::accumulate(docs.begin(), docs.end(), size_t{0}, [](size_t s, const auto& d) { return s + d.size(); });
    ASSERT_GE(bytes, 1024u * 1024u);
    expect_equal_to_node(*counter, docs);
}

TEST(TiktokenEquality, counts_equal_npm_tiktoken_on_edge_cases_and_invalid_utf8) {
    std::string why;
    auto counter = cl100k_or_skip(why);
    if (!counter) GTEST_SKIP() << why;
    if (auto missing = testing::tiktoken_missing_reason(); !missing.empty()) GTEST_SKIP() << missing;
    expect_equal_to_node(*counter, testing::edge_case_documents());
}

TEST(TiktokenEquality, counts_equal_npm_tiktoken_on_real_session_logs) {
    std::string why;
    auto counter = cl100k_or_skip(why);
    if (!counter) GTEST_SKIP() << why;
    if (auto missing = testing::tiktoken_missing_reason(); !missing.empty()) GTEST_SKIP() << missing;
    auto docs = testing::shared_data_documents(SHARED_DATA_DIR, 2 * 1024 * 1024);
    if (docs.empty()) GTEST_SKIP() << "no session logs under " << SHARED_DATA_DIR << "/sessions";
    expect_equal_to_node(*counter, docs);
}

TEST(TiktokenEquality, counting_is_subadditive_at_line_boundaries) {
    std::string why;
    auto counter = cl100k_or_skip(why);
    if (!counter) GTEST_SKIP() << why;
    auto docs = testing::make_mixed_documents(64 * 1024, 99);
    for (size_t i = 0; i + 1 < docs.size(); ++i) {
        const std::string a = docs[i] + "\n", &b = docs[i + 1];
        EXPECT_LE(counter->count(a + b), counter->count(a) + counter->count(b) + 1);
    }
}

}  // namespace
}  // namespace bm
