// pi's session files (session 28): the header, the entry tree and its branches, each message role,
// and bad lines.
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;
using testing::find_message;
using testing::fixture;

// The ids along a branch, root first.
std::vector<std::string> path_of(const Session& s, const Branch& b) {
    std::vector<std::string> ids;
    for (size_t i : b.message_indexes) ids.push_back(s.messages[i].id);
    return ids;
}

const std::string kHeader =
    R"({"type":"session","version":3,"id":"0b5e0c1d-1111-4222-8333-444455556666","timestamp":"2026-08-12T09:50:11.846Z","cwd":"/home/u/bot"})"
    "\n";

TEST(PiReader, ASessionIsReadAsRolesCallsAndResultsNotAsADeepSeekHarnessLog) {
    const std::string log =
        kHeader +
        R"({"type":"model_change","id":"m","parentId":null,"timestamp":"t","provider":"anthropic","modelId":"claude-x"})"
        "\n"
        R"({"type":"thinking_level_change","id":"t","parentId":"m","timestamp":"t","thinkingLevel":"high"})"
        "\n"
        R"({"type":"message","id":"u1","parentId":"t","timestamp":"2026-08-12T09:51:55Z","message":{"role":"user","content":[{"type":"text","text":"create a discord bot"}]}})"
        "\n"
        R"({"type":"message","id":"a1","parentId":"u1","timestamp":"t","message":{"role":"assistant","content":[{"type":"thinking","thinking":"look first"},{"type":"toolCall","id":"c1","name":"bash","arguments":{"command":"npm test"}},{"type":"toolCall","id":"c2","name":"read","arguments":{"path":"TODO.md"}}],"provider":"anthropic","model":"claude-x","stopReason":"toolUse"}})"
        "\n"
        R"({"type":"message","id":"r1","parentId":"a1","timestamp":"t","message":{"role":"toolResult","toolCallId":"c1","toolName":"bash","content":[{"type":"text","text":"1 failing"}],"isError":true}})"
        "\n"
        R"({"type":"message","id":"r2","parentId":"r1","timestamp":"t","message":{"role":"toolResult","toolCallId":"c2","toolName":"read","content":[{"type":"text","text":"- ship"}],"isError":false}})"
        "\n"
        R"({"type":"session_info","id":"i1","parentId":"r2","timestamp":"t","name":"bot"})"
        "\n"
        R"({"type":"message","id":"a2","parentId":"i1","timestamp":"t","message":{"role":"assistant","content":[{"type":"text","text":"One test fails."}]}})"
        "\n";
    ReadResult r = read_bytes(log, "2026-08-12_0b5e.jsonl");
    EXPECT_EQ(r.format, "pi");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "0b5e0c1d-1111-4222-8333-444455556666");
    EXPECT_EQ(s.cwd, "/home/u/bot");
    ASSERT_EQ(s.messages.size(), 5u);
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].visible_text(), "create a discord bot");
    const Message& a1 = s.messages[1];
    EXPECT_EQ(a1.source.model, "claude-x");
    ASSERT_EQ(a1.blocks.size(), 3u);
    EXPECT_EQ(a1.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(a1.blocks[1].kind, BlockKind::kToolCall);
    EXPECT_EQ(a1.blocks[1].arguments, R"({"command":"npm test"})");
    EXPECT_EQ(s.messages[2].role, Role::kTool);
    EXPECT_EQ(s.messages[2].source.call_id, "c1");
    EXPECT_TRUE(s.messages[2].blocks[0].is_error);
    EXPECT_EQ(s.messages[2].blocks[0].text, "1 failing");
    EXPECT_FALSE(s.messages[3].blocks[0].is_error);
    // The session_info entry holds no message: the reply's parent is the result before it.
    EXPECT_EQ(s.messages[4].parent_id, "r2");
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(path_of(s, s.branches[0]), (std::vector<std::string>{"u1", "a1", "r1", "r2", "a2"}));
    const SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.tool_calls, 2);
    EXPECT_EQ(sum.tool_calls_paired, 2);
    ASSERT_FALSE(s.environment.empty());
    EXPECT_EQ(s.environment[0].name, "cwd");
}

// OpenClaw's `exec` tool (pi's session file; session 29, fresh dev logs): the exit code its result keeps in
// `details` opens the answer, so the command's exit code is a claim; a command still waiting for the
// user's approval did not run, so neither its run nor an exit code is claimed.
TEST(PiReader, AnExecResultsExitCodeAndAPendingApproval) {
    const std::string call =
        R"({"type":"message","id":"a%","parentId":"%p","timestamp":"t","message":{"role":"assistant","content":[{"type":"toolCall","id":"c%","name":"exec","arguments":{"command":"ssh jo@10.0.0.5 'cat /srv/env.txt'"}}]}})"
        "\n";
    auto nth = [&](const std::string& n, const std::string& parent) {
        std::string line = call;
        for (size_t at; (at = line.find("%p")) != std::string::npos;) line.replace(at, 2, parent);
        for (size_t at; (at = line.find('%')) != std::string::npos;) line.replace(at, 1, n);
        return line;
    };
    const std::string log =
        kHeader +
        R"({"type":"message","id":"u1","parentId":null,"timestamp":"t","message":{"role":"user","content":[{"type":"text","text":"show /srv/env.txt on 10.0.0.5"}]}})"
        "\n" +
        nth("1", "u1") +
        R"({"type":"message","id":"r1","parentId":"a1","timestamp":"t","message":{"role":"toolResult","toolCallId":"c1","toolName":"exec","content":[{"type":"text","text":"Approval required (id 9eb7)."}],"details":{"status":"approval-pending","command":"ssh"},"isError":false}})"
        "\n" +
        nth("2", "r1") +
        R"({"type":"message","id":"r2","parentId":"a2","timestamp":"t","message":{"role":"toolResult","toolCallId":"c2","toolName":"exec","content":[{"type":"text","text":"hello"}],"details":{"status":"completed","exitCode":0,"durationMs":362},"isError":false}})"
        "\n";
    ReadResult r = read_bytes(log, "openclaw.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Message* pending = find_message(r.sessions[0], "r1");
    const Message* done = find_message(r.sessions[0], "r2");
    ASSERT_TRUE(pending && done);
    EXPECT_TRUE(pending->blocks[0].is_error);
    EXPECT_EQ(pending->blocks[0].text.rfind("[not run: waiting for approval]\n", 0), 0u);
    EXPECT_FALSE(done->blocks[0].is_error);
    EXPECT_EQ(done->blocks[0].text, "[exit code: 0]\nhello");
    std::set<std::string> claims;
    for (const auto& bc : extract_heuristic(r.sessions, {}))
        for (const Claim& c : bc.claims)
            if (c.key.rfind("ssh.", 0) == 0) claims.insert(c.key + " = " + c.value);
    EXPECT_EQ(claims, (std::set<std::string>{"ssh.jo-10.0.0.5.command = ssh jo@10.0.0.5 'cat /srv/env.txt'",
                                             "ssh.jo-10.0.0.5.exit_code = 0", "ssh.jo-10.0.0.5.output = hello"}));
}

// OpenClaw's envelope (session 29): the "Sender (untrusted metadata)" block and the time stamp before what the user
// typed are the harness's message right after the user's, and its heartbeat prompt is the harness's altogether.
TEST(PiReader, OpenClawsEnvelopeAndHeartbeatAreTheHarnesss) {
    const std::string envelope = "Sender (untrusted metadata):\n```json\n{\n  \"label\": \"openclaw-tui\"\n}\n```\n\n"
                                 "[Thu 2026-04-02 16:46 GMT+8] ";
    const std::string trailer = "\n[message_id: dab31345-468d-41f9-b3cd-8a9505387a9a]";
    const std::string typed = envelope + "log in to 10.0.0.5 and show /srv/env.txt" + trailer;
    const std::string log =
        kHeader + nlohmann::json{{"type", "message"}, {"id", "u1"}, {"parentId", nullptr}, {"timestamp", "t"},
                                 {"message", {{"role", "user"}, {"content", {{{"type", "text"}, {"text", typed}}}}}}}
                      .dump() +
        "\n" +
        R"({"type":"message","id":"a1","parentId":"u1","timestamp":"t","message":{"role":"assistant","content":[{"type":"text","text":"On it."}]}})"
        "\n" +
        R"({"type":"message","id":"u2","parentId":"a1","timestamp":"t","message":{"role":"user","content":[{"type":"text","text":"Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. If nothing needs attention, reply HEARTBEAT_OK."}]}})"
        "\n"
        R"({"type":"message","id":"u3","parentId":"u2","timestamp":"t","message":{"role":"user","content":[{"type":"text","text":"A new session was started via /new or /reset. Greet the user in your configured persona.\n[message_id: 820a909d]"}]}})"
        "\n";
    ReadResult r = read_bytes(log, "openclaw.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    const Message* user = find_message(s, "u1");
    const Message* env = find_message(s, "u1/envelope");
    const Message* heartbeat = find_message(s, "u2");
    ASSERT_TRUE(user && env && heartbeat);
    EXPECT_EQ(user->source.kind, SourceKind::kUser);
    EXPECT_EQ(user->visible_text(), "log in to 10.0.0.5 and show /srv/env.txt");
    EXPECT_EQ(env->source.kind, SourceKind::kPlugin);
    EXPECT_EQ(env->blocks[0].text, envelope + trailer);  // nothing lost
    EXPECT_EQ(heartbeat->source.kind, SourceKind::kPlugin);
    EXPECT_EQ(heartbeat->source.name, "heartbeat");
    const Message* restart = find_message(s, "u3");
    ASSERT_TRUE(restart);
    EXPECT_EQ(restart->source.kind, SourceKind::kPlugin);
    // The reply follows the envelope on the one branch: u1, its envelope, a1, u2, u3.
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(path_of(s, s.branches[0]), (std::vector<std::string>{"u1", "u1/envelope", "a1", "u2", "u3"}));
}

// The envelope's edges (review, session 29): an envelope whose message holds an image keeps the image as the user's;
// a bracketed note that is no time stamp stays the user's words.
TEST(PiReader, AnEnvelopeBesideAnImageAndABracketThatIsNoStamp) {
    const std::string only_envelope = "Sender (untrusted metadata):\n```json\n{}\n```\n\n[message_id: 42]";
    const std::string log =
        kHeader +
        nlohmann::json{{"type", "message"}, {"id", "u1"}, {"parentId", nullptr}, {"timestamp", "t"},
                       {"message", {{"role", "user"}, {"content", {{{"type", "text"}, {"text", only_envelope}},
                                                                    {{"type", "image"}, {"data", "AAAA"}, {"mimeType", "image/png"}}}}}}}
            .dump() +
        "\n" +
        R"({"type":"message","id":"u2","parentId":"u1","timestamp":"t","message":{"role":"user","content":[{"type":"text","text":"[WIP 2024-05-01 draft] please review the parser"}]}})"
        "\n";
    ReadResult r = read_bytes(log, "openclaw.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Message* user = find_message(r.sessions[0], "u1");
    const Message* env = find_message(r.sessions[0], "u1/envelope");
    const Message* wip = find_message(r.sessions[0], "u2");
    ASSERT_TRUE(user && env && wip);
    EXPECT_EQ(user->source.kind, SourceKind::kUser);
    for (const ContentBlock& b : user->blocks) EXPECT_NE(b.kind, BlockKind::kText);  // no "[message_id: 42]" left
    ASSERT_EQ(env->blocks.size(), 1u);
    EXPECT_EQ(env->blocks[0].text, only_envelope);
    EXPECT_EQ(wip->visible_text(), "[WIP 2024-05-01 draft] please review the parser");
    EXPECT_EQ(find_message(r.sessions[0], "u2/envelope"), nullptr);
}

// A real OpenClaw session's lines (tests/data/README.md): the user's request comes without its envelope, the ssh
// call waiting for approval is a failed call and its approved rerun exits 0.
TEST(PiReader, ARealOpenClawApprovalAndExitCode) {
    ReadResult r = read_file(testing::fixture("pi/openclaw-exec-approval.jsonl"));
    EXPECT_EQ(r.format, "pi");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    const Message* request = find_message(s, "e9dcf309");
    ASSERT_TRUE(request);
    EXPECT_EQ(request->visible_text().rfind("[", 0), std::string::npos);
    EXPECT_NE(request->visible_text().find("ssh-essentials"), std::string::npos);
    ASSERT_TRUE(find_message(s, "e9dcf309/envelope"));
    const Message* pending = find_message(s, "6f693a79");
    const Message* done = find_message(s, "ea614659");
    ASSERT_TRUE(pending && done);
    EXPECT_TRUE(pending->blocks[0].is_error);
    EXPECT_EQ(done->blocks[0].text.rfind("[exit code: 0]\n", 0), 0u);
}

// A real session's head (tests/data/README.md): two parallel bash calls answered by their results.
TEST(PiReader, ARealSessionsHead) {
    ReadResult r = read_file(fixture("pi/session-head.jsonl"));
    EXPECT_EQ(r.format, "pi");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "c8920823-04f1-4776-af1d-a9f50586fe9c");
    ASSERT_EQ(s.messages.size(), 4u);
    EXPECT_EQ(s.messages[1].source.model, "K2.6-code-preview");
    const SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.tool_calls, 2);
    EXPECT_EQ(sum.tool_calls_paired, 2);
    EXPECT_EQ(sum.reasoning_blocks, 1);
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 4u);
}

// A DeepSeek Harness header has the same type and members but `createdAt`: it stays a DSH log.
TEST(PiReader, ADeepSeekHarnessHeaderIsNotTakenForPis) {
    const std::string dsh =
        R"({"type":"session","version":3,"id":"3c3c3c3c-1111-4222-8333-444455556666","createdAt":"2026-11-30T12:00:00Z","cwd":"/srv/shop"})"
        "\n";
    EXPECT_EQ(read_bytes(dsh, "s.jsonl").format, "dsh");
    EXPECT_EQ(detect_format(kHeader), SessionFormat::kOpenAiChat);
}

// A window cut from a longer session file opens at an entry, its header lost (session 40: dev civ6 was refused as an
// unknown JSON Lines log): it is read as pi's, named by its content, with a warning.
TEST(PiReader, AWindowThatOpensAtAnEntryIsReadWithoutItsHeader) {
    const std::string log =
        R"({"type":"message","id":"29f34a35","parentId":"3625233f","timestamp":"2026-06-08T16:26:47.856Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"t1","name":"bash","arguments":{"command":"npx svelte-check"}}]}})"
        "\n"
        R"({"type":"message","id":"244dac98","parentId":"29f34a35","timestamp":"2026-06-08T16:26:47.860Z","message":{"role":"toolResult","toolCallId":"t1","toolName":"bash","content":[{"type":"text","text":"svelte-check found 0 errors"}]}})"
        "\n"
        R"({"type":"message","id":"93aa59ba","parentId":"244dac98","timestamp":"2026-06-08T16:27:32.046Z","message":{"role":"user","content":"commit it"}})"
        "\n";
    EXPECT_EQ(detect_format(log), SessionFormat::kOpenAiChat);
    ReadResult r = read_bytes(log, "civ6.window.jsonl");
    EXPECT_EQ(r.format, "pi");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u) << describe(r);
    EXPECT_EQ(s.messages[1].role, Role::kTool);
    EXPECT_EQ(s.messages[2].visible_text(), "commit it");
    EXPECT_EQ(s.id.rfind("pi-", 0), 0u) << s.id;  // named by its content
    EXPECT_NE(describe(r).find("no session header"), std::string::npos) << describe(r);
    // A model change opens a window as well; a line with pi's members that is no pi entry does not.
    const std::string model_change =
        R"({"type":"model_change","id":"b36dec25","parentId":null,"timestamp":"2026-08-26T16:28:35.422Z","modelId":"claude-sonnet-4"})"
        "\n";
    EXPECT_EQ(read_bytes(model_change + log, "w.jsonl").format, "pi");
    // A `custom` entry (an extension's state, its payload in `data`; OpenClaw's model snapshot) too (review).
    const std::string custom =
        R"({"type":"custom","customType":"model-snapshot","data":{"model":"m"},"id":"c0ffee01","parentId":null,"timestamp":"2026-08-26T16:28:35.422Z"})"
        "\n";
    EXPECT_EQ(read_bytes(custom + log, "w.jsonl").format, "pi");
    const std::string other =
        R"({"type":"message","id":"a","parentId":null,"timestamp":"t","text":"no message object"})"
        "\n";
    EXPECT_NE(read_bytes(other, "o.jsonl").format, "pi");
}

// oh-my-pi opens its session file with a padded title line before the header
// (vinelt76/RENOVA-INSPECTOR's shape; session 31: refused as an unknown JSON Lines log), and names
// a model change's model `model`.
TEST(PiReader, OhMyPisTitleLineOpensTheFile) {
    const std::string log =
        R"({"type":"title","v":1,"title":"Create operario user","source":"auto","updatedAt":"2026-08-26T16:31:47.711Z","pad":"      "})"
        "\n"
        R"({"type":"session","version":3,"id":"01a03ee6-e8ac-70c3-9a6c-ace7900356df","timestamp":"2026-08-26T16:28:35.372Z","cwd":"/home/f/renova"})"
        "\n"
        R"({"type":"model_change","id":"b36dec25","parentId":null,"timestamp":"2026-08-26T16:28:35.422Z","model":"openrouter/qwen/qwen3-max"})"
        "\n"
        R"({"type":"message","id":"e91cace2","parentId":"b36dec25","timestamp":"2026-08-26T16:31:11.207Z","message":{"role":"user","content":[{"type":"text","text":"make a new operario user"}]}})"
        "\n"
        R"({"type":"message","id":"e49e89c1","parentId":"e91cace2","timestamp":"2026-08-26T16:31:12.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]}})"
        "\n";
    ReadResult r = read_bytes(log, "omp.jsonl");
    EXPECT_EQ(r.format, "pi");
    EXPECT_EQ(detect_format(log), SessionFormat::kOpenAiChat);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "01a03ee6-e8ac-70c3-9a6c-ace7900356df");
    ASSERT_EQ(s.messages.size(), 2u);
    EXPECT_EQ(s.messages[0].visible_text(), "make a new operario user");
    EXPECT_EQ(s.messages[1].source.model, "openrouter/qwen/qwen3-max");
}

// /tree moves the leaf back and goes on from an earlier entry: each leaf is a branch, the abandoned
// one kept.
TEST(PiReader, EachLeafOfTheTreeIsABranch) {
    const std::string log =
        kHeader +
        R"({"type":"message","id":"u1","parentId":null,"timestamp":"t","message":{"role":"user","content":"make a file"}})"
        "\n"
        R"({"type":"message","id":"a1","parentId":"u1","timestamp":"t","message":{"role":"assistant","content":[{"type":"text","text":"old.txt"}]}})"
        "\n"
        R"({"type":"branch_summary","id":"bs","parentId":"u1","timestamp":"t","fromId":"a1","summary":"tried old.txt"})"
        "\n"
        R"({"type":"message","id":"a2","parentId":"bs","timestamp":"t","message":{"role":"assistant","content":[{"type":"text","text":"new.txt"}]}})"
        "\n";
    ReadResult r = read_bytes(log, "s.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.branches.size(), 2u);
    EXPECT_EQ(path_of(s, s.branches[0]), (std::vector<std::string>{"u1", "a1"}));
    EXPECT_EQ(path_of(s, s.branches[1]), (std::vector<std::string>{"u1", "bs", "a2"}));
    const Message* summary = find_message(s, "bs");
    ASSERT_NE(summary, nullptr);
    EXPECT_EQ(summary->source.kind,
              SourceKind::kPlugin);  // the harness's summary, never the user's words
    EXPECT_EQ(summary->source.name, "branch-summary");
}

// The user's `!` command is a call with its output and exit code; compaction and extension text are
// the harness's.
TEST(PiReader, TheUsersShellCommandCompactionAndExtensionMessages) {
    const std::string log =
        kHeader +
        R"({"type":"message","id":"b1","parentId":null,"timestamp":"t","message":{"role":"bashExecution","command":"make","output":"error 2","exitCode":2,"cancelled":false,"truncated":false}})"
        "\n"
        R"({"type":"compaction","id":"cc","parentId":"b1","timestamp":"t","summary":"The user builds the bot.","firstKeptEntryId":"b1","tokensBefore":50000})"
        "\n"
        R"({"type":"custom_message","id":"cm","parentId":"cc","timestamp":"t","customType":"todo-ext","content":"Never deploy on Fridays.","display":true})"
        "\n"
        R"({"type":"message","id":"u2","parentId":"cm","timestamp":"t","message":{"role":"user","content":"thanks"}})"
        "\n";
    ReadResult r = read_bytes(log, "s.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u);
    EXPECT_EQ(s.messages[0].source.name, "user-shell");
    EXPECT_EQ(s.messages[0].blocks[0].kind, BlockKind::kToolCall);
    EXPECT_EQ(s.messages[1].id, "b1/output");
    EXPECT_TRUE(s.messages[1].blocks[0].is_error);
    EXPECT_EQ(s.messages[1].blocks[0].text.rfind("[exit code: 2]", 0),
              0u);                       // the harness's code first
    EXPECT_EQ(s.checkpoints[0].seq, 2);  // the compaction's own place, after the command's output
    EXPECT_EQ(s.messages[2].parent_id, "b1/output");  // what follows the command follows its output
    EXPECT_EQ(s.messages[2].source.name, "compact");
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_EQ(s.checkpoints[0].summary, "The user builds the bot.");
    EXPECT_EQ(s.messages[3].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[3].source.name, "todo-ext");
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 5u);
    // No claim comes from the harness's text: the extension's "Never deploy on Fridays." (a
    // constraint as the user's words) is not the user's.
    ExtractOptions options;
    options.all_rules = true;
    for (const BranchClaims& b : extract_heuristic(r.sessions, options))
        for (const Claim& c : b.claims)
            EXPECT_EQ(c.quote.find("Fridays"), std::string::npos) << c.key << " = " << c.value;
}

// Bad lines are reported with their line and field; the rest is read. A window cut from a longer
// log names parents it does not hold: it goes on from the line before, with one warning.
TEST(PiReader, BadLinesAndAWindowsMissingParents) {
    const std::string log =
        kHeader +
        R"({"type":"message","id":"u1","parentId":"gone","timestamp":"t","message":{"role":"user","content":"go on"}})"
        "\n"
        R"({"type":"message","id":"x","parentId":"u1","timestamp":"t","message":{"role":"user","content":42}})"
        "\n"
        R"({"type":"message","id":"y","parentId":"x","timestamp":"t","message":{"role":"wizard"}})"
        "\n"
        R"({"type":"message","id":"a1","parentId":"y","timestamp":"t","message":{"role":"assistant","content":[7,{"type":"text","text":"ok"}]}})"
        "\n"
        "not json\n";
    ReadResult r = read_bytes(log, "w.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_NE(find_message(s, "a1"), nullptr);
    EXPECT_EQ(find_message(s, "a1")->visible_text(), "ok");
    EXPECT_EQ(find_message(s, "y"), nullptr);          // an unknown role holds no message
    EXPECT_EQ(find_message(s, "a1")->parent_id, "x");  // through the entry that holds none
    EXPECT_EQ(find_message(s, "u1")->parent_id,
              "");  // its parent is not in the file: the branch starts here
    EXPECT_GE(r.errors.size(), 3u) << describe(r);  // content 42, block 7, the line that is no JSON
    const std::string all = describe(r);
    EXPECT_NE(all.find("w.jsonl:3"), std::string::npos) << all;
    EXPECT_NE(all.find("wizard"), std::string::npos) << all;
    ASSERT_EQ(s.branches.size(), 1u);
}

// Review: ids used twice, a long run of entries that hold no message, and parent links in a cycle
// lose nothing.
TEST(PiReader, DuplicateIdsLongRunsAndCyclesLoseNoMessage) {
    std::string log =
        kHeader +
        R"({"type":"message","id":"u1","parentId":null,"timestamp":"t","message":{"role":"user","content":"one"}})"
        "\n"
        R"({"type":"message","id":"b1","parentId":"u1","timestamp":"t","message":{"role":"bashExecution","command":"ls","output":"a","exitCode":0}})"
        "\n"
        R"({"type":"message","id":"b1","parentId":"b1","timestamp":"t","message":{"role":"bashExecution","command":"pwd","output":"/w","exitCode":0}})"
        "\n";
    std::string parent = "b1";
    for (int k = 0; k < 80; ++k) {  // more entries holding no message than any fixed number of hops
        log += R"({"type":"label","id":"l)" + std::to_string(k) + R"(","parentId":")" + parent +
               R"(","timestamp":"t","label":"x"})"
               "\n";
        parent = "l" + std::to_string(k);
    }
    log +=
        R"({"type":"message","id":"u2","parentId":")" + parent +
        R"(","timestamp":"t","message":{"role":"user","content":"two"}})"
        "\n"
        R"({"type":"message","id":"x","parentId":"y","timestamp":"t","message":{"role":"user","content":"x"}})"
        "\n"
        R"({"type":"message","id":"y","parentId":"x","timestamp":"t","message":{"role":"user","content":"y"}})"
        "\n";
    ReadResult r = read_bytes(log, "d.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 8u);  // u1, b1 + output, b1@line-4 + output, u2, x, y
    EXPECT_EQ(s.messages[3].id, "b1@line-4");
    EXPECT_EQ(s.messages[4].blocks[0].text,
              "[exit code: 0]\n/w");  // each command keeps its own output
    EXPECT_EQ(s.messages[5].parent_id,
              "b1/output");  // through the 80 labels to the first b1, which the labels name
    std::set<size_t> on_a_branch;
    for (const Branch& b : s.branches)
        on_a_branch.insert(b.message_indexes.begin(), b.message_indexes.end());
    EXPECT_EQ(on_a_branch.size(),
              s.messages.size());  // the x <-> y cycle is kept as a branch of its own
    EXPECT_NE(describe(r).find("cycle"), std::string::npos) << describe(r);
}

}  // namespace
}  // namespace bm
