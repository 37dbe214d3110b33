// Reads a whole tokenizer file into memory (and parses JSON ones), with errors naming file and line.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "util/result.h"

namespace bm {

// REQUIRES: nothing; a missing or unreadable file is an error (kNotFound / kIo) naming `path`.
Result<std::string> read_text_file(const std::string& path);

// Parses JSON text; a syntax error names `file`, the 1-based line and the byte where parsing stopped.
Result<nlohmann::json> parse_json_text(std::string_view text, const std::string& file);

}  // namespace bm
