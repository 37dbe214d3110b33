// The pluggable token counter of SPEC §10: every byte the packer emits is charged through one of these.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace bm {

class TokenCounter {
public:
    virtual ~TokenCounter() = default;
    // Tokens `text` costs on its own. Counters used for packing must be subadditive over
    // concatenation at line boundaries (count(a + b) <= count(a) + count(b) + 1) so charging the
    // pieces of a block bounds the block; the packer re-counts the final block and trims to be exact.
    virtual size_t count(std::string_view text) const = 0;
    // A stable description for reports and the algorithm line, e.g. "bpe:cl100k_base" or "estimate:v1".
    virtual std::string name() const = 0;
};

}  // namespace bm
