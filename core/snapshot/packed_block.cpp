// Packs a review snapshot's labelled merge with its decisions applied.
#include "snapshot/packed_block.h"

namespace bm {

Result<PackResult> pack_review_snapshot(const ReviewSnapshot& snapshot, PackOptions options, const TokenCounter& counter) {
    if (!snapshot.merged) return Error::internal("pack_review_snapshot: the snapshot has no merge");
    options.resolutions = snapshot.packResolutions();
    return pack_context(*snapshot.merged, options, counter);
}

}  // namespace bm
