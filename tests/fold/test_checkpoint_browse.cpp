// What the studio's checkpoint browser relies on (issue #16): fold_session as the CLI folds, a
// cancel between folds, the catalog's verification and lineage, verbatim export and exact bytes.
#include <gtest/gtest.h>

#include "fold/bundle_export.h"
#include "fold/checkpoint_catalog.h"
#include "fold/fold_session.h"
#include "fold/recall.h"
#include "fold_test_support.h"

namespace bm {
namespace {

SessionFoldRequest request(FoldMode mode) {
    SessionFoldRequest r;
    r.mode = mode;
    r.options = testing::small_fold_options();
    return r;
}

// Flips one byte in the middle of `path`.
void corrupt(const std::string& path) {
    std::string bytes = testing::slurp_file(path);
    bytes[bytes.size() / 2] ^= 0x01;
    testing::write_file(path, bytes);
}

TEST(FoldSession, RootRunRebasesTheLeavesAndWritesTheView) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    auto run = fold_session(store, testing::synthetic_session("root", 40), request(FoldMode::kRoot));
    ASSERT_TRUE(run.ok()) << run.error().to_string();
    ASSERT_GE(run->published.size(), 3u);
    EXPECT_EQ(run->published.back().mode, FoldMode::kRoot);
    EXPECT_EQ(run->stop_reason, "root fold done");
    EXPECT_EQ(run->frozen_checkpoints, 1u);
    EXPECT_LT(run->tokens_after, run->tokens_before);
    EXPECT_EQ(run->view, store.session_dir("root") + "/view-" + run->published.back().checkpoint_id + ".jsonl");
    EXPECT_FALSE(testing::slurp_file(run->view).empty());
}

TEST(FoldSession, KeepGoingFalseStopsBetweenFoldsAndKeepsWhatWasPublished) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    SessionFoldRequest r = request(FoldMode::kRoot);
    size_t asked = 0;
    r.options.keep_going = [&](size_t folds, size_t) {
        ++asked;
        return folds < 2;
    };
    auto run = fold_session(store, testing::synthetic_session("stop", 40), r);
    ASSERT_TRUE(run.ok()) << run.error().to_string();
    EXPECT_TRUE(run->cancelled);
    EXPECT_EQ(run->stop_reason, "cancelled");
    ASSERT_EQ(run->published.size(), 2u);  // no root fold after a cancel
    EXPECT_EQ(run->published.back().mode, FoldMode::kLeaf);
    EXPECT_EQ(asked, 2u);
    auto listed = store.list("stop");
    ASSERT_TRUE(listed.ok());
    EXPECT_EQ(listed->size(), 2u);
}

TEST(CheckpointCatalog, RootCoversItsLeavesAndACorruptBundleIsUnavailable) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    auto run = fold_session(store, testing::synthetic_session("cat", 40), request(FoldMode::kRoot));
    ASSERT_TRUE(run.ok());
    const size_t leaves = run->published.size() - 1;
    const std::string root = run->published.back().checkpoint_id;
    const std::string leaf = run->published.front().checkpoint_id;
    auto catalog = load_checkpoint_catalog(store);
    ASSERT_TRUE(catalog.ok());
    ASSERT_EQ(catalog->sessions.size(), 1u);
    EXPECT_EQ(catalog->checkpoint_count(), leaves + 1);
    EXPECT_EQ(catalog->unavailable_count(), 0u);
    const CatalogCheckpoint* r = catalog->find(root);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->covers.size(), leaves);
    EXPECT_EQ(catalog->find(leaf)->covered_by, root);
    EXPECT_GT(r->folded_tokens, r->surface_tokens);

    corrupt(store.find(leaf)->path);
    auto after = load_checkpoint_catalog(store);
    ASSERT_TRUE(after.ok());
    EXPECT_EQ(after->unavailable_count(), 1u);
    const CatalogCheckpoint* bad = after->find(leaf);
    ASSERT_TRUE(bad);
    EXPECT_FALSE(bad->available());
    EXPECT_EQ(bad->state, VerifyState::kCorrupt);
    EXPECT_FALSE(bad->reason.empty());
    EXPECT_EQ(bad->message_count, 0);  // nothing of a corrupt bundle is read
    EXPECT_EQ(after->find(root)->covers.size(), leaves - 1);
}

TEST(BundleExport, CopiesVerifiedBundlesVerbatimAndRefusesCorruptOnes) {
    testing::TempDir dir;
    BundleStore store(dir.path() + "/src", posix_file_env(), /*compress=*/true);
    auto run = fold_session(store, testing::synthetic_session("exp", 30), request(FoldMode::kLeaf));
    ASSERT_TRUE(run.ok());
    ASSERT_GE(run->published.size(), 2u);
    auto entries = store.list("exp");
    ASSERT_TRUE(entries.ok());
    const std::string bad = entries->front().checkpoint_id;
    corrupt(entries->front().path);
    // A V2 bundle whose state chain passes through the corrupt one cannot be verified either.
    size_t verified = 0;
    for (const auto& e : *entries) verified += BundleStore(dir.path() + "/src").verify(e).state == VerifyState::kVerified;
    ASSERT_GE(verified, 1u);
    ASSERT_LT(verified, entries->size());
    const std::string dest = dir.path() + "/dest";
    ExportReport report = export_bundles(store, *entries, dest);
    ASSERT_EQ(report.bundles.size(), entries->size());  // the bases are among the selected: each once
    EXPECT_EQ(report.copied(), verified);
    EXPECT_TRUE(report.report_error.empty());
    for (const auto& b : report.bundles) {
        if (b.entry.checkpoint_id == bad) {
            EXPECT_EQ(b.state, VerifyState::kCorrupt);
        }
        if (b.state != VerifyState::kVerified) {
            EXPECT_TRUE(b.copied_to.empty());
            continue;
        }
        ASSERT_FALSE(b.copied_to.empty()) << b.reason;
        EXPECT_EQ(testing::slurp_file(b.copied_to), testing::slurp_file(b.entry.path));  // compressed bytes, verbatim
    }
    // The destination is a store whose copies verify, with their commit records.
    BundleStore copy(dest);
    auto copied = copy.list_all();
    ASSERT_TRUE(copied.ok());
    ASSERT_EQ(copied->size(), verified);
    for (const auto& e : *copied) EXPECT_EQ(copy.verify(e).state, VerifyState::kVerified);
    auto commits = copy.commits("exp");
    ASSERT_TRUE(commits.ok());
    EXPECT_EQ(commits->size(), verified);
    const auto json = nlohmann::json::parse(testing::slurp_file(dest + "/verification-report.json"));
    EXPECT_EQ(json["refused"], entries->size() - verified);
}

TEST(BundleExport, NeverReplacesADifferentFileAtTheDestination) {
    testing::TempDir dir;
    BundleStore store(dir.path() + "/src");
    auto run = fold_session(store, testing::synthetic_session("keep", 20), request(FoldMode::kLeaf));
    ASSERT_TRUE(run.ok());
    auto entries = store.list("keep");
    ASSERT_TRUE(entries.ok() && !entries->empty());
    const std::string dest = dir.path() + "/dest";
    const std::string target = dest + "/keep/" + entries->front().path.substr(entries->front().path.rfind('/') + 1);
    ASSERT_TRUE(posix_file_env()->make_dirs(dest + "/keep").ok());
    testing::write_file(target, "other bytes");
    ExportReport report = export_bundles(store, {entries->front()}, dest);
    // The selected bundle comes last, after the bases its state is rebuilt from (copied).
    ASSERT_FALSE(report.bundles.empty());
    EXPECT_EQ(report.bundles.back().entry.checkpoint_id, entries->front().checkpoint_id);
    EXPECT_EQ(report.copied(), report.bundles.size() - 1);
    EXPECT_NE(report.bundles.back().reason.find("not replaced"), std::string::npos);
    EXPECT_EQ(testing::slurp_file(target), "other bytes");
}

TEST(ContextSearch, ABundleDamagedInPlaceAfterIndexingIsNeverServed) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    auto run = fold_session(store, testing::synthetic_session("srch", 20), request(FoldMode::kLeaf));
    ASSERT_TRUE(run.ok());
    const std::string id = run->published.front().checkpoint_id;
    auto before = context_search(store, id, 10);  // indexes the store; the id itself is a match
    ASSERT_TRUE(before.ok());
    ASSERT_FALSE((*before)["hits"].empty());
    EXPECT_FALSE(before->contains("unavailable"));
    corrupt(store.find(id)->path);  // same size: the index's cache check cannot see it
    auto after = context_search(store, id, 10);
    ASSERT_TRUE(after.ok());
    for (const auto& h : (*after)["hits"]) EXPECT_NE(h["checkpointId"], id);
    ASSERT_TRUE(after->contains("unavailable"));
    EXPECT_EQ((*after)["unavailable"][0]["checkpointId"], id);
}

TEST(Recall, ExactPageBytesAreOneCanonicalLinePerMessage) {
    nlohmann::json page = {{"status", "ok"}, {"messages", {{{"b", 1}, {"a", "x"}}, {{"role", "user"}}}}};
    EXPECT_EQ(exact_page_bytes(page), "{\"a\":\"x\",\"b\":1}\n{\"role\":\"user\"}\n");
}

}  // namespace
}  // namespace bm
