// context_search ordering: the newest-first top-k walk returns exactly what a full sort of every
// match returns, after an initial build, an out-of-order older bundle, a newer one and a removal.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <set>
#include <tuple>

#include "fold/bundle.h"
#include "fold/search_index.h"
#include "fold/search_query.h"
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

// Every match sorted by the contract (no early stop), straight from the index tables: the
// documents holding the query as one phrase first, then the rest of those holding every word.
std::vector<HitKey> full_sort(const std::string& store_root, const std::string& query,
                              size_t limit) {
    auto db = Db::open(store_root + "/index.sqlite", std::numeric_limits<int64_t>::max());
    EXPECT_TRUE(db.ok());
    std::vector<HitKey> out;
    std::set<HitKey> seen;
    for (const std::string& match : {fts_phrase_expression(query), SearchIndex::fts_query(query)}) {
        if (match.empty()) continue;
        auto q = (*db)->prepare(
            "SELECT b.checkpoint_id, d.kind, d.msg_index FROM docs d JOIN bundles b ON b.id = d.bundle "
            "WHERE docs MATCH ? "
            "ORDER BY b.created_at DESC, b.last_seq DESC, b.session_id DESC, b.checkpoint_id DESC, "
            "bm25(docs), d.rowid");
        EXPECT_TRUE(q.ok());
        q->bind(1, match);
        while (*q->step()) {
            HitKey k(q->text(0), q->text(1), q->is_null(2) ? -1 : q->integer(2));
            if (seen.insert(k).second) out.push_back(k);
        }
    }
    if (out.size() > limit) out.resize(limit);
    return out;
}

void expect_same_as_full_sort(BundleStore& store, const std::string& label) {
    auto index = SearchIndex::open(store);
    ASSERT_TRUE(index.ok()) << index.error().to_string();
    for (const std::string q :
         {"parser", "timeout server", "retry socket config", "\"cache deploy\"", "run_tool", "marker7", "marker39"})
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

CheckpointBundle text_bundle(int64_t n, int64_t created_at, const std::string& text) {
    CheckpointBundle d;
    d.session_id = "s";
    d.created_at = created_at;
    d.shadowed_messages.push_back({{"seq", n},
                                   {"id", "m" + std::to_string(n)},
                                   {"role", "tool"},
                                   {"blocks", nlohmann::json::array({{{"kind", "text"}, {"text", text}}})}});
    d.ordered_surface_seqs.push_back(n);
    return *seal_bundle(std::move(d));
}

// A pasted line is found where it was said, although newer checkpoints hold all of its words
// (other line numbers, another order): the phrase tier comes before the newest-first walk.
TEST(SearchIndex, AnOlderDocumentHoldingTheWordsInOrderRanksFirst) {
    TempDir dir;
    BundleStore store(dir.path());
    ASSERT_TRUE(store.publish(text_bundle(1, 100, "8\tthrow parse_error(\"unexpected parent\")")).ok());
    for (int64_t n = 2; n < 8; ++n)
        ASSERT_TRUE(store.publish(text_bundle(n, 100 + n, std::to_string(n + 10) +
                                                              "\tthrow parse_error(\"unexpected parent\") // was line 8"))
                        .ok());
    auto index = SearchIndex::open(store);
    ASSERT_TRUE(index.ok());
    auto hits = (*index)->search("8\tthrow parse_error( unexpected parent )", 3);
    ASSERT_TRUE(hits.ok());
    ASSERT_EQ(hits->size(), 3u);
    EXPECT_EQ((*hits)[0].created_at, 100);  // the phrase, though oldest
    EXPECT_EQ((*hits)[1].created_at, 107);  // then every word, newest first
    EXPECT_EQ((*hits)[2].created_at, 106);
    // One word, or a query that quotes its own phrase, has a single tier: newest first.
    auto single = (*index)->search("parent", 1);
    ASSERT_TRUE(single.ok());
    EXPECT_EQ((*single)[0].created_at, 107);
    EXPECT_EQ(fts_phrase_expression("parent"), "");
    EXPECT_EQ(fts_phrase_expression("\"unexpected parent\" 8"), "");
    EXPECT_EQ(fts_phrase_expression("unexpected parent"), "\"unexpected parent\"");
}

}  // namespace
}  // namespace bm
