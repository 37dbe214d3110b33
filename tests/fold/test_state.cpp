// M3a deterministic state gates (authority loss rate 0, state staleness rate 0, provenance coverage
// 100%, evidence overrides narrative, projection bounded) and M3b negative knowledge / uncertainty.
#include <filesystem>

#include "fold/negative_knowledge.h"
#include "fold/state_events.h"
#include "fold/uncertainty.h"
#include "fold_test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

StateEvent ev(AnchorKind kind, const std::string& key, const std::string& value, const std::string& authority,
              EvidenceKind support, int64_t seq) {
    StateEvent e;
    e.kind = kind;
    const auto a = key.find('/'), b = key.find('/', a + 1);
    e.key = {key.substr(0, a), key.substr(a + 1, b - a - 1), key.substr(b + 1)};
    e.value = value;
    e.authority = authority;
    e.support = support;
    e.source_seqs = {seq};
    return e;
}

StateEvent failure(const std::string& key, FailureStatus to, EvidenceKind support, int64_t seq) {
    StateEvent e = ev(AnchorKind::kFailure, key, failure_status_name(to), support == EvidenceKind::kEmpirical ? "tool" : "assistant", support, seq);
    e.failure = to;
    return e;
}

// Every session the tests fold: the shared DSH logs plus synthetic long ones.
std::vector<Session> corpus() {
    std::vector<Session> out;
    const std::string dir = std::string(SHARED_DATA_DIR) + "/sessions/dsh";
    if (std::filesystem::exists(dir))
        for (const auto& f : expand_inputs({dir}).files)
            for (auto& s : read_file(f).sessions) out.push_back(std::move(s));
    out.push_back(testing::synthetic_session("synthetic-a", 30));
    out.push_back(testing::synthetic_session("synthetic-b", 80, 50));
    return out;
}

// Folds `s` leaf by leaf; returns the state carried by the last checkpoint (incremental) and
// the state of one replay over every message (full).
std::pair<StateReducer, StateReducer> incremental_and_full(const Session& s, size_t* folds) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    FoldOptions o = testing::small_fold_options(0, 120);
    auto run = fold_until(store, surface_from_session(s), FoldMode::kLeaf, 0, o);
    EXPECT_TRUE(run.ok()) << s.file << ": " << (run.ok() ? "" : run.error().to_string());
    StateReducer incremental;
    if (run.ok() && !run->published.empty()) {
        *folds = run->published.size();
        incremental = *StateReducer::from_json(*run->published.back().state_anchors);
    }
    StateReducer full;
    nlohmann::json all = nlohmann::json::array();
    if (run.ok())
        for (const auto& b : run->published)
            for (const auto& m : b.shadowed_messages) all.push_back(m);
    reduce_messages(full, all);
    return {incremental, full};
}

TEST(M3aGates, AuthorityLossRateIsZero) {
    size_t authoritative = 0, lost = 0, sessions = 0, folds_total = 0;
    for (const auto& s : corpus()) {
        size_t folds = 0;
        auto [incremental, full] = incremental_and_full(s, &folds);
        folds_total += folds;
        ++sessions;
        for (const auto& a : full.heads()) {
            if (a.authority != "user" || (a.kind != AnchorKind::kObjective && a.kind != AnchorKind::kConstraint)) continue;
            ++authoritative;
            const Anchor* kept = incremental.find(a.key);
            if (!kept || kept->value != a.value || kept->authority != "user") ++lost;
        }
    }
    // An assistant can never overwrite a user's constraint.
    StateReducer r;
    ASSERT_TRUE(r.apply(ev(AnchorKind::kConstraint, "constraint/user/push", "never push to main", "user", EvidenceKind::kAssertion, 1)).ok());
    EXPECT_FALSE(r.apply(ev(AnchorKind::kConstraint, "constraint/user/push", "pushing is fine", "assistant", EvidenceKind::kAssertion, 2)).ok());
    EXPECT_EQ(r.find({"constraint", "user", "push"})->value, "never push to main");
    EXPECT_GT(authoritative, sessions / 2);
    EXPECT_GT(folds_total, sessions);
    EXPECT_EQ(lost, 0u) << "authority loss rate " << lost << "/" << authoritative;
}

TEST(M3aGates, StateStalenessRateIsZero) {
    size_t keys = 0, stale = 0;
    for (const auto& s : corpus()) {
        size_t folds = 0;
        auto [incremental, full] = incremental_and_full(s, &folds);
        for (const auto& a : full.heads()) {
            ++keys;
            const Anchor* head = incremental.find(a.key);
            if (!head || !(*head == a)) ++stale;
        }
        EXPECT_EQ(incremental.heads().size(), full.heads().size()) << s.file;
    }
    EXPECT_GT(keys, 100u);
    EXPECT_EQ(stale, 0u) << "state staleness rate " << stale << "/" << keys;
    // A later value of a key replaces the head: never a stale head.
    StateReducer r;
    ASSERT_TRUE(r.apply(ev(AnchorKind::kValue, "config/server/timeout", "30", "user", EvidenceKind::kAssertion, 1)).ok());
    ASSERT_TRUE(r.apply(ev(AnchorKind::kValue, "config/server/timeout", "60", "user", EvidenceKind::kAssertion, 9)).ok());
    EXPECT_EQ(r.find({"config", "server", "timeout"})->value, "60");
}

TEST(M3aGates, ProvenanceCoverageIs100Percent) {
    size_t anchors = 0, covered = 0;
    for (const auto& s : corpus()) {
        size_t folds = 0;
        auto [incremental, full] = incremental_and_full(s, &folds);
        std::set<int64_t> seqs;
        for (const auto& m : s.messages) seqs.insert(m.seq);
        for (const auto& a : incremental.heads()) {
            ++anchors;
            bool ok = !a.source_seqs.empty();
            for (int64_t q : a.source_seqs) ok = ok && seqs.count(q);
            covered += ok;
        }
    }
    EXPECT_GT(anchors, 0u);
    EXPECT_EQ(covered, anchors);
    StateReducer r;
    StateEvent no_refs = ev(AnchorKind::kValue, "config/a/b", "1", "user", EvidenceKind::kAssertion, 1);
    no_refs.source_seqs.clear();
    EXPECT_FALSE(r.apply(no_refs).ok());
    EXPECT_TRUE(r.heads().empty());
}

TEST(M3aGates, EvidenceOverridesNarrative) {
    StateReducer r;
    ASSERT_TRUE(r.apply(failure("failure/ci/parser-test", FailureStatus::kOpen, EvidenceKind::kEmpirical, 1)).ok());
    // A summary saying "bug fixed" never mutates state.
    StateEvent summary = failure("failure/ci/parser-test", FailureStatus::kResolved, EvidenceKind::kNarrative, 2);
    EXPECT_FALSE(r.apply(summary).ok());
    EXPECT_EQ(*r.find({"failure", "ci", "parser-test"})->failure, FailureStatus::kOpen);
    // "The assistant says tests pass" cannot verify.
    StateEvent says = failure("failure/ci/parser-test", FailureStatus::kVerified, EvidenceKind::kAssertion, 3);
    says.evidence = {{3, EvidenceKind::kAssertion}};
    EXPECT_FALSE(r.apply(says).ok());
    ASSERT_TRUE(r.find({"failure", "ci", "parser-test"}));
    // It can claim RESOLVED, which stays hot.
    EXPECT_TRUE(r.apply(failure("failure/ci/parser-test", FailureStatus::kResolved, EvidenceKind::kAssertion, 4)).ok());
    EXPECT_EQ(*r.find({"failure", "ci", "parser-test"})->failure, FailureStatus::kResolved);
    // A CI run (procedural evidence) verifies, and VERIFIED leaves hot state.
    StateEvent ci = failure("failure/ci/parser-test", FailureStatus::kVerified, EvidenceKind::kProcedural, 5);
    ci.evidence = {{5, EvidenceKind::kProcedural}};
    EXPECT_TRUE(r.apply(ci).ok());
    EXPECT_EQ(r.find({"failure", "ci", "parser-test"}), nullptr);
    // A verified value is not overwritten by an assistant's unverified assertion.
    ASSERT_TRUE(r.apply(ev(AnchorKind::kValue, "config/server/port", "8080", "tool", EvidenceKind::kEmpirical, 6)).ok());
    EXPECT_FALSE(r.apply(ev(AnchorKind::kValue, "config/server/port", "9090", "assistant", EvidenceKind::kAssertion, 7)).ok());
    EXPECT_EQ(r.find({"config", "server", "port"})->value, "8080");
    // Through the message rules: the assistant's "Tests pass now." after a failed build leaves the
    // failure hot (RESOLVED at most) until a successful tool result verifies it.
    Session s = testing::synthetic_session("narr", 6);
    StateReducer m;
    nlohmann::json msgs = nlohmann::json::array();
    for (size_t i = 0; i < 20; ++i) msgs.push_back(archived_message(s.messages[i]));  // turn 4 fails, turn 5 not yet run
    reduce_messages(m, msgs);
    const Anchor* f = m.find({"failure", "tool", "run_build"});
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(*f->failure, FailureStatus::kResolved);
    nlohmann::json more = nlohmann::json::array();
    for (size_t i = 20; i < 24; ++i) more.push_back(archived_message(s.messages[i]));
    reduce_messages(m, more);
    EXPECT_EQ(m.find({"failure", "tool", "run_build"}), nullptr);  // verified by the successful result
}

TEST(M3aGates, ProjectionBounded) {
    StateReducer r;
    for (int64_t epoch = 0; epoch < 1000; ++epoch)
        ASSERT_TRUE(r.apply(ev(AnchorKind::kValue, "config/server/timeout", std::to_string(epoch), "user", EvidenceKind::kAssertion, epoch)).ok());
    ASSERT_EQ(r.heads().size(), 1u);
    EXPECT_EQ(r.heads()[0].epoch, 1000);
    EXPECT_EQ(r.heads()[0].value, "999");
    EXPECT_LT(r.to_json().dump().size(), 4096u);
    // Many keys: bounded heads, user constraints kept.
    StateReducer many(64);
    ASSERT_TRUE(many.apply(ev(AnchorKind::kConstraint, "constraint/user/keep", "never drop this", "user", EvidenceKind::kAssertion, 0)).ok());
    for (int64_t i = 1; i < 5000; ++i)
        ASSERT_TRUE(many.apply(ev(AnchorKind::kEvidence, "evidence/tool/t" + std::to_string(i), "ok", "tool", EvidenceKind::kEmpirical, i)).ok());
    EXPECT_EQ(many.heads().size(), 64u);
    EXPECT_NE(many.find({"constraint", "user", "keep"}), nullptr);
}

TEST(StateEvents, HookFeedbackInAUserTurnIsNotTheUsersRequest) {
    // Claude Code writes a blocking Stop hook's output as a user turn marked isMeta: the reader
    // makes it plugin text, and the fold must not carry it as the user's objective or obligation.
    Message m;
    m.id = "m1";
    m.seq = 1;
    m.role = Role::kUser;
    m.source.kind = SourceKind::kUser;
    m.blocks.push_back({});
    m.blocks.back().kind = BlockKind::kText;
    m.blocks.back().text = "Stop hook feedback:\nYou must never stop with uncommitted changes.";
    const StateReducer empty;
    EXPECT_EQ(derive_state_events(archived_message(m), empty, {}).size(), 2u);  // objective + constraint
    m.source.kind = SourceKind::kPlugin;
    m.source.name = "meta";
    EXPECT_TRUE(derive_state_events(archived_message(m), empty, {}).empty());
}

TEST(M3b, NegativeKnowledgeGoesStaleWhenItsConditionsChange) {
    StateReducer state;
    ASSERT_TRUE(state.apply(ev(AnchorKind::kValue, "config/build/compiler", "gcc-12", "user", EvidenceKind::kAssertion, 1)).ok());
    NegativeKnowledgeSet nk;
    NegativeKnowledge e{"coroutines", "use temporaries inside co_await", {3}, {{{"config", "build", "compiler"}, "gcc-12"}}, {}};
    ASSERT_TRUE(nk.add(e, state).ok());
    EXPECT_EQ(nk.active().size(), 1u);
    NegativeKnowledge unjustified{"x", "y", {}, {}, {}};
    EXPECT_FALSE(nk.add(unjustified, state).ok());
    ASSERT_TRUE(state.apply(ev(AnchorKind::kValue, "config/build/compiler", "gcc-14", "user", EvidenceKind::kAssertion, 9)).ok());
    nk.refresh(state);
    EXPECT_TRUE(nk.active().empty());
    EXPECT_EQ(nk.entries()[0].lifecycle, KnowledgeLifecycle::kStale);
    // A newer entry supersedes an active older one.
    NegativeKnowledge a{"deploy", "deploy on friday", {10}, {}, {}};
    ASSERT_TRUE(nk.add(a, state).ok());
    ASSERT_TRUE(nk.add(a, state).ok());
    EXPECT_EQ(nk.entries()[1].lifecycle, KnowledgeLifecycle::kSuperseded);
    EXPECT_EQ(nk.active().size(), 1u);
}

TEST(M3b, UncertaintyLadderNeedsVerifiedQuotesAndEvidence) {
    std::map<int64_t, std::string> sources{{1, "the cache is probably stale after deploy"}, {2, "tool: cache hit rate 0%"}};
    UncertaintyLadder ladder([&](int64_t seq) -> std::optional<std::string> {
        auto it = sources.find(seq);
        return it == sources.end() ? std::nullopt : std::optional<std::string>(it->second);
    });
    ClassificationRecord good{{1}, "cache is probably stale", "model-x", "v3"};
    ClassificationRecord paraphrase{{1}, "the cache may be outdated", "model-x", "v3"};
    EXPECT_FALSE(ladder.propose("h1", "cache stale", BeliefLevel::kHypothesis, paraphrase).ok());
    ASSERT_TRUE(ladder.propose("h1", "cache stale", BeliefLevel::kHypothesis, good).ok());
    EXPECT_FALSE(ladder.propose("h1", "cache stale", BeliefLevel::kEstablished, good).ok());  // models only propose
    ASSERT_TRUE(ladder.propose("h1", "cache stale", BeliefLevel::kSupported, good).ok());
    EXPECT_EQ(ladder.find("h1")->level, BeliefLevel::kSupported);
    EXPECT_EQ(ladder.find("h1")->records.back().prompt_version, "v3");
    EXPECT_FALSE(ladder.settle("h1", BeliefLevel::kEstablished, {{1, EvidenceKind::kAssertion}}).ok());
    ASSERT_TRUE(ladder.settle("h1", BeliefLevel::kEstablished, {{2, EvidenceKind::kEmpirical}}).ok());
    EXPECT_EQ(ladder.find("h1")->level, BeliefLevel::kEstablished);
    EXPECT_FALSE(ladder.propose("h1", "cache stale", BeliefLevel::kHypothesis, good).ok());
}

}  // namespace
}  // namespace bm
