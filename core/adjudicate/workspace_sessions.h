// Sessions of a workspace with their branches, as the extractors take them (for `adjudicate` and
// `decide`, which work on what was imported rather than on log files).
#pragma once

#include <string>
#include <vector>

#include "model/session.h"
#include "util/result.h"

namespace bm {

// Every stored session as Workspace::session gives it (lineage, messages, branches, checkpoints,
// harness environment facts), ordered by workspace key. An empty workspace gives an empty list.
// Errors name the workspace file.
Result<std::vector<Session>> load_workspace_sessions(const std::string& workspace_path);

}  // namespace bm
