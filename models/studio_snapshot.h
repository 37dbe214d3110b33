// The one immutable value every pane of the studio reads: sessions, the merged claim graph and the
// effective decisions. A new load, merge or decision makes a new StudioSnapshot; none is patched.
// Parts that do not change between snapshots (sessions, merge) are shared, not copied.
// Thread-safety: immutable after construction; share through SnapshotPtr across threads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "merge/snapshot.h"
#include "model/session.h"
#include "store/decisions.h"
#include "store/workspace.h"

namespace bm {

struct StudioSnapshot {
    uint64_t generation = 0;  // increases with every snapshot the window publishes
    std::string workspace_path;
    std::shared_ptr<const std::vector<Session>> sessions;      // with messages and branches
    std::vector<StoredSession> stored;                         // workspace rows, same order as sessions
    // The merge as computed from the logs: what decisions are recorded and validated against.
    std::shared_ptr<const MergedSnapshot> base;
    // What every pane shows and packs: `base` with derivation labels recomputed under the effective
    // resolutions (relabel_derivations); the same object as `base` when no label changes.
    std::shared_ptr<const MergedSnapshot> merged;
    std::map<std::string, EffectiveResolution> resolutions;   // by slot key: slots with any decision

    const Slot* slot(const std::string& key) const { return merged ? merged->find(key) : nullptr; }
    // The merge decisions are made against (`base`, or `merged` for a snapshot built without one).
    const std::shared_ptr<const MergedSnapshot>& decisionBasis() const { return base ? base : merged; }
    const EffectiveResolution* resolution(const std::string& key) const;
    // Index of the session with this id in `sessions`, or -1.
    int sessionIndex(const std::string& session_id) const;
    // Keys of the slots a reviewer must look at (disputed or contested), in key order.
    std::vector<std::string> reviewKeys() const;
};

using SnapshotPtr = std::shared_ptr<const StudioSnapshot>;

// One line describing a resolution, e.g. "choose mysql", "conditional (guard: in staging)".
std::string describe_resolution(const Resolution& r);

}  // namespace bm
