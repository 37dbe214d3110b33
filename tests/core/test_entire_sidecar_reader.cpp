// Entire's hook-event sidecars (session 32): a real Grok CLI window read as prompt, calls, results and the turn's
// reply; byte-array outputs, exit codes, a result whose call was cut, failures, and lines that hold no conversation.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;
using testing::fixture;

TEST(EntireSidecar, ARealGrokWindowReadsAsItsTurn) {
    ReadResult r = testing::read_one_log("entire/grok-sidecar-doraval.jsonl", "entire-sidecar", true);
    ASSERT_EQ(r.sessions.size(), 1u);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id, "01a06d82-ffc6-77c2-a711-b2df66f18952");
    EXPECT_EQ(s.cwd, "/Users/saif/Experiments/doraval");
    ASSERT_EQ(s.messages.size(), 8u);
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(s.messages[0].visible_text().rfind("can you updat ethe skilsl", 0), 0u);
    // read_file: its raw output; grep: its stdout bytes decoded; the shell: its exit code before its output.
    EXPECT_EQ(s.messages[2].blocks[0].text.rfind("Turn 0 ", 0), 0u) << s.messages[2].blocks[0].text;
    EXPECT_NE(s.messages[4].blocks[0].text.find("harness.ts"), std::string::npos) << s.messages[4].blocks[0].text;
    EXPECT_EQ(s.messages[6].blocks[0].text.rfind("[exit code: 0]\n", 0), 0u) << s.messages[6].blocks[0].text;
    EXPECT_FALSE(s.messages[6].blocks[0].is_error);
    EXPECT_EQ(s.messages[7].role, Role::kAssistant);
    EXPECT_EQ(s.messages[7].visible_text().rfind("Committed as `19b682f`", 0), 0u);
    std::string keys;
    for (const auto& bc : extract_heuristic(r.sessions, {}))
        for (const Claim& c : bc.claims) keys += c.key + " = " + c.value + "\n";
    EXPECT_NE(keys.find("git.commit.19b682f = "), std::string::npos) << keys;
}

TEST(EntireSidecar, CutCallsFailuresAndEventsWithoutConversation) {
    const std::string head = R"({"v":1,"agent":"grok","session_id":"s9","ts":"t","cwd":"/w",)";
    const std::string log =
        head + R"("event":"UserPromptSubmit","prompt":"<user_query>\nrun the tests\n</user_query>"})" + "\n" +
        head + R"("event":"PostToolUse","tool_name":"run_terminal_command","tool_use_id":"c1","tool_input":{"command":"npm test"},"tool_response":{"type":"Bash","output":[111,107],"exit_code":1,"timed_out":false,"signal":null}})" + "\n" +
        head + R"("event":"PostToolUseFailure","tool_name":"read_file","tool_use_id":"c2","tool_input":{"target_file":"x"},"error":"denied","error_details":"by policy"})" + "\n" +
        head + R"("event":"PreCompact"})" + "\n" +
        head + R"("event":"Rewound"})" + "\n" +
        head + R"("event":"Stop","reason":"end_turn","last_assistant_message":"One test fails."})" + "\n" +
        head + R"("event":"Stop","reason":"shutdown","last_assistant_message":"One test fails."})" + "\n";
    ReadResult r = read_bytes(log, "full.jsonl");
    EXPECT_EQ(r.format, "entire-sidecar");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_NE(describe(r).find("Rewound"), std::string::npos) << describe(r);  // an unknown event is named
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 6u);
    EXPECT_EQ(s.messages[0].visible_text(), "run the tests");
    EXPECT_EQ(s.messages[1].blocks[0].kind, BlockKind::kToolCall);  // the call, rebuilt from its result
    EXPECT_EQ(s.messages[2].blocks[0].text, "[exit code: 1]\nok");
    EXPECT_TRUE(s.messages[2].blocks[0].is_error);
    EXPECT_EQ(s.messages[4].blocks[0].text, "denied by policy");
    EXPECT_TRUE(s.messages[4].blocks[0].is_error);
    EXPECT_EQ(s.messages[5].visible_text(), "One test fails.");  // once: the shutdown Stop repeats it
    EXPECT_EQ(detect_format(log), SessionFormat::kOpenAiChat);
    // Entire's compact transcript has a `type` and is not a sidecar.
    EXPECT_NE(read_bytes(R"({"v":1,"agent":"claude-code","cli_version":"0.5.1","type":"user","ts":"t","content":[{"text":"hi"}]})" "\n",
                         "transcript.jsonl")
                  .format,
              "entire-sidecar");
}

}  // namespace
}  // namespace bm
