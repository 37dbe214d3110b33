// Whole-file reads for tokenizer files (rank files, encoder JSON, tokenizer.json).
#include "pack/read_text_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <algorithm>
#include <filesystem>

namespace bm {

Result<std::string> read_text_file(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return Error::not_found("tokenizer file not found (or not a regular file)", Location(path),
                                "give a path to a tiktoken rank file, an npm tiktoken encoder JSON or a tokenizer.json; "
                                "bash fetch_tokenizers.sh (scripts/ in the source tree, share/beliefmerge/ when installed) caches cl100k_base");
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error::io(std::string("cannot open: ") + std::strerror(errno), Location(path));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return Error::io("read failed", Location(path));
    return buffer.str();
}

Result<nlohmann::json> parse_json_text(std::string_view text, const std::string& file) {
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        const size_t byte = std::min(e.byte == 0 ? 0 : e.byte - 1, text.size());
        int64_t line = 1;
        for (size_t i = 0; i < byte; ++i) line += text[i] == '\n';
        return Error::invalid_input(std::string("malformed JSON: ") + e.what(),
                                    Location(file, line, static_cast<int64_t>(byte)),
                                    "the file is damaged or not a tokenizer file; fetch it again");
    } catch (const nlohmann::json::exception& e) {  // e.g. out_of_range: a number that overflows
        return Error::invalid_input(std::string("unreadable JSON value: ") + e.what(), Location(file),
                                    "the file is damaged or not a tokenizer file; fetch it again");
    }
}

}  // namespace bm
