// SearchIndex: SQLite FTS5 (BM25) over checkpoint ids, rendered text, archived message text and
// tool names of every verified bundle in a store (SPEC §12 context_search).
//
// The index lives at <store>/index.sqlite and is only a cache: sync() adds bundles that verify,
// drops vanished ones, and never indexes a corrupt bundle; deleting the file rebuilds it from the
// directory. Documents are stored in age order (FTS5 rowid order == bundle age order), so a query
// walks matches newest first and stops after `limit` hits: cost grows with the limit, not with how
// many checkpoints match. Thread-safety: one SearchIndex per thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fold/bundle_store.h"
#include "store/sqlite_db.h"

namespace bm {

struct SearchHit {
    std::string checkpoint_id;
    std::string session_id;
    std::string match_kind;  // checkpoint_id | rendered | message | tool_name
    std::string excerpt;     // at most 400 bytes around the match
    std::optional<int64_t> message_index;  // offset for exact recall
    int64_t first_seq = 0, last_seq = 0;   // source range of the checkpoint
    int64_t created_at = 0;
    double score = 0;                      // BM25 (lower is better, SQLite's sign)
};

struct SyncReport {
    int64_t added = 0, removed = 0, corrupt = 0;
    std::vector<std::string> corrupt_files;
};

class SearchIndex {
public:
    static constexpr size_t kMaxExcerptBytes = 400;

    // Opens (creating) the index of `store` and syncs it with the directory.
    static Result<std::unique_ptr<SearchIndex>> open(BundleStore& store, SyncReport* report = nullptr);

    Result<SyncReport> sync();
    // At most `limit` hits in two tiers: documents holding the words in the query's order (one
    // phrase) first, then documents holding every word. Inside a tier, checkpoints newest first
    // (createdAt, then last source seq, descending; ties by session id then checkpoint id), hits
    // inside one checkpoint by BM25, then document order. kInvalidInput for a query without words.
    Result<std::vector<SearchHit>> search(const std::string& query, size_t limit);

    // The FTS5 MATCH expression for a user query: quoted phrases stay phrases, other words
    // become quoted terms (ANDed); exposed for tests.
    static std::string fts_query(const std::string& query);

private:
    SearchIndex(BundleStore& store, std::unique_ptr<Db> db) : m_store(store), m_db(std::move(db)) {}
    Status stage(const CheckpointBundle& bundle, const std::string& file, int64_t size);
    Status drop(int64_t bundle_id);
    Status place_staged();

    BundleStore& m_store;
    std::unique_ptr<Db> m_db;
};

}  // namespace bm
