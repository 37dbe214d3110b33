// BPE token counters (SPEC §10): exact token counts of a tiktoken vocabulary (cl100k_base from a
// rank file or the npm package's JSON) or a Hugging Face byte-level BPE tokenizer.json.
//
// count(text) pre-tokenizes with the vocabulary's split regex (pretokenizer.h), looks each piece up
// whole, and byte-pair merges the rest. Invalid UTF-8 is first replaced by U+FFFD per maximal
// subpart, as Node.js decodes bytes into the string tiktoken sees. Special tokens are counted as
// ordinary text. Thread-safety: immutable after loading; count() may run on many threads at once.
#pragma once

#include <memory>
#include <string>

#include "pack/bpe_ranks.h"
#include "pack/token_counter.h"

namespace bm {

// A counter over tiktoken ranks. `name` is reported as "bpe:NAME".
std::unique_ptr<TokenCounter> make_tiktoken_counter(BpeRanks ranks, PretokenPattern pattern, std::string name);

// Loads a `.tiktoken` rank file (pattern: cl100k unless given) or an npm tiktoken encoder JSON (its
// own pat_str) from `path`; the name is the file name without its extension.
Result<std::unique_ptr<TokenCounter>> load_tiktoken_counter(const std::string& path,
                                                            std::optional<PretokenPattern> pattern = std::nullopt);

}  // namespace bm
