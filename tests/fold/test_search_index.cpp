// context_search ordering: the newest-first top-k walk returns exactly what a full sort of every
// match returns, after an initial build, an out-of-order older bundle, a newer one and a removal.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <tuple>

#include "fold/bundle.h"
#include "fold/search_index.h"
#include "fold_test_support.h"
#include "store/sqlite_db.h"

namespace bm {
namespace {

using testing::TempDir;

const char* kWords[] = {"parser", "timeout", "server", "cache",
                        "deploy", "retry",   "socket", "config"};

CheckpointBundle word_bundle(std::mt19937_64& rng, int64_t n, int64_t created_at,
                             const std::string& session) {
    CheckpointBundle d;
    d.session_id = session;
    d.created_at = created_at;
    std::uniform_int_distribution<size_t> word(0, std::size(kWords) - 1);
    for (int i = 0; i < 3; ++i) {
        std::string text;
        for (int w = 0; w < 6; ++w) text += std::string(kWords[word(rng)]) + " ";
        text += "marker" + std::to_string(n);
        const int64_t seq = n * 10 + i;
        nlohmann::json blocks = nlohmann::json::array({{{"kind", "text"}, {"text", text}}});
        if (i == 1)
            blocks.push_back(
                {{"kind", "tool_call"}, {"id", "c" + std::to_string(seq)}, {"name", "run_tool"}});
        d.shadowed_messages.push_back({{"seq", seq},
                                       {"id", "m" + std::to_string(seq)},
                                       {"role", "user"},
                                       {"blocks", blocks}});
        d.ordered_surface_seqs.push_back(
            n % 4);  // equal source ranges, so ties reach the session/id tie-break
    }
    return *seal_bundle(std::move(d));
}

using HitKey = std::tuple<std::string, std::string, int64_t>;

std::vector<HitKey> keys(const std::vector<SearchHit>& hits) {
    std::vector<HitKey> out;
    for (const auto& h : hits)
        out.emplace_back(h.checkpoint_id, h.match_kind, h.message_index.value_or(-1));
    return out;
}

// Every match sorted by the contract (no early stop), straight from the index tables.
std::vector<HitKey> full_sort(const std::string& store_root, const std::string& query,
                              size_t limit) {
    auto db = Db::open(store_root + "/index.sqlite", std::numeric_limits<int64_t>::max());
    EXPECT_TRUE(db.ok());
    auto q = (*db)->prepare(
        "SELECT b.checkpoint_id, d.kind, d.msg_index FROM docs d JOIN bundles b ON b.id = d.bundle "
        "WHERE docs MATCH ? "
        "ORDER BY b.created_at DESC, b.last_seq DESC, b.session_id DESC, b.checkpoint_id DESC, "
        "bm25(docs), d.rowid "
        "LIMIT ?");
    EXPECT_TRUE(q.ok());
    q->bind(1, SearchIndex::fts_query(query)).bind(2, static_cast<int64_t>(limit));
    std::vector<HitKey> out;
    while (*q->step()) out.emplace_back(q->text(0), q->text(1), q->is_null(2) ? -1 : q->integer(2));
    return out;
}

void expect_same_as_full_sort(BundleStore& store, const std::string& label) {
    auto index = SearchIndex::open(store);
    ASSERT_TRUE(index.ok()) << index.error().to_string();
    for (const std::string q :
         {"parser", "timeout server", "\"cache deploy\"", "run_tool", "marker7", "marker39"})
        for (size_t limit : {1, 3, 10, 1000}) {
            auto hits = (*index)->search(q, limit);
            ASSERT_TRUE(hits.ok());
            EXPECT_EQ(keys(*hits), full_sort(store.root(), q, limit))
                << label << ": '" << q << "' limit " << limit;
        }
}

TEST(SearchIndex, TopKWalkEqualsFullSortOfEveryMatch) {
    TempDir dir;
    BundleStore store(dir.path());
    std::mt19937_64 rng(7);
    std::vector<CheckpointBundle> bundles;
    // Shuffled creation times with ties (n / 3), several sessions: directory order is not age
    // order.
    for (int64_t n = 0; n < 40; ++n)
        bundles.push_back(
            word_bundle(rng, n, 1000 + (n * 7919 % 40) / 3, "s" + std::to_string(n % 3)));
    for (const auto& b : bundles) ASSERT_TRUE(store.publish(b).ok());
    expect_same_as_full_sort(store, "initial build");

    // An older bundle after the index exists forces the documents back into age order.
    ASSERT_TRUE(store.publish(word_bundle(rng, 40, 10, "s9")).ok());
    expect_same_as_full_sort(store, "older bundle added");
    // A newer one appends; a removed one disappears from the answers.
    ASSERT_TRUE(store.publish(word_bundle(rng, 41, 5000, "s9")).ok());
    ASSERT_TRUE(store.remove(bundles[5].session_id, bundles[5].checkpoint_id).ok());
    expect_same_as_full_sort(store, "newer bundle added, one removed");

    auto index = SearchIndex::open(store);
    ASSERT_TRUE(index.ok());
    auto newest = (*index)->search("parser", 1);
    ASSERT_TRUE(newest.ok());
    ASSERT_EQ(newest->size(), 1u);
    EXPECT_EQ((*newest)[0].created_at, 5000);
    auto gone = (*index)->search("marker5", 10);
    ASSERT_TRUE(gone.ok());
    EXPECT_TRUE(gone->empty());
    auto oldest = (*index)->search("marker40", 10);
    ASSERT_TRUE(oldest.ok());
    ASSERT_FALSE(oldest->empty());
    EXPECT_EQ((*oldest)[0].created_at, 10);
    EXPECT_TRUE((*index)->search("parser", 0)->empty());
}

TEST(SearchIndex, FtsQueryKeepsPhrasesAndQuotesTerms) {
    EXPECT_EQ(SearchIndex::fts_query("run_code  \"flaky parser\" x\"y"),
              "\"run_code\" \"flaky parser\" \"x\" \"y\"");
    EXPECT_EQ(SearchIndex::fts_query("\"unterminated phrase"), "\"unterminated phrase\"");
    EXPECT_EQ(SearchIndex::fts_query(" -- ** "), "");
}

}  // namespace
}  // namespace bm
