// M3b through real folds: failed attempts become negative knowledge that survives later folds and
// goes stale when its conditions change; the ladder takes only verified quotes and settles only on
// tool evidence; the bundle carries both and its rendering shows them.
#include <gtest/gtest.h>

#include "fold/checkpoint_body.h"
#include "fold/fold_engine.h"
#include "fold/m3b_reducer.h"
#include "fold_test_support.h"
#include "util/canonical_json.h"

namespace bm {
namespace {

using testing::TempDir;
using testing::text_block;

using testing::SessionBuilder;

// Folds every message but the last `keep` into one leaf checkpoint, then the rest into another.
// The full state at `b` as a reader sees it: its rendering, or for a V2 bundle (which renders only
// what its fold changed) the full-state rendering recall gives (fullStateText).
std::string full_state_text(const CheckpointBundle& b) {
    if (!b.state_base) return b.rendered_text;
    CheckpointBundle full = b;
    full.state_base.reset();
    full.state_changes.reset();
    auto text = render_checkpoint(full);
    return text.ok() ? *text : text.error().to_string();
}

std::vector<CheckpointBundle> fold_in_two(BundleStore& store, const Session& s, size_t first_part,
                                          FoldOptions o = {}) {
    o.policy.retain_tokens = 0;
    o.policy.min_reclaim_tokens = 1;
    o.policy.max_leaf_tokens = 1000000;
    o.created_at = 1700000000000;
    FoldSurface surface = surface_from_session(s);
    FoldSurface head = surface;
    head.items.resize(first_part);
    std::vector<CheckpointBundle> out;
    auto first = fold_once(store, head, FoldMode::kLeaf, o);
    EXPECT_TRUE(first.ok()) << first.error().to_string();
    if (!first.ok() || !first->bundle) return out;
    out.push_back(*first->bundle);
    FoldSurface next = first->surface;
    next.items.insert(next.items.end(),
                      surface.items.begin() + static_cast<std::ptrdiff_t>(first_part),
                      surface.items.end());
    auto second = fold_once(store, next, FoldMode::kLeaf, o);
    EXPECT_TRUE(second.ok()) << second.error().to_string();
    if (second.ok() && second->bundle) out.push_back(*second->bundle);
    return out;
}

NegativeKnowledgeSet negative_of(const CheckpointBundle& b) {
    if (!b.negative_knowledge) return {};
    auto set = NegativeKnowledgeSet::from_json(*b.negative_knowledge);
    EXPECT_TRUE(set.ok());
    return set.ok() ? *set : NegativeKnowledgeSet();
}

std::vector<Belief> beliefs_of(const CheckpointBundle& b) {
    if (!b.beliefs) return {};
    auto list = beliefs_from_json(*b.beliefs);
    EXPECT_TRUE(list.ok());
    return list.ok() ? *list : std::vector<Belief>();
}

TEST(M3bFold, FailedAttemptRecordedAsNegativeKnowledgeSurvivesAFold) {
    SessionBuilder b("nk-survives");
    b.user("Make the parser test pass. timeout=30");
    b.call("Trying the quick patch.", "c1", "apply_patch",
           "{\"path\":\"src/parser.cpp\",\"patch\":\"quick\"}");
    b.result("c1", true, "error: patch does not apply");
    b.call("Another approach.", "c2", "apply_patch",
           "{\"path\":\"src/parser.cpp\",\"patch\":\"careful\"}");
    b.result("c2", false, "patched");
    b.user("Now update the docs.");  // second checkpoint: nothing about the failed patch
    b.call("Editing docs.", "c3", "edit", "{\"path\":\"docs/parser.md\"}");
    b.result("c3", false, "ok");
    TempDir dir;
    BundleStore store(dir.path());
    auto bundles = fold_in_two(store, b.s, 5);
    ASSERT_EQ(bundles.size(), 2u);
    for (const auto& bundle : bundles) {
        const auto nk = negative_of(bundle);
        ASSERT_EQ(nk.active().size(), 1u) << bundle.rendered_text;
        const NegativeKnowledge& e = *nk.active()[0];
        EXPECT_EQ(e.subject, "src/parser.cpp");
        EXPECT_EQ(e.rejected_claim,
                  "apply_patch {\"patch\":\"quick\",\"path\":\"src/parser.cpp\"} succeeds");
        EXPECT_EQ(e.because, (std::vector<int64_t>{1, 2}));  // the call and its failed result
        ASSERT_EQ(e.valid_while.size(), 1u);
        EXPECT_EQ(e.valid_while[0].key.to_string(), "value/config/timeout");
        EXPECT_EQ(e.valid_while[0].value, "30");
        EXPECT_NE(full_state_text(bundle).find("- rejected: apply_patch"), std::string::npos)
            << full_state_text(bundle);
        // What the store serves is what was folded (the lists are part of the verified bundle).
        auto read = store.read(bundle.session_id, bundle.checkpoint_id);
        ASSERT_TRUE(read.ok());
        EXPECT_EQ(read->negative_knowledge, bundle.negative_knowledge);
    }
    // The second checkpoint continues the first's state: it renders only what changed, so the
    // rejection (still active, on the surface in the first checkpoint) is not repeated there.
    EXPECT_NE(bundles[0].rendered_text.find("- rejected: apply_patch"), std::string::npos);
    EXPECT_EQ(bundles[1].rendered_text.find("- rejected: apply_patch"), std::string::npos) << bundles[1].rendered_text;
    // The successful careful patch is not rejected.
    EXPECT_EQ(bundles[1].rendered_text.find("careful\"} succeeds"), std::string::npos);
}

TEST(M3bFold, RejectionGoesStaleWhenItsConfigurationChanges) {
    SessionBuilder b("nk-config");
    b.user("Run the deploy. region=eu");
    b.call("Deploying.", "c1", "deploy", "{\"target\":\"prod\"}");
    b.result("c1", true, "error: quota");
    b.user("Switch to region=us please.");  // the rejection's condition no longer holds
    b.add(Role::kAssistant, {text_block("Switched.")});
    TempDir dir;
    BundleStore store(dir.path());
    auto bundles = fold_in_two(store, b.s, 3);
    ASSERT_EQ(bundles.size(), 2u);
    ASSERT_EQ(negative_of(bundles[0]).active().size(), 1u);
    EXPECT_NE(bundles[0].rendered_text.find("- rejected: deploy"), std::string::npos)
        << bundles[0].rendered_text;
    const auto later = negative_of(bundles[1]);
    ASSERT_EQ(later.entries().size(), 1u);
    EXPECT_EQ(later.entries()[0].lifecycle, KnowledgeLifecycle::kStale);
    EXPECT_EQ(bundles[1].rendered_text.find("- rejected:"), std::string::npos)
        << bundles[1].rendered_text;
}

TEST(M3bFold, RejectionGoesStaleWhenTheSameCallLaterWorks) {
    SessionBuilder b("nk-works");
    b.call("Building.", "c1", "build", "{\"path\":\"app\"}");
    b.result("c1", true, "error: missing header");
    b.call("Linking.", "c2", "link", "{\"path\":\"app\"}");
    b.result("c2", true, "error: undefined symbol");
    b.call("Rebuilding after the header fix.", "c3", "build", "{\"path\":\"app\"}");
    b.result("c3", false, "built");
    TempDir dir;
    BundleStore store(dir.path());
    auto bundles = fold_in_two(store, b.s, 4);
    ASSERT_EQ(bundles.size(), 2u);
    EXPECT_EQ(negative_of(bundles[0]).active().size(), 2u);
    const auto later = negative_of(bundles[1]);
    ASSERT_EQ(later.active().size(), 1u);  // the link failure still stands
    EXPECT_EQ(later.active()[0]->rejected_claim, "link {\"path\":\"app\"} succeeds");
    ASSERT_EQ(later.entries().size(), 2u);
    EXPECT_EQ(later.entries()[0].lifecycle, KnowledgeLifecycle::kStale);
}

TEST(M3bFold, UnverifiableQuoteIsNotPromotedUpTheLadder) {
    SessionBuilder b("ladder-quotes");
    b.user("Why is the cache slow?");
    b.add(Role::kAssistant, {text_block("The cache is cold after every deploy.")});
    FoldOptions o;
    o.belief_proposer = [](const nlohmann::json&) {
        return std::vector<BeliefProposal>{
            {"cold",
             "cache cold after deploy",
             BeliefLevel::kSupported,
             {{1}, "cache is cold after every deploy", "m", "v1"}},
            {"para",
             "cache outdated",
             BeliefLevel::kSupported,
             {{1}, "the cache is outdated", "m", "v1"}},
            {"wrong-source",
             "cache cold",
             BeliefLevel::kHypothesis,
             {{0}, "cache is cold after every deploy", "m", "v1"}},
            {"too-high",
             "cache cold",
             BeliefLevel::kEstablished,
             {{1}, "cache is cold after every deploy", "m", "v1"}},
        };
    };
    TempDir dir;
    BundleStore store(dir.path());
    o.policy.retain_tokens = 0;
    o.policy.min_reclaim_tokens = 1;
    o.policy.max_leaf_tokens = 1000000;
    auto out = fold_once(store, surface_from_session(b.s), FoldMode::kLeaf, o);
    ASSERT_TRUE(out.ok());
    ASSERT_TRUE(out->bundle);
    EXPECT_EQ(out->m3b.proposed, 1);
    EXPECT_EQ(out->m3b.refused, 3);
    const auto beliefs = beliefs_of(*out->bundle);
    ASSERT_EQ(beliefs.size(), 1u);
    EXPECT_EQ(beliefs[0].id, "cold");
    EXPECT_EQ(beliefs[0].level, BeliefLevel::kSupported);
    EXPECT_EQ(beliefs[0].records[0].quote, "cache is cold after every deploy");
    EXPECT_NE(out->bundle->rendered_text.find("- belief cold supported:"), std::string::npos);
    EXPECT_EQ(out->bundle->rendered_text.find("para"), std::string::npos);
}

TEST(M3bFold, HedgedHypothesisIsSettledOnlyByTheToolResultThatTestsIt) {
    SessionBuilder b("ladder-settle");
    b.user("The tests time out.");
    b.call("I think the timeout is too low. Running with a longer one.", "c1", "run_tests",
           "{\"timeout\":60}");
    b.result("c1", false, "42 passed");
    b.call("Perhaps the network is flaky. Checking.", "c2", "ping", "{\"host\":\"ci\"}");
    b.result("c2", true, "error: ci reachable, no loss");
    b.add(Role::kAssistant, {text_block("The disk is probably full, but I have not checked.")});
    TempDir dir;
    BundleStore store(dir.path());
    auto bundles = fold_in_two(store, b.s, 3);
    ASSERT_EQ(bundles.size(), 2u);
    const auto beliefs = beliefs_of(bundles[1]);
    ASSERT_EQ(beliefs.size(), 3u);
    EXPECT_EQ(beliefs[0].statement, "I think the timeout is too low.");
    EXPECT_EQ(beliefs[0].level, BeliefLevel::kEstablished);  // settled in the first fold, carried
    ASSERT_FALSE(beliefs[0].evidence.empty());
    EXPECT_EQ(beliefs[0].evidence[0].seq, 2);
    EXPECT_EQ(beliefs[0].evidence[0].kind, EvidenceKind::kEmpirical);
    EXPECT_EQ(beliefs[1].level, BeliefLevel::kRejected);
    EXPECT_EQ(beliefs[2].level, BeliefLevel::kHypothesis);  // an assertion alone never settles
    EXPECT_TRUE(beliefs[2].evidence.empty());
    EXPECT_NE(full_state_text(bundles[1]).find(
                  "established: I think the timeout is too low. (evidence seq 2 empirical)"),
              std::string::npos)
        << full_state_text(bundles[1]);
}

TEST(M3bFold, TamperedNegativeKnowledgeIsCorruptNeverServed) {
    SessionBuilder b("nk-tamper");
    b.call("Trying.", "c1", "build", "{\"path\":\"x\"}");
    b.result("c1", true, "error: no");
    TempDir dir;
    BundleStore store(dir.path());
    FoldOptions o;
    o.policy.retain_tokens = 0;
    o.policy.min_reclaim_tokens = 1;
    o.policy.max_leaf_tokens = 1000000;
    auto out = fold_once(store, surface_from_session(b.s), FoldMode::kLeaf, o);
    ASSERT_TRUE(out.ok() && out->bundle);
    auto entry = store.find(out->bundle->checkpoint_id);
    ASSERT_TRUE(entry);
    // Canonical bytes with one changed lifecycle: only the id and the rendering can catch it.
    auto json = nlohmann::json::parse(testing::slurp_file(entry->path));
    ASSERT_EQ(json["state"]["negativeKnowledge"][0]["lifecycle"], "active");
    json["state"]["negativeKnowledge"][0]["lifecycle"] = "stale";
    const std::string bytes = *canonical_json(json);
    std::filesystem::permissions(entry->path, std::filesystem::perms::owner_write,
                                 std::filesystem::perm_options::add);
    testing::write_file(entry->path, bytes);
    EXPECT_FALSE(store.read(out->bundle->session_id, out->bundle->checkpoint_id).ok());
}

TEST(M3bFold, BeliefRestatedManyTimesKeepsOnlyItsNewestRecords) {
    // The same hedge in 50 assistant turns: the belief's record list stays at Belief::kMaxRecords
    // through both folds (the carried one included), the dropped records are counted, and the
    // rendering still cites the newest quote.
    SessionBuilder b("ladder-repeats");
    b.add(Role::kAssistant, {text_block("The build is probably stale.")});
    for (int i = 1; i < 50; ++i) b.add(Role::kAssistant, {text_block("I think the cache is cold.")});
    TempDir dir;
    BundleStore store(dir.path());
    auto bundles = fold_in_two(store, b.s, 30);
    ASSERT_EQ(bundles.size(), 2u);

    const auto first = beliefs_of(bundles[0]);
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[1].statement, "I think the cache is cold.");
    EXPECT_EQ(first[1].level, BeliefLevel::kSupported);
    ASSERT_EQ(first[1].records.size(), Belief::kMaxRecords);
    EXPECT_EQ(first[1].earlier_records, 29 - static_cast<int64_t>(Belief::kMaxRecords));
    EXPECT_EQ(first[1].records.front().source_seqs, std::vector<int64_t>{30 - static_cast<int64_t>(Belief::kMaxRecords)});
    EXPECT_EQ(first[1].records.back().source_seqs, std::vector<int64_t>{29});

    const auto second = beliefs_of(bundles[1]);
    ASSERT_EQ(second.size(), 2u);
    ASSERT_EQ(second[1].records.size(), Belief::kMaxRecords);
    EXPECT_EQ(second[1].earlier_records, 49 - static_cast<int64_t>(Belief::kMaxRecords));
    EXPECT_EQ(second[1].records.back().source_seqs, std::vector<int64_t>{49});
    for (const auto& r : second[1].records) EXPECT_EQ(r.quote, "I think the cache is cold.");
    EXPECT_NE(bundles[1].rendered_text.find("supported: I think the cache is cold. (quote seq 49)"), std::string::npos)
        << bundles[1].rendered_text;

    // Stored: the count beside the kept records; a belief that never overflowed has no count.
    ASSERT_TRUE(bundles[1].beliefs);
    const auto& stored = *bundles[1].beliefs;
    EXPECT_FALSE(stored[0].contains("earlierRecords")) << stored[0].dump();
    EXPECT_EQ(stored[1]["earlierRecords"], 49 - static_cast<int64_t>(Belief::kMaxRecords));
    EXPECT_EQ(stored[1]["records"].size(), Belief::kMaxRecords);
}

TEST(M3bFold, LadderBoundsRecordsOfCarriedAndProposedBeliefs) {
    const std::string quote = "the cache is cold";
    SourceText sources = [&](int64_t) -> std::optional<std::string> { return "I think " + quote + "."; };
    // A carried belief written before the bound (20 records) is trimmed when the ladder takes it.
    Belief old{"b-old", "old", BeliefLevel::kSupported, {}, {}};
    for (int64_t i = 0; i < 20; ++i) old.records.push_back({{i}, quote, "m", "v1"});
    UncertaintyLadder ladder(sources, {old});
    ASSERT_EQ(ladder.find("b-old")->records.size(), Belief::kMaxRecords);
    EXPECT_EQ(ladder.find("b-old")->earlier_records, 20 - static_cast<int64_t>(Belief::kMaxRecords));
    EXPECT_EQ(ladder.find("b-old")->records.front().source_seqs, std::vector<int64_t>{20 - static_cast<int64_t>(Belief::kMaxRecords)});
    for (int64_t i = 0; i < 1000; ++i)
        ASSERT_TRUE(ladder.propose("b-new", "new", BeliefLevel::kSupported, {{i}, quote, "m", "v1"}).ok());
    const Belief* fresh = ladder.find("b-new");
    ASSERT_EQ(fresh->records.size(), Belief::kMaxRecords);
    EXPECT_EQ(fresh->earlier_records, 1000 - static_cast<int64_t>(Belief::kMaxRecords));
    EXPECT_EQ(fresh->records.back().source_seqs, std::vector<int64_t>{999});
    // A refused proposal adds nothing and drops nothing.
    EXPECT_FALSE(ladder.propose("b-new", "new", BeliefLevel::kSupported, {{5}, "paraphrase", "m", "v1"}).ok());
    EXPECT_EQ(ladder.find("b-new")->earlier_records, 1000 - static_cast<int64_t>(Belief::kMaxRecords));

    // The count round-trips through the bundle JSON; a bad count names its field.
    auto json = beliefs_to_json(ladder.beliefs());
    auto back = beliefs_from_json(json);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_EQ((*back)[1].earlier_records, 1000 - static_cast<int64_t>(Belief::kMaxRecords));
    EXPECT_EQ(canonical_json(beliefs_to_json(*back)).value(), canonical_json(json).value());
    json[1]["earlierRecords"] = -3;
    auto bad = beliefs_from_json(json);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().to_string().find("state.beliefs[1].earlierRecords"), std::string::npos)
        << bad.error().to_string();
}

}  // namespace
}  // namespace bm
