// Revoking a decision is a new, append-only record: the revoked decision stops applying and the slot
// resolves as it did before it; a revoke must name a live decision of the same slot.
#include <gtest/gtest.h>

#include <filesystem>

#include "merge/snapshot.h"
#include "store/decisions.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

class DecisionRevoke : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("bm-revoke-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        path = (dir / "w.bmws").string();
        auto s = DecisionStore::open(path);
        ASSERT_TRUE(s) << s.error().to_string();
        store = std::move(*s);
    }
    void TearDown() override { fs::remove_all(dir); }

    DecisionRecord decision(DecisionKind kind, const std::string& slot = "database") {
        DecisionRecord d;
        d.reviewer = "ana";
        d.slot_key = slot;
        d.annotation_digest = "d1";
        d.kind = kind;
        if (kind == DecisionKind::kChoose) d.value = "mysql";
        return d;
    }
    DecisionRecord revoke(int64_t id, const std::string& slot = "database") {
        DecisionRecord r = decision(DecisionKind::kRevoke, slot);
        r.revokes = id;
        return r;
    }
    EffectiveResolution effective(const std::vector<ModelResolutionRecord>& models = {}) {
        auto all = store->decisions_for_slot("database");
        EXPECT_TRUE(all) << all.error().to_string();
        return effective_resolution("database", "d1", *all, models);
    }

    fs::path dir;
    std::string path;
    std::unique_ptr<DecisionStore> store;
};

TEST_F(DecisionRevoke, revoking_the_only_decision_leaves_the_slot_as_merged) {
    auto d = store->append(decision(DecisionKind::kChoose));
    ASSERT_TRUE(d);
    EXPECT_EQ(effective().origin, ResolutionOrigin::kHuman);
    ASSERT_TRUE(store->append(revoke(d->id)));
    const EffectiveResolution e = effective();
    EXPECT_EQ(e.origin, ResolutionOrigin::kNone);
    EXPECT_FALSE(e.resolution);
    ASSERT_EQ(e.revoked.size(), 1u);
    EXPECT_EQ(e.revoked.front().id, d->id);
    EXPECT_FALSE(e.stale());
}

TEST_F(DecisionRevoke, revoking_the_newest_restores_the_previous_decision_or_the_model) {
    auto first = store->append(decision(DecisionKind::kChoose));
    auto second = store->append(decision(DecisionKind::kBoth));
    ASSERT_TRUE(first && second);
    EXPECT_EQ(effective().resolution->kind, ResolutionKind::kBoth);
    ASSERT_TRUE(store->append(revoke(second->id)));
    EXPECT_EQ(effective().resolution->kind, ResolutionKind::kChoose);
    EXPECT_EQ(effective().resolution->value, "mysql");
    ASSERT_TRUE(store->append(revoke(first->id)));
    ModelResolutionRecord model;
    model.slot_key = "database";
    model.annotation_digest = "d1";
    model.resolution = {ResolutionKind::kUnresolvable, {}, {}, false, {}};
    const EffectiveResolution e = effective({model});
    EXPECT_EQ(e.origin, ResolutionOrigin::kModel);
    EXPECT_EQ(e.resolution->kind, ResolutionKind::kUnresolvable);
}

TEST_F(DecisionRevoke, is_stored_as_its_own_record_and_read_back) {
    auto d = store->append(decision(DecisionKind::kUnresolvable));
    ASSERT_TRUE(d);
    ASSERT_TRUE(store->append(revoke(d->id)));
    auto other = DecisionStore::open(path);
    ASSERT_TRUE(other);
    auto rows = (*other)->decisions_for_slot("database");
    ASSERT_TRUE(rows);
    ASSERT_EQ(rows->size(), 2u);  // nothing deleted or updated
    EXPECT_EQ((*rows)[0].kind, DecisionKind::kUnresolvable);
    EXPECT_EQ((*rows)[1].kind, DecisionKind::kRevoke);
    EXPECT_EQ((*rows)[1].revokes, d->id);
    EXPECT_STREQ(decision_kind_name((*rows)[1].kind), "revoke");
}

TEST_F(DecisionRevoke, must_name_a_live_decision_of_the_same_slot) {
    auto d = store->append(decision(DecisionKind::kChoose));
    auto other = store->append(decision(DecisionKind::kBoth, "cache"));
    ASSERT_TRUE(d && other);
    auto missing = store->append(revoke(999));
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().to_string().find("999"), std::string::npos) << missing.error().to_string();
    EXPECT_FALSE(store->append(revoke(other->id)));  // a decision of another slot
    auto r = store->append(revoke(d->id));
    ASSERT_TRUE(r);
    auto twice = store->append(revoke(d->id));
    ASSERT_FALSE(twice);
    EXPECT_NE(twice.error().to_string().find("already revoked"), std::string::npos);
    EXPECT_FALSE(store->append(revoke(r->id)));  // a revoke of a revoke
    Slot slot;
    slot.key = "database";
    EXPECT_FALSE(validate_decision(decision(DecisionKind::kRevoke), slot));  // names nothing
}

}  // namespace
}  // namespace bm
