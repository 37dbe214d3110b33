// Every stored session of a workspace read back as engine Sessions, the one way every front end
// (CLI, studio, MCP server) reads a workspace. Thread-safety: plain functions; each call opens its
// own connection.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "model/session.h"
#include "store/workspace.h"
#include "util/result.h"

namespace bm {

struct WorkspaceSessions {
    std::vector<Session> sessions;      // as Workspace::session gives them, in workspace key order
    std::vector<StoredSession> stored;  // the workspace rows, same order
    bool cancelled = false;             // `cancel` was set: the lists hold what was read before
};

// Sessions of the workspace at `path` with lineage, messages, branches, checkpoints and harness
// facts; a session stored without branch records gets one linear branch (as a reader gives it).
// An empty workspace gives empty lists. Errors name the workspace file.
// REQUIRES: `cancel` is null or outlives the call; it is polled between sessions.
Result<WorkspaceSessions> read_workspace_sessions(const std::string& path, const std::atomic_bool* cancel = nullptr);

// The sessions of one project: those whose working directory (Session::cwd, as the log records it)
// is `project`, in workspace key order.
Result<WorkspaceSessions> read_project_sessions(const std::string& path, const std::string& project);

// The same, sessions only, never cancelled.
Result<std::vector<Session>> load_workspace_sessions(const std::string& path);

}  // namespace bm
