// SQLite connection and statement wrappers with errors that name the file.
#include "store/sqlite_db.h"

#include "store/errno_vfs.h"

#include <chrono>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bm {

namespace {
// The system's cause of an I/O failure: SQLite's "disk I/O error" alone does not say that the disk
// is full or failing. SQLITE_FULL clears the errno it saw (it was ENOSPC).
std::string system_cause(sqlite3* db, int code) {
    if ((code & 0xFF) == SQLITE_FULL) return std::strerror(ENOSPC);
    if ((code & 0xFF) != SQLITE_IOERR && (code & 0xFF) != SQLITE_CANTOPEN) return {};
    const int err = last_io_errno() > 0 ? last_io_errno() : sqlite3_system_errno(db);
    return err > 0 ? std::strerror(err) : std::string();
}

Error sqlite_error(sqlite3* db, const std::string& path, std::string_view what) {
    int code = sqlite3_extended_errcode(db);
    std::string msg = std::string(what) + ": " + sqlite3_errmsg(db);
    if ((code & 0xFF) == SQLITE_CORRUPT || (code & 0xFF) == SQLITE_NOTADB)
        return Error::corruption(msg, Location{path}, "the workspace file is damaged or not a workspace");
    if (const std::string cause = system_cause(db, code); !cause.empty()) {
        msg += " (" + cause + ")";
        const bool full = cause == std::strerror(ENOSPC);
        return Error::io(msg, Location{path},
                         full ? "free space on its disk and run the command again; the failed change was rolled back"
                              : "the failed change was rolled back; check the disk");
    }
    return Error::io(msg, Location{path});
}
}  // namespace

Statement& Statement::bind(int index, std::string_view text) {
    sqlite3_bind_text(m_stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bind(int index, int64_t value) {
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

Statement& Statement::bind_null(int index) {
    sqlite3_bind_null(m_stmt, index);
    return *this;
}

Result<bool> Statement::step() {
    clear_last_io_errno();
    int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return sqlite_error(m_db, m_path, "statement failed");
}

Status Statement::run() {
    while (true) {
        auto r = step();
        if (!r) {
            reset();
            return r.error();
        }
        if (!*r) break;
    }
    reset();
    return {};
}

void Statement::reset() {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

std::string Statement::text(int column) const {
    const auto* p = sqlite3_column_text(m_stmt, column);
    int n = sqlite3_column_bytes(m_stmt, column);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(n)) : std::string();
}

int64_t Statement::integer(int column) const { return sqlite3_column_int64(m_stmt, column); }

bool Statement::is_null(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }

namespace {

void (*g_busy_notice)(const std::string&) = nullptr;

// SQLite's busy handler: sleeps with back-off up to kBusyTimeoutMs in all, and calls the notice
// once per wait after kBusyNoticeAfterMs. `count` is 0 on a wait's first call.
int wait_for_other_writer(void* arg, int count) {
    struct Wait {
        std::chrono::steady_clock::time_point start;
        bool noticed = false;
    };
    thread_local Wait wait;
    const auto now = std::chrono::steady_clock::now();
    if (count == 0) wait = Wait{now, false};
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(now - wait.start).count();
    if (waited >= kBusyTimeoutMs) return 0;
    if (!wait.noticed && waited >= kBusyNoticeAfterMs && g_busy_notice) {
        wait.noticed = true;
        g_busy_notice(static_cast<const Db*>(arg)->path());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(count < 10 ? 1 + count : 20));
    return 1;
}

// Creates `path` with permissions 0600 unless it exists (SQLite would create it 0644).
Status create_private_file(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::close(fd);
        return {};
    }
    if (errno == EEXIST) return {};
    return Error::io(std::string("cannot create workspace: ") + std::strerror(errno), Location{path},
                     "check the path and its permissions");
}
}  // namespace

void set_busy_wait_notice(void (*notice)(const std::string& path)) { g_busy_notice = notice; }

Result<std::unique_ptr<Db>> Db::open(const std::string& path, int64_t newest_version) {
    if (auto st = create_private_file(path); !st) return st.error();
    sqlite3* handle = nullptr;
    clear_last_io_errno();
    int rc = sqlite3_open_v2(path.c_str(), &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, errno_vfs());
    if (rc != SQLITE_OK) {
        std::string msg = std::string("cannot open workspace: ") + (handle ? sqlite3_errmsg(handle) : "out of memory");
        if (const std::string cause = handle ? system_cause(handle, sqlite3_extended_errcode(handle)) : ""; !cause.empty())
            msg += " (" + cause + ")";
        Error e = Error::io(msg, Location{path}, "check the path and its permissions");
        sqlite3_close(handle);
        return e;
    }
    std::unique_ptr<Db> db(new Db(handle, path));
    sqlite3_busy_handler(handle, wait_for_other_writer, db.get());
    if (auto st = db->exec("PRAGMA foreign_keys = ON"); !st) return st.error();
    auto version = db->user_version();  // read before anything can write to the file
    if (!version) return version.error();
    if (*version <= newest_version) {
        // Switching a new file to WAL needs it exclusively, and SQLite answers BUSY at once (no busy
        // handler) when another connection opening the same new file holds it: retry within the timeout.
        for (int waited_ms = 0;; waited_ms += 20) {
            const int wal = sqlite3_exec(handle, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
            if (wal == SQLITE_OK || (wal != SQLITE_BUSY && wal != SQLITE_LOCKED) || waited_ms >= kBusyTimeoutMs) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (auto st = db->exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL"); !st) return st.error();
    }
    return db;
}

Db::~Db() { sqlite3_close(m_db); }

Status Db::exec(std::string_view sql) {
    char* err = nullptr;
    std::string s(sql);
    clear_last_io_errno();
    if (sqlite3_exec(m_db, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        Error e = sqlite_error(m_db, m_path, "SQL failed");
        if (const std::string cause = system_cause(m_db, sqlite3_extended_errcode(m_db)); !cause.empty())
            msg += " (" + cause + ")";
        return Error(e.code(), "SQL failed: " + msg, Location{m_path}, e.hint());
    }
    return {};
}

Result<Statement> Db::prepare(std::string_view sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK)
        return sqlite_error(m_db, m_path, "cannot prepare statement");
    return Statement(m_db, stmt, m_path);
}

Result<int64_t> Db::user_version() {
    auto st = prepare("PRAGMA user_version");
    if (!st) return st.error();
    auto row = st->step();
    if (!row) return row.error();
    return *row ? st->integer(0) : 0;
}

}  // namespace bm
