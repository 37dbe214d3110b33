// The tiktoken BPE counter: pre-tokenize, whole-piece lookup, byte-pair merge (see bpe_counter.h).
#include "pack/bpe_counter.h"

#include <filesystem>

#include "pack/bpe_merge.h"
#include "pack/read_text_file.h"
#include "util/utf8.h"

namespace bm {
namespace {

// Pair rank = rank of the concatenated bytes (tiktoken's rule).
struct TiktokenPairs {
    const ByteRankMap& ranks;
    const unsigned char* piece;
    bool pair(const BpeSymbol& left, const BpeSymbol&, uint32_t end, uint32_t& rank, uint32_t& merged) const {
        auto r = ranks.find(piece + left.start, end - left.start);
        if (!r) return false;
        rank = *r;
        merged = 0;
        return true;
    }
};

class TiktokenCounter final : public TokenCounter {
public:
    TiktokenCounter(BpeRanks ranks, PretokenPattern pattern, std::string name)
        : m_ranks(std::move(ranks.ranks)), m_pattern(pattern), m_name("bpe:" + std::move(name)) {}

    size_t count(std::string_view text) const override {
        if (first_invalid_utf8(text) != std::string_view::npos) {
            const std::string repaired = replace_invalid_utf8(text);
            return count_valid(repaired);
        }
        return count_valid(text);
    }
    std::string name() const override { return m_name; }

private:
    size_t count_valid(std::string_view text) const {
        size_t tokens = 0;
        for (size_t pos = 0; pos < text.size();) {
            const size_t end = next_pretoken(m_pattern, text, pos);
            tokens += count_piece(reinterpret_cast<const unsigned char*>(text.data()) + pos, end - pos);
            pos = end;
        }
        return tokens;
    }

    size_t count_piece(const unsigned char* piece, size_t n) const {
        if (n == 1 || m_ranks.find(piece, n)) return 1;
        const TiktokenPairs pairs{m_ranks, piece};
        if (n <= kBpeQuadraticLimit) {
            BpeSymbol sym[kBpeQuadraticLimit];
            for (size_t i = 0; i < n; ++i) sym[i] = {static_cast<uint32_t>(i), 0};
            return bpe_merge_count_small(pairs, sym, n, static_cast<uint32_t>(n));
        }
        std::vector<BpeSymbol> sym(n);
        for (size_t i = 0; i < n; ++i) sym[i] = {static_cast<uint32_t>(i), 0};
        return bpe_merge_count_large(pairs, std::move(sym), static_cast<uint32_t>(n));
    }

    ByteRankMap m_ranks;
    PretokenPattern m_pattern;
    std::string m_name;
};

}  // namespace

std::unique_ptr<TokenCounter> make_tiktoken_counter(BpeRanks ranks, PretokenPattern pattern, std::string name) {
    return std::make_unique<TiktokenCounter>(std::move(ranks), pattern, std::move(name));
}

Result<std::unique_ptr<TokenCounter>> load_tiktoken_counter(const std::string& path,
                                                            std::optional<PretokenPattern> pattern) {
    auto text = read_text_file(path);
    if (!text) return text.error();
    const std::string_view body = *text;
    const size_t first = body.find_first_not_of(" \t\r\n");
    const bool json = first != std::string_view::npos && body[first] == '{';
    auto ranks = json ? parse_tiktoken_npm_json(body, path) : parse_tiktoken_rank_file(body, path);
    if (!ranks) return ranks.error();
    const PretokenPattern use = pattern ? *pattern : ranks->pattern ? *ranks->pattern : PretokenPattern::kCl100k;
    std::unique_ptr<TokenCounter> counter =
        make_tiktoken_counter(std::move(*ranks), use, std::filesystem::path(path).stem().string());
    return counter;
}

}  // namespace bm
