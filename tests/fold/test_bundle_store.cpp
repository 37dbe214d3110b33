// Bundle format, canonical hashing and the bundle store: C0.1, C0.2, C0.4, C2.3, immutability, permissions.
#include <sys/stat.h>

#include <sys/wait.h>
#include <unistd.h>

#include "fold/bundle.h"
#include "fold/bundle_store.h"
#include "fold/fold_engine.h"
#include "fold_test_support.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {
namespace {

using testing::TempDir;

CheckpointBundle sealed_bundle(const Session& s, size_t from, size_t to, FoldMode mode = FoldMode::kLeaf) {
    CheckpointBundle d;
    d.session_id = s.id;
    d.created_at = 1700000000000;
    d.mode = mode;
    for (size_t i = from; i < to; ++i) {
        d.shadowed_messages.push_back(archived_message(s.messages[i]));
        d.ordered_surface_seqs.push_back(s.messages[i].seq);
    }
    auto b = seal_bundle(std::move(d));
    EXPECT_TRUE(b.ok()) << (b.ok() ? "" : b.error().to_string());
    return *b;
}

TEST(FoldGates, C0_2_LogicalHashIsSha256OfCanonicalShadowedMessages) {
    Session s = testing::synthetic_session("s1", 3);
    CheckpointBundle b = sealed_bundle(s, 0, 6);
    auto jcs = canonical_json(b.shadowed_messages);
    ASSERT_TRUE(jcs.ok());
    EXPECT_EQ(b.logical_hash, sha256_hex(*jcs));
    EXPECT_EQ(b.message_count, 6);
    EXPECT_EQ(b.rendered_digest, sha256_hex(*canonical_json(nlohmann::json(b.rendered_text))));
    EXPECT_EQ(b.rendered_text.rfind("[EF1 L cp:" + b.checkpoint_id + "]", 0), 0u) << b.rendered_text;
    for (size_t i = 0; i < b.refs.size(); ++i)
        EXPECT_EQ(b.refs[i].digest, sha256_hex(*canonical_json(b.shadowed_messages[i])));
    // The stored form round-trips and is exactly canonical.
    auto bytes = bundle_bytes(b);
    ASSERT_TRUE(bytes.ok());
    auto back = decode_bundle(*bytes, "mem");
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_EQ(back->logical_hash, b.logical_hash);
    // Key order in the source JSON does not change the hash (JCS), a changed message does.
    nlohmann::json reordered = nlohmann::json::parse(R"({"b":1,"a":[2,1]})");
    CheckpointBundle d1, d2;
    d1.session_id = d2.session_id = "x";
    d1.shadowed_messages = nlohmann::json::array({reordered});
    d2.shadowed_messages = nlohmann::json::array({nlohmann::json::parse(R"({"a":[2,1],"b":1})")});
    d1.ordered_surface_seqs = d2.ordered_surface_seqs = {0};
    EXPECT_EQ(seal_bundle(d1)->logical_hash, seal_bundle(d2)->logical_hash);
    d2.shadowed_messages[0]["b"] = 2;
    EXPECT_NE(seal_bundle(d1)->logical_hash, seal_bundle(d2)->logical_hash);
}

TEST(BundleFormat, EveryFlippedByteIsDetected) {
    Session s = testing::synthetic_session("flip", 2, 20);
    CheckpointBundle b = sealed_bundle(s, 0, 3);
    const std::string bytes = *bundle_bytes(b);
    ASSERT_TRUE(decode_bundle(bytes, "mem").ok());
    size_t detected = 0;
    for (size_t i = 0; i < bytes.size(); ++i) {
        std::string bad = bytes;
        bad[i] = static_cast<char>(bad[i] ^ 0x01);
        if (!decode_bundle(bad, "mem").ok()) {
            ++detected;
        } else {
            ADD_FAILURE() << "flip at byte " << i << " ('" << bytes[i] << "') not detected";
        }
    }
    EXPECT_EQ(detected, bytes.size());
}

TEST(BundleStore, PublishReadVerifyListRemoveWithPermissions) {
    TempDir dir;
    BundleStore store(dir.path() + "/store");
    Session s = testing::synthetic_session("session/with:odd chars", 2);
    CheckpointBundle b = sealed_bundle(s, 0, 4);
    auto pub = store.publish(b);
    ASSERT_TRUE(pub.ok()) << pub.error().to_string();
    EXPECT_FALSE(pub->already_present);
    struct stat st {};
    ASSERT_EQ(::stat(pub->path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    ASSERT_EQ(::stat(store.session_dir(s.id).c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    auto list = store.list(s.id);
    ASSERT_TRUE(list.ok());
    ASSERT_EQ(list->size(), 1u);
    EXPECT_EQ(list->front().session_id, s.id);
    EXPECT_EQ(store.verify(list->front()).state, VerifyState::kVerified);
    auto read = store.read(b.checkpoint_id);
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    EXPECT_EQ(*bundle_bytes(*read), *bundle_bytes(b));
    ASSERT_TRUE(store.remove(s.id, b.checkpoint_id).ok());
    EXPECT_EQ(store.verify(list->front()).state, VerifyState::kMissing);
    EXPECT_TRUE(store.list(s.id)->empty());
}

TEST(FoldGates, C2_3_LeafCheckpointsAreImmutable) {
    TempDir dir;
    BundleStore store(dir.path());
    Session s = testing::synthetic_session("imm", 2);
    CheckpointBundle b = sealed_bundle(s, 0, 4);
    ASSERT_TRUE(store.publish(b).ok());
    auto again = store.publish(b);  // identical: idempotent
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->already_present);
    // Same id, different content: refused, and the stored bytes are untouched.
    const std::string before = testing::slurp_file(again->path);
    CheckpointBundle forged = b;
    forged.shadowed_messages[0]["id"] = "forged";
    auto resealed = seal_bundle(forged);
    ASSERT_TRUE(resealed.ok());
    resealed->checkpoint_id = b.checkpoint_id;  // pretend to be the same checkpoint
    auto refused = store.publish(*resealed);
    EXPECT_FALSE(refused.ok());
    EXPECT_EQ(testing::slurp_file(again->path), before);
    // A file overwritten behind the store's back is reported corrupt, never served.
    std::string bytes = before;
    bytes[bytes.size() / 2] ^= 0x20;
    ::chmod(again->path.c_str(), 0600);
    testing::write_file(again->path, bytes);
    EXPECT_EQ(store.verify(store.list(s.id)->front()).state, VerifyState::kCorrupt);
    EXPECT_FALSE(store.read(b.checkpoint_id).ok());
}

TEST(BundleStore, CompressedBundlesVerifyAndHashTheLogicalContent) {
    TempDir dir;
    BundleStore plain(dir.path() + "/plain"), packed(dir.path() + "/packed", posix_file_env(), true);
    Session s = testing::synthetic_session("z", 4, 2000);
    CheckpointBundle b = sealed_bundle(s, 0, 8);
    auto p1 = plain.publish(b);
    auto p2 = packed.publish(b);
    ASSERT_TRUE(p1.ok() && p2.ok());
    EXPECT_NE(p2->path.find(".json.zst"), std::string::npos);
    EXPECT_LT(testing::slurp_file(p2->path).size(), testing::slurp_file(p1->path).size());
    auto r = packed.read(b.checkpoint_id);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_EQ(r->logical_hash, b.logical_hash);
    std::string z = testing::slurp_file(p2->path);
    z[z.size() - 3] ^= 0x40;
    testing::write_file(p2->path, z);
    EXPECT_EQ(packed.verify(packed.list(s.id)->front()).state, VerifyState::kCorrupt);
}

TEST(BundleStore, TempFilesAreNeverListedAsBundles) {
    TempDir dir;
    BundleStore store(dir.path());
    Session s = testing::synthetic_session("t", 1);
    CheckpointBundle b = sealed_bundle(s, 0, 2);
    ASSERT_TRUE(store.publish(b).ok());
    testing::write_file(store.session_dir(s.id) + "/.tmp-bundle-" + b.checkpoint_id + ".json-1-1", "{\"torn\":");
    testing::write_file(store.session_dir(s.id) + "/bundle-notanid.json", "{}");
    auto list = store.list(s.id);
    ASSERT_EQ(list->size(), 1u);
    EXPECT_EQ(store.stale_temp_files().size(), 1u);
}

// The pid of a process that has exited (reaped), for temp files of "killed" writers.
pid_t dead_pid() {
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(0);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return pid;
}

// Temp files of killed folds were never removed (verify listed them and exited 0): the next publish
// into the session removes those whose writer is gone, and keeps a live writer's.
TEST(BundleStore, TheNextPublishRemovesTempFilesOfDeadWriters) {
    TempDir dir;
    BundleStore store(dir.path());
    Session s = testing::synthetic_session("t", 3);
    ASSERT_TRUE(store.publish(sealed_bundle(s, 0, 2)).ok());
    const std::string session_dir = store.session_dir(s.id);
    const std::string dead = session_dir + "/.tmp-bundle-x.json-" + std::to_string(dead_pid()) + "-0";
    const std::string live = session_dir + "/.tmp-bundle-y.json-" + std::to_string(::getppid()) + "-0";
    testing::write_file(dead, "{\"torn\":");
    testing::write_file(live, "{\"torn\":");
    BundleStore next(dir.path());  // a later fold
    ASSERT_TRUE(next.publish(sealed_bundle(s, 2, 4)).ok());
    EXPECT_FALSE(std::filesystem::exists(dead));
    EXPECT_TRUE(std::filesystem::exists(live));
    testing::write_file(dead, "{\"torn\":");
    auto removed = next.remove_stale_temp_files();  // what `verify --clean` runs
    ASSERT_TRUE(removed.ok());
    EXPECT_EQ(*removed, std::vector<std::string>{dead});
    EXPECT_EQ(next.stale_temp_files(), std::vector<std::string>{live});
}

// The view was a plain truncating write: a full disk left it torn and the error had no cause.
TEST(AtomicWrite, AFailedWriteLeavesTheOldFileAndNamesTheCause) {
    TempDir dir;
    const std::string path = dir.path() + "/view.jsonl";
    testing::write_file(path, "old view\n");
    for (int64_t step = 1; step <= 5; ++step) {  // create, write, fsync, close, rename
        auto faulty = std::make_shared<FaultyFileEnv>(posix_file_env());
        faulty->fail_at(step, false);
        Status st = write_file_atomically(*faulty, path, "new view\n");
        ASSERT_FALSE(st.ok()) << "step " << step;
        EXPECT_NE(st.error().to_string().find("injected"), std::string::npos) << st.error().to_string();
        EXPECT_EQ(testing::slurp_file(path), "old view\n") << "step " << step;
        size_t entries = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir.path())) entries += e.is_regular_file();
        EXPECT_EQ(entries, 1u) << "a temp file was left at step " << step;
    }
    ASSERT_TRUE(write_file_atomically(*posix_file_env(), path, "new view\n").ok());
    EXPECT_EQ(testing::slurp_file(path), "new view\n");
    // The real cause reaches the message (here: no such directory).
    Status missing = write_file_atomically(*posix_file_env(), dir.path() + "/no/such/view.jsonl", "x");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().to_string().find("No such file or directory"), std::string::npos)
        << missing.error().to_string();
}

// C0.4: fail every file-system step of a fold, one at a time (as an error and as a crash):
// the surface is never replaced, no commit record exists without its verified bundle (C0.1).
TEST(FoldGates, C0_4_BundleFailureMeansNoSurfaceReplacement) {
    Session s = testing::synthetic_session("c04", 6);
    const FoldSurface surface = surface_from_session(s);
    FoldOptions options = testing::small_fold_options();
    int64_t total_calls = 0;
    {
        TempDir dir;
        auto faulty = std::make_shared<FaultyFileEnv>(posix_file_env());
        BundleStore store(dir.path(), faulty);
        faulty->fail_at(-1, false);
        auto ok = fold_once(store, surface, FoldMode::kLeaf, options);
        ASSERT_TRUE(ok.ok() && ok->bundle);
        total_calls = faulty->calls();
    }
    ASSERT_GT(total_calls, 8);
    for (bool crash : {false, true}) {
        for (int64_t k = 1; k <= total_calls; ++k) {
            TempDir dir;
            auto faulty = std::make_shared<FaultyFileEnv>(posix_file_env());
            BundleStore store(dir.path(), faulty);
            faulty->fail_at(k, crash);
            auto r = fold_once(store, surface, FoldMode::kLeaf, options);
            EXPECT_FALSE(r.ok()) << "step " << k << " failure went unnoticed";
            BundleStore clean(dir.path());
            auto commits = clean.commits(s.id);
            ASSERT_TRUE(commits.ok());
            for (const auto& c : *commits) {  // C0.1: committed ⇒ bundle exists and verifies
                auto b = clean.read(s.id, c.checkpoint_id);
                EXPECT_TRUE(b.ok()) << "commit without bundle at step " << k;
            }
            auto list = clean.list(s.id);
            for (const auto& e : *list) { EXPECT_EQ(clean.verify(e).state, VerifyState::kVerified) << "step " << k; }
            // A retry on a healthy store completes the fold.
            auto retry = fold_once(clean, surface, FoldMode::kLeaf, options);
            ASSERT_TRUE(retry.ok()) << "step " << k << ": " << retry.error().to_string();
            EXPECT_TRUE(retry->bundle.has_value());
        }
    }
}

TEST(FoldGates, C0_1_CommittedCheckpointImpliesBundleExists) {
    TempDir dir;
    BundleStore store(dir.path());
    Session s = testing::synthetic_session("c01", 12);
    auto run = fold_until(store, surface_from_session(s), FoldMode::kLeaf, 0, testing::small_fold_options());
    ASSERT_TRUE(run.ok()) << run.error().to_string();
    ASSERT_GE(run->published.size(), 3u);
    auto commits = store.commits(s.id);
    ASSERT_TRUE(commits.ok());
    EXPECT_EQ(commits->size(), run->published.size());
    for (const auto& c : *commits) {
        auto b = store.read(s.id, c.checkpoint_id);
        ASSERT_TRUE(b.ok()) << b.error().to_string();
        EXPECT_EQ(b->logical_hash, c.logical_hash);
        EXPECT_EQ(b->rendered_digest, c.rendered_digest);
    }
}


// Counts directory fsyncs; everything else goes to the real file system.
class DirSyncCounter : public FaultyFileEnv {
public:
    DirSyncCounter() : FaultyFileEnv(posix_file_env()) { fail_at(-1, false); }
    Status sync_dir(const std::string& dir) override {
        ++dir_syncs;
        return FaultyFileEnv::sync_dir(dir);
    }
    int64_t dir_syncs = 0;
};

TEST(BundleStore, ALeafRunPublishesInGroupsWithOneDirectorySyncEach) {
    Session s = testing::synthetic_session("groups", 60);
    TempDir dir;
    auto env = std::make_shared<DirSyncCounter>();
    BundleStore store(dir.path(), env);
    auto run = fold_until(store, surface_from_session(s), FoldMode::kLeaf, 0, testing::small_fold_options());
    ASSERT_TRUE(run.ok()) << run.error().to_string();
    const auto n = static_cast<int64_t>(run->published.size());
    ASSERT_GE(n, 20) << "the session must need more than one group";
    // One publish per checkpoint synced the directory twice per checkpoint (bundle, commit record).
    EXPECT_LE(env->dir_syncs, 2 * ((n + 15) / 16) + 1) << n << " checkpoints";
    auto commits = store.commits(s.id);
    ASSERT_TRUE(commits.ok());
    EXPECT_EQ(static_cast<int64_t>(commits->size()), n);
    for (const auto& b : run->published) EXPECT_TRUE(store.read(s.id, b.checkpoint_id).ok()) << b.checkpoint_id;
}

TEST(FoldGates, C0_4_AFailureInAGroupedLeafRunLosesNoCommittedCheckpoint) {
    Session s = testing::synthetic_session("c04-groups", 60);
    const FoldSurface surface = surface_from_session(s);
    const FoldOptions options = testing::small_fold_options();
    std::vector<std::string> clean_ids;
    int64_t total_calls = 0;
    {
        TempDir dir;
        auto faulty = std::make_shared<FaultyFileEnv>(posix_file_env());
        BundleStore store(dir.path(), faulty);
        faulty->fail_at(-1, false);
        auto run = fold_until(store, surface, FoldMode::kLeaf, 0, options);
        ASSERT_TRUE(run.ok());
        for (const auto& b : run->published) clean_ids.push_back(b.checkpoint_id);
        total_calls = faulty->calls();
    }
    ASSERT_GT(clean_ids.size(), 16u);
    // Every 13th step keeps the test quick while hitting each kind of call in both groups.
    for (bool crash : {false, true}) {
        for (int64_t k = 1; k <= total_calls; k += 13) {
            TempDir dir;
            auto faulty = std::make_shared<FaultyFileEnv>(posix_file_env());
            BundleStore store(dir.path(), faulty);
            faulty->fail_at(k, crash);
            auto r = fold_until(store, surface, FoldMode::kLeaf, 0, options);
            EXPECT_FALSE(r.ok()) << "step " << k << " failure went unnoticed";
            BundleStore clean(dir.path());
            auto commits = clean.commits(s.id);
            ASSERT_TRUE(commits.ok());
            for (const auto& c : *commits)  // C0.1: committed ⇒ bundle exists and verifies
                EXPECT_TRUE(clean.read(s.id, c.checkpoint_id).ok()) << "commit without bundle at step " << k;
            auto list = clean.list(s.id);
            ASSERT_TRUE(list.ok());
            for (const auto& e : *list) EXPECT_EQ(clean.verify(e).state, VerifyState::kVerified) << "step " << k;
            // A retry on a healthy store completes the run with the same checkpoints.
            auto retry = fold_until(clean, surface, FoldMode::kLeaf, 0, options);
            ASSERT_TRUE(retry.ok()) << "step " << k << ": " << retry.error().to_string();
            std::vector<std::string> ids;
            for (const auto& b : retry->published) ids.push_back(b.checkpoint_id);
            EXPECT_EQ(ids, clean_ids) << "step " << k;
        }
    }
}

}  // namespace
}  // namespace bm
