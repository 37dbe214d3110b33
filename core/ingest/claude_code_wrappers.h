// What Claude Code writes as a user line but the user did not type as prose: `!` shell commands
// (<bash-input>, <bash-stdout>/<bash-stderr>), slash commands (<command-name>/<command-args>) and
// their local output (<local-command-stdout>). The reader turns them into structure. Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "model/message.h"
#include "model/session.h"

namespace bm {

struct ClaudeUserWrapper {
    // kShellWithOutput: input and output in one line (not Claude Code's own shape; other tools write it).
    enum class Kind { kNone, kShellInput, kShellOutput, kShellWithOutput, kCommand, kLocalOutput };
    Kind kind = Kind::kNone;
    std::string command;  // kShellInput: the command the user typed after "!"
    std::string output;   // kShellOutput: stdout, then stderr when it is not empty
    std::string name;     // kCommand: "/model", "/spec"
    std::string args;     // kCommand: what the user typed after the command's name (trimmed)
};

// The wrapper a user line's whole text is, or kNone (prose that merely mentions a tag is kNone).
ClaudeUserWrapper read_claude_user_wrapper(std::string_view text);

// Claude Code's compaction summary (isCompactSummary in its log; known by its opening words in Entire's compact copy):
// the harness's message (source `compact`), its text kept as a `compact-summary` checkpoint of `session`.
void mark_compact_summary(Message& m, Session& session);

// Claude Code's own commands whose arguments set the harness (`/model opus`, `/add-dir ../lib`,
// `/compact keep the plan`), not a request to the agent.
bool claude_builtin_command(std::string_view name);

// A user line that is one of the wrappers becomes structure (its comment in claude_code_wrappers.cpp); shared by the
// Claude Code reader and Entire's compact transcript of a Claude Code session. `pending_shell`: the `!` command
// awaiting its output line.
void apply_claude_user_wrapper(Message& m, std::string& pending_shell);

}  // namespace bm
