// Choosing a token counter from a user's spec: the estimator, a cached vocabulary by name, or a
// tokenizer file by path (SPEC §10). Thread-safety: pure functions over the file system.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "pack/token_counter.h"
#include "util/result.h"

namespace bm {

// Where scripts/fetch_tokenizers.sh caches tokenizers: $BELIEFMERGE_TOKENIZER_CACHE, else
// ${XDG_CACHE_HOME:-$HOME/.cache}/beliefmerge/tokenizers.
std::string tokenizer_cache_dir();

// The cached file for a vocabulary name (NAME.json, then NAME.tiktoken), or "" when neither exists.
std::string find_cached_tokenizer(std::string_view name);

// The spec used when none is given: $BELIEFMERGE_TOKENIZER (the target model's tokenizer, any spec
// below), else "auto".
std::string default_tokenizer_spec();

// Opens a counter from `spec`:
//   "auto"              cl100k_base when it is in the cache, else the estimator
//   "estimate"          the calibrated estimator (estimate:v1)
//   "cl100k_base", ...  a vocabulary cached by scripts/fetch_tokenizers.sh
//   a path              a `.tiktoken` rank file, an npm tiktoken encoder JSON, or a HF tokenizer.json
// Errors name the file (and line or field) and say how to fetch the vocabulary.
Result<std::unique_ptr<TokenCounter>> open_token_counter(std::string_view spec);

}  // namespace bm
