// Every shared DSH session: fold, then exact recall of every checkpoint equals the archived originals
// (C0.3, 100%), verify reports all verified, a flipped byte is reported corrupt and never served,
// and search finds tool names and phrases whose offset leads recall to the message.
#include <filesystem>
#include <random>

#include "fold/recall.h"
#include "fold/search_index.h"
#include "fold_test_support.h"
#include "ingest/ingest.h"
#include "util/canonical_json.h"

namespace bm {
namespace {

std::vector<std::string> dsh_files() {
    const std::string dir = std::string(SHARED_DATA_DIR) + "/sessions/dsh";
    if (!std::filesystem::exists(dir)) return {};
    return expand_inputs({dir}).files;
}

// Folds `s` into `store`: leaf folds, then an emergency fold of the tail, so every message is archived.
std::vector<CheckpointBundle> fold_all(BundleStore& store, const Session& s) {
    FoldOptions o = testing::small_fold_options(200, 400);
    auto run = fold_until(store, surface_from_session(s), FoldMode::kLeaf, 0, o);
    EXPECT_TRUE(run.ok()) << s.file << ": " << (run.ok() ? "" : run.error().to_string());
    if (!run.ok()) return {};
    std::vector<CheckpointBundle> out = run->published;
    auto tail = fold_once(store, run->surface, FoldMode::kEmergency, o);
    EXPECT_TRUE(tail.ok()) << s.file;
    if (tail.ok() && tail->bundle) out.push_back(*tail->bundle);
    return out;
}

// Pages through one checkpoint with exact recall; returns the messages in order.
std::vector<nlohmann::json> recall_all(BundleStore& store, const std::string& id, int64_t limit, size_t max_tokens) {
    std::vector<nlohmann::json> out;
    int64_t offset = 0;
    for (int guard = 0; guard < 100000; ++guard) {
        RecallRequest req{id, RecallDepth::kExact, offset, limit, max_tokens};
        auto page = context_recall(store, req);
        EXPECT_TRUE(page.ok()) << (page.ok() ? "" : page.error().to_string());
        if (!page.ok()) break;
        EXPECT_EQ((*page)["status"], "ok");
        EXPECT_LE((*page)["messages"].size(), static_cast<size_t>(std::min<int64_t>(limit, kMaxRecallLimit)));
        EXPECT_LE((*page)["tokens"].get<size_t>(), max_tokens);
        for (const auto& m : (*page)["messages"]) out.push_back(m);
        if (!page->contains("nextOffset")) break;
        EXPECT_GT((*page)["nextOffset"].get<int64_t>(), offset);
        offset = (*page)["nextOffset"].get<int64_t>();
    }
    return out;
}

TEST(FoldGates, C0_3_ExactRecallEqualsArchivedMessagesOnEveryDshSession) {
    const auto files = dsh_files();
    if (files.empty()) GTEST_SKIP() << "no shared DSH sessions at " << SHARED_DATA_DIR;
    testing::TempDir dir;
    BundleStore store(dir.path());
    size_t sessions = 0, messages = 0, identical = 0, raw_identical = 0, checkpoints = 0;
    for (const auto& file : files) {
        ReadResult r = read_file(file);
        ASSERT_TRUE(r.ok()) << file;
        for (const auto& s : r.sessions) {
            ++sessions;
            auto bundles = fold_all(store, s);
            checkpoints += bundles.size();
            std::vector<nlohmann::json> recalled;
            for (const auto& b : bundles) {
                // Small pages and a tight token cap exercise paging; the cap never truncates.
                for (const auto& m : recall_all(store, b.checkpoint_id, 3, kMaxPageTokens)) recalled.push_back(m);
            }
            ASSERT_EQ(recalled.size(), s.messages.size()) << file;
            for (size_t i = 0; i < s.messages.size(); ++i) {
                ++messages;
                const Message& m = s.messages[i];
                if (*canonical_json(recalled[i]) == *canonical_json(archived_message(m))) {
                    ++identical;
                } else {
                    ADD_FAILURE() << file << " message " << i << " differs";
                }
                // The original record, byte-exact in canonical form.
                auto original = canonicalize_json_text(m.raw.str());
                if (m.raw.empty() ? recalled[i]["record"].is_null()
                                  : (original.ok() && *canonical_json(recalled[i]["record"]) == *original)) {
                    ++raw_identical;
                } else {
                    ADD_FAILURE() << file << " message " << i << ": original record differs";
                }
            }
        }
    }
    EXPECT_GT(sessions, 50u);
    EXPECT_GT(checkpoints, sessions);
    EXPECT_EQ(identical, messages);
    EXPECT_EQ(raw_identical, messages);
    RecordProperty("sessions", static_cast<int>(sessions));
    RecordProperty("messages", static_cast<int>(messages));
    RecordProperty("checkpoints", static_cast<int>(checkpoints));
    // verify: all verified.
    auto all = store.list_all();
    ASSERT_TRUE(all.ok());
    for (const auto& e : *all) { EXPECT_EQ(store.verify(e).state, VerifyState::kVerified) << e.path; }
}

TEST(FoldGates, FlippedByteInAnyDshBundleIsReportedCorruptNeverServed) {
    const auto files = dsh_files();
    if (files.empty()) GTEST_SKIP();
    testing::TempDir dir;
    BundleStore store(dir.path());
    for (const auto& file : files)
        for (const auto& s : read_file(file).sessions) fold_all(store, s);
    auto all = store.list_all();
    ASSERT_TRUE(all.ok());
    ASSERT_FALSE(all->empty());
    std::mt19937 rng(7);
    size_t flips = 0;
    for (const auto& e : *all) {
        const std::string original = testing::slurp_file(e.path);
        std::uniform_int_distribution<size_t> pos(0, original.size() - 1);
        for (size_t at : {size_t{0}, original.size() / 2, original.size() - 1, pos(rng), pos(rng)}) {
            std::string bad = original;
            bad[at] = static_cast<char>(bad[at] ^ (1 << (at % 8)));
            testing::write_file(e.path, bad);
            EXPECT_EQ(store.verify(e).state, VerifyState::kCorrupt) << e.path << " byte " << at;
            RecallRequest req{e.checkpoint_id, RecallDepth::kExact, 0, 20, kMaxPageTokens};
            auto page = context_recall(store, req);
            ASSERT_TRUE(page.ok());
            EXPECT_EQ((*page)["status"], "unavailable") << e.path << " byte " << at;
            EXPECT_FALSE(page->contains("messages"));
            ++flips;
        }
        testing::write_file(e.path, original);
        EXPECT_EQ(store.verify(e).state, VerifyState::kVerified);
    }
    EXPECT_EQ(flips, all->size() * 5);
}

TEST(FoldSearch, FindsToolNamesAndPhrasesAndTheOffsetLeadsRecallToTheMessage) {
    const auto files = dsh_files();
    if (files.empty()) GTEST_SKIP();
    testing::TempDir dir;
    BundleStore store(dir.path());
    std::vector<Session> sessions;
    for (const auto& file : files)
        for (auto& s : read_file(file).sessions) {
            fold_all(store, s);
            sessions.push_back(std::move(s));
        }
    auto index = SearchIndex::open(store);
    ASSERT_TRUE(index.ok()) << index.error().to_string();
    size_t tool_checks = 0, phrase_checks = 0;
    for (const auto& s : sessions) {
        for (const auto& m : s.messages) {
            const nlohmann::json a = archived_message(m);
            for (const auto& tool : archived_tool_names(a)) {
                if (tool_checks >= 20) break;
                auto hits = (*index)->search(tool, 1000);
                ASSERT_TRUE(hits.ok());
                bool led = false;
                for (const auto& h : *hits) {
                    if (h.match_kind != "tool_name" || !h.message_index) continue;
                    auto page = context_recall(store, {h.checkpoint_id, RecallDepth::kExact, *h.message_index, 1, kMaxPageTokens});
                    ASSERT_TRUE(page.ok());
                    ASSERT_EQ((*page)["messages"].size(), 1u);
                    // FTS5 matches tokens: every hit's message has the query's tokens among its tool
                    // names, and some hit's message calls exactly this tool.
                    auto names = archived_tool_names((*page)["messages"][0]);
                    std::string joined;
                    for (auto n : names) {
                        std::replace(n.begin(), n.end(), '_', ' ');
                        joined += " " + n + " ";
                    }
                    std::string words = tool;
                    std::replace(words.begin(), words.end(), '_', ' ');
                    std::istringstream ws(words);
                    for (std::string w; ws >> w;) { EXPECT_NE(joined.find(" " + w), std::string::npos) << tool << " in" << joined; }
                    if (std::find(names.begin(), names.end(), tool) != names.end()) led = true;
                }
                EXPECT_TRUE(led) << "tool " << tool;
                ++tool_checks;
            }
            if (m.role == Role::kUser && phrase_checks < 20) {
                // Three consecutive words of the user's text as a quoted phrase.
                std::istringstream words(m.visible_text());
                std::string w1, w2, w3;
                if (!(words >> w1 >> w2 >> w3)) continue;
                const std::string phrase = w1 + " " + w2 + " " + w3;
                auto hits = (*index)->search("\"" + phrase + "\"", 1000);
                ASSERT_TRUE(hits.ok());
                bool led = false;
                for (const auto& h : *hits) {
                    if (h.match_kind != "message" || !h.message_index) continue;
                    EXPECT_LE(h.excerpt.size(), SearchIndex::kMaxExcerptBytes);
                    auto page = context_recall(store, {h.checkpoint_id, RecallDepth::kExact, *h.message_index, 1, kMaxPageTokens});
                    ASSERT_TRUE(page.ok());
                    const std::string text = archived_message_text((*page)["messages"][0]);
                    if (text.find(w1) != std::string::npos && text.find(w3) != std::string::npos) led = true;
                }
                EXPECT_TRUE(led) << "phrase '" << phrase << "'";
                ++phrase_checks;
            }
        }
    }
    EXPECT_GE(tool_checks, 10u);
    EXPECT_GE(phrase_checks, 10u);
    // Newest first.
    auto hits = (*index)->search("the", 50);
    ASSERT_TRUE(hits.ok());
    for (size_t i = 1; i < hits->size(); ++i) { EXPECT_GE((*hits)[i - 1].created_at, (*hits)[i].created_at); }
    // The index is a cache: deleting it rebuilds the same answers from the files.
    const auto before = (*index)->search("run_code", 1000);
    index->reset();
    std::filesystem::remove(dir.path() + "/index.sqlite");
    auto rebuilt = SearchIndex::open(store);
    ASSERT_TRUE(rebuilt.ok());
    EXPECT_EQ((*rebuilt)->search("run_code", 1000)->size(), before->size());
    EXPECT_FALSE((*rebuilt)->search("   ", 10).ok());
}

}  // namespace
}  // namespace bm
