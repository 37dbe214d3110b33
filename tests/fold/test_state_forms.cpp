// The carried state's per-entry forms (state_forms.h): after many random changes the cached forms,
// digests and changes equal those computed from the full JSON, and a leaf run that keeps the state
// as structures seals the same checkpoints as folds that read the state back from the store.
#include <gtest/gtest.h>

#include <random>

#include "fold/state_delta.h"
#include "fold/state_forms.h"
#include "fold_test_support.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {
namespace {

StateJson json_of(const StateReducer& anchors, const M3bState& m3b) {
    StateJson s;
    s.anchors = anchors.to_json();
    s.negative_knowledge = m3b.negative.to_json();
    s.beliefs = beliefs_to_json(m3b.beliefs);
    return s;
}

// One random change of the carried state: a new or changed anchor (some with keys whose parts hold
// '/'), a failure's lifecycle, a negative-knowledge entry added or contradicted, a belief proposed,
// raised, settled or dropped by the bound.
void random_change(std::mt19937& rng, int64_t seq, StateReducer& anchors, M3bState& m3b) {
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const std::string k = std::to_string(pick(40));
    switch (pick(6)) {
        case 0:
        case 1: {
            StateEvent e;
            e.kind = pick(2) ? AnchorKind::kValue : AnchorKind::kArtifact;
            e.key = e.kind == AnchorKind::kValue ? StateKey{"value", "config", "k" + k}
                                                 : StateKey{"artifact", "file", "src/dir" + k + "/f.cpp"};
            e.value = "v" + std::to_string(pick(3)) + (pick(4) == 0 ? " \"quoted\" é\n" : "");
            e.authority = pick(2) ? "user" : "assistant";
            e.support = pick(2) ? EvidenceKind::kEmpirical : EvidenceKind::kAssertion;
            e.source_seqs = {seq};
            (void)anchors.apply(e);
            break;
        }
        case 2: {
            StateEvent e;
            e.kind = AnchorKind::kFailure;
            e.key = {"failure", "tool", "t" + std::to_string(pick(6))};
            e.failure = anchors.find(e.key) ? (pick(2) ? FailureStatus::kVerified : FailureStatus::kResolved)
                                            : FailureStatus::kOpen;
            e.support = EvidenceKind::kEmpirical;
            e.evidence = {{seq, EvidenceKind::kEmpirical}};
            e.authority = "tool";
            e.source_seqs = {seq};
            (void)anchors.apply(e);
            break;
        }
        case 3: {
            NegativeKnowledge entry{"subject" + std::to_string(pick(5)), "call " + k + " succeeds", {seq}, {}, {}};
            if (const Anchor* a = anchors.find({"value", "config", "k" + k})) entry.valid_while.push_back({a->key, a->value});
            if (pick(3) == 0)
                m3b.negative.contradict(entry.subject, entry.rejected_claim);
            else
                (void)m3b.negative.add(entry, anchors);
            m3b.negative.refresh(anchors);
            m3b.negative.bound(M3bState::kMaxEntries);
            break;
        }
        default: {
            const std::string text = "I think the cause is " + k + ".";
            UncertaintyLadder ladder([&](int64_t) { return std::optional<std::string>(text); }, std::move(m3b.beliefs));
            const std::string id = "b-" + k;
            if (ladder.find(id) && pick(2))
                (void)ladder.settle(id, pick(2) ? BeliefLevel::kEstablished : BeliefLevel::kRejected,
                                    {{seq, EvidenceKind::kEmpirical}});
            else
                (void)ladder.propose(id, text, ladder.find(id) ? BeliefLevel::kSupported : BeliefLevel::kHypothesis,
                                     {{seq}, text, "rules", "p"});
            ladder.bound(M3bState::kMaxEntries);
            m3b.beliefs = ladder.beliefs();
        }
    }
}

TEST(StateForms, CachedFormsDigestsAndChangesEqualTheFullRecomputationAfterManyRandomChanges) {
    std::mt19937 rng(23);
    StateReducer anchors(48);  // a small cap, so eviction changes the state too
    M3bState m3b;
    StateFormCache cache;
    StateJson before_json;
    StateForms before_forms;
    int64_t seq = 0;
    size_t reused_states = 0;
    for (int fold = 0; fold < 400; ++fold) {
        const int changes = static_cast<int>(rng() % 6);  // 0: a fold that changes nothing
        for (int c = 0; c < changes; ++c) random_change(rng, ++seq, anchors, m3b);
        auto forms = cache.forms(anchors, m3b);
        ASSERT_TRUE(forms.ok()) << forms.error().to_string();
        const StateJson after_json = json_of(anchors, m3b);
        auto full = state_forms_of(after_json);
        ASSERT_TRUE(full.ok());
        ASSERT_EQ(forms->anchors, full->anchors) << fold;
        ASSERT_EQ(forms->anchor_keys, full->anchor_keys) << fold;
        ASSERT_EQ(forms->negative_knowledge, full->negative_knowledge) << fold;
        ASSERT_EQ(forms->beliefs, full->beliefs) << fold;
        EXPECT_EQ(state_digest_of(*forms), sha256_hex(*canonical_json(after_json.anchors))) << fold;
        EXPECT_EQ(state_digest_of(*forms), anchors.digest()) << fold;
        EXPECT_EQ(forms->state_digest, anchors.digest()) << fold;  // reused only while nothing changed
        EXPECT_EQ(forms->m3b_digest, *m3b_digest(after_json)) << fold;
        EXPECT_EQ(m3b_digest_of(*forms), *m3b_digest(after_json)) << fold;
        EXPECT_EQ(state_changes_of(before_forms, *forms, anchors, m3b), state_changes(before_json, after_json)) << fold;
        reused_states += changes == 0;
        before_json = after_json;
        before_forms = std::move(forms).value();
    }
    EXPECT_GT(anchors.heads().size(), 20u);
    EXPECT_GT(m3b.negative.entries().size(), 5u);
    EXPECT_GT(m3b.beliefs.size(), 5u);
    EXPECT_GT(reused_states, 30u);
}

TEST(StateForms, ALeafRunCarryingStructuresSealsWhatFoldsReadingTheStateBackSeal) {
    // Failures, config values that make negative knowledge stale, hedged beliefs settled by tools,
    // and more folds than a keyframe interval: every kind of state change crosses fold boundaries.
    testing::SessionBuilder b("carry");
    for (int t = 0; t < 90; ++t) {
        const std::string n = std::to_string(t), mod = std::to_string(t % 7);
        b.user("Turn " + n + ": you must keep timeout=" + mod + " for now.");
        b.call("I think mod" + mod + " is probably the cause.", "c" + n, t % 3 ? "run_tests" : "build",
               "{\"path\":\"src/mod" + mod + ".cpp\"}");
        b.result("c" + n, t % 4 == 1, t % 4 == 1 ? "error: mod" + mod + " failed" : "ok " + n);
    }
    const Session& s = b.s;
    const FoldOptions o = testing::small_fold_options(100, 120);
    testing::TempDir one_dir, run_dir;
    BundleStore one_store(one_dir.path()), run_store(run_dir.path());
    FoldSurface surface = surface_from_session(s);
    std::vector<std::string> one_by_one;
    for (;;) {
        auto r = fold_once(one_store, surface, FoldMode::kLeaf, o);
        ASSERT_TRUE(r.ok()) << r.error().to_string();
        if (!r->bundle) break;
        one_by_one.push_back(r->bundle->checkpoint_id);
        surface = r->surface;
    }
    auto run = fold_until(run_store, surface_from_session(s), FoldMode::kLeaf, 0, o);
    ASSERT_TRUE(run.ok()) << run.error().to_string();
    ASSERT_GT(one_by_one.size(), kStateKeyframeInterval + 5);
    std::vector<std::string> ids;
    size_t negative = 0, beliefs = 0;
    for (const auto& b : run->published) {
        ids.push_back(b.checkpoint_id);
        // In memory the run's bundles hold the full state (keep_published_bodies), as a reader gets it.
        auto read = run_store.read(s.id, b.checkpoint_id);
        ASSERT_TRUE(read.ok()) << read.error().to_string();
        EXPECT_EQ(read->state_anchors, b.state_anchors);
        EXPECT_EQ(read->negative_knowledge, b.negative_knowledge);
        EXPECT_EQ(read->beliefs, b.beliefs);
        negative += b.negative_knowledge.has_value();
        beliefs += b.beliefs.has_value();
    }
    EXPECT_EQ(ids, one_by_one);  // ids cover the archive, the state digests and the changes
    EXPECT_GT(negative, 0u);
    EXPECT_GT(beliefs, 0u);
    for (const auto& id : ids)
        EXPECT_EQ(testing::slurp_file(run_store.session_dir(s.id) + "/bundle-" + id + ".json"),
                  testing::slurp_file(one_store.session_dir(s.id) + "/bundle-" + id + ".json"));
}

}  // namespace
}  // namespace bm
