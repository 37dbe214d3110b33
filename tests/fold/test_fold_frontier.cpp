// Fold planning and the frontier: C2.1, C2.2, C2.4, C0.5, tool-pair safety, retained tail, emergency.
#include "fold/fold_engine.h"
#include "fold_test_support.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {
namespace {

std::string prefix_hash(const FoldSurface& s) {
    const Frontier f = derive_frontier(s);
    nlohmann::json ids = nlohmann::json::array();
    for (size_t i = 0; i < f.index; ++i) ids.push_back({s.items[i].checkpoint_id, s.items[i].text});
    return sha256_hex(*canonical_json(ids));
}

TEST(FoldGates, C2_1_FrontierIsMonotonic) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    FoldSurface s = surface_from_session(testing::synthetic_session("c21", 20));
    FoldOptions o = testing::small_fold_options();
    int64_t last = derive_frontier(s).last_folded_seq;
    size_t folds = 0;
    for (;;) {
        auto r = fold_once(store, s, FoldMode::kLeaf, o);
        ASSERT_TRUE(r.ok()) << r.error().to_string();
        if (!r->bundle) break;
        const Frontier f = derive_frontier(r->surface);
        EXPECT_GT(f.last_folded_seq, last);
        EXPECT_EQ(f.frozen_ids.size(), derive_frontier(s).frozen_ids.size() + 1);
        last = f.last_folded_seq;
        s = r->surface;
        ++folds;
    }
    EXPECT_GE(folds, 5u);
    // The frontier is derived from the surface: the same surface gives the same frontier.
    EXPECT_EQ(derive_frontier(s).frozen_ids, derive_frontier(FoldSurface(s)).frozen_ids);
}

TEST(FoldGates, C2_2_FrozenPrefixIsByteStableAcrossLaterLeafFolds) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    FoldSurface s = surface_from_session(testing::synthetic_session("c22", 16));
    FoldOptions o = testing::small_fold_options();
    std::vector<std::string> prefix_ids;
    std::vector<std::string> bundle_bytes_seen;
    for (int i = 0; i < 6; ++i) {
        auto r = fold_once(store, s, FoldMode::kLeaf, o);
        ASSERT_TRUE(r.ok() && r->bundle);
        const Frontier f = derive_frontier(r->surface);
        // Every earlier frozen item is unchanged, in place.
        for (size_t k = 0; k < prefix_ids.size(); ++k) { EXPECT_EQ(f.frozen_ids[k], prefix_ids[k]); }
        // And its bundle bytes on disk are unchanged.
        for (size_t k = 0; k < prefix_ids.size(); ++k) {
            auto b = store.read(s.session_id, prefix_ids[k]);
            ASSERT_TRUE(b.ok());
            EXPECT_EQ(*bundle_bytes(*b), bundle_bytes_seen[k]);
        }
        prefix_ids = f.frozen_ids;
        bundle_bytes_seen.push_back(*bundle_bytes(*r->bundle));
        s = r->surface;
    }
    // Re-folding the same session into a fresh store gives the same ids (deterministic).
    testing::TempDir dir2;
    BundleStore store2(dir2.path());
    auto again = fold_until(store2, surface_from_session(testing::synthetic_session("c22", 16)), FoldMode::kLeaf, 0, o, 6);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(derive_frontier(again->surface).frozen_ids, prefix_ids);
    EXPECT_EQ(prefix_hash(again->surface), prefix_hash(s));
}

TEST(FoldPlanner, NeverSplitsAToolCallFromItsResultAndKeepsTheTail) {
    Session session = testing::synthetic_session("pairs", 10);
    FoldSurface s = surface_from_session(session);
    for (size_t retain : {0u, 100u, 400u, 900u})
        for (size_t leaf : {50u, 200u, 700u}) {
            FoldPolicy p;
            p.retain_tokens = retain;
            p.max_leaf_tokens = leaf;
            p.min_reclaim_tokens = 1;
            FoldPlan plan = plan_leaf(s, p);
            if (plan.empty()) continue;
            EXPECT_TRUE(is_safe_cut(s, plan.begin, plan.end));
            // No result in the tail answers a call inside the fold.
            for (size_t i = plan.begin; i < plan.end; ++i)
                for (const auto& id : archived_call_ids(s.items[i].message))
                    for (size_t k = plan.end; k < s.items.size(); ++k)
                        for (const auto& rid : archived_result_ids(s.items[k].message)) { EXPECT_NE(id, rid); }
            size_t tail = 0;
            for (size_t k = plan.end; k < s.items.size(); ++k) tail += s.items[k].tokens;
            EXPECT_GE(tail, retain);
        }
    // A live region within the retained tail is not folded.
    FoldPolicy keep_all;
    keep_all.retain_tokens = 1u << 30;
    EXPECT_TRUE(plan_leaf(s, keep_all).empty());
}

TEST(FoldPlanner, EmergencyFoldKeepsNoTailAndIsMarkedE) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    FoldSurface s = surface_from_session(testing::synthetic_session("emerg", 5));
    auto r = fold_once(store, s, FoldMode::kEmergency, testing::small_fold_options(1u << 30));
    ASSERT_TRUE(r.ok() && r->bundle);
    ASSERT_EQ(r->surface.items.size(), 1u);
    EXPECT_EQ(r->bundle->message_count, static_cast<int64_t>(s.items.size()));
    EXPECT_EQ(r->bundle->rendered_text.rfind("[EF1 E cp:", 0), 0u);
}

TEST(FoldGates, C2_4_ContextBoundedThroughTheRootPath) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    FoldOptions o = testing::small_fold_options();
    FoldSurface s = surface_from_session(testing::synthetic_session("c24", 60));
    const size_t original = s.tokens();
    bool recommended = false;
    size_t roots = 0, max_surface = 0;
    for (int round = 0; round < 200; ++round) {
        auto r = fold_once(store, s, FoldMode::kLeaf, o);
        ASSERT_TRUE(r.ok()) << r.error().to_string();
        if (!r->bundle) break;
        s = r->surface;
        if (plan_root(s, o.policy).root_recommended) {
            recommended = true;
            auto root = fold_once(store, s, FoldMode::kRoot, o);
            ASSERT_TRUE(root.ok() && root->bundle) << (root.ok() ? root->plan.reason : root.error().to_string());
            EXPECT_EQ(root->bundle->mode, FoldMode::kRoot);
            s = root->surface;
            ++roots;
            EXPECT_EQ(derive_frontier(s).frozen_ids.size(), 1u);
        }
        // The frozen prefix never exceeds its budget plus one leaf marker after a root rebase.
        max_surface = std::max(max_surface, derive_frontier(s).frozen_tokens);
    }
    EXPECT_TRUE(recommended);
    EXPECT_GE(roots, 1u);
    EXPECT_LE(max_surface, o.policy.frozen_checkpoint_token_budget + 2 * o.policy.max_leaf_tokens);
    EXPECT_LT(s.tokens(), original / 4);
    // The last root checkpoint archives every message it rebased, recallable exactly.
    const Frontier f = derive_frontier(s);
    auto first = store.read(s.session_id, f.frozen_ids.front());
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(first->shadowed_messages.front(), surface_from_session(testing::synthetic_session("c24", 60)).items[0].message);
}

TEST(FoldGates, C0_5_SemanticFailureFallsBackToTheDeterministicBody) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    FoldSurface s = surface_from_session(testing::synthetic_session("c05", 6));
    FoldOptions failing = testing::small_fold_options();
    failing.summarizer = [](const nlohmann::json&) -> Result<std::string> {
        return Error::io("model provider unreachable");
    };
    auto r = fold_once(store, s, FoldMode::kLeaf, failing);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    ASSERT_TRUE(r->bundle);
    EXPECT_TRUE(r->semantic_fallback);
    EXPECT_FALSE(r->bundle->semantic_text.has_value());
    for (const char* section : {"## Current", "## Evidence", "## Open", "## Rationale"})
        EXPECT_NE(r->bundle->rendered_text.find(section), std::string::npos) << section;
    // A throwing summariser is a failure too, never a failed fold.
    FoldOptions throwing = testing::small_fold_options();
    throwing.summarizer = [](const nlohmann::json&) -> Result<std::string> { throw std::runtime_error("boom"); };
    auto t = fold_once(store, s, FoldMode::kLeaf, throwing);
    ASSERT_TRUE(t.ok() && t->bundle && t->semantic_fallback);
    // Deterministic: same fallback bundle as a fold without a summariser.
    auto plain = fold_once(store, s, FoldMode::kLeaf, testing::small_fold_options());
    ASSERT_TRUE(plain.ok() && plain->bundle);
    EXPECT_EQ(plain->bundle->checkpoint_id, r->bundle->checkpoint_id);
    // A working summariser adds semantic text that detail recall returns.
    FoldOptions working = testing::small_fold_options();
    working.summarizer = [](const nlohmann::json& m) -> Result<std::string> {
        return "Summary of " + std::to_string(m.size()) + " messages.";
    };
    auto w = fold_once(store, s, FoldMode::kLeaf, working);
    ASSERT_TRUE(w.ok() && w->bundle && w->bundle->semantic_text);
    EXPECT_NE(w->bundle->rendered_text.find("## Summary"), std::string::npos);
}

TEST(FoldGates, C0_5_ProposerAndSummariserFailuresAreBothReported) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    FoldSurface s = surface_from_session(testing::synthetic_session("c05-both", 6));
    FoldOptions o = testing::small_fold_options();
    o.belief_proposer = [](const nlohmann::json&) -> std::vector<BeliefProposal> {
        throw std::runtime_error("proposer endpoint refused");
    };
    o.summarizer = [](const nlohmann::json&) -> Result<std::string> { return Error::io("summariser unreachable"); };
    auto r = fold_once(store, s, FoldMode::kLeaf, o);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    ASSERT_TRUE(r->bundle);
    EXPECT_TRUE(r->semantic_fallback);
    // The first cause is kept, the second appended after it.
    const std::string& e = r->semantic_error;
    const size_t proposer = e.find("belief proposer threw: proposer endpoint refused");
    const size_t summariser = e.find("summariser unreachable");
    ASSERT_NE(proposer, std::string::npos) << e;
    ASSERT_NE(summariser, std::string::npos) << e;
    EXPECT_LT(proposer, summariser) << e;
    EXPECT_NE(e.find("; then "), std::string::npos) << e;

    // Each failure alone is reported alone.
    FoldOptions only_summariser = testing::small_fold_options();
    only_summariser.summarizer = o.summarizer;
    auto a = fold_once(store, s, FoldMode::kLeaf, only_summariser);
    ASSERT_TRUE(a.ok() && a->bundle);
    EXPECT_EQ(a->semantic_error.find("proposer"), std::string::npos) << a->semantic_error;
    EXPECT_NE(a->semantic_error.find("summariser unreachable"), std::string::npos) << a->semantic_error;
    FoldOptions only_proposer = testing::small_fold_options();
    only_proposer.belief_proposer = o.belief_proposer;
    only_proposer.summarizer = [](const nlohmann::json&) -> Result<std::string> { return std::string("Summary."); };
    auto b = fold_once(store, s, FoldMode::kLeaf, only_proposer);
    ASSERT_TRUE(b.ok() && b->bundle);
    EXPECT_FALSE(b->semantic_fallback);
    EXPECT_EQ(b->semantic_error, "belief proposer threw: proposer endpoint refused");
}

}  // namespace
}  // namespace bm
