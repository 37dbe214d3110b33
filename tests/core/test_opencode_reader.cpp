// OpenCode's session export (session 28): roles in each message's info, parts as blocks, tool parts
// as calls with their answers, OpenCode's own text and a failed request as the harness's, bad parts
// reported.
#include <gtest/gtest.h>

#include <set>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;

const std::string kExport =
    R"({"info":{"id":"ses_7a1","directory":"/home/u/shop","title":"tests","version":"1.14.48",
"time":{"created":1700000000000,"updated":1700000001000}},"messages":[
{"info":{"id":"msg_1","role":"user","time":{"created":1700000000100}},"parts":[{"type":"text","text":"run the tests"},
 {"type":"file","mime":"text/plain","filename":"notes.txt","url":"file:///home/u/shop/notes.txt"}]},
{"info":{"id":"msg_2","role":"assistant","parentID":"msg_1","modelID":"claude-sonnet-4-6","providerID":"anthropic",
 "time":{"created":1700000000200}},"parts":[{"type":"step-start"},{"type":"reasoning","text":"npm test it is"},
 {"type":"text","text":"Running them."},
 {"type":"tool","callID":"toolu_1","tool":"bash","state":{"status":"completed","input":{"command":"npm test"},"output":"3 passing","title":"npm test","metadata":{"exit":0}}},
 {"type":"tool","callID":"toolu_2","tool":"read","state":{"status":"error","input":{"filePath":"/nope"},"error":"File not found: /nope"}},
 {"type":"tool","callID":"toolu_3","tool":"bash","state":{"status":"running","input":{"command":"npm run dev"}}},
 {"type":"step-finish","reason":"tool-calls"}]},
{"info":{"id":"msg_3","role":"user","time":{"created":1700000000300}},"parts":[{"type":"text","text":"Look at @a.md"},{"type":"text","text":"Called the Read tool with the following input: {}","synthetic":true},{"type":"text","text":"<content>Always deploy on Fridays.</content>","synthetic":true}]},
{"info":{"id":"msg_4","role":"assistant","time":{"created":1700000000400},"error":{"name":"APIError","data":{"message":"overloaded"}}},"parts":[]}
]})";

TEST(OpenCodeReader, AnExportIsReadAsRolesCallsAndResultsNotAsAChatDocument) {
    ReadResult r = read_bytes(kExport, "ses_7a1.json");
    EXPECT_EQ(r.format, "opencode");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "ses_7a1");
    EXPECT_EQ(s.cwd, "/home/u/shop");
    ASSERT_EQ(s.messages.size(), 7u);
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].visible_text(), "run the tests");
    const Message& a = s.messages[1];
    EXPECT_EQ(a.source.model, "claude-sonnet-4-6");
    ASSERT_EQ(a.blocks.size(), 5u);  // reasoning, text, three calls
    EXPECT_EQ(a.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(a.blocks[2].tool_name, "bash");
    EXPECT_EQ(a.blocks[2].arguments, R"({"command":"npm test"})");
    EXPECT_EQ(s.messages[2].id, "msg_2/toolu_1");
    EXPECT_EQ(s.messages[2].blocks[0].text,
              "[exit code: 0]\n3 passing");  // the code OpenCode keeps in metadata
    EXPECT_FALSE(s.messages[2].blocks[0].is_error);
    EXPECT_TRUE(s.messages[3].blocks[0].is_error);  // an error state answers with its error
    EXPECT_EQ(s.messages[3].blocks[0].text, "File not found: /nope");
    const SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.tool_calls, 3);
    EXPECT_EQ(sum.tool_calls_paired, 2);  // the running call never answered
    // An @file's read and the file's text are OpenCode's, apart from the user's words.
    EXPECT_EQ(s.messages[4].visible_text(), "Look at @a.md");
    EXPECT_EQ(s.messages[4].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[5].id, "msg_3/synthetic");
    EXPECT_EQ(s.messages[5].source.kind, SourceKind::kPlugin);
    EXPECT_NE(s.messages[5].visible_text().find("Fridays"), std::string::npos);
    EXPECT_EQ(s.messages[6].source.name, "api-error");
    EXPECT_EQ(s.messages[6].visible_text(), "overloaded");
}

// Session 28: OpenCode's file tools name their file `filePath`; its shell keeps the exit code in
// the state's metadata.
TEST(OpenCodeReader, ItsFileToolsAndExitCodesBecomeClaims) {
    const std::string doc = R"({"info":{"id":"ses_2","directory":"/home/u/bot"},"messages":[
{"info":{"id":"m1","role":"user"},"parts":[{"type":"text","text":"add a health endpoint"}]},
{"info":{"id":"m2","role":"assistant"},"parts":[
 {"type":"tool","callID":"c1","tool":"write","state":{"status":"completed","input":{"filePath":"/home/u/bot/src/health.ts","content":"x"},"output":""}},
 {"type":"tool","callID":"c2","tool":"edit","state":{"status":"completed","input":{"filePath":"/home/u/bot/src/app.ts","oldString":"a","newString":"b"},"output":""}},
 {"type":"tool","callID":"c3","tool":"bash","state":{"status":"completed","input":{"command":"npm test"},"output":"1 failing","metadata":{"exit":1}}}]}]})";
    ReadResult r = read_bytes(doc, "ses_2.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    std::set<std::string> got;
    for (const BranchClaims& b : extract_heuristic(r.sessions, ExtractOptions{}))
        for (const Claim& c : b.claims) got.insert(c.key + " = " + c.value);
    EXPECT_TRUE(got.count("file.src/health.ts = created")) << ::testing::PrintToString(got);
    EXPECT_TRUE(got.count("file.src/app.ts = edited")) << ::testing::PrintToString(got);
    EXPECT_TRUE(got.count("npm.test.exit_code = 1")) << ::testing::PrintToString(got);
}

// A real export's head (tests/data/README.md): the user's request, then the @file read OpenCode
// injected, apart.
TEST(OpenCodeReader, ARealExportsHead) {
    ReadResult r = read_file(testing::fixture("opencode/session-export-head.json"));
    EXPECT_EQ(r.format, "opencode");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "ses_33f549b97ffeHjFajcSEGcH0OJ");
    ASSERT_GE(s.messages.size(), 4u);
    EXPECT_EQ(s.messages[0].source.kind, SourceKind::kUser);
    EXPECT_EQ(s.messages[0].visible_text().find("<content>"),
              std::string::npos);  // no file text in the user's words
    EXPECT_EQ(s.messages[1].source.name, "synthetic");
    EXPECT_EQ(summarize(s).tool_calls_paired, 1);
}

// An OpenAI chat document stays one; a chat document that only holds an `info` member too.
TEST(OpenCodeReader, ChatDocumentsAreNotTakenForExports) {
    EXPECT_EQ(read_bytes(R"({"messages":[{"role":"user","content":"hi"}]})", "c.json").format,
              "openai-chat");
    EXPECT_EQ(
        read_bytes(R"({"info":{"x":1},"messages":[{"role":"user","content":"hi"}]})", "c.json")
            .format,
        "openai-chat");
}

TEST(OpenCodeReader, BadMessagesAndPartsAreReportedAndTheRestRead) {
    const std::string doc = R"({"info":{"id":"ses_b"},"messages":[
{"info":{"id":"m1","role":"user"},"parts":[{"type":"text","text":"hello"},7,{"type":"hologram"}]},
{"parts":[]},
{"info":{"id":"m3","role":"wizard"},"parts":[]},
42,
{"info":{"id":"m5","role":"assistant"},"parts":[{"type":"text","text":"hi"}]}]})";
    ReadResult r = read_bytes(doc, "b.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    EXPECT_EQ(s.messages[1].visible_text(), "hi");
    const std::string all = describe(r);
    EXPECT_GE(r.errors.size(), 4u) << all;  // the part 7, no info, the role, the 42
    EXPECT_NE(all.find("wizard"), std::string::npos) << all;
    EXPECT_NE(all.find("messages[1].info"), std::string::npos) << all;
    EXPECT_NE(all.find("hologram"), std::string::npos) << all;  // an unknown part type is named
}

}  // namespace
}  // namespace bm
