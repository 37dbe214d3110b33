// MergeBench scenario files: the generator's scenarios survive a dump and a read, a hand-scored file
// gives the scores worked out below, and bad files are refused with file:line and the field.
#include <gtest/gtest.h>

#include "bench/mergebench/mergebench.h"
#include "bench/mergebench/scenario_file.h"
#include "pack/token_estimator.h"

namespace bm::mergebench {
namespace {

const ArmResult& arm(const RunResult& r, const std::string& name) {
    for (const auto& a : r.arms)
        if (a.arm == name) return a;
    throw std::logic_error("no arm " + name);
}

std::string dump(const std::vector<Scenario>& scenarios) {
    std::string out;
    for (const auto& sc : scenarios) out += scenario_line(sc);
    return out;
}

// Where two texts first differ, with a little context (whole dumps are too long to read in a failure).
std::string first_difference(const std::string& a, const std::string& b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    if (i == a.size() && i == b.size()) return {};
    const size_t from = i > 60 ? i - 60 : 0;
    return "at byte " + std::to_string(i) + ":\n  " + a.substr(from, 160) + "\n  " + b.substr(from, 160);
}

TEST(MergeBenchScenarios, dump_then_read_gives_identical_json_in_every_family) {
    auto counter = make_token_estimator();
    for (Family f : {Family::kBase, Family::kManyBranches, Family::kParaphrase, Family::kDerivation, Family::kInjection}) {
        RunOptions o{f, 2, 10, f == Family::kManyBranches ? 6u : 2u, 400};
        const std::vector<Scenario> generated = generate_scenarios(o);
        const std::string file = dump(generated);
        auto read = read_scenarios(file, "dumped.jsonl");
        ASSERT_TRUE(read.ok()) << family_name(f) << ": " << read.error().to_string();
        EXPECT_EQ(first_difference(dump(*read), file), "") << family_name(f);  // the format is a fixed point
        for (const ScoringOptions& scoring : {ScoringOptions{}, ScoringOptions{Match::kSubstring, Average::kPerSeed}}) {
            const RunResult from_file = run_scenarios(*read, scoring, *counter);
            const RunResult from_generator = run_scenarios(generated, scoring, *counter);
            EXPECT_EQ(first_difference(result_json(from_file), result_json(from_generator)), "") << family_name(f);
            EXPECT_EQ(first_difference(result_table(from_file), result_table(from_generator)), "") << family_name(f);
        }
    }
}

// tests/data/mergebench/hand_scored.jsonl, budget 1000 (every transcript fits whole):
//   scenario 1 (3 questions): branch a says "The database is PostgreSQL." and chatters; branch b says
//     "We use Redis for the cache." and "The old runbook says the database is MySQL." (alternative,
//     evidence 2 under the user's 4). Topics: database (conflict: resolve), cache. Decoy: kafka.
//   scenario 2 (4 questions): branch a says "The message queue is Kafka." and mentions Zipkin;
//     branch b sets the web framework to Django, the tracing backend to Jaeger, and mentions "flasks".
//     Topics: message.queue, web.framework, tracing; no conflict. Decoys: zipkin, flask.
std::vector<Scenario> hand_scored() {
    auto read = read_scenario_file(std::string(DATA_DIR) + "/mergebench/hand_scored.jsonl");
    if (!read) throw std::runtime_error(read.error().to_string());
    return std::move(*read);
}

TEST(MergeBenchScenarios, hand_scored_file_pooled_over_whole_words) {
    auto counter = make_token_estimator();
    RunResult r = run_scenarios(hand_scored(), {}, *counter);
    EXPECT_EQ(r.family, "hand");
    EXPECT_EQ(r.scenarios, 2u);
    EXPECT_FALSE(r.topics.has_value());  // 2 and 3 topics: mixed
    EXPECT_EQ(r.budget, 1000u);
    EXPECT_EQ(r.local_questions, 5u);
    EXPECT_EQ(r.bridge_questions, 2u);
    EXPECT_TRUE(r.within_budget);
    ASSERT_EQ(r.arms.size(), 4u);  // single:a, concat, heuristic, oracle (both scenarios carry claims)
    // single:a. S1: database yes, cache no (local 1/2), bridge 0/1; database conflicted: postgresql
    // without mysql (unambig 1/1, both 0/1); kafka absent (invent 0/2). S2: message queue only (local
    // 1/3), bridge 0/1, no conflict, zipkin appears (invent 1/3).
    // Pooled: local 2/5, bridge 0/2, unambig 1/1, both 0/1, invent 1/5.
    const Rates& a = arm(r, "single:a").rates;
    EXPECT_DOUBLE_EQ(a.local, 2.0 / 5);
    EXPECT_DOUBLE_EQ(a.bridge, 0.0);
    EXPECT_DOUBLE_EQ(a.unambig, 1.0);
    EXPECT_DOUBLE_EQ(a.both, 0.0);
    EXPECT_DOUBLE_EQ(a.invent, 1.0 / 5);
    // concat: everything (local 5/5, bridge 2/2); S1 shows postgresql and mysql (unambig 0/1, both
    // 1/1); zipkin appears, "flasks" is not the word flask (invent 1/5).
    const Rates& c = arm(r, "concat").rates;
    EXPECT_DOUBLE_EQ(c.local, 1.0);
    EXPECT_DOUBLE_EQ(c.bridge, 1.0);
    EXPECT_DOUBLE_EQ(c.unambig, 0.0);
    EXPECT_DOUBLE_EQ(c.both, 1.0);
    EXPECT_DOUBLE_EQ(c.invent, 1.0 / 5);
    // heuristic and oracle: the stated facts only, the database resolved to postgresql (user-stated
    // over inferred): local 5/5, bridge 2/2, unambig 1/1, both 0/1, invent 0/5.
    for (const char* name : {"heuristic", "oracle"}) {
        const ArmResult& h = arm(r, name);
        EXPECT_DOUBLE_EQ(h.rates.local, 1.0) << name;
        EXPECT_DOUBLE_EQ(h.rates.bridge, 1.0) << name;
        EXPECT_DOUBLE_EQ(h.rates.unambig, 1.0) << name;
        EXPECT_DOUBLE_EQ(h.rates.both, 0.0) << name;
        EXPECT_DOUBLE_EQ(h.rates.invent, 0.0) << name;
        // GAIN: the best single branch answers no bridge question (b lacks postgresql in S1 and
        // kafka in S2), so GAIN is the bridge rate.
        EXPECT_DOUBLE_EQ(h.gain, 1.0) << name;
    }
    EXPECT_DOUBLE_EQ(arm(r, "single:a").gain, 0.0);
}

TEST(MergeBenchScenarios, hand_scored_file_per_seed_and_substring) {
    auto counter = make_token_estimator();
    // Per-seed means of each scenario's rate; a scenario whose denominator is 0 is left out.
    RunResult per_seed = run_scenarios(hand_scored(), {Match::kWords, Average::kPerSeed}, *counter);
    const Rates& a = arm(per_seed, "single:a").rates;
    EXPECT_DOUBLE_EQ(a.local, (1.0 / 2 + 1.0 / 3) / 2);  // 5/12, against 2/5 pooled
    EXPECT_DOUBLE_EQ(a.invent, (0.0 + 1.0 / 3) / 2);     // 1/6, against 1/5 pooled
    EXPECT_DOUBLE_EQ(a.unambig, 1.0);                    // S2 has no conflicted topic: S1's 1/1 alone
    EXPECT_DOUBLE_EQ(arm(per_seed, "concat").rates.invent, 1.0 / 6);
    // Substring: "flask" is found inside "flasks" (branch b's chatter), so concat invents 2 of S2's 3
    // topics' worth: pooled (0 + 2) / 5, while single:a (no branch b text) keeps 1/5.
    RunResult substring = run_scenarios(hand_scored(), {Match::kSubstring, Average::kPooled}, *counter);
    EXPECT_DOUBLE_EQ(arm(substring, "concat").rates.invent, 2.0 / 5);
    EXPECT_DOUBLE_EQ(arm(substring, "single:a").rates.invent, 1.0 / 5);
    // Both options are named in the report.
    const std::string json = result_json(substring);
    EXPECT_NE(json.find("\"match\": \"substring\""), std::string::npos);
    EXPECT_NE(json.find("\"average\": \"pooled\""), std::string::npos);
    EXPECT_NE(result_table(per_seed).find("match: words, average: per-seed"), std::string::npos);
}

TEST(MergeBenchScenarios, a_branch_in_another_log_format_reads_and_without_claims_the_oracle_arm_is_left_out) {
    const std::string line =
        R"({"budget":300,"branches":[{"log":{"messages":[{"role":"user","content":"The database is PostgreSQL."}]}},)"
        R"({"log":"{\"type\":\"beliefmerge.session\",\"id\":\"b\"}\n{\"type\":\"message\",\"role\":\"user\",\"content\":\"We use Redis for the cache.\"}\n"}],)"
        R"("topics":[{"key":"database","correct":["postgresql"]},{"key":"cache","correct":["redis"]}],)"
        R"("questions":[{"kind":"bridge","keys":["database","cache"]}]})";
    auto read = read_scenarios(line + "\n", "other.jsonl");
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    ASSERT_EQ(read->front().sessions.size(), 2u);
    EXPECT_EQ(read->front().sessions[0].format, SessionFormat::kOpenAiChat);
    EXPECT_EQ(read->front().family, "custom");
    auto counter = make_token_estimator();
    RunResult r = run_scenarios(*read, {}, *counter);
    EXPECT_EQ(r.without_claims, 1u);
    for (const auto& a : r.arms) EXPECT_NE(a.arm, "oracle");
    EXPECT_DOUBLE_EQ(arm(r, "heuristic").rates.bridge, 1.0);
    EXPECT_NE(result_table(r).find("oracle arm: not run"), std::string::npos);
}

// A branch in a format without claims gets them beside its log ("message": 1-based index), checked
// by the native reader's rules; with them the oracle arm runs, and a dump carries them inline.
TEST(MergeBenchScenarios, claims_beside_a_log_in_another_format_feed_the_oracle_arm) {
    const std::string head = R"({"budget":300,"branches":[{"log":{"messages":[{"role":"user","content":"Hi."},)"
                             R"({"role":"user","content":"The database is PostgreSQL."}]},"claims":[)";
    const std::string tail =
        R"(]},{"log":[{"type":"beliefmerge.session","id":"b"},{"type":"message","role":"user","content":"We use Redis for the cache.",)"
        R"("claims":[{"key":"cache","value":"redis","evidence":4,"quote":"We use Redis for the cache."}]}]}],)"
        R"("topics":[{"key":"database","correct":["postgresql"]},{"key":"cache","correct":["redis"]}],)"
        R"("questions":[{"kind":"bridge","keys":["database","cache"]}]})";
    const std::string claim = R"({"message":2,"key":"database","value":"postgresql","evidence":4,"quote":"The database is PostgreSQL."})";
    auto read = read_scenarios(head + claim + tail + "\n", "claims.jsonl");
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    const Session& a = read->front().sessions[0];
    EXPECT_EQ(a.format, SessionFormat::kOpenAiChat);  // the log keeps its own reading
    ASSERT_EQ(a.messages.size(), 2u);
    EXPECT_TRUE(a.messages[0].annotations.empty());
    ASSERT_EQ(a.messages[1].annotations.size(), 1u);
    EXPECT_EQ(a.messages[1].annotations[0].key, "database");
    EXPECT_EQ(a.messages[1].annotations[0].evidence, EvidenceLevel::kUserStated);
    auto counter = make_token_estimator();
    RunResult r = run_scenarios(*read, {}, *counter);
    EXPECT_EQ(r.without_claims, 0u);
    EXPECT_DOUBLE_EQ(arm(r, "oracle").rates.bridge, 1.0);
    auto again = read_scenarios(dump(*read), "dumped.jsonl");  // inline in the dumped native log now
    ASSERT_TRUE(again.ok()) << again.error().to_string();
    EXPECT_EQ(again->front().sessions[0].messages[1].annotations.size(), 1u);
    // Bad claims are named as the file has them.
    const std::pair<std::string, std::string> bad[] = {
        {R"({"message":3,"key":"database","value":"postgresql"})", "claims.jsonl:1 field branches[0].claims[0].message:"},
        {R"("database")", "claims.jsonl:1 field branches[0].claims[0]: expected a claim object"},
        {claim + R"(,{"message":1,"key":"Data Base","value":"x"})", "claims.jsonl:1 field branches[0].claims[1].key: claim key must be"},
        {R"({"message":2,"key":"database","value":"postgresql","quote":"MySQL"})",
         "claims.jsonl:1 field branches[0].claims[0].quote: quote is not a verbatim substring"},
        {R"({"message":2,"key":"database","value":"postgresql","evidence":9})", "claims.jsonl:1 field branches[0].claims[0].evidence:"},
    };
    for (const auto& [claims, want] : bad) {
        auto r2 = read_scenarios(head + claims + tail + "\n", "claims.jsonl");
        ASSERT_FALSE(r2.ok()) << claims;
        EXPECT_EQ(r2.error().to_string().rfind(want, 0), 0u) << r2.error().to_string() << "\n  wanted: " << want;
    }
}

// Each bad line is refused with "file:line field F: ..." (line 2: the first line is valid).
TEST(MergeBenchScenarios, bad_files_name_file_line_and_field) {
    const std::string good =
        R"({"budget":100,"branches":[{"log":[{"type":"beliefmerge.session","id":"a"},{"type":"message","role":"user","content":"The cache is Redis."}]}],)"
        R"("topics":[{"key":"cache","correct":["redis"]}],"questions":[{"kind":"local","keys":["cache"]}]})";
    auto with = [&](const std::string& from, const std::string& to) {
        std::string s = good;
        const size_t at = s.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return s.replace(at, from.size(), to);
    };
    const std::pair<std::string, std::string> cases[] = {
        {"{not json", "bad.jsonl:2: not a JSON value"},
        {"[1,2]", "bad.jsonl:2: expected a scenario object"},
        {with(R"("budget":100)", R"("budget":0)"), "bad.jsonl:2 field budget:"},
        {with(R"("budget":100)", R"("budget":-4)"), "bad.jsonl:2 field budget:"},
        {with(R"("budget":100,)", ""), "bad.jsonl:2 field budget:"},
        {with(R"("budget":100)", R"("budget":100,"seed":3)"), "bad.jsonl:2 field seed: unknown member"},
        {with(R"("role":"user")", R"("role":"robot")"), "bad.jsonl:2 field branches[0].log: the log does not read: log:2 (byte 40) field role: unknown role"},
        {with(R"([{"log":)", R"([{"lag":)"), "bad.jsonl:2 field branches[0].lag: unknown member"},
        {with(R"({"type":"beliefmerge.session","id":"a"},)", ""), "bad.jsonl:2 field branches[0].log: the log does not read"},
        {with(R"("branches":[{)", R"("branches":[3,{)"), "bad.jsonl:2 field branches[0]: expected an object"},
        {with(R"("correct":["redis"])", R"("correct":[])"), "bad.jsonl:2 field topics[0].correct: needs at least one value"},
        {with(R"("correct":["redis"])", R"("correct":["redis",7])"), "bad.jsonl:2 field topics[0].correct[1]:"},
        {with(R"("correct":["redis"])", R"("correct":["redis"],"conflict":"resolve")"),
         "bad.jsonl:2 field topics[0].alternative: a conflicted topic needs"},
        {with(R"("correct":["redis"])", R"("correct":["redis"],"conflict":"maybe")"), "bad.jsonl:2 field topics[0].conflict:"},
        {with(R"("keys":["cache"])", R"("keys":["cash"])"), "bad.jsonl:2 field questions[0].keys[0]:"},
        {with(R"("kind":"local")", R"("kind":"bridge")"), "bad.jsonl:2 field questions[0].keys: a bridge question asks two"},
        {with(R"("kind":"local")", R"("kind":"global")"), "bad.jsonl:2 field questions[0].kind:"},
        {with(R"("questions":[)", R"("decoys":[""],"questions":[)"), "bad.jsonl:2 field decoys[0]:"},
        {std::string(100, '[') + std::string(100, ']'), "bad.jsonl:2: arrays and objects nest deeper than 64"},
    };
    for (const auto& [line, want] : cases) {
        auto r = read_scenarios(good + "\n" + line + "\n", "bad.jsonl");
        ASSERT_FALSE(r.ok()) << line;
        EXPECT_EQ(r.error().to_string().rfind(want, 0), 0u) << r.error().to_string() << "\n  wanted: " << want;
    }
    EXPECT_FALSE(read_scenarios("\n \n", "empty.jsonl").ok());
    EXPECT_TRUE(read_scenarios(good + "\r\n\n" + good, "two.jsonl").ok());
    EXPECT_TRUE(read_scenario_file("/nonexistent/scenarios.jsonl").error().is_io());
}

}  // namespace
}  // namespace bm::mergebench
