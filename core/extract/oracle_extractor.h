// Oracle extractor: ground-truth claim annotations of native JSONL as claims (the pipeline ceiling).
#pragma once

#include <vector>

#include "extract/branch_claims.h"

namespace bm {

std::vector<BranchClaims> extract_oracle(const std::vector<Session>& sessions, const ExtractOptions& options);

}  // namespace bm
