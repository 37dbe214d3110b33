// The one immutable value every pane of the studio reads: sessions, the merged claim graph and the
// effective decisions, built by the same pipeline as the CLI (core/snapshot). A new load, merge or
// decision makes a new StudioSnapshot; none is patched.
// Parts that do not change between snapshots (sessions, merge) are shared, not copied.
// Thread-safety: immutable after construction; share through SnapshotPtr across threads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "snapshot/review_snapshot.h"
#include "store/workspace.h"

namespace bm {

// The pipeline's ReviewSnapshot (core/snapshot: sessions, base merge, labelled merge, effective
// resolutions) plus what only the studio needs.
struct StudioSnapshot : ReviewSnapshot {
    uint64_t generation = 0;  // increases with every snapshot the window publishes
    std::string workspace_path;
    std::vector<StoredSession> stored;  // workspace rows, same order as sessions

    // Index of the session with this id in `sessions`, or -1.
    int sessionIndex(const std::string& session_id) const;
    // Keys of the slots a reviewer must look at (disputed or contested), in key order.
    std::vector<std::string> reviewKeys() const;
};

using SnapshotPtr = std::shared_ptr<const StudioSnapshot>;

// One line describing a resolution, e.g. "choose mysql", "conditional (guard: in staging)".
std::string describe_resolution(const Resolution& r);

}  // namespace bm
