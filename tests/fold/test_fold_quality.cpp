// bench fold-quality: reference keys, unchanged prefixes, each replay metric on a hand-built
// session (expected values worked out by hand from the surfaces), and the CLI smoke run.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "bench/fold/fold_quality.h"
#include "bench/fold/replay_metrics.h"
#include "fold_test_support.h"

namespace bm {
namespace {

using bench::CompactionPolicy;
using bench::ReplayMetrics;
using testing::TempDir;

TEST(FoldQualityKeys, PathsIdsValuesAndErrorLines) {
    const std::string text =
        "Edit src/app.py and README.md (port 8080, version 1.2.3), see call-17x; e.g. done.\n"
        "  ValueError: bad token zq7731 at line 42 while parsing the configuration file\n";
    const std::vector<std::string> expected = {"1.2.3",      "8080",       "README.md",
                                               "ValueError: bad token zq7731 at line 42 while parsing the",
                                               "call-17x",   "src/app.py", "zq7731"};
    EXPECT_EQ(bench::reference_keys(text), expected);
    EXPECT_TRUE(bench::reference_keys("lorem ipsum, e.g. i.e. 42 abcdef").empty());
}

TEST(FoldQualityPrefix, LeadingByteIdenticalItemsOnly) {
    const bench::Prompt before = {{"aaa", 1}, {"bbbbb", 2}, {"c", 1}};
    const bench::Prompt after = {{"aaa", 1}, {"bbbbb", 2}, {"d", 1}};
    const auto kept = bench::unchanged_prefix(before, after);
    EXPECT_EQ(kept.items, 2u);
    EXPECT_EQ(kept.bytes, 8u);
    EXPECT_EQ(kept.tokens, 3u);
    EXPECT_EQ(bench::unchanged_prefix(before, {{"x", 1}, {"bbbbb", 2}}).bytes, 0u);
    EXPECT_EQ(bench::unchanged_prefix({}, after).items, 0u);
}

// t0 user (big), t1 call c1 read_file src/app.py, t2 its result, t3 assistant, t4 user naming
// zq7731 and src/app.py, t5 the same call again (c2), t6 its result, t7 assistant (medium).
Session hand_session() {
    Session s;
    s.id = "quality-hand";
    auto filler = [](size_t words) {
        std::string f;
        for (size_t i = 0; i < words; ++i) f += "lorem ipsum ";
        return f;
    };
    auto add = [&](Role role, ContentBlock block) {
        Message m;
        m.session_id = s.id;
        m.seq = static_cast<int64_t>(s.messages.size());
        m.id = "m" + std::to_string(m.seq);
        m.role = role;
        m.blocks = {std::move(block)};
        s.messages.push_back(std::move(m));
    };
    auto call = [](const std::string& id) {
        ContentBlock b;
        b.kind = BlockKind::kToolCall;
        b.tool_id = id;
        b.tool_name = "read_file";
        b.arguments = "{\"path\":\"src/app.py\"}";
        return b;
    };
    auto result = [](const std::string& id, std::string text) {
        ContentBlock b;
        b.kind = BlockKind::kToolResult;
        b.tool_id = id;
        b.text = std::move(text);
        return b;
    };
    add(Role::kUser, testing::text_block("Fix src/app.py please. " + filler(500)));
    add(Role::kAssistant, call("c1"));
    add(Role::kTool, result("c1", "contents zq7731 " + filler(100)));
    add(Role::kAssistant, testing::text_block("Reading done. " + filler(100)));
    add(Role::kUser, testing::text_block("Now zq7731 and src/app.py again. " + filler(100)));
    add(Role::kAssistant, call("c2"));
    add(Role::kTool, result("c2", "second read " + filler(100)));
    add(Role::kAssistant, testing::text_block("Finished. " + filler(400)));
    return s;
}

struct Expected {
    size_t c1_bytes = 0, c1_tokens = 0, c2_tokens = 0;
    std::string c1_text;
};

class FoldQualityReplay : public ::testing::TestWithParam<CompactionPolicy> {
protected:
    bench::ReplayOptions options() const {
        bench::ReplayOptions o;
        o.budget = tok(0) + tok(1) + tok(2) + tok(3) - 1;  // over it first at turn 3
        o.fold.policy.retain_tokens = tok(3);              // the tail kept is one message
        o.fold.policy.min_reclaim_tokens = 1;
        o.fold.policy.max_leaf_tokens = 1000000;
        o.fold.created_at = 1700000000000;
        return o;
    }
    size_t tok(size_t i) const { return all.items[i].tokens; }

    // The policy's compactions redone by hand on a separate store: C1 folds t0..t2, C2 folds C1 (Basic)
    // or nothing frozen (EF) with t3..t6.
    Expected by_hand(CompactionPolicy policy, const std::string& dir) const {
        BundleStore store(dir);
        const bench::ReplayOptions o = options();
        FoldSurface first{all.session_id, {all.items.begin(), all.items.begin() + 4}};
        FoldSurface after_first;
        if (policy == CompactionPolicy::kBasic) after_first = basic_compact(store, first, o.fold)->surface;
        else after_first = fold_until(store, first, FoldMode::kLeaf, 0, o.fold)->surface;
        EXPECT_EQ(after_first.items.size(), 2u);
        Expected e;
        e.c1_text = after_first.items[0].text;
        e.c1_bytes = e.c1_text.size();
        e.c1_tokens = after_first.items[0].tokens;
        FoldSurface second = after_first;
        second.items.insert(second.items.end(), all.items.begin() + 4, all.items.end());
        FoldSurface after_second = policy == CompactionPolicy::kBasic
                                       ? basic_compact(store, second, o.fold)->surface
                                       : fold_until(store, second, FoldMode::kLeaf, 0, o.fold)->surface;
        const size_t checkpoints = policy == CompactionPolicy::kBasic ? 1 : 2;
        EXPECT_EQ(after_second.items.size(), checkpoints + 1);  // ... + t7
        e.c2_tokens = after_second.items[checkpoints - 1].tokens;
        return e;
    }

    FoldSurface all = surface_from_session(hand_session());
};

TEST_P(FoldQualityReplay, EachMetricMatchesTheHandComputation) {
    const CompactionPolicy policy = GetParam();
    const bool ef = policy == CompactionPolicy::kEpistemicFold;
    TempDir dir;
    const Expected e = by_hand(policy, dir.path() + "/by-hand");
    const auto o = options();
    // The design holds: no compaction at turns 4-6, one at 7, and (EF) no root fold after it.
    ASSERT_LE(e.c1_tokens + tok(3) + tok(4) + tok(5) + tok(6), o.budget);
    ASSERT_GT(e.c1_tokens + tok(3) + tok(4) + tok(5) + tok(6) + tok(7), o.budget);
    ASSERT_LE((ef ? e.c1_tokens : 0) + e.c2_tokens + tok(7), o.budget);

    bench::ReplayOptions run = o;
    run.store_dir = dir.path() + "/replay";
    auto m = bench::replay_session(hand_session(), policy, run);
    ASSERT_TRUE(m.ok()) << m.error().to_string();
    EXPECT_EQ(m->turns, 8);
    EXPECT_EQ(m->compactions, 2);
    EXPECT_EQ(m->root_folds, 0);
    EXPECT_EQ(m->checkpoints, 2);
    // PrefixMutationDepth: the first compaction rewrites from the first byte under both; at the
    // second, EF keeps its frozen leaf C1, Basic replaces its summary.
    const std::vector<size_t> unchanged = {0, ef ? e.c1_bytes : 0};
    EXPECT_EQ(m->prefix_unchanged_bytes, unchanged);
    // Surface tokens per turn.
    const size_t c = e.c1_tokens;
    const std::vector<size_t> surface = {tok(0),
                                         tok(0) + tok(1),
                                         tok(0) + tok(1) + tok(2),
                                         c + tok(3),
                                         c + tok(3) + tok(4),
                                         c + tok(3) + tok(4) + tok(5),
                                         c + tok(3) + tok(4) + tok(5) + tok(6),
                                         (ef ? c : 0) + e.c2_tokens + tok(7)};
    EXPECT_EQ(m->surface_tokens, surface);
    // Cache reuse: the previous turn's prompt is kept whole except across a compaction, where EF
    // keeps C1 at turn 7 and Basic nothing.
    const size_t reusable = tok(0) + (tok(0) + tok(1)) + 0 + (c + tok(3)) + (c + tok(3) + tok(4)) +
                            (c + tok(3) + tok(4) + tok(5)) + (ef ? c : 0);
    EXPECT_EQ(m->reusable_tokens, static_cast<int64_t>(reusable));
    // Recall regret. Turn 4 names zq7731 (from t2) and src/app.py (t0), both folded: held when C1
    // shows them, else the search finds them. Turn 5's call names src/app.py, held by live t4.
    const int64_t in_c1 = (e.c1_text.find("zq7731") != std::string::npos) +
                          (e.c1_text.find("src/app.py") != std::string::npos);
    EXPECT_EQ(m->refs_held, in_c1 + 1);
    EXPECT_EQ(m->refs_recalled, 2 - in_c1);
    EXPECT_EQ(m->refs_lost, 0);
    // Duplicate work: t5 repeats t1's call; t1 and its result t2 are folded, so it is duplicate
    // work unless C1 quotes the start of the result.
    EXPECT_EQ(m->repeated_calls, 1);
    const bool shown = e.c1_text.find("contents zq7731 lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lore") !=
                       std::string::npos;
    EXPECT_EQ(m->duplicate_calls, shown ? 0 : 1);
    // Dead weight: src/app.py is named last at turn 5, zq7731 at turn 4; t3, t6, t7 name nothing.
    int64_t c1_last = -1;
    for (const auto& k : bench::reference_keys(e.c1_text))
        c1_last = std::max<int64_t>(c1_last, k == "src/app.py" ? 5 : k == "zq7731" ? 4 : -1);
    const size_t dead = (tok(3) + (c1_last > 3 ? 0 : c)) + (tok(3) + (c1_last > 4 ? 0 : c)) + surface[5] +
                        surface[6] + surface[7];
    EXPECT_EQ(m->dead_tokens, static_cast<int64_t>(dead));
}

INSTANTIATE_TEST_SUITE_P(BothPolicies, FoldQualityReplay,
                         ::testing::Values(CompactionPolicy::kEpistemicFold, CompactionPolicy::kBasic),
                         [](const auto& info) { return std::string(bench::compaction_policy_name(info.param)); });

TEST(FoldQualityBench, RefusesAZeroBudget) {
    bench::ReplayOptions o;
    o.budget = 0;
    EXPECT_FALSE(bench::replay_session(hand_session(), CompactionPolicy::kBasic, o).ok());
}

// The CLI on two copies of the hand session and one small generated log: exit 0, both policies,
// the task-success note, and byte-identical --json across two runs.
TEST(FoldQualityBench, CliSmokeIsDeterministic) {
    TempDir dir;
    const std::string sessions = dir.path() + "/sessions";
    std::filesystem::create_directories(sessions);
    for (const char* name : {"a.jsonl", "b.jsonl"})
        testing::write_file(sessions + "/" + name, testing::slurp_file(std::string(FIXTURE_LOG)));
    auto run = [&](const std::string& extra) {
        const std::string cmd = std::string(BENCH_BIN) + " fold-quality --sessions " + sessions +
                                " --real 2 --generated 1 --generated-kb 40 --budget 1500 " + extra + " 2>/dev/null";
        std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(cmd.c_str(), "r"), ::pclose);
        std::string out;
        char buf[4096];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, pipe.get())) > 0) out.append(buf, n);
        const int status = ::pclose(pipe.release());
        EXPECT_EQ(status, 0) << cmd;
        return out;
    };
    const std::string json = run("--json");
    EXPECT_EQ(json, run("--json"));
    const auto j = nlohmann::json::parse(json);
    EXPECT_EQ(j["sessions"].size(), 3u);
    EXPECT_EQ(j["budget"], 1500);
    EXPECT_GT(j["all"]["EF"]["compactions"].get<int64_t>(), 0);
    EXPECT_EQ(j["all"]["EF"]["recallRegret"]["lost"], 0);
    const std::string md = run("");
    EXPECT_NE(md.find("| all | EF |"), std::string::npos);
    EXPECT_NE(md.find("| all | Basic |"), std::string::npos);
    EXPECT_NE(md.find("Task success cannot be measured offline"), std::string::npos);
}

}  // namespace
}  // namespace bm
