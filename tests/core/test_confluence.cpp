// The confluence experiment reproduces the published counts exactly (SPEC §6), and JOIN obeys its laws.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <tuple>

#include "bench/confluence/confluence_experiment.h"

namespace bm {
namespace {

TEST(Confluence, ReproducesThePublishedFailureCounts) {
    const ConfluenceReport report = run_confluence_experiment();
    EXPECT_EQ(report.evaluations, 72760);
    std::map<std::tuple<std::string, std::string, bool, std::string>, std::pair<long, long>> got;
    for (const auto& c : report.cells)
        got[{c.space, score_rule_name(c.score), c.well_formed, representation_name(c.representation)}] = {c.failures, c.total};
    const std::vector<std::tuple<std::string, std::string, bool, std::string, long, long>> expected = {
        {"A", "egalitarian", false, "COUNT", 7740, 19683}, {"A", "egalitarian", false, "MAX", 8034, 19683},
        {"A", "elitist", false, "COUNT", 7794, 19683},     {"A", "elitist", false, "MAX", 7620, 19683},
        {"A", "egalitarian", true, "COUNT", 54, 343},      {"A", "egalitarian", true, "MAX", 90, 343},
        {"A", "elitist", true, "COUNT", 36, 343},          {"A", "elitist", true, "MAX", 72, 343},
        {"B", "egalitarian", false, "COUNT", 4488, 15625}, {"B", "egalitarian", false, "MAX", 3594, 15625},
        {"B", "elitist", false, "COUNT", 3276, 15625},     {"B", "elitist", false, "MAX", 3240, 15625},
        {"B", "egalitarian", true, "COUNT", 90, 729},      {"B", "egalitarian", true, "MAX", 114, 729},
        {"B", "elitist", true, "COUNT", 72, 729},          {"B", "elitist", true, "MAX", 96, 729},
    };
    for (const auto& [space, score, wf, repr, failures, total] : expected) {
        auto it = got.find({space, score, wf, repr});
        ASSERT_NE(it, got.end());
        EXPECT_EQ(it->second.first, failures) << space << " " << score << " " << wf << " " << repr;
        EXPECT_EQ(it->second.second, total);
        const auto join = got.at({space, score, wf, "JOIN"});
        EXPECT_EQ(join.first, 0) << "JOIN must never fail";
    }
    ASSERT_FALSE(report.witnesses.empty());
    EXPECT_EQ(report.witnesses[0].profile, "{a@1}{a@1}{b@2}");
    EXPECT_EQ(report.witnesses[0].nary, "disputed{a,b}");
    EXPECT_EQ(report.witnesses[0].incremental, "b");
    EXPECT_EQ(report.cascade.nary_in, std::vector<std::string>{"c0"});
    EXPECT_TRUE(report.cascade.incremental_in.empty());
    EXPECT_TRUE(report.idempotent);
}

Annotation random_annotation(std::mt19937& rng) {
    std::vector<Opinion> ops;
    const int n = static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i)
        ops.push_back({std::string(1, static_cast<char>('a' + rng() % 3)), "s" + std::to_string(rng() % 4),
                       1 + static_cast<int>(rng() % 4)});
    return Annotation(std::move(ops));
}

TEST(MergeLaws, join_is_commutative_associative_idempotent) {
    std::mt19937 rng(7);
    for (int i = 0; i < 2000; ++i) {
        Annotation a = random_annotation(rng), b = random_annotation(rng), c = random_annotation(rng);
        EXPECT_EQ(Annotation::join(a, b), Annotation::join(b, a));
        EXPECT_EQ(Annotation::join(Annotation::join(a, b), c), Annotation::join(a, Annotation::join(b, c)));
        EXPECT_EQ(Annotation::join(a, a), a);
    }
}

TEST(MergeLaws, incremental_join_equals_nary_for_every_permutation_of_six_branches) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 20; ++trial) {
        std::vector<Annotation> branches;
        for (int i = 0; i < 6; ++i) branches.push_back(random_annotation(rng));
        Annotation nary;
        for (const auto& b : branches) nary = Annotation::join(nary, b);
        std::vector<int> order = {0, 1, 2, 3, 4, 5};
        do {
            Annotation acc = branches[static_cast<size_t>(order[0])];
            for (size_t k = 1; k < order.size(); ++k) acc = Annotation::join(acc, branches[static_cast<size_t>(order[k])]);
            ASSERT_EQ(acc, nary);
            ASSERT_EQ(select(acc, ScoreRule::kEgalitarian), select(nary, ScoreRule::kEgalitarian));
        } while (std::next_permutation(order.begin(), order.end()));
    }
}

TEST(Selection, OneSourceCountsOncePerValueAtItsHighestLevel) {
    // b0 asserts a at levels 1 and 4: counts as 8, not 9; b1's b at 4 plus b2's b at 1 → 9 > 8.
    Annotation ann({{"a", "b0", 1}, {"a", "b0", 4}, {"b", "b1", 4}, {"b", "b2", 1}});
    Decision d = select(ann, ScoreRule::kEgalitarian);
    EXPECT_EQ(d.outcome, Outcome::kResolved);
    EXPECT_EQ(d.winner, "b");
}

TEST(Selection, TiesAreNeverGuessed) {
    Decision d = select(Annotation({{"mysql", "b1", 4}, {"postgresql", "b0", 4}}), ScoreRule::kEgalitarian);
    EXPECT_EQ(d.outcome, Outcome::kDisputed);
    EXPECT_EQ(d.tied, (std::vector<std::string>{"mysql", "postgresql"}));
    // Elitist: (4) beats (2,2,2) although 8 > 6 egalitarian too; (3,1) vs (3) → prefix smaller.
    Decision e = select(Annotation({{"x", "s1", 3}, {"x", "s2", 1}, {"y", "s3", 3}}), ScoreRule::kElitist);
    EXPECT_EQ(e.winner, "x");
}

}  // namespace
}  // namespace bm
