// Qwen Code's chat recordings (session 32): told apart from Claude Code's transcripts, the Gemini
// parts read as words, calls and results, the record tree's branches, and bad lines.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "ingest/readers.h"

namespace bm {
namespace {

using testing::describe;
using testing::find_message;
using testing::fixture;

const ContentBlock* block_of(const Message& m, BlockKind kind) {
    for (const auto& b : m.blocks)
        if (b.kind == kind) return &b;
    return nullptr;
}

TEST(QwenCodeReader, ARecordingIsReadAsGeminiPartsNotAsAnEmptyClaudeCodeTranscript) {
    ReadResult r = testing::read_one_log("qwen-code/chat-rewound.jsonl", "qwen-code", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "7d0b2c8e-5a41-4f0e-9c3b-2e6f1a9d4b70");
    EXPECT_EQ(s.format, SessionFormat::kGeminiCli);
    EXPECT_EQ(s.cwd, "/home/dev/tasks-api");

    // What the user typed, without the file an @-mention pulled in.
    const Message* u = find_message(s, "00000000-0000-4000-8000-000000000002");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->role, Role::kUser);
    EXPECT_EQ(u->source.kind, SourceKind::kUser);
    EXPECT_EQ(u->visible_text(),
              "Fix the failing test in @tests/test_tasks.py, but do not change the API schema.");

    const Message* a = find_message(s, "00000000-0000-4000-8000-000000000003");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->role, Role::kAssistant);
    EXPECT_EQ(a->source.model, "qwen3-coder-plus");
    ASSERT_NE(block_of(*a, BlockKind::kReasoning), nullptr);
    EXPECT_EQ(block_of(*a, BlockKind::kReasoning)->text, "Run the tests first to see the failure.");
    EXPECT_EQ(a->visible_text(), "I'll run the test suite first.");
    const ContentBlock* call = block_of(*a, BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->tool_id, "call_a1");
    EXPECT_EQ(call->tool_name, "run_shell_command");
    EXPECT_NE(call->arguments.find("python -m pytest -q tests/test_tasks.py"), std::string::npos);

    // Each result its own record, answering its call; failure from toolCallResult or the response.
    const Message* ran = find_message(s, "00000000-0000-4000-8000-000000000005");
    ASSERT_NE(ran, nullptr);
    EXPECT_EQ(ran->role, Role::kTool);
    EXPECT_EQ(ran->source.call_id, "call_a1");
    ASSERT_NE(block_of(*ran, BlockKind::kToolResult), nullptr);
    EXPECT_NE(block_of(*ran, BlockKind::kToolResult)->text.find("Exit Code: 1"), std::string::npos);
    EXPECT_FALSE(block_of(*ran, BlockKind::kToolResult)
                     ->is_error);  // the shell ran; its exit code says the rest
    const Message* missing = find_message(s, "00000000-0000-4000-8000-000000000008");
    ASSERT_NE(missing, nullptr);
    EXPECT_TRUE(missing->blocks.front().is_error);
    EXPECT_EQ(missing->blocks.front().text, "File not found: /home/dev/tasks-api/app/schema.json");
    const Message* cancelled = find_message(s, "00000000-0000-4000-8000-000000000012");
    ASSERT_NE(cancelled, nullptr);
    EXPECT_TRUE(cancelled->blocks.front().is_error);

    // Telemetry, the model setting, the rewind marker and the title hold no conversation.
    EXPECT_EQ(find_message(s, "00000000-0000-4000-8000-000000000004"), nullptr);
    EXPECT_EQ(find_message(s, "00000000-0000-4000-8000-000000000016"), nullptr);
    ASSERT_EQ(s.checkpoints.size(), 1u);
    EXPECT_NE(s.checkpoints[0].summary.find("without changing the API schema"), std::string::npos);

    ASSERT_GE(s.environment.size(), 2u);
    EXPECT_EQ(s.environment[0].name, "cwd");
    EXPECT_EQ(s.environment[1].name, "git_branch");
    EXPECT_EQ(s.environment[1].value, "main");
}

TEST(QwenCodeReader, ARewindLeavesTheOldTurnOnItsOwnBranch) {
    ReadResult r = read_file(fixture("qwen-code/chat-rewound.jsonl"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.branches.size(), 2u);
    auto last_text = [&](const Branch& b) { return s.messages[b.message_indexes.back()].id; };
    // The rewound turn (ends in the cancelled run) and the live one (ends in the reply after the
    // rewind): both start at the user's first request, through the compaction.
    // Two leaves whose ids share their first 8 characters: two branch names (one name made the workspace refuse the
    // whole log; seen on the studio's screenshot of this fixture).
    EXPECT_NE(s.branches[0].id, s.branches[1].id);
    EXPECT_EQ(last_text(s.branches[0]), "00000000-0000-4000-8000-000000000012");
    EXPECT_EQ(last_text(s.branches[1]), "00000000-0000-4000-8000-000000000015");
    for (const Branch& b : s.branches) {
        EXPECT_EQ(s.messages[b.message_indexes.front()].id, "00000000-0000-4000-8000-000000000002");
        EXPECT_EQ(b.message_indexes.size(),
                  b.message_indexes.back() == s.messages.size() - 1 ? 9u : 10u);
    }
}

TEST(QwenCodeReader, ClaudeCodeLinesAreNotTakenForQwens) {
    const std::string claude =
        R"({"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/w","sessionId":"s1","version":"2.0.1","type":"user","message":{"role":"user","content":"hello"},"uuid":"u1","timestamp":"t"})"
        "\n";
    EXPECT_EQ(read_bytes(claude, "c.jsonl").format, "claude-code");
    EXPECT_EQ(detect_format(claude), SessionFormat::kClaudeCode);
    const std::string qwen =
        R"({"uuid":"q1","parentUuid":null,"sessionId":"s2","timestamp":"t","type":"user","cwd":"/w","version":"0.19.11","message":{"role":"user","parts":[{"text":"hello"}]}})"
        "\n";
    EXPECT_EQ(read_bytes(qwen, "q.jsonl").format, "qwen-code");
    EXPECT_EQ(detect_format(qwen), SessionFormat::kGeminiCli);
}

TEST(QwenCodeReader, CallsWithoutIdsAreAnsweredByName) {
    const std::string log =
        R"({"uuid":"a","parentUuid":null,"sessionId":"s","timestamp":"t","type":"assistant","message":{"role":"model","parts":[{"functionCall":{"name":"list_directory","args":{"path":"."}}}]}})"
        "\n"
        R"({"uuid":"b","parentUuid":"a","sessionId":"s","timestamp":"t","type":"tool_result","message":{"role":"user","parts":[{"functionResponse":{"name":"list_directory","response":{"output":"src\ntests"}}}]},"toolCallResult":{}})"
        "\n";
    ReadResult r = read_bytes(log, "s.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    const ContentBlock* call = block_of(s.messages[0], BlockKind::kToolCall);
    ASSERT_NE(call, nullptr);
    EXPECT_FALSE(call->tool_id.empty());
    EXPECT_EQ(s.messages[1].blocks.front().tool_id, call->tool_id);
    EXPECT_EQ(s.messages[1].blocks.front().text, "src\ntests");
}

TEST(QwenCodeReader, BadRecordsAreNamedAndTheRestIsKept) {
    const std::string log =
        R"({"uuid":"u","parentUuid":null,"sessionId":"s","timestamp":"t","type":"user","message":{"role":"user","parts":[{"text":"build it"}]}})"
        "\n"
        R"({"uuid":"x","parentUuid":"u","sessionId":"s","timestamp":"t","type":"assistant","message":"oops"})"
        "\n"
        R"({"uuid":"y","parentUuid":"x","sessionId":"s","timestamp":"t","type":"assistant","message":{"role":"model","parts":{"text":"not a list"}}})"
        "\n"
        R"({"uuid":"z","parentUuid":"y","sessionId":"s","timestamp":"t","type":"progress"})"
        "\n"
        "[1, 2]\n"
        R"({"uuid":"u","parentUuid":"z","sessionId":"s","timestamp":"t","type":"assistant","message":{"role":"model","parts":[7,{"text":"done"}]}})"
        "\n";
    ReadResult r = read_bytes(log, "s.jsonl");
    EXPECT_EQ(r.format, "qwen-code");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const std::string d = describe(r);
    EXPECT_NE(d.find("s.jsonl:2 "), std::string::npos) << d;  // the message that is no object
    EXPECT_NE(d.find("message.parts"), std::string::npos) << d;
    EXPECT_NE(d.find("progress"), std::string::npos) << d;
    EXPECT_NE(d.find("s.jsonl:5 "), std::string::npos) << d;  // no object
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    EXPECT_EQ(s.messages[0].visible_text(), "build it");
    EXPECT_EQ(s.messages[1].visible_text(), "done");
    EXPECT_EQ(s.messages[1].id, "u@line-6");  // a uuid used twice is told apart
    EXPECT_EQ(s.messages[1].parent_id, "u");  // through the records that hold no message
}

// The shell result's empty "Error: (none)" field is no error, and a run the user denied has no exit code.
TEST(QwenCodeReader, TheRunsCommandAndItsExitCodeAreExtracted) {
    ReadResult r = read_file(fixture("qwen-code/chat-rewound.jsonl"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::string keys;
    for (const auto& bc : extract_heuristic(r.sessions, {}))
        for (const Claim& c : bc.claims) keys += c.key + " = " + c.value + "\n";
    EXPECT_NE(keys.find("file.app/handlers.py = "), std::string::npos) << keys;
    EXPECT_NE(keys.find("pytest.test_tasks.py.exit_code = 1\n"), std::string::npos) << keys;
    EXPECT_NE(keys.find("pytest.test_tasks.py.failed = 1\n"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("(none)"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("pytest.exit_code"), std::string::npos) << keys;  // the denied `python -m pytest -q`
}

// A chat saved with `/chat save` (session 32): Gemini Contents, no ids; the CLI's setup turn is the harness's, each
// call is answered by its tool's name, and a turn of two results answers both calls in order.
TEST(GeminiSavedChat, AContentHistoryIsReadAsItsTurnsCallsAndResults) {
    ReadResult r = testing::read_one_log("gemini-cli/checkpoint-plus-sign.json", "gemini-checkpoint", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kGeminiCli);
    EXPECT_EQ(s.id_form.rfind("gemini-checkpoint-", 0), 0u) << s.id_form;
    ASSERT_EQ(s.messages.size(), 8u);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kPlugin);  // "This is the Gemini CLI. We are setting up …"
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[2].visible_text().rfind("The login form rejects valid emails", 0), 0u);
    const ContentBlock* read = block_of(s.messages[3], BlockKind::kToolCall);
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(s.messages[4].role, Role::kTool);
    EXPECT_EQ(s.messages[4].blocks.front().tool_id, read->tool_id);
    std::vector<std::string> calls;
    for (const auto& b : s.messages[5].blocks)
        if (b.kind == BlockKind::kToolCall) calls.push_back(b.tool_id);
    ASSERT_EQ(calls.size(), 2u);
    ASSERT_EQ(s.messages[6].blocks.size(), 2u);
    EXPECT_EQ(s.messages[6].blocks[0].tool_id, calls[0]);
    EXPECT_EQ(s.messages[6].blocks[1].tool_id, calls[1]);
    EXPECT_NE(s.messages[6].blocks[1].text.find("Exit Code: 0"), std::string::npos);
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 8u);
    std::string keys;
    for (const auto& bc : extract_heuristic(r.sessions, {}))
        for (const Claim& c : bc.claims) keys += c.key + " = " + c.value + "\n";
    EXPECT_NE(keys.find("file./home/dev/shop/src/validators.ts = "), std::string::npos) << keys;  // no cwd recorded
    EXPECT_NE(keys.find("npm.test.validators.exit_code = 0\n"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("(none)"), std::string::npos) << keys;
}

// Gemini CLI's newer saved chat wraps the history ({"history", "authType"}); it was read as a SWE-agent history. A
// bare array of OpenAI chat messages is still OpenAI chat's, and a Content that is no object is named.
TEST(GeminiSavedChat, TheWrappedFormAndWhatIsNotASavedChat) {
    const std::string wrapped =
        R"({"history":[{"role":"user","parts":[{"text":"list the files"}]},{"role":"model","parts":[{"functionCall":{"name":"list_directory","args":{"path":"."}}}]},7,{"role":"user","parts":[{"functionResponse":{"name":"list_directory","response":{"output":"src"}}}]}],"authType":"oauth-personal"})";
    ReadResult r = read_bytes(wrapped, "checkpoint-files.json");
    EXPECT_EQ(r.format, "gemini-checkpoint");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 3u);
    EXPECT_NE(describe(r).find("[2]"), std::string::npos) << describe(r);  // the Content that is no object
    EXPECT_TRUE(r.warnings.empty()) << describe(r);  // the next one goes on from the one before it, unwarned
    ASSERT_EQ(r.sessions[0].branches.size(), 1u);
    EXPECT_EQ(r.sessions[0].branches[0].message_indexes.size(), 3u);
    EXPECT_EQ(detect_format(wrapped), SessionFormat::kGeminiCli);
    const std::string chat = R"([{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}])";
    EXPECT_EQ(read_bytes(chat, "chat.json").format, "openai-chat");
}

// Whatever a reader names its branches, a name given twice is told apart, so the workspace never refuses the log.
TEST(SessionFinish, ABranchNameGivenTwiceIsToldApart) {
    ReadResult out;
    out.file = "x.jsonl";
    ReadContext ctx(out, ReadOptions{});
    Session s;
    s.id_form = "s1";
    Message m;
    m.id = "a";
    s.messages.push_back(m);
    s.branches = {Branch{"s1:a", {0}, false}, Branch{"s1:a", {0}, false}, Branch{"s1:a", {0}, false}};
    finish_session(s, ctx, RecordPos{1, 0}, 0);
    ctx.finish();
    ASSERT_EQ(s.branches.size(), 3u);
    EXPECT_EQ(s.branches[0].id, "s1:a");
    EXPECT_EQ(s.branches[1].id, "s1:a#2");
    EXPECT_EQ(s.branches[2].id, "s1:a#3");
    EXPECT_EQ(out.warnings.size(), 2u) << describe(out);
}

// Review (session 32): gemini-cli makes up a result's id for a call that had none, and parallel calls of one tool are
// answered in order; a `thought` that is no boolean is no error to throw on.
TEST(GeminiSavedChat, ResultsAnswerCallsByIdElseOldestOfTheirName) {
    const std::string chat =
        R"([{"role":"model","parts":[{"functionCall":{"name":"read_file","args":{"p":"a"}}},{"functionCall":{"name":"read_file","args":{"p":"b"}}},{"functionCall":{"name":"run_shell_command","args":{"command":"ls"}}}]},)"
        R"({"role":"user","parts":[{"functionResponse":{"id":"run_shell_command-1712-ab","name":"run_shell_command","response":{"output":"x"}}},{"functionResponse":{"id":"read_file-1712-cd","name":"read_file","response":{"output":"A"}}},{"functionResponse":{"name":"read_file","response":{"output":"B"}}}]}])";
    ReadResult r = read_bytes(chat, "checkpoint-parallel.json");
    EXPECT_EQ(r.format, "gemini-checkpoint");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    std::vector<std::string> calls;
    for (const auto& b : s.messages[0].blocks) calls.push_back(b.tool_id);
    ASSERT_EQ(calls.size(), 3u);
    ASSERT_EQ(s.messages[1].blocks.size(), 3u);
    EXPECT_EQ(s.messages[1].blocks[0].tool_id, calls[2]);  // the shell call, by its name
    EXPECT_EQ(s.messages[1].blocks[1].tool_id, calls[0]);  // the first read_file
    EXPECT_EQ(s.messages[1].blocks[1].text, "A");
    EXPECT_EQ(s.messages[1].blocks[2].tool_id, calls[1]);  // the second
    const std::string compression =
        R"({"uuid":"c","parentUuid":null,"sessionId":"s","timestamp":"t","type":"system","subtype":"chat_compression","systemPayload":{"compressedHistory":[{"role":"user","parts":[{"text":"kept","thought":null}]}]}})"
        "\n";
    ReadResult q = read_bytes(compression, "q.jsonl");
    ASSERT_EQ(q.sessions.size(), 1u) << describe(q);
    ASSERT_EQ(q.sessions[0].checkpoints.size(), 1u);
    EXPECT_EQ(q.sessions[0].checkpoints[0].summary, "kept");
}

// A first line over the sniff limit (a pasted image) is classified by its outline: still Qwen's, not Claude Code's.
TEST(QwenCodeReader, AnOverLongFirstLineIsStillQwens) {
    std::string log = R"({"uuid":"u","parentUuid":null,"sessionId":"s","timestamp":"t","type":"user","cwd":"/w","message":{"role":"user","parts":[{"inlineData":{"mimeType":"image/png","data":")" +
                      std::string(5u << 20, 'A') + "\"}}]}}\n" +
                      R"({"uuid":"v","parentUuid":"u","sessionId":"s","timestamp":"t","type":"user","message":{"role":"user","parts":[{"text":"what is in it?"}]}})" "\n";
    ReadResult r = read_bytes(log, "big.jsonl");
    EXPECT_EQ(r.format, "qwen-code");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.back().visible_text(), "what is in it?");
}

// pi's entries through the shared tree (review): an entry of no id is "line-N" unless an earlier entry took that id.
TEST(ParentTree, AnEntryOfNoIdNeverTakesAnIdInUse) {
    const std::string log =
        R"({"type":"session","version":3,"id":"p1","timestamp":"2026-08-12T09:50:11.846Z","cwd":"/w"})" "\n"
        R"({"type":"message","id":"line-3","parentId":null,"timestamp":"t","message":{"role":"user","content":"one"}})" "\n"
        R"({"type":"message","parentId":"line-3","timestamp":"t","message":{"role":"assistant","content":[{"type":"text","text":"two"}]}})" "\n";
    ReadResult r = read_bytes(log, "pi.jsonl");
    EXPECT_EQ(r.format, "pi");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    EXPECT_NE(s.messages[0].id, s.messages[1].id);
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 2u);
}

}  // namespace
}  // namespace bm
