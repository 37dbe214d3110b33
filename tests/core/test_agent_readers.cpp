// Readers of OpenHands evaluation output, Gemini CLI chats, Cline task files and Aider chat
// histories, against trimmed real samples in tests/data (sources in tests/data/README.md) and
// small inline logs for the cases the samples do not hold.
#include <gtest/gtest.h>

#include "core/test_support.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "util/hash.h"

namespace bm {
namespace {

using testing::Counts;
using testing::describe;
using testing::every_rule;
using testing::expect_counts;
using testing::expect_counts_at;
using testing::find_message;
using testing::fixture;
using testing::first_block;
using testing::slurp;


bool mentions(const std::vector<Error>& diagnostics, const std::string& text) {
    for (const auto& e : diagnostics)
        if (e.message().find(text) != std::string::npos) return true;
    return false;
}

// ---------------------------------------------------------------- OpenHands evaluation output

TEST(OpenHandsReader, ADownloadedTrajectoryIsRead) {
    // OpenHands' web UI downloads a conversation as {"trajectory": [events]}
    // (jpshackelford/oh-utils' shape; session 31: refused as an unrecognised JSON document). A
    // SWE-agent trajectory (steps without a source) stays SWE-agent's.
    const std::string text = R"({
  "trajectory": [
    {"id": 0, "timestamp": "2025-11-25T13:49:10", "source": "environment", "message": "", "observation": "agent_state_changed", "content": "", "extras": {"agent_state": "loading"}},
    {"id": 2, "timestamp": "2025-11-25T13:49:18", "source": "user", "message": "why is the download broken?", "action": "message", "args": {"content": "why is the download broken?"}},
    {"id": 3, "timestamp": "2025-11-25T13:49:20", "source": "agent", "message": "Running command: git log -1", "action": "run", "args": {"command": "git log -1"}},
    {"id": 4, "timestamp": "2025-11-25T13:49:21", "source": "agent", "message": "", "observation": "run", "content": "abc123 fix", "cause": 3, "extras": {"command": "git log -1", "metadata": {"exit_code": 0}}}
  ]
})";
    ReadResult r = read_bytes(text, "trajectory-db4bf7df.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.format, "openhands");
    EXPECT_EQ(r.sessions[0].messages.size(), 3u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "why is the download broken?");
    // The same download written on one line is one document too, not one event a line.
    std::string one_line;
    for (char c : text)
        if (c != '\n') one_line += c;
    ReadResult compact = read_bytes(one_line, "trajectory-db4bf7df.json");
    ASSERT_EQ(compact.sessions.size(), 1u) << describe(compact);
    EXPECT_EQ(compact.sessions[0].messages.size(), 3u) << describe(compact);
    EXPECT_TRUE(compact.errors.empty()) << describe(compact);
    const std::string swe =
        R"({"trajectory": [{"action": "ls", "observation": "a.py", "response": "ls", "thought": "look"}]})";
    EXPECT_EQ(read_bytes(swe, "x.traj").format, "swe-agent");
    ReadResult none = read_bytes(R"({"trajectory": [{"step": 1}]})", "t.json");
    EXPECT_TRUE(none.sessions.empty());
    EXPECT_FALSE(none.errors.empty());
}

TEST(OpenHandsEvalReader, OneSessionPerInstanceLine) {
    ReadResult r = read_file(fixture("openhands/output.jsonl"));
    ASSERT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_EQ(r.format, "openhands");
    ASSERT_EQ(r.sessions.size(), 3u);
    const Session& basic = r.sessions[0];
    EXPECT_EQ(basic.id, "openhands-basic");
    ASSERT_EQ(basic.messages.size(), 4u);
    EXPECT_EQ(basic.messages[0].role, Role::kUser);
    EXPECT_EQ(basic.messages[0].line, 1);
    const ContentBlock* edit = first_block(basic.messages[1], BlockKind::kToolCall);
    ASSERT_NE(edit, nullptr);
    EXPECT_EQ(edit->tool_name, "str_replace_editor");
    EXPECT_EQ(basic.messages[2].role, Role::kTool);
    EXPECT_EQ(basic.messages[2].blocks[0].tool_id, edit->tool_id);  // paired through tool_call_metadata
    EXPECT_EQ(r.sessions[1].id, "openhands-basic_interactions");
    EXPECT_EQ(r.sessions[1].messages.size(), 6u);
    EXPECT_EQ(r.sessions[1].messages[5].line, 2);
    // The pre-0.10 history of [action, observation] pairs: two messages, null observations skipped.
    EXPECT_EQ(r.sessions[2].messages.size(), 2u);
    EXPECT_TRUE(mentions(r.warnings, "instance 'basic_interactions_pairs' ended with an error: Agent got stuck"))
        << describe(r);
}

TEST(OpenHandsEvalReader, WasRejectedAsADocumentBefore) {
    // One instance per line used to be read whole as one JSON document and refused.
    ReadResult r = read_file(fixture("openhands/output.jsonl"));
    EXPECT_FALSE(mentions(r.errors, "not valid JSON")) << describe(r);
    EXPECT_EQ(detect_format(slurp(fixture("openhands/output.jsonl"))), SessionFormat::kOpenHands);
}

TEST(OpenHandsEvalReader, LeadingBlankLineInAFile) {
    // A file source first yields a short prefix; detection must still see the first line with text.
    const auto path = std::filesystem::temp_directory_path() / ("bm-eval-blank-" + std::to_string(::getpid()) + ".jsonl");
    {
        std::ofstream out(path, std::ios::binary);
        out << "\n" << slurp(fixture("openhands/output.jsonl"));
    }
    ReadResult r = read_file(path.string());
    std::filesystem::remove(path);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_EQ(r.sessions.size(), 3u);
}

TEST(OpenHandsEvalReader, BadLinesNameLineAndField) {
    const std::string text =
        "{\"instance_id\":\"a\",\"history\":[{\"id\":0,\"source\":\"user\",\"action\":\"message\",\"args\":{\"content\":\"hi\"}}]}\n"
        "{\"instance_id\":\"b\",\"history\":\"oops\"}\n"
        "{\"instance_id\":\"c\",\"history\":[{\"kind\":\"MessageEvent\",\"source\":\"user\"}]}\n";
    ReadResult r = read_bytes(text, "out.jsonl");
    ASSERT_EQ(r.sessions.size(), 2u) << describe(r);  // c: a V1 history, read (its one event is bad)
    EXPECT_TRUE(r.partial);
    ASSERT_EQ(r.errors.size(), 2u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 2);
    EXPECT_EQ(r.errors[0].where().field, "history");
    EXPECT_EQ(r.errors[1].where().line, 3);
    EXPECT_EQ(r.errors[1].where().field, "history[0].llm_message");
}

TEST(OpenHandsEvalReader, ExtrasExitCodeAndNewFileReachTheExtractor) {
    // `run` observations keep their exit code, and `edit` observations their prev_exist, in `extras`
    // only: the reader renders them on the result, so the file reads as created and the command's
    // failure is kept (they were dropped before).
    const std::string text =
        "{\"instance_id\":\"x\",\"history\":["
        "{\"id\":0,\"source\":\"user\",\"action\":\"message\",\"args\":{\"content\":\"Add a test module.\"}},"
        "{\"id\":1,\"source\":\"agent\",\"action\":\"edit\",\"args\":{\"path\":\"/w/test_a.py\",\"content\":\"\"},"
        "\"tool_call_metadata\":{\"function_name\":\"str_replace_editor\",\"tool_call_id\":\"t1\"}},"
        "{\"id\":2,\"source\":\"agent\",\"observation\":\"edit\",\"cause\":1,\"content\":\"--- /w/test_a.py\\n+++ /w/test_a.py\\n@@ -0,0 +1 @@\\n+x = 1\","
        "\"extras\":{\"path\":\"/w/test_a.py\",\"prev_exist\":false},"
        "\"tool_call_metadata\":{\"function_name\":\"str_replace_editor\",\"tool_call_id\":\"t1\"}},"
        "{\"id\":3,\"source\":\"agent\",\"action\":\"run\",\"args\":{\"command\":\"make check\"},"
        "\"tool_call_metadata\":{\"function_name\":\"execute_bash\",\"tool_call_id\":\"t2\"}},"
        "{\"id\":4,\"source\":\"agent\",\"observation\":\"run\",\"cause\":3,\"content\":\"make: *** [check] Error 2\","
        "\"extras\":{\"command\":\"make check\",\"metadata\":{\"exit_code\":2}},"
        "\"tool_call_metadata\":{\"function_name\":\"execute_bash\",\"tool_call_id\":\"t2\"}}]}\n";
    ReadResult r = read_bytes(text, "output.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u);
    EXPECT_EQ(s.messages[2].blocks[0].text.substr(s.messages[2].blocks[0].text.rfind('\n') + 1),
              "[File created at /w/test_a.py]");
    EXPECT_EQ(s.messages[4].blocks[0].text, "make: *** [check] Error 2\n[exit code: 2]");
    std::map<std::string, std::string> slots;
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims) slots[c.key] = c.value;
    EXPECT_EQ(slots["file./w/test_a.py"], "created");
    EXPECT_EQ(slots["make.check.exit_code"], "2");
}

TEST(OpenHandsEvalReader, EditorRefusalIsAnErrorAndAStrReplaceCreatesNothing) {
    // OpenHands' editor answers a refused `create` with its own `edit` observation opening "ERROR:" and
    // prev_exist false; a str_replace on an empty file reports old_content "" and may also say prev_exist
    // false (a real 0.38 run, bench/data/extract_gold/logs/dev/openhands__agentdataeva_openhands_logger).
    // Neither made the file (session 14).
    const std::string text =
        "{\"instance_id\":\"x\",\"history\":["
        "{\"id\":0,\"source\":\"user\",\"action\":\"message\",\"args\":{\"content\":\"Write the README.\"}},"
        "{\"id\":1,\"source\":\"agent\",\"action\":\"edit\",\"args\":{\"path\":\"/w/README.md\",\"command\":\"create\",\"file_text\":\"# T\"},"
        "\"tool_call_metadata\":{\"function_name\":\"str_replace_editor\",\"tool_call_id\":\"t1\"}},"
        "{\"id\":2,\"source\":\"agent\",\"observation\":\"edit\",\"cause\":1,\"content\":\"ERROR:\\nInvalid `path` parameter: /w/README.md. File already exists at: /w/README.md.\","
        "\"extras\":{\"path\":\"/w/README.md\",\"prev_exist\":false,\"old_content\":null},"
        "\"tool_call_metadata\":{\"function_name\":\"str_replace_editor\",\"tool_call_id\":\"t1\"}},"
        "{\"id\":3,\"source\":\"agent\",\"action\":\"edit\",\"args\":{\"path\":\"/w/README.md\",\"command\":\"str_replace\",\"old_str\":\"\",\"new_str\":\"# T\"},"
        "\"tool_call_metadata\":{\"function_name\":\"str_replace_editor\",\"tool_call_id\":\"t2\"}},"
        "{\"id\":4,\"source\":\"agent\",\"observation\":\"edit\",\"cause\":3,\"content\":\"The file /w/README.md has been edited.\","
        "\"extras\":{\"path\":\"/w/README.md\",\"prev_exist\":false,\"old_content\":\"\",\"new_content\":\"# T\"},"
        "\"tool_call_metadata\":{\"function_name\":\"str_replace_editor\",\"tool_call_id\":\"t2\"}}]}\n";
    ReadResult r = read_bytes(text, "output.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u);
    EXPECT_TRUE(s.messages[2].blocks[0].is_error);
    EXPECT_EQ(s.messages[2].blocks[0].text.find("[File created"), std::string::npos);
    EXPECT_FALSE(s.messages[4].blocks[0].is_error);
    EXPECT_EQ(s.messages[4].blocks[0].text, "The file /w/README.md has been edited.");
    std::map<std::string, std::string> slots;
    for (const auto& bc : extract_heuristic(r.sessions, every_rule()))
        for (const Claim& c : bc.claims) slots[c.key] = c.value;
    EXPECT_EQ(slots["file./w/readme.md"], "edited");  // keys are lowercased
    std::string all;
    for (const auto& [k, v] : slots) all += k + " = " + v + "\n";
    // The failed create is retried with success by the edit of the same file, so its failure is stale and gives no
    // slot (session 21, f21cmd; before, "file already exists" keyed by the file, session 16).
    EXPECT_EQ(slots.count("file./w/readme.md.create.error.file-already-exists"), 0u) << all;
}

// ---------------------------------------------------------------- Gemini CLI

TEST(GeminiCliReader, SessionDocumentWithToolCallsAndThoughts) {
    Session s = expect_counts("gemini-cli/session-2026-04-01T11-11-5cdd2021.json",
                              {.format = "gemini-cli",
                               .id = "5cdd2021-574a-483d-8a4b-1b97e8bbce88",
                               .messages = 8,
                               .by_role = {{"user", 1}, {"assistant", 3}, {"tool", 4}},
                               .tool_calls = 4,
                               .tool_calls_paired = 4,
                               .reasoning_blocks = 3});
    EXPECT_EQ(s.created_at, "2026-04-01T11:11:56.830Z");
    const Message* answer = find_message(s, "6cbf25ab-71ab-431f-ad9c-4bb65e0717b2");
    ASSERT_NE(answer, nullptr);
    EXPECT_EQ(answer->source.model, "gemini-3-flash-preview");
    EXPECT_EQ(first_block(*answer, BlockKind::kReasoning)->text, "Exploring the Setup: I'm c...");
    const Message* failed = find_message(s, "6cbf25ab-71ab-431f-ad9c-4bb65e0717b2/9y4yn8tb");
    ASSERT_NE(failed, nullptr);
    EXPECT_TRUE(failed->blocks[0].is_error);
    EXPECT_EQ(failed->blocks[0].text.rfind("Tool \"write_file\" not found", 0), 0u) << failed->blocks[0].text;
    const Message* delegated = find_message(s, "003dbde9-fbff-4a6c-a232-480d815ec165/ip8uyj0a");
    ASSERT_NE(delegated, nullptr);
    EXPECT_FALSE(delegated->blocks[0].is_error);
    EXPECT_EQ(delegated->blocks[0].text.rfind("Subagent 'generalist' failed.", 0), 0u);
}

// Entire CLI's compact transcript (session 25): read in its agent's format, each tool_use's inlined result as the
// tool's own message, the session named by its content; the extractor reads it as it reads Claude Code's own log.
TEST(EntireCompactReader, AClaudeCodeCheckpointTranscript) {
    ReadResult r = read_file(fixture("entire/blastline-release-commit.transcript.jsonl"));
    EXPECT_EQ(r.format, "entire-compact");
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kClaudeCode);
    EXPECT_EQ(s.id_form.rfind("entire-", 0), 0u) << s.id_form;
    const SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.by_role, (std::map<std::string, int64_t>{{"assistant", 2}, {"tool", 2}, {"user", 1}}));
    EXPECT_EQ(sum.tool_calls, 2);
    EXPECT_EQ(sum.tool_calls_paired, 2);
    EXPECT_EQ(s.messages[0].line, 1);
    EXPECT_EQ(s.messages[0].time, "2026-09-25T03:01:29.469Z");
    EXPECT_NE(s.messages[0].visible_text().find("create CHANGELOG.md"), std::string::npos);
    const Message* commit = find_message(s, "msg_011CfPQu2mkFmgrzgEC4ruTL/toolu_01CDot4ewVFZSuMmouRSHZ9o");
    ASSERT_NE(commit, nullptr);
    EXPECT_EQ(commit->role, Role::kTool);
    EXPECT_FALSE(commit->blocks[0].is_error);
    EXPECT_EQ(commit->blocks[0].text.rfind("[pr-brief 4da0bb1] docs(changelog)", 0), 0u) << commit->blocks[0].text;
    std::map<std::string, std::string> slots;
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims) slots[c.key] = c.value;
    EXPECT_EQ(slots["git.commit.4da0bb1"], "docs(changelog): 0.13.0, the PR brief");
}

TEST(EntireCompactReader, ErrorsStatusStringContentAndBadLines) {
    const std::string head = R"({"v":1,"agent":"codex","cli_version":"0.11.2","type":)";
    const std::string log =
        head + R"("user","ts":"t1","content":"run the tests"})" "\n" +
        head + R"("assistant","ts":"t2","id":"m1","content":[{"type":"tool_use","id":"c1","name":"exec_command",)"
               R"("input":{"cmd":"pytest"},"result":{"output":"1 failed","status":"error"}},{"type":"tool_use","id":"c2",)"
               R"("name":"exec_command","input":{"cmd":"sleep 9"}}]})" "\n" +
        head + R"("progress","content":[]})" "\n" +
        head + R"("assistant","content":42})" "\n" +
        head + R"("assistant","id":"m2","content":[{"id":"x"},{"type":"text","text":"done"}]})" "\n";
    ReadResult r = read_bytes(log, "transcript.jsonl");
    EXPECT_EQ(r.format, "entire-compact");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kCodex);  // the agent's format
    EXPECT_EQ(s.messages[0].visible_text(), "run the tests");
    const Message* failed = find_message(s, "m1/c1");
    ASSERT_NE(failed, nullptr);
    EXPECT_TRUE(failed->blocks[0].is_error);
    EXPECT_EQ(find_message(s, "m1/c2"), nullptr);  // a call without a result kept is unanswered
    EXPECT_EQ(summarize(s).tool_calls, 2);
    // The content that is no block list is an error naming its line and field; the unknown type and the block
    // without text are warnings; the rest is read.
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_NE(r.errors[0].to_string().find("transcript.jsonl:4"), std::string::npos) << r.errors[0].to_string();
    EXPECT_NE(r.errors[0].to_string().find("content"), std::string::npos) << r.errors[0].to_string();
    EXPECT_EQ(r.warnings.size(), 2u) << describe(r);
    EXPECT_NE(find_message(s, "m2"), nullptr);
    EXPECT_EQ(find_message(s, "m2")->visible_text(), "done");
}

// Session 28: for an agent Entire has no converter for (oh-my-pi, `omp`) the compact form keeps the agent's own
// pi-style call block, {"type":"toolCall","id","name","arguments"} (the shape pi writes; entireio/cli's pi compactor
// renames it to tool_use), with no result. It was an unknown block: every call of the session was lost.
TEST(EntireCompactReader, APiStyleToolCallBlockIsACall) {
    const std::string head = R"({"v":1,"agent":"omp","cli_version":"0.10.6","type":)";
    const std::string log =
        head + R"("user","content":[{"text":"commit the docs"}]})" "\n" +
        head + R"("assistant","id":"a1","content":[{"arguments":{"command":"git commit -m docs"},"id":"call_1","name":"bash","type":"toolCall"},)"
               R"({"arguments":"{\"path\":\"AGENTS.md\"}","id":"call_2","name":"read","type":"toolCall"},)"
               R"({"id":"call_3","name":"edit","type":"toolCall","input":{"path":"a.md"},"result":{"output":"ok","status":"success"}}]})" "\n";
    ReadResult r = read_bytes(log, "transcript.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.format, SessionFormat::kOpenAiChat);
    const Message* a = find_message(s, "a1");
    ASSERT_NE(a, nullptr);
    ASSERT_EQ(a->blocks.size(), 3u);
    EXPECT_EQ(a->blocks[0].kind, BlockKind::kToolCall);
    EXPECT_EQ(a->blocks[0].tool_name, "bash");
    EXPECT_EQ(a->blocks[0].tool_id, "call_1");
    EXPECT_EQ(a->blocks[0].arguments, R"({"command":"git commit -m docs"})");
    EXPECT_EQ(a->blocks[1].arguments, R"({"path":"AGENTS.md"})");  // arguments kept as a JSON string are that text
    EXPECT_EQ(summarize(s).tool_calls, 3);
    ASSERT_NE(find_message(s, "a1/call_3"), nullptr);  // a result, where one is kept, answers the call
    EXPECT_EQ(find_message(s, "a1/call_1"), nullptr);
}

TEST(EntireCompactReader, AClaudeCodeSessionsUserWrappersAndStopHookAreTheHarnesss) {
    const std::string head = R"({"v":1,"agent":"claude-code","cli_version":"0.11.2","type":"user","content":[{"text":)";
    const std::string log = head + R"("<bash-input>git status</bash-input>"}]})" "\n" +
                            head + R"("Stop hook feedback:\n[hook.sh]: STOP — cite the live version."}]})" "\n" +
                            head + R"("Fix the login bug."}]})" "\n" +
                            // Session 26 (a fresh dev log): a skill's loaded instructions, a compaction summary and
                            // the local-command caveat are Claude Code's (isMeta / isCompactSummary in its own log).
                            head + R"("Base directory for this skill: C:\\Users\\a\\.claude\\skills\\x\n\n# X\nAlways deploy."}]})" "\n" +
                            head + R"("This session is being continued from a previous conversation that ran out of context."}]})" "\n" +
                            head + R"("Caveat: The messages below were generated by the user while running local commands. DO NOT respond."}]})" "\n" +
                            head + R"("Base directory for this skill is what I asked about."}]})" "\n";
    ReadResult r = read_bytes(log, "transcript.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const auto& m = r.sessions[0].messages;
    ASSERT_EQ(m.size(), 7u);
    EXPECT_EQ(m[3].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(m[3].source.name, "meta");
    EXPECT_EQ(m[4].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(m[4].source.name, "compact");
    ASSERT_EQ(r.sessions[0].checkpoints.size(), 1u);  // the summary is a checkpoint, as Claude Code's reader keeps it
    EXPECT_EQ(r.sessions[0].checkpoints[0].kind, "compact-summary");
    EXPECT_EQ(m[5].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(m[5].source.name, "meta");
    EXPECT_EQ(m[6].source.kind, SourceKind::kUser);  // the opening words, not a phrase like them
    ASSERT_EQ(m[0].blocks.size(), 1u);
    EXPECT_EQ(m[0].blocks[0].kind, BlockKind::kToolCall);  // the user's `!` command, as Claude Code's reader reads it
    EXPECT_EQ(m[0].source.name, "user-shell");
    EXPECT_EQ(m[1].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(m[1].source.name, "hook");
    EXPECT_EQ(m[2].source.kind, SourceKind::kUser);
}

// A checkpoint directory holds the agent's own log, its compact copy and metadata: only the full log is read
// (session 25).
TEST(EntireCompactReader, ACheckpointDirectoryReadsTheFullLogNotItsCompactCopy) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("bm-entire-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "0");
    std::filesystem::create_directories(dir / "1");
    const std::string compact = R"({"v":1,"agent":"claude-code","cli_version":"1","type":"user","content":"hi"})" "\n";
    std::ofstream(dir / "0" / "full.jsonl") << "{}\n";
    std::ofstream(dir / "0" / "transcript.jsonl") << compact;
    std::ofstream(dir / "1" / "transcript.jsonl") << compact;  // the only transcript of checkpoint 1
    std::ofstream(dir / "metadata.json") << R"({"checkpoint_id":"x","sessions":[]})";  // no conversation: left out
    std::ofstream(dir / "0" / "metadata.json") << R"({"checkpoint_id":"x","session_id":"s"})";
    std::ofstream(dir / "notes.json") << R"([{"role":"user","content":"a chat"}])";  // any other file is read
    const ExpandedInputs in = expand_inputs({dir.string()});
    std::filesystem::remove_all(dir);
    EXPECT_EQ(in.files, (std::vector<std::string>{(dir / "0" / "full.jsonl").string(), (dir / "1" / "transcript.jsonl").string(),
                                                  (dir / "notes.json").string()}));
}

// A Copilot CLI session folder (~/.copilot/session-state/<id>/) keeps the session's artifacts beside its events: only
// events.jsonl is read, whether the folder or the folder of all sessions is named (session 30).
TEST(CopilotCliReader, ASessionFolderReadsItsEventsNotItsArtifacts) {
    const std::filesystem::path root =
        std::filesystem::temp_directory_path() / ("bm-copilot-" + std::to_string(::getpid()));
    const std::filesystem::path dir = root / "0465767f";
    std::filesystem::create_directories(dir / "files");
    std::filesystem::create_directories(dir / "checkpoints");
    std::ofstream(dir / "events.jsonl") << "{}\n";
    std::ofstream(dir / "workspace.yaml") << "id: 0465767f\n";
    std::ofstream(dir / "files" / "report.json") << R"({"rows":[]})";     // an artifact the agent kept
    std::ofstream(dir / "checkpoints" / "index.json") << R"({"n":1})";
    std::ofstream(root / "notes.json") << R"([{"role":"user","content":"a chat"}])";  // outside a session folder
    const ExpandedInputs all = expand_inputs({root.string()});
    const ExpandedInputs one = expand_inputs({dir.string()});
    // Naming a folder inside the session folder reads what is there: the user asked for it (a trailing slash, as
    // a shell completes it, names the same folder).
    const ExpandedInputs inside = expand_inputs({(dir / "files").string() + "/"});
    std::filesystem::remove_all(root);
    EXPECT_EQ(all.files, (std::vector<std::string>{(dir / "events.jsonl").string(), (root / "notes.json").string()}));
    EXPECT_EQ(one.files, (std::vector<std::string>{(dir / "events.jsonl").string()}));
    ASSERT_EQ(inside.files.size(), 1u);
    EXPECT_NE(inside.files[0].find("report.json"), std::string::npos);
}

TEST(EntireCompactReader, AFirstTurnOverTheLineLimitIsReportedAndTheRestRead) {
    // Detected by the opening members of a first line too long to parse whole (review): not read as one document.
    const std::string head = R"({"v":1,"agent":"claude-code","cli_version":"1","type":)";
    const std::string log = head + R"("user","content":[{"text":")" + std::string(5u << 20, 'x') + R"("}]})" "\n" +
                            head + R"("assistant","id":"m1","content":[{"type":"text","text":"ok"}]})" "\n";
    ReadOptions options;
    options.max_line_bytes = 1u << 20;
    ReadResult r = read_bytes(log, "transcript.jsonl", options);
    EXPECT_EQ(r.format, "entire-compact");
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 1);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "ok");
}

TEST(GeminiCliReader, JsonlLastCopyWinsAndRewindKeepsABranch) {
    Session s = expect_counts("gemini-cli/session-2026-04-01T11-11-8e1f2a3b.jsonl",
                              {.format = "gemini-cli",
                               .id = "8e1f2a3b-574a-483d-8a4b-1b97e8bbce88",
                               .messages = 11,
                               .by_role = {{"user", 3}, {"assistant", 3}, {"tool", 4}, {"system", 1}},
                               .branches = 2,
                               .tool_calls = 4,
                               .tool_calls_paired = 4,
                               .reasoning_blocks = 3,
                               .redactions = 1});
    // g1 was written first without its tool calls, then again with them: one message, on line 6.
    const Message* g1 = find_message(s, "6cbf25ab-71ab-431f-ad9c-4bb65e0717b2");
    ASSERT_NE(g1, nullptr);
    EXPECT_EQ(g1->line, 6);
    EXPECT_NE(first_block(*g1, BlockKind::kToolCall), nullptr);
    ASSERT_EQ(s.branches.size(), 2u);
    EXPECT_EQ(s.branches[0].id, s.id);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 10u);
    EXPECT_EQ(s.branches[1].id, s.id + "-rewound-1");
    ASSERT_EQ(s.branches[1].message_indexes.size(), 5u);  // u1, g1 and its two results, the rewound u2
    const Message& rewound = s.messages[s.branches[1].message_indexes.back()];
    EXPECT_EQ(rewound.id, "7a7e1c52-0d55-4c43-9d1b-2f0c1f0e9a11");
    EXPECT_EQ(rewound.visible_text().find("ghp_"), std::string::npos);  // redacted though rewound
    const Message& notice = s.messages.back();
    EXPECT_EQ(notice.role, Role::kSystem);
    EXPECT_EQ(notice.source.name, "gemini-cli-info");
}

TEST(GeminiCliReader, BadRecordsNameLineAndField) {
    const std::string text =
        "{\"sessionId\":\"s1\",\"projectHash\":\"p\"}\n"
        "{\"id\":\"u1\",\"type\":\"user\",\"content\":\"hello\"}\n"
        "{\"id\":7,\"type\":\"user\"}\n"
        "{\"$rewindTo\":5}\n"
        "{\"id\":\"g1\",\"type\":\"gemini\",\"content\":\"ok\",\"toolCalls\":\"x\"}\n";
    ReadResult r = read_bytes(text, "chat.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 2u);
    ASSERT_EQ(r.errors.size(), 3u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 3);
    EXPECT_EQ(r.errors[0].where().field, "id");
    EXPECT_EQ(r.errors[1].where().field, "$rewindTo");
    EXPECT_EQ(r.errors[2].where().line, 5);
    EXPECT_EQ(r.errors[2].where().field, "toolCalls");
}

// ---------------------------------------------------------------- Cline

TEST(ClineReader, ApiHistoryPairsResultTextAndSeparatesInjectedContext) {
    Session s = expect_counts("cline/1777073160794/api_conversation_history.json",
                              {.format = "cline",
                               .id = "cline-1777073160794",
                               .messages = 10,
                               .by_role = {{"user", 4}, {"assistant", 3}, {"tool", 3}},
                               .tool_calls = 5,
                               .tool_calls_paired = 3,
                               .redactions = 1});
    const Message* task = find_message(s, "msg-0");
    ASSERT_NE(task, nullptr);
    EXPECT_EQ(task->source.kind, SourceKind::kUser);
    EXPECT_EQ(task->visible_text().rfind("The attached is a technical writeup", 0), 0u) << task->visible_text();
    const Message* context = find_message(s, "msg-0/context");
    ASSERT_NE(context, nullptr);
    EXPECT_EQ(context->source.kind, SourceKind::kPlugin);
    EXPECT_NE(context->visible_text().find("<environment_details>"), std::string::npos);
    EXPECT_EQ(task->visible_text().find("<environment_details>"), std::string::npos);
    // "[read_file for 'src/lib/db.ts'] Result:" answers the read_file call, not the search before it.
    const Message* read = find_message(s, "msg-4/result-1");
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(read->blocks[0].tool_id, "tooluse_34xB1MTXB5ma9SvhwjsdLN");
    EXPECT_EQ(find_message(s, "msg-4/result-0")->blocks[0].tool_id, "tooluse_XKkmiNAZQ5E7YIUSWeT7cw");
    EXPECT_EQ(find_message(s, "msg-2/result-0")->blocks[0].tool_id, "tooluse_QaAkomQSyRkyE7qF4liUqX");
    // The plan the model gives through plan_mode_respond is its text too.
    const Message* plan = find_message(s, "msg-5");
    ASSERT_NE(plan, nullptr);
    EXPECT_NE(plan->visible_text().find("PostgreSQL (Cloud SQL)"), std::string::npos);
    EXPECT_EQ(plan->source.model, "claude_4_5_opus");
}

TEST(ClineReader, UiMessagesAsAConversation) {
    Session s = expect_counts("cline/1767644899093/ui_messages.json",
                              {.format = "cline",
                               .id = "cline-1767644899093-ui",
                               .messages = 8,
                               .by_role = {{"user", 2}, {"assistant", 6}},
                               .tool_calls = 2,
                               .reasoning_blocks = 3});
    EXPECT_EQ(s.messages[0].role, Role::kUser);  // Cline's first say:text is the task
    EXPECT_EQ(s.messages[0].visible_text(), "yo wassup");
    EXPECT_EQ(s.messages[0].time, "1767644899093");
    EXPECT_EQ(s.messages[2].visible_text(), "Hey there!");
    const ContentBlock* read = first_block(s.messages[5], BlockKind::kToolCall);
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(read->tool_name, "readFile");
    EXPECT_NE(read->arguments.find("pubspec.yaml"), std::string::npos);
}

TEST(ClineReader, UiCommandOutputAnswersTheCommand) {
    const std::string text = R"([{"ts":1,"type":"say","say":"text","text":"run the tests"},
{"ts":2,"type":"ask","ask":"command","text":"npm test"},
{"ts":3,"type":"say","say":"command_output","text":"12 passing"},
{"ts":4,"type":"say","say":"brand_new_kind","text":"?"},
{"ts":5,"type":"say","say":"error","text":"[ERROR] You did not use a tool"}])";
    ReadResult r = read_bytes(text, "/x/tasks/17/ui_messages.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "cline-17-ui");
    ASSERT_EQ(s.messages.size(), 4u);
    EXPECT_EQ(first_block(s.messages[1], BlockKind::kToolCall)->tool_name, "execute_command");
    EXPECT_EQ(s.messages[2].role, Role::kTool);
    EXPECT_EQ(s.messages[2].blocks[0].tool_id, first_block(s.messages[1], BlockKind::kToolCall)->tool_id);
    EXPECT_EQ(s.messages[3].source.name, "cline-error");
    EXPECT_TRUE(mentions(r.warnings, "say:brand_new_kind")) << describe(r);
}

TEST(ClineReader, UiApiRequestCarriesTheResultOfAFileRead) {
    // In ui_messages.json a file read's result is written only in the next api_req_started record's
    // request, followed by Cline's environment report (the shape of haram-333/fineye's log; session
    // 31: every read was unanswered). A command already answered by its output is not answered
    // twice, and attempt_completion's result answers no call.
    const std::string text = R"([{"ts":1,"type":"say","say":"text","text":"what is this project?"},
{"ts":2,"type":"say","say":"tool","text":"{\"tool\":\"readFile\",\"path\":\"pubspec.yaml\"}"},
{"ts":3,"type":"say","say":"task_progress","text":"- [x] Read project configuration files\n- [ ] Summarize the app"},
{"ts":4,"type":"say","say":"api_req_started","text":"{\"request\":\"[read_file for 'pubspec.yaml'] Result:\\nname: fineye\\ndescription: \\\"FinEye\\\"\\n\\n<environment_details>\\n# VSCode Visible Files\\n</environment_details>\",\"tokensIn\":5}"},
{"ts":5,"type":"ask","ask":"command","text":"flutter test"},
{"ts":6,"type":"say","say":"command_output","text":"All tests passed!"},
{"ts":7,"type":"say","say":"api_req_started","text":"{\"request\":\"[execute_command for 'flutter test'] Result:\\nCommand executed.\\nOutput:\\nAll tests passed!\"}"},
{"ts":8,"type":"say","say":"api_req_started","text":"{\"request\":\"[attempt_completion] Result: Done\\n\\n<feedback>\\nmore\\n</feedback>\"}"},
{"ts":9,"type":"say","say":"api_req_started","text":"not json"}])";
    ReadResult r = read_bytes(text, "/x/tasks/18/ui_messages.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u) << describe(r);  // task, read, its result, command, its output
    const ContentBlock* read = first_block(s.messages[1], BlockKind::kToolCall);
    ASSERT_NE(read, nullptr);
    EXPECT_NE(read->arguments.find("\"task_progress\":\"- [x] Read project configuration files"),
              std::string::npos)
        << read->arguments;
    EXPECT_EQ(s.messages[2].role, Role::kTool);
    EXPECT_EQ(s.messages[2].blocks[0].tool_id, read->tool_id);
    EXPECT_EQ(s.messages[2].blocks[0].text,
              "[read_file for 'pubspec.yaml'] Result:\nname: fineye\ndescription: \"FinEye\"");
    EXPECT_EQ(s.messages[4].role, Role::kTool);
    EXPECT_EQ(s.messages[4].blocks[0].text,
              "All tests passed!");  // the command's own output, not the request's copy
    std::vector<std::string> todos;
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims)
            if (c.rule == "action.todo") todos.push_back(c.key + " = " + c.value);
    EXPECT_EQ(todos, (std::vector<std::string>{"todo.read-project-configuration-files = completed",
                                               "todo.summarize-the-app = pending"}));
}

TEST(ClineReader, UiRequestAnswersOnlyItsOwnCall) {
    // A result header names its tool: attempt_completion's "Result" right after an unanswered read
    // answers nothing, nor does another tool's; the user's feedback after a result is not the
    // tool's; a denied call is an error.
    const std::string text = R"([{"ts":1,"type":"say","say":"text","text":"look around"},
{"ts":2,"type":"say","say":"tool","text":"{\"tool\":\"readFile\",\"path\":\"a.md\"}"},
{"ts":3,"type":"say","say":"api_req_started","text":"{\"request\":\"[attempt_completion] Result: Done\"}"},
{"ts":4,"type":"say","say":"api_req_started","text":"{\"request\":\"[search_files for 'x'] Result:\\nFound 0 results.\"}"},
{"ts":5,"type":"say","say":"api_req_started","text":"{\"request\":\"[read_file for 'a.md'] Result:\\nThe user denied this operation.\\n\\nThe user provided the following feedback:\\n<feedback>\\nread b.md instead\\n</feedback>\"}"},
{"ts":6,"type":"say","say":"tool","text":"{\"tool\":\"newFileCreated\",\"path\":\"c.md\"}"},
{"ts":7,"type":"say","say":"api_req_started","text":"{\"request\":\"[write_to_file for 'c.md'] Result:\\nThe content was successfully saved to c.md.\"}"}])";
    ReadResult r = read_bytes(text, "/x/tasks/20/ui_messages.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u)
        << describe(r);  // task, read, its (denied) result, write, its result
    EXPECT_EQ(s.messages[2].role, Role::kTool);
    EXPECT_TRUE(s.messages[2].blocks[0].is_error);
    EXPECT_EQ(s.messages[2].blocks[0].text,
              "[read_file for 'a.md'] Result:\nThe user denied this operation.");
    EXPECT_EQ(s.messages[4].role, Role::kTool);
    EXPECT_FALSE(s.messages[4].blocks[0].is_error);
    EXPECT_EQ(s.messages[4].blocks[0].tool_id,
              first_block(s.messages[3], BlockKind::kToolCall)->tool_id);
}

TEST(ClineReader, UiTaskProgressWithoutACallIsCounted) {
    const std::string text = R"([{"ts":1,"type":"say","say":"text","text":"plan it"},
{"ts":2,"type":"say","say":"task_progress","text":"- [ ] Plan"}])";
    ReadResult r = read_bytes(text, "/x/tasks/19/ui_messages.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 1u);
    EXPECT_TRUE(r.warnings.empty()) << describe(r);
}

TEST(ClineReader, OpenAiArraysAreStillOpenAi) {
    EXPECT_EQ(read_file(fixture("openai-chat/array.json")).format, "openai-chat");
}

// ---------------------------------------------------------------- Aider

TEST(AiderReader, ChatHistoryMarkdown) {
    ReadResult r = read_file(fixture("aider/.aider.chat.history.md"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    Session s = expect_counts("aider/.aider.chat.history.md",
                              {.format = "aider",
                               .id = r.sessions[0].id,
                               .messages = 14,
                               .by_role = {{"user", 4}, {"assistant", 3}, {"tool", 7}}});
    EXPECT_EQ(s.id.rfind("aider-2025-09-22T12-04-00-", 0), 0u) << s.id;
    EXPECT_EQ(s.created_at, "2025-09-22 12:04:00");
    // Multi-line user input is one message, without the "#### " prefixes and the line-break spaces.
    const Message* ask = nullptr;
    for (const auto& m : s.messages)
        if (m.role == Role::kUser && !ask) ask = &m;
    ASSERT_NE(ask, nullptr);
    EXPECT_EQ(ask->visible_text().rfind("The source code is located in a public, version-controlled repository\n", 0), 0u)
        << ask->visible_text();
    // "/code" before the request is a mode switch, not words.
    int requests = 0;
    for (const auto& m : s.messages)
        if (m.role == Role::kUser && m.visible_text().rfind("Please write a .sh file", 0) == 0) ++requests;
    EXPECT_EQ(requests, 2);
    // The reply keeps its blank lines and code; aider's multi-line notice keeps its unquoted lines.
    bool commit = false;
    for (const auto& m : s.messages)
        if (m.role == Role::kTool && m.blocks[0].text.find("Commit e14ab36") != std::string::npos) {
            commit = true;
            EXPECT_NE(m.blocks[0].text.find("\n./metrics_check.sh\n"), std::string::npos) << m.blocks[0].text;
        }
    EXPECT_TRUE(commit);
    EXPECT_EQ(s.messages.back().role, Role::kAssistant);
}

TEST(AiderReader, EachRunIsASessionAndSecretsAreRedacted) {
    const std::string text =
        "\n# aider chat started at 2025-01-02 10:00:00\n\n"
        "#### use postgres, key ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789  \n\nOk.\n\n"
        "# aider chat started at 2025-01-03 09:00:00\n\n> Aider v0.80.0  \n\n#### /ask which db?  \n\nPostgres.\n";
    ReadResult r = read_bytes(text, "notes.md");
    ASSERT_TRUE(r.errors.empty()) << describe(r);
    EXPECT_EQ(r.format, "aider");
    ASSERT_EQ(r.sessions.size(), 2u);
    EXPECT_EQ(r.sessions[0].messages.size(), 2u);
    EXPECT_EQ(r.sessions[0].messages[0].visible_text().find("ghp_"), std::string::npos);
    EXPECT_EQ(r.sessions[0].redactions, 1);
    ASSERT_EQ(r.sessions[1].messages.size(), 3u);
    EXPECT_EQ(r.sessions[1].messages[1].visible_text(), "which db?");
    EXPECT_EQ(r.sessions[1].messages[1].line, 12);
    EXPECT_NE(r.sessions[0].id, r.sessions[1].id);
}

TEST(AiderReader, InvalidUtf8LineIsNamed) {
    ReadResult r = read_bytes("# aider chat started at 2025-01-02 10:00:00\n\n#### hi\xff there\n\nHello.\n", "h.md");
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 3);
    ASSERT_EQ(r.sessions.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages.size(), 1u);
}


// ---------------------------------------------------------------- SWE-agent: the final submit

// An older run's history ends with the `submit` action and no observation; `info` holds the patch.
// The reader reads it as submit's answer only when info.exit_status says the run submitted.
ReadResult read_traj(const std::string& exit_status) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("bm-swe-submit-" + std::to_string(::getpid()) + "-" + exit_status + ".traj");
    {
        std::ofstream out(path, std::ios::binary);
        out << R"({"history":[{"role":"system","content":"SETTING"},)"
            << R"({"role":"user","content":"ISSUE:\nx is wrong\n\n(Current directory: /repo)\nbash-$"},)"
            << R"({"role":"assistant","content":"Done.\n```\nsubmit\n```","action":"submit\n"}],)"
            << R"("info":{"exit_status":")" << exit_status
            << R"(","submission":"\ndiff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n"}})";
    }
    ReadResult r = read_file(path.string());
    std::filesystem::remove(path);
    return r;
}

TEST(ClaudeCodeReader, TranscriptOpeningWithAFileHistorySnapshotIsClaudeCode) {
    // Claude Code 2.x writes a file-history-snapshot line first; it carries no sessionId.
    const std::string text =
        "{\"type\":\"file-history-snapshot\",\"messageId\":\"m1\",\"snapshot\":{\"messageId\":\"m1\","
        "\"trackedFileBackups\":{},\"timestamp\":\"2026-01-02T19:18:31.439Z\"},\"isSnapshotUpdate\":false}\n"
        "{\"parentUuid\":null,\"sessionId\":\"s1\",\"type\":\"user\",\"message\":{\"role\":\"user\","
        "\"content\":\"can you run a command ls -la\"},\"uuid\":\"m1\",\"timestamp\":\"2026-01-02T19:18:31.028Z\"}\n";
    EXPECT_EQ(detect_format(text), SessionFormat::kClaudeCode);
    ReadResult r = read_bytes(text, "session.jsonl");
    EXPECT_EQ(r.format, "claude-code") << describe(r);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 1u);
    EXPECT_EQ(r.sessions[0].messages[0].visible_text(), "can you run a command ls -la");
    // A bare object of that type without the snapshot members stays unclassified.
    EXPECT_EQ(detect_format("{\"type\":\"file-history-snapshot\"}\n"), std::nullopt);
}

// Claude Code 2.1 writes `attachment` lines (a skill listing, command permissions) inside the uuid chain; the reader
// keeps no message for them, and the turn after one hangs off its parent, not off a missing uuid (session 20: such a
// line split real sessions into branches, each with a "parent … is not in this file" warning).
TEST(ClaudeCodeReader, ATurnAfterAnAttachmentLineStaysOnItsBranch) {
    const std::string text =
        "{\"parentUuid\":null,\"sessionId\":\"s1\",\"type\":\"user\",\"message\":{\"role\":\"user\","
        "\"content\":\"fix the login page\"},\"uuid\":\"u1\",\"timestamp\":\"2026-01-02T19:18:31.028Z\"}\n"
        "{\"parentUuid\":\"u1\",\"sessionId\":\"s1\",\"type\":\"attachment\",\"attachment\":{\"type\":"
        "\"skill_listing\",\"content\":\"- dataviz\"},\"uuid\":\"a1\",\"timestamp\":\"2026-01-02T19:18:31.100Z\"}\n"
        "{\"parentUuid\":\"a1\",\"sessionId\":\"s1\",\"type\":\"attachment\",\"attachment\":{\"type\":"
        "\"command_permissions\",\"allowedTools\":[]},\"uuid\":\"a2\",\"timestamp\":\"2026-01-02T19:18:31.200Z\"}\n"
        "{\"parentUuid\":\"a2\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\","
        "\"content\":[{\"type\":\"text\",\"text\":\"Done.\"}]},\"uuid\":\"m2\",\"timestamp\":\"2026-01-02T19:18:32.000Z\"}\n";
    ReadResult r = read_bytes(text, "session.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    EXPECT_EQ(s.messages[1].parent_id, "u1");
    EXPECT_EQ(s.branches.size(), 1u);
    for (const auto& w : r.warnings) EXPECT_EQ(w.message().find("is not in this file"), std::string::npos) << w.message();
}

// An attachment line whose parent was cut out of the file is that line's fault: the warning names the attachment's
// own line (3), not the line of the turn that hangs off it (4); one warning for it, however many turns hang off it.
TEST(ClaudeCodeReader, AMissingParentOfAnAttachmentLineIsWarnedOnItsOwnLine) {
    const std::string text =
        "{\"parentUuid\":null,\"sessionId\":\"s1\",\"type\":\"user\",\"message\":{\"role\":\"user\","
        "\"content\":\"fix the login page\"},\"uuid\":\"u1\"}\n"
        "{\"parentUuid\":\"u1\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\","
        "\"content\":[{\"type\":\"text\",\"text\":\"On it.\"}]},\"uuid\":\"m1\"}\n"
        "{\"parentUuid\":\"cut\",\"sessionId\":\"s1\",\"type\":\"attachment\",\"attachment\":{\"type\":"
        "\"skill_listing\",\"content\":\"- dataviz\"},\"uuid\":\"a1\"}\n"
        "{\"parentUuid\":\"a1\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\","
        "\"content\":[{\"type\":\"text\",\"text\":\"Done.\"}]},\"uuid\":\"m2\"}\n"
        "{\"parentUuid\":\"a1\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\","
        "\"content\":[{\"type\":\"text\",\"text\":\"Done again.\"}]},\"uuid\":\"m3\"}\n";
    ReadResult r = read_bytes(text, "session.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::vector<const Error*> missing;
    for (const auto& w : r.warnings)
        if (w.message().find("is not in this file") != std::string::npos) missing.push_back(&w);
    ASSERT_EQ(missing.size(), 1u) << describe(r);
    EXPECT_EQ(missing[0]->where().line, 3) << missing[0]->to_string();
    EXPECT_NE(missing[0]->message().find("parent cut "), std::string::npos) << missing[0]->message();
    EXPECT_EQ(r.sessions[0].messages[2].parent_id, "m1");  // the turn still goes on from the one before it
}

// A prompt the user typed while the agent worked reaches it as a `queued_command` attachment (session 30: a dev
// log's "can we get rid of override?" was read as no message at all): the user's words, on the branch; a background
// task's notice queued the same way is the harness's.
TEST(ClaudeCodeReader, AQueuedPromptIsTheUsersWordsAndATaskNotificationTheHarnesss) {
    const std::string text =
        "{\"parentUuid\":null,\"sessionId\":\"s1\",\"type\":\"user\",\"message\":{\"role\":\"user\","
        "\"content\":\"why is the override there?\"},\"uuid\":\"u1\"}\n"
        "{\"type\":\"queue-operation\",\"operation\":\"enqueue\",\"content\":\"can we get rid of override?\","
        "\"sessionId\":\"s1\"}\n"
        "{\"parentUuid\":\"u1\",\"sessionId\":\"s1\",\"type\":\"attachment\",\"attachment\":{\"type\":"
        "\"queued_command\",\"prompt\":\"can we get rid of override?\",\"commandMode\":\"prompt\",\"origin\":"
        "{\"kind\":\"human\"}},\"uuid\":\"q1\"}\n"
        "{\"parentUuid\":\"q1\",\"sessionId\":\"s1\",\"type\":\"attachment\",\"attachment\":{\"type\":"
        "\"queued_command\",\"prompt\":\"<task-notification>\\n<status>completed</status>\\n</task-notification>\","
        "\"commandMode\":\"task-notification\"},\"uuid\":\"q2\"}\n"
        "{\"parentUuid\":\"q2\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\","
        "\"content\":[{\"type\":\"text\",\"text\":\"Yes, it can go.\"}]},\"uuid\":\"m2\"}\n"
        // a user's queued `!` command (no origin) is the user's; a queued line without a uuid has no place: no message
        "{\"parentUuid\":\"m2\",\"sessionId\":\"s1\",\"type\":\"attachment\",\"attachment\":{\"type\":"
        "\"queued_command\",\"prompt\":\"git status\",\"commandMode\":\"bash\"},\"uuid\":\"q3\"}\n"
        "{\"sessionId\":\"s1\",\"type\":\"attachment\",\"attachment\":{\"type\":\"queued_command\",\"prompt\":"
        "\"lost\",\"commandMode\":\"prompt\"}}\n";
    ReadResult r = read_bytes(text, "session.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 5u);  // the queue operation itself is no message: its prompt arrives once
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[1].visible_text(), "can we get rid of override?");
    EXPECT_EQ(s.messages[1].parent_id, "u1");
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[2].source.name, "queued-task-notification");
    EXPECT_EQ(s.messages[3].parent_id, "q2");
    EXPECT_EQ(s.messages[4].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[4].visible_text(), "git status");
    ASSERT_EQ(s.branches.size(), 1u);
}

// A Claude Code `queue-operation` line of session s1; `content` is the JSON text of its content member, if any.
std::string queue_line(const std::string& operation, const std::string& content = "") {
    return R"({"type":"queue-operation","operation":")" + operation + R"(","sessionId":"s1")" +
           (content.empty() ? "" : R"(,"content":)" + content) + "}\n";
}

// A window cut from a longer transcript can keep a queued prompt's `enqueue` line and lose its delivery (session 39:
// a dev log's "and it should be tagged with nyquist in the filename." was read as no message). Such a prompt is read
// from its queue line, between the turns it was typed in, on the same branch; two in a row keep their order; a
// `remove` of a prompt queued before the window takes none off; a prompt a later user line delivers is read once,
// even when the user typed the same words before ("yes").
TEST(ClaudeCodeReader, AQueuedPromptWhoseDeliveryTheFileLacksIsReadFromItsQueueLine) {
    const std::string text =
        "{\"parentUuid\":null,\"sessionId\":\"s1\",\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"yes\"},\"uuid\":\"u1\"}\n"
        "{\"parentUuid\":\"u1\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Done.\"}]},\"uuid\":\"m1\"}\n" +
        queue_line("enqueue", "\" and tag it nyquist \"") +
        queue_line("enqueue", "\"and commit\"") +
        queue_line("remove", "\"enqueued before this window\"") +
        queue_line("enqueue", "\"yes\"") +
        queue_line("enqueue", "\"where is it?\"") +
        "{\"parentUuid\":\"m1\",\"sessionId\":\"s1\",\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"where is it?\"},\"uuid\":\"u2\"}\n"
        "{\"parentUuid\":\"u2\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"In the root.\"}]},\"uuid\":\"m2\"}\n" +
        queue_line("enqueue", "\"thanks\"");
    ReadResult r = read_bytes(text, "session.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    std::vector<std::string> texts, parents;
    for (const auto& m : s.messages) texts.push_back(m.visible_text()), parents.push_back(m.parent_id);
    EXPECT_EQ(texts, (std::vector<std::string>{"yes", "Done.", "and tag it nyquist", "and commit", "yes", "where is it?",
                                               "In the root.", "thanks"}));
    EXPECT_EQ(parents, (std::vector<std::string>{"", "u1", "m1", "queue-line-3", "queue-line-4", "queue-line-6", "u2",
                                                 "m2"}));
    ASSERT_EQ(s.messages.size(), 8u);
    EXPECT_EQ(s.messages[2].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[2].line, 3);
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 8u);
}

// What a queue line keeps that is no undelivered prose prompt is not read: a slash command taken off the queue
// (`dequeue`) and delivered as its command line, prompts pulled back into the input box (`popAll`), a background
// task's notice and a JSON record the harness queued (review, session 39).
TEST(ClaudeCodeReader, DeliveredCancelledAndHarnessQueueLinesAreNotRead) {
    const std::string text =
        queue_line("enqueue", "\"/review fix the parser\"") +
        queue_line("dequeue") +
        "{\"parentUuid\":null,\"sessionId\":\"s1\",\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"<command-name>/review</command-name>\\n<command-args>fix the parser</command-args>\"},\"uuid\":\"c1\"}\n"
        "{\"parentUuid\":\"c1\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Reviewing.\"}]},\"uuid\":\"m1\"}\n" +
        queue_line("enqueue", "\"delete the database\"") +
        queue_line("popAll") +
        queue_line("enqueue", "\"<task-notification>\\n<status>completed</status>\\n</task-notification>\"") +
        queue_line("enqueue", "\"{\\\"task_id\\\":\\\"b5\\\"}\"") +
        "{\"parentUuid\":\"m1\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Ok.\"}]},\"uuid\":\"m2\"}\n"
        ;
    ReadResult r = read_bytes(text, "session.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::vector<int64_t> lines;
    for (const auto& m : r.sessions[0].messages) lines.push_back(m.line);
    EXPECT_EQ(lines, (std::vector<int64_t>{3, 4, 9}));
}

// A queued prompt before any message of a window hangs off nothing, and the next main-thread line goes on from it
// whatever parent it names: one branch, not two (review, session 39).
TEST(ClaudeCodeReader, AQueuedPromptBeforeAnyMessageStartsTheOneBranch) {
    const std::string text =
        "{\"type\":\"queue-operation\",\"operation\":\"enqueue\",\"sessionId\":\"s1\",\"content\":\"keep it short\"}\n"
        "{\"parentUuid\":\"gone\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Sure.\"}]},\"uuid\":\"m1\"}\n"
        "{\"parentUuid\":\"m1\",\"sessionId\":\"s1\",\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Done.\"}]},\"uuid\":\"m2\"}\n"
        ;
    ReadResult r = read_bytes(text, "session.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u) << describe(r);
    EXPECT_EQ(s.messages[0].visible_text(), "keep it short");
    EXPECT_EQ(s.messages[1].parent_id, "queue-line-1");
    ASSERT_EQ(s.branches.size(), 1u);
    EXPECT_EQ(s.branches[0].message_indexes.size(), 3u);
}

TEST(SweAgentReader, FinalSubmitIsAnsweredByInfoSubmission) {
    ReadResult r = read_traj("submitted");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 4u);
    EXPECT_EQ(s.messages[3].id, "info-submission");
    EXPECT_EQ(s.messages[3].role, Role::kTool);
    ASSERT_EQ(s.messages[3].blocks.size(), 1u);
    EXPECT_EQ(s.messages[3].blocks[0].tool_id, first_block(s.messages[2], BlockKind::kToolCall)->tool_id);
    EXPECT_NE(s.messages[3].blocks[0].text.find("diff --git a/x.py"), std::string::npos);
    std::map<std::string, std::string> slots;
    for (const auto& bc : extract_heuristic(r.sessions, every_rule()))
        for (const Claim& c : bc.claims) slots[c.key] = c.value;
    EXPECT_EQ(slots["submission"], "submitted");
}

TEST(SweAgentReader, SubmitOfARunThatDidNotSubmitStaysUnanswered) {
    ReadResult r = read_traj("exit_cost");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 3u);
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims) EXPECT_NE(c.key, "submission");
}

// A replayed run writes the final submit's tool_call_ids as a Python list's text; it still pairs (session 16).
TEST(SweAgentReader, ToolCallIdsWrittenAsAListsTextStillPair) {
    const std::string text =
        R"({"history":[{"role":"user","content":"ISSUE:\nx"},)"
        R"({"role":"assistant","content":"Submit.","tool_calls":[{"id":"call_submit","type":"function","function":{"name":"submit","arguments":"{}"}}]},)"
        R"({"role":"tool","content":"\r\ndiff --git a/x.py b/x.py\r\n","tool_call_ids":"['call_submit']"}],"info":{"exit_status":"submitted"}})";
    ReadResult r = read_bytes(text, "replay.traj");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 3u);
    EXPECT_EQ(r.sessions[0].messages[2].blocks.at(0).tool_id, "call_submit");
    // info.exit_status is a harness fact quoted as written, on its line (session 16).
    ASSERT_EQ(r.sessions[0].environment.size(), 1u);
    EXPECT_EQ(r.sessions[0].environment[0].quote, R"("exit_status":"submitted")");
    EXPECT_EQ(r.sessions[0].environment[0].line, 1);
    std::map<std::string, std::string> slots;
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims) slots[c.key] = c.value;
    EXPECT_EQ(slots["file.x.py.submitted"], "modified in the submitted patch");
    // The run's exit status is a fact of the run, keyed by it.
    bool status = false;
    for (const auto& [key, value] : slots) status |= key.rfind("run.", 0) == 0 && key.find(".exit_status") != std::string::npos && value == "submitted";
    EXPECT_TRUE(status);
}

// SWE-agent 1.x (function calling) shows no "(Current directory: …)"; its task template's
// <uploaded_files> names the directory the run works in, so paths are keyed relative to it (session 15).
std::map<std::string, std::string> uploaded_files_slots(const std::string& uploaded) {
    const auto path = std::filesystem::temp_directory_path() / ("bm-swe-uploaded-" + std::to_string(::getpid()) + ".traj");
    {
        std::ofstream out(path, std::ios::binary);
        out << R"({"history":[{"role":"system","content":"You are a helpful assistant."},)"
            << R"({"role":"user","content":[{"type":"text","text":")" << uploaded
            << R"(I've uploaded a code repository. Consider the following PR description:\n\n<pr_description>\nx is wrong\n</pr_description>"}]},)"
            << R"({"role":"assistant","content":"Create it.","action":"str_replace_editor create /testbed/a.py","tool_calls":[{"id":"c1","type":"function","function":{"name":"str_replace_editor","arguments":"{\"command\": \"create\", \"path\": \"/testbed/a.py\", \"file_text\": \"x = 1\"}"}}]},)"
            << R"({"role":"tool","content":[{"type":"text","text":"OBSERVATION:\nFile created successfully at: /testbed/a.py\n"}],"tool_call_ids":["c1"]}],)"
            << R"("info":{"exit_status":"submitted"}})";
    }
    ReadResult r = read_file(path.string());
    std::filesystem::remove(path);
    std::map<std::string, std::string> slots;
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims) slots[c.key] = c.value;
    return slots;
}

TEST(SweAgentReader, UploadedFilesDirectoryIsTheWorkingDirectory) {
    const auto slots = uploaded_files_slots(R"(<uploaded_files>\n/testbed\n</uploaded_files>\n)");
    EXPECT_EQ(slots.count("file.a.py"), 1u);
    EXPECT_EQ(slots.count("file./testbed/a.py"), 0u);
    // Without the template's directory (or with one that is not a single absolute path) paths stay as written.
    EXPECT_EQ(uploaded_files_slots("").count("file./testbed/a.py"), 1u);
    EXPECT_EQ(uploaded_files_slots(R"(<uploaded_files>\ntestbed dir\n</uploaded_files>\n)").count("file./testbed/a.py"), 1u);
}
}  // namespace
}  // namespace bm
