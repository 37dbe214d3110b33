// LeafPlanner (the indexed plan_leaf) against the quadratic planner it replaced, kept here as the
// reference, on random surfaces with hostile tool pairs; and fold_until against repeated fold_once.
#include <random>

#include "fold/fold_engine.h"
#include "fold_test_support.h"

namespace bm {
namespace {

// plan_leaf before the LeafPlanner (is_safe_cut scans to the end of the surface for every cut).
FoldPlan reference_plan_leaf(const FoldSurface& s, const FoldPolicy& policy) {
    const Frontier f = derive_frontier(s);
    FoldPlan plan;
    plan.begin = plan.end = f.index;
    plan.root_recommended = f.frozen_ids.size() > 1 && f.frozen_tokens > policy.frozen_checkpoint_token_budget;
    const size_t n = s.items.size();
    size_t live_end = f.index;
    while (live_end < n && !s.items[live_end].is_checkpoint) ++live_end;
    size_t tail_begin = live_end, tail_tokens = 0;
    while (tail_begin > f.index && tail_tokens < policy.retain_tokens) tail_tokens += s.items[--tail_begin].tokens;
    if (tail_tokens < policy.retain_tokens && tail_begin == f.index) {
        plan.reason = "the live region (" + std::to_string(tail_tokens) + " tokens) is within the retained tail";
        return plan;
    }
    size_t end = f.index, tokens = 0;
    while (end < tail_begin && (end == f.index || tokens + s.items[end].tokens <= policy.max_leaf_tokens))
        tokens += s.items[end++].tokens;
    const size_t capped_end = end, capped_tokens = tokens;
    while (end > f.index && !is_safe_cut(s, f.index, end)) tokens -= s.items[--end].tokens;
    if (end == f.index) {
        end = capped_end;
        tokens = capped_tokens;
        while (end < tail_begin && !is_safe_cut(s, f.index, end)) tokens += s.items[end++].tokens;
        if (!is_safe_cut(s, f.index, end)) end = f.index;
    }
    if (end == f.index) {
        plan.reason = "no safe cut before the retained tail (a tool call and its result would be split)";
        return plan;
    }
    if (tokens < policy.min_reclaim_tokens) {
        plan.reason = "would reclaim only " + std::to_string(tokens) + " tokens (minimum " +
                      std::to_string(policy.min_reclaim_tokens) + ")";
        return plan;
    }
    plan.end = end;
    plan.folded_tokens = tokens;
    return plan;
}

// Random items: calls and results over a few ids (so ids repeat, results come before calls,
// calls go unanswered, one message both calls and answers), zero-token items, checkpoints.
FoldSurface random_surface(std::mt19937& rng) {
    FoldSurface s;
    s.session_id = "random";
    const int n = std::uniform_int_distribution<int>(0, 40)(rng);
    const int ids = std::uniform_int_distribution<int>(1, 8)(rng);
    const int leading = std::uniform_int_distribution<int>(0, 3)(rng);
    auto pick = [&](int k) { return std::uniform_int_distribution<int>(0, k - 1)(rng); };
    for (int i = 0; i < n; ++i) {
        SurfaceItem item;
        item.seq = i;
        item.tokens = static_cast<size_t>(pick(5) == 0 ? 0 : pick(120));
        if (i < leading || pick(12) == 0) {
            item.is_checkpoint = true;
            item.checkpoint_id = "cp" + std::to_string(i);
        } else {
            nlohmann::json blocks = nlohmann::json::array();
            for (int b = pick(4); b > 0; --b)
                blocks.push_back({{"kind", pick(2) ? "tool_call" : "tool_result"}, {"id", "t" + std::to_string(pick(ids))}});
            item.message = {{"role", "assistant"}, {"blocks", blocks}};
        }
        s.items.push_back(std::move(item));
    }
    return s;
}

void expect_same_plan(const FoldPlan& got, const FoldPlan& want, const std::string& where) {
    EXPECT_EQ(got.begin, want.begin) << where;
    EXPECT_EQ(got.end, want.end) << where;
    EXPECT_EQ(got.folded_tokens, want.folded_tokens) << where;
    EXPECT_EQ(got.root_recommended, want.root_recommended) << where;
    EXPECT_EQ(got.reason, want.reason) << where;
}

TEST(LeafPlanner, PlansExactlyWhatTheQuadraticPlannerPlanned) {
    std::mt19937 rng(23);
    size_t folds = 0;
    for (int round = 0; round < 3000; ++round) {
        const FoldSurface s = random_surface(rng);
        FoldPolicy p;
        p.retain_tokens = std::uniform_int_distribution<size_t>(0, 400)(rng);
        p.max_leaf_tokens = std::uniform_int_distribution<size_t>(1, 500)(rng);
        p.min_reclaim_tokens = std::uniform_int_distribution<size_t>(0, 100)(rng);
        p.frozen_checkpoint_token_budget = std::uniform_int_distribution<size_t>(0, 200)(rng);
        const FoldPlan want = reference_plan_leaf(s, p);
        expect_same_plan(plan_leaf(s, p), want, "round " + std::to_string(round));
        folds += want.empty() ? 0 : 1;
    }
    EXPECT_GT(folds, 300u);  // the rounds exercise real folds, not only refusals
}

std::vector<std::string> checkpoint_ids(const std::vector<CheckpointBundle>& bundles) {
    std::vector<std::string> ids;
    for (const auto& b : bundles) ids.push_back(b.checkpoint_id);
    return ids;
}

TEST(LeafPlanner, FoldUntilMakesTheSameCheckpointsAndSurfaceAsRepeatedFoldOnce) {
    const Session session = testing::synthetic_session("same", 40);
    const FoldOptions o = testing::small_fold_options();
    testing::TempDir one_dir, run_dir;
    BundleStore one_store(one_dir.path()), run_store(run_dir.path());
    FoldSurface s = surface_from_session(session);
    std::vector<CheckpointBundle> one_by_one;
    for (;;) {
        auto r = fold_once(one_store, s, FoldMode::kLeaf, o);
        ASSERT_TRUE(r.ok()) << r.error().to_string();
        if (!r->bundle) break;
        one_by_one.push_back(*r->bundle);
        s = r->surface;
    }
    auto run = fold_until(run_store, surface_from_session(session), FoldMode::kLeaf, 0, o);
    ASSERT_TRUE(run.ok()) << run.error().to_string();
    ASSERT_GE(one_by_one.size(), 10u);
    EXPECT_EQ(checkpoint_ids(run->published), checkpoint_ids(one_by_one));
    EXPECT_EQ(surface_to_jsonl(run->surface), surface_to_jsonl(s));
    EXPECT_EQ(run->surface.tokens(), s.tokens());
}

TEST(LeafPlanner, FoldUntilStopsAtTheTokenTarget) {
    const Session session = testing::synthetic_session("target", 30, 3000);
    const FoldOptions o = testing::small_fold_options();
    testing::TempDir dir;
    BundleStore store(dir.path());
    const size_t full = surface_from_session(session).tokens();
    auto all = fold_until(store, surface_from_session(session), FoldMode::kLeaf, 0, o);
    ASSERT_TRUE(all.ok());
    const size_t target = (full + all->surface.tokens()) / 2;
    auto run = fold_until(store, surface_from_session(session), FoldMode::kLeaf, target, o);
    ASSERT_TRUE(run.ok());
    EXPECT_LE(run->surface.tokens(), target);
    EXPECT_EQ(run->stop_reason, "surface within " + std::to_string(target) + " tokens");
    ASSERT_FALSE(run->published.empty());
    // One fold fewer is still over the target: the run did not fold further than asked.
    auto shorter = fold_until(store, surface_from_session(session), FoldMode::kLeaf, 0, o, run->published.size() - 1);
    ASSERT_TRUE(shorter.ok());
    EXPECT_GT(shorter->surface.tokens(), target);
    EXPECT_TRUE(shorter->stop_reason.empty());  // stopped by max_folds
}

}  // namespace
}  // namespace bm
