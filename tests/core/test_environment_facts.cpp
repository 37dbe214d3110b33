// Harness environment facts: what the DSH reader records about a run (cwd, model, policies, hook
// verdicts, turn errors, lineage), the env.* claims the heuristic extractor makes of them, the
// placeholder rule, their provenance (a file line, tool-observation evidence, never TRUSTED), and
// that per-run facts never dispute across branches while configuration facts do.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "extract/environment_claims.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "merge/merger.h"

namespace bm {
namespace {

// Lines of a DSH v1 log with a fact on nearly every line (1-based line numbers in comments).
const std::vector<std::string> kLines = {
    // 1: header
    R"({"type":"session","version":1,"id":"11112222-3333-4444-8555-666677778888","createdAt":1785011380476,"cwd":"/srv/Orders","parentSession":"99990000-aaaa-4bbb-8ccc-ddddeeeeffff","origin":"subagent","delegationDepth":1})",
    // 2, 3: the model twice (recorded once), 4: a change of model
    R"({"type":"request/header","seq":1,"time":"2026-07-25T20:30:00Z","data":{"header":{"config":{"provider":"deepseek-official","model":"DeepSeek-V4-Flash"},"system":"{{system}}"},"reason":"initial"}})",
    R"({"type":"request/header","seq":2,"data":{"header":{"config":{"provider":"deepseek-official","model":"DeepSeek-V4-Flash"},"system":"{{system}}"},"reason":"change"}})",
    R"({"type":"user/message","seq":3,"data":{"content":[{"type":"text","text":"The cache is redis."}],"source":{"kind":"user"},"id":"u1"},"surfaceOp":"append"})",
    R"({"type":"request/header","seq":4,"data":{"header":{"config":{"model":"deepseek-v4-pro"}},"reason":"change"}})",
    // 6: policy, 7: sandbox, 8: a hook's verdict, 9: a turn's error (flat), 10: a turn's error (nested)
    R"({"type":"approval/policy","seq":5,"data":{"policy":"never","source":"delegation"}})",
    R"({"type":"sandbox/mode","seq":6,"data":{"mode":"read-only"}})",
    R"({"type":"hook/result","seq":7,"data":{"turn":1,"point":"PreToolUse","handlerId":"claude-code:PreToolUse:1","decision":"block","exitCode":2}})",
    R"({"type":"turn/end","seq":8,"data":{"turn":1,"error":"Model exploded"}})",
    R"j({"type":"turn/end","seq":9,"data":{"turn":2,"reason":{"kind":"error","error":{"message":"simulated provider error (HTTP 401)","code":"AUTH"}}}})j",
};

std::string join(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

Session read_one(const std::string& text, const std::string& name = "session.jsonl") {
    ReadResult r = read_bytes(text, name);
    EXPECT_TRUE(r.ok()) << name;
    EXPECT_EQ(r.format, "dsh");
    if (r.sessions.size() != 1) {
        ADD_FAILURE() << name << ": " << r.sessions.size() << " sessions";
        return {};
    }
    return r.sessions.front();
}

const EnvironmentFact* fact(const Session& s, const std::string& name, const std::string& value) {
    for (const auto& f : s.environment)
        if (f.name == name && f.value == value) return &f;
    return nullptr;
}

const Claim* claim(const std::vector<BranchClaims>& branches, const std::string& key) {
    for (const auto& b : branches)
        for (const auto& c : b.claims)
            if (c.key == key) return &c;
    return nullptr;
}

TEST(EnvironmentFacts, DshReaderRecordsEachFactWithItsLineFieldAndVerbatimQuote) {
    const Session s = read_one(join(kLines));
    ASSERT_EQ(s.messages.size(), 1u);
    std::vector<std::string> seen;
    for (const auto& f : s.environment) seen.push_back(f.name + "=" + f.value + "@" + std::to_string(f.line));
    EXPECT_EQ(seen, (std::vector<std::string>{
                        "log_format_version=1@1", "created_at=1785011380476@1", "cwd=/srv/Orders@1",
                        "parent_session=99990000-aaaa-4bbb-8ccc-ddddeeeeffff@1", "origin=subagent@1",
                        "delegation_depth=1@1", "model=DeepSeek-V4-Flash@2", "provider=deepseek-official@2",
                        "model=deepseek-v4-pro@5", "approval_policy=never@6", "sandbox_mode=read-only@7",
                        "hook_decision=block@8", "turn_error=Model exploded@9",
                        "turn_error=simulated provider error (HTTP 401)@10", "turn_stop=error@10"}));
    // The quote is the member exactly as written, at its byte offset in the line.
    for (const auto& f : s.environment) {
        const std::string& line = kLines.at(static_cast<size_t>(f.line - 1));
        ASSERT_GE(f.quote_offset, 0) << f.name;
        EXPECT_EQ(line.substr(static_cast<size_t>(f.quote_offset), f.quote.size()), f.quote) << f.name;
    }
    const EnvironmentFact* cwd = fact(s, "cwd", "/srv/Orders");
    ASSERT_NE(cwd, nullptr);
    EXPECT_EQ(cwd->quote, R"("cwd":"/srv/Orders")");
    EXPECT_EQ(cwd->field, "cwd");
    EXPECT_EQ(cwd->seq, 0);
    const EnvironmentFact* model = fact(s, "model", "DeepSeek-V4-Flash");
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->field, "data.header.config.model");
    EXPECT_EQ(model->seq, 1);
    EXPECT_EQ(model->time, "2026-07-25T20:30:00Z");
    const EnvironmentFact* hook = fact(s, "hook_decision", "block");
    ASSERT_NE(hook, nullptr);
    EXPECT_EQ(hook->qualifier, "claude-code:PreToolUse:1");
    const EnvironmentFact* nested = fact(s, "turn_error", "simulated provider error (HTTP 401)");
    ASSERT_NE(nested, nullptr);
    EXPECT_EQ(nested->field, "data.reason.error.message");
    EXPECT_EQ(nested->qualifier, "2");
    EXPECT_EQ(nested->quote, R"j("message":"simulated provider error (HTTP 401)")j");
}

TEST(EnvironmentFacts, KeysAreNamespacedAndPerRunFactsCarryTheirSession) {
    EnvironmentFact f;
    f.name = "cwd";
    EXPECT_EQ(environment_key(f, "s1"), "env.cwd");
    f.name = "approval_policy";
    EXPECT_EQ(environment_key(f, "s1"), "env.approval_policy");
    f.name = "created_at";
    EXPECT_EQ(environment_key(f, "11112222-3333-4444-8555-666677778888"),
              "env.session.11112222-3333-4444-8555-666677778888.created_at");
    f.name = "hook_decision";
    f.qualifier = "claude-code:PreToolUse:1";
    EXPECT_EQ(environment_key(f, "S"), "env.session.s-8de0b3c4.hook_decision.claude-code-pretooluse-1");
    f.name = "turn_error";
    f.qualifier = "2";
    EXPECT_EQ(environment_key(f, "{{sessionId}}"), "env.session.sessionid-50de3d86.turn_error.turn-2");
    f.name = "title";  // not a fact this extractor knows
    EXPECT_EQ(environment_key(f, "s1"), "");
}

TEST(EnvironmentFacts, PlaceholdersAndNilsAreNotFacts) {
    EXPECT_TRUE(is_placeholder_value("{{cwd}}"));
    EXPECT_TRUE(is_placeholder_value("{{cwd}}/workspace"));
    EXPECT_TRUE(is_placeholder_value("00000000-0000-0000-0000-000000000000"));
    EXPECT_TRUE(is_placeholder_value("goal-session-placeholder"));
    EXPECT_FALSE(is_placeholder_value("/rec/pin-cwd"));
    EXPECT_FALSE(is_placeholder_value("{not a template}"));
    EXPECT_FALSE(is_placeholder_value("placeholder-free"));
    const Session s = read_one(
        R"({"type":"session","version":0,"id":"{{sessionId}}","createdAt":0,"cwd":"{{cwd}}/workspace","parentSession":"00000000-0000-0000-0000-000000000000","origin":"run-placeholder"})"
        "\n"
        R"({"type":"request/header","data":{"header":{"config":{"model":"{{model}}"}}}})"
        "\n");
    EXPECT_EQ(s.environment.size(), 6u);  // the reader records what the log says ...
    std::vector<std::string> keys;
    for (const auto& c : environment_claims(s, s.id)) keys.push_back(c.key + "=" + c.value);
    // ... and only the format version states a fact.
    EXPECT_EQ(keys, (std::vector<std::string>{"env.session.sessionid-50de3d86.log_format_version=0"}));
}

TEST(EnvironmentFacts, ValuesAreTokensExceptPathsAndTimes) {
    EXPECT_EQ(iso8601_from_epoch_ms(1785011380476), "2026-07-25T20:29:40.476Z");
    EXPECT_EQ(iso8601_from_epoch_ms(951782400000), "2000-02-29T00:00:00.000Z");
    EXPECT_EQ(iso8601_from_epoch_ms(800), "1970-01-01T00:00:00.800Z");
    EXPECT_EQ(iso8601_from_epoch_ms(253402300799999), "9999-12-31T23:59:59.999Z");
    EnvironmentFact f;
    f.name = "created_at";
    f.value = "0";
    EXPECT_EQ(environment_value(f), "");
    f.value = "99999999999999999";  // beyond year 9999
    EXPECT_EQ(environment_value(f), "");
    f.value = "2026-01-02T03:04:05Z";
    EXPECT_EQ(environment_value(f), "2026-01-02T03:04:05Z");
    f.name = "cwd";
    f.value = " /srv/Orders ";
    EXPECT_EQ(environment_value(f), "/srv/Orders");
    f.name = "turn_error";
    f.value = "Model   exploded\n";
    EXPECT_EQ(environment_value(f), "model-exploded");
    f.value = std::string(200, 'x');
    EXPECT_EQ(environment_value(f).size(), 80u);
}

TEST(EnvironmentFacts, ClaimsPointAtTheirLineAtObservationEvidenceAndAreNeverTrusted) {
    const std::vector<Session> sessions = {read_one(join(kLines))};
    ExtractOptions options;
    options.trust.current_session = sessions[0].id;  // even the current session's harness is not its user
    const auto branches = extract_heuristic(sessions, options);
    ASSERT_EQ(branches.size(), 1u);
    size_t env = 0;
    for (const auto& c : branches[0].claims) {
        if (c.key.rfind("env.", 0) != 0) continue;
        ++env;
        EXPECT_EQ(c.evidence, EvidenceLevel::kToolVerified) << c.key;
        EXPECT_EQ(c.provenance_rank, provenance_rank::kToolObservation) << c.key;
        EXPECT_EQ(c.trust, TrustLabel::kExternal) << c.key;
        EXPECT_EQ(c.source.role, "system") << c.key;
        EXPECT_EQ(c.source.source_kind, "harness") << c.key;
        EXPECT_EQ(c.source.message_id, "harness:L" + std::to_string(c.source.line)) << c.key;
        ASSERT_GE(c.source.line, 1) << c.key;
        const std::string& line = kLines.at(static_cast<size_t>(c.source.line - 1));
        EXPECT_NE(line.find(c.quote), std::string::npos) << c.key << " " << c.quote;
    }
    EXPECT_EQ(env, 14u);
    // The user's message keeps its own evidence and line; claims stay in seq order.
    const Claim* cache = claim(branches, "cache");
    ASSERT_NE(cache, nullptr);
    EXPECT_EQ(cache->evidence, EvidenceLevel::kUserStated);
    EXPECT_EQ(cache->trust, TrustLabel::kTrusted);
    EXPECT_EQ(cache->source.line, 4);
    for (size_t i = 1; i < branches[0].claims.size(); ++i)
        EXPECT_LE(branches[0].claims[i - 1].source.seq, branches[0].claims[i].source.seq);
    const Claim* created = claim(branches, "env.session.11112222-3333-4444-8555-666677778888.created_at");
    ASSERT_NE(created, nullptr);
    EXPECT_EQ(created->value, "2026-07-25T20:29:40.476Z");
    EXPECT_EQ(created->quote, R"("createdAt":1785011380476)");
    // A change of model within the run supersedes the earlier one (same source, same rank).
    MergedSnapshot snap = merge_branches(branches);
    EXPECT_TRUE(snap.violations.empty()) << snap.serialize();
    const Slot* model = snap.find("env.model");
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->winner, "deepseek-v4-pro");
    EXPECT_EQ(model->history.size(), 1u);
    ASSERT_NE(snap.find("env.session.11112222-3333-4444-8555-666677778888.turn_error.turn-1"), nullptr);
    ASSERT_NE(snap.find("env.session.11112222-3333-4444-8555-666677778888.turn_error.turn-2"), nullptr);
}

TEST(EnvironmentFacts, AHeaderOnlyLogYieldsClaimsOnItsOwnBranch) {
    const std::vector<Session> sessions = {read_one(
        R"({"type":"session","id":"12121212-3434-4545-8686-787878787878","createdAt":7,"cwd":"/rec/pin-cwd","delegationDepth":0})"
        "\n"
        R"({"type":"hook/result","data":{"decision":"block","durationMs":99}})"
        "\n")};
    ASSERT_TRUE(sessions[0].messages.empty());
    ASSERT_TRUE(sessions[0].branches.empty());
    const auto branches = extract_heuristic(sessions, {});
    ASSERT_EQ(branches.size(), 1u);
    EXPECT_EQ(branches[0].branch_id, "12121212-3434-4545-8686-787878787878");
    std::vector<std::string> keys;
    for (const auto& c : branches[0].claims) keys.push_back(c.key + "=" + c.value);
    EXPECT_EQ(keys, (std::vector<std::string>{
                        "env.session.12121212-3434-4545-8686-787878787878.created_at=1970-01-01T00:00:00.007Z",
                        "env.cwd=/rec/pin-cwd",
                        "env.session.12121212-3434-4545-8686-787878787878.delegation_depth=0",
                        "env.session.12121212-3434-4545-8686-787878787878.hook_decision=block"}));
    ExtractOptions off;
    off.include_environment = false;
    EXPECT_TRUE(extract_heuristic(sessions, off).empty());
}

// Two runs of one task: differing only in per-run facts (time, lineage, format) they settle every
// slot; a different model is a real difference and is disputed, never guessed.
TEST(EnvironmentFacts, PerRunFactsNeverDisputeAcrossBranchesButTheModelDoes) {
    auto run = [](const std::string& id, const std::string& created, int depth, const std::string& model) {
        return read_one(R"({"type":"session","version":)" + std::to_string(depth + 1) + R"(,"id":")" + id +
                            R"(","createdAt":)" + created + R"(,"cwd":"/srv/orders","origin":"run-)" + id +
                            R"(","delegationDepth":)" + std::to_string(depth) + "}\n" +
                            R"({"type":"request/header","seq":1,"data":{"header":{"config":{"model":")" + model +
                            R"("}}}})" + "\n",
                        id + ".jsonl");
    };
    std::vector<Session> same = {run("aaaa1111-0000-4000-8000-000000000001", "1785011380476", 0, "m1"),
                                 run("bbbb2222-0000-4000-8000-000000000002", "1785011999999", 1, "m1")};
    MergedSnapshot settled = merge_branches(extract_heuristic(same, {}));
    EXPECT_TRUE(settled.violations.empty());
    size_t env_slots = 0;
    for (const auto& s : settled.slots) {
        EXPECT_EQ(s.state, SlotState::kSettled) << s.key;
        env_slots += s.key.rfind("env.", 0) == 0;
    }
    EXPECT_EQ(env_slots, 2u + 2u * 4u);  // env.cwd, env.model (two supporters each) + 4 per run
    EXPECT_EQ(settled.find("env.cwd")->values.at(0).supporters.size(), 2u);
    std::vector<Session> different = {run("aaaa1111-0000-4000-8000-000000000001", "1785011380476", 0, "m1"),
                                      run("bbbb2222-0000-4000-8000-000000000002", "1785011380476", 0, "m2")};
    MergedSnapshot disputed = merge_branches(extract_heuristic(different, {}));
    const Slot* model = disputed.find("env.model");
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->state, SlotState::kDisputed);
    EXPECT_EQ(model->tied, (std::vector<std::string>{"m1", "m2"}));
}

TEST(EnvironmentFacts, ASecretInAHarnessValueIsRedactedInValueAndQuote) {
    const std::string token = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789";
    ReadResult r = read_bytes(R"({"type":"session","id":"s-1","cwd":"/home/u/)" + token + "\"}\n", "secret.jsonl");
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.environment.size(), 1u);
    EXPECT_EQ(s.environment[0].value.find(token), std::string::npos);
    EXPECT_EQ(s.environment[0].quote.find(token), std::string::npos);
    EXPECT_NE(s.environment[0].value.find("[REDACTED:"), std::string::npos);
    EXPECT_GE(r.redactions.total(), 1);
}

TEST(EnvironmentFacts, SessionIdsThatFoldAlikeKeepApartPerRunSlots) {
    EnvironmentFact f;
    f.name = "created_at";
    const std::string a = environment_key(f, "Build.1"), b = environment_key(f, "build_1");
    EXPECT_NE(a, b) << "two runs must never share a per-run slot";
    EXPECT_EQ(a.rfind("env.session.build-1-", 0), 0u) << a;
    EXPECT_NE(environment_key(f, "\xc3\xa9t\xc3\xa9"), environment_key(f, "\xc3\xa0"));  // both fold to "unnamed"
}

TEST(EnvironmentFacts, AValueThatNormalisesToAPlaceholderAndANonStringTurnErrorAreNotFacts) {
    const Session s = read_one(
        R"({"type":"session","version":0,"id":"11112222-3333-4444-8555-666677778888","createdAt":0})"
        "\n"
        R"({"type":"approval/policy","seq":1,"data":{"policy":"Run Placeholder"}})"
        "\n"
        R"({"type":"turn/end","seq":2,"data":{"turn":3,"error":false}})"
        "\n");
    for (const auto& f : s.environment) EXPECT_NE(f.name, "turn_error") << "error:false is a clean turn";
    for (const auto& c : environment_claims(s, s.id)) {
        EXPECT_FALSE(is_placeholder_value(c.value)) << c.key << "=" << c.value;
        EXPECT_NE(c.key, "env.approval_policy");
    }
}

TEST(EnvironmentFacts, ExtractorsThatReadOnlyProseGetTheSameEnvClaims) {
    const Session s = read_one(join(kLines));
    const std::vector<Session> sessions = {s};
    const std::vector<BranchClaims> heuristic = extract_heuristic(sessions, {});
    ExtractOptions prose_only;
    prose_only.include_environment = false;
    std::vector<BranchClaims> added = extract_heuristic(sessions, prose_only);
    ASSERT_EQ(claim(added, "env.cwd"), nullptr);
    add_environment_claims(sessions, added);
    ASSERT_EQ(added.size(), heuristic.size());
    for (size_t i = 0; i < added.size(); ++i) {
        ASSERT_EQ(added[i].claims.size(), heuristic[i].claims.size());
        for (size_t j = 0; j < added[i].claims.size(); ++j)
            EXPECT_EQ(added[i].claims[j].key, heuristic[i].claims[j].key) << i << "/" << j;
    }
    // A session no branch holds (an extractor that found nothing) gets a branch of its own.
    std::vector<BranchClaims> none;
    add_environment_claims(sessions, none);
    ASSERT_EQ(none.size(), 1u);
    EXPECT_EQ(none[0].session_id, s.id);
    EXPECT_NE(claim(none, "env.cwd"), nullptr);
}

}  // namespace
}  // namespace bm

namespace bm {
namespace {

std::vector<std::string> harness_claims_of(const Session& s) {
    std::vector<std::string> out;
    for (const auto& b : extract_heuristic({s}, ExtractOptions{}))
        for (const auto& c : b.claims)
            if (c.rule.rfind("harness.", 0) == 0) {
                EXPECT_EQ(c.evidence, EvidenceLevel::kToolVerified) << c.key;
                EXPECT_EQ(c.trust, TrustLabel::kExternal) << c.key;
                out.push_back(c.rule + " " + c.key + " = " + c.value);
            }
    return out;
}

// Hook verdicts and unfinished turns become claims a resuming agent reads (not env.*): the event
// from the handler id, a block with its reason, a completed turn with none.
TEST(HarnessRules, HookVerdictsAndUnfinishedTurnsBecomeClaims) {
    const std::vector<std::string> lines = {
        R"({"type":"session","version":1,"id":"s-1","createdAt":1785011380476,"cwd":"/w"})",
        R"({"type":"user/message","seq":1,"data":{"content":[{"type":"text","text":"Run it."}],"source":{"kind":"user"},"id":"u1"},"surfaceOp":"append"})",
        R"({"type":"hook/result","seq":2,"data":{"turn":1,"point":"Stop","handlerId":"codex:Stop:1","decision":"block","exitCode":2,"stderrSummary":"Also reply with SECOND."}})",
        R"({"type":"hook/result","seq":3,"data":{"turn":1,"point":"Stop","handlerId":"codex:Stop:2","decision":"pass","exitCode":0}})",
        R"({"type":"hook/result","seq":4,"data":{"turn":1,"point":"UserPromptSubmit","handlerId":"codex:UserPromptSubmit:1","decision":"pass"}})",
        R"({"type":"hook/result","seq":5,"data":{"decision":"block","durationMs":99}})",
        R"({"type":"turn/end","seq":6,"data":{"turn":1,"reason":{"kind":"aborted","reason":{"kind":"user"}}}})",
        R"({"type":"turn/end","seq":7,"data":{"turn":2,"reason":{"kind":"max-tokens"}}})",
        R"({"type":"turn/end","seq":8,"data":{"turn":3,"reason":{"kind":"completed"}}})",
        R"({"type":"turn/end","seq":9,"data":{"turn":4,"error":"model exploded"}})",
    };
    const Session s = read_one(join(lines));
    EXPECT_EQ(harness_claims_of(s),
              (std::vector<std::string>{
                  "harness.hook_decision hook.Stop.1 = block: Also reply with SECOND",
                  "harness.hook_decision hook.Stop.2 = pass",
                  "harness.hook_decision hook.UserPromptSubmit = pass",
                  "harness.turn_outcome turn.outcome.session-s-1.turn-1 = aborted",
                  "harness.turn_outcome turn.outcome.session-s-1.turn-2 = cut off at the output limit (max-tokens)",
                  "harness.turn_outcome turn.outcome.session-s-1.turn-4 = failed: model exploded"}));
    // The reason and the stop kind are no env.* slots of their own.
    for (const auto& c : environment_claims(s, s.id)) {
        EXPECT_EQ(c.key.find("hook_reason"), std::string::npos) << c.key;
        EXPECT_EQ(c.key.find("turn_stop"), std::string::npos) << c.key;
    }
}

}  // namespace
}  // namespace bm
