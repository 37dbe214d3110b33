// Basic compaction, the paired baseline of issue 24: the whole prefix into one summary, tail kept.
#include "fold/fold_engine.h"
#include "fold/recall.h"
#include "fold_test_support.h"

namespace bm {
namespace {

using testing::small_fold_options;
using testing::synthetic_session;
using testing::TempDir;

size_t checkpoints_on(const FoldSurface& s) {
    size_t n = 0;
    for (const auto& item : s.items) n += item.is_checkpoint;
    return n;
}

TEST(BasicCompaction, ReplacesTheWholePrefixWithOneSummaryAndKeepsTheTail) {
    TempDir dir;
    BundleStore store(dir.path());
    const FoldSurface surface = surface_from_session(synthetic_session("basic-a", 8));
    const FoldOptions options = small_fold_options(300, 600);
    auto out = basic_compact(store, surface, options);
    ASSERT_TRUE(out.ok()) << out.error().to_string();
    ASSERT_TRUE(out->bundle);
    EXPECT_EQ(out->bundle->mode, FoldMode::kRoot);
    EXPECT_EQ(out->plan.begin, 0u);
    // No leaf cap: the whole prefix goes into one summary, never splitting a call from its result.
    EXPECT_GT(out->plan.folded_tokens, options.policy.max_leaf_tokens);
    EXPECT_TRUE(is_safe_cut(surface, 0, out->plan.end));
    ASSERT_EQ(out->bundle->shadowed_messages.size(), out->plan.end);
    for (size_t i = 0; i < out->plan.end; ++i) EXPECT_EQ(out->bundle->shadowed_messages[i], surface.items[i].message);
    // [summary] + the retained tail, which is the shortest suffix with at least retain_tokens.
    ASSERT_EQ(out->surface.items.size(), 1 + surface.items.size() - out->plan.end);
    EXPECT_TRUE(out->surface.items[0].is_checkpoint);
    EXPECT_EQ(checkpoints_on(out->surface), 1u);
    size_t tail = 0;
    for (size_t i = 1; i < out->surface.items.size(); ++i) tail += out->surface.items[i].tokens;
    EXPECT_GE(tail, options.policy.retain_tokens);
}

TEST(BasicCompaction, TheNextCompactionRefoldsThePreviousSummaryWithTheNewMessages) {
    TempDir dir;
    BundleStore store(dir.path());
    const FoldSurface whole = surface_from_session(synthetic_session("basic-b", 12));
    const FoldOptions options = small_fold_options(300, 600);
    FoldSurface first = whole;
    first.items.resize(24);
    auto one = basic_compact(store, first, options);
    ASSERT_TRUE(one.ok() && one->bundle);
    FoldSurface grown = one->surface;
    grown.items.insert(grown.items.end(), whole.items.begin() + 24, whole.items.end());
    auto two = basic_compact(store, grown, options);
    ASSERT_TRUE(two.ok()) << two.error().to_string();
    ASSERT_TRUE(two->bundle);
    EXPECT_NE(two->bundle->checkpoint_id, one->bundle->checkpoint_id);
    EXPECT_EQ(checkpoints_on(two->surface), 1u);
    EXPECT_EQ(two->surface.items[0].checkpoint_id, two->bundle->checkpoint_id);
    // The new archive is the old one followed by the newly folded messages: exact recall still
    // reaches every message from the first.
    const auto& old_archive = one->bundle->shadowed_messages;
    const auto& archive = two->bundle->shadowed_messages;
    ASSERT_GT(archive.size(), old_archive.size());
    for (size_t i = 0; i < archive.size(); ++i) EXPECT_EQ(archive[i], whole.items[i].message) << i;
    auto page = context_recall(store, {two->bundle->checkpoint_id, RecallDepth::kExact, 0, 1000, 1000000});
    ASSERT_TRUE(page.ok());
    EXPECT_EQ((*page)["status"], "ok");
}

TEST(BasicCompaction, UsesTheSameSummariserAsTheFoldEngine) {
    TempDir dir;
    BundleStore store(dir.path());
    FoldOptions options = small_fold_options(300, 600);
    options.summarizer = [](const nlohmann::json& messages) -> Result<std::string> {
        return "summary of " + std::to_string(messages.size()) + " messages";
    };
    auto out = basic_compact(store, surface_from_session(synthetic_session("basic-c", 6)), options);
    ASSERT_TRUE(out.ok() && out->bundle);
    ASSERT_TRUE(out->bundle->semantic_text);
    EXPECT_EQ(*out->bundle->semantic_text, "summary of " + std::to_string(out->plan.end) + " messages");
    EXPECT_NE(out->bundle->rendered_text.find(*out->bundle->semantic_text), std::string::npos);
}

TEST(BasicCompaction, NothingWithinTheRetainedTail) {
    TempDir dir;
    BundleStore store(dir.path());
    const FoldSurface surface = surface_from_session(synthetic_session("basic-d", 1));
    auto out = basic_compact(store, surface, small_fold_options(100000, 600));
    ASSERT_TRUE(out.ok());
    EXPECT_FALSE(out->bundle);
    EXPECT_EQ(out->surface.items.size(), surface.items.size());
    EXPECT_FALSE(out->plan.reason.empty());
}

}  // namespace
}  // namespace bm
