// Workspace: the SQLite (WAL) file that holds imported sessions with their original records.
//
// Imports are transactional per file, committed with a full fsync before they are reported as
// stored. History is never lost: a stored session is replaced only by a copy from the same file
// that extends its messages byte for byte (a grown log); any other copy with the same session id is
// stored beside it under its own key (id~digest), with a warning, and both are listed. A workspace from a newer schema is refused untouched.
// Thread-safety: one Workspace per thread; open the same file again for another thread.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ingest/read_result.h"
#include "store/sqlite_db.h"

namespace bm {

struct StoredSession {
    std::string key;  // workspace key: the session id, or id~digest when ids collide
    std::string id;
    std::string format;
    std::string file;
    int64_t message_count = 0;
    int64_t redactions = 0;
    bool replaced = false;   // an earlier copy whose messages this one extends byte for byte was replaced
    std::string beside;      // the key of the stored copy this one differs from (stored beside it)
    bool unchanged = false;  // identical content was already stored
    bool environment_added = false;  // unchanged, but stored before schema 4: its harness facts were added
};

struct ImportReport {
    std::vector<StoredSession> sessions;
    std::vector<Error> warnings;
};

class Workspace {
public:
    // Opens or creates `path`, migrating it to the current schema.
    static Result<std::unique_ptr<Workspace>> open(const std::string& path);

    // Stores every session of `result` (and the import record) in one transaction.
    Result<ImportReport> import(const ReadResult& result);

    Result<std::vector<StoredSession>> sessions();
    // Messages of one stored session, in order. NotFound when the key is unknown.
    Result<std::vector<Message>> messages(const std::string& key);
    // Harness environment facts of one stored session, in record order; empty for a session stored
    // before schema 4 (import its log again to add them).
    Result<std::vector<EnvironmentFact>> environment(const std::string& key);
    // One stored session in full: lineage, messages, branches, checkpoints and environment facts,
    // as the reader returned it. NotFound when the key is unknown; Corruption for a damaged branch.
    Result<Session> session(const std::string& key);

    Result<int64_t> schema_version() { return m_db->user_version(); }
    const std::string& path() const { return m_db->path(); }

private:
    explicit Workspace(std::unique_ptr<Db> db) : m_db(std::move(db)) {}
    Result<StoredSession> store_session(const Session& session);
    std::unique_ptr<Db> m_db;
};

// Deterministic digest of a session's content (ids, roles, blocks, surface), for dedup.
std::string session_content_digest(const Session& session);
// Digest of the first `count` messages as the log wrote them (id, seq, role, source, blocks, time,
// original record), leaving out what later records may change (surface, annotations). A copy
// extends a stored one byte for byte when its digest over the stored count equals the stored one's.
std::string session_messages_digest(const Session& session, size_t count);

}  // namespace bm
