// `codex exec` plain-text output (session 38): the settings, the user's prompt, the agent's messages, reasoning and
// plan, each command answered by its exit code and output, a patch's files, the harness's errors.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/test_support.h"
#include "ingest/codex_exec_text_reader.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;

std::string sample() {  // the fuzz seed, written after codex-rs exec's human output
    std::ifstream in(std::string(DATA_DIR) + "/../fuzz/corpus/text/codex-exec-output.log");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(CodexExecTextReader, TheOutputIsReadAsACodexSession) {
    const std::string text = sample();
    ASSERT_FALSE(text.empty());
    EXPECT_TRUE(is_codex_exec_text(text));
    EXPECT_EQ(detect_format(text), SessionFormat::kCodex);
    ReadResult r = read_bytes(text, "codex.log");
    EXPECT_EQ(r.format, "codex-exec-text");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id_form, "0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000");
    EXPECT_EQ(s.cwd, "/w/app");
    std::vector<std::string> seen;
    for (const Message& m : s.messages) {
        std::string what = std::string(role_name(m.role)) + ":";
        for (const ContentBlock& b : m.blocks)
            what += b.kind == BlockKind::kToolCall ? " call " + b.tool_name + " " + b.arguments
                    : b.kind == BlockKind::kToolResult ? " result" + std::string(b.is_error ? "!" : "") + " " + b.text
                    : b.kind == BlockKind::kReasoning ? " reasoning " + b.text
                                                       : " " + b.text;
        seen.push_back(what);
    }
    const std::vector<std::string> expected = {
        "user: Fix the failing test in tests/test_a.py.\nDo not touch the CI config.",
        "assistant: reasoning Run the tests first.",
        "assistant: I'll run the tests, then fix what fails.",
        R"(assistant: call update_plan {"plan":[{"status":"in_progress","step":"Run the test suite"},)"
        R"({"status":"pending","step":"Fix the failing assertion"}]})",
        "tool: result ",
        R"(assistant: call exec_command {"cmd":"/bin/bash -lc 'pytest -q'"})",
        "tool: result! F.\n1 failed, 1 passed\n[exit code: 1]",
        R"(assistant: call file_change {"changes":[{"kind":"update","path":"/w/app/src/a.py"}]})",
        "tool: result ",
        "system: stream disconnected before completion",
        R"(assistant: call exec_command {"cmd":"/bin/bash -lc 'pytest -q'"})",
        "tool: result ..\n2 passed\n[exit code: 0]",
        "assistant: Both tests pass now.",
    };
    EXPECT_EQ(seen, expected);
    EXPECT_EQ(summarize(s).tool_calls_paired, 4);
}

// A command over several lines (a heredoc), an "ERROR: …" line in its output, a rename and an added file's content
// line that looks like a header, colour codes, and an older version's timestamp before each line.
TEST(CodexExecTextReader, VariantsOfTheOutputAreRead) {
    const std::string text =
        "[2025-06-01T10:00:00] OpenAI Codex v0.9.0 (research preview)\n"
        "[2025-06-01T10:00:00] --------\n"
        "[2025-06-01T10:00:00] \x1b[1mworkdir:\x1b[0m /w\n"
        "[2025-06-01T10:00:00] --------\n"
        "[2025-06-01T10:00:01] \x1b[36muser\x1b[0m\n"
        "set up the tool\n"
        "[2025-06-01T10:00:02] exec\n"
        "python - <<'PY'\n"
        "print(1)\n"
        "PY in /w\n"
        "[2025-06-01T10:00:03]  exited 1 in 40ms:\n"
        "ERROR: pip failed\n"
        "[2025-06-01T10:00:04] file update\n"
        "R /w/old.txt -> /w/new.txt\n"
        "A /w/notes.md\n"
        "A quick note\n"
        "[2025-06-01T10:00:05] apply_patch(auto_approved=true) exited 0 in 3ms:\n"
        "[2025-06-01T10:00:06] codex\n"
        "Done.\n"
        "[2025-06-01T10:00:07] ERROR: stream disconnected\n";
    EXPECT_TRUE(is_codex_exec_text(text));
    ReadResult r = read_bytes(text, "old.log");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.cwd, "/w");
    ASSERT_EQ(s.messages.size(), 7u) << describe(r);
    EXPECT_EQ(s.messages[0].visible_text(), "set up the tool");
    EXPECT_EQ(s.messages[1].blocks[0].arguments, R"({"cmd":"python - <<'PY'\nprint(1)\nPY"})");
    EXPECT_EQ(s.messages[2].blocks[0].text, "ERROR: pip failed\n[exit code: 1]");
    EXPECT_EQ(s.messages[3].blocks[0].arguments,
              R"({"changes":[{"kind":"update","path":"/w/old.txt"},{"kind":"add","path":"/w/notes.md"}]})");
    EXPECT_EQ(s.messages[5].visible_text(), "Done.");
    EXPECT_EQ(s.messages[6].source.name, "error");
    EXPECT_EQ(s.messages[6].visible_text(), "stream disconnected");
}

TEST(CodexExecTextReader, OtherTextIsNotIt) {
    EXPECT_FALSE(is_codex_exec_text("OpenAI Codex v0.1\nuser\nhi\n"));  // no settings rule
    EXPECT_FALSE(is_codex_exec_text("# notes\nOpenAI Codex v0.1\n--------\n"));
    // A command that never ended is a call without an answer, with a warning.
    ReadResult r = read_bytes("OpenAI Codex v0.2\n--------\nworkdir: /w\n--------\nexec\nmake in /w\n", "c.log");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    ASSERT_EQ(r.sessions[0].messages.size(), 1u) << describe(r);
    const Message& call = r.sessions[0].messages[0];
    ASSERT_EQ(call.blocks.size(), 1u) << describe(r);
    EXPECT_EQ(call.blocks[0].kind, BlockKind::kToolCall);
    EXPECT_EQ(call.blocks[0].tool_name, "exec_command");
    EXPECT_EQ(call.blocks[0].arguments, R"({"cmd":"make"})");
    EXPECT_NE(describe(r).find("never came"), std::string::npos) << describe(r);
    // A settings block that never closes is an error: nothing after it is read.
    ReadResult open = read_bytes("OpenAI Codex v0.2\n--------\nworkdir: /w\nuser\nhello\n", "d.log");
    EXPECT_NE(describe(open).find("never closed"), std::string::npos) << describe(open);
}

}  // namespace
}  // namespace bm
