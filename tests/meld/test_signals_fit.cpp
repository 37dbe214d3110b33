// The merge combiner (features, logistic fit, the fitted one on hand-written pairs), and the train/test
// separation of `bench meld-gold` (#18).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "bench/meld/fit.h"
#include "bench/meld/logistic.h"
#include "meld_fixture.h"

namespace bm::meld {
namespace {

using meldtest::lexical_engine;
using meldtest::wordnet_installed;

PairFeatures features_of(const std::string& a, const std::string& b) {
    const auto& e = *lexical_engine();
    const PreparedText pa = e.prepare(a), pb = e.prepare(b);
    return e.features(pa, pb, e.similarity(pa, pb));
}

TEST(MergeCombiner, PassesOnlyAboveItsThresholdWithAgreeingValues) {
    MergeCombiner c;
    c.enabled = true;
    c.weights[0] = 10;  // sigma
    c.bias = -5;
    c.threshold = 0.5;
    PairFeatures f;
    f.sigma = 0.6;
    EXPECT_NEAR(c.probability(f), 1 / (1 + std::exp(-1.0)), 1e-12);
    EXPECT_TRUE(c.passes(f));
    PairFeatures low = f, other_value = f;
    low.sigma = 0.4;
    other_value.values_agree = false;
    EXPECT_FALSE(c.passes(low));
    EXPECT_FALSE(c.passes(other_value)) << "claims stating other numbers never merge by the combiner";
    EXPECT_FALSE(MergeCombiner{}.passes(f)) << "a disabled combiner never passes";
    EXPECT_EQ(MergeCombiner{}.identity(), "");
    EXPECT_EQ(c.identity().rfind("combiner=logit/0.500/", 0), 0u) << c.identity();
    MergeCombiner other = c;
    other.weights[1] = 0.5;
    EXPECT_NE(other.identity(), c.identity()) << "the identity names the coefficients";
}

TEST(MergeCombiner, LogisticFitIsDeterministicAndFindsTheSignal) {
    std::vector<LogisticSample> samples;
    for (int i = 0; i < 200; ++i) {
        LogisticSample s;
        s.x[0] = (i % 20) / 20.0;        // informative
        s.x[1] = ((i * 7) % 13) / 13.0;  // noise
        s.positive = s.x[0] + ((i * 3) % 5) / 20.0 > 0.6;
        samples.push_back(s);
    }
    const LogisticModel a = fit_logistic(samples, 0.1), b = fit_logistic(samples, 0.1);
    EXPECT_EQ(a.weights, b.weights);
    EXPECT_EQ(a.bias, b.bias);
    EXPECT_GT(a.weights[0], 5.0);
    EXPECT_LT(std::fabs(a.weights[1]), std::fabs(a.weights[0]) / 4);
    const LogisticModel strong = fit_logistic(samples, 100.0);
    EXPECT_LT(std::fabs(strong.weights[0]), std::fabs(a.weights[0])) << "L2 shrinks the weights";
}

TEST(MergeCombiner, FeaturesOfHandWrittenPairs) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const PairFeatures same = features_of("The cache holds 512 entries", "The cache holds 512 entries");
    EXPECT_DOUBLE_EQ(same.coverage, 1.0);
    EXPECT_DOUBLE_EQ(same.soft_coverage_back, 1.0);
    EXPECT_TRUE(same.values_agree && same.has_values);
    EXPECT_FALSE(same.negation_differs);
    const PairFeatures other_port = features_of("The proxy listens on port 8080", "The proxy listens on port 9090");
    EXPECT_FALSE(other_port.values_agree);
    EXPECT_FALSE(fitted_merge_combiner().passes(other_port));
    const PairFeatures soft = features_of("We retain the logs", "We keep the logs");
    EXPECT_LT(soft.coverage, 1.0) << "retain and keep are different lemmas";
    EXPECT_DOUBLE_EQ(soft.soft_coverage, 1.0) << "WordNet: retain and keep share a sense";
    const PairFeatures negated = features_of("The build fails on warnings", "The build does not fail on warnings");
    EXPECT_TRUE(negated.negation_differs);
    const PairFeatures subset = features_of("A man plays a guitar outside the station at night", "A man plays a guitar");
    EXPECT_DOUBLE_EQ(subset.coverage, 1.0);
    EXPECT_LT(subset.coverage_back, 0.8) << "an entailment, not a paraphrase";
    EXPECT_FALSE(fitted_merge_combiner().passes(subset));
    EXPECT_DOUBLE_EQ(subset.core_coverage, 1.0) << "man and guitar are in the longer claim";
    EXPECT_LT(subset.core_coverage_back, 0.6) << "station and night are not in the shorter";
    EXPECT_FALSE(subset.predicate_reworded) << "the unmatched words are nouns";
    const PairFeatures reworded = features_of("Alice merges the pull requests", "Alice approves the pull requests");
    EXPECT_TRUE(reworded.predicate_reworded) << "only the verb differs";
    EXPECT_FALSE(other_port.predicate_reworded) << "nothing but the number differs";
}

TEST(MergeCombiner, MergesAParaphraseBelowThetaThroughTheProcedure) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const std::string a = "The refresh token expires after 12 hours", b = "Refresh tokens are valid for 12 hours";
    const PairFeatures f = features_of(a, b);
    ASSERT_LT(f.sigma, lexical_default_thresholds().theta_merge) << "σ alone would relate them";
    ASSERT_TRUE(fitted_merge_combiner().passes(f)) << f.sigma << " p=" << fitted_merge_combiner().probability(f);
    GoldPair p{"hand", PairClass::kMerge, false, meldtest::claim(a, "repo:x"), meldtest::claim(b, "repo:x")};
    const GoldReport with = evaluate_gold({p}, lexical_engine(), lexical_default_thresholds(), Gates{});
    EXPECT_EQ(with.confusion[0][0], 1u) << "merged by R5 through the combiner";
    auto without = std::make_shared<SignalEngine>(
        std::shared_ptr<const SignalProvider>(lexical_engine(), &lexical_engine()->provider()), MergeCombiner{});
    const GoldReport plain = evaluate_gold({p}, without, lexical_default_thresholds(), Gates{});
    EXPECT_EQ(plain.confusion[0][1], 1u) << "related without it";
}

class GoldSplitsTest : public ::testing::Test {
protected:
    std::string data = std::string(SOURCE_DIR) + "/bench/data";
    std::string shared = std::filesystem::exists(std::string(SOURCE_DIR) + "/../shared/data/sts")
                             ? std::string(SOURCE_DIR) + "/../shared/data"
                             : std::string();
};

TEST_F(GoldSplitsTest, NoTestPairIsInTraining) {
    auto s = load_gold_splits(data, shared);
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    ASSERT_GE(s->test.size(), 2u);
    EXPECT_TRUE(split_overlaps(*s).empty()) << split_overlaps(*s).front();
    size_t test_gold = 0;
    for (const auto& t : s->test) test_gold += t.name == "test gold" ? t.pairs.size() : 0;
    EXPECT_GE(test_gold, 150u);
    // The check itself: a test pair copied into training (either order) is found.
    GoldPair leaked = s->test.back().pairs.front();
    std::swap(leaked.a, leaked.b);
    s->train.front().pairs.push_back(leaked);
    const auto overlap = split_overlaps(*s);
    ASSERT_EQ(overlap.size(), 1u);
    EXPECT_EQ(overlap.front(), s->test.back().name + ": " + s->test.back().pairs.front().id);
}

TEST_F(GoldSplitsTest, FitOnlyPairsJoinSnliTrainingAndShareNoSentenceWithATestPair) {
    const char* env = std::getenv("BM_SHARED_DATA");
    const std::string dir = env && std::filesystem::exists(std::string(env) + "/nli") ? std::string(env) : shared;
    if (dir.empty()) GTEST_SKIP() << "no shared data (set BM_SHARED_DATA)";
    auto s = load_gold_splits(data, dir);
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    ASSERT_EQ(s->fit_only.size(), 1u);
    EXPECT_EQ(s->fit_only.front().joins, "SNLI dev derived 1-150");
    EXPECT_GT(s->fit_only.front().pairs.pairs.size(), 1900u) << "1,000 per class, less those touching a test pair";
    std::set<std::string> test_sentences;
    for (const auto& t : s->test)
        for (const auto& p : t.pairs) test_sentences.insert({p.a.text, p.b.text});
    size_t touching = 0;
    for (const auto& p : s->fit_only.front().pairs.pairs) touching += test_sentences.count(p.a.text) + test_sentences.count(p.b.text);
    EXPECT_EQ(touching, 0u);
    // They are never scored: the cross-validation reports one figure per training set.
    const OperatingPoint op = fit_operating_point(s->train, *lexical_engine(), s->fit_only);
    EXPECT_EQ(op.chosen.set_macro_f1.size(), s->train.size());
}

TEST_F(GoldSplitsTest, ATrainingPairThatIsATestPairIsDropped) {
    const auto dir = std::filesystem::temp_directory_path() / ("bm_gold_splits_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    for (const char* f : {"meld_gold_dev.jsonl", "meld_gold_test.jsonl"})
        std::filesystem::copy_file(data + "/" + f, dir / f, std::filesystem::copy_options::overwrite_existing);
    std::string first_test_line;
    std::getline(std::ifstream(data + "/meld_gold_test.jsonl"), first_test_line);
    std::ofstream(dir / "meld_gold_train.jsonl") << first_test_line << "\n"
        << R"({"a":{"scope":["repo:s"],"text":"x is 1"},"b":{"scope":["repo:s"],"text":"x equals 1"},"class":"merge","id":"own"})" << "\n";
    std::ofstream(dir / "meld_gold_train_agent.jsonl")
        << R"({"a":{"scope":["repo:s"],"text":"y is 2"},"b":{"scope":["repo:s"],"text":"y equals 2"},"class":"merge","id":"agent"})" << "\n";
    std::ofstream(dir / "meld_gold_train_agent2.jsonl")
        << R"({"a":{"scope":["repo:s"],"text":"z is 3"},"b":{"scope":["repo:s"],"text":"z equals 3"},"class":"merge","id":"agent2"})" << "\n";
    auto s = load_gold_splits(dir.string(), "");
    std::filesystem::remove_all(dir);
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    ASSERT_EQ(s->train.size(), 3u) << "the three training golds";
    ASSERT_EQ(s->train.front().pairs.size(), 1u);
    EXPECT_EQ(s->train.front().pairs.front().id, "own");
    EXPECT_EQ(s->skipped.size(), 1u) << "no --shared: the derived sets are named as skipped";
}

TEST_F(GoldSplitsTest, TheFitReproducesTheCommittedCombiner) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const char* env = std::getenv("BM_SHARED_DATA");
    const std::string dir = env && std::filesystem::exists(std::string(env) + "/sts") ? std::string(env) : shared;
    if (dir.empty()) GTEST_SKIP() << "no shared data (set BM_SHARED_DATA): the committed fit used STS-B and SNLI";
    auto s = load_gold_splits(data, dir);
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    const OperatingPoint op = fit_operating_point(s->train, *lexical_engine(), s->fit_only);
    EXPECT_EQ(op.combiner.identity(), fitted_merge_combiner().identity()) << "refit and paste (docs/meld.md)";
    EXPECT_EQ(op.thresholds.theta_merge, lexical_default_thresholds().theta_merge);
    EXPECT_EQ(op.thresholds.sigma_lo, lexical_default_thresholds().sigma_lo);
    EXPECT_LE(op.chosen.pooled_false_merge, 0.01);
    EXPECT_LE(op.train_false_merge, 0.02);
}

TEST_F(GoldSplitsTest, AMissingGoldFileNamesIt) {
    auto s = load_gold_splits("/nonexistent-bench-data", "");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().to_string().find("/nonexistent-bench-data/meld_gold_train.jsonl"), std::string::npos)
        << s.error().to_string();
}

}  // namespace
}  // namespace bm::meld
