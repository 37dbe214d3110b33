// Crash consistency of BundleStore::publish: a child process is SIGKILLed at random points (and at
// every individual file-system step, including between write and rename and before the directory
// fsync); afterwards every listed bundle verifies, every commit names a verified bundle, temp files
// are never bundles, and each publish happened completely or not at all.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <set>
#include <thread>

#include "fold/bundle.h"
#include "fold_test_support.h"

namespace bm {
namespace {

// Kills its own process at the N-th file-system call: a crash at an exact step.
class SuicideEnv : public FileEnv {
public:
    SuicideEnv(std::shared_ptr<FileEnv> inner, int64_t kill_at) : m_inner(std::move(inner)), m_kill_at(kill_at) {}
    Status make_dirs(const std::string& d) override { tick(); return m_inner->make_dirs(d); }
    Result<int> create_exclusive(const std::string& p) override { tick(); return m_inner->create_exclusive(p); }
    Status write_all(int fd, const std::string& data, const std::string& p) override {
        if (m_calls + 1 == m_kill_at) (void)m_inner->write_all(fd, data.substr(0, data.size() / 3), p);  // torn
        tick();
        return m_inner->write_all(fd, data, p);
    }
    Status sync(int fd, const std::string& p) override { tick(); return m_inner->sync(fd, p); }
    Status close(int fd, const std::string& p) override { tick(); return m_inner->close(fd, p); }
    Status rename_no_replace(const std::string& a, const std::string& b) override { tick(); return m_inner->rename_no_replace(a, b); }
    Status sync_dir(const std::string& d) override { tick(); return m_inner->sync_dir(d); }
    Result<std::string> read_file(const std::string& p) override { tick(); return m_inner->read_file(p); }
    Result<std::vector<std::string>> list_dir(const std::string& d) override { tick(); return m_inner->list_dir(d); }
    Status remove_file(const std::string& p) override { tick(); return m_inner->remove_file(p); }
    bool exists(const std::string& p) override { return m_inner->exists(p); }

private:
    void tick() {
        if (++m_calls == m_kill_at) ::kill(::getpid(), SIGKILL);
    }
    std::shared_ptr<FileEnv> m_inner;
    int64_t m_kill_at;
    int64_t m_calls = 0;
};

std::vector<CheckpointBundle> make_bundles(int count) {
    std::vector<CheckpointBundle> out;
    Session s = testing::synthetic_session("crash-session", count * 2, 3000);
    for (int i = 0; i < count; ++i) {
        CheckpointBundle d;
        d.session_id = s.id;
        d.created_at = 1700000000000 + i;
        for (size_t k = static_cast<size_t>(i) * 8; k < static_cast<size_t>(i) * 8 + 8; ++k) {
            d.shadowed_messages.push_back(archived_message(s.messages[k]));
            d.ordered_surface_seqs.push_back(s.messages[k].seq);
        }
        out.push_back(*seal_bundle(std::move(d)));
    }
    return out;
}

// The child: publish each bundle and then its commit record; exit 0 when all are done.
[[noreturn]] void child_publish(const std::string& root, const std::vector<CheckpointBundle>& bundles, int64_t kill_at,
                                bool compress) {
    std::shared_ptr<FileEnv> env = posix_file_env();
    if (kill_at > 0) env = std::make_shared<SuicideEnv>(env, kill_at);
    BundleStore store(root, env, compress);
    for (const auto& b : bundles) {
        if (!store.publish(b).ok()) ::_exit(3);
        CommitRecord c{b.checkpoint_id, b.session_id, "leaf", b.logical_hash, b.rendered_digest,
                       b.ordered_surface_seqs.back()};
        if (!store.write_commit(c).ok()) ::_exit(4);
    }
    ::_exit(0);
}

struct TrialOutcome {
    bool killed = false;
    size_t listed = 0;
};

void check_store(const std::string& root, const std::vector<CheckpointBundle>& bundles, const std::string& trial) {
    BundleStore store(root);
    std::set<std::string> known;
    for (const auto& b : bundles) known.insert(b.checkpoint_id);
    auto list = store.list_all();
    ASSERT_TRUE(list.ok()) << trial;
    for (const auto& e : *list) {
        EXPECT_TRUE(known.count(e.checkpoint_id)) << trial << ": unknown bundle " << e.path;
        Verification v = store.verify(e);
        EXPECT_EQ(v.state, VerifyState::kVerified) << trial << ": " << e.path << " " << v.reason;
        auto read = store.read(e.session_id, e.checkpoint_id);
        ASSERT_TRUE(read.ok()) << trial;
        // Complete or not at all: what is there is byte-identical to what was published.
        for (const auto& b : bundles)
            if (b.checkpoint_id == e.checkpoint_id) { EXPECT_EQ(*bundle_bytes(*read), *bundle_bytes(b)) << trial; }
    }
    auto commits = store.commits("crash-session");
    ASSERT_TRUE(commits.ok()) << trial;
    for (const auto& c : *commits) { EXPECT_TRUE(store.read("crash-session", c.checkpoint_id).ok()) << trial << ": commit without bundle"; }
    // Recovery: publishing again completes every bundle (idempotent for the ones already there).
    for (const auto& b : bundles) {
        auto again = store.publish(b);
        ASSERT_TRUE(again.ok()) << trial << ": " << again.error().to_string();
    }
    EXPECT_EQ(store.list_all()->size(), bundles.size()) << trial;
}

TEST(CrashConsistency, SigkillDuringPublishLeavesOnlyCompleteVerifiedBundles) {
    const std::vector<CheckpointBundle> bundles = make_bundles(4);
    // Calls one full run makes (for the exact-step trials).
    int64_t steps = 0;
    {
        testing::TempDir dir;
        auto counting = std::make_shared<FaultyFileEnv>(posix_file_env());
        BundleStore store(dir.path(), counting);
        for (const auto& b : bundles) {
            ASSERT_TRUE(store.publish(b).ok());
            ASSERT_TRUE(store.write_commit({b.checkpoint_id, b.session_id, "leaf", b.logical_hash, b.rendered_digest, 0}).ok());
        }
        steps = counting->calls();
    }
    ASSERT_GT(steps, 20);
    // Time one child run for the random-delay trials.
    auto t0 = std::chrono::steady_clock::now();
    {
        testing::TempDir dir;
        pid_t pid = ::fork();
        if (pid == 0) child_publish(dir.path(), bundles, 0, false);
        int status = 0;
        ::waitpid(pid, &status, 0);
        ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    const auto run_us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count();
    std::mt19937_64 rng(20261130);
    int trials = 0, killed = 0, exact = 0;
    // Every exact step (torn write, between write and rename, before the directory fsync, ...),
    // then random delays, at least 200 trials in all.
    const int64_t total = std::max<int64_t>(200, steps + 120);
    for (int64_t t = 0; t < total; ++t) {
        testing::TempDir dir;
        const bool compress = (t % 3) == 2;
        const int64_t kill_at = t < steps ? t + 1 : 0;
        pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) child_publish(dir.path(), bundles, kill_at, compress);
        if (kill_at == 0) {
            std::uniform_int_distribution<int64_t> delay(0, std::max<int64_t>(1, run_us));
            std::this_thread::sleep_for(std::chrono::microseconds(delay(rng)));
            ::kill(pid, SIGKILL);
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
            ++killed;
            if (kill_at) ++exact;
        } else {
            ASSERT_TRUE(WIFEXITED(status)) << "trial " << t;
            ASSERT_EQ(WEXITSTATUS(status), 0) << "trial " << t;
        }
        ++trials;
        check_store(dir.path(), bundles, "trial " + std::to_string(t) + " (kill_at " + std::to_string(kill_at) + ")");
        if (HasFatalFailure()) return;
    }
    EXPECT_GE(trials, 200);
    EXPECT_EQ(exact, steps);  // every step was crashed at
    EXPECT_GT(killed, steps);  // and some random kills landed mid-publish
    RecordProperty("trials", trials);
    RecordProperty("killed", killed);
}

}  // namespace
}  // namespace bm
