// Schema migrations: step i takes user_version i to i+1. Never edit a released step; add one.
#include "store/schema.h"

#include <string>
#include <vector>

namespace bm {

namespace {

const std::vector<const char*>& migrations() {
    static const std::vector<const char*> steps = {
        // 0 → 1: sessions, messages with their original records, branches, checkpoints, imports.
        R"sql(
        CREATE TABLE sessions (
            key TEXT PRIMARY KEY,
            id TEXT NOT NULL,
            id_form TEXT NOT NULL,
            format TEXT NOT NULL,
            format_version INTEGER NOT NULL,
            file TEXT NOT NULL,
            cwd TEXT, created_at TEXT, parent_session TEXT, seed_length INTEGER, origin TEXT,
            content_digest TEXT NOT NULL,
            message_count INTEGER NOT NULL,
            redactions INTEGER NOT NULL
        );
        CREATE INDEX sessions_by_id ON sessions(id);
        CREATE TABLE messages (
            session_key TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            id TEXT, parent_id TEXT,
            role TEXT NOT NULL,
            source TEXT NOT NULL,
            blocks TEXT NOT NULL,
            time TEXT,
            surface TEXT NOT NULL,
            flags INTEGER NOT NULL,
            line INTEGER NOT NULL,
            annotations TEXT,
            raw TEXT NOT NULL,
            PRIMARY KEY (session_key, idx)
        );
        CREATE TABLE branches (
            session_key TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
            branch_id TEXT NOT NULL,
            sidechain INTEGER NOT NULL,
            message_indexes TEXT NOT NULL,
            PRIMARY KEY (session_key, branch_id)
        );
        CREATE TABLE checkpoints (
            session_key TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
            id TEXT NOT NULL, kind TEXT NOT NULL, seq INTEGER NOT NULL,
            shadowed_start INTEGER, shadowed_end INTEGER, summary TEXT
        );
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            file TEXT NOT NULL, format TEXT NOT NULL,
            session_keys TEXT NOT NULL, errors TEXT NOT NULL, warnings TEXT NOT NULL,
            partial INTEGER NOT NULL
        );
        )sql",
        // 1 → 2: model-call records for record/replay (SPEC §18), human decisions (append-only,
        // SPEC §7/§15), and the MELD Patch log (append-only, SPEC §13).
        R"sql(
        CREATE TABLE model_calls (
            request_digest TEXT PRIMARY KEY,  -- SHA-256 (hex) of the canonical request JSON
            endpoint TEXT NOT NULL,
            model TEXT NOT NULL,
            purpose TEXT NOT NULL,            -- align | adjudicate | embed | nli | fold
            request TEXT NOT NULL,            -- canonical request JSON (API key never stored)
            response TEXT NOT NULL,           -- response body as received
            http_status INTEGER NOT NULL,
            recorded_at TEXT NOT NULL
        );
        CREATE TABLE decisions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            reviewer TEXT NOT NULL,
            decided_at TEXT NOT NULL,
            slot_key TEXT NOT NULL,
            annotation_digest TEXT NOT NULL,  -- the slot annotation the reviewer saw; stale when it changes
            decision TEXT NOT NULL,           -- canonical JSON {"kind": accept|choose|both|conditional|unresolvable, ...}
            reason TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX decisions_by_slot ON decisions(slot_key, id);
        CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
            BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
        CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
            BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
        CREATE TABLE meld_patches (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            brain TEXT NOT NULL,
            patch_id TEXT NOT NULL UNIQUE,
            body TEXT NOT NULL                -- canonical JSON of the signed Patch
        );
        CREATE TRIGGER meld_patches_no_update BEFORE UPDATE ON meld_patches
            BEGIN SELECT RAISE(ABORT, 'the Patch log is append-only'); END;
        CREATE TRIGGER meld_patches_no_delete BEFORE DELETE ON meld_patches
            BEGIN SELECT RAISE(ABORT, 'the Patch log is append-only'); END;
        )sql",
        // 2 → 3: model resolutions of disputed slots (append-only, SPEC §7), beside human decisions.
        R"sql(
        CREATE TABLE model_resolutions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            slot_key TEXT NOT NULL,
            annotation_digest TEXT NOT NULL,
            model TEXT NOT NULL,
            request_digest TEXT NOT NULL,     -- the model_calls record it came from
            resolution TEXT NOT NULL,         -- canonical JSON {"kind", "value"?, "guard"?, "order_sensitive", ...}
            recorded_at TEXT NOT NULL
        );
        CREATE INDEX model_resolutions_by_slot ON model_resolutions(slot_key, id);
        CREATE TRIGGER model_resolutions_no_update BEFORE UPDATE ON model_resolutions
            BEGIN SELECT RAISE(ABORT, 'model resolutions are append-only'); END;
        CREATE TRIGGER model_resolutions_no_delete BEFORE DELETE ON model_resolutions
            BEGIN SELECT RAISE(ABORT, 'model resolutions are append-only'); END;
        )sql",
        // 3 → 4: harness environment facts of each session (Session::environment), in record order.
        // Sessions stored before this step have none until their log is imported again.
        R"sql(
        CREATE TABLE environment_facts (
            session_key TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
            idx INTEGER NOT NULL,             -- position in Session::environment (record order)
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            qualifier TEXT NOT NULL,
            field TEXT NOT NULL,
            line INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            quote TEXT NOT NULL,
            quote_offset INTEGER NOT NULL,    -- -1 when the quote was rebuilt
            time TEXT NOT NULL,
            PRIMARY KEY (session_key, idx)
        );
        )sql",
        // 4 → 5: approvals of a project's packed block before injection (append-only; the newest row
        // of a project is its approval), the injection policy per project (append-only; the newest
        // applies), and the transcript files a hook imported, by size and mtime (to skip unchanged ones).
        R"sql(
        CREATE TABLE approvals (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project TEXT NOT NULL,            -- the working directory the sessions ran in, as logged
            reviewer TEXT NOT NULL,
            approved_at TEXT NOT NULL,
            block TEXT NOT NULL,              -- the packed block approved, exactly as injected
            block_digest TEXT NOT NULL,       -- SHA-256 (hex) of block
            budget INTEGER NOT NULL,
            tokenizer TEXT NOT NULL,          -- the counter's name (pack report)
            extractor TEXT NOT NULL,          -- extractor fingerprint: rule table, options, engine
            sessions TEXT NOT NULL,           -- canonical JSON [[key, content_digest], ...] sorted
            slot_keys TEXT NOT NULL,          -- canonical JSON: every slot key of the approved merge
            decisions TEXT NOT NULL           -- canonical JSON {"decisions":[ids],"model":[ids]} on those slots
        );
        CREATE INDEX approvals_by_project ON approvals(project, id);
        CREATE TRIGGER approvals_no_update BEFORE UPDATE ON approvals
            BEGIN SELECT RAISE(ABORT, 'approvals are append-only'); END;
        CREATE TRIGGER approvals_no_delete BEFORE DELETE ON approvals
            BEGIN SELECT RAISE(ABORT, 'approvals are append-only'); END;
        CREATE TABLE inject_policies (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project TEXT NOT NULL,
            policy TEXT NOT NULL,             -- none | reviewed | fresh
            set_by TEXT NOT NULL,
            set_at TEXT NOT NULL
        );
        CREATE TRIGGER inject_policies_no_update BEFORE UPDATE ON inject_policies
            BEGIN SELECT RAISE(ABORT, 'policies are append-only'); END;
        CREATE TABLE transcript_marks (
            file TEXT PRIMARY KEY,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL
        );
        CREATE INDEX sessions_by_cwd ON sessions(cwd);
        )sql",
        // 5 → 6: the digest of a stored session's messages (session_messages_digest), so a re-import
        // replaces it only when it extends those messages byte for byte. NULL for sessions stored
        // before: any different copy of them is stored beside them.
        R"sql(
        ALTER TABLE sessions ADD COLUMN messages_digest TEXT;
        )sql",
    };
    return steps;
}

}  // namespace

Status migrate_workspace(Db& db) {
    auto version = db.user_version();
    if (!version) return version.error();
    const auto latest = static_cast<int64_t>(migrations().size());
    if (*version > latest)
        return Error::version_too_new(
            "workspace schema version " + std::to_string(*version) + " is newer than this build supports (" +
                std::to_string(latest) + ")",
            Location{db.path()}, "open it with a newer BeliefMerge; it was not modified");
    for (int64_t v = *version; v < latest; ++v) {
        Transaction tx(db);
        if (!tx.begun().ok()) return tx.begun();
        // Another connection (a second studio job, a concurrent import) may have migrated while we
        // waited for the write lock: re-read under it and skip the steps already taken.
        auto now = db.user_version();
        if (!now) return now.error();
        if (*now > v) {
            v = *now - 1;
            continue;
        }
        if (auto st = db.exec(migrations()[static_cast<size_t>(v)]); !st) return st;
        if (auto st = db.exec("PRAGMA user_version = " + std::to_string(v + 1)); !st) return st;
        if (auto st = tx.commit(); !st) return st;
    }
    return {};
}

Result<std::unique_ptr<Db>> open_workspace_db(const std::string& path) {
    auto db = Db::open(path, kWorkspaceSchemaVersion);
    if (!db) return db.error();
    if (auto st = migrate_workspace(**db); !st) return st.error();
    return db;
}

}  // namespace bm
