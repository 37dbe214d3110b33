// A terminal screen after a batch of typed commands (Terminus's `bash_command` keystrokes in a
// Harbor ATIF trajectory: one screen answers the whole batch) cut into each command's own output.
//
// A command's output is the lines after the prompt line that echoes it ("root@host:/app# ls -la")
// up to the next prompt line, whatever its prompt (a venv, `su` or ssh changes it). The batch is
// matched from the bottom of the screen up, so a screen that still shows an earlier run of the same
// command answers the batch's own run. A command whose echo the screen does not hold (a wrapped
// long line, keystrokes sent to a program) gets none. Nothing is dropped: every line no output took
// (the echoes, the prompts, a harness's preamble) is kept, in order, in `rest`. Thread-safety: pure
// function.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bm {

struct ScreenAnswer {
    size_t command = 0;  // index into the commands asked for
    std::string output;  // the command's lines, '\n'-joined; may be empty (it printed nothing)
};

struct SplitScreen {
    std::vector<ScreenAnswer> answers;  // in screen order
    std::string rest;                   // the lines no answer took
};

// The submitted command line of Terminus keystrokes ("ls -la\n": "ls -la"); empty for keystrokes
// that submit no single line (control keys "C-c", text typed into a program, several lines).
std::string submitted_line(std::string_view keystrokes);

// `commands[i]` empty: not a command (no answer sought).
SplitScreen split_terminal_screen(std::string_view screen,
                                  const std::vector<std::string>& commands);

}  // namespace bm
