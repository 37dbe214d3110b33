// `bench meld-recall` on a tiny HotpotQA fixture: the properties that make its table meaningful
// (the centralized store recalls everything once k covers the context, the naive union without
// overlap is the centralized store, the sink holds less than the union once brains overlap), the
// paraphrase generator, the paired statistics and the loader's errors.
#include <cstdio>
#include <fstream>

#include "bench/meld/hotpotqa.h"
#include "bench/meld/paired_test.h"
#include "bench/meld/recall.h"
#include "meld/claim.h"
#include "hotpotqa_fixture.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;

constexpr size_t kStore(RecallStore s) { return static_cast<size_t>(s); }

const std::vector<QaItem>& fixture() { return tiny_hotpotqa(); }

const RecallResult& fixture_result() {
    static const RecallResult r = measure_recall(lexical_engine(), fixture(), RecallOptions{});
    return r;
}

TEST(MeldRecall, FixtureLoadsWithItsSupportingFacts) {
    ASSERT_EQ(fixture().size(), 3u);
    size_t supporting = 0;
    for (const QaItem& item : fixture()) supporting += item.supporting.size();
    EXPECT_EQ(supporting, 10u);
    EXPECT_EQ(fixture_result().sentences, 39u);
}

TEST(MeldRecall, CentralizedRecallsEverySupportingFactWhenKCoversTheContext) {
    // Every fixture question has at most 16 sentences, so k = 20 reads the whole centralized store.
    for (const OverlapResult& row : fixture_result().sweep)
        EXPECT_DOUBLE_EQ(row.stores[kStore(RecallStore::kCentralized)].recall[2], 1.0) << "overlap " << row.overlap;
}

TEST(MeldRecall, NaiveUnionWithoutOverlapIsTheCentralizedStore) {
    const OverlapResult& none = fixture_result().sweep.front();
    ASSERT_EQ(none.overlap, 0.0);
    const StoreMeasure& naive = none.stores[kStore(RecallStore::kUnion)];
    const StoreMeasure& central = none.stores[kStore(RecallStore::kCentralized)];
    EXPECT_EQ(naive.live, central.live);
    for (size_t d = 0; d < kRecallDepths.size(); ++d) EXPECT_EQ(naive.per_question[d], central.per_question[d]) << "k " << kRecallDepths[d];
    EXPECT_EQ(none.repeats + none.paraphrases, 0u);
}

TEST(MeldRecall, SinkHoldsLessThanTheUnionOnceBrainsOverlap) {
    for (const OverlapResult& row : fixture_result().sweep) {
        if (row.overlap == 0) continue;
        const double merged = row.stores[kStore(RecallStore::kMerge)].live;
        const double naive = row.stores[kStore(RecallStore::kUnion)].live;
        const double dedup = row.stores[kStore(RecallStore::kExactDedup)].live;
        const double central = row.stores[kStore(RecallStore::kCentralized)].live;
        EXPECT_GT(row.repeats + row.paraphrases, 0u) << "overlap " << row.overlap;
        EXPECT_LT(merged, naive) << "overlap " << row.overlap;
        EXPECT_LT(merged, dedup) << "overlap " << row.overlap;  // paraphrases too are consolidated
        EXPECT_GT(naive, central) << "overlap " << row.overlap;
        EXPECT_GT(row.decisions.count("merge"), 0u) << "overlap " << row.overlap;
    }
}

TEST(MeldRecall, SameSeedGivesTheSameNumbersAndAnotherSeedMovesTheCopies) {
    const RecallResult again = measure_recall(lexical_engine(), fixture(), RecallOptions{});
    RecallOptions other;
    other.seed = 2;
    const RecallResult moved = measure_recall(lexical_engine(), fixture(), other);
    for (size_t o = 0; o < again.sweep.size(); ++o)
        for (size_t s = 0; s < 4; ++s)
            for (size_t d = 0; d < kRecallDepths.size(); ++d)
                EXPECT_EQ(again.sweep[o].stores[s].per_question[d], fixture_result().sweep[o].stores[s].per_question[d]);
    EXPECT_NE(moved.sweep.back().stores[kStore(RecallStore::kUnion)].live + moved.sweep.back().repeats,
              fixture_result().sweep.back().stores[kStore(RecallStore::kUnion)].live + fixture_result().sweep.back().repeats);
}

TEST(MeldRecall, ParaphraseChangesTheBytesAndTheClaimKeyButMergesUnderTheLexicalSignal) {
    const std::string original = "Scott Derrickson (born July 16, 1966) is an American director, screenwriter and producer.";
    const std::string para = paraphrase_sentence(original);
    EXPECT_NE(para, original);
    EXPECT_NE(claim_key(para, {}), claim_key(original, {}));
    const auto& engine = *lexical_engine();
    EXPECT_GE(engine.similarity(engine.prepare(original), engine.prepare(para)), lexical_default_thresholds().theta_merge);
}

TEST(PairedTest, StudentQuantilesAndTostAgainstTables) {
    EXPECT_NEAR(student_t_quantile(0.95, 10), 1.8125, 2e-3);
    EXPECT_NEAR(student_t_quantile(0.975, 10), 2.2281, 2e-3);
    EXPECT_NEAR(student_t_quantile(0.975, 49), 2.0096, 1e-3);
    // Differences 0.1, 0.0, 0.1, 0.0: mean 0.05, sd 0.0577, 90% half-width t(0.95, 3) 2.353 × 0.0289.
    const std::vector<double> a = {0.6, 0.5, 0.7, 0.4}, b = {0.5, 0.5, 0.6, 0.4};
    const PairedInterval i = paired_interval(a, b, 0.90);
    EXPECT_NEAR(i.mean, 0.05, 1e-12);
    EXPECT_NEAR(i.high - i.mean, 2.3534 * 0.057735 / 2, 2e-3);
    EXPECT_FALSE(tost(a, b, 0.05).equivalent);  // the mean sits on the margin
    EXPECT_TRUE(tost(a, a, 0.05).equivalent);
}

TEST(MeldRecall, LoaderNamesTheItemAndFieldOfABadEntry) {
    const std::string path = ::testing::TempDir() + "/bad_hotpot.json";
    std::ofstream(path) << R"([{"_id":"x","question":"q?","context":[["T",["s."]]],"supporting_facts":[["T","zero"]]}])";
    const auto r = load_hotpotqa(path);
    ASSERT_FALSE(r.ok());
    const std::string text = r.error().to_string();
    EXPECT_NE(text.find(path), std::string::npos) << text;
    EXPECT_NE(text.find("item 0 supporting_facts[0]"), std::string::npos) << text;
    std::remove(path.c_str());
}

}  // namespace
}  // namespace bm::meld
