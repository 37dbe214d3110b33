// A calibrated, conservative token estimator used when no BPE rank file is configured (SPEC §10).
//
// It classifies text into the same kinds of pieces the cl100k pre-tokenizer splits it into (words,
// digit groups, punctuation runs, whitespace, non-ASCII letters) and charges each piece a fixed,
// rounded-up number of tokens calibrated against the cl100k_base BPE on real session logs (see
// docs/tokens.md for the measured error). It is built to over-count rather than under-count: the
// packer trusts it to keep a block within budget. Thread-safety: immutable, safe to share.
#pragma once

#include <memory>

#include "pack/token_counter.h"

namespace bm {

// The estimator; name() is "estimate:v1". count() is O(n), allocation-free and subadditive at line
// boundaries (pieces never span a newline).
std::unique_ptr<TokenCounter> make_token_estimator();

}  // namespace bm
