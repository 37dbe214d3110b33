// CheckpointBundleV2 state chains: a leaf stores only what it changed in the carried state, every
// reader still gets the full state, and stores written by the V1 code (tests/data/fold/v1-store)
// read as before and continue into V2 chains.
#include <gtest/gtest.h>

#include <filesystem>

#include "fold/bundle.h"
#include "fold/bundle_store.h"
#include "fold/fold_engine.h"
#include "fold/fold_surface.h"
#include "fold/recall.h"
#include "fold/state_delta.h"
#include "fold/state_events.h"
#include "fold/state_reducer.h"
#include "fold_test_support.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

const std::string kV1Session = "5a5a5a5a-6b6b-4c7c-8d8d-9e9e9e9e9e9e";
std::string v1_store() { return std::string(DATA_DIR) + "/fold/v1-store"; }

// The `state` member of a stored bundle, as bytes.
size_t stored_state_bytes(const std::string& path) {
    return nlohmann::json::parse(testing::slurp_file(path))["state"].dump().size();
}

FoldRun fold_all(BundleStore& store, const Session& session, const FoldOptions& options) {
    auto run = fold_until(store, surface_from_session(session), FoldMode::kLeaf, 0, options);
    EXPECT_TRUE(run.ok()) << run.error().to_string();
    return run.ok() ? std::move(run).value() : FoldRun();
}

double mean(const std::vector<size_t>& v, size_t from, size_t to) {
    double sum = 0;
    for (size_t i = from; i < to; ++i) sum += static_cast<double>(v[i]);
    return sum / static_cast<double>(to - from);
}

TEST(StateChain, ALeafBundleDoesNotGrowWithTheNumberOfPriorLeaves) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    const FoldRun run = fold_all(store, testing::synthetic_session("grow", 120, 40), testing::small_fold_options(200, 300));
    ASSERT_GT(run.published.size(), 40u);
    // State bytes and rendered tokens of the leaves that store changes only (not the first, not keyframes).
    std::vector<size_t> state_bytes, rendered;
    for (const auto& b : run.published) {
        if (!b.state_base || b.state_full_stored) continue;
        state_bytes.push_back(stored_state_bytes(store.session_dir("grow") + "/bundle-" + b.checkpoint_id + ".json"));
        rendered.push_back(b.rendered_text.size());
    }
    ASSERT_GT(state_bytes.size(), 20u);
    const size_t q = state_bytes.size() / 4;
    // The carried state grows with every turn (a new artifact per build); what a leaf stores does not.
    EXPECT_LE(mean(state_bytes, state_bytes.size() - q, state_bytes.size()), 1.25 * mean(state_bytes, 0, q));
    EXPECT_LE(mean(rendered, rendered.size() - q, rendered.size()), 1.25 * mean(rendered, 0, q));
    EXPECT_GT(run.published.back().state_anchors->size(), 2 * run.published[q].state_anchors->size());
}

TEST(StateChain, EveryReaderGetsTheFullStateTheFoldCarriedAtEveryCheckpoint) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    const FoldRun run = fold_all(store, testing::synthetic_session("full", 120, 40), testing::small_fold_options(200, 300));
    ASSERT_GT(run.published.size(), kStateKeyframeInterval + 2);
    size_t keyframes = 0;
    // A fresh store object (no rebuilt state kept), newest first: every chain is walked from disk.
    BundleStore reader(dir.path());
    for (size_t i = run.published.size(); i-- > 0;) {
        const CheckpointBundle& carried = run.published[i];
        keyframes += carried.state_base && carried.state_full_stored;
        auto read = reader.read("full", carried.checkpoint_id);
        ASSERT_TRUE(read.ok()) << i << ": " << read.error().to_string();
        EXPECT_EQ(read->state_anchors, carried.state_anchors) << i;
        EXPECT_EQ(read->negative_knowledge, carried.negative_knowledge) << i;
        EXPECT_EQ(read->beliefs, carried.beliefs) << i;
        EXPECT_LT(read->state_chain_depth, kStateKeyframeInterval);
        auto entry = reader.find(carried.checkpoint_id);
        ASSERT_TRUE(entry);
        EXPECT_EQ(reader.verify(*entry).state, VerifyState::kVerified) << i;
    }
    EXPECT_GE(keyframes, 1u);
    // Recall gives the full state of a V2 checkpoint beside its rendered changes.
    const CheckpointBundle& last = run.published.back();
    ASSERT_TRUE(last.state_base && !last.state_full_stored);
    RecallRequest request;
    request.ref = last.checkpoint_id;
    auto recalled = context_recall(reader, request);
    ASSERT_TRUE(recalled.ok()) << recalled.error().to_string();
    const std::string full = (*recalled)["fullStateText"].get<std::string>();
    EXPECT_EQ((*recalled)["text"], last.rendered_text);
    EXPECT_LT(last.rendered_text.size(), full.size());
    for (const char* section : {"## Current", "## Evidence", "## Open", "## Rationale"})
        EXPECT_NE(full.find(section), std::string::npos) << section;
    EXPECT_TRUE(run.published.back().negative_knowledge);  // every 5th build fails: M3b is in the chain
}

TEST(StateChain, ABrokenLinkFailsTheCheckpointsAfterItAndNamesIt) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    const FoldRun run = fold_all(store, testing::synthetic_session("broken", 30, 40), testing::small_fold_options(200, 300));
    ASSERT_GT(run.published.size(), 6u);
    const std::string gone = run.published[3].checkpoint_id;
    fs::remove(store.session_dir("broken") + "/bundle-" + gone + ".json");
    BundleStore reader(dir.path());
    auto later = reader.read("broken", run.published[5].checkpoint_id);
    ASSERT_FALSE(later.ok());
    EXPECT_NE(later.error().to_string().find(gone), std::string::npos) << later.error().to_string();
    EXPECT_EQ(reader.verify(*reader.find(run.published[5].checkpoint_id)).state, VerifyState::kCorrupt);
    EXPECT_TRUE(reader.read("broken", run.published[2].checkpoint_id).ok());
    // An altered link (read for its state only): the state rebuilt after it misses the next digest.
    const std::string link = store.session_dir("broken") + "/bundle-" + run.published[1].checkpoint_id + ".json";
    auto j = nlohmann::json::parse(testing::slurp_file(link));
    ASSERT_TRUE(j["state"].contains("changes"));
    j["state"]["changes"] = nlohmann::json::object();
    testing::write_file(link, j.dump());
    auto after = BundleStore(dir.path()).read("broken", run.published[2].checkpoint_id);
    ASSERT_FALSE(after.ok());
    EXPECT_NE(after.error().to_string().find(run.published[1].checkpoint_id), std::string::npos)
        << after.error().to_string();
}

// The surface main's `beliefmerge fold` started from: every archived message of the V1 store, in order.
FoldSurface unfolded_v1_surface(BundleStore& v1, std::vector<CheckpointBundle>& bundles) {
    FoldSurface s;
    s.session_id = kV1Session;
    auto entries = v1.list(kV1Session);
    EXPECT_TRUE(entries.ok());
    for (const auto& e : *entries) bundles.push_back(*v1.read(kV1Session, e.checkpoint_id));
    std::sort(bundles.begin(), bundles.end(), [](const auto& a, const auto& b) {
        return a.ordered_surface_seqs.front() < b.ordered_surface_seqs.front();
    });
    auto add = [&](const nlohmann::json& message, int64_t seq) {
        SurfaceItem item;
        item.message = message;
        item.seq = seq;
        item.tokens = archived_message_tokens(message);
        s.items.push_back(std::move(item));
    };
    for (const auto& b : bundles)
        for (size_t k = 0; k < b.shadowed_messages.size(); ++k) add(b.shadowed_messages[k], b.ordered_surface_seqs[k]);
    for (const auto& entry : fs::directory_iterator(v1.session_dir(kV1Session))) {
        if (entry.path().filename().string().rfind("view-", 0) != 0) continue;
        std::istringstream lines(testing::slurp_file(entry.path().string()));
        for (std::string line; std::getline(lines, line);) {
            auto j = nlohmann::json::parse(line);
            if (j["kind"] == "message") add(j["message"], j["seq"].get<int64_t>());
        }
    }
    return s;
}

// tests/data/fold/v1-store: `beliefmerge fold tests/data/claude-code/rewind.jsonl --leaf-tokens 150
// --retain-tokens 100 --min-reclaim 50 --created-at 1700000000000` by main at 5b92062 (V1 bundles).
FoldOptions v1_store_options() {
    FoldOptions o;
    o.policy.max_leaf_tokens = 150;
    o.policy.retain_tokens = 100;
    o.policy.min_reclaim_tokens = 50;
    o.created_at = 1700000000000;
    return o;
}

TEST(StateChain, AStoreWrittenByTheV1CodeVerifiesAndItsStateIsTheOneTheNewFoldCarries) {
    BundleStore v1(v1_store());
    auto entries = v1.list(kV1Session);
    ASSERT_TRUE(entries.ok());
    ASSERT_EQ(entries->size(), 10u);
    for (const auto& e : *entries) {
        EXPECT_EQ(v1.verify(e).state, VerifyState::kVerified) << e.path;
        EXPECT_EQ(nlohmann::json::parse(testing::slurp_file(e.path))["formatVersion"], 1);
    }
    std::vector<CheckpointBundle> old;
    FoldSurface surface = unfolded_v1_surface(v1, old);
    testing::TempDir dir;
    BundleStore store(dir.path());
    auto run = fold_until(store, surface, FoldMode::kLeaf, 0, v1_store_options());
    ASSERT_TRUE(run.ok()) << run.error().to_string();
    ASSERT_EQ(run->published.size(), old.size());
    // The first checkpoint continues nothing: it is still written as V1, byte for byte.
    EXPECT_EQ(run->published.front().checkpoint_id, old.front().checkpoint_id);
    BundleStore reader(dir.path());
    // The V1 code carried a user turn the harness wrote (the compact summary, a plugin message) as the
    // user's request; today's state rules leave such turns out. Up to the first one the state is the V1
    // code's, byte for byte; from it on, the replay of the same messages under today's rules.
    StateReducer replay;
    bool injected_seen = false;
    for (size_t k = 0; k < old.size(); ++k) {
        EXPECT_EQ(run->published[k].ordered_surface_seqs, old[k].ordered_surface_seqs) << k;
        auto read = reader.read(kV1Session, run->published[k].checkpoint_id);
        ASSERT_TRUE(read.ok()) << read.error().to_string();
        reduce_messages(replay, nlohmann::json(old[k].shadowed_messages));
        for (const auto& m : old[k].shadowed_messages)
            injected_seen = injected_seen || (m["role"] == "user" && m["source"]["kind"] == "plugin");
        if (!injected_seen) {
            EXPECT_EQ(read->state_anchors, old[k].state_anchors) << k;
        }
        EXPECT_EQ(StateReducer::from_json(*read->state_anchors)->heads(), replay.heads()) << k;
        EXPECT_EQ(read->negative_knowledge, old[k].negative_knowledge) << k;
        EXPECT_EQ(read->beliefs, old[k].beliefs) << k;
        EXPECT_EQ(read->state_base.has_value(), k > 0) << k;
    }
}

TEST(StateChain, AFoldThatContinuesV1CheckpointsStoresItsChangesAgainstThem) {
    testing::TempDir dir;
    fs::copy(v1_store(), dir.path(), fs::copy_options::recursive);
    BundleStore store(dir.path());
    std::vector<CheckpointBundle> old;
    FoldSurface unfolded = unfolded_v1_surface(store, old);
    // The V1 checkpoints frozen, then the messages after them.
    FoldSurface surface;
    surface.session_id = kV1Session;
    for (const auto& b : old) surface.items.push_back(checkpoint_item(b));
    for (const auto& item : unfolded.items)
        if (item.seq > old.back().ordered_surface_seqs.back()) surface.items.push_back(item);
    FoldOptions options = v1_store_options();
    options.policy.retain_tokens = 0;
    options.policy.min_reclaim_tokens = 1;
    auto out = fold_once(store, surface, FoldMode::kLeaf, options);
    ASSERT_TRUE(out.ok()) << out.error().to_string();
    ASSERT_TRUE(out->bundle);
    EXPECT_EQ(out->bundle->state_base, old.back().checkpoint_id);
    const std::string path = store.session_dir(kV1Session) + "/bundle-" + out->bundle->checkpoint_id + ".json";
    EXPECT_EQ(nlohmann::json::parse(testing::slurp_file(path))["formatVersion"], 2);
    auto read = BundleStore(dir.path()).read(kV1Session, out->bundle->checkpoint_id);
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    EXPECT_EQ(read->state_anchors, out->bundle->state_anchors);
    EXPECT_NE(read->rendered_text.find("State changes since cp:" + old.back().checkpoint_id), std::string::npos);
}

TEST(StateDelta, ChangesRebuildTheStateAndRefuseABaseTheyDoNotFit) {
    StateJson before, after;
    before.anchors = nlohmann::json::parse(R"([{"key":"a/b/c","v":1},{"key":"a/b/d","v":2},{"key":"z/z/z","v":3}])");
    after.anchors = nlohmann::json::parse(R"([{"key":"a/b/c","v":1},{"key":"a/b/e","v":5},{"key":"z/z/z","v":4}])");
    before.negative_knowledge = nlohmann::json::parse(R"([{"n":1},{"n":2},{"n":3},{"n":4}])");
    after.negative_knowledge = nlohmann::json::parse(R"([{"n":2},{"n":3},{"n":9},{"n":4},{"n":5}])");
    after.beliefs = nlohmann::json::parse(R"([{"b":1}])");
    const nlohmann::json changes = state_changes(before, after);
    EXPECT_EQ(changes["anchors"]["drop"], nlohmann::json::parse(R"(["a/b/d"])"));
    EXPECT_EQ(changes["anchors"]["set"].size(), 2u);
    EXPECT_EQ(changes["negativeKnowledge"], nlohmann::json::parse(R"([[1,2],{"n":9},[3,1],{"n":5}])"));
    auto rebuilt = apply_state_changes(before, changes);
    ASSERT_TRUE(rebuilt.ok());
    EXPECT_EQ(rebuilt->anchors, after.anchors);
    EXPECT_EQ(rebuilt->negative_knowledge, after.negative_knowledge);
    EXPECT_EQ(rebuilt->beliefs, after.beliefs);
    StateJson other;  // a base without "a/b/d" and with fewer entries
    auto refused = apply_state_changes(other, changes);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().to_string().find("state.changes.anchors.drop[0]"), std::string::npos);
}

}  // namespace
}  // namespace bm
