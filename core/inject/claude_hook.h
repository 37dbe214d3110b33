// Claude Code's hook protocol as BeliefMerge uses it: the event JSON a command hook reads on stdin
// ({session_id, transcript_path, cwd, hook_event_name, source, ...}) and the JSON a SessionStart
// hook prints to add context ({"hookSpecificOutput": {"hookEventName": "SessionStart",
// "additionalContext":
// ...}, "systemMessage": ...}; code.claude.com/docs/en/hooks). Thread-safety: pure functions.
#pragma once

#include <string>

#include "inject/injection.h"
#include "util/result.h"

namespace bm {

struct ClaudeHookEvent {
    std::string session_id;
    std::string transcript_path;
    std::string cwd;
    std::string hook_event_name;  // "SessionStart", "UserPromptSubmit", ...
    std::string source;           // SessionStart: startup | resume | clear | compact
};

// Parses the event; errors name the field (`where` names the input, e.g. "stdin"). cwd and
// hook_event_name are required; the others may be absent.
Result<ClaudeHookEvent> parse_claude_hook_event(const std::string& text, const std::string& where);

// The hook's stdout for `injection`: the block as additionalContext when there is one, and the
// notice as systemMessage (shown to the user, not the model). One line of JSON.
std::string claude_session_start_output(const Injection& injection);

}  // namespace bm
