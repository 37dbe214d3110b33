// The extraction gold set: gold and labels parse, every quote occurs in its log, the split follows
// its rule, and the matching rule of docs/extract.md on small cases.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "bench/extract/extract_bench.h"
#include "bench/extract/gold_set.h"
#include "bench/extract/match_rule.h"

namespace bm::extract_bench {
namespace {

// The shared data: $BM_SHARED_DATA when set (a worktree's ../shared may not exist), else the build's default.
std::string shared_dir() {
    const char* env = std::getenv("BM_SHARED_DATA");
    return env && *env ? env : SHARED_DATA_DIR;
}

const std::string kGold = std::string(GOLD_DIR) + "/gold.jsonl";
const std::string kLabels = std::string(GOLD_DIR) + "/labels.jsonl";
const std::string kSplit = std::string(GOLD_DIR) + "/split.tsv";

BenchOptions options() {
    BenchOptions o;
    o.root = REPO_DIR;
    o.shared_data = shared_dir();
    return o;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string write_temp(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("bm_extract_gold_" + name);
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

TEST(ExtractGold, GoldLabelsAndSplitParse) {
    auto gold = read_gold(kGold);
    ASSERT_TRUE(gold.ok()) << gold.error().to_string();
    auto labels = read_labels(kLabels);
    ASSERT_TRUE(labels.ok()) << labels.error().to_string();
    auto split = read_split(kSplit);
    ASSERT_TRUE(split.ok()) << split.error().to_string();
    EXPECT_GE(gold->size(), 250u);
    std::map<std::string, std::string> format_of;
    for (const SplitLog& s : *split) format_of[s.path] = s.format;
    std::set<std::string> gold_formats, gold_logs;
    for (const GoldClaim& g : *gold) {
        ASSERT_TRUE(format_of.count(g.log)) << kGold << ":" << g.line << ": log not in split.tsv: " << g.log;
        gold_formats.insert(format_of[g.log]);
        gold_logs.insert(g.log);
    }
    EXPECT_EQ(gold_formats.size(), 6u);
    for (const SplitLog& s : *split) EXPECT_TRUE(gold_logs.count(s.path)) << "no gold claim for " << s.path;
    for (const Label& l : *labels) EXPECT_TRUE(format_of.count(l.log)) << kLabels << ":" << l.line << ": " << l.log;
}

TEST(ExtractGold, EveryGoldQuoteOccursInItsLog) {
    if (!std::filesystem::exists(shared_dir())) GTEST_SKIP() << "shared data absent at " << shared_dir();
    auto gold = read_gold(kGold);
    ASSERT_TRUE(gold.ok()) << gold.error().to_string();
    std::map<std::string, std::string> texts;
    for (const GoldClaim& g : *gold) {
        const std::string path = resolve_log_path(options(), g.log);
        if (!texts.count(path)) texts[path] = slurp(path);
        ASSERT_FALSE(texts[path].empty()) << "cannot read " << path;
        EXPECT_TRUE(quote_occurs(texts[path], g.quote)) << kGold << ":" << g.line << ": quote not in " << g.log;
    }
}

TEST(ExtractGold, QuoteOccursRawOrWithJsonEscapesDecoded) {
    const std::string log = R"({"text":"say \"hi\"\nthen stop"})";
    EXPECT_TRUE(quote_occurs(log, "say \\\"hi\\\""));
    EXPECT_TRUE(quote_occurs(log, "say \"hi\"\nthen"));
    EXPECT_FALSE(quote_occurs(log, "say hi"));
    // A Windows tool's output keeps its carriage returns, escaped in the log (session 22).
    EXPECT_TRUE(quote_occurs(R"({"out":"TELEMETRY: on\r\nTAB:\tx a\/b"})", "TELEMETRY: on\r\nTAB:\tx a/b"));
    // Go's JSON writer escapes < > & as \u003c \u003e \u0026 (Entire CLI's transcripts; session 26).
    EXPECT_TRUE(quote_occurs(R"({"output":"requires-python = \"\u003e=3.14\""})", "requires-python = \">=3.14\""));
    EXPECT_FALSE(quote_occurs(R"({"output":"x \u003e y"})", "x < y"));
    // A writer with ASCII-only output (Python's json.dumps) escapes every other code point too (session 32).
    EXPECT_TRUE(quote_occurs(R"({"text":"the standard library \u2014 no crates"})", "the standard library — no crates"));
    EXPECT_TRUE(quote_occurs(R"({"text":"ship it \ud83d\ude80 now"})", "ship it 🚀 now"));
    EXPECT_FALSE(quote_occurs(R"({"text":"half \ud83d pair"})", "half 🚀 pair"));
}

TEST(ExtractGold, SplitFollowsItsRuleAndIsStable) {
    auto split = read_split(kSplit);
    ASSERT_TRUE(split.ok()) << split.error().to_string();
    std::vector<std::pair<std::string, std::string>> logs;
    for (const SplitLog& s : *split) logs.emplace_back(s.path, s.format);
    const auto again = assign_split(logs);
    ASSERT_EQ(again.size(), split->size());
    size_t test = 0, in_thirds = 0;  // grown dev and grown test logs take no part in the thirds
    std::map<std::string, std::pair<size_t, size_t>> per_format;  // format -> (logs, test logs)
    for (size_t i = 0; i < again.size(); ++i) {
        EXPECT_EQ(again[i].path, (*split)[i].path);
        EXPECT_EQ(again[i].split, (*split)[i].split) << again[i].path;
        EXPECT_EQ(again[i].digest, (*split)[i].digest) << again[i].path;
        test += again[i].split == "test";
        in_thirds += again[i].path.rfind(kGrownDevDir, 0) != 0 && again[i].path.rfind(kGrownTestDir, 0) != 0;
        ++per_format[again[i].format].first;
        per_format[again[i].format].second += again[i].split == "test";
    }
    EXPECT_GE(test * 3, in_thirds);
    // And of all logs, grown dev included (issue #15: "a test part, at least a third of the logs"; session 19).
    EXPECT_GE(test * 3, again.size());
    for (const auto& [format, n] : per_format) {
        if (n.first >= 2) {
            EXPECT_GE(n.second, 1u) << format;
        }
    }
}

TEST(ExtractGold, SplitRuleTakesTheFirstThirdByDigestPerFormat) {
    // sha256("a") = ca97..., sha256("b") = 3e23..., sha256("c") = 2e7d...: "c" sorts first.
    const auto s = assign_split({{"a", "x"}, {"b", "x"}, {"c", "x"}, {"d", "y"}});
    ASSERT_EQ(s.size(), 4u);
    EXPECT_EQ(s[0].split, "dev");   // a
    EXPECT_EQ(s[1].split, "dev");   // b
    EXPECT_EQ(s[2].split, "test");  // c
    EXPECT_EQ(s[3].split, "test");  // d: ceil(1/3) = 1
}

TEST(ExtractGold, GrownDevLogsAreDevAndLeaveTheThirdsAlone) {
    // Adding a log under kGrownDevDir must not move any earlier log between dev and test.
    const auto before = assign_split({{"a", "x"}, {"b", "x"}, {"c", "x"}});
    const auto after = assign_split({{"a", "x"}, {"b", "x"}, {"c", "x"},
                                     {std::string(kGrownDevDir) + "x__new.json", "x"},
                                     {std::string(kGrownDevDir) + "x__other.json", "x"}});
    ASSERT_EQ(after.size(), 5u);
    for (const SplitLog& b : before)
        for (const SplitLog& a : after)
            if (a.path == b.path) {
                EXPECT_EQ(a.split, b.split) << a.path;
            }
    for (const SplitLog& a : after)
        if (a.path.rfind(kGrownDevDir, 0) == 0) {
            EXPECT_EQ(a.split, "dev") << a.path;
        }
}

TEST(ExtractGold, GrownTestLogsAreTestAndLeaveTheThirdsAlone) {
    // A fresh held-out log under kGrownTestDir is test, and moves no earlier log between dev and test.
    const auto before = assign_split({{"a", "x"}, {"b", "x"}, {"c", "x"}, {"d", "x"}});
    const auto after = assign_split({{"a", "x"}, {"b", "x"}, {"c", "x"}, {"d", "x"},
                                     {std::string(kGrownTestDir) + "x__fresh.json", "x"}});
    ASSERT_EQ(after.size(), 5u);
    for (const SplitLog& b : before)
        for (const SplitLog& a : after)
            if (a.path == b.path) {
                EXPECT_EQ(a.split, b.split) << a.path;
            }
    size_t test = 0;
    for (const SplitLog& a : after) {
        test += a.split == "test";
        if (a.path.rfind(kGrownTestDir, 0) == 0) {
            EXPECT_EQ(a.split, "test") << a.path;
        }
    }
    EXPECT_EQ(test, 3u);  // ceil(4/3) = 2 of the thirds, and the fresh log
}

TEST(ExtractGold, MatchingRule) {
    EXPECT_EQ(normalise_value("  Hello,  World! "), "hello world");
    EXPECT_TRUE(values_match("PONG", "pong."));
    EXPECT_TRUE(values_match("delivered", "Delivered on 8 Jul 2026"));  // one contained in the other
    EXPECT_TRUE(values_match("Delivered on 8 Jul 2026", "delivered"));
    EXPECT_FALSE(values_match("shipped", "delivered"));
    EXPECT_FALSE(values_match("", "delivered"));
    EXPECT_FALSE(values_match("!!", "delivered"));
    EXPECT_EQ(key_words("file.src/app_main-v2.py"), (std::vector<std::string>{"file", "src", "app", "main", "v2", "py"}));
    // A gold key written with spaces ("git status.exit_code") has words too (session 30: 161 gold keys did, and
    // none could share a subject word with an extractor's dotted key).
    EXPECT_EQ(key_words("git status.exit_code"), (std::vector<std::string>{"git", "status", "exit", "code"}));
    EXPECT_TRUE(slot_matches_gold("git.status.exit_code", "0", "git status.exit_code", "0"));
    EXPECT_TRUE(keys_share_word("pytest.failed", "Pytest.Collected"));
    EXPECT_FALSE(keys_share_word("exit.code", "pytest_failed"));
    EXPECT_TRUE(slot_matches_gold("reply", "PONG", "reply.expected", "PONG"));
    EXPECT_FALSE(slot_matches_gold("answer", "PONG", "reply.expected", "PONG"));  // no shared key word
    EXPECT_FALSE(slot_matches_gold("reply", "PING", "reply", "PONG"));
}

// Containment is of whole words and keeps negation; file keys must name the same file (docs/extract.md).
TEST(ExtractGold, MatchingRuleCountsNoChanceMatches) {
    EXPECT_FALSE(values_match("read", "edit requires reading the file first"));  // a word inside a word
    EXPECT_FALSE(values_match("read", "do not use the read tool; do not read the file first"));  // negated
    EXPECT_TRUE(values_match("do not read or write any files", "Do not read or write any files."));
    EXPECT_TRUE(values_match("read", "read with the read tool"));
    EXPECT_TRUE(values_match("http 200", "HTTP 200"));
    EXPECT_TRUE(values_match("not applied: IndentationError: unexpected indent", "IndentationError: unexpected indent"));
    EXPECT_FALSE(keys_share_word("file.a.txt.read", "file.b.txt"));  // "file" and "txt" name no subject
    EXPECT_TRUE(keys_share_word("file.a.txt.read", "file.a.txt"));
    EXPECT_TRUE(keys_share_word("file./tmp2/a.py.write", "file./tmp2/a.py"));  // a failed write's sub-key (x21chat)
    EXPECT_FALSE(keys_share_word("file./tmp2/a.py.write", "file./tmp2/b.py"));
    EXPECT_TRUE(keys_share_word("file.src/main.py", "file./tmp/w/src/main.py"));
    EXPECT_TRUE(keys_share_word("file.c:/users/u/plans/a.md", R"(file.C:\Users\u\plans\a.md)"));  // Windows (session 25)
    EXPECT_FALSE(keys_share_word("file.c:/users/u/plans/a.md", R"(file.C:\Users\u\plans\b.md)"));
    EXPECT_FALSE(keys_share_word("file.main.py", "file./tmp/w/src/main.py.bak"));
    EXPECT_FALSE(keys_share_word("file.a.txt", "read.file"));
    EXPECT_TRUE(keys_share_word("file.greeting.txt.read", "greeting.txt.content"));
}

// An exit code's "exit"/"code", a file extension and an emitted bare number name no subject (session 20).
TEST(ExtractGold, MatchingRuleNeedsANamedSubject) {
    EXPECT_FALSE(keys_share_word("mkdir.openhands-logger.exit_code", "touch.exit_code"));
    EXPECT_TRUE(keys_share_word("touch.readme.md.exit_code", "touch.exit_code"));
    EXPECT_FALSE(keys_share_word("python.calc.py.exit_code", "query.py.summary.exit_code"));
    EXPECT_TRUE(keys_share_word("python.query.py.search.exit_code", "query.py.summary.exit_code"));
    EXPECT_FALSE(values_match("0", "DONE tag -> exit 0; BLOCKED tag -> exit 1"));  // a bare number inside prose
    EXPECT_FALSE(values_match("1", "3 (1 non-free)"));
    EXPECT_TRUE(values_match("0", "0"));
    EXPECT_FALSE(values_match("-1", "the run was killed (-1)"));
    EXPECT_TRUE(values_match("100%", "100% (fail_under = 100)"));  // a number with its unit
    EXPECT_TRUE(values_match("ghissues version 0.1.0", "0.1.0"));  // the claim is the number
}

TEST(ExtractGold, GoldParseErrorsNameFileLineAndField) {
    const std::string ok = R"({"log":"a","key":"k","value":"v","type":"Fact","quote":"q"})";
    auto bad_type = read_gold(write_temp("gold_type.jsonl", ok + "\n" + R"({"log":"a","key":"k","value":"v","type":"Fct","quote":"q"})" + "\n"));
    ASSERT_FALSE(bad_type.ok());
    EXPECT_EQ(bad_type.error().where().line, 2);
    EXPECT_EQ(bad_type.error().where().field, "type");
    EXPECT_NE(bad_type.error().where().file.find("gold_type.jsonl"), std::string::npos);
    auto missing = read_gold(write_temp("gold_quote.jsonl", R"({"log":"a","key":"k","value":"v","type":"Fact"})" "\n"));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().where().field, "quote");
    auto unknown = read_gold(write_temp("gold_extra.jsonl", R"({"log":"a","key":"k","value":"v","type":"Fact","quote":"q","x":1})" "\n"));
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().where().field, "x");
    auto not_json = read_gold(write_temp("gold_json.jsonl", ok + "\n\n{oops\n"));
    ASSERT_FALSE(not_json.ok());
    EXPECT_EQ(not_json.error().where().line, 3);
    EXPECT_FALSE(read_gold("/nonexistent/gold.jsonl").ok());
}

TEST(ExtractGold, LabelErrorsNameLineAndField) {
    const std::string row = R"({"log":"a","key":"k","value":"v","label":"good","reason":"r"})";
    auto dup = read_labels(write_temp("labels_dup.jsonl", row + "\n" + row + "\n"));
    ASSERT_FALSE(dup.ok());
    EXPECT_EQ(dup.error().where().line, 2);
    auto bad = read_labels(write_temp("labels_bad.jsonl", R"({"log":"a","key":"k","value":"v","label":"fine","reason":"r"})" "\n"));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().where().field, "label");
    auto alt = read_labels(write_temp("labels_alt.jsonl", R"({"log":"a","key":"k","value":"v","label":"junk","reason":"r","alternative":"yes"})" "\n"));
    ASSERT_FALSE(alt.ok());
    EXPECT_EQ(alt.error().where().field, "alternative");
}

}  // namespace
}  // namespace bm::extract_bench
