// The OpenHands V1 (software-agent-sdk) event reader: a trimmed real conversation in tests/data/openhands
// (source in tests/data/README.md) and small inline event lists for the forms and faults it does not hold.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"
#include "ingest/read_context.h"
#include "ingest/readers.h"

namespace bm {
namespace {

using testing::describe;
using testing::fixture;
using testing::slurp;

bool mentions(const std::vector<Error>& diagnostics, const std::string& text) {
    for (const auto& e : diagnostics)
        if (e.message().find(text) != std::string::npos) return true;
    return false;
}

TEST(OpenHandsV1Reader, RealConversationPairsCallsWithResults) {
    ReadResult r = read_file(fixture("openhands/v1_events.json"));
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.format, "openhands");
    const Session& s = r.sessions[0];
    // system prompt, user, 3 x (call, result); the ConversationErrorEvent is a warning, not a turn
    ASSERT_EQ(s.messages.size(), 8u) << describe(r);
    EXPECT_EQ(s.messages[0].role, Role::kSystem);
    EXPECT_EQ(s.messages[1].role, Role::kUser);
    EXPECT_NE(s.messages[1].visible_text().find("Is there a problem with it"), std::string::npos);
    const Message& call = s.messages[2];
    EXPECT_EQ(call.role, Role::kAssistant);
    EXPECT_EQ(call.visible_text(), "Now let me read the ROOT_CAUSE_ANALYSIS.md file:");
    ASSERT_EQ(call.blocks.back().kind, BlockKind::kToolCall);
    EXPECT_EQ(call.blocks.back().tool_name, "file_editor");
    EXPECT_EQ(call.blocks.back().tool_id, "toolu_bdrk_018repkhJJr12LE7MqAJvQfV");
    EXPECT_EQ(call.blocks.back().arguments.find("\"kind\""), std::string::npos);  // the action class is not an argument
    const Message& result = s.messages[3];
    EXPECT_EQ(result.role, Role::kTool);
    EXPECT_EQ(result.blocks[0].tool_id, call.blocks.back().tool_id);
    // the terminal's suffix frames its output as the model saw it
    const std::string& failed = s.messages[5].blocks[0].text;
    EXPECT_EQ(failed.substr(failed.rfind('\n') + 1), "[The command completed with exit code 1.]");
    EXPECT_TRUE(mentions(r.warnings, "LLMBadRequestError")) << describe(r);
    EXPECT_FALSE(r.partial);
}

TEST(OpenHandsV1Reader, SystemPromptGivesNoClaims) {
    ReadResult r = read_file(fixture("openhands/v1_events.json"));
    ASSERT_EQ(r.sessions.size(), 1u);
    for (const auto& bc : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : bc.claims)
            EXPECT_EQ(c.value.find("helpful AI assistant"), std::string::npos) << c.key << " = " << c.value;
}

const char* kJsonl =
    R"({"id":"s","source":"agent","system_prompt":{"type":"text","text":"You are OpenHands agent."},"kind":"SystemPromptEvent"})" "\n"
    R"({"id":"u","source":"user","llm_message":{"role":"user","content":[{"type":"text","text":"Create notes.md"}]},"kind":"MessageEvent"})" "\n"
    R"({"id":"a","source":"agent","thought":[],"action":{"thought":"Plan first.","kind":"ThinkAction"},"tool_name":"think","tool_call_id":"t0","tool_call":{"id":"t0","name":"think","arguments":"{}"},"kind":"ActionEvent"})" "\n"
    R"({"id":"o","source":"environment","tool_name":"think","tool_call_id":"t0","observation":{"content":[{"type":"text","text":"Your thought has been logged."}],"kind":"ThinkObservation"},"action_id":"a","kind":"ObservationEvent"})" "\n"
    R"({"id":"b","source":"agent","thought":[{"type":"text","text":"Creating it."}],"action":{"command":"create","path":"/w/notes.md","file_text":"x","kind":"FileEditorAction"},"tool_name":"file_editor","tool_call_id":"t1","tool_call":{"id":"t1","name":"file_editor","arguments":"{}"},"kind":"ActionEvent"})" "\n"
    R"({"id":"p","source":"environment","tool_name":"file_editor","tool_call_id":"t1","observation":{"content":[{"type":"text","text":"File created successfully at: /w/notes.md"}],"is_error":false,"command":"create","path":"/w/notes.md","prev_exist":false,"kind":"FileEditorObservation"},"action_id":"b","kind":"ObservationEvent"})" "\n"
    R"({"id":"c","source":"agent","thought":[],"action":null,"tool_name":"terminal","tool_call_id":"t2","tool_call":{"id":"t2","name":"terminal","arguments":"{\"command\": 1"},"kind":"ActionEvent"})" "\n"
    R"({"id":"e","source":"agent","tool_name":"terminal","tool_call_id":"t2","error":"Error validating args","kind":"AgentErrorEvent"})" "\n"
    R"({"id":"st","source":"environment","key":"execution_status","value":"finished","kind":"ConversationStateUpdateEvent"})" "\n"
    R"({"id":"f","source":"agent","thought":[],"action":{"message":"Done: notes.md exists.","kind":"FinishAction"},"tool_name":"finish","tool_call_id":"t3","tool_call":{"id":"t3","name":"finish","arguments":"{}"},"kind":"ActionEvent"})" "\n"
    R"({"id":"g","source":"environment","tool_name":"finish","tool_call_id":"t3","observation":{"content":[{"type":"text","text":"Done: notes.md exists."}],"kind":"FinishObservation"},"action_id":"f","kind":"ObservationEvent"})" "\n";

TEST(OpenHandsV1Reader, JsonlThinkFinishErrorsAndBookkeeping) {
    ReadResult r = read_bytes(kJsonl, "events.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.format, "openhands");
    const Session& s = r.sessions[0];
    // system, user, think (reasoning; its echo skipped), create + result, bad call + error, finish (echo skipped)
    ASSERT_EQ(s.messages.size(), 8u) << describe(r);
    EXPECT_EQ(s.messages[2].blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(s.messages[2].blocks[0].text, "Plan first.");
    EXPECT_EQ(s.messages[4].blocks[0].text, "File created successfully at: /w/notes.md\n[File created at /w/notes.md]");
    EXPECT_EQ(s.messages[5].blocks.back().arguments, "{\"command\": 1");  // not executable: as the model wrote it
    EXPECT_TRUE(s.messages[6].blocks[0].is_error);
    EXPECT_EQ(s.messages[6].blocks[0].tool_id, "t2");
    EXPECT_EQ(s.messages[7].visible_text(), "Done: notes.md exists.");
    EXPECT_EQ(s.messages[7].blocks.back().tool_name, "finish");
}

TEST(OpenHandsV1Reader, EvalOutputWithV1HistoryIsRead) {
    std::string history = "[";
    std::string lines = kJsonl;
    for (size_t at = 0, nl; (nl = lines.find('\n', at)) != std::string::npos; at = nl + 1)
        history += (at ? "," : "") + lines.substr(at, nl - at);
    history += "]";
    ReadResult r = read_bytes("{\"instance_id\":\"v1\",\"history\":" + history + "}\n", "output.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].id, "openhands-v1");
    EXPECT_EQ(r.sessions[0].messages.size(), 8u);
}

TEST(OpenHandsV1Reader, BadEventsNameIndexAndField) {
    const std::string text =
        R"([{"id":"u","source":"user","llm_message":{"role":"user","content":"hi"},"kind":"MessageEvent"},)"
        R"({"id":"m","source":"user","kind":"MessageEvent"},)"
        R"({"id":"a","source":"agent","action":{"command":"ls"},"tool_call_id":"t","kind":"ActionEvent"},)"
        R"({"id":"o","source":"environment","tool_name":"terminal","observation":{"content":"x"},"kind":"ObservationEvent"},)"
        R"({"id":"z","source":"agent","kind":"FancyNewEvent"}])";
    ReadResult r = read_bytes(text, "events.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.size(), 1u);
    EXPECT_TRUE(r.partial);
    ASSERT_EQ(r.errors.size(), 3u) << describe(r);
    EXPECT_EQ(r.errors[0].where().line, 2);
    EXPECT_EQ(r.errors[0].where().field, "[1].llm_message");
    EXPECT_EQ(r.errors[1].where().field, "[2].tool_name");
    EXPECT_EQ(r.errors[2].where().field, "[3].tool_call_id");
    EXPECT_TRUE(mentions(r.warnings, "FancyNewEvent")) << describe(r);
}

TEST(OpenHandsV1Reader, OneEventFileIsAClearError) {
    ReadResult r = read_bytes("{\n  \"id\": \"u\",\n  \"source\": \"user\",\n  \"llm_message\": {\"role\": \"user\", \"content\": []},\n"
                              "  \"kind\": \"MessageEvent\"\n}\n",
                              "event-00001-u.json");
    EXPECT_TRUE(r.sessions.empty());
    ASSERT_EQ(r.errors.size(), 1u) << describe(r);
    EXPECT_NE(r.errors[0].message().find("one OpenHands V1 event"), std::string::npos);
}

TEST(OpenHandsV1Reader, DetectionLeavesOtherFormatsAlone) {
    // a chat array whose items carry `kind` but no known event class stays OpenAI chat
    EXPECT_EQ(detect_format(R"([{"role":"user","content":"hi","kind":"note"}])"), SessionFormat::kOpenAiChat);
    EXPECT_EQ(detect_format(slurp(fixture("openhands/v1_events.json"))), SessionFormat::kOpenHands);
    EXPECT_NE(detect_format(R"({"kind":"MessageEvent"})"), SessionFormat::kOpenHands);  // no id or source
}

TEST(OpenHandsV1Reader, ConversationDirectoryOfEventFilesIsOneSession) {
    // The SDK's own layout: <conversation>/events/event-NNNNN-<id>.json, one event a file (here the fixture's
    // events, one a file), beside base_state.json; the directory is one input and one session.
    namespace fs = std::filesystem;
    const fs::path conv = fs::temp_directory_path() / ("bm-ohv1-" + std::to_string(::getpid())) / "738af793";
    fs::create_directories(conv / "events");
    std::ofstream(conv / "base_state.json") << "{\"id\": \"738af793\"}";
    const json events = json::parse(slurp(fixture("openhands/v1_events.json")));
    for (size_t i = 0; i < events.size(); ++i) {
        char name[64];
        std::snprintf(name, sizeof name, "event-%05zu-%s.json", i, events[i]["id"].get<std::string>().c_str());
        std::ofstream(conv / "events" / name) << events[i].dump(2);
    }
    std::ofstream(conv / "events" / "event-00003-bad.json") << "{\"kind\": ";  // cut short: an error naming the file
    ExpandedInputs in = expand_inputs({conv.parent_path().string()});
    ASSERT_EQ(in.files.size(), 1u) << in.files.size();  // the events directory (base_state.json is no conversation)
    EXPECT_EQ(in.files[0], (conv / "events").string());
    ReadResult r = read_file(in.files[0]);
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].id, "openhands-738af793");
    EXPECT_EQ(r.sessions[0].messages.size(), 8u) << describe(r);
    EXPECT_TRUE(r.partial);
    ASSERT_FALSE(r.errors.empty());
    EXPECT_EQ(r.errors[0].where().field, "event-00003-bad.json") << describe(r);
    fs::remove_all(conv.parent_path());
}

TEST(OpenHandsV1Reader, EventFilesInEventOrderAndNeverThroughASymlink) {
    // Past event 99999 the SDK's {idx:05d} names grow a digit; a symlink in the folder may point anywhere (the
    // MCP server checks and sizes exactly the files this lists), so it is left out. A trailing slash names the
    // same conversation.
    namespace fs = std::filesystem;
    const fs::path conv = fs::temp_directory_path() / ("bm-ohv1-order-" + std::to_string(::getpid())) / "c1";
    const fs::path events = conv / "events";
    fs::create_directories(events);
    const auto ev = [](const std::string& id) {
        return R"({"kind": "MessageEvent", "id": ")" + id + R"(", "source": "user",
            "llm_message": {"role": "user", "content": [{"type": "text", "text": "hi"}]}})";
    };
    const std::vector<std::pair<std::string, std::string>> written = {
        {"event-99999-b.json", "b"}, {"event-100000-c.json", "c"}, {"event-00002-a.json", "a"}};
    for (const auto& [name, id] : written) std::ofstream(events / name) << ev(id);
    std::ofstream(conv / "outside.json") << ev("outside");
    fs::create_symlink(conv / "outside.json", events / "event-00001-link.json");
    std::error_code ec;
    const std::vector<std::string> files = openhands_event_files(events.string(), ec);
    EXPECT_FALSE(ec);
    ASSERT_EQ(files.size(), 3u);
    EXPECT_EQ(fs::path(files[0]).filename(), "event-00002-a.json");
    EXPECT_EQ(fs::path(files[1]).filename(), "event-99999-b.json");
    EXPECT_EQ(fs::path(files[2]).filename(), "event-100000-c.json");
    ReadResult r = read_file(events.string() + "/");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].id, "openhands-c1");
    EXPECT_EQ(r.sessions[0].messages.size(), 3u) << describe(r);
    fs::remove_all(conv.parent_path());
}

}  // namespace
}  // namespace bm
