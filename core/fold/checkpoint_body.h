// The deterministic checkpoint body (M3a): marker, then Current / Evidence / Open / Rationale.
#pragma once

#include <string>

#include "fold/bundle.h"
#include "util/result.h"

namespace bm {

// Renders rendered.text from a bundle's other fields (id, mode, seqs, state, semantic text).
// Bounded: at most kMaxItemsPerSection lines per section.
Result<std::string> render_checkpoint(const CheckpointBundle& bundle);

inline constexpr size_t kMaxItemsPerSection = 16;

}  // namespace bm
