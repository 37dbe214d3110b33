// Laws of the packing objective and the selection algorithms, checked over generated cases.
#include <gtest/gtest.h>

#include <random>

#include "pack/objective.h"
#include "pack/select.h"

namespace bm {
namespace {

std::vector<PackCandidate> random_items(std::mt19937& rng, size_t n) {
    std::vector<PackCandidate> items;
    std::uniform_int_distribution<int> type(0, 6), evidence(1, 4), sources(1, 4), trust(0, 2), cost(1, 40);
    std::uniform_real_distribution<double> rel(0, 1);
    std::bernoulli_distribution retracted(0.15);
    for (size_t i = 0; i < n; ++i) {
        PersonalInputs in{static_cast<SlotType>(type(rng)), evidence(rng), sources(rng), trust(rng), rel(rng),
                          retracted(rng)};
        items.push_back({in.type, personal_value(in), static_cast<size_t>(cost(rng))});
    }
    return items;
}

std::vector<size_t> subset(uint32_t mask, size_t n) {
    std::vector<size_t> out;
    for (size_t i = 0; i < n; ++i)
        if (mask & (1u << i)) out.push_back(i);
    return out;
}

TEST(PackObjective, personal_value_follows_the_spec_formula) {
    PersonalInputs in{SlotType::kConstraint, 4, 2, 1, 0.5, false};
    EXPECT_DOUBLE_EQ(personal_value(in), 3 + 12 + 4 + 4 + 1);
    in.retracted = true;
    EXPECT_DOUBLE_EQ(personal_value(in), (3 + 12 + 4 + 4 + 1) * 0.05);
    EXPECT_DOUBLE_EQ(type_value(SlotType::kDecision), 2.5);
    EXPECT_DOUBLE_EQ(coverage_weight(SlotType::kFact), 0.9);
    EXPECT_DOUBLE_EQ(query_relevance("database port", "service.port 8080"), 0.5);
    EXPECT_DOUBLE_EQ(query_relevance("", "anything"), 0.0);
}

// Monotonicity over every subset of small generated sets: adding an item never lowers U.
TEST(PackObjective, pack_objective_is_monotone) {
    std::mt19937 rng(7);
    size_t cases = 0;
    for (int round = 0; round < 40; ++round) {
        const size_t n = 2 + round % 7;
        auto items = random_items(rng, n);
        for (uint32_t mask = 0; mask < (1u << n); ++mask)
            for (size_t v = 0; v < n; ++v) {
                if (mask & (1u << v)) continue;
                const double before = objective_value(items, subset(mask, n));
                const double after = objective_value(items, subset(mask | (1u << v), n));
                ASSERT_GE(after, before - 1e-12) << "round " << round << " mask " << mask << " v " << v;
                ++cases;
            }
    }
    EXPECT_GE(cases, 1000u);
}

// Diminishing returns: U(S+v) − U(S) ≥ U(T+v) − U(T) for S ⊆ T, v ∉ T, over ≥ 1,000 generated cases.
TEST(PackObjective, pack_objective_is_submodular) {
    std::mt19937 rng(11);
    size_t cases = 0;
    for (int round = 0; round < 3000; ++round) {
        const size_t n = 3 + round % 9;
        auto items = random_items(rng, n);
        std::uniform_int_distribution<uint32_t> pick(0, (1u << n) - 1);
        const uint32_t t = pick(rng);
        const uint32_t s = t & pick(rng);  // S ⊆ T
        for (size_t v = 0; v < n; ++v) {
            if (t & (1u << v)) continue;
            const double gain_s = objective_value(items, subset(s | (1u << v), n)) - objective_value(items, subset(s, n));
            const double gain_t = objective_value(items, subset(t | (1u << v), n)) - objective_value(items, subset(t, n));
            ASSERT_GE(gain_s, gain_t - 1e-9) << "round " << round;
            ++cases;
        }
    }
    EXPECT_GE(cases, 1000u);
}

TEST(PackObjective, marginal_gain_matches_the_objective_difference) {
    std::mt19937 rng(3);
    for (int round = 0; round < 200; ++round) {
        auto items = random_items(rng, 8);
        std::vector<size_t> s = subset(static_cast<uint32_t>(round * 37 % 128), 7);
        std::array<int, kSlotTypeCount> counts{};
        for (size_t i : s) ++counts[type_index(items[i].type)];
        std::vector<size_t> with = s;
        with.push_back(7);
        EXPECT_NEAR(marginal_gain(items[7], counts), objective_value(items, with) - objective_value(items, s), 1e-9);
    }
}

// Both algorithms stay within the budget; enumeration is never worse than density greedy.
TEST(PackSelect, partial_enumeration_is_never_worse_than_density_greedy_and_fits) {
    std::mt19937 rng(5);
    size_t beat = 0;
    for (int round = 0; round < 1000; ++round) {
        auto items = random_items(rng, 1 + round % 30);
        const size_t budget = static_cast<size_t>(round * 13 % 200);
        Selection greedy = density_greedy(items, budget);
        SelectOptions o;
        o.budget = budget;
        o.top_m = 8;
        Selection best = select_candidates(items, o);
        size_t cost = 0;
        for (size_t i : best.chosen) cost += items[i].cost;
        ASSERT_LE(cost, budget);
        ASSERT_LE(greedy.cost, budget);
        ASSERT_GE(best.value, greedy.value - 1e-9) << "round " << round;
        EXPECT_DOUBLE_EQ(best.greedy_value, greedy.value);
        EXPECT_EQ(best.beat_greedy, best.value > greedy.value + 1e-12);
        beat += best.beat_greedy;
    }
    EXPECT_GT(beat, 0u) << "enumeration never improved on greedy: the test would not notice a no-op";
}

// The classic knapsack trap: one big valuable item versus many small dense ones.
TEST(PackSelect, enumeration_escapes_the_density_greedy_trap) {
    std::vector<PackCandidate> items = {{SlotType::kFact, 2.0, 1}, {SlotType::kConstraint, 90.0, 100}};
    Selection greedy = density_greedy(items, 100);
    EXPECT_EQ(greedy.chosen, std::vector<size_t>({0}));
    SelectOptions o;
    o.budget = 100;
    Selection best = select_candidates(items, o);
    EXPECT_EQ(best.chosen, std::vector<size_t>({1}));
    EXPECT_TRUE(best.beat_greedy);
    EXPECT_NE(best.algorithm.find("partial-enumeration(k=3"), std::string::npos);
    o.algorithm = PackAlgorithm::kDensityGreedy;
    EXPECT_EQ(select_candidates(items, o).algorithm, "density-greedy");
}

TEST(PackSelect, retracted_items_are_available_but_never_competitive) {
    PersonalInputs live{SlotType::kFact, 2, 1, 1, 0, false};
    PersonalInputs gone{SlotType::kConstraint, 4, 3, 2, 1, true};
    std::vector<PackCandidate> items = {{gone.type, personal_value(gone), 10}, {live.type, personal_value(live), 10}};
    SelectOptions o;
    o.budget = 10;
    EXPECT_EQ(select_candidates(items, o).chosen, std::vector<size_t>({1}));
    o.budget = 20;
    EXPECT_EQ(select_candidates(items, o).chosen, std::vector<size_t>({0, 1}));
}

}  // namespace
}  // namespace bm
