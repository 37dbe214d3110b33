// Reads every stored session of a workspace back as engine Sessions (messages, branches, lineage).
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "model/session.h"
#include "store/workspace.h"

namespace bm {

struct WorkspaceSessions {
    std::vector<Session> sessions;      // in the workspace's session order
    std::vector<StoredSession> stored;  // same order
};

// Sessions of the workspace at `path`, with their branches (stored at import). Stops early, with
// what it has, when `cancel` is set.
Result<WorkspaceSessions> read_workspace_sessions(const std::string& path, const std::atomic_bool& cancel);

}  // namespace bm
