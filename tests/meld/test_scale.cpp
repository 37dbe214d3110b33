// Scale properties of MELD at small sizes: the sink's live store stays corpus-sized while N brains
// re-publish one corpus, the throughput workload is deterministic, and the candidate index finds
// the candidates the exhaustive scan finds (the figures bench throughput reports at full size).
#include <set>

#include "meld/brain.h"
#include "meld/claim_corpus.h"
#include "meld/throughput.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

TEST(SinkRepublication, LiveStoreStaysCorpusSizedWhileNaiveUnionGrowsNFold) {
    ClaimCorpus corpus(7);
    const std::vector<std::string> facts = corpus.held(26);
    const std::vector<SinkRow> rows = sink_republish(lexical_engine(), facts, {1, 2, 8, 16});
    ASSERT_EQ(rows.size(), 4u);
    for (const SinkRow& row : rows) {
        EXPECT_EQ(row.deltas, 26 * row.brains);
        EXPECT_EQ(row.naive_union, 26 * row.brains);
        EXPECT_EQ(row.held, 26u) << row.brains << " brains";
        EXPECT_EQ(row.active, 26u) << row.brains << " brains";
        EXPECT_EQ(row.echoed, 0u) << "a sink never re-publishes what it received";
        // Every re-publication after the first brain's is an exact-key merge (R4), adding nothing.
        const size_t merges = row.decisions.count("merge") ? row.decisions.at("merge") : 0;
        EXPECT_EQ(merges, 26 * (row.brains - 1));
    }
}

TEST(ClaimCorpus, SameSeedSameClaimsAndHeldFactsAreDistinct) {
    ClaimCorpus a(3), b(3), c(4);
    const auto ha = a.held(2000), hb = b.held(2000), hc = c.held(2000);
    EXPECT_EQ(ha, hb);
    EXPECT_NE(ha, hc);
    EXPECT_EQ(std::set<std::string>(ha.begin(), ha.end()).size(), ha.size());
    const auto ia = a.incoming(500), ib = b.incoming(500);
    std::map<IncomingKind, size_t> kinds;
    for (size_t i = 0; i < ia.size(); ++i) {
        EXPECT_EQ(ia[i].text, ib[i].text);
        ++kinds[ia[i].kind];
    }
    EXPECT_EQ(kinds.size(), 4u) << "novel, paraphrase, contradiction and re-publication all occur";
}

TEST(CandidateIndex, FindsTheDecisiveCandidatesOfTheExhaustiveScanWhileScoringFarFewer) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    ThroughputOptions options;
    options.sizes = {2000};
    options.admissions = 300;
    const ThroughputResult r = measure_throughput(lexical_engine(), options);
    ASSERT_EQ(r.recall.size(), 1u);
    ASSERT_EQ(r.rows.size(), 2u);
    const RecallRow& recall = r.recall[0];
    EXPECT_EQ(recall.queries, 300u);
    // σ_lo is low for lexical σ on one-domain text: most queries have hundreds of candidates above
    // it, and the bounded index returns only index_limit of them (bench throughput reports the recall).
    EXPECT_GT(recall.exhaustive_candidates, 300u * options.index_limit);
    EXPECT_LT(recall.recall, 1.0);
    // What decides the outcome is found: every merge-grade candidate and (nearly) every scan-best one.
    EXPECT_GT(recall.merge_candidates, 10u);
    EXPECT_EQ(recall.merge_found, recall.merge_candidates);
    EXPECT_GE(static_cast<double>(recall.best_found), 0.95 * static_cast<double>(recall.with_best));
    EXPECT_GE(recall.decision_agreement, 0.95);
    EXPECT_LT(r.rows[0].mean_candidates * 4, r.rows[1].mean_candidates) << "the index scores far fewer claims";
    for (const ThroughputRow& row : r.rows)
        for (const char* d : {"merge", "relate", "conflict"}) EXPECT_GT(row.decisions.count(d), 0u) << row.path << " " << d;
}

TEST(BoundPruning, GivesTheSamePatchesAsScoringEveryCandidateOnBothPaths) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    KeyDirectory dir;
    dir.group_key = "pruning test group key";
    dir.brains["sink"] = {"", 1, {"*"}};
    dir.brains["peer"] = {"", 1, {"*"}};
    ClaimCorpus corpus(11);
    Brain brain("sink", dir, lexical_default_thresholds(), lexical_engine());
    int64_t sent = 0;
    auto delta = [&](const std::string& text) {
        Delta d;
        d.sender = "peer";
        d.sent = ++sent;
        d.claim = Claim{};
        d.claim->text = text;
        d.claim->scope.cells = {"team:platform"};
        d.claim->origin = "peer";
        d.sign(dir);
        return d;
    };
    for (const std::string& text : corpus.held(1500)) brain.receive(delta(text));
    std::map<std::string, size_t> decisions;
    size_t pruned_away = 0, considered = 0;
    for (const IncomingClaim& incoming : corpus.incoming(300)) {
        const Delta d = delta(incoming.text);
        for (bool index : {true, false}) {
            brain.set_use_index(index);
            CandidateStats with, without;
            brain.set_bound_pruning(true);
            const Patch pruned = brain.decide(d, &with);
            brain.set_bound_pruning(false);
            const Patch full = brain.decide(d, &without);
            ASSERT_EQ(pruned.body_bytes(), full.body_bytes()) << incoming.text << (index ? " (index)" : " (scan)");
            EXPECT_EQ(with.scanned, without.scanned);
            EXPECT_EQ(without.scored, without.scanned);
            pruned_away += without.scored - with.scored;
            considered += without.scored;
            if (!index) ++decisions[decision_name(full.decision)];
        }
        brain.set_use_index(true);
        brain.set_bound_pruning(true);
        brain.receive(d);  // the state grows as in production
    }
    for (const char* name : {"merge", "relate", "conflict"}) EXPECT_GT(decisions[name], 0u) << name;
    EXPECT_GT(pruned_away * 2, considered) << "the σ ceiling skips most candidates on this workload";
}

}  // namespace
}  // namespace bm::meld
