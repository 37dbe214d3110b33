// Workspace schema versions and their migrations (PRAGMA user_version).
#pragma once

#include "store/sqlite_db.h"

namespace bm {

// The schema version this build writes.
inline constexpr int64_t kWorkspaceSchemaVersion = 3;

// Brings `db` to kWorkspaceSchemaVersion inside one transaction per step. Refuses (VersionTooNew)
// a workspace written by a newer BeliefMerge, touching nothing.
Status migrate_workspace(Db& db);

}  // namespace bm
