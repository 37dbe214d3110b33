// Approvals before injection: append-only records, approved / stale (and why) / none, and what each
// policy injects when no approval holds.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/test_support.h"
#include "inject/injection.h"
#include "pack/token_counter_factory.h"
#include "store/decisions.h"
#include "store/workspace.h"
#include "util/hash.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

const std::string kRewind = std::string(DATA_DIR) + "/claude-code/rewind.jsonl";
const std::string kProject = "/srv/shop";  // the cwd rewind.jsonl records
const std::string kRewindId = "5a5a5a5a-6b6b-4c7c-8d8d-9e9e9e9e9e9e";

class Approvals : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("bm-approvals-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        workspace = (dir / "w.bmws").string();
        import(kRewind);
    }
    void TearDown() override { fs::remove_all(dir); }

    void import(const std::string& file) {
        auto ws = Workspace::open(workspace);
        ASSERT_TRUE(ws) << ws.error().to_string();
        ReadResult r = read_file(file);
        ASSERT_TRUE(r.ok()) << testing::describe(r);
        auto report = (*ws)->import(r);
        ASSERT_TRUE(report) << report.error().to_string();
    }
    // Another session of the same project: rewind.jsonl under a new session id.
    std::string second_session() {
        std::string text = testing::slurp(kRewind);
        const std::string other = "5a5a5a5a-6b6b-4c7c-8d8d-000000000002";
        for (size_t at = text.find(kRewindId); at != std::string::npos;
             at = text.find(kRewindId, at))
            text.replace(at, kRewindId.size(), other);
        const std::string path = (dir / "second.jsonl").string();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    ProjectBlock block(bool reviewed_only = false) {
        ProjectBlockOptions o;
        o.budget = 2000;
        o.tokenizer = "estimate";
        o.reviewed_only = reviewed_only;
        auto b = build_project_block(workspace, kProject, o);
        EXPECT_TRUE(b) << b.error().to_string();
        return b ? std::move(*b) : ProjectBlock{};
    }
    ApprovalRecord approve() {
        auto store = ApprovalStore::open(workspace);
        EXPECT_TRUE(store);
        auto a = (*store)->append(approval_of(block(), kProject, "ana"));
        EXPECT_TRUE(a) << a.error().to_string();
        return *a;
    }
    ApprovalStatus status() {
        auto store = ApprovalStore::open(workspace);
        EXPECT_TRUE(store);
        auto s = approval_status(**store, kProject, ExtractOptions{});
        EXPECT_TRUE(s) << s.error().to_string();
        return *s;
    }
    void decide(const std::string& key, const std::string& value) {
        ProjectBlock b = block();
        const Slot* slot = b.review.decisionBasis()->find(key);
        ASSERT_NE(slot, nullptr) << key;
        auto store = DecisionStore::open(workspace);
        ASSERT_TRUE(store);
        DecisionRecord d;
        d.reviewer = "ana";
        d.slot_key = key;
        d.annotation_digest = annotation_digest(*b.review.decisionBasis(), *slot);
        d.kind = DecisionKind::kChoose;
        d.value = value;
        auto stored = (*store)->append(d);
        ASSERT_TRUE(stored) << stored.error().to_string();
    }
    Injection inject(std::optional<InjectPolicy> policy = std::nullopt) {
        InjectionOptions o;
        o.workspace = workspace;
        o.project = kProject;
        o.policy = policy;
        o.tokenizer = "estimate";
        auto i = project_injection(o);
        EXPECT_TRUE(i) << i.error().to_string();
        return i ? *i : Injection{};
    }

    fs::path dir;
    std::string workspace;
};

TEST_F(Approvals, ARecordKeepsWhatItCoversAndTheTableRefusesUpdateAndDelete) {
    ApprovalRecord a = approve();
    EXPECT_EQ(a.id, 1);
    EXPECT_EQ(a.block_digest, sha256_hex(a.block));
    EXPECT_EQ(a.budget, 2000);
    EXPECT_EQ(a.tokenizer, "estimate");
    ASSERT_EQ(a.sessions.size(), 1u);
    EXPECT_EQ(a.sessions[0].key, kRewindId);
    EXPECT_FALSE(a.slot_keys.empty());
    EXPECT_FALSE(a.approved_at.empty());
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(workspace.c_str(), &db), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "UPDATE approvals SET block = 'forged'", nullptr, nullptr, nullptr),
              SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "DELETE FROM approvals", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    ApprovalStatus s = status();
    EXPECT_EQ(s.state, ApprovalState::kApproved);
    EXPECT_EQ(s.approval->block, a.block);
}

TEST_F(Approvals, AppendRefusesABlockWhoseDigestDoesNotMatch) {
    ApprovalRecord a = approval_of(block(), kProject, "ana");
    a.block += "forged line\n";
    auto store = ApprovalStore::open(workspace);
    ASSERT_TRUE(store);
    auto stored = (*store)->append(a);
    ASSERT_FALSE(stored);
    EXPECT_NE(stored.error().to_string().find("digest"), std::string::npos);
}

TEST_F(Approvals, NoApprovalIsNone) {
    ApprovalStatus s = status();
    EXPECT_EQ(s.state, ApprovalState::kNone);
    EXPECT_EQ(s.policy, InjectPolicy::kNone);
}

TEST_F(Approvals, ANewSessionOfTheProjectMakesItStaleAndSaysWhich) {
    approve();
    import(second_session());
    ApprovalStatus s = status();
    EXPECT_EQ(s.state, ApprovalState::kStale);
    ASSERT_EQ(s.changes.size(), 1u);
    EXPECT_EQ(s.changes[0], "new session imported: 5a5a5a5a-6b6b-4c7c-8d8d-000000000002");
}

TEST_F(Approvals, ADecisionOnAnApprovedSlotMakesItStale) {
    approve();
    decide("echo.stats.output", "STAT uptime 9120");
    ApprovalStatus s = status();
    EXPECT_EQ(s.state, ApprovalState::kStale);
    ASSERT_EQ(s.changes.size(), 1u);
    EXPECT_EQ(s.changes[0], "decision recorded since approval: #1");
}

TEST_F(Approvals, AnExtractorChangeMakesItStale) {
    ApprovalRecord a = approve();
    ExtractOptions all;
    all.all_rules = true;
    EXPECT_NE(extractor_fingerprint(all), extractor_fingerprint(ExtractOptions{}));
    BlockCoverage now{a.sessions, a.slot_keys, a.decisions, extractor_fingerprint(all)};
    EXPECT_EQ(coverage_changes(a, now),
              std::vector<std::string>{"extractor changed since approval"});
    now.extractor = a.extractor;
    EXPECT_TRUE(coverage_changes(a, now).empty());
}

TEST_F(Approvals, AnApprovalHoldingInjectsExactlyTheApprovedBlock) {
    ApprovalRecord a = approve();
    Injection i = inject();
    EXPECT_EQ(i.source, InjectionSource::kApproved);
    EXPECT_EQ(i.block, a.block);
}

TEST_F(Approvals, PolicyNoneInjectsNothingWhenStaleAndSaysWhy) {
    approve();
    import(second_session());
    Injection i = inject();
    EXPECT_EQ(i.source, InjectionSource::kNothing);
    EXPECT_TRUE(i.block.empty());
    EXPECT_NE(i.notice.find("approval #1 is stale (new session imported"), std::string::npos)
        << i.notice;
    EXPECT_EQ(i.notice.find('\n'), std::string::npos);
}

TEST_F(Approvals, PolicyReviewedInjectsOnlyHumanDecidedSlots) {
    approve();
    decide("echo.stats.output", "STAT uptime 9120");
    Injection i = inject(InjectPolicy::kReviewed);
    EXPECT_EQ(i.source, InjectionSource::kReviewed);
    EXPECT_NE(i.block.find("echo.stats.output"), std::string::npos) << i.block;
    EXPECT_EQ(i.block.find("redis-cli.ping.command"), std::string::npos) << i.block;
}

TEST_F(Approvals, PolicyReviewedWithNothingDecidedInjectsNothing) {
    Injection i = inject(InjectPolicy::kReviewed);
    EXPECT_EQ(i.source, InjectionSource::kNothing);
    EXPECT_TRUE(i.block.empty());
}

TEST_F(Approvals, PolicyFreshInjectsTheCurrentBlockWithItsBanner) {
    Injection i = inject(InjectPolicy::kFresh);
    EXPECT_EQ(i.source, InjectionSource::kFresh);
    EXPECT_EQ(i.block, block().packed.block);
    EXPECT_NE(i.block.find("EXTERNAL/UNTRUSTED BACKGROUND"), std::string::npos);
}

TEST_F(Approvals, TheStoredPolicyAppliesAndTheNewestWins) {
    auto store = ApprovalStore::open(workspace);
    ASSERT_TRUE(store);
    ASSERT_TRUE((*store)->set_policy(kProject, InjectPolicy::kFresh, "ana"));
    ASSERT_TRUE((*store)->set_policy(kProject, InjectPolicy::kNone, "ana"));
    EXPECT_EQ(inject().source, InjectionSource::kNothing);
    ASSERT_TRUE((*store)->set_policy(kProject, InjectPolicy::kFresh, "ana"));
    EXPECT_EQ(inject().source, InjectionSource::kFresh);
}

TEST_F(Approvals, TheDshMessageOfAnApprovedBlockIsWhatFormatDshPacks) {
    ProjectBlock md = block();
    auto counter = open_token_counter("estimate");
    ASSERT_TRUE(counter);
    PackOptions dsh;
    dsh.budget =
        4000;  // room for the JSON escaping: the same selection as the Markdown block at 2000
    dsh.format = PackFormat::kDsh;
    auto packed = pack_review_snapshot(md.review, dsh, **counter);
    ASSERT_TRUE(packed) << packed.error().to_string();
    ASSERT_EQ(packed->items.size(), md.packed.items.size());
    EXPECT_EQ(render_dsh_message(md.packed.block), packed->block);
}

}  // namespace
}  // namespace bm
