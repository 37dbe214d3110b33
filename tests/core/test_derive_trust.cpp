// Derivation labels (SPEC §8) and the trust lattice's derivation ceiling (SPEC §9).
#include <gtest/gtest.h>

#include "derive/derivation.h"
#include "trust/trust_lattice.h"

namespace bm {
namespace {

TEST(Derivation, TwoIndependentRoutesLosingOneKeepsTheConclusion) {
    std::map<std::string, DerivationInput> slots = {
        {"a", {true, {}}}, {"b", {false, {}}}, {"c", {true, {}}},
        {"goal", {true, {{"a", "b"}, {"c"}}}},  // (a ∧ b) ∨ c
    };
    auto labels = label_derivations(slots);
    EXPECT_EQ(labels["goal"].status, DerivationStatus::kFounded);
    EXPECT_EQ(labels["goal"].satisfied_route, 1u);
    slots["c"].asserted = false;  // the second route falls too
    labels = label_derivations(slots);
    EXPECT_EQ(labels["goal"].status, DerivationStatus::kRetracted);
    EXPECT_EQ(labels["goal"].unmet_premises, (std::vector<std::string>{"b", "c"}));
}

TEST(Derivation, AFlatPremiseListIsOneConjunction) {
    std::map<std::string, DerivationInput> slots = {
        {"a", {true, {}}}, {"b", {false, {}}}, {"x", {true, {{"a", "b"}}}}};
    auto labels = label_derivations(slots);
    EXPECT_FALSE(labels["x"].in);  // read as alternatives it would wrongly be founded by a
    EXPECT_EQ(labels["x"].status, DerivationStatus::kRetracted);
}

TEST(Derivation, ADisputedConclusionIsNeverIn) {
    // Premises IN, but the conclusion is a tie: not asserted, so not IN (the reference said founded).
    std::map<std::string, DerivationInput> slots = {{"p", {true, {}}}, {"c", {false, {{"p"}}}}};
    auto labels = label_derivations(slots);
    EXPECT_FALSE(labels["c"].in);
    EXPECT_EQ(labels["c"].status, DerivationStatus::kUnasserted);
}

TEST(Derivation, ACycleWithoutOutsideSupportStaysOut) {
    std::map<std::string, DerivationInput> slots = {{"x", {true, {{"y"}}}}, {"y", {true, {{"x"}}}}};
    auto labels = label_derivations(slots);
    EXPECT_FALSE(labels["x"].in);
    EXPECT_FALSE(labels["y"].in);
    slots["y"].routes.push_back({"z"});
    slots["z"] = {true, {}};  // outside support enters the cycle
    labels = label_derivations(slots);
    EXPECT_TRUE(labels["x"].in);
    EXPECT_TRUE(labels["y"].in);
}

TEST(Derivation, UnknownPremisesAreReported) {
    auto labels = label_derivations({{"x", {true, {{"nowhere.key"}}}}});
    EXPECT_EQ(labels["x"].unknown_premises, std::vector<std::string>{"nowhere.key"});
    EXPECT_EQ(labels["x"].status, DerivationStatus::kRetracted);
}

TEST(Trust, CeilingUsesTheBestRoute) {
    using T = TrustLabel;
    EXPECT_EQ(derivation_ceiling({{T::kTrusted, T::kUntrusted}, {T::kExternal, T::kExternal}}), T::kExternal);
    EXPECT_EQ(derivation_ceiling({{T::kTrusted, T::kTrusted}, {T::kUntrusted}}), T::kTrusted);
    EXPECT_EQ(derivation_ceiling({}), std::nullopt);
    EXPECT_EQ(trust_join(T::kExternal, T::kUntrusted), T::kExternal);
    EXPECT_EQ(trust_meet(T::kExternal, T::kTrusted), T::kExternal);
}

}  // namespace
}  // namespace bm
