// Packs a review snapshot's labelled merge with its decisions applied.
#include "snapshot/packed_block.h"

#include "pack/token_counter_factory.h"

namespace bm {

Result<std::unique_ptr<TokenCounter>> default_token_counter() { return open_token_counter(default_tokenizer_spec()); }

Result<PackResult> pack_review_snapshot(const ReviewSnapshot& snapshot, PackOptions options, const TokenCounter& counter) {
    if (!snapshot.merged) return Error::internal("pack_review_snapshot: the snapshot has no merge");
    options.resolutions = snapshot.packResolutions();
    return pack_context(*snapshot.merged, options, counter);
}

}  // namespace bm
