// Workspace and harness environment facts: stored on import, read back in record order, the same
// slots from a workspace session as from its log, and a schema-3 workspace migrating to 4.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "merge/merger.h"
#include "store/schema.h"
#include "store/workspace.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

const std::string kDsh = "/work/shared/data/sessions/dsh/";
// Header facts and a turn error, no messages.
const std::string kAuthoredError =
    kDsh + "packages__test-support__acp-snapshot__tests__fixtures__suite__authored-error__session.jsonl";
// Messages with a model, provider and approval policy; messages with hook verdicts.
const std::string kApprovalComposer = kDsh + "apps__web__tests__snapshots__approval-composer__session.jsonl";
const std::string kHookBlock = kDsh + "examples__acp-agent__tests__snapshots__hook-cc-posttool-block__session.jsonl";

class WorkspaceEnvironmentTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("bm-wsenv-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        path = (dir / "w.bmws").string();
    }
    void TearDown() override { fs::remove_all(dir); }
    // Imports `r` into the workspace at `path` and closes it; the first session's key.
    std::string import_and_close(const ReadResult& r) {
        auto ws = Workspace::open(path);
        EXPECT_TRUE(ws.ok());
        if (!ws.ok()) return {};
        auto report = (*ws)->import(r);
        EXPECT_TRUE(report.ok());
        return report.ok() && !report->sessions.empty() ? report->sessions.front().key : std::string();
    }

    fs::path dir;
    std::string path;
};

std::string fact_text(const EnvironmentFact& f) {
    return f.name + "|" + f.value + "|" + f.qualifier + "|" + f.field + "|" + std::to_string(f.line) + "|" +
           std::to_string(f.seq) + "|" + f.quote + "|" + std::to_string(f.quote_offset) + "|" + f.time;
}

// Every field of every fact, in order, so a mismatch prints the fact that differs.
std::vector<std::string> facts_text(const std::vector<EnvironmentFact>& facts) {
    std::vector<std::string> out;
    for (const auto& f : facts) out.push_back(fact_text(f));
    return out;
}

std::string slots_of(const Session& s) { return merge_branches(extract_heuristic({s}, {})).serialize(); }

std::string slurp(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void write(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
}

TEST_F(WorkspaceEnvironmentTest, ImportedHarnessFactsReadBackAndGiveTheSameSlotsAsTheLog) {
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok()) << ws.error().to_string();
    for (const std::string& file : {kAuthoredError, kApprovalComposer, kHookBlock}) {
        SCOPED_TRACE(file);
        ReadResult r = read_file(file);
        ASSERT_TRUE(r.ok());
        ASSERT_EQ(r.sessions.size(), 1u);
        const Session& from_file = r.sessions.front();
        ASSERT_FALSE(from_file.environment.empty());
        auto report = (*ws)->import(r);
        ASSERT_TRUE(report.ok()) << report.error().to_string();
        ASSERT_EQ(report->sessions.size(), 1u);
        const std::string key = report->sessions.front().key;

        auto facts = (*ws)->environment(key);
        ASSERT_TRUE(facts.ok()) << facts.error().to_string();
        EXPECT_EQ(facts_text(*facts), facts_text(from_file.environment));

        auto stored = (*ws)->session(key);
        ASSERT_TRUE(stored.ok()) << stored.error().to_string();
        EXPECT_EQ(facts_text(stored->environment), facts_text(from_file.environment));
        EXPECT_EQ(stored->id, from_file.id);
        EXPECT_EQ(stored->format, from_file.format);
        EXPECT_EQ(stored->messages.size(), from_file.messages.size());
        EXPECT_EQ(stored->branches.size(), from_file.branches.size());
        EXPECT_EQ(stored->checkpoints.size(), from_file.checkpoints.size());

        const std::string file_slots = slots_of(from_file);
        EXPECT_NE(file_slots.find("\"env.session."), std::string::npos) << "the log yields env.* slots";
        EXPECT_EQ(slots_of(*stored), file_slots);
    }
    auto all = (*ws)->sessions();
    ASSERT_TRUE(all.ok());
    EXPECT_EQ(all->size(), 3u);
    EXPECT_FALSE((*ws)->session("no-such-session").ok());
    EXPECT_EQ((*ws)->session("no-such-session").error().code(), ErrorCode::kNotFound);
}

TEST_F(WorkspaceEnvironmentTest, ReopenedWorkspaceStillHasTheFacts) {
    ReadResult r = read_file(kApprovalComposer);
    ASSERT_TRUE(r.ok());
    const std::string key = import_and_close(r);
    ASSERT_FALSE(key.empty());
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok());
    auto stored = (*ws)->session(key);
    ASSERT_TRUE(stored.ok());
    EXPECT_EQ(facts_text(stored->environment), facts_text(r.sessions.front().environment));
    // Importing the same log again stores nothing twice.
    auto again = (*ws)->import(r);
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->sessions.front().unchanged);
    EXPECT_FALSE(again->sessions.front().environment_added);
    EXPECT_EQ(facts_text(*(*ws)->environment(key)), facts_text(r.sessions.front().environment));
}

TEST_F(WorkspaceEnvironmentTest, AGrownLogReplacesItsFactsWithTheNewOnes) {
    // The same file first with its first half, then whole: the grown copy replaces the stored one,
    // facts included (no leftover rows from the shorter copy).
    const std::string text = slurp(kHookBlock);
    ASSERT_FALSE(text.empty());
    std::vector<size_t> ends;
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') ends.push_back(i + 1);
    ASSERT_GT(ends.size(), 4u);
    const fs::path log = dir / "grown.jsonl";
    write(log, text.substr(0, ends[ends.size() / 2]));
    ReadResult half = read_file(log.string());
    ASSERT_TRUE(half.ok());
    write(log, text);
    ReadResult whole = read_file(log.string());
    ASSERT_TRUE(whole.ok());
    ASSERT_LT(half.sessions.front().messages.size(), whole.sessions.front().messages.size());
    ASSERT_LE(half.sessions.front().environment.size(), whole.sessions.front().environment.size());

    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok());
    ASSERT_TRUE((*ws)->import(half).ok());
    auto report = (*ws)->import(whole);
    ASSERT_TRUE(report.ok()) << report.error().to_string();
    ASSERT_TRUE(report->sessions.front().replaced);
    auto stored = (*ws)->session(report->sessions.front().key);
    ASSERT_TRUE(stored.ok());
    EXPECT_EQ(facts_text(stored->environment), facts_text(whole.sessions.front().environment));
    EXPECT_EQ(slots_of(*stored), slots_of(whole.sessions.front()));
}

TEST_F(WorkspaceEnvironmentTest, SchemaThreeWorkspaceMigratesKeepsItsDataAndReimportAddsTheFacts) {
    ReadResult r = read_file(kApprovalComposer);
    ASSERT_TRUE(r.ok());
    const Session& from_file = r.sessions.front();
    const std::string key = import_and_close(r);
    ASSERT_FALSE(key.empty());
    {
        // Back to what schema 3 wrote: no environment_facts table (nor schema 5's approval tables); a
        // decision recorded there.
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(db,
                               "DROP TABLE environment_facts;"
                               "DROP TABLE approvals; DROP TABLE inject_policies; DROP TABLE transcript_marks;"
                               "DROP INDEX sessions_by_cwd; ALTER TABLE sessions DROP COLUMN messages_digest;"
                               "INSERT INTO decisions(reviewer, decided_at, slot_key, annotation_digest, decision)"
                               " VALUES ('r', 't', 'k', 'd', '{}');"
                               "PRAGMA user_version = 3",
                               nullptr, nullptr, nullptr),
                  SQLITE_OK);
        sqlite3_close(db);
    }
    auto ws = Workspace::open(path);
    ASSERT_TRUE(ws.ok()) << ws.error().to_string();
    EXPECT_EQ(*(*ws)->schema_version(), kWorkspaceSchemaVersion);
    EXPECT_EQ(kWorkspaceSchemaVersion, 6);

    // The session and its messages are kept; it simply has no facts yet.
    auto stored = (*ws)->session(key);
    ASSERT_TRUE(stored.ok()) << stored.error().to_string();
    EXPECT_EQ(stored->messages.size(), from_file.messages.size());
    EXPECT_TRUE(stored->environment.empty());
    EXPECT_EQ(slots_of(*stored).find("\"env.session."), std::string::npos);
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        sqlite3_stmt* q = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT count(*) FROM decisions", -1, &q, nullptr), SQLITE_OK);
        ASSERT_EQ(sqlite3_step(q), SQLITE_ROW);
        EXPECT_EQ(sqlite3_column_int(q, 0), 1);
        sqlite3_finalize(q);
        sqlite3_close(db);
    }

    // Importing the log again adds the facts to the stored copy (same key, nothing duplicated).
    auto report = (*ws)->import(r);
    ASSERT_TRUE(report.ok()) << report.error().to_string();
    EXPECT_EQ(report->sessions.front().key, key);
    EXPECT_TRUE(report->sessions.front().unchanged);
    EXPECT_TRUE(report->sessions.front().environment_added);
    auto sessions = (*ws)->sessions();
    ASSERT_TRUE(sessions.ok());
    EXPECT_EQ(sessions->size(), 1u);
    auto refreshed = (*ws)->session(key);
    ASSERT_TRUE(refreshed.ok());
    EXPECT_EQ(facts_text(refreshed->environment), facts_text(from_file.environment));
    EXPECT_EQ(slots_of(*refreshed), slots_of(from_file));
}

}  // namespace
}  // namespace bm
