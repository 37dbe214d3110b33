// Runs the npm `tiktoken` encoder under node on documents, for equality checks and the bench.
#pragma once

#include <string>
#include <vector>

#include "util/result.h"

namespace bm::testing {

struct NodeTiktokenRun {
    std::vector<size_t> counts;  // one per document
    double encode_ms = 0;        // best of the repeated passes over all documents, inside node
};

// <tokenizer cache>/node/node_modules when it holds tiktoken, else "".
std::string tiktoken_node_modules();
// Why the reference is unavailable and how to fetch it ("" when it is available).
std::string tiktoken_missing_reason();

// REQUIRES: tiktoken_missing_reason().empty(). `script` is tiktoken_count.cjs.
Result<NodeTiktokenRun> run_node_tiktoken(const std::vector<std::string>& documents, int repeat,
                                          const std::string& script);

}  // namespace bm::testing
