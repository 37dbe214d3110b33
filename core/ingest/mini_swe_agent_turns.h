// mini-swe-agent's text-action trajectories (`*.traj.json`, trajectory_format "mini-swe-agent-1"): the model writes
// its one shell command as a fenced block in its reply and the harness answers in a user-role turn
// ("<returncode>0</returncode>\n<output>…</output>"); those pairs are read as the tool calls and results they are.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "model/message.h"

namespace bm {

// Whether `text` is one of mini-swe-agent's answers to an action, sent in a user-role turn: an observation
// ("<returncode>N</returncode>…"), a timeout notice ("The last command <command>…</command> timed out …") or the
// user's rejection in confirm mode ("Command not executed. The user rejected your command with the following
// message: …").
bool mini_swe_agent_answer(std::string_view text);

// The code an observation opens with ("<returncode>1</returncode>", "-1" too, after blanks; blanks and line breaks
// around the number, and a leading "<args>…</args>" block, as an early build wrote them) and, in [begin, end), where
// "<returncode>N" stands in `text`; nullopt when it opens otherwise. The extraction rules read exit codes through it.
std::optional<int> opening_return_code(std::string_view text, size_t& begin, size_t& end);

// Rewrites `messages` read from a chat-completions array, when at least one assistant turn holding exactly one
// ```bash / ```sh / ```mswea_bash_command block is followed by a user-role turn (or a tool-role turn whose result
// names no call) that is mini_swe_agent_answer():
// - each such assistant turn gains a `bash` tool call (id "mini-<seq>", arguments {"command": <the block>}; its text
//   is kept as written), a `submit` call when the block runs the submit command;
// - the answer that follows becomes the tool's message: a result for that call holding the turn's text verbatim, an
//   error when the return code is not 0, the command timed out or the user rejected it; after the submit command
//   (`echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`), the user-role turn that follows is that command's output (the
//   run's submission, version 1's last turn), not the user's;
// - a format-error reply ("Please always provide EXACTLY ONE action in triple backticks, …") is the harness's
//   (source plugin "format-error"), not the user's.
// Any other turn is left as it is. Returns whether the session was read as mini-swe-agent's.
bool read_mini_swe_agent_turns(std::vector<Message>& messages);

}  // namespace bm
