// MergeBench: whole-word metrics, deterministic scenarios, and the targets on a small run.
#include <gtest/gtest.h>

#include "bench/mergebench/mergebench.h"
#include "pack/token_estimator.h"

namespace bm::mergebench {
namespace {

double rate(size_t n, size_t d) { return d ? static_cast<double>(n) / static_cast<double>(d) : 0.0; }

const ArmResult& arm(const RunResult& r, const std::string& name) {
    for (const auto& a : r.arms)
        if (a.arm == name) return a;
    throw std::logic_error("no arm " + name);
}

TEST(MergeBench, values_match_as_whole_words_not_substrings) {
    EXPECT_TRUE(contains_word("the cache is redis.", "redis"));
    EXPECT_FALSE(contains_word("the cache is redisson", "redis"));
    EXPECT_FALSE(contains_word("port 80800", "8080"));
    EXPECT_TRUE(contains_word("- port = 8080 (fact)", "8080"));
    EXPECT_FALSE(contains_word("", "x"));
}

TEST(MergeBench, scenarios_are_deterministic_per_seed_and_differ_across_seeds) {
    for (Family f : {Family::kBase, Family::kParaphrase, Family::kDerivation, Family::kInjection}) {
        Scenario a = generate_scenario({f, 3, 10, 2});
        Scenario b = generate_scenario({f, 3, 10, 2});
        Scenario c = generate_scenario({f, 4, 10, 2});
        ASSERT_EQ(a.sessions.size(), 2u);
        ASSERT_EQ(a.sessions[0].messages.size(), b.sessions[0].messages.size());
        for (size_t i = 0; i < a.sessions[0].messages.size(); ++i)
            EXPECT_EQ(a.sessions[0].messages[i].visible_text(), b.sessions[0].messages[i].visible_text());
        EXPECT_NE(a.topics[0].key + a.topics[1].key, c.topics[0].key + c.topics[1].key);
    }
}

// A transcript arm holds the injected directives unmarked; the merged blocks never do.
TEST(MergeBench, injected_directives_stay_inside_marked_untrusted_items) {
    auto counter = make_token_estimator();
    RunResult r = run_mergebench({Family::kInjection, 3, 10, 2, 400}, *counter);
    EXPECT_GT(arm(r, "concat").tally.leaks, 0u);
    EXPECT_EQ(arm(r, "heuristic").tally.leaks, 0u);
    EXPECT_EQ(arm(r, "oracle").tally.leaks, 0u);
    EXPECT_TRUE(r.within_budget);
}

TEST(MergeBench, merge_answers_bridge_questions_within_the_budget) {
    auto counter = make_token_estimator();
    RunResult tight = run_mergebench({Family::kBase, 3, 10, 2, 400}, *counter);
    EXPECT_TRUE(tight.within_budget);
    const Tally& h = arm(tight, "heuristic").tally;
    EXPECT_GE(rate(h.bridge, h.bridge_total), 0.98);
    EXPECT_GE(rate(h.unambig, h.conflicted_total), 0.90);
    EXPECT_LE(h.max_tokens, 400u);
    const Tally& o = arm(tight, "oracle").tally;
    EXPECT_EQ(o.bridge, o.bridge_total);
    RunResult loose = run_mergebench({Family::kBase, 3, 8, 2, 1200}, *counter);
    const Tally& hl = arm(loose, "heuristic").tally;
    const Tally& cl = arm(loose, "concat").tally;
    EXPECT_EQ(hl.bridge, hl.bridge_total);
    EXPECT_LT(hl.tokens_sum, cl.tokens_sum);
    EXPECT_EQ(rate(cl.both, cl.conflicted_total), 1.0);  // concatenation resolves nothing
    // The JSON form names every field of the issue.
    auto json = result_json(loose);
    for (const char* field : {"\"family\"", "\"seeds\"", "\"topics\"", "\"branches\"", "\"budget\"", "\"questions\"",
                              "\"arms\"", "\"gain\"", "\"unambig\"", "\"both\"", "\"invent\"", "\"max_tokens\""})
        EXPECT_NE(json.find(field), std::string::npos) << field;
}

}  // namespace
}  // namespace bm::mergebench
