// Workspace schema versions and their migrations (PRAGMA user_version).
#pragma once

#include "store/sqlite_db.h"

namespace bm {

// The schema version this build writes.
inline constexpr int64_t kWorkspaceSchemaVersion = 6;

// Brings `db` to kWorkspaceSchemaVersion inside one transaction per step. Refuses (VersionTooNew)
// a workspace written by a newer BeliefMerge, touching nothing.
Status migrate_workspace(Db& db);

// Opens the workspace database at `path` for any of its stores (sessions, decisions, model-call
// records, the Patch log): Db::open's settings, migrated to kWorkspaceSchemaVersion; a newer
// workspace is refused untouched.
Result<std::unique_ptr<Db>> open_workspace_db(const std::string& path);

}  // namespace bm
