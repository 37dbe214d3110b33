// BpeRanks: tiktoken-style mergeable ranks (token bytes → rank) and the loaders of the two files
// that carry them: a `.tiktoken` rank file and the npm `tiktoken` package's encoders/*.json.
//
// A `.tiktoken` file has one token a line, "BASE64 RANK". The npm JSON is
// {"pat_str": REGEX, "special_tokens": {...}, "bpe_ranks": "! OFFSET TOKEN TOKEN ..."}: base64 tokens
// separated by spaces whose ranks count up from the last "! OFFSET" marker. Special tokens are not
// mergeable ranks; counting treats their text as ordinary text (tiktoken's encode_ordinary).
// Thread-safety: immutable after loading.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "pack/byte_rank_map.h"
#include "pack/pretokenizer.h"
#include "util/result.h"

namespace bm {

struct BpeRanks {
    ByteRankMap ranks;
    std::optional<PretokenPattern> pattern;  // from the file when it names one (npm JSON)
};

// Parses a `.tiktoken` rank file; `file` names it in errors (file:line, field "token" or "rank").
Result<BpeRanks> parse_tiktoken_rank_file(std::string_view text, const std::string& file);
// Parses the npm tiktoken package's encoder JSON; errors name the field and token index.
Result<BpeRanks> parse_tiktoken_npm_json(std::string_view text, const std::string& file);

// Strict RFC 4648 base64 (standard alphabet, '=' padding); nullopt when malformed.
std::optional<std::string> decode_base64(std::string_view text);

}  // namespace bm
