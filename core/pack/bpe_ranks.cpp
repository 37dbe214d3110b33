// Loaders of tiktoken rank files and the npm tiktoken encoder JSON (see bpe_ranks.h).
#include "pack/bpe_ranks.h"

#include <algorithm>
#include <charconv>

#include "pack/read_text_file.h"

namespace bm {
namespace {

constexpr const char* kFetchHint = "fetch a good copy with: bash fetch_tokenizers.sh (scripts/ in the source tree, share/beliefmerge/ when installed)";

int base64_value(unsigned char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

std::optional<uint32_t> parse_rank(std::string_view s) {
    uint32_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty() || v == kNoRankValue) return std::nullopt;
    return v;
}

}  // namespace

std::optional<std::string> decode_base64(std::string_view text) {
    if (text.empty() || text.size() % 4 != 0) return std::nullopt;
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4) {
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const unsigned char c = static_cast<unsigned char>(text[i + k]);
            if (c == '=' && i + 4 == text.size() && k >= 2) {
                v[k] = 0;
                ++pad;
            } else if (pad > 0 || (v[k] = base64_value(c)) < 0) {
                return std::nullopt;
            }
        }
        const uint32_t bits = (uint32_t(v[0]) << 18) | (uint32_t(v[1]) << 12) | (uint32_t(v[2]) << 6) | uint32_t(v[3]);
        out += static_cast<char>(bits >> 16);
        if (pad < 2) out += static_cast<char>((bits >> 8) & 0xFF);
        if (pad < 1) out += static_cast<char>(bits & 0xFF);
    }
    return out;
}

Result<BpeRanks> parse_tiktoken_rank_file(std::string_view text, const std::string& file) {
    BpeRanks out;
    int64_t line_no = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos) eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        const auto line_offset = static_cast<int64_t>(pos);
        pos = eol + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        const size_t space = line.find(' ');
        if (space == std::string_view::npos || line.find(' ', space + 1) != std::string_view::npos)
            return Error::invalid_input("expected \"BASE64 RANK\" (one space) in a tiktoken rank file",
                                        Location(file, line_no, line_offset), kFetchHint);
        auto token = decode_base64(line.substr(0, space));
        if (!token)
            return Error::invalid_input("token is not valid base64: \"" + std::string(line.substr(0, std::min<size_t>(space, 40))) + "\"",
                                        Location(file, line_no, line_offset, "token"), kFetchHint);
        auto rank = parse_rank(line.substr(space + 1));
        if (!rank)
            return Error::invalid_input("rank is not a non-negative 32-bit integer: \"" + std::string(line.substr(space + 1, 20)) + "\"",
                                        Location(file, line_no, line_offset + static_cast<int64_t>(space) + 1, "rank"), kFetchHint);
        if (token->size() > ByteRankMap::kMaxKeyBytes)
            return Error::invalid_input("token longer than 65535 bytes", Location(file, line_no, line_offset, "token"));
        if (!out.ranks.insert(*token, *rank))
            return Error::invalid_input("duplicate token (already ranked on an earlier line)",
                                        Location(file, line_no, line_offset, "token"), kFetchHint);
    }
    if (out.ranks.size() == 0)
        return Error::invalid_input("no ranks in tiktoken rank file", Location(file), kFetchHint);
    return out;
}

Result<BpeRanks> parse_tiktoken_npm_json(std::string_view text, const std::string& file) {
    auto parsed = parse_json_text(text, file);
    if (!parsed) return parsed.error();
    const nlohmann::json& doc = *parsed;
    if (!doc.is_object())
        return Error::invalid_input("not a JSON object (npm tiktoken encoder JSON expected)", Location(file, 1), kFetchHint);
    BpeRanks out;
    const auto pat = doc.find("pat_str");
    if (pat == doc.end() || !pat->is_string())
        return Error::invalid_input("missing string field", Location(file, 0, -1, "pat_str"), kFetchHint);
    out.pattern = pretoken_pattern_from_regex(pat->get_ref<const std::string&>());
    if (!out.pattern)
        return Error::unsupported("pre-tokenizer regex not supported: " + pat->get<std::string>(), Location(file, 0, -1, "pat_str"),
                                  "supported: the cl100k_base and r50k/p50k (GPT-2) patterns");
    const auto bpe = doc.find("bpe_ranks");
    if (bpe == doc.end() || !bpe->is_string())
        return Error::invalid_input("missing string field", Location(file, 0, -1, "bpe_ranks"), kFetchHint);
    const std::string_view ranks = bpe->get_ref<const std::string&>();
    uint64_t next_rank = 0;
    size_t index = 0;
    bool expect_offset = false, seen_offset = false;
    for (size_t pos = 0; pos <= ranks.size();) {
        size_t sp = ranks.find(' ', pos);
        if (sp == std::string_view::npos) sp = ranks.size();
        const std::string_view item = ranks.substr(pos, sp - pos);
        pos = sp + 1;
        const std::string field = "bpe_ranks[" + std::to_string(index++) + "]";
        if (item.empty()) {
            if (sp == ranks.size()) break;
            return Error::invalid_input("empty item (two spaces in a row)", Location(file, 0, -1, field), kFetchHint);
        }
        if (expect_offset) {
            auto offset = parse_rank(item);
            if (!offset) return Error::invalid_input("offset after \"!\" is not an integer", Location(file, 0, -1, field), kFetchHint);
            next_rank = *offset;
            expect_offset = false;
            continue;
        }
        if (item == "!") {
            expect_offset = seen_offset = true;
            continue;
        }
        if (!seen_offset)
            return Error::invalid_input("ranks must start with \"! OFFSET\"", Location(file, 0, -1, field), kFetchHint);
        auto token = decode_base64(item);
        if (!token) return Error::invalid_input("token is not valid base64", Location(file, 0, -1, field), kFetchHint);
        if (token->size() > ByteRankMap::kMaxKeyBytes || next_rank >= kNoRankValue)
            return Error::invalid_input("token or rank out of range", Location(file, 0, -1, field));
        if (!out.ranks.insert(*token, static_cast<uint32_t>(next_rank)))
            return Error::invalid_input("duplicate token", Location(file, 0, -1, field), kFetchHint);
        ++next_rank;
    }
    if (expect_offset) return Error::invalid_input("\"!\" without an offset at the end", Location(file, 0, -1, "bpe_ranks"));
    if (out.ranks.size() == 0) return Error::invalid_input("no ranks", Location(file, 0, -1, "bpe_ranks"), kFetchHint);
    return out;
}

}  // namespace bm
