// The one SQLite opener: every store's file is private (0600), WAL + synchronous=FULL, foreign keys
// on, a busy timeout; a file written by a newer version is left byte-identical.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>
#include <vector>

#include "meld/patch_log.h"
#include "store/decisions.h"
#include "store/schema.h"
#include "store/workspace.h"
#include "core/test_support.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

class SqliteOpenTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("bm-open-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        path = (dir / "w.bmws").string();
    }
    void TearDown() override { fs::remove_all(dir); }

    static int64_t pragma(Db& db, const std::string& name) {
        auto q = db.prepare("PRAGMA " + name);
        EXPECT_TRUE(q.ok());
        EXPECT_TRUE(*q->step());
        return q->integer(0);
    }
    static std::string pragma_text(Db& db, const std::string& name) {
        auto q = db.prepare("PRAGMA " + name);
        EXPECT_TRUE(q.ok());
        EXPECT_TRUE(*q->step());
        return q->text(0);
    }

    fs::path dir;
    std::string path;
};

TEST_F(SqliteOpenTest, ANewFileIsPrivateAndEveryConnectionHasTheSameSettings) {
    const mode_t old_mask = ::umask(022);  // the usual umask would give SQLite's default 0644
    auto db = Db::open(path, 1);
    ::umask(old_mask);
    ASSERT_TRUE(db.ok()) << db.error().message();
    struct stat st {};
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    EXPECT_EQ(pragma(**db, "foreign_keys"), 1);
    EXPECT_EQ(pragma_text(**db, "journal_mode"), "wal");
    EXPECT_EQ(pragma(**db, "synchronous"), 2);  // FULL
}

std::atomic<int> g_notices{0};

// A second writer waited 5-10 s and then failed with "database is locked" while a long import held
// the lock: now every connection waits kBusyTimeoutMs (120 s) and says once that it is waiting.
TEST_F(SqliteOpenTest, ASecondWriterWaitsOutALongFirstOneAndSaysSo) {
    EXPECT_GE(kBusyTimeoutMs, 120000);
    set_busy_wait_notice([](const std::string&) { ++g_notices; });
    auto first = Db::open(path, 1);
    auto second = Db::open(path, 1);
    ASSERT_TRUE(first.ok() && second.ok());
    ASSERT_TRUE((*first)->exec("CREATE TABLE t(x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)").ok());
    std::thread holder([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(11000));  // past the old 10 s limit
        EXPECT_TRUE((*first)->exec("COMMIT").ok());
    });
    const auto t0 = std::chrono::steady_clock::now();
    Status st = (*second)->exec("INSERT INTO t VALUES (2)");
    const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    holder.join();
    set_busy_wait_notice(nullptr);
    EXPECT_TRUE(st.ok()) << st.error().message();
    EXPECT_GE(waited, 10.0);
    EXPECT_EQ(g_notices.load(), 1);
}

// Each store creates its workspace private and in WAL mode (both persist in the file).
TEST_F(SqliteOpenTest, EveryWorkspaceStoreOpensThroughIt) {
    auto check = [&](const std::string& file, const char* store) {
        struct stat st {};
        ASSERT_EQ(::stat(file.c_str(), &st), 0) << store;
        EXPECT_EQ(st.st_mode & 0777, 0600u) << store;
        sqlite3* raw = nullptr;
        ASSERT_EQ(sqlite3_open(file.c_str(), &raw), SQLITE_OK);
        sqlite3_stmt* q = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(raw, "PRAGMA journal_mode", -1, &q, nullptr), SQLITE_OK);
        ASSERT_EQ(sqlite3_step(q), SQLITE_ROW);
        EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(q, 0)), "wal") << store;
        sqlite3_finalize(q);
        sqlite3_close(raw);
    };
    const mode_t old_mask = ::umask(022);
    const std::string ws = (dir / "ws.bmws").string(), log = (dir / "log.bmws").string();
    const std::string decisions = (dir / "decisions.bmws").string();
    EXPECT_TRUE(Workspace::open(ws).ok());
    EXPECT_TRUE(meld::PatchLog::open(log).ok());
    EXPECT_TRUE(DecisionStore::open(decisions).ok());
    ::umask(old_mask);
    check(ws, "Workspace");
    check(log, "PatchLog");
    check(decisions, "DecisionStore");
}

TEST_F(SqliteOpenTest, ANewerFileIsLeftByteIdentical) {
    {
        sqlite3* raw = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(raw, "CREATE TABLE t(x); PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(raw);
    }
    const std::string before = testing::slurp(path);
    {
        auto db = Db::open(path, 4);
        ASSERT_TRUE(db.ok());
        EXPECT_EQ(pragma_text(**db, "journal_mode"), "delete");
    }
    EXPECT_FALSE(Workspace::open(path).ok());
    EXPECT_FALSE(meld::PatchLog::open(path).ok());
    EXPECT_FALSE(DecisionStore::open(path).ok());
    EXPECT_EQ(testing::slurp(path), before);
}

TEST_F(SqliteOpenTest, ConnectionsOpeningANewWorkspaceAtOnceAllMigrateIt) {
    // Two studio jobs (or an import and a read) opening a new workspace together: each must see the
    // schema, none may fail with "table sessions already exists".
    for (int round = 0; round < 20; ++round) {
        const std::string file = (dir / ("race-" + std::to_string(round) + ".bmws")).string();
        std::atomic<int> failures{0};
        std::string first_error;
        std::vector<std::thread> openers;
        for (int i = 0; i < 4; ++i)
            openers.emplace_back([&] {
                auto ws = Workspace::open(file);
                if (!ws.ok()) {
                    if (failures.fetch_add(1) == 0) first_error = ws.error().to_string();
                    return;
                }
                if (!(*ws)->sessions().ok()) failures.fetch_add(1);
            });
        for (auto& t : openers) t.join();
        ASSERT_EQ(failures.load(), 0) << "round " << round << ": " << first_error;
    }
}

}  // namespace
}  // namespace bm
