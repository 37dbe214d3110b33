// Thin RAII wrapper over the SQLite C API: a connection, prepared statements, transactions.
//
// Every failure becomes an Error naming the database file and the statement. Thread-safety: a
// Db is used by one thread at a time (SQLite's default serialized mode guards misuse).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace bm {

class Statement {
public:
    Statement(sqlite3* db, sqlite3_stmt* stmt, std::string path) : m_db(db), m_stmt(stmt), m_path(std::move(path)) {}
    ~Statement() { sqlite3_finalize(m_stmt); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement(Statement&& o) noexcept : m_db(o.m_db), m_stmt(o.m_stmt), m_path(std::move(o.m_path)) { o.m_stmt = nullptr; }

    // 1-based parameter binding.
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, int64_t value);
    Statement& bind_null(int index);
    Statement& bind(int index, const std::optional<int64_t>& value) {
        return value ? bind(index, *value) : bind_null(index);
    }

    // Steps once: true when a row is available, false when done.
    Result<bool> step();
    // Steps to completion (for statements without rows) and resets for reuse.
    Status run();
    void reset();

    std::string text(int column) const;
    int64_t integer(int column) const;
    bool is_null(int column) const;

private:
    sqlite3* m_db;
    sqlite3_stmt* m_stmt;
    std::string m_path;
};

// How long every writer of every workspace waits for another writer (one policy for import, decide,
// meld, ...): long enough for a second import to wait out a long first one.
inline constexpr int kBusyTimeoutMs = 120000;
// After this long waiting, the busy-wait notice (if set) is called once per wait.
inline constexpr int kBusyNoticeAfterMs = 1000;

// Called (from the waiting thread) once a wait for another writer passed kBusyNoticeAfterMs, so a
// front end can say "waiting for another writer"; nullptr (the default) says nothing. Set it once
// at start-up, before any Db is opened.
void set_busy_wait_notice(void (*notice)(const std::string& path));

class Db {
public:
    // The one way every store opens an SQLite file. A file that does not exist is created with
    // permissions 0600 (its journal files inherit them); every connection waits kBusyTimeoutMs for other writers and
    // foreign_keys ON; a file whose user_version is at most `newest_version` (one this build can
    // read) is switched to WAL with synchronous=FULL, while a newer file is left untouched so the
    // caller can refuse it.
    static Result<std::unique_ptr<Db>> open(const std::string& path, int64_t newest_version);
    ~Db();

    Status exec(std::string_view sql);
    Result<Statement> prepare(std::string_view sql);
    Result<int64_t> user_version();
    const std::string& path() const { return m_path; }
    sqlite3* handle() { return m_db; }

private:
    Db(sqlite3* db, std::string path) : m_db(db), m_path(std::move(path)) {}
    sqlite3* m_db;
    std::string m_path;
};

// Commits on commit(), rolls back when destroyed without it.
class Transaction {
public:
    explicit Transaction(Db& db) : m_db(db) { m_status = m_db.exec("BEGIN IMMEDIATE"); }
    ~Transaction() {
        if (m_status.ok() && !m_done) (void)m_db.exec("ROLLBACK");
    }
    const Status& begun() const { return m_status; }
    Status commit() {
        Status st = m_db.exec("COMMIT");
        m_done = st.ok();  // a failed COMMIT is rolled back by the destructor
        return st;
    }

private:
    Db& m_db;
    Status m_status;
    bool m_done = false;
};

}  // namespace bm
