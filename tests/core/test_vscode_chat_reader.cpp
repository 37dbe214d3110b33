// VS Code's chat export (session 38): requests as the user's words, tool rounds as calls answered by
// their results, the response parts of exports without rounds, bad requests.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include <nlohmann/json.hpp>

#include "ingest/ingest.h"

namespace bm {
namespace {

using nlohmann::json;
using testing::describe;

// The shape of `Chat: Export Chat...` in an agent-mode request: the rounds the model took (its text, its
// calls) in result.metadata, each call's answer in toolCallResults (a text part, or a prompt element).
const std::string kExport = R"({
 "requesterUsername": "dev", "responderUsername": "GitHub Copilot", "initialLocation": "panel",
 "requests": [
  {"requestId": "request_1", "timestamp": 1765065473886,
   "message": {"parts": [{"kind": "text", "text": "run the tests"}], "text": "run the tests"},
   "variableData": {"variables": [
     {"kind": "file", "id": "file:///w/notes.md", "name": "notes.md",
      "value": {"fsPath": "/w/notes.md", "path": "/w/notes.md"}},
     {"kind": "file", "id": "vscode.implicit.viewport", "value": {"uri": {"fsPath": "/w/open.py"}}}]},
   "response": [{"value": "Running the tests."}],
   "modelId": "copilot/gpt-4.1", "isCanceled": false,
   "result": {"metadata": {
     "toolCallRounds": [
       {"response": "Running the tests.", "thinking": {"text": "pytest first"},
        "toolCalls": [{"name": "run_in_terminal", "arguments": "{\"command\":\"pytest -q\"}",
                       "id": "call_1"},
                      {"name": "replace_string_in_file", "arguments": "{\"filePath\":\"/w/a.py\"}", "id": "call_2"}]},
       {"response": "Two tests fail; a.py is fixed.", "toolCalls": []}],
     "toolCallResults": {
       "call_1": {"$mid": 20, "content": [{"$mid": 21, "value": "2 failed, 3 passed\n\n\nCommand exited with code 1"}]},
       "call_2": {"$mid": 20, "content": [{"$mid": 23, "value": {"node": {"type": 1, "children": [
         {"type": 2, "text": "The following files were successfully edited:"},
         {"type": 1, "children": [{"type": 2, "text": "/w/a.py"}]}]}}}]}}}}},
  {"requestId": "request_2", "timestamp": 1765065480000, "message": {"text": "thanks"},
   "response": [{"value": "You're welcome."}],
   "result": {"errorDetails": {"message": "Sorry, the response hit the length limit."}}}
 ]
})";

TEST(VsCodeChatReader, AnExportIsReadAsRequestsRoundsAndTheirAnswers) {
    ReadResult r = read_bytes(kExport, "chat.json");
    EXPECT_EQ(r.format, "vscode-chat");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 8u) << describe(r);
    const Message& user = s.messages[0];
    EXPECT_EQ(user.role, Role::kUser);
    EXPECT_EQ(user.time, "1765065473886");
    // The file the user attached is named; the editor VS Code attached on its own is not.
    EXPECT_EQ(user.visible_text(), "run the tests\n[file: /w/notes.md]");
    const Message& round = s.messages[1];
    EXPECT_EQ(round.role, Role::kAssistant);
    EXPECT_EQ(round.source.model, "copilot/gpt-4.1");
    ASSERT_EQ(round.blocks.size(), 4u);  // thinking, text, two calls
    EXPECT_EQ(round.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(round.blocks[2].tool_name, "run_in_terminal");
    EXPECT_EQ(round.blocks[2].arguments, R"({"command":"pytest -q"})");
    // The terminal's closing "Command exited with code 1" becomes the exit code, and the call failed.
    const Message& tests = s.messages[2];
    EXPECT_EQ(tests.source.call_id, "call_1");
    EXPECT_EQ(tests.blocks[0].text, "[exit code: 1]\n2 failed, 3 passed");
    EXPECT_TRUE(tests.blocks[0].is_error);
    EXPECT_EQ(s.messages[3].blocks[0].text, "The following files were successfully edited:\n/w/a.py");
    EXPECT_FALSE(s.messages[3].blocks[0].is_error);
    EXPECT_EQ(s.messages[4].visible_text(), "Two tests fail; a.py is fixed.");
    // With rounds kept, the response parts (which repeat them) are not read again: the first request's reply is its
    // rounds and their answers.
    for (size_t k = 1; k <= 4; ++k) EXPECT_NE(s.messages[k].id.find("/round-"), std::string::npos) << s.messages[k].id;
    EXPECT_EQ(s.messages[5].visible_text(), "thanks");
    EXPECT_EQ(s.messages[6].visible_text(), "You're welcome.");  // no rounds: the response parts
    EXPECT_EQ(s.messages[7].source.kind, SourceKind::kPlugin);
    EXPECT_EQ(s.messages[7].source.name, "error");
    EXPECT_EQ(summarize(s).tool_calls_paired, 2);
    EXPECT_EQ(detect_format(kExport), SessionFormat::kOpenAiChat);
}

// Older exports keep no rounds: the response parts are the reply, a tool invocation the chat view
// showed is a call, answered by the output it kept.
TEST(VsCodeChatReader, ResponsePartsWithoutRoundsAreTheReply) {
    const std::string doc = R"({"responderUsername": "GitHub Copilot", "requests": [
      {"requestId": "r1", "message": {"text": "where is the config?"}, "response": [
        {"value": "It is in "},
        {"kind": "inlineReference", "inlineReference": {"fsPath": "/w/config.toml"}},
        {"value": ". Listing the folder:"},
        {"kind": "prepareToolInvocation", "toolName": "run_in_terminal"},
        {"kind": "toolInvocationSerialized", "toolId": "run_in_terminal", "toolCallId": "t1",
         "toolSpecificData": {"kind": "terminal", "commandLine": {"original": "ls /w"}},
         "resultDetails": {"input": "{}", "output": [{"value": "config.toml\nCommand exited with code 0"}]}},
        {"kind": "codeblockUri", "uri": {"fsPath": "/w/config.toml"}},
        {"kind": "toolInvocationSerialized", "toolId": "run_in_terminal", "toolCallId": "t2",
         "toolSpecificData": {"kind": "terminal", "commandLine": {"original": "git branch --list"},
                              "terminalCommandState": {"exitCode": 2},
                              "terminalCommandOutput": {"text": "\u001b[93mfatal:\u001b[0m no\u001b]0;t\u0007"}}},
        {"value": "Done."}]}]})";
    ReadResult r = read_bytes(doc, "chat.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 4u) << describe(r);
    const Message& reply = s.messages[1];
    ASSERT_EQ(reply.blocks.size(), 4u);
    EXPECT_EQ(reply.blocks[0].text, "It is in /w/config.toml. Listing the folder:");
    EXPECT_EQ(reply.blocks[1].arguments, R"({"command":"ls /w"})");
    EXPECT_EQ(reply.blocks[3].text, "Done.");
    EXPECT_EQ(s.messages[2].blocks[0].text, "[exit code: 0]\nconfig.toml");
    EXPECT_FALSE(s.messages[2].blocks[0].is_error);
    // Newer terminals keep the exit code and the output in the tool's own data.
    EXPECT_EQ(s.messages[3].blocks[0].text, "[exit code: 2]\nfatal: no");
    EXPECT_TRUE(s.messages[3].blocks[0].is_error);
}

// An answer ending in the exit line's words with no code after them is left as it is.
TEST(VsCodeChatReader, AnExitLineWithoutItsCodeIsText) {
    const std::string doc = R"({"responderUsername": "GitHub Copilot", "requests": [{"requestId": "r1",
      "message": {"text": "go"}, "result": {"metadata": {
        "toolCallRounds": [{"response": "", "toolCalls": [{"name": "run_in_terminal", "arguments": "{}", "id": "c"}]}],
        "toolCallResults": {"c": {"content": [{"value": "out\nCommand exited with code "}]}}}}}]})";
    ReadResult r = read_bytes(doc, "chat.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_EQ(r.sessions[0].messages.back().blocks[0].text, "out\nCommand exited with code ");
    EXPECT_FALSE(r.sessions[0].messages.back().blocks[0].is_error);
}

// Newer VS Code keeps a session as an operation log (chatSessions/<id>.jsonl): the document, then sets, pushes and
// deletes. Replayed, it reads as the export of the same session does.
TEST(VsCodeChatReader, AnOperationLogIsReplayedIntoTheSession) {
    const json doc = json::parse(kExport);
    json initial = doc;
    initial["version"] = 3;
    initial["sessionId"] = "s-1";
    initial["requests"] = json::array();
    json first = doc["requests"][0], second = doc["requests"][1];
    json unfinished = first;
    unfinished.erase("result");
    const std::vector<json> ops = {
        {{"kind", 0}, {"v", initial}},
        {{"kind", 2}, {"k", {"requests"}}, {"v", {unfinished, json{{"requestId", "dropped"}}}}},
        {{"kind", 1}, {"k", {"requests", 0, "result"}}, {"v", first["result"]}},
        {{"kind", 2}, {"k", {"requests"}}, {"v", {second}}, {"i", 1}},  // cut to 1 item, then append
        // The second request's words set wrong, then its parts, then the wrong text deleted: read from its parts.
        {{"kind", 1}, {"k", {"requests", 1, "message", "text"}}, {"v", "WRONG"}},
        {{"kind", 1}, {"k", {"requests", 1, "message", "parts"}}, {"v", json::array({{{"text", "thanks"}}})}},
        {{"kind", 3}, {"k", {"requests", 1, "message", "text"}}}};
    std::string log;
    for (const json& op : ops) log += op.dump() + "\n";
    ReadResult replayed = read_bytes(log, "s-1.jsonl");
    EXPECT_EQ(replayed.format, "vscode-chat-log");
    ASSERT_EQ(replayed.sessions.size(), 1u) << describe(replayed);
    EXPECT_TRUE(replayed.errors.empty()) << describe(replayed);
    EXPECT_EQ(replayed.sessions[0].id_form, "s-1");
    ReadResult exported = read_bytes(kExport, "chat.json");
    ASSERT_EQ(replayed.sessions[0].messages.size(), exported.sessions[0].messages.size());
    for (size_t i = 0; i < exported.sessions[0].messages.size(); ++i) {
        const Message &a = replayed.sessions[0].messages[i], &b = exported.sessions[0].messages[i];
        EXPECT_EQ(a.id, b.id);
        EXPECT_EQ(a.role, b.role) << a.id;
        EXPECT_EQ(a.source.kind, b.source.kind) << a.id;
        ASSERT_EQ(a.blocks.size(), b.blocks.size()) << a.id;
        for (size_t k = 0; k < a.blocks.size(); ++k) {  // each block whole: kind, call, answer and text
            const ContentBlock &x = a.blocks[k], &y = b.blocks[k];
            EXPECT_EQ(x.kind, y.kind) << a.id;
            EXPECT_EQ(x.text, y.text) << a.id;
            EXPECT_EQ(x.tool_id, y.tool_id) << a.id;
            EXPECT_EQ(x.tool_name, y.tool_name) << a.id;
            EXPECT_EQ(x.arguments, y.arguments) << a.id;
            EXPECT_EQ(x.is_error, y.is_error) << a.id;
        }
    }
    EXPECT_EQ(detect_format(log), SessionFormat::kOpenAiChat);

    // An operation on a path the document does not hold is an error naming its line; the rest is read.
    const std::string bad = ops[0].dump() + "\n" + R"({"kind":1,"k":["requests",5,"result"],"v":{}})" "\n" +
                            R"({"kind":9,"k":["x"]})" "\n" + ops[1].dump() + "\n";
    ReadResult r = read_bytes(bad, "s-2.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.partial);
    const std::string errors = describe(r);
    EXPECT_NE(errors.find("s-2.jsonl:2"), std::string::npos) << errors;
    EXPECT_NE(errors.find("s-2.jsonl:3"), std::string::npos) << errors;
    EXPECT_EQ(r.sessions[0].messages.front().visible_text(), "run the tests\n[file: /w/notes.md]");
}

TEST(VsCodeChatReader, BadRequestsAreNamedAndTheRestIsRead) {
    const std::string doc = R"({"requesterUsername": "dev", "requests": [
      7,
      {"requestId": "r2", "message": 5, "response": [{"value": "ok"}]},
      {"requestId": "r3", "message": {"text": "go on"}, "result": {"metadata": {"toolCallRounds": ["x"]}}}]})";
    ReadResult r = read_bytes(doc, "chat.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.partial);
    const std::string errors = describe(r);
    EXPECT_NE(errors.find("requests[0]"), std::string::npos) << errors;
    EXPECT_NE(errors.find("requests[1].message"), std::string::npos) << errors;
    EXPECT_NE(errors.find("requests[2].result.metadata.toolCallRounds[0]"), std::string::npos) << errors;
    EXPECT_EQ(r.sessions[0].messages.back().visible_text(), "go on");
    // Not an export: an object with requests but none of VS Code's names.
    EXPECT_NE(read_bytes(R"({"requests": []})", "x.json").format, "vscode-chat");
}

}  // namespace
}  // namespace bm
