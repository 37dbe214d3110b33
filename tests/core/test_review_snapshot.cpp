// The one review pipeline (core/snapshot): what every front end builds from sessions and a workspace.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>

#include "ingest/ingest.h"
#include "snapshot/packed_block.h"
#include "snapshot/review_snapshot.h"
#include "snapshot/workspace_sessions.h"
#include "pack/token_estimator.h"
#include "store/workspace.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

std::vector<Session> examples() {
    std::vector<Session> out;
    for (const char* name : {"branch-a.jsonl", "branch-c.jsonl", "claude-review.jsonl", "dsh-branch-b/session.jsonl"}) {
        ReadResult r = read_file(std::string(EXAMPLES_DIR) + "/" + name, {});
        EXPECT_TRUE(r.ok()) << name;
        for (auto& s : r.sessions) out.push_back(std::move(s));
    }
    return out;
}

// A fresh workspace holding the examples, removed with the fixture.
class ReviewSnapshotTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("bm-review-" + std::to_string(::getpid()) + "-" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        workspace = (dir / "w.bmws").string();
        auto ws = Workspace::open(workspace);
        ASSERT_TRUE(ws.ok()) << ws.error().to_string();
        for (const char* name : {"branch-a.jsonl", "branch-c.jsonl", "claude-review.jsonl", "dsh-branch-b/session.jsonl"}) {
            auto imported = (*ws)->import(read_file(std::string(EXAMPLES_DIR) + "/" + name, {}));
            ASSERT_TRUE(imported.ok()) << imported.error().to_string();
        }
    }
    void TearDown() override { fs::remove_all(dir); }

    fs::path dir;
    std::string workspace;
};

TEST_F(ReviewSnapshotTest, WorkspaceAndLogFilesGiveTheSameSnapshotBytes) {
    auto stored = load_workspace_sessions(workspace);
    ASSERT_TRUE(stored.ok()) << stored.error().to_string();
    auto from_workspace = build_review_snapshot(std::move(stored).value(), {});
    auto from_files = build_review_snapshot(examples(), {});
    ASSERT_TRUE(from_workspace.ok() && from_files.ok());
    EXPECT_EQ(from_workspace->merged->serialize(), from_files->merged->serialize());
    EXPECT_FALSE(from_files->merged->slots.empty());
}

TEST_F(ReviewSnapshotTest, ASessionWithoutBranchRecordsIsReadAsOneLinearBranch) {
    std::vector<Session> with = examples();
    std::vector<Session> without = with;
    // A single-branch log whose branch records are dropped (an old workspace) must read the same.
    size_t cleared = 0;
    for (auto& s : without)
        if (s.branches.size() == 1 && s.branches.front().id == s.id &&
            s.branches.front().message_indexes.size() == s.messages.size()) {
            s.branches.clear();
            ++cleared;
        }
    ASSERT_GT(cleared, 0u);
    auto a = build_review_snapshot(std::move(with), {});
    auto b = build_review_snapshot(std::move(without), {});
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->merged->serialize(), b->merged->serialize());
    EXPECT_FALSE(b->merged->slots.empty());
}

TEST_F(ReviewSnapshotTest, EveryExtractorGetsTheHarnessFactsTheSameWay) {
    // A prose extractor that finds nothing still yields the env.* facts the heuristic one gives.
    std::vector<Session> sessions = examples();
    auto heuristic = build_review_snapshot(sessions, {});
    SnapshotOptions silent;
    silent.prose = [](const std::vector<Session>& s, const ExtractOptions& options) {
        EXPECT_FALSE(options.include_environment);  // the pipeline adds them, not the extractor
        std::vector<BranchClaims> out;
        for (const auto& session : s)
            for (const auto& b : session.branches) out.push_back({b.id, session.id, {}});
        return out;
    };
    auto none = build_review_snapshot(sessions, silent);
    ASSERT_TRUE(heuristic.ok() && none.ok());
    std::vector<std::string> env_heuristic, env_none;
    for (const auto& s : heuristic->merged->slots)
        if (s.key.rfind("env.", 0) == 0) env_heuristic.push_back(s.key);
    for (const auto& s : none->merged->slots) {
        EXPECT_EQ(s.key.rfind("env.", 0), 0u) << s.key << " came from a silent extractor";
        env_none.push_back(s.key);
    }
    EXPECT_FALSE(env_none.empty()) << "the examples record their harness (cwd, model)";
    EXPECT_EQ(env_heuristic, env_none);
}

TEST_F(ReviewSnapshotTest, RecordedDecisionsApplyAndReachThePackedBlock) {
    auto sessions = load_workspace_sessions(workspace);
    ASSERT_TRUE(sessions.ok());
    SnapshotOptions options;
    options.decisions_from = workspace;
    auto before = build_review_snapshot(*sessions, options);
    ASSERT_TRUE(before.ok()) << before.error().to_string();
    const Slot* disputed = nullptr;
    for (const auto& s : before->merged->slots)
        if (s.state == SlotState::kDisputed && !disputed) disputed = &s;
    ASSERT_NE(disputed, nullptr) << "the examples hold a disputed slot";
    EXPECT_EQ(before->resolution(disputed->key), nullptr);

    DecisionRecord d;
    d.reviewer = "pipeline-test";
    d.slot_key = disputed->key;
    d.annotation_digest = annotation_digest(*before->decisionBasis(), *disputed);
    d.kind = DecisionKind::kChoose;
    d.value = disputed->tied.front();
    auto store = DecisionStore::open(workspace);
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE((*store)->append(d).ok());

    auto after = build_review_snapshot(*sessions, options);
    ASSERT_TRUE(after.ok());
    ASSERT_NE(after->resolution(disputed->key), nullptr);
    EXPECT_EQ(after->resolution(disputed->key)->origin, ResolutionOrigin::kHuman);
    // Re-applying to the old snapshot gives the same resolutions and shares its merge.
    auto reapplied = reapply_decisions(*before, workspace);
    ASSERT_TRUE(reapplied.ok());
    EXPECT_EQ(reapplied->base, before->base);
    EXPECT_EQ(reapplied->packResolutions().size(), after->packResolutions().size());

    PackOptions pack;
    pack.budget = 400;
    auto counter = make_token_estimator();
    auto with = pack_review_snapshot(*after, pack, *counter);
    auto again = pack_review_snapshot(*reapplied, pack, *counter);
    auto without = pack_review_snapshot(*before, pack, *counter);
    ASSERT_TRUE(with.ok() && again.ok() && without.ok());
    EXPECT_EQ(with->block, again->block);
    EXPECT_NE(with->block, without->block);
    EXPECT_NE(with->block.find("human:pipeline-test"), std::string::npos) << with->block;
}

TEST_F(ReviewSnapshotTest, CancelledBuildSaysSo) {
    std::atomic_bool cancel{true};
    auto r = build_review_snapshot(examples(), {}, &cancel);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().is_cancelled());
    auto read = read_workspace_sessions(workspace, &cancel);
    ASSERT_TRUE(read.ok());
    EXPECT_TRUE(read->cancelled);
    EXPECT_TRUE(read->sessions.empty());
}

TEST_F(ReviewSnapshotTest, UnreadableDecisionStoreIsAnErrorNotASilentMerge) {
    SnapshotOptions options;
    options.decisions_from = (dir / "no-such-dir" / "w.bmws").string();
    auto r = build_review_snapshot(examples(), options);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().to_string().find("no-such-dir"), std::string::npos) << r.error().to_string();
}

}  // namespace
}  // namespace bm
