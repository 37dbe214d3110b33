// Deterministic text with the texture of agent sessions: prose, source code, tool output, tokens.
//
// Texture matters for a parser benchmark: escapes (quotes, newlines, tabs, backslashes) and
// multi-byte UTF-8 cost more than plain ASCII, so the mix here follows what real logs hold.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rng.h"

namespace bm::bench {

// Sentences of engineering prose (occasional `code`, "quotes", non-ASCII), about `bytes` long.
std::string prose(Rng& rng, size_t bytes);
// Source-code lines (indentation, braces, string literals, some tabs), about `bytes` long.
std::string code(Rng& rng, size_t bytes);
// Build/test/grep style command output, about `bytes` long.
std::string shell_output(Rng& rng, size_t bytes);
// `cat -n` style numbering, as file-reading tools return it.
std::string numbered(std::string_view text);
// A plausible repository path ("src/merge/slot_table.cpp").
std::string source_path(Rng& rng);
// A fake credential that the redactor must catch; only a rare line carries one.
std::string fake_secret(Rng& rng);
// Streaming-token split (1–8 byte pieces, leading spaces kept, UTF-8 sequences never cut).
std::vector<std::string> split_tokens(Rng& rng, std::string_view text);

}  // namespace bm::bench
