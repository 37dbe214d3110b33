// Reading the tab-separated evaluation sets (GLUE STS-B layout, SNLI gold_label layout).
#pragma once

#include <string>
#include <vector>

#include "util/result.h"

namespace bm::bench {

struct TextPair {
    std::string a, b;
    std::string label;  // SNLI: gold label
    double score = 0;   // STS-B: gold similarity 0..5
};

// STS-B: columns sentence1, sentence2, score (found by header name).
Result<std::vector<TextPair>> read_sts(const std::string& path);
// SNLI: columns gold_label, sentence1, sentence2; rows labelled "-" (no consensus) are skipped.
Result<std::vector<TextPair>> read_nli(const std::string& path);

}  // namespace bm::bench
