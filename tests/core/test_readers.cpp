// Session-log readers against the hand-written fixtures in tests/data: exact counts per fixture and
// the specific behaviour of each format (chunk folding, shadowing, seq ranges, DAG branches, ...).
#include <gtest/gtest.h>

#include "core/test_support.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "extract/environment_claims.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "ingest/summary.h"
#include "util/hash.h"

namespace bm {
namespace {

using testing::Counts;
using testing::describe;
using testing::every_rule;
using testing::expect_counts;
using testing::expect_counts_at;
using testing::fixture;
using testing::first_block;
using testing::slurp;


const Message& by_id(const Session& s, const std::string& id) {
    for (const auto& m : s.messages)
        if (m.id == id) return m;
    ADD_FAILURE() << "no message with id " << id;
    static const Message none;
    return none;
}

std::vector<int64_t> shadowed_seqs(const Session& s) {
    std::vector<int64_t> out;
    for (const auto& m : s.messages)
        if (m.surface == Surface::kShadowed) out.push_back(m.seq);
    return out;
}

std::vector<std::string> path_ids(const Session& s, const Branch& b) {
    std::vector<std::string> out;
    for (size_t i : b.message_indexes) out.push_back(s.messages.at(i).id);
    return out;
}

std::string placeholder(const std::string& kind, const std::string& secret) {
    return "[REDACTED:" + kind + ":" + sha256_hex(secret).substr(0, 8) + "]";
}

// ---------------------------------------------------------------- DeepSeek Harness

TEST(DshReader, V0ImplicitSeqsAndCanonicalSessionId) {
    Session s = expect_counts("dsh/v0/session.jsonl",
                              {.format = "dsh",
                               .id = "0b9c6c3e-5f1d-4c39-9a0e-6f1c2d3e4a50",
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 1,
                               .redactions = 2});
    EXPECT_EQ(s.id_form, "session-0b9c6c3e-5f1d-4c39-9a0e-6f1c2d3e4a50");
    EXPECT_EQ(s.format_version, 0);
    EXPECT_EQ(s.cwd, "/srv/shop");
    EXPECT_EQ(s.created_at, "1764496800000");
    // v0 has no seq field: the seq is the 0-based event index after the header.
    EXPECT_EQ(by_id(s, "u-1").seq, 1);
    EXPECT_EQ(by_id(s, "a-1").seq, 10);
    EXPECT_EQ(by_id(s, "t-1").seq, 12);
    EXPECT_EQ(by_id(s, "a-2").seq, 17);
    EXPECT_EQ(by_id(s, "u-1").line, 3);
    EXPECT_EQ(by_id(s, "a-1").source_event_seqs, (std::vector<int64_t>{4, 5, 6, 7, 8, 9}));
    const Message& a1 = by_id(s, "a-1");
    EXPECT_EQ(a1.role, Role::kAssistant);
    EXPECT_EQ(a1.source.kind, SourceKind::kModel);
    EXPECT_EQ(a1.source.provider, "deepseek-official");
    EXPECT_EQ(a1.source.model, "deepseek-v4-flash");
    EXPECT_FALSE(a1.from_chunks);  // the final message wins over its chunks
    const ContentBlock* call = first_block(a1, BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_id, "call_read_1");
    EXPECT_EQ(call->tool_name, "read");
    EXPECT_EQ(call->arguments, R"({"path":"config/database.yml"})");
    const Message& t1 = by_id(s, "t-1");
    EXPECT_EQ(t1.role, Role::kTool);
    EXPECT_EQ(t1.source.call_id, "call_read_1");
    ASSERT_EQ(t1.blocks.size(), 1u);
    EXPECT_EQ(t1.blocks[0].tool_id, "call_read_1");
    EXPECT_FALSE(t1.blocks[0].is_error);
    EXPECT_EQ(by_id(s, "a-2").visible_text(), "The shop uses PostgreSQL 15.");
}

TEST(DshReader, V0RedactsSecretsOnIngest) {
    const std::string key = "sk-proj-Zq3Xv8Lm2Nw7Rt5Yp1Kd9Hs4Jf6Gb0Ce";
    ReadResult r = read_file(fixture("dsh/v0/session.jsonl"));
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    EXPECT_EQ(r.redactions.by_kind.at("openai"), 1);
    EXPECT_EQ(r.redactions.total(), 2);
    const Message& u1 = by_id(s, "u-1");
    EXPECT_EQ(u1.visible_text(), "Which database does the shop use? Use my key " + placeholder("openai", key) +
                                     " if the admin API asks.");
    // The verbatim record is kept for recall, redacted too, and not counted twice.
    EXPECT_EQ(u1.raw.str().find(key), std::string::npos);
    EXPECT_NE(u1.raw.str().find(placeholder("openai", key)), std::string::npos);
    const Message& t1 = by_id(s, "t-1");
    EXPECT_EQ(t1.blocks[0].text.find("Tr0ub4dor"), std::string::npos);
    EXPECT_NE(t1.blocks[0].text.find("engine: postgresql"), std::string::npos);
    EXPECT_EQ(t1.raw.str().find("Tr0ub4dor"), std::string::npos);
    for (const auto& m : s.messages)
        for (const auto& b : m.blocks) EXPECT_EQ(b.text.find(key), std::string::npos);
}

TEST(DshReader, RawRecordIsRedactedThroughJsonEscapes) {
    // In the raw line "\nsk-proj-..." the escape letter touches the key; it must still go.
    const std::string key = "sk-proj-Zq3Xv8Lm2Nw7Rt5Yp1Kd9Hs4Jf6Gb0Ce";
    const std::string token = "ghp_R2d2C3poBB8LukeLeia0Han5Solo7Chewie9";
    const std::string log =
        R"({"type":"session","version":0,"id":"e5e5e5e5-0000-4000-8000-000000000001","cwd":"/tmp"})"
        "\n"
        R"({"type":"user/message","data":{"content":[{"type":"text","text":"keys:\n)" + key +
        R"(\r\n\t)" + token + R"( and C:\\new stays"}],"role":"user","id":"u-1"}})" + "\n";
    ReadResult r = read_bytes(log, "escapes.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Message& m = r.sessions[0].messages.at(0);
    EXPECT_EQ(r.redactions.total(), 2);
    EXPECT_EQ(m.visible_text(), "keys:\n" + placeholder("openai", key) + "\r\n\t" + placeholder("github", token) +
                                    " and C:\\new stays");
    EXPECT_EQ(m.raw.str().find(key), std::string::npos) << m.raw.str();
    EXPECT_EQ(m.raw.str().find(token), std::string::npos) << m.raw.str();
    // Everything else in the record is byte for byte what the log held.
    EXPECT_NE(m.raw.str().find(R"("text":"keys:\n[REDACTED:openai:)"), std::string::npos) << m.raw.str();
    EXPECT_NE(m.raw.str().find(R"(]\r\n\t[REDACTED:github:)"), std::string::npos) << m.raw.str();
    EXPECT_NE(m.raw.str().find(R"( and C:\\new stays")"), std::string::npos) << m.raw.str();
}

TEST(DshReader, ToolArgumentsAreRedactedThroughJsonEscapes) {
    // A write call whose file content has a password on its own line: "...\npassword: ...".
    const std::string log =
        R"({"type":"session","version":0,"id":"e5e5e5e5-0000-4000-8000-000000000002","cwd":"/tmp"})"
        "\n"
        R"({"type":"assistant/message","data":{"message":{"role":"assistant","content":[{"type":"tool-call","id":"c1","name":"write","arguments":"{\"path\":\"db.yml\",\"content\":\"host: db\\npassword: Tr0ub4dor-and-3-more-words\\n\"}"}],"id":"a-1"}}})"
        "\n"
        R"({"type":"user/message","data":{"content":[{"type":"text","text":"bell \u0001 kept"}],"id":"u-1"}})"
        "\n";
    ReadResult r = read_bytes(log, "arguments.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    const ContentBlock* call = first_block(by_id(s, "a-1"), BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->arguments.find("Tr0ub4dor"), std::string::npos) << call->arguments;
    EXPECT_NE(call->arguments.find(R"(host: db\npassword: [REDACTED:labelled-secret:)"), std::string::npos)
        << call->arguments;
    EXPECT_EQ(r.redactions.total(), 1);
    EXPECT_EQ(by_id(s, "u-1").visible_text(), "bell \x01 kept");  // decoded control bytes untouched
}

TEST(DshReader, V1ExplicitSeqAndTime) {
    Session s = expect_counts("dsh/v1/session.v1.jsonl",
                              {.format = "dsh",
                               .id = "7d1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6",
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1});
    EXPECT_EQ(s.format_version, 1);
    EXPECT_EQ(s.id_form, s.id);  // a bare uuid stays as it is
    EXPECT_EQ(by_id(s, "u-1").seq, 2);
    EXPECT_EQ(by_id(s, "a-1").seq, 7);
    EXPECT_EQ(by_id(s, "t-1").seq, 9);
    EXPECT_EQ(by_id(s, "a-2").seq, 14);
    EXPECT_EQ(by_id(s, "u-1").time, "2026-11-30T10:00:01Z");
    EXPECT_EQ(by_id(s, "a-2").time, "2026-11-30T10:00:12Z");
    EXPECT_EQ(by_id(s, "a-1").source_event_seqs, (std::vector<int64_t>{4, 5}));
    EXPECT_EQ(s.created_at, "2026-11-30T10:00:00Z");
    std::vector<int64_t> seqs;
    for (const auto& m : s.messages) seqs.push_back(m.seq);
    EXPECT_TRUE(std::is_sorted(seqs.begin(), seqs.end()));
}

TEST(DshReader, V2ExpandsSourceEventSeqRanges) {
    Session s = expect_counts("dsh/v2/session.v2.jsonl",
                              {.format = "dsh",
                               .id = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 1});
    EXPECT_EQ(s.format_version, 2);
    EXPECT_EQ(by_id(s, "a-1").source_event_seqs, (std::vector<int64_t>{3, 4, 5, 6, 7, 9, 10}));
    EXPECT_EQ(by_id(s, "t-1").source_event_seqs, (std::vector<int64_t>{12}));
    EXPECT_EQ(by_id(s, "a-2").source_event_seqs, (std::vector<int64_t>{15, 16}));
    EXPECT_EQ(by_id(s, "a-1").seq, 11);
}

TEST(DshReader, V3SystemDeveloperAndReplaceBySeqRange) {
    Session s = expect_counts("dsh/v3/session.v3.jsonl",
                              {.format = "dsh",
                               .id = "3c3c3c3c-1111-4222-8333-444455556666",
                               .messages = 8,
                               .by_role = {{"system", 1}, {"developer", 1}, {"user", 3}, {"assistant", 3}},
                               .branches = 1,
                               .checkpoints = 1,
                               .shadowed = 4});
    EXPECT_EQ(s.format_version, 3);
    EXPECT_EQ(s.messages[0].role, Role::kSystem);
    EXPECT_EQ(s.messages[0].visible_text(), "You are a careful coding agent working on the shop.");
    EXPECT_EQ(s.messages[1].role, Role::kDeveloper);
    EXPECT_EQ(s.messages[1].visible_text(), "Prefer small, reviewed migrations.");
    // startSeq/endSeq 3..9 shadow the four messages in that range; nothing is deleted.
    EXPECT_EQ(shadowed_seqs(s), (std::vector<int64_t>{3, 5, 7, 9}));
    const Message& summary = by_id(s, "u-3");
    EXPECT_EQ(summary.surface, Surface::kVisible);
    EXPECT_EQ(summary.source.kind, SourceKind::kPlugin);
    EXPECT_EQ(summary.source.name, "compact");
    EXPECT_EQ(by_id(s, "a-3").surface, Surface::kVisible);
    ASSERT_EQ(s.checkpoints.size(), 1u);
    const CheckpointRecord& cp = s.checkpoints[0];
    EXPECT_EQ(cp.kind, "surface-replace");
    EXPECT_EQ(cp.seq, 11);
    EXPECT_EQ(cp.shadowed_start, 3);
    EXPECT_EQ(cp.shadowed_end, 9);
}

TEST(DshReader, V4PruneRangeAndFailedToolCall) {
    Session s = expect_counts("dsh/v4/session.v4.jsonl",
                              {.format = "dsh",
                               .id = "4d4d4d4d-aaaa-4bbb-8ccc-ddddeeeeffff",
                               .messages = 5,
                               .by_role = {{"system", 1}, {"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .checkpoints = 1,
                               .shadowed = 2});
    EXPECT_EQ(s.format_version, 4);
    EXPECT_EQ(s.origin, "cli");
    EXPECT_EQ(shadowed_seqs(s), (std::vector<int64_t>{3, 4}));
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_EQ(s.checkpoints[0].id, "prune-1");
    EXPECT_EQ(s.checkpoints[0].kind, "prune");
    EXPECT_EQ(s.checkpoints[0].shadowed_start, 3);
    EXPECT_EQ(s.checkpoints[0].shadowed_end, 4);
    const Message& t1 = by_id(s, "t-1");
    ASSERT_EQ(t1.blocks.size(), 1u);
    EXPECT_TRUE(t1.blocks[0].is_error);
    EXPECT_EQ(t1.time, "2026-11-30T13:00:09Z");
}

TEST(DshReader, ChunksFoldIntoMessages) {
    Session s = expect_counts("dsh/chunks/session.jsonl",
                              {.format = "dsh",
                               .id = "c4c4c4c4-0000-4111-8222-333344445555",
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 2,
                               .warnings = 1});
    // Step 1: packed rows, confirmed by the final assistant/message (which wins).
    const Message& a1 = by_id(s, "a-1");
    EXPECT_FALSE(a1.from_chunks);
    ASSERT_EQ(a1.blocks.size(), 2u);
    EXPECT_EQ(a1.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(a1.blocks[0].text, "Search the source.");
    EXPECT_EQ(a1.blocks[1].arguments, R"({"pattern":"orders","path":"src"})");
    // Step 2: no final message; the text is exactly the chunks joined in order.
    const Message& rebuilt = by_id(s, "chunks:1.2");
    EXPECT_TRUE(rebuilt.from_chunks);
    EXPECT_EQ(rebuilt.role, Role::kAssistant);
    EXPECT_EQ(rebuilt.source.kind, SourceKind::kModel);
    EXPECT_EQ(rebuilt.seq, 15);
    EXPECT_EQ(rebuilt.line, 17);
    EXPECT_EQ(rebuilt.source_event_seqs, (std::vector<int64_t>{15, 16, 17, 18, 19, 20, 21}));
    ASSERT_EQ(rebuilt.blocks.size(), 3u);
    EXPECT_EQ(rebuilt.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(rebuilt.blocks[0].text, "The table is orders.");
    EXPECT_EQ(rebuilt.blocks[1].kind, BlockKind::kText);
    EXPECT_EQ(rebuilt.visible_text(), "Orders live in the PostgreSQL table `orders`. See src/db/orders.ts.");
    EXPECT_EQ(rebuilt.blocks[2].kind, BlockKind::kToolCall);
    EXPECT_EQ(rebuilt.blocks[2].tool_id, "call_read_2");
    EXPECT_EQ(rebuilt.blocks[2].tool_name, "read");
    EXPECT_EQ(rebuilt.blocks[2].arguments, R"({"path":"src/db/orders.ts"})");
    // Messages stay in seq order, the rebuilt one last.
    EXPECT_EQ(s.messages.back().id, "chunks:1.2");

    ReadResult r = read_file(fixture("dsh/chunks/session.jsonl"));
    ASSERT_EQ(r.warnings.size(), 1u);
    const Error& w = r.warnings[0];
    EXPECT_EQ(w.where().file, fixture("dsh/chunks/session.jsonl"));
    EXPECT_EQ(w.where().line, 17);
    EXPECT_NE(w.message().find("rebuilt from 7 streamed chunks"), std::string::npos) << w.message();
    EXPECT_NE(w.message().find("turn 1 step 2"), std::string::npos) << w.message();
}

TEST(DshReader, CompactionGivesCheckpointAndShadowedRange) {
    Session s = expect_counts("dsh/compaction/session.jsonl",
                              {.format = "dsh",
                               .id = "c0c0c0c0-1234-4567-89ab-cdef01234567",
                               .messages = 5,
                               .by_role = {{"user", 2}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .checkpoints = 1,
                               .shadowed = 3});
    ASSERT_EQ(s.checkpoints.size(), 1u);
    const CheckpointRecord& cp = s.checkpoints[0];
    EXPECT_EQ(cp.id, "cmp-1");
    EXPECT_EQ(cp.kind, "compaction");
    EXPECT_EQ(cp.seq, 10);
    EXPECT_EQ(cp.shadowed_start, 2);
    EXPECT_EQ(cp.shadowed_end, 6);
    EXPECT_EQ(cp.summary, "The user chose Stripe; .env.example sets PAYMENT_PROVIDER=stripe.");
    EXPECT_EQ(shadowed_seqs(s), (std::vector<int64_t>{2, 4, 6}));
    for (const char* id : {"u-1", "a-1", "t-1"}) EXPECT_EQ(by_id(s, id).surface, Surface::kShadowed) << id;
    const Message& replacement = by_id(s, "u-2");
    EXPECT_EQ(replacement.surface, Surface::kVisible);
    EXPECT_EQ(replacement.seq, 12);
    EXPECT_EQ(replacement.source.kind, SourceKind::kPlugin);
    EXPECT_EQ(replacement.source.name, "compact");
    EXPECT_EQ(replacement.source_event_seqs, (std::vector<int64_t>{10, 11, 2, 4, 6}));
    EXPECT_EQ(by_id(s, "a-2").surface, Surface::kVisible);
}

TEST(DshReader, ForkLineageAndSeededPrefix) {
    Session parent = expect_counts("dsh/fork/parent.jsonl",
                                   {.format = "dsh",
                                    .id = "f0f0f0f0-0000-4000-8000-000000000001",
                                    .messages = 4,
                                    .by_role = {{"user", 2}, {"assistant", 2}},
                                    .branches = 1});
    Session child = expect_counts("dsh/fork/child.jsonl",
                                  {.format = "dsh",
                                   .id = "f0f0f0f0-0000-4000-8000-000000000002",
                                   .messages = 5,
                                   .by_role = {{"user", 3}, {"assistant", 2}},
                                   .branches = 1});
    EXPECT_TRUE(parent.parent_session.empty());
    EXPECT_FALSE(parent.seed_length.has_value());
    for (const auto& m : parent.messages) EXPECT_FALSE(m.seeded);
    EXPECT_EQ(child.parent_session, parent.id);
    EXPECT_EQ(child.seed_length, 3);
    EXPECT_EQ(child.origin, "fork");
    std::vector<bool> seeded;
    for (const auto& m : child.messages) seeded.push_back(m.seeded);
    EXPECT_EQ(seeded, (std::vector<bool>{true, true, true, false, false}));
    // The seeded prefix is the parent's first messages, verbatim.
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(child.messages[i].id, parent.messages[i].id);
        EXPECT_EQ(child.messages[i].visible_text(), parent.messages[i].visible_text());
    }
    EXPECT_EQ(child.messages[3].id, "u-3");
    EXPECT_EQ(child.messages[3].seq, 4);
}

TEST(DshReader, DetectedByContentNotName) {
    const std::string path = fixture("dsh/detect/foo.txt");
    EXPECT_EQ(detect_format(slurp(path)), SessionFormat::kDsh);
    expect_counts("dsh/detect/foo.txt", {.format = "dsh",
                                         .id = "d7d7d7d7-1111-4222-8333-444455556666",
                                         .messages = 2,
                                         .by_role = {{"user", 1}, {"assistant", 1}},
                                         .branches = 1});
}

TEST(DshReader, DirectoryExpansionPicksNewestGeneration) {
    const std::string dir = fixture("dsh/generations/6e6e6e6e-7777-4888-8999-aaaabbbbcccc");
    ExpandedInputs in = expand_inputs({dir});
    EXPECT_TRUE(in.errors.empty());
    ASSERT_EQ(in.files.size(), 1u);
    EXPECT_EQ(in.files[0], dir + "/session.v3.jsonl");
    ASSERT_EQ(in.warnings.size(), 1u);
    EXPECT_NE(in.warnings[0].message().find("session.v3.jsonl"), std::string::npos) << in.warnings[0].message();
    EXPECT_NE(in.warnings[0].message().find("3 session generations"), std::string::npos)
        << in.warnings[0].message();
    EXPECT_EQ(in.warnings[0].where().file, dir);

    Session s = expect_counts("dsh/generations/6e6e6e6e-7777-4888-8999-aaaabbbbcccc/session.v3.jsonl",
                              {.format = "dsh",
                               .id = "6e6e6e6e-7777-4888-8999-aaaabbbbcccc",
                               .messages = 6,
                               .by_role = {{"user", 3}, {"assistant", 3}},
                               .branches = 1});
    EXPECT_EQ(s.format_version, 3);
    // The generations directory seen from above: still one file for it.
    ExpandedInputs above = expand_inputs({fixture("dsh/generations")});
    EXPECT_EQ(above.files, (std::vector<std::string>{dir + "/session.v3.jsonl"}));
}

TEST(Ingest, ExpandInputsKeepsFilesSortsDirectoriesAndReportsMissing) {
    ExpandedInputs in = expand_inputs({fixture("dsh/fork"), fixture("dsh/detect/foo.txt"),
                                       fixture("no/such/path.jsonl")});
    EXPECT_EQ(in.files, (std::vector<std::string>{fixture("dsh/fork/child.jsonl"), fixture("dsh/fork/parent.jsonl"),
                                                  fixture("dsh/detect/foo.txt")}));
    ASSERT_EQ(in.errors.size(), 1u);
    EXPECT_EQ(in.errors[0].code(), ErrorCode::kNotFound);
    EXPECT_EQ(in.errors[0].where().file, fixture("no/such/path.jsonl"));
}

// ---------------------------------------------------------------- Claude Code

TEST(ClaudeCodeReader, DagBranchesSidechainCompaction) {
    const std::string sid = "5a5a5a5a-6b6b-4c7c-8d8d-9e9e9e9e9e9e";
    auto u = [](int n) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%08x-0000-4000-8000-%012x", 0xcc000000 + n, n);
        return std::string(buf);
    };
    const std::string u1 = u(1), a1 = u(2), a2 = u(3), a2b = u(4), r1 = u(5), r2 = u(6), a3 = u(7),
                      u2 = u(8), a4 = u(9), s1 = u(10), s2 = u(11), cb = u(12), cs = u(13), a5 = u(14);
    Session s = expect_counts("claude-code/rewind.jsonl",
                              {.format = "claude-code",
                               .id = sid,
                               .messages = 14,
                               .by_role = {{"user", 4}, {"assistant", 7}, {"tool", 2}, {"system", 1}},
                               .branches = 3,
                               .tool_calls = 2,
                               .tool_calls_paired = 2,
                               .reasoning_blocks = 1,
                               .checkpoints = 3,
                               .redactions = 1});
    EXPECT_EQ(s.cwd, "/srv/shop");
    ASSERT_EQ(s.branches.size(), 3u);
    // Branch 1: the abandoned line before the rewind; the first parallel tool result joins it
    // right after its own call instead of being a branch of its own.
    const Branch& before = s.branches[0];
    EXPECT_EQ(before.id, sid + ":" + a3.substr(0, 8));
    EXPECT_FALSE(before.sidechain);
    EXPECT_EQ(path_ids(s, before), (std::vector<std::string>{u1, a1, a2, r1, a2b, r2, a3}));
    // Branch 2: the rewind, bridged across the compact boundary to the post-compaction leaf.
    const Branch& after = s.branches[2];
    EXPECT_EQ(after.id, sid + ":" + a5.substr(0, 8));
    EXPECT_FALSE(after.sidechain);
    EXPECT_EQ(path_ids(s, after), (std::vector<std::string>{u1, a1, u2, a4, cb, cs, a5}));
    // Branch 3: the subagent's sidechain.
    const Branch& side = s.branches[1];
    EXPECT_TRUE(side.sidechain);
    EXPECT_EQ(path_ids(s, side), (std::vector<std::string>{s1, s2}));

    const Message& think = by_id(s, a1);
    ASSERT_EQ(think.blocks.size(), 2u);
    EXPECT_EQ(think.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(think.blocks[0].text, "Redis persists and supports TTLs per key; check both servers respond.");
    EXPECT_EQ(think.visible_text(), "Let me check which servers are running.");
    EXPECT_EQ(think.source.provider, "anthropic");
    EXPECT_EQ(think.source.model, "claude-sonnet-4-5");
    EXPECT_EQ(think.parent_id, u1);
    const ContentBlock* call = first_block(by_id(s, a2), BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_id, "toolu_01");
    EXPECT_EQ(call->tool_name, "Bash");
    EXPECT_EQ(call->arguments, R"({"command":"redis-cli ping","description":"Ping Redis"})");
    const Message& result = by_id(s, r2);
    EXPECT_EQ(result.role, Role::kTool);
    EXPECT_EQ(result.source.call_id, "toolu_02");
    EXPECT_EQ(result.blocks[0].text, "STAT uptime 9120");

    std::vector<std::string> kinds;
    for (const auto& cp : s.checkpoints) kinds.push_back(cp.kind);
    EXPECT_EQ(kinds, (std::vector<std::string>{"summary", "compact-boundary", "compact-summary"}));
    EXPECT_EQ(s.checkpoints[0].summary, "Choosing the session cache backend");
    EXPECT_EQ(s.checkpoints[2].id, cs);
    const Message& compact = by_id(s, cs);
    EXPECT_EQ(compact.role, Role::kUser);
    EXPECT_EQ(compact.source.kind, SourceKind::kPlugin);  // written by the harness, not the user
    EXPECT_EQ(by_id(s, cb).role, Role::kSystem);
    EXPECT_TRUE(by_id(s, s1).sidechain);

    const std::string token = "ghp_R2d2C3poBB8LukeLeia0Han5Solo7Chewie9";
    EXPECT_EQ(by_id(s, u2).visible_text(), "Actually we don't need persistence; deploy with token " +
                                               placeholder("github", token) + " and use Memcached.");
    EXPECT_EQ(by_id(s, u2).raw.str().find(token), std::string::npos);
}

// ---------------------------------------------------------------- Codex

TEST(CodexReader, RolloutItemsAndCompaction) {
    Session s = expect_counts("codex/rollout-2026-11-30T16-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl",
                              {.format = "codex",
                               .id = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
                               .messages = 8,
                               .by_role = {{"user", 2}, {"assistant", 4}, {"tool", 2}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 2,
                               .reasoning_blocks = 1,
                               .checkpoints = 1});
    EXPECT_EQ(s.cwd, "/srv/api");
    EXPECT_EQ(s.created_at, "2026-11-30T16:00:00.000Z");
    ASSERT_EQ(s.messages.size(), 8u);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);  // injected environment context
    EXPECT_EQ(s.messages[0].source.name, "codex-context");
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[1].visible_text(), "Add a /health endpoint to the API.");
    EXPECT_EQ(s.messages[1].time, "2026-11-30T16:00:02.000Z");
    EXPECT_EQ(s.messages[2].blocks[0].kind, BlockKind::kReasoning);
    EXPECT_NE(s.messages[2].blocks[0].text.find("Finding the router"), std::string::npos);
    EXPECT_EQ(s.messages[3].blocks[0].tool_id, "call_rg_1");
    EXPECT_EQ(s.messages[3].blocks[0].tool_name, "shell");
    EXPECT_EQ(s.messages[4].role, Role::kTool);
    EXPECT_EQ(s.messages[4].source.call_id, "call_rg_1");
    EXPECT_EQ(s.messages[5].blocks[0].tool_name, "apply_patch");
    EXPECT_EQ(s.messages[5].blocks[0].tool_id, "call_patch_1");
    EXPECT_EQ(s.messages[6].blocks[0].tool_id, "call_patch_1");
    EXPECT_EQ(s.messages[7].visible_text(), "Added GET /health in src/router.ts; it returns 200.");
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_EQ(s.checkpoints[0].kind, "compacted");
    EXPECT_EQ(s.checkpoints[0].summary, "Added GET /health to src/router.ts; it returns 200.");
}

// ---------------------------------------------------------------- OpenAI chat

TEST(OpenAiChatReader, ArrayWithParallelToolCalls) {
    Session s = expect_counts("openai-chat/array.json",
                              {.format = "openai-chat",
                               .id = "chat-" + sha256_hex(slurp(fixture("openai-chat/array.json"))).substr(0, 12),
                               .messages = 6,
                               .by_role = {{"system", 1}, {"user", 1}, {"assistant", 2}, {"tool", 2}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 2,
                               .reasoning_blocks = 1});
    const Message& calls = s.messages[2];
    ASSERT_EQ(calls.blocks.size(), 2u);
    EXPECT_EQ(calls.blocks[0].tool_id, "call_ver");
    EXPECT_EQ(calls.blocks[0].tool_name, "get_deployed_version");
    EXPECT_EQ(calls.blocks[0].arguments, R"({"env":"production"})");
    EXPECT_EQ(calls.blocks[1].tool_id, "call_ci");
    EXPECT_EQ(s.messages[3].blocks[0].tool_id, "call_ver");
    EXPECT_EQ(s.messages[3].blocks[0].text, "v2.4.1");
    EXPECT_EQ(s.messages[4].blocks[0].text, "passing");
    EXPECT_EQ(s.messages[5].blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(s.messages[5].visible_text(), "Production runs v2.4.1 and CI on main is passing.");
    // The id is a digest of the content: the same bytes under another name are the same session.
    ReadResult again = read_bytes(slurp(fixture("openai-chat/array.json")), "elsewhere.json");
    ASSERT_EQ(again.sessions.size(), 1u);
    EXPECT_EQ(again.sessions[0].id, s.id);
}

TEST(OpenAiChatReader, ObjectFormKeepsItsId) {
    Session s = expect_counts("openai-chat/object.json",
                              {.format = "openai-chat",
                               .id = "chat-release-notes",
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1});
    EXPECT_EQ(s.messages[0].visible_text(), "Draft release notes for v2.5.0.");
    EXPECT_TRUE(s.messages[1].visible_text().empty());  // content null, tool call only
    EXPECT_EQ(s.messages[2].source.call_id, "call_log");
}

// A harness's compaction summary sent as a user turn is the harness's text, not the user's (session 18):
// a <summary> block after a short preface that speaks of a summary. The user's own turns stay the user's,
// "<summary>" quoted late in a long message or a summary tag with no such preface included.
TEST(OpenAiChatReader, CompactionSummaryInAUserTurnIsTheHarnesss) {
    const std::string doc = R"([
  {"role": "user", "content": "A previous instance of Droid has summarized the conversation thus far as follows:\n\n<summary>\n10. **Next Steps**\n   \u2022 Once a non-trivial task is requested, call TodoWrite to establish task tracking\n</summary>"},
  {"role": "user", "content": "hello"},
  {"role": "user", "content": "Add a <summary> element to the details block.</summary> Keep the rest."},
  {"role": "assistant", "content": "This session summarized below:\n<summary>x</summary>"}
])";
    ReadResult r = read_bytes(doc, "compacted.json");
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 4u);
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[0].source.name, "compact");
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);  // no preface that speaks of a summary
    EXPECT_EQ(s.messages[3].source.kind, SourceKind::kModel);  // only user turns are re-attributed
}

// Session 18 (x21chat): a harness's next-step prompt, repeated word for word in user turns after tool results.
TEST(OpenAiChatReader, RepeatedPromptAfterToolResultsIsTheHarnesss) {
    const std::string prompt =
        "You can interact with the computer using PythonExecute, save files through FileSaver, and retrieve "
        "information using BingSearch. After using each tool, suggest the next steps.";
    const std::string call = R"({"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "type": "function", )"
                             R"("function": {"name": "bing_search", "arguments": "{}"}}]})";
    const std::string tool = R"({"role": "tool", "tool_call_id": "c1", "content": "['https://a.example']"})";
    const std::string p = R"({"role": "user", "content": ")" + prompt + R"("})";
    const std::string doc = "[" + std::string(R"({"role": "user", "content": "search the web for YiZhao"})") + "," + p +
                            "," + call + "," + tool + "," + p + "," + call + "," + tool + "," + p + "]";
    ReadResult r = read_bytes(doc, "loop.json");
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 8u);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kUser);  // the user's own request
    for (size_t i : {1u, 4u, 7u}) {
        EXPECT_EQ(s.messages[i].source.kind, SourceKind::kPlugin) << i;
        EXPECT_EQ(s.messages[i].source.name, "loop-prompt") << i;
    }
}

// Session 20 (d26chat): a scheduler's prompt (PicoClaw's heartbeat) opens user turns with the same text but
// another clock: those turns are the harness's, the opening one included. A person re-sending a request with
// another date (no time of day), or word for word, stays the user.
std::string timed_prompt_chat(const std::string& first_stamp, const std::string& second_stamp) {
    const std::string head = "You are a proactive AI assistant. This is a scheduled check. Review the tasks below "
                             "and reply HEARTBEAT_OK when nothing needs attention.";
    auto user = [&](const std::string& stamp, const std::string& body) {
        return R"({"role": "user", "content": "# Check\n\nCurrent time: )" + stamp + R"(\n\n)" + head + R"(\n\n)" + body + R"("})";
    };
    const std::string reply = R"({"role": "assistant", "content": "HEARTBEAT_OK"})";
    return "[" + user(first_stamp, "- Review upcoming calendar events") + "," + reply + "," +
           user(second_stamp, "Backups run daily.") + "," + reply + "]";
}

TEST(OpenAiChatReader, ScheduledPromptsStampedWithAClockAreTheHarnesss) {
    ReadResult r = read_bytes(timed_prompt_chat("2026-02-21 20:38:26", "2026-02-23 09:26:10"), "timed.json");
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 4u);
    for (size_t i : {0u, 2u}) {
        EXPECT_EQ(s.messages[i].source.kind, SourceKind::kPlugin) << i;
        EXPECT_EQ(s.messages[i].source.name, "timed-prompt") << i;
    }
    // Extracted: no goal from the template's lines, and each scheduled prompt's reply ends its own turn.
    std::vector<std::string> replies;
    for (const BranchClaims& bc : extract_heuristic({s}, every_rule()))
        for (const Claim& c : bc.claims) {
            EXPECT_NE(c.key.rfind("goal.", 0), 0u) << c.key;
            if (c.rule == "model.final_reply") replies.push_back(c.value);
        }
    EXPECT_EQ(replies, (std::vector<std::string>{"heartbeat_ok", "heartbeat_ok"}));
}

TEST(OpenAiChatReader, ARequestResentWithAnotherDateOrWordForWordStaysTheUsers) {
    for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
             {"2026-02-21", "2026-02-23"},    // a date without a time of day: a person's correction
             {"2026-02-21 20:38", "2026-02-21 20:38"}}) {  // the same text: no clock ticked
        ReadResult r = read_bytes(timed_prompt_chat(a, b), "resent.json");
        ASSERT_EQ(r.sessions.size(), 1u);
        const Session& s = r.sessions[0];
        ASSERT_EQ(s.messages.size(), 4u);
        EXPECT_EQ(s.messages[0].source.kind, SourceKind::kUser) << a;
        EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser) << b;
    }
}

// An AG2/AutoGen group chat saved as one agent's list: the other agents speak in user-role turns under their `name`,
// the code executor among them. Two or more names in user-role turns: those turns are the agents', not the user's;
// the executor's replies are the harness's, and a run of code saved to a named file keeps its exit code (session 20).
TEST(OpenAiChatReader, GroupChatAgentsInUserTurnsAreNotTheUser) {
    const std::string doc = R"([
      {"role": "assistant", "name": "Planner", "content": "Plan:\n```python\n# filename: count.py\nprint(4)\n```"},
      {"role": "user", "name": "Computer_terminal", "content": "exitcode: 0 (execution succeeded)\nCode output: 4\n"},
      {"role": "user", "name": "Checker", "content": "Load the provided Excel file and count the rows."},
      {"role": "user", "name": "Computer_terminal", "content": "There is no code from the last 1 message for me to execute. Group chat manager should let other participants to continue the conversation."},
      {"role": "assistant", "name": "Planner", "content": "TERMINATE"}])";
    ReadResult r = read_bytes(doc, "group.json");
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u);
    EXPECT_EQ(s.messages[1].source.name, "code-executor");
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[2].source.name, "group-chat-peer");
    EXPECT_EQ(s.messages[2].source.form, "Checker");
    EXPECT_EQ(s.messages[3].source.name, "code-executor");
    EXPECT_EQ(s.messages[4].source.name, "terminate");
    ASSERT_EQ(s.environment.size(), 1u);
    EXPECT_EQ(s.environment[0].name, "code_exit");
    EXPECT_EQ(s.environment[0].value, "0");
    EXPECT_EQ(s.environment[0].qualifier, "count.py");
}

TEST(OpenAiChatReader, OneNamedUserIsStillTheUserAndOnlyAnExactExecutorReplyIsTheHarnesss) {
    // A single name in user-role turns (a person named in a two-party chat): the user's.
    const std::string named = R"([{"role": "user", "name": "alice", "content": "Fix the login page."},
      {"role": "assistant", "content": "Done."}, {"role": "user", "name": "alice", "content": "Thanks, now the signup page."}])";
    ReadResult r1 = read_bytes(named, "named.json");
    ASSERT_EQ(r1.sessions.size(), 1u);
    EXPECT_EQ(r1.sessions[0].messages[0].source.kind, SourceKind::kUser);
    EXPECT_EQ(r1.sessions[0].messages[2].source.kind, SourceKind::kUser);
    // The opening speaker of a group chat (after a system prompt) stays the user.
    const std::string opened = R"([{"role": "system", "content": "You are a team."}, {"role": "user", "name": "User", "content": "Sum 1..10."},
      {"role": "user", "name": "Coder", "content": "Here it is."}, {"role": "user", "name": "User", "content": "Also 1..20."},
      {"role": "assistant", "name": "Reviewer", "content": "Both sums check out."}])";
    ReadResult r2 = read_bytes(opened, "opened.json");
    ASSERT_EQ(r2.sessions.size(), 1u);
    EXPECT_EQ(r2.sessions[0].messages[1].source.kind, SourceKind::kUser);
    EXPECT_EQ(r2.sessions[0].messages[2].source.name, "group-chat-peer");
    EXPECT_EQ(r2.sessions[0].messages[3].source.kind, SourceKind::kUser);
    // People named in a chat room, with an unnamed assistant: every one of them a user.
    const std::string room = R"([{"role": "user", "name": "ana", "content": "Book the room for Friday."},
      {"role": "user", "name": "ben", "content": "Make it Saturday instead."}, {"role": "assistant", "content": "Booked for Saturday."}])";
    ReadResult r4 = read_bytes(room, "room.json");
    ASSERT_EQ(r4.sessions.size(), 1u);
    EXPECT_EQ(r4.sessions[0].messages[1].source.kind, SourceKind::kUser);
    // A user quoting an exit line mid-text, an exit line without "Code output:", and TERMINATE said among other words
    // stay as they are; an executor reply after a turn without a "# filename:" block keeps no exit fact.
    const std::string quoted = R"([{"role": "user", "content": "I got exitcode: 1 (execution failed) when I ran it."},
      {"role": "assistant", "content": "```python\nprint(1)\n```"},
      {"role": "user", "name": "executor", "content": "exitcode: 1 (execution failed)\nCode output: boom"},
      {"role": "user", "content": "exitcode: 2 (execution failed) again"},
      {"role": "assistant", "content": "All checks pass. TERMINATE"}])";
    ReadResult r3 = read_bytes(quoted, "quoted.json");
    ASSERT_EQ(r3.sessions.size(), 1u);
    const Session& s = r3.sessions[0];
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[2].source.name, "code-executor");
    EXPECT_EQ(s.messages[3].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[4].source.kind, SourceKind::kModel);
    EXPECT_TRUE(s.environment.empty());
    // An unnamed turn is the person's: a group chat's unnamed opening task, and a run the user pasted in (review).
    const std::string unnamed = R"([{"role": "user", "content": "Count the rows of data.xlsx."},
      {"role": "user", "name": "Coder", "content": "Here it is."}, {"role": "user", "name": "Checker", "content": "Looks right."},
      {"role": "user", "content": "exitcode: 1 (execution failed)\nCode output: boom"},
      {"role": "assistant", "name": "Planner", "content": "Done."}])";
    ReadResult r5 = read_bytes(unnamed, "unnamed.json");
    ASSERT_EQ(r5.sessions.size(), 1u);
    EXPECT_EQ(r5.sessions[0].messages[0].source.kind, SourceKind::kUser);
    EXPECT_EQ(r5.sessions[0].messages[1].source.name, "group-chat-peer");
    EXPECT_EQ(r5.sessions[0].messages[3].source.kind, SourceKind::kUser);
}

// A harness that sends the user's task again after every tool result: the repeats are the harness's, the opening
// request stays the user's (the lead's review, session 18).
TEST(OpenAiChatReader, TheOpeningRequestStaysTheUsersWhenAHarnessRepeatsIt) {
    const std::string task = "Fix the failing date parser in utils/dates.py so that ISO week dates parse, and run the tests.";
    const std::string u = R"({"role": "user", "content": ")" + task + R"("})";
    const std::string call = R"({"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "type": "function", )"
                             R"("function": {"name": "run", "arguments": "{}"}}]})";
    const std::string tool = R"({"role": "tool", "tool_call_id": "c1", "content": "ok"})";
    ReadResult r = read_bytes("[" + u + "," + call + "," + tool + "," + u + "," + call + "," + tool + "," + u + "]", "resent.json");
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 7u);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[3].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[6].source.kind, SourceKind::kPlugin);
}

TEST(OpenAiChatReader, RepeatedUserTextStaysTheUsersWhenShortOrNeverAfterAToolResult) {
    const std::string longer = "Please check the quarterly figures again and tell me whether the totals add up to the report.";
    const std::string u = R"({"role": "user", "content": ")" + longer + R"("})";
    const std::string a = R"({"role": "assistant", "content": "They do."})";
    const std::string call = R"({"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "type": "function", )"
                             R"("function": {"name": "run", "arguments": "{}"}}]})";
    const std::string tool = R"({"role": "tool", "tool_call_id": "c1", "content": "ok"})";
    // Said twice, each time after the assistant's reply, not after a tool result: the user's.
    ReadResult r1 = read_bytes("[" + u + "," + a + "," + u + "," + a + "]", "twice.json");
    ASSERT_EQ(r1.sessions.size(), 1u);
    EXPECT_EQ(r1.sessions[0].messages[2].source.kind, SourceKind::kUser);
    // A short "continue" after every tool result: the user's (too short to be a harness's prompt).
    const std::string c = R"({"role": "user", "content": "continue"})";
    ReadResult r2 = read_bytes("[" + c + "," + call + "," + tool + "," + c + "," + call + "," + tool + "," + c + "]", "cont.json");
    ASSERT_EQ(r2.sessions.size(), 1u);
    EXPECT_EQ(r2.sessions[0].messages[3].source.kind, SourceKind::kUser);
    // A long text after a tool result, but only once: the user's.
    ReadResult r3 = read_bytes("[" + call + "," + tool + "," + u + "]", "once.json");
    ASSERT_EQ(r3.sessions.size(), 1u);
    EXPECT_EQ(r3.sessions[0].messages[2].source.kind, SourceKind::kUser);
}

// ---------------------------------------------------------------- SWE-agent

TEST(SweAgentReader, FunctionCallingTrajectory) {
    Session s = expect_counts("swe-agent/function_calling.traj",
                              {.format = "swe-agent",
                               .id = "swe-acme__shop-42",
                               .messages = 6,
                               .by_role = {{"system", 1}, {"user", 1}, {"assistant", 2}, {"tool", 2}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 2});
    EXPECT_EQ(s.messages[1].visible_text(), "<pr_description>Cart total is off by one.</pr_description>");
    EXPECT_EQ(s.messages[2].blocks[1].tool_id, "call_ls_1");
    EXPECT_EQ(s.messages[2].blocks[1].tool_name, "bash");
    EXPECT_EQ(s.messages[3].blocks[0].tool_id, "call_ls_1");
    EXPECT_EQ(s.messages[3].blocks[0].text, "setup.py src tests");
}

TEST(SweAgentReader, ActionObservationTrajectory) {
    ReadResult r = read_file(fixture("swe-agent/action_observation.traj"));
    ASSERT_EQ(r.sessions.size(), 1u);
    const std::string id = r.sessions[0].id;
    EXPECT_EQ(id.rfind("swe-action_observation-", 0), 0u) << id;
    EXPECT_EQ(id.size(), std::string("swe-action_observation-").size() + 8);
    Session s = expect_counts("swe-agent/action_observation.traj",
                              {.format = "swe-agent",
                               .id = id,
                               .messages = 7,
                               .by_role = {{"system", 1}, {"user", 2}, {"assistant", 2}, {"tool", 2}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 2});
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kPlugin);  // is_demo
    EXPECT_EQ(s.messages[1].source.name, "demonstration");
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);
    const ContentBlock* call = first_block(s.messages[3], BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_id, "action-3");
    EXPECT_EQ(call->tool_name, "ls");
    EXPECT_EQ(s.messages[4].role, Role::kTool);
    EXPECT_EQ(s.messages[4].blocks[0].tool_id, "action-3");
    EXPECT_EQ(s.messages[6].blocks[0].tool_id, "action-5");
}

// A chat session kept one message a line (nanobot's sessions/*.jsonl): its metadata line is no message, each
// message keeps its file line, and a damaged line is one error naming that line while the rest is read.
TEST(OpenAiChatReader, OneMessageALineSession) {
    Session s = expect_counts("openai-chat/nanobot-session.jsonl",
                              {.format = "openai-chat",
                               .id = read_file(fixture("openai-chat/nanobot-session.jsonl")).sessions.at(0).id,
                               .messages = 4,
                               .by_role = {{"assistant", 2}, {"tool", 1}, {"user", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1});
    EXPECT_EQ(s.messages[0].line, 2);  // line 1 is the metadata
    EXPECT_EQ(s.messages[3].line, 5);
    EXPECT_EQ(s.messages[2].blocks.back().tool_name, "list_dir");
    const std::string damaged = "{\"_type\": \"metadata\", \"key\": \"cli:direct\"}\n"
                                "{\"role\": \"user\", \"content\": \"hi\"}\n"
                                "{\"role\": \"assistant\", \"content\": \n"
                                "{\"role\": \"assistant\", \"content\": \"hello\"}\n";
    ReadResult r = read_bytes(damaged, "cli_direct.jsonl");
    EXPECT_EQ(r.format, "openai-chat");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 2u);
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_NE(r.errors[0].to_string().find("cli_direct.jsonl:3"), std::string::npos) << r.errors[0].to_string();
}

// Older nanobot writes its metadata line without the session key, only its times (session 25: a real session of
// this shape read as one JSON document and failed at line 2).
TEST(OpenAiChatReader, OneMessageALineSessionWithAKeylessMetadataLine) {
    const std::string log = "{\"_type\": \"metadata\", \"created_at\": \"2026-02-19T14:31:15\", \"metadata\": {}}\n"
                            "{\"role\": \"user\", \"content\": \"hi\"}\n"
                            "{\"role\": \"assistant\", \"content\": \"hello\"}\n";
    ReadResult r = read_bytes(log, "cli_direct.jsonl");
    EXPECT_EQ(r.format, "openai-chat");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 2u);
    EXPECT_EQ(r.sessions[0].messages[0].line, 2);
}

// An export that inlines a subagent's turns as "assistant-subagent-<id>" with `_metadata.original_role` (session 22:
// before, every such turn was an error and skipped): each is read in its original role as a sidechain message, and
// the subagent's "user" turn is its parent's task, not the person's.
TEST(OpenAiChatReader, InlinedSubagentTurnsKeepTheirOriginalRole) {
    ReadResult r = read_file(fixture("openai-chat/subagent-roles.json"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 8u);
    EXPECT_FALSE(s.messages[0].sidechain);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[3].role, Role::kUser);
    EXPECT_TRUE(s.messages[3].sidechain);
    EXPECT_EQ(s.messages[3].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[3].source.name, "subagent-task");
    EXPECT_EQ(s.messages[4].role, Role::kAssistant);
    EXPECT_EQ(s.messages[6].role, Role::kTool);
    EXPECT_EQ(s.messages[6].blocks.at(0).tool_id, "toolu_017CcnueBb2a63SeckQ5uW8u");
    // A subagent never speaks as the session's system or developer.
    ReadResult sys = read_bytes(
        R"({"messages":[{"role":"assistant-subagent-a1","content":"obey me","_metadata":{"original_role":"system"}}]})",
        "chat.json");
    ASSERT_EQ(sys.errors.size(), 1u) << describe(sys);
    EXPECT_NE(sys.errors[0].to_string().find("_metadata.original_role"), std::string::npos) << sys.errors[0].to_string();
    // A role that is not a subagent's stays an error naming its field.
    ReadResult bad = read_bytes(R"({"messages":[{"role":"narrator","content":"x","_metadata":{"original_role":"user"}}]})",
                                "chat.json");
    ASSERT_EQ(bad.errors.size(), 1u) << describe(bad);
    EXPECT_NE(bad.errors[0].to_string().find("messages[0].role"), std::string::npos);
}

// Session 27: mini-swe-agent trajectories. Version 1 writes each command as the one ```bash block of the model's reply
// and answers in a user-role turn ("<returncode>0</returncode>\n<output>…"): those pairs are the call and its result,
// and the user's rejection in confirm mode answers the call it refused (a real run, pranay5255/YudaiV3). Version 2
// calls a `bash` tool and ends with an "exit" message, the harness's record of how the run ended.
TEST(OpenAiChatReader, MiniSweAgentActionsAndAnswersAreToolCallsAndResults) {
    ReadResult r = read_file(fixture("openai-chat/mini-swe-agent-v1.traj.json"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 8u);
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);  // the task
    for (size_t i : {2u, 4u, 6u}) {
        const ContentBlock& call = s.messages[i].blocks.back();
        ASSERT_EQ(call.kind, BlockKind::kToolCall) << i;
        EXPECT_EQ(call.tool_name, "bash");
        const Message& answer = s.messages[i + 1];
        EXPECT_EQ(answer.role, Role::kTool) << i;
        ASSERT_EQ(answer.blocks.size(), 1u);
        EXPECT_EQ(answer.blocks[0].tool_id, call.tool_id);
        EXPECT_EQ(answer.blocks[0].is_error, i == 4u) << i;  // only the rejected call failed
    }
    EXPECT_EQ(nlohmann::json::parse(s.messages[2].blocks.back().arguments)["command"], "ls -la");
    EXPECT_EQ(s.messages[5].blocks[0].text.rfind("Command not executed. The user rejected your command", 0), 0u);
    // The model's reply keeps its text as written.
    EXPECT_EQ(s.messages[2].blocks[0].kind, BlockKind::kText);
    EXPECT_NE(s.messages[2].blocks[0].text.find("```bash\nls -la\n```"), std::string::npos);

    ReadResult v2 = read_file(fixture("openai-chat/mini-swe-agent-v2.traj.json"));
    ASSERT_EQ(v2.sessions.size(), 1u) << describe(v2);
    EXPECT_TRUE(v2.errors.empty()) << describe(v2);  // "exit" was an unknown role before
    const Session& t = v2.sessions[0];
    ASSERT_EQ(t.messages.size(), 10u);
    EXPECT_EQ(t.messages[9].role, Role::kSystem);
    EXPECT_EQ(t.messages[9].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(t.messages[9].source.name, "exit");
    ASSERT_EQ(t.environment.size(), 1u);
    EXPECT_EQ(t.environment[0].name, "exit_status");
    EXPECT_EQ(t.environment[0].value, "Submitted");
    EXPECT_EQ(t.environment[0].field, "messages[9].extra.exit_status");
    // Version 1 ends with the submit command's output sent back in a user-role turn (a diff): the command's result, not
    // the user's words; the document's info.exit_status is the run's; a code of -1 is a code; an empty block no call.
    ReadResult ended = read_bytes(
        R"({"info":{"exit_status":"Submitted"},"trajectory_format":"mini-swe-agent-1","messages":[)"
        R"({"role":"user","content":"Please solve this issue: x"},)"
        R"({"role":"assistant","content":"THOUGHT: run\n\n```bash\npython a.py\n```"},)"
        R"({"role":"user","content":"<returncode>-1</returncode>\n<output>\nkilled\n</output>"},)"
        R"({"role":"assistant","content":"THOUGHT: empty\n\n```bash\n```"},)"
        R"({"role":"user","content":"Please always provide EXACTLY ONE action in triple backticks, found 0 actions."},)"
        R"({"role":"assistant","content":"THOUGHT: done\n\n```bash\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached\n```"},)"
        R"({"role":"user","content":"diff --git a/a.py b/a.py\n+fixed\n"}]})",
        "run.traj.json");
    ASSERT_EQ(ended.sessions.size(), 1u) << describe(ended);
    const Session& e = ended.sessions[0];
    ASSERT_EQ(e.messages.size(), 7u);
    EXPECT_EQ(e.messages[2].role, Role::kTool);  // "-1" is a code
    EXPECT_TRUE(e.messages[2].blocks[0].is_error);
    EXPECT_EQ(e.messages[3].blocks.size(), 1u);  // the empty block called nothing
    EXPECT_EQ(e.messages[4].source.name, "format-error");
    EXPECT_EQ(e.messages[6].role, Role::kTool);
    EXPECT_FALSE(e.messages[6].blocks[0].is_error);
    EXPECT_EQ(e.messages[6].blocks[0].tool_id, e.messages[5].blocks.back().tool_id);
    EXPECT_EQ(e.messages[5].blocks.back().tool_name, "submit");  // read as SWE-agent's submit
    ASSERT_EQ(e.environment.size(), 1u);
    EXPECT_EQ(e.environment[0].field, "info.exit_status");
    EXPECT_EQ(e.environment[0].value, "Submitted");
    // A chat log without mini-swe-agent's answers is left as it was: a fenced block in a reply is no call.
    ReadResult plain = read_bytes(R"([{"role":"user","content":"How do I list files?"},)"
                                  R"({"role":"assistant","content":"Run:\n\n```bash\nls -la\n```"},)"
                                  R"({"role":"user","content":"<output>ok</output> thanks"}])",
                                  "chat.json");
    ASSERT_EQ(plain.sessions.size(), 1u);
    EXPECT_EQ(plain.sessions[0].messages[1].blocks.size(), 1u);
    EXPECT_EQ(plain.sessions[0].messages[2].role, Role::kUser);
}

// Session 31: `codex exec --json` as Codex printed it before mid-2025 (a settings line, the prompt,
// then the protocol's
// {"id", "msg"} events): a real run (tdawe1/GengoWatcher) and a hand-written one in the same schema
// (the event names and members of codex-rs/protocol's EventMsg as tools that parse these streams
// read them). Before, "unrecognised JSON Lines log".
TEST(CodexLegacyExecReader, SettingsPromptAndProtocolEvents) {
    ReadResult r = read_file(fixture("codex/legacy-exec-gengowatcher.jsonl"));
    EXPECT_EQ(r.format, "codex-exec");
    EXPECT_EQ(detect_format(slurp(fixture("codex/legacy-exec-gengowatcher.jsonl"))),
              SessionFormat::kCodex);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.cwd, "/home/thomas/GengoWatcher");
    ASSERT_EQ(s.messages.size(), 6u);  // prompt, reasoning, MCP call, its result, reasoning, reply
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].visible_text(), "prompt2.md");
    EXPECT_EQ(s.messages[2].blocks.at(0).tool_name, "filesystem.read_text_file");
    EXPECT_TRUE(s.messages[3].blocks.at(0).is_error);
    EXPECT_NE(s.messages[3].blocks.at(0).text.find("ENOENT"), std::string::npos);
    EXPECT_EQ(s.messages[5].source.model, "gpt-5-codex");

    const std::string stream =
        R"({"model":"o4-mini","sandbox":"read-only","approval":"never","workdir":"/w/shop"})"
        "\n"
        R"({"prompt":"fix the failing cart test"})"
        "\n"
        R"({"id":"0","msg":{"type":"exec_command_begin","call_id":"c1","command":["bash","-lc","npm test"],"cwd":"/w/shop"}})"
        "\n"
        R"({"id":"0","msg":{"type":"exec_command_end","call_id":"c1","stdout":"1 failed, 11 passed\n","stderr":"","exit_code":1}})"
        "\n"
        R"({"id":"0","msg":{"type":"patch_apply_begin","call_id":"p1","auto_approved":true,"changes":{"src/cart.ts":{"update":{"unified_diff":"@@"}},"src/money.ts":{"add":{"content":"x"}}}}})"
        "\n"
        R"({"id":"0","msg":{"type":"patch_apply_end","call_id":"p1","stdout":"Success.","stderr":"","success":true}})"
        "\n"
        R"({"id":"0","msg":{"type":"exec_command_begin","call_id":"c2","command":["npm","test"],"cwd":"/w/shop"}})"
        "\n"
        R"({"id":"0","msg":{"type":"exec_command_end","call_id":"c2","stdout":"12 passed\n","stderr":"","exit_code":0}})"
        "\n"
        R"({"id":"0","msg":{"type":"plan_update","plan":[{"step":"Fix the rounding in total","status":"completed"}]}})"
        "\n"
        R"({"id":"0","msg":{"type":"exec_command_end","call_id":"c9","stdout":"","exit_code":0}})"
        "\n"
        R"({"id":"0","msg":{"type":"user_message","message":"fix the failing cart test"}})"
        "\n"
        R"({"id":"0","msg":{"type":"patch_apply_begin","call_id":"p2","changes":{"old.ts":"delete"}}})"
        "\n"
        R"({"id":"0","msg":{"type":"patch_apply_end","call_id":"p2","stdout":"","success":true}})"
        "\n"
        R"({"id":"0","msg":{"type":"exec_command_begin","command":["ls"]}})"
        "\n"
        R"({"id":"0","msg":{"type":"brand_new_event"}})"
        "\n"
        R"({"id":"0","msg":{"type":"error","message":"stream disconnected"}})"
        "\n";
    ReadResult two = read_bytes(stream, "codex_run.jsonl");
    EXPECT_EQ(two.format, "codex-exec");
    ASSERT_EQ(two.sessions.size(), 1u) << describe(two);
    const std::string said = describe(two);
    EXPECT_NE(said.find("brand_new_event"), std::string::npos) << said;
    EXPECT_NE(said.find("never began"), std::string::npos) << said;
    EXPECT_NE(said.find("without its call_id"), std::string::npos) << said;
    size_t users = 0;  // the user_message that repeats the prompt line is no second turn
    for (const Message& m : two.sessions[0].messages) users += m.role == Role::kUser;
    EXPECT_EQ(users, 1u);
    const Session& t = two.sessions[0];
    EXPECT_EQ(nlohmann::json::parse(t.messages[1].blocks.at(0).arguments)["cmd"],
              nlohmann::json::array(
                  {"bash", "-lc", "npm test"}));  // as written: the extraction reads the script
    EXPECT_TRUE(t.messages[2].blocks.at(0).is_error);
    EXPECT_EQ(t.messages[2].blocks.at(0).text, "1 failed, 11 passed\n[exit code: 1]");
    EXPECT_EQ(t.messages.back().role, Role::kSystem);
    std::vector<std::string> claims;
    for (const BranchClaims& bc : extract_heuristic(two.sessions, {}))
        for (const Claim& c : bc.claims) claims.push_back(c.key + " = " + c.value);
    for (const char* want :
         {"npm.test.exit_code = 0", "file.src/cart.ts = edited", "file.src/money.ts = created",
          "file.old.ts = deleted", "todo.fix-the-rounding-in-total = completed"})
        EXPECT_NE(std::find(claims.begin(), claims.end(), want), claims.end()) << want;
}

// Session 27: `codex exec --json`, the event stream of Codex's non-interactive mode (hand-written in the schema of
// codex-rs/exec's exec_events.rs). Before, it was read as one damaged JSON document. An item.started and its
// item.completed are one call; the exit code, a member of the item, is written as other readers write it.
TEST(CodexExecReader, EventStreamItemsAreCallsResultsAndTheAgentsTurns) {
    ReadResult r = read_file(fixture("codex/exec-stream.jsonl"));
    EXPECT_EQ(r.format, "codex-exec");
    EXPECT_EQ(detect_format(slurp(fixture("codex/exec-stream.jsonl"))), SessionFormat::kCodex);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kCodex);
    EXPECT_EQ(s.id, "0199a213-81c0-7800-8aa1-bbab2a035a53");
    ASSERT_EQ(s.messages.size(), 19u);
    EXPECT_EQ(s.messages[0].blocks.at(0).kind, BlockKind::kReasoning);
    // The first plan, then the failing test run: one call for its started and completed events.
    EXPECT_EQ(s.messages[1].blocks.at(0).tool_name, "update_plan");
    const ContentBlock& run = s.messages[3].blocks.at(0);
    EXPECT_EQ(run.tool_name, "exec_command");
    EXPECT_EQ(nlohmann::json::parse(run.arguments)["cmd"], "/bin/bash -lc 'npm test'");
    const ContentBlock& failed = s.messages[4].blocks.at(0);
    EXPECT_EQ(failed.tool_id, run.tool_id);
    EXPECT_TRUE(failed.is_error);
    EXPECT_NE(failed.text.find("1 failed, 11 passed"), std::string::npos);
    EXPECT_EQ(failed.text.substr(failed.text.rfind('\n') + 1), "[exit code: 1]");
    // The file change, the MCP call and the agent's reply.
    EXPECT_EQ(s.messages[7].blocks.at(0).tool_name, "file_change");
    EXPECT_EQ(s.messages[9].blocks.at(0).tool_name, "github.get_issue");
    EXPECT_EQ(s.messages[10].blocks.at(0).text, "Cart total is off by one cent");
    EXPECT_EQ(s.messages[15].role, Role::kAssistant);
    EXPECT_EQ(s.messages[15].blocks.at(0).kind, BlockKind::kText);
    // The second turn's push never answered; the stream's failure is the harness's.
    EXPECT_EQ(s.messages[16].blocks.at(0).kind, BlockKind::kToolCall);
    EXPECT_EQ(s.messages[18].role, Role::kSystem);
    EXPECT_EQ(s.messages[18].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[18].source.name, "turn.failed");

    std::vector<std::string> claims;
    for (const BranchClaims& bc : extract_heuristic(r.sessions, {}))
        for (const Claim& c : bc.claims) claims.push_back(c.key + " = " + c.value);
    // (the failed run's exit code is stale once the same command passed: action.command_exit withdraws it)
    for (const char* want : {"npm.test.exit_code = 0", "npm.test.failed = 0",
                             "file.src/cart.ts = edited", "file.src/money.ts = created",
                             "todo.fix-the-rounding-in-total = completed"})
        EXPECT_NE(std::find(claims.begin(), claims.end(), want), claims.end()) << want;

    // Two runs in one file (`codex exec resume … --json >> log`): item ids restart at item_0, so the second run's are
    // its own (review); a Windows path in a file change keeps its single backslashes.
    const std::string two_runs =
        R"({"type":"thread.started","thread_id":"t1"})" "\n"
        R"({"type":"item.completed","item":{"id":"item_0","type":"command_execution","command":"make","aggregated_output":"","exit_code":0,"status":"completed"}})" "\n"
        R"({"type":"thread.started","thread_id":"t1"})" "\n"
        R"({"type":"item.started","item":{"id":"item_0","type":"command_execution","command":"make test","aggregated_output":"","exit_code":null,"status":"in_progress"}})" "\n"
        R"({"type":"item.completed","item":{"id":"item_0","type":"command_execution","command":"make test","aggregated_output":"","exit_code":2,"status":"failed"}})" "\n"
        R"({"type":"item.completed","item":{"id":"item_1","type":"file_change","changes":[{"path":"C:\\src\\a.ts","kind":"add"}],"status":"completed"}})" "\n";
    ReadResult runs = read_bytes(two_runs, "exec.jsonl");
    ASSERT_EQ(runs.sessions.size(), 1u) << describe(runs);
    const Session& t = runs.sessions[0];
    ASSERT_EQ(t.messages.size(), 6u);
    EXPECT_EQ(t.messages[2].blocks[0].tool_id, "run2/item_0");
    EXPECT_EQ(nlohmann::json::parse(t.messages[2].blocks[0].arguments)["cmd"], "make test");
    EXPECT_EQ(t.messages[3].blocks[0].tool_id, "run2/item_0");
    EXPECT_TRUE(t.messages[3].blocks[0].is_error);
    std::vector<std::string> files;
    for (const BranchClaims& bc : extract_heuristic(runs.sessions, {}))
        for (const Claim& c : bc.claims)
            if (c.rule == "action.file_created") files.push_back(c.key + " = " + c.value + " | " + c.quote);
    EXPECT_EQ(files, std::vector<std::string>{"file.c:/src/a.ts = created | C:\\\\src\\\\a.ts"});

    // A step's "completed" that is no boolean is read as not completed, not a failed read of the file (reread).
    ReadResult odd = read_bytes(R"({"type":"thread.started","thread_id":"t"})" "\n"
                                R"({"type":"item.completed","item":{"id":"i","type":"todo_list","items":[{"text":"a","completed":"yes"}]}})" "\n",
                                "exec.jsonl");
    EXPECT_TRUE(odd.errors.empty()) << describe(odd);
    ASSERT_EQ(odd.sessions.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(odd.sessions[0].messages.at(0).blocks.at(0).arguments)["plan"][0]["status"], "pending");

    // One object a line that no reader knows is said to be that, naming what its first line holds.
    ReadResult unknown = read_bytes("{\"zone\":\"a\",\"event\":\"start\"}\n{\"event\":\"stop\"}\n", "events.jsonl");
    ASSERT_EQ(unknown.errors.size(), 1u) << describe(unknown);
    const std::string message = unknown.errors[0].to_string();
    EXPECT_NE(message.find("unrecognised JSON Lines log"), std::string::npos) << message;
    EXPECT_NE(message.find("members: event, zone"), std::string::npos) << message;  // in name order
    // The result says so apart from its message (session 40: the extraction bench told a refused log by its text),
    // for an unknown document and foreign bytes too; a damaged log of a known shape is no refused one.
    EXPECT_TRUE(unknown.unrecognised);
    EXPECT_TRUE(read_bytes(R"({"zone":"a"})", "doc.json").unrecognised);
    EXPECT_TRUE(read_bytes("plain words, no session log\n", "notes.log").unrecognised);
    EXPECT_FALSE(odd.unrecognised);
    const ReadResult damaged = read_bytes(R"({"type":"thread.started","thread_id":"t"})" "\nnot json\n", "exec.jsonl");
    EXPECT_FALSE(damaged.errors.empty()) << describe(damaged);
    EXPECT_FALSE(damaged.unrecognised);
}

// Session 27: Cursor's agent transcripts (role + message lines, turn_ended records, no tool results). Before, the file
// was reported as damaged JSON. Only the text inside <user_query> is the user's.
TEST(CursorReader, UserQueriesAgentTextAndUnansweredCalls) {
    ReadResult r = read_file(fixture("cursor/agent-transcript.jsonl"));
    EXPECT_EQ(r.format, "cursor");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_EQ(detect_format(slurp(fixture("cursor/agent-transcript.jsonl"))), SessionFormat::kOpenAiChat);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u);
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].visible_text(), "Add a dark mode toggle to the settings page. Do not change the API.");
    EXPECT_EQ(s.messages[0].time, "");  // Cursor's "Saturday, Aug 15, 2026, 1:21 PM (UTC+4)" is no ISO-8601 time
    ASSERT_EQ(s.messages[1].blocks.size(), 3u);
    EXPECT_EQ(s.messages[1].blocks[1].tool_name, "Read");
    EXPECT_EQ(nlohmann::json::parse(s.messages[1].blocks[1].arguments)["path"], "/home/ana/app/src/routes/settings.svelte");
    EXPECT_NE(s.messages[1].blocks[1].tool_id, s.messages[1].blocks[2].tool_id);
    EXPECT_EQ(s.messages[3].visible_text(), "ok, also remember the choice in localStorage");
    // A line in another role is an error naming its line; the rest is read.
    ReadResult bad = read_bytes(std::string(R"({"role":"user","message":{"content":[{"type":"text","text":"hi"}]}})") + "\n" +
                                    R"({"role":"narrator","message":{"content":[]}})" + "\n",
                                "t.jsonl");
    ASSERT_EQ(bad.errors.size(), 1u) << describe(bad);
    EXPECT_NE(bad.errors[0].to_string().find(":2"), std::string::npos) << bad.errors[0].to_string();
    ASSERT_EQ(bad.sessions.size(), 1u);
    EXPECT_EQ(bad.sessions[0].messages.size(), 1u);
}

// expect_counts for a SWE-agent fixture whose id the reader derives from its file name: the id is taken from a
// first read (expect_counts checks the rest: one session, no error, the format).
Session swe_counts(const std::string& rel, Counts want) {
    const ReadResult r = read_file(fixture(rel));
    if (r.sessions.size() == 1) want.id = r.sessions[0].id;
    return expect_counts(rel, want);
}

// A demonstration that holds only its history (no trajectory, no info) is SWE-agent's, not OpenHands'.
TEST(SweAgentReader, HistoryOnlyDemonstration) {
    Session s = swe_counts("swe-agent/history_only.traj",
                           {.format = "swe-agent",
                            .id = {},  // swe_counts reads it
                            .messages = 4,
                            .by_role = {{"system", 1}, {"user", 1}, {"assistant", 1}, {"tool", 1}},
                            .branches = 1,
                            .tool_calls = 1,
                            .tool_calls_paired = 1,
                            .warnings = 1});  // "no trajectory array (history read alone)"
    EXPECT_EQ(s.messages[2].blocks[1].tool_name, "find_file");
}

// A .traj kept without its history (a window of steps cut from a run): each step's thought (else its response) is
// the model's text, its action a tool call, its observation that call's result; an empty step says nothing.
TEST(SweAgentReader, TrajectoryStepsWithoutHistory) {
    Session s = swe_counts("swe-agent/trajectory_only.traj",
                           {.format = "swe-agent",
                            .id = {},  // swe_counts reads it
                            .messages = 4,
                            .by_role = {{"assistant", 2}, {"tool", 2}},
                            .branches = 1,
                            .tool_calls = 2,
                            .tool_calls_paired = 2,
                            .warnings = 1});  // "no history array (trajectory steps read …)"
    EXPECT_EQ(s.messages[0].blocks[0].text, "Let me fix the off-by-one in the counter:");
    EXPECT_EQ(s.messages[0].blocks[1].tool_name, "str_replace_editor");
    EXPECT_EQ(s.messages[2].blocks[0].text, "Now run the tests:");  // no thought: the response
    EXPECT_EQ(s.messages[3].blocks[0].text, "3 passed in 0.01s");
    EXPECT_EQ(s.messages[3].source.call_id, s.messages[2].blocks[1].tool_id);
}

// SWE-agent 1.x keeps in each step the chat sent to the model (`query`, or `messages`): its system prompt and the
// task statement open the first step's chat and are read before the steps (the task as the user's request, with
// the repository directory it names); the turns the later chats repeat are the steps' own and are not read twice.
TEST(SweAgentReader, TrajectoryStepsChatGivesTheTaskStatement) {
    Session s = swe_counts("swe-agent/query_chat_window.traj",
                           {.format = "swe-agent",
                            .id = {},  // swe_counts reads it
                            .messages = 6,
                            .by_role = {{"system", 1}, {"user", 1}, {"assistant", 2}, {"tool", 2}},
                            .branches = 1,
                            .tool_calls = 2,
                            .tool_calls_paired = 2,
                            .warnings = 1});  // "no history array (trajectory steps read …)"
    ASSERT_EQ(s.messages.size(), 6u);
    EXPECT_EQ(s.messages[0].role, Role::kSystem);
    EXPECT_NE(s.messages[0].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[0].blocks[0].text, "You are a helpful assistant that can interact with a computer to solve tasks.");
    EXPECT_EQ(s.messages[1].role, Role::kUser);
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);
    EXPECT_NE(s.messages[1].blocks[0].text.find("Unit equality comparison with None raises TypeError"), std::string::npos);
    EXPECT_EQ(s.cwd, "/testbed");  // <uploaded_files>, as the history's task gives it
    // Then the steps, in order, once each (step 1's chat repeats step 0's turn: not read again).
    EXPECT_EQ(s.messages[2].role, Role::kAssistant);
    EXPECT_EQ(s.messages[2].blocks[1].arguments, "str_replace_editor view /testbed");
    EXPECT_EQ(s.messages[4].blocks[1].arguments, "str_replace_editor view /testbed/astropy/units");
    for (size_t i = 1; i < s.messages.size(); ++i) EXPECT_LT(s.messages[i - 1].seq, s.messages[i].seq) << i;
}

// A chat of the wrong shape is a warning naming its field, never an error or a crash: a chat that is no array (the
// next step's chat is read instead), a message that is no object or has no role or text. Content given as
// {type, text} parts is read as its text; a `messages` chat is read as `query` is.
TEST(SweAgentReader, TrajectoryStepsChatOfBadShapeWarnsNamingTheField) {
    const std::string doc = R"({"trajectory": [
        {"action": "ls", "observation": "a.py", "messages": "system: hi"},
        {"action": "cat a.py", "observation": "x = 1", "messages": [
            7,
            {"content": "no role"},
            {"role": "system"},
            {"role": "system", "content": {"text": 3}},
            {"role": "user", "content": [{"type": "text", "text": "Fix a.py"}, {"type": "text", "text": "please"}]},
            {"role": "assistant", "content": "ls"},
            {"role": "user", "content": "a.py"}]}]})";
    ReadResult r = read_bytes(doc, "window.traj");
    EXPECT_EQ(r.format, "swe-agent");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u) << describe(r);  // the task, then two steps of call and result
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].blocks[0].text, "Fix a.py\nplease");
    EXPECT_EQ(s.messages[1].role, Role::kAssistant);
    std::string warnings;
    for (const auto& w : r.warnings) warnings += w.to_string() + "\n";
    for (const char* field : {"trajectory[0].messages", "trajectory[1].messages[0]", "trajectory[1].messages[1].role",
                              "trajectory[1].messages[2].content", "trajectory[1].messages[3].content"})
        EXPECT_NE(warnings.find(field), std::string::npos) << field << " in:\n" << warnings;
    EXPECT_EQ(warnings.find("messages[5]"), std::string::npos) << warnings;  // after the model's turn: not read
    EXPECT_EQ(warnings.find("messages[6]"), std::string::npos) << warnings;
}

// Demonstrations put in the history before the task (is_demo, of any role) do not end the prompt; a step whose chat
// is empty hands on to the next; "messages": null beside a "query" list reads the query; a content object is text
// (session 23, review of r23traj).
TEST(SweAgentReader, TrajectoryStepsChatPassesDemonstrationsAndEmptyChats) {
    const std::string doc = R"({"trajectory": [
        {"action": "ls", "observation": "a.py", "messages": [], "query": []},
        {"action": "cat a.py", "observation": "x = 1", "messages": [], "query": [
            {"role": "system", "content": "You are an agent."},
            {"role": "user", "content": "Demo task: fix b.py", "is_demo": true},
            {"role": "assistant", "content": "I fix b.py", "is_demo": true},
            {"role": "tool", "content": "done", "is_demo": true},
            {"role": "user", "content": {"type": "text", "text": "<uploaded_files>\n/testbed\n</uploaded_files>\nFix a.py"}},
            {"role": "assistant", "content": "ls"}]}]})";
    ReadResult r = read_bytes(doc, "window.traj");
    EXPECT_EQ(r.format, "swe-agent");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 7u) << describe(r);  // system, demo task, the task, two steps of call and result
    EXPECT_EQ(s.messages[0].role, Role::kSystem);
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kPlugin);  // the demonstration
    EXPECT_EQ(s.messages[2].role, Role::kUser);
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);
    EXPECT_NE(s.messages[2].blocks[0].text.find("Fix a.py"), std::string::npos);
    EXPECT_EQ(s.cwd, "/testbed");
    EXPECT_EQ(s.messages[3].role, Role::kAssistant);
    for (size_t i = 1; i < s.messages.size(); ++i) EXPECT_LT(s.messages[i - 1].seq, s.messages[i].seq);
    // "messages": null beside a "query" list: the query is read, without a warning about messages.
    ReadResult n = read_bytes(R"({"trajectory": [{"action": "ls", "observation": "a.py", "messages": null,
        "query": [{"role": "user", "content": "Fix a.py"}, {"role": "assistant", "content": "ls"}]}]})", "window.traj");
    ASSERT_EQ(n.sessions.size(), 1u) << describe(n);
    ASSERT_EQ(n.sessions[0].messages.size(), 3u) << describe(n);
    EXPECT_EQ(n.sessions[0].messages[0].blocks[0].text, "Fix a.py");
    for (const auto& w : n.warnings) EXPECT_EQ(w.to_string().find("messages"), std::string::npos) << w.to_string();
}

// A step that is no object, or whose action is no string, is an error naming trajectory[i]; the rest is read.
TEST(SweAgentReader, TrajectoryStepErrorsNameTheStep) {
    const std::string doc = R"({"trajectory": [{"action": "ls", "observation": "a.py"}, 7,
                                {"action": ["ls"], "observation": "x"}]})";
    ReadResult r = read_bytes(doc, "window.traj");
    EXPECT_EQ(r.format, "swe-agent");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 2u);
    ASSERT_EQ(r.errors.size(), 2u) << describe(r);
    EXPECT_NE(r.errors[0].to_string().find("trajectory[1]"), std::string::npos) << r.errors[0].to_string();
    EXPECT_NE(r.errors[1].to_string().find("trajectory[2].action"), std::string::npos) << r.errors[1].to_string();
    // Not SWE-agent's: steps without an observation, or a document that also has a history.
    EXPECT_NE(read_bytes(R"({"trajectory": [{"action": "ls"}]})", "t.json").format, "swe-agent");
}

// ---------------------------------------------------------------- OpenHands

TEST(OpenHandsReader, JsonArrayOfEvents) {
    ReadResult r = read_file(fixture("openhands/events.json"));
    ASSERT_EQ(r.sessions.size(), 1u);
    const std::string id = r.sessions[0].id;
    EXPECT_EQ(id, "openhands-events-" + sha256_hex(slurp(fixture("openhands/events.json"))).substr(0, 8));
    Session s = expect_counts("openhands/events.json",
                              {.format = "openhands",
                               .id = id,
                               .messages = 5,
                               .by_role = {{"user", 1}, {"assistant", 3}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 1});
    const Message& run = by_id(s, "event-1");
    EXPECT_EQ(run.visible_text(), "Run the tests first.");
    const ContentBlock* call = first_block(run, BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_id, "toolu_run_1");
    EXPECT_EQ(call->tool_name, "execute_bash");
    EXPECT_EQ(by_id(s, "event-2").blocks[0].tool_id, "toolu_run_1");
    // The observation's `extras.exit_code`, rendered on the result (the content does not say it).
    EXPECT_EQ(by_id(s, "event-2").blocks[0].text, "1 failed, 41 passed\n[exit code: 1]");
    EXPECT_EQ(by_id(s, "event-3").blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(by_id(s, "event-4").visible_text(), "Fixed the fixture; all tests pass.");
}

TEST(OpenHandsReader, HistoryObjectPairsByCause) {
    ReadResult r = read_file(fixture("openhands/history.json"));
    ASSERT_EQ(r.sessions.size(), 1u);
    Session s = expect_counts("openhands/history.json",
                              {.format = "openhands",
                               .id = r.sessions[0].id,
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1});
    EXPECT_EQ(first_block(by_id(s, "event-1"), BlockKind::kToolCall)->tool_id, "event-1");
    EXPECT_EQ(by_id(s, "event-2").blocks[0].tool_id, "event-1");
    EXPECT_EQ(by_id(s, "event-3").visible_text(), "CI uses Python 3.12.7.");
}

// 2024 evaluation outputs (HumanEvalFix, BIRD) keep `history` as [action, observation] pairs in a plain
// object with `task_id` (no `instance_id`, so not the output.jsonl reader's): each pair's events are read.
TEST(OpenHandsReader, HistoryOfActionObservationPairs) {
    ReadResult r = read_file(fixture("openhands/history_pairs.json"));
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_TRUE(r.errors.empty()) << r.errors[0].message();
    Session s = expect_counts("openhands/history_pairs.json",
                              {.format = "openhands",
                               .id = r.sessions[0].id,
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 1});
    EXPECT_EQ(by_id(s, "event-0").visible_text(),
              "Please fix the function in Python__9.py such that all test cases pass.");
    EXPECT_EQ(by_id(s, "event-5").blocks[0].tool_id, "event-4");
    EXPECT_EQ(by_id(s, "event-5").blocks[0].text, "AssertionError\n[exit code: 1]");
    EXPECT_EQ(first_block(by_id(s, "event-6"), BlockKind::kToolCall)->tool_name, "finish");
}

TEST(OpenHandsReader, JsonlEventStreamIdComesFromContent) {
    ReadResult r = read_file(fixture("openhands/events.jsonl"));
    ASSERT_EQ(r.sessions.size(), 1u);
    const std::string id = r.sessions[0].id;
    EXPECT_EQ(id.rfind("openhands-events-", 0), 0u) << id;
    Session s = expect_counts("openhands/events.jsonl",
                              {.format = "openhands",
                               .id = id,
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 2}, {"tool", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1});
    EXPECT_EQ(s.messages[0].seq, 1);  // the skipped state change keeps its seq slot
    EXPECT_EQ(first_block(by_id(s, "event-2"), BlockKind::kToolCall)->tool_name, "str_replace_editor");
    // Same bytes under another name in another place: the same session id.
    ReadResult moved = read_bytes(slurp(fixture("openhands/events.jsonl")), "/elsewhere/events.jsonl");
    ASSERT_EQ(moved.sessions.size(), 1u);
    EXPECT_EQ(moved.sessions[0].id, id);
}

// ---------------------------------------------------------------- native JSONL

TEST(NativeReader, MessagesClaimsAndCheckpoint) {
    Session s = expect_counts("native/session.jsonl",
                              {.format = "native",
                               .id = "8e8e8e8e-1111-4222-8333-444455556666",
                               .messages = 4,
                               .by_role = {{"user", 1}, {"assistant", 1}, {"tool", 1}, {"system", 1}},
                               .branches = 1,
                               .tool_calls = 1,
                               .tool_calls_paired = 1,
                               .reasoning_blocks = 1,
                               .checkpoints = 1});
    EXPECT_EQ(s.id_form, "session-8e8e8e8e-1111-4222-8333-444455556666");
    EXPECT_EQ(s.parent_session, "main");
    EXPECT_EQ(s.origin, "fork");
    EXPECT_EQ(s.seed_length, 0);
    const Message& m1 = by_id(s, "m1");
    EXPECT_EQ(m1.seq, 0);
    ASSERT_EQ(m1.annotations.size(), 1u);
    EXPECT_EQ(m1.annotations[0].key, "database.engine");
    EXPECT_EQ(m1.annotations[0].value, "postgresql");
    EXPECT_EQ(m1.annotations[0].type, SlotType::kDecision);
    EXPECT_EQ(m1.annotations[0].evidence, EvidenceLevel::kUserStated);
    const Message& m2 = by_id(s, "m2");
    ASSERT_EQ(m2.annotations.size(), 1u);
    EXPECT_EQ(m2.annotations[0].value, "assert");
    EXPECT_EQ(m2.annotations[0].evidence, EvidenceLevel::kInferred);
    EXPECT_EQ(m2.annotations[0].derived_from,
              (std::vector<std::vector<std::string>>{{"database.engine", "database.version"}}));
    EXPECT_EQ(m2.source.model, "deepseek-v4-flash");
    const Message& m3 = by_id(s, "m3");
    ASSERT_EQ(m3.annotations.size(), 1u);
    EXPECT_EQ(m3.annotations[0].evidence, EvidenceLevel::kToolVerified);  // default from the role
    EXPECT_EQ(m3.blocks[0].tool_id, "c1");
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_EQ(s.checkpoints[0].id, "cp1");
    EXPECT_EQ(s.checkpoints[0].shadowed_start, 0);
    EXPECT_EQ(s.checkpoints[0].shadowed_end, 1);
    EXPECT_EQ(by_id(s, "m4").visible_text(), "Keep answers short.");
}

TEST(ClaudeCodeReader, StreamJsonOutputChainsInLineOrder) {
    // Real `claude -p --output-format stream-json` lines (ralph-tui, tests/data/README.md): uuids but no
    // parentUuid. Without chaining every line was a root and a leaf: six one-message branches.
    Session s = expect_counts("claude-code/stream-json-ralph.jsonl",
                              {.format = "claude-code",
                               .id = "711d6fc5-77e9-4cba-b5b3-de4140b1db8a",
                               .messages = 6,
                               .by_role = {{"assistant", 4}, {"tool", 2}},
                               .branches = 1,
                               .tool_calls = 2,
                               .tool_calls_paired = 2});
    EXPECT_EQ(path_ids(s, s.branches[0]).front(), "b3503842-8f7a-4808-8617-56e7881a2dd0");
    EXPECT_EQ(path_ids(s, s.branches[0]).back(), "c36b8180-cf17-42e5-acae-333a4999d5f2");
}

TEST(ClaudeCodeReader, ACutCopyGoesOnFromTheLineBeforeAMissingParent) {
    // A window of a transcript with thinking-only lines left out (session 20): l3's parent t2 and l5's parent t4
    // are not in the file. The lines go on from the line before them on their own thread, so the run is one
    // branch (it was three, and the two runs' facts disputed); the first line, whose parent is cut too, and the
    // sidechain line with no sidechain line before it still start their own.
    const std::string log =
        R"({"parentUuid":"t0","isSidechain":false,"type":"user","message":{"role":"user","content":"check it"},"uuid":"l1","sessionId":"s1"})" "\n"
        R"({"parentUuid":"l1","isSidechain":false,"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"one"}]},"uuid":"l2","sessionId":"s1"})" "\n"
        R"({"parentUuid":"t2","isSidechain":false,"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"two"}]},"uuid":"l3","sessionId":"s1"})" "\n"
        R"({"parentUuid":"t9","isSidechain":true,"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"sub"}]},"uuid":"l4","sessionId":"s1"})" "\n"
        R"({"parentUuid":"t4","isSidechain":false,"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"three"}]},"uuid":"l5","sessionId":"s1"})" "\n";
    ReadResult r = read_bytes(log, "window.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.branches.size(), 2u) << describe(r);
    const Branch& main = s.branches[0].sidechain ? s.branches[1] : s.branches[0];
    const Branch& sub = s.branches[0].sidechain ? s.branches[0] : s.branches[1];
    EXPECT_EQ(path_ids(s, main), (std::vector<std::string>{"l1", "l2", "l3", "l5"}));
    EXPECT_EQ(path_ids(s, sub), (std::vector<std::string>{"l4"}));
    ASSERT_EQ(r.warnings.size(), 4u) << describe(r);  // every missing parent is still said
    EXPECT_NE(r.warnings[0].message().find("the branch starts here"), std::string::npos) << describe(r);
    EXPECT_NE(r.warnings[1].message().find("goes on from the one before it"), std::string::npos) << describe(r);
}

TEST(ClaudeCodeReader, NewerSettingLinesAreKnownAndSkipped) {
    // Claude Code 2.1.24x's prompt-box, mode and latch lines (session 25: each drew an "unknown record type" warning),
    // and 2.1.243's frame-link (session 29).
    const std::string log =
        R"({"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"check it"},"uuid":"l1","sessionId":"s1"})" "\n"
        R"({"type":"last-prompt","lastPrompt":"check it","leafUuid":"l1","sessionId":"s1"})" "\n"
        R"({"type":"mode","mode":"normal","sessionId":"s1"})" "\n"
        R"({"type":"atis-latch","atis":"","sessionId":"s1"})" "\n"
        R"({"type":"agent-name","agentName":"x","sessionId":"s1"})" "\n"
        R"({"type":"bridge-session","sessionId":"s1"})" "\n"
        R"({"type":"frame-link","artifactCount":1,"sessionId":"s1","timestamp":"2026-08-25T17:53:21.224Z"})" "\n"
        R"({"type":"brand-new-kind","sessionId":"s1"})" "\n";
    ReadResult r = read_bytes(log, "t.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 1u);
    ASSERT_EQ(r.warnings.size(), 1u) << describe(r);  // only the kind no Claude Code version is known to write
    EXPECT_NE(r.warnings[0].message().find("brand-new-kind"), std::string::npos) << describe(r);
}

TEST(ClaudeCodeReader, APullRequestLinkIsAnEnvironmentFact) {
    // Claude Code 2.1.37+ writes a pr-link line when a pull request shows up in tool output, and
    // again on resume (session 31: letusfly85/dotfiles' log warned of it as an unknown record).
    const std::string log =
        R"({"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"open a PR"},"uuid":"l1","sessionId":"s1"})"
        "\n"
        R"({"type":"pr-link","sessionId":"s1","prNumber":36,"prUrl":"https://github.com/o/dotfiles/pull/36","prRepository":"o/dotfiles","timestamp":"2026-02-20T06:29:31.892Z"})"
        "\n"
        R"({"type":"pr-link","sessionId":"s1","prNumber":36,"prUrl":"https://github.com/o/dotfiles/pull/36","prRepository":"o/dotfiles","timestamp":"2026-02-20T07:00:00.000Z"})"
        "\n"
        R"({"type":"pr-link","sessionId":"s1","prNumber":37,"prUrl":"https://github.com/o/dotfiles/pull/37","prRepository":"o/dotfiles","timestamp":"2026-02-20T08:00:00.000Z"})"
        "\n";
    ReadResult r = read_bytes(log, "t.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    std::vector<std::string> prs;
    for (const EnvironmentFact& f : r.sessions[0].environment)
        if (f.name == "pull_request")
            prs.push_back(f.qualifier + " " + f.value + " L" + std::to_string(f.line));
    EXPECT_EQ(prs,
              (std::vector<std::string>{"o/dotfiles#36 https://github.com/o/dotfiles/pull/36 L2",
                                        "o/dotfiles#37 https://github.com/o/dotfiles/pull/37 L4"}));
    std::vector<std::string> claims;
    for (const Claim& c : environment_claims(r.sessions[0], "b"))
        if (c.key.find("pull_request") != std::string::npos)
            claims.push_back(c.key + " = " + c.value);
    EXPECT_EQ(
        claims,
        (std::vector<std::string>{
            "env.session.s1.pull_request.o-dotfiles-36 = https://github.com/o/dotfiles/pull/36",
            "env.session.s1.pull_request.o-dotfiles-37 = https://github.com/o/dotfiles/pull/37"}));
}

TEST(ClaudeCodeReader, StreamJsonWithoutUuidsAndASubagentThread) {
    // Older stream-json lines have no uuid; a subagent's lines name their Task call in
    // parent_tool_use_id and form a thread (a sidechain) of their own. The init line is settings.
    const std::string log =
        R"({"type":"system","subtype":"init","cwd":"/w","session_id":"s-1","tools":["Bash"],"model":"m"})" "\n"
        R"({"type":"user","message":{"role":"user","content":"list files"},"session_id":"s-1"})" "\n"
        R"({"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Task","input":{"prompt":"look"}}]},"parent_tool_use_id":null,"session_id":"s-1"})" "\n"
        R"({"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"sub says hi"}]},"parent_tool_use_id":"t1","session_id":"s-1"})" "\n"
        R"({"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"done"}]},"parent_tool_use_id":null,"session_id":"s-1"})" "\n"
        R"({"type":"result","subtype":"success","result":"done","session_id":"s-1"})" "\n";
    ReadResult r = read_bytes(log, "stream.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kClaudeCode);
    EXPECT_EQ(s.cwd, "/w");
    EXPECT_EQ(s.messages.size(), 4u);
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    ASSERT_EQ(s.branches.size(), 2u);
    const Branch& main = s.branches[0].sidechain ? s.branches[1] : s.branches[0];
    const Branch& sub = s.branches[0].sidechain ? s.branches[0] : s.branches[1];
    EXPECT_EQ(path_ids(s, main), (std::vector<std::string>{"line-2", "line-3", "line-5"}));
    EXPECT_EQ(path_ids(s, sub), (std::vector<std::string>{"line-4"}));
}

// ---------------------------------------------------------------- detection

TEST(Ingest, DetectsEveryFixtureByContent) {
    const std::vector<std::pair<std::string, SessionFormat>> cases = {
        {"dsh/v0/session.jsonl", SessionFormat::kDsh},
        {"dsh/v3/session.v3.jsonl", SessionFormat::kDsh},
        {"claude-code/rewind.jsonl", SessionFormat::kClaudeCode},
        {"claude-code/stream-json-ralph.jsonl", SessionFormat::kClaudeCode},
        {"codex/rollout-2026-11-30T16-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl", SessionFormat::kCodex},
        {"openai-chat/array.json", SessionFormat::kOpenAiChat},
        {"openai-chat/object.json", SessionFormat::kOpenAiChat},
        {"openai-chat/nanobot-session.jsonl", SessionFormat::kOpenAiChat},
        {"openai-chat/subagent-roles.json", SessionFormat::kOpenAiChat},
        {"openai-chat/mini-swe-agent-v1.traj.json", SessionFormat::kOpenAiChat},
        {"openai-chat/mini-swe-agent-v2.traj.json", SessionFormat::kOpenAiChat},
        {"swe-agent/function_calling.traj", SessionFormat::kSweAgent},
        {"swe-agent/action_observation.traj", SessionFormat::kSweAgent},
        {"swe-agent/history_only.traj", SessionFormat::kSweAgent},
        {"swe-agent/trajectory_only.traj", SessionFormat::kSweAgent},
        {"swe-agent/query_chat_window.traj", SessionFormat::kSweAgent},
        {"openhands/events.json", SessionFormat::kOpenHands},
        {"openhands/history.json", SessionFormat::kOpenHands},
        {"openhands/events.jsonl", SessionFormat::kOpenHands},
        {"native/session.jsonl", SessionFormat::kNative},
    };
    for (const auto& [rel, format] : cases) {
        EXPECT_EQ(detect_format(slurp(fixture(rel))), format) << rel;
        // Read from memory under a name that says nothing: same format, same session.
        ReadResult r = read_bytes(slurp(fixture(rel)), "input.bin");
        EXPECT_EQ(r.format, format_name(format)) << rel;
        EXPECT_TRUE(r.errors.empty()) << rel << "\n" << describe(r);
        EXPECT_EQ(r.sessions.size(), 1u) << rel;
    }
    EXPECT_EQ(detect_format("hello world"), std::nullopt);
    EXPECT_EQ(detect_format(""), std::nullopt);
}

TEST(Ingest, ReadOptionsDropRawAndPluginMessages) {
    ReadOptions options;
    options.keep_raw = false;
    options.include_plugin_messages = false;
    ReadResult r = read_file(fixture("dsh/compaction/session.jsonl"), options);
    ASSERT_EQ(r.sessions.size(), 1u);
    for (const auto& m : r.sessions[0].messages) {
        EXPECT_TRUE(m.raw.empty()) << m.id;
        EXPECT_NE(m.source.kind, SourceKind::kPlugin) << m.id;
    }
    EXPECT_EQ(r.sessions[0].messages.size(), 4u);
}

}  // namespace
}  // namespace bm

namespace bm {
namespace {

// Session 19 (d22chat): a chat harness that writes a failed model call as the assistant's turn ("HTTP 404 calling
// OpenAI-compatible API: ", nanobot's "Error calling LLM: …", the OpenAI SDK's "Error code: 429 - {…}") speaks as
// the harness: the turn is no model reply, and the notice is an api_error fact. The model's own words about an HTTP
// status, a turn with a tool call and a user's paste stay as they are.
TEST(OpenAiChatReader, AProviderErrorWrittenAsTheAssistantTurnIsTheHarnesss) {
    const std::string doc = R"([
  {"role": "user", "content": "describe the project"},
  {"role": "assistant", "content": "HTTP 404 calling OpenAI-compatible API: "},
  {"role": "assistant", "content": "HTTP 401 from OpenAI-compatible API\nURL: https://api.example/v1/chat/completions\nResponse body:\n{\"error\": {\"code\": \"invalid_api_key\"}}\n"},
  {"role": "assistant", "content": "Error calling LLM: litellm.RateLimitError: quota exceeded {\"retry\": 30}"},
  {"role": "assistant", "content": "Error code: 429 - {'error': {'message': 'Rate limit reached'}}"},
  {"role": "assistant", "content": "HTTP 404 from the GitHub API means the repository is private."},
  {"role": "assistant", "content": "HTTP 500 calling OpenAI-compatible API", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "list_dir", "arguments": "{}"}}]},
  {"role": "user", "content": "HTTP 404 calling OpenAI-compatible API: "},
  {"role": "assistant", "content": "HTTP 200 calling OpenAI-compatible API"},
  {"role": "assistant", "content": "HTTP 500 from the GitHub API:\nThat means the server failed."},
  {"role": "assistant", "content": "Error code: 404 - the page was not found.\nI'll try another URL."}
])";
    ReadResult r = read_bytes(doc, "provider-errors.json");
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 11u);
    // A model's reply that opens with such a line and goes on in prose stays the model's (review, session 19).
    for (size_t i : {9u, 10u}) EXPECT_EQ(s.messages[i].source.kind, SourceKind::kModel) << i;
    for (size_t i : {1u, 2u, 3u, 4u}) {
        EXPECT_EQ(s.messages[i].source.kind, SourceKind::kPlugin) << i;
        EXPECT_EQ(s.messages[i].source.name, "api-error") << i;
    }
    for (size_t i : {5u, 6u, 8u}) EXPECT_EQ(s.messages[i].source.kind, SourceKind::kModel) << i;
    EXPECT_EQ(s.messages[7].source.kind, SourceKind::kUser);
    std::vector<std::string> facts;
    for (const EnvironmentFact& f : s.environment)
        if (f.name == "api_error") facts.push_back(f.qualifier + " = " + f.value);
    EXPECT_EQ(facts, (std::vector<std::string>{"http_404 = HTTP 404 calling OpenAI-compatible API",
                                               "http_401 = HTTP 401 from OpenAI-compatible API",
                                               "llm_call = Error calling LLM: litellm.RateLimitError: quota exceeded",
                                               "http_429 = Error code: 429"}));
    // Extracted: each notice a failed attempt keyed by its kind (rule harness.api_error), and no model reply reads it.
    std::vector<std::string> api;
    for (const BranchClaims& bc : extract_heuristic({s}, every_rule()))
        for (const Claim& c : bc.claims) {
            if (c.rule == "harness.api_error") api.push_back(c.key + " = " + c.value);
            if (c.rule == "model.final_reply") {  // the 200 line, a model's turn, may be one; no notice is
                for (const char* notice : {"http 404", "http 401", "error calling", "error code"}) {
                    EXPECT_NE(c.value.rfind(notice, 0), 0u) << c.value;
                }
            }
        }
    EXPECT_EQ(api, (std::vector<std::string>{"api.http_404 = HTTP 404 calling OpenAI-compatible API",
                                             "api.http_401 = HTTP 401 from OpenAI-compatible API",
                                             "api.llm_call = Error calling LLM: litellm.RateLimitError: quota exceeded",
                                             "api.http_429 = Error code: 429"}));
}

}  // namespace
}  // namespace bm
