// Harness environment facts (Session::environment) in the workspace: write on import, read back.
#pragma once

#include <string>
#include <vector>

#include "model/session.h"
#include "store/sqlite_db.h"

namespace bm {

// Appends `facts` for the stored session `key`, in order (idx 0..n-1). Runs inside the caller's
// transaction; the session row must already exist.
Status store_environment_facts(Db& db, const std::string& key, const std::vector<EnvironmentFact>& facts);

// The facts stored for `key`, in record order; empty for a session stored before schema 4 (its log
// has to be imported again to get them) or an unknown key.
Result<std::vector<EnvironmentFact>> load_environment_facts(Db& db, const std::string& key);

// Whether any fact is stored for `key`.
Result<bool> has_environment_facts(Db& db, const std::string& key);

}  // namespace bm
