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

// The confidence under which the studio hides claims unless View > Show Low-Confidence Claims is on.
// It is where the rule table draws its default set (every default rule is at least this sure, every
// rule that is off is less sure), so the studio's default view is `beliefmerge merge`'s.
inline constexpr double kStudioMinConfidence = 0.8;

// Claims of rules less sure than kStudioMinConfidence in a snapshot: left out of it (`hidden`, with
// the slots only they would make) or shown in it.
struct LowConfidenceTally {
    bool hidden = false;
    int claims = 0;
    int slotCount = 0;  // hidden: slots that would appear with them; shown: slots holding one
};

// The pipeline's ReviewSnapshot (core/snapshot: sessions, base merge, labelled merge, effective
// resolutions) plus what only the studio needs.
struct StudioSnapshot : ReviewSnapshot {
    uint64_t generation = 0;  // increases with every snapshot the window publishes
    std::string workspace_path;
    std::vector<StoredSession> stored;  // workspace rows, same order as sessions
    LowConfidenceTally lowConfidence;

    // Index of the session with this id in `sessions`, or -1.
    int sessionIndex(const std::string& session_id) const;
    // Keys of the slots a reviewer must look at (disputed or contested), in key order.
    std::vector<std::string> reviewKeys() const;
};

// The claims the threshold left out of `shown` (their keys, ReviewSnapshot::below_confidence), and
// the slots only they hold.
LowConfidenceTally tallyHiddenClaims(const std::vector<std::string>& belowConfidence, const MergedSnapshot& shown);
// The claims `shown` holds that are less sure than `threshold`, and their slots.
LowConfidenceTally tallyShownClaims(const MergedSnapshot& shown, double threshold);

using SnapshotPtr = std::shared_ptr<const StudioSnapshot>;

// One line describing a resolution, e.g. "choose mysql", "conditional (guard: in staging)".
std::string describe_resolution(const Resolution& r);

}  // namespace bm
