// The rule table's own examples: every positive example yields its claim from its rule, every
// negative one nothing from it; default/all rule sets, --min-confidence and turn scope.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "extract/heuristic_extractor.h"
#include "extract/rule_table.h"
#include "util/hash.h"

namespace bm {
namespace {

Message message(Role role, SourceKind kind, int64_t seq) {
    Message m;
    m.session_id = "s";
    m.seq = seq;
    m.id = "m" + std::to_string(seq);
    m.role = role;
    m.source.kind = kind;
    m.line = seq + 1;
    return m;
}

// A one-branch session holding the example.
Session session_of(const RuleExample& ex) {
    Session s;
    s.id = "s";
    s.format = SessionFormat::kNative;
    const std::string role = ex.role;
    if (role == "after-call") {
        // The assistant's `text` after a call of `tool` with `arguments`, answered with no output.
        Message call = message(Role::kAssistant, SourceKind::kModel, 1);
        call.blocks.push_back({BlockKind::kToolCall, {}, "c1", ex.tool, ex.arguments, false});
        s.messages.push_back(call);
        Message result = message(Role::kTool, SourceKind::kTool, 2);
        result.source.call_id = "c1";
        result.blocks.push_back({BlockKind::kToolResult, "", "c1", {}, {}, false});
        s.messages.push_back(result);
        Message said = message(Role::kAssistant, SourceKind::kModel, 3);
        said.blocks.push_back({BlockKind::kText, ex.text, {}, {}, {}, false});
        s.messages.push_back(said);
    } else if (role == "api-error") {
        // Claude Code's synthetic notice of a failed API call (`tool`: its error kind), as the reader keeps it:
        // a plugin message and an api_error environment fact (session 17, x18cc).
        s.format = SessionFormat::kClaudeCode;
        Message notice = message(Role::kAssistant, SourceKind::kPlugin, 1);
        notice.source.name = "api-error";
        notice.blocks.push_back({BlockKind::kText, ex.text, {}, {}, {}, false});
        s.messages.push_back(notice);
        EnvironmentFact f;
        f.name = "api_error";
        f.value = ex.text;
        f.qualifier = ex.tool;
        f.line = 2;
        f.seq = 1;
        f.quote = ex.text;
        s.environment.push_back(f);
    } else if (role == "code-exit") {
        // AutoGen's code executor's reply in an OpenAI-chat log, as the reader keeps it: a plugin message and a
        // code_exit environment fact qualified by the file the run saved its code to (`tool`; session 20).
        s.format = SessionFormat::kOpenAiChat;
        Message reply = message(Role::kUser, SourceKind::kPlugin, 1);
        reply.source.name = "code-executor";
        reply.blocks.push_back({BlockKind::kText, "exitcode: " + std::string(ex.text) + " (execution succeeded)", {}, {}, {}, false});
        s.messages.push_back(reply);
        EnvironmentFact f;
        f.name = "code_exit";
        f.value = ex.text;
        f.qualifier = ex.tool;
        f.line = 2;
        f.seq = 1;
        f.quote = "exitcode: " + std::string(ex.text) + " (execution succeeded)";
        s.environment.push_back(f);
    } else if (role == "call-only") {
        // A call the log holds no result for: the log ends while it runs (session 17).
        Message call = message(Role::kAssistant, SourceKind::kModel, 1);
        call.blocks.push_back({BlockKind::kToolCall, {}, "c1", ex.tool, ex.arguments, false});
        s.messages.push_back(call);
    } else if (*ex.tool) {
        if (role == "swe-call") s.format = SessionFormat::kSweAgent;  // a call of a SWE-agent run (session 16)
        Message call = message(Role::kAssistant, SourceKind::kModel, 1);
        call.blocks.push_back({BlockKind::kToolCall, {}, "c1", ex.tool, ex.arguments, false});
        s.messages.push_back(call);
        Message result = message(Role::kTool, SourceKind::kTool, 2);
        result.source.call_id = "c1";
        result.blocks.push_back({BlockKind::kToolResult, ex.text, "c1", {}, {}, ex.error});
        s.messages.push_back(result);
    } else if (role == "answer") {
        // The agent's `arguments` (its questions), then the user's `text` answering them (session 14).
        Message asked = message(Role::kAssistant, SourceKind::kModel, 1);
        asked.blocks.push_back({BlockKind::kText, ex.arguments, {}, {}, {}, false});
        s.messages.push_back(asked);
        Message answer = message(Role::kUser, SourceKind::kUser, 2);
        answer.blocks.push_back({BlockKind::kText, ex.text, {}, {}, {}, false});
        s.messages.push_back(answer);
    } else if (role == "tool") {
        Message result = message(Role::kTool, SourceKind::kTool, 1);
        result.blocks.push_back({BlockKind::kToolResult, ex.text, "c1", {}, {}, false});
        s.messages.push_back(result);
    } else {
        if (role == "swe-user") s.format = SessionFormat::kSweAgent;
        Message m = role == "user" || role == "swe-user" ? message(Role::kUser, SourceKind::kUser, 1)
                                   : message(Role::kAssistant, SourceKind::kModel, 1);
        m.blocks.push_back({BlockKind::kText, ex.text, {}, {}, {}, false});
        s.messages.push_back(m);
    }
    Branch b;
    b.id = "b";
    for (size_t i = 0; i < s.messages.size(); ++i) b.message_indexes.push_back(i);
    s.branches.push_back(b);
    return s;
}

// "key = value" of the claims rule `id` made, turn scope ("….turn-1") taken off the key.
std::set<std::string> claims_of(const std::vector<BranchClaims>& branches, const std::string& id) {
    std::set<std::string> out;
    for (const auto& bc : branches)
        for (const Claim& c : bc.claims) {
            if (c.rule != id) continue;
            std::string key = c.key;
            const size_t turn = std::min(key.rfind(".session-"), key.rfind(".turn-"));
            if (turn != std::string::npos) key.resize(turn);
            out.insert(key + " = " + c.value);
        }
    return out;
}

std::string joined(const std::set<std::string>& s) {
    std::string out;
    for (const auto& x : s) out += "[" + x + "] ";
    return out;
}

TEST(RuleTable, EveryRuleRunsItsPositiveAndNegativeExamples) {
    ExtractOptions all;
    all.all_rules = true;
    for (const ExtractionRule& rule : extraction_rules()) {
        if (std::string(rule.id).rfind("env.", 0) != 0 && std::string(rule.id).rfind("harness.", 0) != 0) {
            EXPECT_GE(rule.examples.size(), 2u) << rule.id << ": a positive and a negative example";
        }
        bool positive = false, negative = false;
        for (const RuleExample& ex : rule.examples) {
            const std::set<std::string> got = claims_of(extract_heuristic({session_of(ex)}, all), rule.id);
            if (*ex.expect) {
                positive = true;
                EXPECT_TRUE(got.count(ex.expect)) << rule.id << " on \"" << ex.text << "\" " << ex.arguments
                                                  << ": expected [" << ex.expect << "], got " << joined(got);
            } else {
                negative = true;
                EXPECT_TRUE(got.empty()) << rule.id << " on \"" << ex.text << "\" " << ex.arguments
                                         << ": expected nothing, got " << joined(got);
            }
        }
        if (std::string(rule.id).rfind("env.", 0) != 0 && std::string(rule.id).rfind("harness.", 0) != 0) {
            EXPECT_TRUE(positive && negative) << rule.id;
        }
    }
}

TEST(RuleTable, IdsAreUniqueAndOffRulesSayWhy) {
    std::set<std::string> ids;
    for (const ExtractionRule& rule : extraction_rules()) {
        EXPECT_TRUE(ids.insert(rule.id).second) << "duplicate rule id " << rule.id;
        EXPECT_GT(rule.confidence, 0.0);
        EXPECT_LE(rule.confidence, 1.0);
        if (!rule.default_on) {
            EXPECT_NE(std::string(rule.why_off), "") << rule.id;
        }
        EXPECT_EQ(find_rule(rule.id), &rule);
    }
    EXPECT_EQ(find_rule("no.such.rule"), nullptr);
}

TEST(RuleTable, DefaultSetLeavesOffRulesOutAndAllTurnsThemOn) {
    const RuleExample ex{"assistant", "", "", "The cache is Redis.", "cache = redis"};
    ExtractOptions defaults;
    EXPECT_TRUE(claims_of(extract_heuristic({session_of(ex)}, defaults), "model.statement").empty());
    ExtractOptions all;
    all.all_rules = true;
    EXPECT_EQ(claims_of(extract_heuristic({session_of(ex)}, all), "model.statement"),
              std::set<std::string>{"cache = redis"});
}

TEST(RuleTable, MinConfidenceDropsLessSureRulesAndEveryClaimCarriesItsRule) {
    const RuleExample ex = RuleExample{"assistant", "Bash", R"({"command":"python -m pytest -q"})",
                                       "Exit code 1\n1 failed, 2 passed in 0.1s", "", true};
    ExtractOptions o;
    const auto branches = extract_heuristic({session_of(ex)}, o);
    ASSERT_FALSE(branches.empty());
    std::set<std::string> rules;
    for (const Claim& c : branches[0].claims) {
        EXPECT_NE(c.rule, "") << c.key;
        EXPECT_EQ(c.confidence, find_rule(c.rule)->confidence) << c.rule;
        rules.insert(c.rule);
    }
    EXPECT_TRUE(rules.count("action.test_counts"));
    EXPECT_TRUE(rules.count("action.command_exit"));
    o.min_confidence = 0.92;  // test counts (0.95) stay, the exit code (0.9) goes
    std::set<std::string> strict;
    const auto strict_branches = extract_heuristic({session_of(ex)}, o);
    for (const Claim& c : strict_branches[0].claims) strict.insert(c.rule);
    EXPECT_TRUE(strict.count("action.test_counts"));
    EXPECT_FALSE(strict.count("action.command_exit"));
}

TEST(RuleTable, TurnScopedInstructionsNeverShareAKeyAcrossTurns) {
    Session s = session_of({"user", "", "", "Reply with exactly the single word DONE.", ""});
    Message second = message(Role::kUser, SourceKind::kUser, 5);
    second.blocks.push_back({BlockKind::kText, "Reply with exactly the single word AGAIN.", {}, {}, {}, false});
    s.messages.push_back(second);
    s.branches[0].message_indexes.push_back(1);
    ExtractOptions all;
    all.all_rules = true;
    std::set<std::string> keys;
    const auto branches = extract_heuristic({s}, all);
    ASSERT_FALSE(branches.empty());
    for (const Claim& c : branches[0].claims)
        if (c.rule == "turn.reply") keys.insert(c.key + "=" + c.value);
    EXPECT_EQ(keys, (std::set<std::string>{"reply.session-s.turn-1=done", "reply.session-s.turn-5=again"}));
}

TEST(RuleTable, TurnScopedKeysNameTheirSessionSoTwoSessionsNeverShareATurn) {
    // Two runs of one task (OpenHands evaluation output) both have a turn 1: their replies are not alternatives.
    Session a = session_of({"user", "", "", "Reply with exactly the single word DONE.", ""});
    Session b = session_of({"user", "", "", "Reply with exactly the single word AGAIN.", ""});
    b.id = "Run_2";
    for (Message& m : b.messages) m.session_id = b.id;
    ExtractOptions all;
    all.all_rules = true;
    std::set<std::string> keys;
    for (const auto& bc : extract_heuristic({a, b}, all))
        for (const Claim& c : bc.claims)
            if (c.rule == "turn.reply") keys.insert(c.key + "=" + c.value);
    EXPECT_EQ(keys, (std::set<std::string>{"reply.session-s.turn-1=done",
                                           "reply.session-run-2-" + sha256_hex("Run_2").substr(0, 8) + ".turn-1=again"}));
}


// Appends a tool call and its result to the session's one branch.
void add_exchange(Session& s, int64_t seq, const std::string& id, const std::string& tool, const std::string& args,
                  const std::string& result) {
    Message call = message(Role::kAssistant, SourceKind::kModel, seq);
    call.blocks.push_back({BlockKind::kToolCall, {}, id, tool, args, false});
    Message res = message(Role::kTool, SourceKind::kTool, seq + 1);
    res.source.call_id = id;
    res.blocks.push_back({BlockKind::kToolResult, result, id, {}, {}, false});
    for (Message* m : {&call, &res}) {
        s.messages.push_back(*m);
        s.branches[0].message_indexes.push_back(s.messages.size() - 1);
    }
}

TEST(RuleTable, AFileKeepsItsHistoryInTheBranch) {
    Session s = session_of({"user", "", "", "Hello.", ""});
    s.format = SessionFormat::kClaudeCode;
    add_exchange(s, 2, "w1", "Write", R"({"file_path":"notes.txt","content":"a"})", "File created successfully");
    add_exchange(s, 4, "e1", "Edit", R"({"file_path":"notes.txt","old_string":"a","new_string":"b"})", "The file notes.txt has been updated.");
    add_exchange(s, 6, "e2", "Edit", R"({"file_path":"other.txt","old_string":"a","new_string":"b"})", "The file other.txt has been updated.");
    add_exchange(s, 8, "b1", "Bash", R"({"command":"rm gone.txt"})", "");
    add_exchange(s, 10, "w2", "Write", R"({"file_path":"gone.txt","content":"again"})", "File created successfully");
    add_exchange(s, 12, "w3", "Write", R"({"file_path":"scratch.py","content":"x = 1"})", "File created successfully");
    add_exchange(s, 14, "b2", "Bash", R"({"command":"rm scratch.py"})", "");
    std::map<std::string, std::string> last;  // the slot's value is its latest claim's
    const auto branches = extract_heuristic({s}, ExtractOptions{});
    ASSERT_EQ(branches.size(), 1u);
    for (const Claim& c : branches[0].claims)
        if (c.key.rfind("file.", 0) == 0) last[c.key] = c.value;
    EXPECT_EQ(last, (std::map<std::string, std::string>{{"file.gone.txt", "deleted, then recreated"},
                                                        {"file.notes.txt", "created, then a replaced with b"},
                                                        {"file.other.txt", "a replaced with b"},
                                                        {"file.scratch.py", "created, then deleted"}}));
}

}  // namespace
}  // namespace bm
