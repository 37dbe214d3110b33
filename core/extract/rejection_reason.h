// The user's own words in a Claude Code tool result that says the user rejected the call and told the agent why.
#pragma once

#include <cstddef>
#include <string_view>

namespace bm {

// Where the user's words start in `result`: after Claude Code's "… To tell you how to proceed, the user said:" or
// plan mode's "… The user provided the following reason for the rejection:" or mini-swe-agent's "Command not executed.
// The user rejected your command with the following message:", past the blanks after the colon.
// npos when `result` holds neither, or nothing follows, or more than 4,000 bytes follow (not a typed reason).
size_t user_rejection_reason(std::string_view result);

// Whether `result` says the call was refused before it ran: Claude Code's notice that the user refused it ("The user
// doesn't want to proceed with this tool use."), mini-swe-agent's ("Command not executed. The user rejected your
// command …"), a like notice of Gemini CLI, Qwen Code, Antigravity or VS Code Copilot Chat ("The user cancelled the
// tool call."), or Codex's approval policy refusing to start the process, no user involved ("exec_command failed:
// CreateProcess { message: \"Rejected(…"; session 40). The call never ran, so it has no exit status and no failure of
// its own (session 21).
bool call_refused(std::string_view result);

// Whether `result` is Google Antigravity's answer to a call it could not parse ("Error invalid tool call: there was a
// problem parsing the tool call …"): the call never ran, so a command has no exit status (session 36). A write so
// answered stays "not written" (action.write_failed).
bool call_unparsed(std::string_view result);

}  // namespace bm
