// BrainDir: a brain on disk — DIR/brain.json (id, key directory, thresholds) and the workspace
// DIR/workspace.bmws holding its append-only Patch log; the state is restored from the log.
//
// brain.json: {"id": "B", "directory": {KeyDirectory} | "FILE", "thresholds"?: {Thresholds}}; a
// string names a key directory file shared by the federation's brains (relative to DIR). Without
// thresholds the lexical provider's calibrated defaults apply. It holds keys: refused unless only
// its owner may read it (mode 0600 or stricter), as ssh treats a private key. Thread-safety: one thread.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "meld/brain.h"
#include "meld/patch_log.h"

namespace bm::meld {

struct BrainDir {
    std::unique_ptr<Brain> brain;
    std::unique_ptr<PatchLog> log;

    // Opens DIR (errors name DIR/brain.json and the field), restores the brain from its log.
    static Result<BrainDir> open(const std::string& dir, std::shared_ptr<const SignalEngine> engine);
    // receive() and, when a Patch was emitted, append it to the log.
    Result<Admission> admit(const Delta& delta);
    // receive_all() (pipelined), then every emitted Patch appended in one transaction (one fsync).
    // On an error the log holds none of them while the in-memory brain has admitted them all:
    // reopen the directory (the brain is restored from the log) before admitting more.
    Result<std::vector<Admission>> admit_all(std::span<const Delta> deltas);
};

}  // namespace bm::meld
