// Codex's long-running commands: exec_command answers "Process running with session ID N" and later `write_stdin`
// calls on session N poll it; a poll is read as the command it polls, so its exit code and last output are that
// command's.
#pragma once

#include "model/session.h"

namespace bm {

// Rewrites each `write_stdin` call that only polls (no `chars`, or "") a session an earlier exec_command call left
// running as that exec_command call (its tool name and arguments; the poll's call id and result kept), so the
// command's outcome, when a poll reports it, is read as the command's. A poll of an unknown session, one that types
// input, and every call after the session's exit was reported are left as they are. Codex sessions only.
void resolve_stdin_polls(Session& session);

}  // namespace bm
