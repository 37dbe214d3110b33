// The block an agent is given: a ReviewSnapshot packed under its effective decisions. The one
// packing call behind `beliefmerge merge`, the studio's pack preview and MCP `merge_context`, so
// the three give byte-identical blocks for the same snapshot, options and counter.
// Thread-safety: a pure function; the counter must be safe to call from the calling thread.
#pragma once

#include "pack/pack.h"
#include "snapshot/review_snapshot.h"

namespace bm {

// The counter every front end packs with when the user names none: $BELIEFMERGE_TOKENIZER, else
// cl100k_base when cached, else the estimator (pack/token_counter_factory.h, spec "auto").
Result<std::unique_ptr<TokenCounter>> default_token_counter();

// `options.resolutions` is replaced by the snapshot's own (human > model, stale marked).
Result<PackResult> pack_review_snapshot(const ReviewSnapshot& snapshot, PackOptions options, const TokenCounter& counter);

}  // namespace bm
