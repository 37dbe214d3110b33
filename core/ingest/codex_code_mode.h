// Codex code mode (CLI 0.14x+): shell commands run inside `exec` JavaScript cells, their output arriving on the cell's
// result or on a later `wait` call; rewritten as the plain command calls the rest of the pipeline reads.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/session.h"

namespace bm {

// A message's block when it is its only one and of `kind` (a Codex call or result item); null otherwise.
ContentBlock* sole_block(Message& m, BlockKind kind);

// The `tools.<name>({...})` call of an `exec` cell's script when the script is only that shell command (exec_command,
// shell_command, shell) and prints its result as it is: "[const r = ]await tools.exec_command({...});" then nothing,
// `text(r)`, `text(r.output)`, `text(JSON.stringify(r))` or `console.log(…)` of the same. Sets `name` and the JSON
// object argument as written. False for any other script (another tool, two calls, a loop, an output filtered or
// tested, a JavaScript object that is no JSON once its bare keys are quoted). "text(await tools.exec_command({...}));"
// is the call printed whole (of a shell tool, or of write_stdin, which polls a running command: codex_stdin_polls.h).
bool code_mode_shell_call(std::string_view script, std::string& name, std::string& arguments);

// The patch of an `exec` cell that only applies one: `const P = "<patch>"; text(await tools.apply_patch(P));`, the
// string passed directly, printed with console.log or not printed at all (session 28: such a cell's script was read
// as a shell command, `const.patch`). Sets `patch` to the patch text, as Codex's own apply_patch call carries it.
bool code_mode_patch_call(std::string_view script, std::string& patch);

// One call of a cell that runs several: the tool's name and its object argument as JSON.
struct CodeModeCall {
    std::string name;
    std::string arguments;
};

// The calls of an `exec` cell whose script is two or more statements that each print one shell call's whole result
// ("text(await tools.exec_command({cmd:\"a\"}));\ntext(await tools.exec_command({cmd:\"b\"}));"; exec_command,
// shell_command, shell or write_stdin). False for any other script.
bool code_mode_shell_calls(std::string_view script, std::vector<CodeModeCall>& calls);

// A cell's result text: "Script completed|failed\nWall time …\nOutput:\n<printed>". Sets `printed` and `failed`;
// false for any other text (a running cell, a plain output).
bool code_mode_finished(std::string_view text, std::string& printed, bool& failed);

// Rewrites a Codex session's code-mode cells (docs/formats.md, "Codex code mode"):
//  - an `exec` call whose script runs one shell command becomes that command's call (`exec_command` and its
//    arguments), keeping its call id;
//  - a cell that prints several calls' results one after another becomes those calls, ids "<cell id>#1", "#2", …,
//    each with its printed result, when its output holds exactly one JSON object per call (else it stays as it was);
//  - a cell still running ("Script running with cell ID N") has no result yet: that notice is dropped, and the
//    `wait` call on cell N that returns the finished cell gives the exec call its result (the wait call and its
//    still-running answers are dropped);
//  - a finished cell's header is cut from its result; "Script failed" is a failed call. A printed
//    {"exit_code": N, "output": "…"} object becomes the output and an "[exit code: N]" line.
// Anything else is left as it was. A rewritten result's text goes through `redact` (the reader's secret redaction).
void resolve_code_mode_cells(Session& session, const std::function<std::string(const std::string&)>& redact);

}  // namespace bm
