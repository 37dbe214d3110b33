// FTS5 search index over a bundle store: sync from the directory, BM25 queries, excerpts.
#include "fold/search_index.h"

#include <sys/stat.h>

#include <cctype>
#include <cstdlib>
#include <map>

#include "fold/archive.h"

namespace bm {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS bundles(
  file TEXT PRIMARY KEY, size INTEGER NOT NULL, checkpoint_id TEXT NOT NULL, session_id TEXT NOT NULL,
  created_at INTEGER NOT NULL, first_seq INTEGER NOT NULL, last_seq INTEGER NOT NULL, mode TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS bundles_by_id ON bundles(checkpoint_id);
CREATE VIRTUAL TABLE IF NOT EXISTS docs USING fts5(
  body, checkpoint_id UNINDEXED, kind UNINDEXED, msg_index UNINDEXED, tokenize='unicode61');
)sql";

int64_t file_size(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? static_cast<int64_t>(st.st_size) : -1;
}

std::string lower_ascii(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Words of the query (phrases split too) used to place the excerpt.
std::vector<std::string> query_words(const std::string& q) {
    std::vector<std::string> words;
    std::string cur;
    for (char c : q) {
        if (std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80) || c == '_') {
            cur += c;
        } else if (!cur.empty()) {
            words.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty()) words.push_back(cur);
    return words;
}

std::string excerpt_of(const std::string& body, const std::string& query) {
    const std::string lower_body = lower_ascii(body);
    size_t at = std::string::npos;
    // Prefer the whole query as a phrase, then its first word found.
    const std::string whole = lower_ascii(query);
    at = lower_body.find(whole);
    if (at == std::string::npos)
        for (const auto& w : query_words(query))
            if ((at = lower_body.find(lower_ascii(w))) != std::string::npos) break;
    if (at == std::string::npos) at = 0;
    const size_t window = SearchIndex::kMaxExcerptBytes;
    size_t begin = at > window / 3 ? at - window / 3 : 0;
    while (begin > 0 && (static_cast<unsigned char>(body[begin]) & 0xC0) == 0x80) --begin;
    return utf8_prefix(std::string_view(body).substr(begin), window);
}

}  // namespace

std::string SearchIndex::fts_query(const std::string& query) {
    std::string out;
    auto add_phrase = [&](const std::string& p) {
        bool has_word = false;
        for (char c : p)
            if (std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80)) has_word = true;
        if (!has_word) return;
        std::string escaped;
        for (char c : p) {
            if (c == '"') escaped += '"';
            escaped += c;
        }
        if (!out.empty()) out += ' ';
        out += '"' + escaped + '"';
    };
    bool in_quote = false;
    std::string cur;
    for (char c : query) {
        if (c == '"') {
            if (in_quote) add_phrase(cur);
            else {
                std::string word;
                for (char w : cur + " ") {
                    if (std::isspace(static_cast<unsigned char>(w))) {
                        add_phrase(word);
                        word.clear();
                    } else {
                        word += w;
                    }
                }
            }
            cur.clear();
            in_quote = !in_quote;
        } else {
            cur += c;
        }
    }
    if (in_quote) add_phrase(cur);
    else {
        std::string word;
        for (char w : cur + " ") {
            if (std::isspace(static_cast<unsigned char>(w))) {
                add_phrase(word);
                word.clear();
            } else {
                word += w;
            }
        }
    }
    return out;
}

Result<std::unique_ptr<SearchIndex>> SearchIndex::open(BundleStore& store, SyncReport* report) {
    Status made = posix_file_env()->make_dirs(store.root());
    if (!made.ok()) return made.error();
    auto db = Db::open(store.root() + "/index.sqlite");
    if (!db.ok()) return db.error();
    Status st = (*db)->exec(kSchema);
    if (!st.ok()) return st.error();
    std::unique_ptr<SearchIndex> index(new SearchIndex(store, std::move(db).value()));
    auto synced = index->sync();
    if (!synced.ok()) return synced.error();
    if (report) *report = *synced;
    return index;
}

Status SearchIndex::add(const CheckpointBundle& b, const std::string& file, int64_t size) {
    auto ins = m_db->prepare(
        "INSERT OR REPLACE INTO bundles(file,size,checkpoint_id,session_id,created_at,first_seq,last_seq,mode) "
        "VALUES(?,?,?,?,?,?,?,?)");
    if (!ins.ok()) return ins.error();
    const int64_t first = b.ordered_surface_seqs.empty() ? 0 : b.ordered_surface_seqs.front();
    const int64_t last = b.ordered_surface_seqs.empty() ? 0 : b.ordered_surface_seqs.back();
    ins->bind(1, file).bind(2, size).bind(3, b.checkpoint_id).bind(4, b.session_id).bind(5, b.created_at);
    ins->bind(6, first).bind(7, last).bind(8, std::string_view(fold_mode_name(b.mode)));
    Status st = ins->run();
    if (!st.ok()) return st;
    auto doc = m_db->prepare("INSERT INTO docs(body,checkpoint_id,kind,msg_index) VALUES(?,?,?,?)");
    if (!doc.ok()) return doc.error();
    auto put = [&](const std::string& body, const char* kind, std::optional<int64_t> index) {
        if (body.empty()) return Status();
        doc->bind(1, body).bind(2, b.checkpoint_id).bind(3, std::string_view(kind)).bind(4, index);
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

Result<SyncReport> SearchIndex::sync() {
    SyncReport report;
    auto entries = m_store.list_all();
    if (!entries.ok()) return entries.error();
    std::map<std::string, int64_t> indexed;
    {
        auto q = m_db->prepare("SELECT file, size FROM bundles");
        if (!q.ok()) return q.error();
        for (;;) {
            auto row = q->step();
            if (!row.ok()) return row.error();
            if (!*row) break;
            indexed[q->text(0)] = q->integer(1);
        }
    }
    Transaction tx(*m_db);
    if (!tx.begun().ok()) return tx.begun().error();
    auto drop = [&](const std::string& file) -> Status {
        auto q = m_db->prepare(
            "DELETE FROM docs WHERE checkpoint_id IN (SELECT checkpoint_id FROM bundles WHERE file = ?)");
        if (!q.ok()) return q.error();
        q->bind(1, file);
        Status st = q->run();
        if (!st.ok()) return st;
        auto d = m_db->prepare("DELETE FROM bundles WHERE file = ?");
        if (!d.ok()) return d.error();
        d->bind(1, file);
        return d->run();
    };
    std::map<std::string, bool> present;
    for (const auto& e : *entries) {
        present[e.path] = true;
        const int64_t size = file_size(e.path);
        auto it = indexed.find(e.path);
        if (it != indexed.end() && it->second == size) continue;
        if (it != indexed.end()) {
            Status st = drop(e.path);
            if (!st.ok()) return st.error();
        }
        auto b = m_store.read(e.session_id, e.checkpoint_id);
        if (!b.ok()) {
            ++report.corrupt;
            report.corrupt_files.push_back(e.path);
            continue;
        }
        Status st = add(*b, e.path, size);
        if (!st.ok()) return st.error();
        ++report.added;
    }
    for (const auto& [file, size] : indexed)
        if (!present.count(file)) {
            Status st = drop(file);
            if (!st.ok()) return st.error();
            ++report.removed;
        }
    Status st = tx.commit();
    if (!st.ok()) return st.error();
    return report;
}

Result<std::vector<SearchHit>> SearchIndex::search(const std::string& query, size_t limit) {
    const std::string match = fts_query(query);
    if (match.empty())
        return Error::invalid_input("the search query has no words", Location("", 0, -1, "query"),
                                    "pass a word, a tool name or a \"quoted phrase\"");
    auto q = m_db->prepare(
        "SELECT docs.checkpoint_id, docs.kind, docs.msg_index, docs.body, bm25(docs), b.session_id, b.created_at, "
        "b.first_seq, b.last_seq FROM docs JOIN bundles b ON b.checkpoint_id = docs.checkpoint_id "
        "WHERE docs MATCH ? ORDER BY b.created_at DESC, b.last_seq DESC, bm25(docs) LIMIT ?");
    if (!q.ok()) return q.error();
    q->bind(1, match).bind(2, static_cast<int64_t>(limit));
    std::vector<SearchHit> hits;
    for (;;) {
        auto row = q->step();
        if (!row.ok()) return row.error();
        if (!*row) break;
        SearchHit h;
        h.checkpoint_id = q->text(0);
        h.match_kind = q->text(1);
        if (!q->is_null(2)) h.message_index = q->integer(2);
        h.excerpt = excerpt_of(q->text(3), query);
        h.score = std::strtod(q->text(4).c_str(), nullptr);
        h.session_id = q->text(5);
        h.created_at = q->integer(6);
        h.first_seq = q->integer(7);
        h.last_seq = q->integer(8);
        hits.push_back(std::move(h));
    }
    return hits;
}

}  // namespace bm
