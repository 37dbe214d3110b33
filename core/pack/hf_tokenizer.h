// Hugging Face tokenizer.json support: byte-level BPE models (GPT-2, RoBERTa, Llama 3 style).
//
// Accepted: model.type "BPE" with vocab and merges ("a b" strings or ["a","b"] pairs), no
// normalizer, and a pre-tokenizer that is ByteLevel (use_regex: the GPT-2 split) or a Sequence of
// Split (the cl100k or GPT-2 regex, Isolated) and ByteLevel without regex. Anything else is refused
// with an error naming the field, rather than counted wrongly. Added/special tokens are counted as
// ordinary text. Thread-safety: immutable after loading.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "pack/token_counter.h"
#include "util/result.h"

namespace bm {

// Parses tokenizer.json text; `file` names it in errors (field paths such as model.merges[12]).
// `name` is reported as "bpe:NAME".
Result<std::unique_ptr<TokenCounter>> parse_hf_tokenizer(std::string_view text, const std::string& file,
                                                        const std::string& name);
// Loads a tokenizer.json; the name is its folder's name when the file is called tokenizer.json.
Result<std::unique_ptr<TokenCounter>> load_hf_tokenizer(const std::string& path);

// GPT-2's byte ↔ printable code point map used by byte-level vocabularies.
uint32_t byte_level_code_point(unsigned char byte);

}  // namespace bm
