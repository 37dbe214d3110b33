// Harbor's ATIF trajectories (session 28): steps by source, tool calls answered by observation
// results, bad steps.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "ingest/ingest.h"
#include "ingest/terminal_screen.h"

namespace bm {
namespace {

using testing::describe;

const std::string kTrajectory = R"({
 "schema_version": "ATIF-v1.4",
 "session_id": "025B810F-B3A2-4C67-93C0-FE7A142A947A",
 "agent": {"name": "terminus-2", "version": "2.0.0", "model_name": "claude-sonnet-4-6"},
 "steps": [
  {"step_id": 1, "source": "system", "message": "You are a careful agent."},
  {"step_id": 2, "timestamp": "2025-10-11T10:30:00Z", "source": "user", "message": "Fix the failing build."},
  {"step_id": 3, "source": "agent", "message": "Running the build.", "reasoning_content": "make first",
   "tool_calls": [{"tool_call_id": "c1", "function_name": "bash", "arguments": {"command": "make"}},
                  {"tool_call_id": "c2", "function_name": "bash", "arguments": {"command": "make test"}}],
   "observation": {"results": [{"source_call_id": "c1", "content": "ok"}, {"source_call_id": "c2", "content": "2 failed"},
                               {"content": "Note: the terminal was reset."}]}},
  {"step_id": 4, "source": "agent", "model_name": "claude-opus-4-1", "message": [{"type": "text", "text": "Two tests fail."}]}
 ]
})";

TEST(AtifReader, ATrajectoryIsReadAsStepsCallsAndResults) {
    ReadResult r = read_bytes(kTrajectory, "trajectory.json");
    EXPECT_EQ(r.format, "atif");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    EXPECT_EQ(s.id_form, "025B810F-B3A2-4C67-93C0-FE7A142A947A");
    ASSERT_EQ(s.messages.size(), 7u);
    EXPECT_EQ(s.messages[0].role, Role::kSystem);
    EXPECT_EQ(s.messages[1].role, Role::kUser);
    EXPECT_EQ(s.messages[1].visible_text(), "Fix the failing build.");
    const Message& a = s.messages[2];
    EXPECT_EQ(a.source.model, "claude-sonnet-4-6");  // the agent's model, as the step names none
    ASSERT_EQ(a.blocks.size(), 4u);                  // reasoning, text, two calls
    EXPECT_EQ(a.blocks[0].kind, BlockKind::kReasoning);
    EXPECT_EQ(a.blocks[2].arguments, R"({"command":"make"})");
    EXPECT_EQ(s.messages[3].source.call_id, "c1");
    EXPECT_EQ(s.messages[4].blocks[0].text, "2 failed");
    EXPECT_EQ(s.messages[5].source.kind,
              SourceKind::kPlugin);  // feedback of no call: the environment's
    EXPECT_EQ(s.messages[6].visible_text(), "Two tests fail.");  // content parts (ATIF 1.6)
    EXPECT_EQ(s.messages[6].source.model, "claude-opus-4-1");
    EXPECT_EQ(summarize(s).tool_calls_paired, 2);
    EXPECT_EQ(detect_format(kTrajectory), SessionFormat::kOpenAiChat);
    // One line holds the whole document: the same.
    std::string one_line;
    for (char c : kTrajectory) one_line += c == '\n' ? ' ' : c;
    EXPECT_EQ(read_bytes(one_line, "t.json").format, "atif");
}

// A real Terminus 2 run's head (tests/data/README.md): the prompt's task is the user's, its
// instructions and the terminal screen the harness's; a batch's one terminal screen is cut into each
// typed command's output (session 29), what is left of it the environment's.
TEST(AtifReader, ARealTerminusRunsHead) {
    ReadResult r = read_file(testing::fixture("atif/trajectory-head.json"));
    EXPECT_EQ(r.format, "atif");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty() && r.warnings.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_GE(s.messages.size(), 3u);
    EXPECT_EQ(s.messages[0].source.name, "template");
    EXPECT_NE(s.messages[0].visible_text().find("Format your response as JSON"), std::string::npos);
    EXPECT_EQ(s.messages[1].source.kind, SourceKind::kUser);
    EXPECT_EQ(
        s.messages[1].visible_text().rfind("You have a collection of mixed document files", 0), 0u);
    EXPECT_EQ(s.messages[1].visible_text().find("Current terminal state"), std::string::npos);
    const SessionSummary sum = summarize(s);
    EXPECT_EQ(sum.tool_calls, 6);
    EXPECT_EQ(sum.tool_calls_paired, 6);  // session 28: 1, step 4's lone call
    // `ls -la /app/documents/` is answered by its listing alone, `which …` by its one line.
    const Message* ls = nullptr;
    const Message* which = nullptr;
    for (const Message& m : s.messages)
        if (m.source.call_id == "call_0_1") ls = &m;
        else if (m.source.call_id == "call_0_2") which = &m;
    ASSERT_TRUE(ls && which);
    EXPECT_EQ(ls->blocks[0].text.rfind("total 3948\n", 0), 0u);
    EXPECT_EQ(ls->blocks[0].text.find("root@"), std::string::npos);
    EXPECT_EQ(which->blocks[0].text, "/usr/bin/python3");
    // The harness's warnings and the prompt lines stay, as the environment's feedback.
    bool feedback = false;
    for (const Message& m : s.messages)
        feedback |= m.source.name == "observation" && !m.blocks.empty() &&
                    m.blocks[0].text.rfind("Previous response had warnings:", 0) == 0 &&
                    m.blocks[0].text.find("# which pdftotext tesseract python3 pip3") != std::string::npos;
    EXPECT_TRUE(feedback);
}

// The screen cut (ingest/terminal_screen.h): each echoed command's lines up to the next prompt; a
// command the screen does not echo gets none; no line is lost.
TEST(TerminalScreen, EachEchoedCommandGetsItsOwnLinesAndNoLineIsLost) {
    EXPECT_EQ(submitted_line("ls -la\n"), "ls -la");
    EXPECT_EQ(submitted_line("C-c"), "");
    EXPECT_EQ(submitted_line("q"), "");
    EXPECT_EQ(submitted_line("cat <<EOF\nx\nEOF\n"), "");
    const std::string screen =
        "New Terminal Output:\n"
        "root@h:/app# make\n"
        "cc -o app app.c\n"
        "root@h:/app# cd src\n"
        "root@h:/app/src# ls\n"
        "a.c  b.c\n"
        "root@h:/app/src# ";
    const SplitScreen split = split_terminal_screen(screen, {"make", "vim x", "cd src", "", "ls"});
    ASSERT_EQ(split.answers.size(), 3u);
    EXPECT_EQ(split.answers[0].command, 0u);
    EXPECT_EQ(split.answers[0].output, "cc -o app app.c");
    EXPECT_EQ(split.answers[1].command, 2u);
    EXPECT_EQ(split.answers[1].output, "");  // cd printed nothing
    EXPECT_EQ(split.answers[2].command, 4u);
    EXPECT_EQ(split.answers[2].output, "a.c  b.c");
    EXPECT_EQ(split.rest,
              "New Terminal Output:\nroot@h:/app# make\nroot@h:/app# cd src\nroot@h:/app/src# ls\nroot@h:/app/src# ");
    // A screen that still shows an earlier run: the batch's command is answered by its own, the last, run.
    const SplitScreen rerun = split_terminal_screen(
        "root@h:/app# python3 solve.py\nTraceback: NameError\nroot@h:/app# sed -i s/x/y/ solve.py\n"
        "root@h:/app# python3 solve.py\nanswer = 42\nroot@h:/app# ",
        {"python3 solve.py"});
    ASSERT_EQ(rerun.answers.size(), 1u);
    EXPECT_EQ(rerun.answers[0].output, "answer = 42");
    // A prompt that changes (an activated venv) still ends the output before it.
    const SplitScreen venv = split_terminal_screen(
        "root@h:/app# source .venv/bin/activate\n(.venv) root@h:/app# pip install -q numpy\n"
        "(.venv) root@h:/app# python -c 'import numpy'\n(.venv) root@h:/app# ",
        {"source .venv/bin/activate", "pip install -q numpy", "python -c 'import numpy'"});
    ASSERT_EQ(venv.answers.size(), 3u);
    EXPECT_EQ(venv.answers[0].output, "");
    EXPECT_EQ(venv.answers[1].command, 1u);
    // A screen that echoes none: every line is the rest.
    const SplitScreen none = split_terminal_screen("Current Terminal Screen:\n$ ", {"ls"});
    EXPECT_TRUE(none.answers.empty());
    EXPECT_EQ(none.rest, "Current Terminal Screen:\n$ ");
}

TEST(AtifReader, BadStepsAreReportedAndTheRestRead) {
    const std::string doc =
        R"({"schema_version": "ATIF-v1.2", "session_id": "s", "agent": {"name": "x", "version": "1"},
 "steps": [7, {"step_id": 2, "source": "robot", "message": "hi"},
  {"step_id": 3, "source": "agent", "message": {"oops": 1}, "tool_calls": [5, {"tool_call_id": "c", "function_name": "bash", "arguments": {}}]},
  {"step_id": 4, "source": "user", "message": "thanks"}]})";
    ReadResult r = read_bytes(doc, "t.json");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 2u);
    EXPECT_EQ(s.messages[1].visible_text(), "thanks");
    const std::string all = describe(r);
    EXPECT_GE(r.errors.size(), 4u) << all;  // the step 7, the source, the message, the call 5
    EXPECT_NE(all.find("robot"), std::string::npos) << all;
    EXPECT_NE(all.find("steps[2].message"), std::string::npos) << all;
}

}  // namespace
}  // namespace bm
