// Human decisions: append-only and durable, precedence human > model > disputed, stale when the
// annotation digest changes, and an overrule shows in the packed block.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <QTemporaryDir>

#include "adjudicate/resolved_view.h"
#include "extract/oracle_extractor.h"
#include "merge/merger.h"
#include "pack/pack.h"
#include "pack/token_counter_factory.h"
#include "services_test_support.h"
#include "store/decisions.h"

namespace bm::test {
namespace {

class Decisions : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        path = dir.filePath(QStringLiteral("ws.bmws")).toStdString();
        auto s = DecisionStore::open(path);
        ASSERT_TRUE(s) << s.error().to_string();
        store = std::move(*s);
        snapshot = merge_branches(extract_oracle(read_fixtures({"alpha.jsonl", "beta.jsonl"}), {}));
        slot = snapshot.find("database");
        ASSERT_NE(slot, nullptr);
        ASSERT_EQ(slot->state, SlotState::kDisputed);
        digest = annotation_digest(snapshot, *slot);
    }
    DecisionRecord choose(const std::string& value, const std::string& with_digest) {
        DecisionRecord d;
        d.reviewer = "ana";
        d.slot_key = "database";
        d.annotation_digest = with_digest;
        d.kind = DecisionKind::kChoose;
        d.value = value;
        d.reason = "checked the config";
        return d;
    }
    ModelResolutionRecord model_choice(const std::string& value) {
        ModelResolutionRecord m;
        m.slot_key = "database";
        m.annotation_digest = digest;
        m.model = "loopback-model";
        m.request_digest = "ab";
        m.resolution = {ResolutionKind::kChoose, value, {}, false, {}};
        return m;
    }
    QTemporaryDir dir;
    std::string path;
    std::unique_ptr<DecisionStore> store;
    MergedSnapshot snapshot;
    const Slot* slot = nullptr;
    std::string digest;
};

TEST_F(Decisions, are_appended_in_order_and_read_back_by_a_new_connection) {
    ASSERT_TRUE(store->append(choose("mysql", digest)));
    ASSERT_TRUE(store->append(choose("postgresql", digest)));
    auto other = DecisionStore::open(path);
    ASSERT_TRUE(other);
    auto list = (*other)->decisions_for_slot("database");
    ASSERT_TRUE(list);
    ASSERT_EQ(list->size(), 2u);
    EXPECT_LT((*list)[0].id, (*list)[1].id);
    EXPECT_EQ((*list)[1].value, "postgresql");
    EXPECT_EQ((*list)[1].reviewer, "ana");
    EXPECT_FALSE((*list)[1].decided_at.empty());
}

TEST_F(Decisions, the_table_refuses_update_and_delete) {
    ASSERT_TRUE(store->append(choose("mysql", digest)));
    ASSERT_TRUE(store->append_model_resolution(model_choice("mysql")));
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "UPDATE decisions SET reason = 'x'", nullptr, nullptr, nullptr), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "DELETE FROM decisions", nullptr, nullptr, nullptr), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "DELETE FROM model_resolutions", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    EXPECT_EQ(store->decisions_for_slot("database")->size(), 1u);
}

TEST_F(Decisions, precedence_is_human_then_model_then_disputed) {
    auto none = effective_resolution("database", digest, {}, {});
    EXPECT_EQ(none.origin, ResolutionOrigin::kNone);
    ASSERT_TRUE(store->append_model_resolution(model_choice("mysql")));
    auto e = store->effective(snapshot);
    ASSERT_TRUE(e);
    ASSERT_EQ(e->size(), 1u);
    EXPECT_EQ((*e)[0].origin, ResolutionOrigin::kModel);
    EXPECT_EQ((*e)[0].resolution->value, "mysql");
    ASSERT_TRUE(store->append(choose("postgresql", digest)));
    e = store->effective(snapshot);
    EXPECT_EQ((*e)[0].origin, ResolutionOrigin::kHuman);
    EXPECT_EQ((*e)[0].resolution->value, "postgresql");
}

TEST_F(Decisions, a_decision_against_an_older_annotation_is_stale_and_not_applied) {
    ASSERT_TRUE(store->append(choose("postgresql", digest)));
    // New evidence arrives: a third branch asserts mysql. The annotation digest changes.
    MergedSnapshot later =
        merge_branches(extract_oracle(read_fixtures({"alpha.jsonl", "beta.jsonl", "gamma.jsonl"}), {}));
    const Slot* now = later.find("database");
    ASSERT_NE(now, nullptr);
    EXPECT_NE(annotation_digest(later, *now), digest);
    auto e = store->effective(later);
    ASSERT_TRUE(e);
    ASSERT_EQ(e->size(), 1u);
    EXPECT_EQ((*e)[0].origin, ResolutionOrigin::kNone);
    EXPECT_FALSE((*e)[0].resolution.has_value());
    ASSERT_EQ((*e)[0].stale_decisions.size(), 1u);
    EXPECT_TRUE((*e)[0].stale());
    ResolutionMap map = to_resolution_map(later, *e);
    ASSERT_EQ(map.count("database"), 1u);
    EXPECT_TRUE(map["database"].stale);
    // The same annotation in another order of inputs has the same digest (it is a set).
    MergedSnapshot reordered = merge_branches(extract_oracle(read_fixtures({"beta.jsonl", "alpha.jsonl"}), {}));
    EXPECT_EQ(annotation_digest(reordered, *reordered.find("database")), digest);
}

TEST_F(Decisions, validation_rejects_invented_values_and_unguarded_conditionals) {
    EXPECT_FALSE(validate_decision(choose("sqlite", digest), *slot));
    EXPECT_TRUE(validate_decision(choose("mysql", digest), *slot));
    DecisionRecord c = choose("", digest);
    c.kind = DecisionKind::kConditional;
    EXPECT_FALSE(validate_decision(c, *slot));
    EXPECT_FALSE(store->append(c));
    DecisionRecord a = choose("", digest);
    a.kind = DecisionKind::kAccept;
    EXPECT_FALSE(validate_decision(a, *slot));  // nothing to accept
}

TEST_F(Decisions, an_overrule_shows_the_humans_choice_in_the_packed_block) {
    ASSERT_TRUE(store->append_model_resolution(model_choice("mysql")));
    auto counter = open_token_counter("estimate");
    ASSERT_TRUE(counter) << counter.error().to_string();
    PackOptions options;
    options.budget = 2000;
    auto e = store->effective(snapshot);
    options.resolutions = to_resolution_map(snapshot, *e);
    auto model_block = pack_context(snapshot, options, **counter);
    ASSERT_TRUE(model_block) << model_block.error().to_string();
    EXPECT_NE(model_block->block.find("settled by model:loopback-model"), std::string::npos) << model_block->block;
    ASSERT_TRUE(store->append(choose("postgresql", digest)));
    e = store->effective(snapshot);
    options.resolutions = to_resolution_map(snapshot, *e);
    auto human_block = pack_context(snapshot, options, **counter);
    ASSERT_TRUE(human_block);
    EXPECT_NE(human_block->block.find("settled by human:ana"), std::string::npos) << human_block->block;
    EXPECT_EQ(human_block->block.find("settled by model"), std::string::npos);
    // Deterministic: the same decisions give the same bytes.
    auto again = pack_context(snapshot, options, **counter);
    EXPECT_EQ(again->block, human_block->block);
}

}  // namespace
}  // namespace bm::test
