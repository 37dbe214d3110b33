// FTS5 search index over a bundle store: sync from the directory (documents kept in age order),
// newest-first top-k queries with BM25 inside a checkpoint, excerpts.
#include "fold/search_index.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>

#include "fold/archive.h"
#include "fold/search_query.h"

namespace bm {

namespace {

// Version 2: integer bundle ids, document rowid ranges per bundle, rowid order == age order.
constexpr int64_t kSchemaVersion = 2;

constexpr const char* kDropOld = R"sql(
DROP TABLE IF EXISTS docs; DROP TABLE IF EXISTS bundles;
)sql";

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS bundles(
  id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, checkpoint_id TEXT NOT NULL,
  session_id TEXT NOT NULL, created_at INTEGER NOT NULL, first_seq INTEGER NOT NULL, last_seq INTEGER NOT NULL,
  mode TEXT NOT NULL, first_doc INTEGER, last_doc INTEGER);
CREATE INDEX IF NOT EXISTS bundles_by_age ON bundles(created_at, last_seq, session_id, checkpoint_id);
CREATE VIRTUAL TABLE IF NOT EXISTS docs USING fts5(
  body, kind UNINDEXED, msg_index UNINDEXED, bundle UNINDEXED, tokenize='unicode61');
)sql";

constexpr const char* kRecreateDocs = R"sql(
DROP TABLE docs;
CREATE VIRTUAL TABLE docs USING fts5(
  body, kind UNINDEXED, msg_index UNINDEXED, bundle UNINDEXED, tokenize='unicode61');
UPDATE bundles SET first_doc = NULL, last_doc = NULL;
)sql";

// Documents of bundles read this sync, waiting to be placed in age order.
constexpr const char* kStaging = R"sql(
CREATE TEMP TABLE IF NOT EXISTS staged(bundle INTEGER NOT NULL, ord INTEGER NOT NULL, body TEXT NOT NULL,
  kind TEXT NOT NULL, msg_index INTEGER);
DELETE FROM staged;
)sql";

// The age order of checkpoints (oldest first); search walks it backwards.
using AgeKey = std::tuple<int64_t, int64_t, std::string, std::string>;
constexpr const char* kAgeColumns = "created_at, last_seq, session_id, checkpoint_id";

int64_t file_size(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? static_cast<int64_t>(st.st_size) : -1;
}

Result<std::optional<AgeKey>> age_key(Db& db, const std::string& where, bool newest) {
    auto q = db.prepare(
        std::string("SELECT ") + kAgeColumns + " FROM bundles WHERE " + where + " ORDER BY " +
        (newest ? "created_at DESC, last_seq DESC, session_id DESC, checkpoint_id DESC"
                : "created_at, last_seq, session_id, checkpoint_id") +
        " LIMIT 1");
    if (!q.ok()) return q.error();
    auto row = q->step();
    if (!row.ok()) return row.error();
    if (!*row) return std::optional<AgeKey>();
    return std::optional<AgeKey>(AgeKey{q->integer(0), q->integer(1), q->text(2), q->text(3)});
}

}  // namespace

std::string SearchIndex::fts_query(const std::string& query) {
    return fts_match_expression(query);
}

Result<std::unique_ptr<SearchIndex>> SearchIndex::open(BundleStore& store, SyncReport* report) {
    Status made = posix_file_env()->make_dirs(store.root());
    if (!made.ok()) return made.error();
    // A cache: a file of any version is rebuilt below, so it always gets the WAL settings.
    auto db = Db::open(store.root() + "/index.sqlite", std::numeric_limits<int64_t>::max());
    if (!db.ok()) return db.error();
    auto version = (*db)->user_version();
    if (!version.ok()) return version.error();
    if (*version != kSchemaVersion) {  // a cache: an older layout is rebuilt from the files
        Status st = (*db)->exec(kDropOld);
        if (!st.ok()) return st.error();
    }
    Status st = (*db)->exec(kSchema);
    if (st.ok()) st = (*db)->exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    if (!st.ok()) return st.error();
    std::unique_ptr<SearchIndex> index(new SearchIndex(store, std::move(db).value()));
    auto synced = index->sync();
    if (!synced.ok()) return synced.error();
    if (report) *report = *synced;
    return index;
}

Status SearchIndex::stage(const CheckpointBundle& b, const std::string& file, int64_t size) {
    auto ins = m_db->prepare(
        "INSERT INTO "
        "bundles(file,size,checkpoint_id,session_id,created_at,first_seq,last_seq,mode) "
        "VALUES(?,?,?,?,?,?,?,?)");
    if (!ins.ok()) return ins.error();
    const int64_t first = b.ordered_surface_seqs.empty() ? 0 : b.ordered_surface_seqs.front();
    const int64_t last = b.ordered_surface_seqs.empty() ? 0 : b.ordered_surface_seqs.back();
    ins->bind(1, file)
        .bind(2, size)
        .bind(3, b.checkpoint_id)
        .bind(4, b.session_id)
        .bind(5, b.created_at);
    ins->bind(6, first).bind(7, last).bind(8, std::string_view(fold_mode_name(b.mode)));
    Status st = ins->run();
    if (!st.ok()) return st;
    const int64_t id = sqlite3_last_insert_rowid(m_db->handle());
    auto doc =
        m_db->prepare("INSERT INTO staged(bundle,ord,body,kind,msg_index) VALUES(?,?,?,?,?)");
    if (!doc.ok()) return doc.error();
    int64_t ord = 0;
    auto put = [&](const std::string& body, const char* kind, std::optional<int64_t> index) {
        if (body.empty()) return Status();
        doc->bind(1, id)
            .bind(2, ord++)
            .bind(3, body)
            .bind(4, std::string_view(kind))
            .bind(5, index);
        return doc->run();
    };
    st = put(b.checkpoint_id, "checkpoint_id", std::nullopt);
    if (st.ok()) st = put(b.rendered_text, "rendered", std::nullopt);
    for (size_t i = 0; st.ok() && i < b.shadowed_messages.size(); ++i) {
        const auto& m = b.shadowed_messages[i];
        st = put(archived_message_text(m), "message", static_cast<int64_t>(i));
        std::string tools;
        for (const auto& t : archived_tool_names(m)) tools += (tools.empty() ? "" : " ") + t;
        if (st.ok()) st = put(tools, "tool_name", static_cast<int64_t>(i));
    }
    return st;
}

Status SearchIndex::drop(int64_t bundle_id) {
    auto range = m_db->prepare(
        "SELECT first_doc, last_doc FROM bundles WHERE id = ? AND first_doc IS NOT NULL");
    if (!range.ok()) return range.error();
    range->bind(1, bundle_id);
    auto row = range->step();
    if (!row.ok()) return row.error();
    if (*row) {
        auto d = m_db->prepare("DELETE FROM docs WHERE rowid BETWEEN ? AND ?");
        if (!d.ok()) return d.error();
        d->bind(1, range->integer(0)).bind(2, range->integer(1));
        Status st = d->run();
        if (!st.ok()) return st;
    }
    auto d = m_db->prepare("DELETE FROM bundles WHERE id = ?");
    if (!d.ok()) return d.error();
    d->bind(1, bundle_id);
    return d->run();
}

// Appends the staged documents in age order. When a staged bundle is older than a placed one,
// appending would break rowid order == age order, so every document is re-placed (rare: it takes
// an older bundle arriving after a newer one was indexed).
Status SearchIndex::place_staged() {
    auto newest_placed = age_key(*m_db, "first_doc IS NOT NULL", true);
    if (!newest_placed.ok()) return newest_placed.error();
    auto oldest_staged = age_key(*m_db, "first_doc IS NULL", false);
    if (!oldest_staged.ok()) return oldest_staged.error();
    if (!*oldest_staged) return {};
    if (*newest_placed && **newest_placed > **oldest_staged) {
        Status st = m_db->exec(
            "INSERT INTO staged(bundle,ord,body,kind,msg_index) "
            "SELECT bundle, rowid, body, kind, msg_index FROM docs");
        if (st.ok()) st = m_db->exec(kRecreateDocs);
        if (!st.ok()) return st;
    }
    auto q = m_db->prepare(
        std::string("SELECT s.bundle, s.body, s.kind, s.msg_index FROM staged s JOIN bundles b "
                    "ON b.id = s.bundle ORDER BY ") +
        "b.created_at, b.last_seq, b.session_id, b.checkpoint_id, s.bundle, s.ord");
    auto ins = m_db->prepare("INSERT INTO docs(body,kind,msg_index,bundle) VALUES(?,?,?,?)");
    auto range = m_db->prepare("UPDATE bundles SET first_doc = ?, last_doc = ? WHERE id = ?");
    if (!q.ok()) return q.error();
    if (!ins.ok()) return ins.error();
    if (!range.ok()) return range.error();
    int64_t bundle = -1, first = 0, last = 0;
    auto close_range = [&]() -> Status {
        if (bundle < 0) return {};
        range->bind(1, first).bind(2, last).bind(3, bundle);
        return range->run();
    };
    for (;;) {
        auto row = q->step();
        if (!row.ok()) return row.error();
        if (!*row) break;
        const int64_t b = q->integer(0);
        ins->bind(1, q->text(1)).bind(2, q->text(2)).bind(4, b);
        if (q->is_null(3))
            ins->bind_null(3);
        else
            ins->bind(3, q->integer(3));
        Status st = ins->run();
        if (!st.ok()) return st;
        const int64_t rowid = sqlite3_last_insert_rowid(m_db->handle());
        if (b != bundle) {
            st = close_range();
            if (!st.ok()) return st;
            bundle = b;
            first = rowid;
        }
        last = rowid;
    }
    Status st = close_range();
    if (!st.ok()) return st;
    return m_db->exec("DELETE FROM staged");
}

Result<SyncReport> SearchIndex::sync() {
    SyncReport report;
    auto entries = m_store.list_all();
    if (!entries.ok()) return entries.error();
    struct Indexed {
        int64_t id, size;
    };
    std::map<std::string, Indexed> indexed;
    {
        auto q = m_db->prepare("SELECT file, id, size FROM bundles");
        if (!q.ok()) return q.error();
        for (;;) {
            auto row = q->step();
            if (!row.ok()) return row.error();
            if (!*row) break;
            indexed[q->text(0)] = {q->integer(1), q->integer(2)};
        }
    }
    Transaction tx(*m_db);
    if (!tx.begun().ok()) return tx.begun().error();
    Status st = m_db->exec(kStaging);
    if (!st.ok()) return st.error();
    std::set<std::string> present;
    for (const auto& e : *entries) {
        present.insert(e.path);
        const int64_t size = file_size(e.path);
        auto it = indexed.find(e.path);
        if (it != indexed.end() && it->second.size == size) continue;
        if (it != indexed.end() && !(st = drop(it->second.id)).ok()) return st.error();
        auto b = m_store.read(e.session_id, e.checkpoint_id);
        if (!b.ok()) {
            ++report.corrupt;
            report.corrupt_files.push_back(e.path);
            continue;
        }
        if (!(st = stage(*b, e.path, size)).ok()) return st.error();
        ++report.added;
    }
    for (const auto& [file, row] : indexed)
        if (!present.count(file)) {
            if (!(st = drop(row.id)).ok()) return st.error();
            ++report.removed;
        }
    if (report.added > 0 && !(st = place_staged()).ok()) return st.error();
    if (!(st = tx.commit()).ok()) return st.error();
    return report;
}

Result<std::vector<SearchHit>> SearchIndex::search(const std::string& query, size_t limit) {
    const std::string match = fts_query(query);
    if (match.empty())
        return Error::invalid_input("the search query has no words", Location("", 0, -1, "query"),
                                    "pass a word, a tool name or a \"quoted phrase\"");
    if (limit == 0) return std::vector<SearchHit>();
    struct Row {
        size_t tier, group;
        double score;
        int64_t rowid, bundle;
        SearchHit hit;
    };
    std::vector<Row> rows;
    std::unordered_set<int64_t> taken;
    // One tier of hits: newest documents first; stop once `limit` hits are in hand and the
    // checkpoint changes, so every hit of the last checkpoint taken competes on BM25.
    auto collect = [&](const std::string& expression, size_t tier) -> Status {
        auto q = m_db->prepare(
            "SELECT rowid, bundle, kind, msg_index, bm25(docs), body FROM docs WHERE docs MATCH ? "
            "ORDER BY rowid DESC");
        if (!q.ok()) return q.error();
        q->bind(1, expression);
        int64_t last_bundle = -1;
        size_t group = 0;
        for (;;) {
            auto row = q->step();
            if (!row.ok()) return row.error();
            if (!*row) break;
            const int64_t rowid = q->integer(0);
            if (taken.count(rowid)) continue;
            const int64_t bundle = q->integer(1);
            if (rows.size() >= limit && bundle != last_bundle) break;
            if (last_bundle != -1 && bundle != last_bundle) ++group;
            last_bundle = bundle;
            SearchHit h;
            h.match_kind = q->text(2);
            if (!q->is_null(3)) h.message_index = q->integer(3);
            const std::string score = q->text(4);  // SQLite prints reals with '.', whatever the C locale says
            h.score = 0;
            std::from_chars(score.data(), score.data() + score.size(), h.score);
            h.excerpt = search_excerpt(q->text(5), query, kMaxExcerptBytes);
            taken.insert(rowid);
            rows.push_back({tier, group, h.score, rowid, bundle, std::move(h)});
        }
        return Status();
    };
    // Documents holding the query's words in order, as written, come before those that only hold
    // every word somewhere: a pasted line or error text is found where it was said, not where its
    // words recur.
    const std::string phrase = fts_phrase_expression(query);
    if (!phrase.empty())
        if (Status st = collect(phrase, 0); !st.ok()) return st.error();
    if (rows.size() < limit)
        if (Status st = collect(match, 1); !st.ok()) return st.error();
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return std::tie(a.tier, a.group, a.score, a.rowid) < std::tie(b.tier, b.group, b.score, b.rowid);
    });
    if (rows.size() > limit) rows.resize(limit);
    auto meta = m_db->prepare(
        "SELECT checkpoint_id, session_id, created_at, first_seq, last_seq FROM bundles WHERE id = "
        "?");
    if (!meta.ok()) return meta.error();
    std::vector<SearchHit> hits;
    for (auto& r : rows) {
        meta->bind(1, r.bundle);
        auto found = meta->step();
        if (!found.ok()) return found.error();
        if (*found) {
            r.hit.checkpoint_id = meta->text(0);
            r.hit.session_id = meta->text(1);
            r.hit.created_at = meta->integer(2);
            r.hit.first_seq = meta->integer(3);
            r.hit.last_seq = meta->integer(4);
            hits.push_back(std::move(r.hit));
        }
        meta->reset();
    }
    return hits;
}

}  // namespace bm
