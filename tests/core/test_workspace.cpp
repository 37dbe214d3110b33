// Workspace store: migrations, refusing newer schemas, round trips, never losing data on re-import,
// and no secret ever reaching the SQLite file.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "ingest/ingest.h"
#include "store/schema.h"
#include "store/workspace.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

class WorkspaceTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("bm-ws-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        path = (dir / "w.bmws").string();
    }
    void TearDown() override { fs::remove_all(dir); }

    ReadResult native(const std::string& id, int messages, const std::string& extra = "") {
        std::string text = "{\"type\":\"beliefmerge.session\",\"version\":1,\"id\":\"" + id + "\"}\n";
        for (int i = 0; i < messages; ++i)
            text += "{\"type\":\"message\",\"role\":\"user\",\"content\":\"message " + std::to_string(i) + extra + "\"}\n";
        return read_bytes(text, (dir / (id + ".jsonl")).string());
    }

    fs::path dir;
    std::string path;
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST_F(WorkspaceTest, CreatesCurrentSchemaAndRoundTripsMessages) {
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok()) << ws.error().to_string();
    EXPECT_EQ(*(*ws)->schema_version(), kWorkspaceSchemaVersion);
    auto r = native("s1", 3);
    ASSERT_TRUE(r.ok());
    auto report = (*ws)->import(r);
    ASSERT_TRUE(report.ok()) << report.error().to_string();
    ASSERT_EQ(report->sessions.size(), 1u);
    auto msgs = (*ws)->messages("s1");
    ASSERT_TRUE(msgs.ok());
    ASSERT_EQ(msgs->size(), 3u);
    EXPECT_EQ((*msgs)[2].visible_text(), "message 2");
    EXPECT_EQ((*msgs)[2].raw.str(), r.sessions[0].messages[2].raw.str());
    EXPECT_FALSE((*ws)->messages("nope").ok());
}

TEST_F(WorkspaceTest, RefusesNewerSchemaWithoutTouchingIt) {
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE future(x); PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    const std::string before = slurp(path);
    auto ws = Workspace::open(path);
    ASSERT_FALSE(ws.ok());
    EXPECT_TRUE(ws.error().is_version_too_new());
    EXPECT_NE(ws.error().to_string().find("99"), std::string::npos);
    EXPECT_NE(ws.error().to_string().find("newer"), std::string::npos);
    EXPECT_EQ(slurp(path), before);
}

TEST_F(WorkspaceTest, MigratesVersionOneKeepingSessionsAndLogsAreAppendOnly) {
    {
        // A version-1 workspace: the first migration step only, with one stored session.
        auto ws = Workspace::open(path);
        ASSERT_TRUE(ws.ok());
        ASSERT_TRUE((*ws)->import(native("old", 2)).ok());
    }
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(db, "DROP TABLE model_calls; DROP TABLE decisions; DROP TABLE meld_patches;"
                                   "DROP TABLE model_resolutions; DROP TABLE environment_facts;"
                                   "DROP TABLE approvals; DROP TABLE inject_policies; DROP TABLE transcript_marks;"
                                   "DROP INDEX sessions_by_cwd; ALTER TABLE sessions DROP COLUMN messages_digest;"
                                   "PRAGMA user_version = 1", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok()) << ws.error().to_string();
    EXPECT_EQ(*(*ws)->schema_version(), kWorkspaceSchemaVersion);
    auto msgs = (*ws)->messages("old");
    ASSERT_TRUE(msgs.ok());
    EXPECT_EQ(msgs->size(), 2u);
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "INSERT INTO decisions(reviewer, decided_at, slot_key, annotation_digest, decision)"
                               " VALUES ('r', 't', 'k', 'd', '{}')", nullptr, nullptr, nullptr), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "UPDATE decisions SET reason = 'x'", nullptr, nullptr, nullptr), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "DELETE FROM decisions", nullptr, nullptr, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "INSERT INTO meld_patches(brain, patch_id, body) VALUES ('b', 'p', '{}')", nullptr,
                           nullptr, nullptr), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "DELETE FROM meld_patches", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

TEST_F(WorkspaceTest, ReimportIsIdempotentAndCollisionsNeverOverwrite) {
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok());
    ASSERT_TRUE((*ws)->import(native("s1", 2)).ok());
    auto again = (*ws)->import(native("s1", 2));
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->sessions[0].unchanged);
    // Same file, grown log: replaces the shorter copy.
    auto grown = (*ws)->import(native("s1", 4));
    ASSERT_TRUE(grown.ok());
    EXPECT_TRUE(grown->sessions[0].replaced);
    EXPECT_EQ((*ws)->messages("s1")->size(), 4u);
    // Same file, fewer messages (a torn re-read): kept beside, nothing lost.
    auto shorter = (*ws)->import(native("s1", 1));
    ASSERT_TRUE(shorter.ok());
    EXPECT_NE(shorter->sessions[0].key, "s1");
    EXPECT_EQ(shorter->warnings.size(), 1u);
    EXPECT_EQ((*ws)->messages("s1")->size(), 4u);
    EXPECT_EQ((*ws)->sessions()->size(), 2u);
}

// A longer copy under the same session id whose earlier messages differ (an edited or regenerated
// log) replaced the stored session and its messages: the earlier history was gone.
TEST_F(WorkspaceTest, ACopyThatDoesNotExtendTheStoredOneIsStoredBesideIt) {
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok());
    ASSERT_TRUE((*ws)->import(native("s1", 2)).ok());
    auto rewritten = (*ws)->import(native("s1", 3, " (edited)"));
    ASSERT_TRUE(rewritten.ok()) << rewritten.error().to_string();
    const StoredSession& beside = rewritten->sessions.front();
    EXPECT_FALSE(beside.replaced);
    EXPECT_EQ(beside.beside, "s1");
    EXPECT_NE(beside.key, "s1");
    ASSERT_EQ(rewritten->warnings.size(), 1u);
    EXPECT_NE(rewritten->warnings.front().to_string().find("does not extend byte for byte; stored beside it as '" +
                                                           beside.key + "'"),
              std::string::npos)
        << rewritten->warnings.front().to_string();
    // Both versions are listed and each keeps its own messages.
    EXPECT_EQ((*ws)->sessions()->size(), 2u);
    auto original = (*ws)->messages("s1");
    ASSERT_TRUE(original.ok());
    ASSERT_EQ(original->size(), 2u);
    EXPECT_EQ(original->front().blocks.front().text, "message 0");
    EXPECT_EQ((*ws)->messages(beside.key)->size(), 3u);
    // A true extension of the stored copy still replaces it in place.
    auto grown = (*ws)->import(native("s1", 5));
    ASSERT_TRUE(grown.ok());
    EXPECT_TRUE(grown->sessions.front().replaced);
    EXPECT_EQ((*ws)->messages("s1")->size(), 5u);
    EXPECT_EQ((*ws)->sessions()->size(), 2u);
}

// Sessions stored before schema 6 have no messages digest: a different copy goes beside them.
TEST_F(WorkspaceTest, SchemaFiveSessionsMigrateAndAreNeverReplaced) {
    {
        auto ws = Workspace::open(path);
        ASSERT_TRUE(ws.ok());
        ASSERT_TRUE((*ws)->import(native("old", 2)).ok());
    }
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(db, "ALTER TABLE sessions DROP COLUMN messages_digest; PRAGMA user_version = 5", nullptr,
                               nullptr, nullptr),
                  SQLITE_OK);
        sqlite3_close(db);
    }
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok()) << ws.error().to_string();
    EXPECT_EQ(*(*ws)->schema_version(), 6);
    EXPECT_EQ((*ws)->messages("old")->size(), 2u);
    auto again = (*ws)->import(native("old", 2));
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->sessions.front().unchanged);
    auto grown = (*ws)->import(native("old", 3));
    ASSERT_TRUE(grown.ok());
    EXPECT_FALSE(grown->sessions.front().replaced) << "no digest to prove the extension: kept beside";
    EXPECT_EQ((*ws)->messages("old")->size(), 2u);
    EXPECT_EQ((*ws)->sessions()->size(), 2u);
}

TEST_F(WorkspaceTest, NewWorkspacesAreReadableByTheirOwnerOnly) {
    {
        auto ws = Workspace::open(path);
        ASSERT_TRUE(ws.ok());
        ASSERT_TRUE((*ws)->import(native("s1", 1)).ok());
        for (const auto& f : {path, path + "-wal", path + "-shm"}) {
            if (!fs::exists(f)) continue;
            const auto perms = fs::status(f).permissions();
            EXPECT_EQ(perms & (fs::perms::group_all | fs::perms::others_all), fs::perms::none) << f;
        }
    }
}

TEST_F(WorkspaceTest, NoRedactedSecretReachesTheFile) {
    const std::string secret_a = std::string("sk-proj-") + "Q9w8E7r6T5y4U3i2O1p0A9s8D7f6";
    const std::string secret_b = std::string("ghp_") + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789";
    const std::string secret_c = std::string("Zq8vN2mK") + "4pR7tW1xY5bC";
    {
        auto ws = Workspace::open(path);
        ASSERT_TRUE(ws.ok());
        std::string text = "{\"type\":\"beliefmerge.session\",\"version\":1,\"id\":\"sec\"}\n"
                           "{\"type\":\"message\",\"role\":\"user\",\"content\":\"use " + secret_a + " and " + secret_b +
                           " with password=" + secret_c + "\"}\n";
        auto r = read_bytes(text, "secrets.jsonl");
        ASSERT_TRUE(r.ok());
        EXPECT_EQ(r.sessions[0].redactions, 3);
        ASSERT_TRUE((*ws)->import(r).ok());
    }
    for (const auto& f : {path, path + "-wal", path + "-shm"}) {
        if (!fs::exists(f)) continue;
        const std::string bytes = slurp(f);
        for (const auto& s : {secret_a, secret_b, secret_c}) EXPECT_EQ(bytes.find(s), std::string::npos) << f;
    }
    EXPECT_NE(slurp(path).find("[REDACTED:openai:"), std::string::npos);
}

TEST_F(WorkspaceTest, ADamagedLineHoldingASecretNeverLeaksThroughItsDiagnostic) {
    const std::string secret = std::string("Zq8vN2mK") + "4pR7tW1xY5bCq";
    // A torn line: the JSON parser's own message would quote the token it was reading.
    const std::string text = "{\"type\":\"beliefmerge.session\",\"version\":1,\"id\":\"torn\"}\n"
                             "{\"type\":\"message\",\"role\":\"user\",\"content\":\"password=" + secret + "\n"
                             "{\"type\":\"message\",\"role\":\"user\",\"content\":\"ok\"}\n";
    auto r = read_bytes(text, "torn.jsonl");
    ASSERT_FALSE(r.errors.empty());
    for (const auto& e : r.errors) EXPECT_EQ(e.to_string().find(secret), std::string::npos) << e.to_string();
    {
        auto ws = Workspace::open(path);
        ASSERT_TRUE(ws.ok());
        ASSERT_TRUE((*ws)->import(r).ok());
    }
    for (const auto& f : {path, path + "-wal"}) {
        if (fs::exists(f)) {
            EXPECT_EQ(slurp(f).find(secret), std::string::npos) << f;
        }
    }
}

TEST_F(WorkspaceTest, SameCountDifferentContentIsKeptBeside) {
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok());
    ASSERT_TRUE((*ws)->import(native("s1", 2)).ok());
    auto changed = (*ws)->import(native("s1", 2, " (edited)"));
    ASSERT_TRUE(changed.ok());
    EXPECT_NE(changed->sessions[0].key, "s1");
    EXPECT_EQ((*ws)->sessions()->size(), 2u);
    EXPECT_EQ((*ws)->messages("s1")->at(0).visible_text(), "message 0");
}

TEST_F(WorkspaceTest, CorruptFileIsAClearError) {
    std::ofstream(path) << "this is not a sqlite database, just some text padding it out to a page";
    auto ws = Workspace::open(path);
    ASSERT_FALSE(ws.ok());
    EXPECT_NE(ws.error().to_string().find(path), std::string::npos);
}

}  // namespace
}  // namespace bm
