// PatchLog: the append-only Patch log of a brain in the workspace's `meld_patches` table, with
// replay (SPEC §13.1, §15).
//
// append() stores the signed Patch's canonical JSON; the table's triggers refuse UPDATE and
// DELETE. load() verifies every stored Patch and reports a tampered row as corruption, naming it.
// Thread-safety: one PatchLog per thread (it owns a SQLite connection).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "meld/brain.h"
#include "meld/brain_audit.h"
#include "meld/patch.h"
#include "store/sqlite_db.h"

namespace bm::meld {

class PatchLog {
public:
    // Opens (creating and migrating) the workspace file.
    static Result<std::unique_ptr<PatchLog>> open(const std::string& workspace_path);

    // Appends one sealed Patch (committed with the workspace's full fsync).
    Status append(const Patch& patch);
    // Every Patch of `brain` in log order; a row that does not verify is an error naming its seq.
    Result<std::vector<Patch>> load(const std::string& brain, const KeyDirectory& directory);
    // Every row of `brain` in log order, each verified on its own: a row that does not verify is
    // reported with the reason, not an error (the error is a failed read).
    Result<std::vector<PatchAudit>> audit(const std::string& brain, const KeyDirectory& directory);

    Db& db() { return *m_db; }

private:
    explicit PatchLog(std::unique_ptr<Db> db) : m_db(std::move(db)) {}
    std::unique_ptr<Db> m_db;
};

// Rebuilds a brain's state by applying its logged Patches in order (the recorded decisions).
Status restore(Brain& brain, const std::vector<Patch>& patches);

// One entry of a re-adjudicating replay: the recorded decision against the one the replaying brain
// makes now on the same incoming delta.
struct ReplayStep {
    std::string patch_id;
    Decision recorded = Decision::kInsert;
    Decision replayed = Decision::kInsert;
    std::string recorded_target, replayed_target;
};
// Re-runs the procedure on every logged Patch's incoming delta against `brain`'s own state.
std::vector<ReplayStep> replay(Brain& brain, const std::vector<Patch>& patches);

}  // namespace bm::meld
