// The readers against real logs nobody on this project wrote ($BM_SHARED_DATA/sessions, else
// ../shared/data/sessions; read in place, never copied): every file reads without errors, and exact
// counts for one or more per format.
#include <gtest/gtest.h>

#include "core/shared_data.h"
#include "core/test_support.h"

#include <cstdio>
#include <filesystem>
#include <set>

#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "ingest/summary.h"
#include "merge/merger.h"

namespace bm {
namespace {

using testing::Counts;
using testing::describe;
using testing::every_rule;
using testing::expect_counts_at;
using testing::slurp;

namespace fs = std::filesystem;

const fs::path kSessions = testing::shared_data_path("sessions");

#define REQUIRE_SHARED_DATA()                                                                    \
    if (const std::string why = testing::shared_data_missing(kSessions); !why.empty())           \
    GTEST_SKIP() << why << " (the hand-written fixtures still run)"

std::vector<fs::path> all_session_files() {
    std::vector<fs::path> out;
    for (const auto& format_dir : fs::directory_iterator(kSessions))
        if (format_dir.is_directory())
            for (const auto& f : fs::directory_iterator(format_dir.path()))
                if (f.is_regular_file()) out.push_back(f.path());
    std::sort(out.begin(), out.end());
    return out;
}

Session expect_counts(const std::string& rel, const Counts& want) {
    return expect_counts_at((kSessions / rel).string(), want);
}

TEST(SharedData, EveryRealLogReadsWithoutErrors) {
    REQUIRE_SHARED_DATA();
    std::vector<fs::path> files = all_session_files();
    ASSERT_FALSE(files.empty());
    int header_only = 0;
    for (const auto& f : files) {
        ReadResult r = read_file(f.string());
        const std::string rel = fs::relative(f, kSessions).string();
        EXPECT_TRUE(r.errors.empty()) << rel << "\n" << describe(r);
        EXPECT_FALSE(r.partial) << rel;
        EXPECT_NE(r.format, "unknown") << rel;
        // The folder name is the format the file must be detected as.
        EXPECT_EQ(r.format, f.parent_path().filename().string() == "dsh" ? std::string("dsh")
                                                                        : f.parent_path().filename().string())
            << rel;
        ASSERT_EQ(r.sessions.size(), 1u) << rel;
        const Session& s = r.sessions[0];
        if (s.messages.empty()) {
            // A bare header is a session with nothing to merge: said in a warning, not an error.
            ++header_only;
            ASSERT_EQ(r.warnings.size(), 1u) << rel << "\n" << describe(r);
            EXPECT_NE(r.warnings[0].message().find("has no messages"), std::string::npos) << rel;
            EXPECT_EQ(r.warnings[0].where().file, f.string());
            EXPECT_EQ(r.warnings[0].where().line, 1);
            // ... but its header (and events) still say where and how it ran: harness facts.
            EXPECT_FALSE(s.environment.empty()) << rel;
        } else {
            EXPECT_FALSE(s.branches.empty()) << rel;
            for (const auto& b : s.branches) EXPECT_FALSE(b.message_indexes.empty()) << rel;
        }
        for (const auto& m : s.messages) EXPECT_FALSE(m.blocks.empty() && m.raw.empty()) << rel << " " << m.id;
    }
    EXPECT_EQ(header_only, 13);
}

// Lines of `path` (1-based: lines[0] is line 1), to check that a claim's source line holds its quote.
std::vector<std::string> lines_of(const fs::path& path) {
    std::vector<std::string> out;
    const std::string text = slurp(path.string());
    for (size_t start = 0; start < text.size();) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// The must-show of issue 3: every real log yields claims (every rule on, so that each rule's claims are checked
// for shape), and the slots they merge into (extract, merge, label, serialise) come out without a violation. A log without a
// conversation message still yields the harness's own records of the run (env.* facts, the
// header's cwd, a request header's model, a hook's verdict, a turn's error: docs/extract.md), each
// pointing at the line that holds it; none is ever user evidence.
TEST(SharedData, EveryRealLogYieldsClaimsAndSlots) {
    REQUIRE_SHARED_DATA();
    size_t logs = 0, total_claims = 0, total_slots = 0, env_claims = 0;
    for (const auto& f : all_session_files()) {
        const std::string rel = fs::relative(f, kSessions).string();
        ReadResult r = read_file(f.string());
        ASSERT_TRUE(r.ok()) << rel;
        const Session& session = r.sessions.at(0);
        const std::vector<std::string> lines = lines_of(f);
        std::vector<BranchClaims> branches = extract_heuristic(r.sessions, every_rule());
        size_t claims = 0;
        for (const auto& b : branches) {
            claims += b.claims.size();
            for (const auto& c : b.claims) {
                EXPECT_FALSE(c.key.empty()) << rel;
                EXPECT_FALSE(c.value.empty()) << rel << " " << c.key;
                EXPECT_FALSE(c.quote.empty()) << rel << " " << c.key;
                // Every claim names the line a reviewer opens to check it.
                ASSERT_GE(c.source.line, 1) << rel << " " << c.key;
                ASSERT_LE(c.source.line, static_cast<int64_t>(lines.size())) << rel << " " << c.key;
                if (c.source.source_kind == "harness") {
                    // The harness's records: env.* facts, and the harness.* rules' hook verdicts and turn outcomes.
                    const bool env = c.key.rfind("env.", 0) == 0;
                    env_claims += env ? 1 : 0;
                    EXPECT_TRUE(env || c.rule.rfind("harness.", 0) == 0) << rel << " " << c.key << " " << c.rule;
                    EXPECT_EQ(c.evidence, EvidenceLevel::kToolVerified) << rel << " " << c.key;
                    EXPECT_EQ(c.trust, TrustLabel::kExternal) << rel << " " << c.key;
                    EXPECT_EQ(c.source.message_id, "harness:L" + std::to_string(c.source.line)) << rel;
                    EXPECT_NE(lines[static_cast<size_t>(c.source.line - 1)].find(c.quote), std::string::npos)
                        << rel << " " << c.key << " " << c.quote;
                    EXPECT_EQ(c.quote.find("{{"), std::string::npos) << rel << " " << c.key;  // no placeholder
                } else {
                    bool found = false;  // a message of this session on that line
                    for (const auto& m : session.messages) found |= m.id == c.source.message_id && m.line == c.source.line;
                    EXPECT_TRUE(found) << rel << " " << c.key << " " << c.source.message_id;
                }
                if (c.evidence == EvidenceLevel::kUserStated) {  // user-role text, never plugin-injected
                    EXPECT_EQ(c.source.role, "user") << rel << " " << c.key;
                    EXPECT_EQ(c.source.source_kind, "user") << rel << " " << c.key;
                }
            }
        }
        MergedSnapshot snap = merge_branches(std::move(branches));
        EXPECT_TRUE(snap.violations.empty()) << rel << "\n" << snap.serialize();
        EXPECT_FALSE(snap.serialize().empty()) << rel;
        EXPECT_GT(claims, 0u) << rel;
        EXPECT_FALSE(snap.slots.empty()) << rel;
        // The default rules (what `inspect --slots` runs) leave a slot on every log but those whose only facts
        // come from rules off by default: since session 21 an OpenHands run's `finish` and its last reply, since
        // session 39 a user's request (a Codex head holding only the user's "Analyse the MD files …").
        size_t default_claims = 0;
        for (const auto& b : extract_heuristic(r.sessions, {})) default_claims += b.claims.size();
        if (rel != "openhands/tests__runtime__trajs__basic_interactions.json" &&
            rel != "codex/sample_codex_rollout_head.jsonl") {
            EXPECT_GT(default_claims, 0u) << rel;
        }
        ++logs;
        for (const auto& slot : snap.slots) {  // as `inspect --slots --json` shows them
            total_claims += slot.history.size();
            for (const auto& v : slot.values) total_claims += v.supporters.size();
        }
        total_slots += snap.slots.size();
    }
    EXPECT_EQ(logs, all_session_files().size());
    EXPECT_GT(env_claims, 0u);
    std::printf("[          ] %zu shared logs, all with claims: %zu claims in slots (%zu env.* extracted), %zu slots\n",
                logs, total_claims, env_claims, total_slots);
}

// The shared logs are many runs of a few harnesses: merged together, their per-run facts (creation
// time, lineage, log format, hook verdicts, turn errors) never dispute one another; only facts
// about the configuration (cwd, model, policies) may, because two runs under different models do
// differ in a way a reader should see.
TEST(SharedData, AllLogsMergedTogetherNeverDisputeAPerRunFact) {
    REQUIRE_SHARED_DATA();
    std::vector<Session> sessions;
    for (const auto& f : all_session_files()) {
        ReadResult r = read_file(f.string());
        ASSERT_TRUE(r.ok()) << f;
        for (auto& s : r.sessions) sessions.push_back(std::move(s));
    }
    MergedSnapshot snap = merge_branches(extract_heuristic(sessions, {}));
    EXPECT_TRUE(snap.violations.empty());
    size_t per_run = 0;
    for (const auto& s : snap.slots) {
        if (s.key.rfind("env.session.", 0) != 0) continue;
        ++per_run;
        EXPECT_NE(s.state, SlotState::kDisputed) << s.key;
        EXPECT_TRUE(s.disputes.empty()) << s.key;
    }
    EXPECT_GT(per_run, 0u);
    // Runs under different models are a real difference: shown as a dispute, never guessed.
    const Slot* model = snap.find("env.model");
    ASSERT_NE(model, nullptr);
    EXPECT_GT(model->values.size(), 1u);
}

// Logs without a conversation message, read through the harness's own records.
TEST(SharedData, LogsWithoutAMessageYieldHarnessFactsAtTheirLines) {
    REQUIRE_SHARED_DATA();
    auto extract = [](const std::string& rel) {
        ReadResult r = read_file((kSessions / rel).string());
        EXPECT_TRUE(r.ok()) << rel;
        return extract_heuristic(r.sessions, {});
    };
    auto find = [](const std::vector<BranchClaims>& branches, const std::string& key) -> const Claim* {
        for (const auto& b : branches)
            for (const auto& c : b.claims)
                if (c.key == key) return &c;
        return nullptr;
    };
    const std::string suite = "dsh/packages__test-support__acp-snapshot__tests__fixtures__";
    auto error = extract(suite + "suite__authored-error__session.jsonl");
    const Claim* turn_error = find(error, "env.session.44444444-3333-4222-8111-000000000000.turn_error");
    ASSERT_NE(turn_error, nullptr);
    EXPECT_EQ(turn_error->value, "model-exploded");
    EXPECT_EQ(turn_error->source.line, 2);
    EXPECT_EQ(turn_error->quote, "\"error\":\"model exploded\"");
    auto blocked = extract(suite + "suite__blocked-log__session.jsonl");
    const Claim* hook = find(blocked, "env.session.99999999-8888-4777-8666-555555555555.hook_decision");
    ASSERT_NE(hook, nullptr);
    EXPECT_EQ(hook->value, "block");
    ASSERT_NE(find(blocked, "env.cwd"), nullptr);
    EXPECT_EQ(find(blocked, "env.cwd")->value, "/rec/blocked-cwd");
    // rec-child: its one message is a placeholder ("same inherited message", no claim); its header
    // and request header are real.
    auto child = extract(suite + "record-suite__rec-child__session.1.jsonl");
    const Claim* model = find(child, "env.model");
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->value, "fake");
    EXPECT_EQ(model->source.line, 2);
    EXPECT_EQ(model->quote, "\"model\":\"fake\"");
    const Claim* parent = find(child, "env.session.abababab-cdcd-4efe-8ada-badabadabada.parent_session");
    ASSERT_NE(parent, nullptr);
    EXPECT_EQ(parent->value, "f6fa7fcf-dd9c-4b39-8815-b25ddcebfd88");
    // Placeholders are not facts: a templated cwd and createdAt 0 yield nothing.
    auto goal = extract("dsh/examples__acp-agent__tests__goal-snapshots__goal-round-driver__session.jsonl");
    for (const auto& b : goal)
        for (const auto& c : b.claims) {
            EXPECT_NE(c.key, "env.cwd");
            EXPECT_EQ(c.key.find(".created_at"), std::string::npos) << c.key;
        }
}

// Former known misses, each read by a general rule at the evidence of where its text sits (SPEC §5).
const Claim* claim_for(const std::vector<BranchClaims>& branches, const std::string& key) {
    for (const auto& b : branches)
        for (const auto& c : b.claims)
            if (c.key == key) return &c;
    return nullptr;
}

TEST(SharedData, FormerKnownMissesYieldClaimsWithTheirProvenance) {
    REQUIRE_SHARED_DATA();
    // All rules: several of these shapes (tool.structured_output, text.outcome) are off by default
    // since issue #15 (rule_table.cpp says why); what they read, and at which evidence, still holds.
    auto extract = [](const std::string& rel) {
        ReadResult r = read_file((kSessions / rel).string());
        EXPECT_TRUE(r.ok()) << rel;
        ExtractOptions all;
        all.all_rules = true;
        return extract_heuristic(r.sessions, all);
    };
    // A structured-output call's arguments: the agent's stated result, assistant evidence (not tool).
    auto ralph = extract("dsh/examples__headless-agent__tests__snapshots__ralph-loop__session.1.jsonl");
    const Claim* status = claim_for(ralph, "status");
    ASSERT_NE(status, nullptr);
    EXPECT_EQ(status->value, "continue");
    EXPECT_EQ(status->evidence, EvidenceLevel::kInferred);
    EXPECT_EQ(status->provenance_rank, provenance_rank::kModelSpeculation);
    EXPECT_EQ(status->source.role, "assistant");
    EXPECT_EQ(status->quote, "\"status\":\"continue\"");
    auto ralph2 = extract("dsh/examples__headless-agent__tests__snapshots__ralph-loop__session.2.jsonl");
    ASSERT_NE(claim_for(ralph2, "status"), nullptr);
    EXPECT_EQ(claim_for(ralph2, "status")->value, "complete");
    // Subject-verb-object in the user's prompt: user evidence.
    auto error = extract("dsh/examples__acp-agent__tests__snapshots__error-finish__session.jsonl");
    const Claim* outcome = claim_for(error, "prompt.outcome");
    ASSERT_NE(outcome, nullptr);
    EXPECT_EQ(outcome->value, "recorded-provider-error");
    EXPECT_EQ(outcome->evidence, EvidenceLevel::kUserStated);
    // A compaction summary rides on a plugin message: model evidence, never user evidence.
    auto compaction = extract("dsh/examples__headless-agent__tests__snapshots__compaction-recovery__session.jsonl");
    const Claim* premise = claim_for(compaction, "request.outcome");
    ASSERT_NE(premise, nullptr);
    EXPECT_EQ(premise->value, "durable-compaction-premise");
    EXPECT_EQ(premise->evidence, EvidenceLevel::kInferred);
    EXPECT_EQ(premise->provenance_rank, provenance_rank::kModelSpeculation);
    EXPECT_EQ(premise->source.source_kind, "plugin");
    // "Do not use any other tools" names no tool; "was already committed" is not "= already".
    auto fs = extract("dsh/examples__acp-agent__tests__snapshots__fs-delete-recreate__session.jsonl");
    for (const auto& b : fs)
        for (const auto& c : b.claims) EXPECT_NE(c.value, "not-other") << c.key;
    auto coverage = extract("claude-code/coverage-test-fix.transcript.jsonl");
    for (const auto& b : coverage)
        for (const auto& c : b.claims) EXPECT_NE(c.value, "already") << c.key;
}

TEST(SharedData, ExpandingTheSessionsFolderFindsEveryLog) {
    REQUIRE_SHARED_DATA();
    ExpandedInputs in = expand_inputs({kSessions.string()});
    EXPECT_TRUE(in.errors.empty());
    EXPECT_EQ(in.files.size(), all_session_files().size());
}

// ---------------------------------------------------------------- DeepSeek Harness

TEST(SharedData, DshCompactionRecovery) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("dsh/examples__headless-agent__tests__snapshots__compaction-recovery__session.jsonl",
                              {.format = "dsh",
                               .id = "{{sessionId}}",
                               .messages = 5,
                               .by_role = {{"user", 2}, {"assistant", 2}, {"tool", 1}},
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .checkpoints = 1,
                               .shadowed = 1});
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_EQ(s.checkpoints[0].id, "338e88fa-e78b-4d49-bd38-8f919e85f5e1");
    EXPECT_EQ(s.checkpoints[0].shadowed_start, 4);
    EXPECT_EQ(s.checkpoints[0].shadowed_end, 4);
    EXPECT_EQ(s.checkpoints[0].summary, "The request established a durable compaction premise.");
    for (const auto& m : s.messages) EXPECT_EQ(m.surface == Surface::kShadowed, m.seq == 4) << m.seq;
}

TEST(SharedData, DshPackedChunks) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("dsh/examples__acp-agent__tests__snapshots__packed-chunks__session.jsonl",
                              {.format = "dsh",
                               .id = "ff1c1e99-3bd4-4ef8-a954-80d607d628ba",
                               .messages = 5,
                               .by_role = {{"user", 2}, {"assistant", 2}, {"tool", 1}},
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 2});
    for (const auto& m : s.messages) EXPECT_FALSE(m.from_chunks) << m.id;  // every step has a final message
}

TEST(SharedData, DshWebClientFlatToolResultsPair) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("dsh/apps__web__tests__snapshots__code-mode-round__session.jsonl",
                              {.format = "dsh",
                               .id = "{{sessionId}}",
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 2});
    const Message& result = s.messages.at(2);
    EXPECT_EQ(result.role, Role::kTool);
    ASSERT_EQ(result.blocks.size(), 1u);
    EXPECT_EQ(result.blocks[0].kind, BlockKind::kToolResult);
    EXPECT_EQ(result.blocks[0].tool_id, "call_00_6VNoF1gDSerTBKoCfYSH3765");
}

TEST(SharedData, DshStreamWithoutFinalMessage) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("dsh/apps__web__tests__snapshots__minimal-preset__session.jsonl",
                              {.format = "dsh",
                               .id = "{{sessionId}}",
                               .messages = 2,
                               .by_role = {{"user", 1}, {"assistant", 1}},
                               .warnings = 1});
    EXPECT_TRUE(s.messages.at(1).from_chunks);
}

TEST(SharedData, DshForkedSubagentLineage) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("dsh/examples__acp-agent__tests__snapshots__subagent-fork-in-process__session.1.jsonl",
                              {.format = "dsh",
                               .id = "ada8966c-9fa3-441b-8721-37ff1e795e6a",
                               .messages = 6,
                               .by_role = {{"user", 4}, {"assistant", 2}},
                               .reasoning_blocks = 2});
    EXPECT_EQ(s.parent_session, "96cf59c9-b347-48b9-b234-a5200913ad05");
    EXPECT_EQ(s.seed_length, 42);
    EXPECT_EQ(s.origin, "subagent");
    std::vector<bool> seeded;
    for (const auto& m : s.messages) seeded.push_back(m.seeded);
    EXPECT_EQ(seeded, (std::vector<bool>{true, true, true, false, false, false}));
}

// ---------------------------------------------------------------- Claude Code

TEST(SharedData, ClaudeCodeParallelToolCallsAreOneBranch) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("claude-code/coverage-test-fix.transcript.jsonl",
                              {.format = "claude-code",
                               .id = "c64cc478-3430-40fe-8e9c-4ee9986e9754",
                               .messages = 37,
                               .by_role = {{"user", 3}, {"assistant", 21}, {"tool", 13}},
                               .tool_calls = 13,
                               .tool_calls_paired = 13});
    // The single branch holds every message: the parallel results join it after their calls.
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 37u);
}

TEST(SharedData, ClaudeCodeHelloWorld) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("claude-code/hello-world-script.transcript.jsonl",
                              {.format = "claude-code",
                               .id = "de3b8b19-5bc0-4a2a-934a-1b6806567e25",
                               .messages = 8,
                               .by_role = {{"user", 2}, {"assistant", 4}, {"tool", 2}},
                               .tool_calls = 2,
                               .tool_calls_paired = 2});
    EXPECT_EQ(s.messages.front().source.kind, SourceKind::kUser);
}

// ---------------------------------------------------------------- Codex

TEST(SharedData, CodexRolloutHead) {
    REQUIRE_SHARED_DATA();
    Session s = expect_counts("codex/sample_codex_rollout_head.jsonl",
                              {.format = "codex",
                               .id = "019b64e5-57fa-7463-b644-fba7e456f905",
                               .messages = 3,
                               .by_role = {{"user", 3}}});
    EXPECT_EQ(s.cwd, "/Users/macmini/Code/homelab-migration");
    // AGENTS.md and the environment context are injected by the CLI, not typed by the user.
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);
}

// ---------------------------------------------------------------- SWE-agent

TEST(SharedData, SweAgentFunctionCallingReplay) {
    REQUIRE_SHARED_DATA();
    const std::string rel =
        "swe-agent/trajectories__demonstrations__replay__marshmallow-code__marshmallow-1867__function_calling_"
        "replace__install-1__marshmallow-code__marshmallow-1867.traj";
    expect_counts(rel, {.format = "swe-agent",
                        .id = "swe-trajectories__demonstrations__replay__marshmallow-code__marshmallow-1867__"
                              "function_calling_replace__install-1__marshmallow-code__marshmallow-1867-446e76ce",
                        .messages = 24,
                        .by_role = {{"system", 1}, {"user", 1}, {"assistant", 11}, {"tool", 11}},
                        .tool_calls = 11,
                        .tool_calls_paired = 11});
}

TEST(SharedData, SweAgentActionObservationRun) {
    REQUIRE_SHARED_DATA();
    const std::string rel =
        "swe-agent/tests__test_data__trajectories__gpt4__swe-bench-dev-easy_first_only__default__t-0.00__p-0.95__"
        "c-3.00__install-1__pydicom__pydicom-1458.traj";
    // No instance id: the file name up to its first dot, and the content digest.
    Session s = expect_counts(rel, {.format = "swe-agent",
                                    .id = "swe-tests__test_data__trajectories__gpt4__swe-bench-dev-easy_first_"
                                          "only__default__t-0-f081b131",
                                    .messages = 27,
                                    .by_role = {{"system", 1}, {"user", 2}, {"assistant", 12}, {"tool", 12}},
                                    .tool_calls = 12,
                                    .tool_calls_paired = 12});
    EXPECT_EQ(s.messages.at(1).source.kind, SourceKind::kPlugin);  // the demonstration
    // The final submit has no observation in the history: info.submission (the patch) answers it.
    const Message& answer = s.messages.back();
    EXPECT_EQ(answer.id, "info-submission");
    ASSERT_EQ(answer.blocks.size(), 1u);
    EXPECT_NE(answer.blocks[0].text.find("diff --git a/"), std::string::npos);
}

// ---------------------------------------------------------------- OpenHands

TEST(SharedData, OpenHandsBasic) {
    REQUIRE_SHARED_DATA();
    expect_counts("openhands/tests__runtime__trajs__basic.json",
                  {.format = "openhands",
                   .id = "openhands-tests__runtime__trajs__basic-e80ea691",
                   .messages = 4,
                   .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                   .tool_calls = 2,
                   .tool_calls_paired = 1});  // the finish action has no observation
}

TEST(SharedData, OpenHandsBasicInteractions) {
    REQUIRE_SHARED_DATA();
    expect_counts("openhands/tests__runtime__trajs__basic_interactions.json",
                  {.format = "openhands",
                   .id = "openhands-tests__runtime__trajs__basic_interactions-32d1bb75",
                   .messages = 6,
                   .by_role = {{"user", 3}, {"assistant", 3}},
                   .tool_calls = 1,
                   .tool_calls_paired = 0});
}

}  // namespace
}  // namespace bm
