// BPE counting without the cl100k download: rank-file and tokenizer.json parsing, their errors,
// the merge order, and the heap merge agreeing with the quadratic one.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "pack/bpe_counter.h"
#include "pack/bpe_merge.h"
#include "pack/bpe_ranks.h"
#include "pack/hf_tokenizer.h"
#include "pack/token_counter_factory.h"

namespace bm {
namespace {

std::string b64(std::string_view bytes) {
    static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8) | uint8_t(bytes[i + 2]);
        for (int k = 18; k >= 0; k -= 6) out += alphabet[(v >> k) & 63];
    }
    if (i + 1 == bytes.size()) {
        const uint32_t v = uint8_t(bytes[i]) << 16;
        out += alphabet[(v >> 18) & 63], out += alphabet[(v >> 12) & 63], out += "==";
    } else if (i + 2 == bytes.size()) {
        const uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8);
        out += alphabet[(v >> 18) & 63], out += alphabet[(v >> 12) & 63], out += alphabet[(v >> 6) & 63], out += '=';
    }
    return out;
}

std::string rank_file(const std::vector<std::string>& tokens) {
    std::string out;
    for (size_t r = 0; r < tokens.size(); ++r) out += b64(tokens[r]) + " " + std::to_string(r) + "\n";
    return out;
}

std::unique_ptr<TokenCounter> tiny_counter(const std::vector<std::string>& tokens) {
    auto ranks = parse_tiktoken_rank_file(rank_file(tokens), "tiny.tiktoken");
    EXPECT_TRUE(ranks.ok()) << (ranks.ok() ? "" : ranks.error().to_string());
    return make_tiktoken_counter(std::move(*ranks), PretokenPattern::kCl100k, "tiny");
}

TEST(BpeRanks, base64_decoding_is_strict) {
    EXPECT_EQ(decode_base64("aGk="), "hi");
    EXPECT_EQ(decode_base64("IQ=="), "!");
    EXPECT_EQ(decode_base64("YWJj"), "abc");
    EXPECT_FALSE(decode_base64("aGk"));
    EXPECT_FALSE(decode_base64("a=Gk"));
    EXPECT_FALSE(decode_base64("!!!!"));
    EXPECT_FALSE(decode_base64(""));
}

TEST(BpeCounter, lowest_rank_merges_first_and_ties_go_left) {
    auto counter = tiny_counter({"a", "b", "c", "ab", "bc", "abc"});
    EXPECT_EQ(counter->name(), "bpe:tiny");
    EXPECT_EQ(counter->count(""), 0u);
    EXPECT_EQ(counter->count("abc"), 1u);    // whole piece in the vocabulary
    EXPECT_EQ(counter->count("abcab"), 2u);  // ab·c·ab → abc·ab
    EXPECT_EQ(counter->count("bcab"), 2u);   // ab (rank 3) before bc (4): b·c·ab → bc·ab
    EXPECT_EQ(counter->count("cba"), 3u);    // no pair has a rank
    EXPECT_EQ(counter->count("ab ab"), 3u);  // pieces "ab", " ab"; " " has no rank
}

struct MapPairs {
    const ByteRankMap& ranks;
    const unsigned char* piece;
    bool pair(const BpeSymbol& left, const BpeSymbol&, uint32_t end, uint32_t& rank, uint32_t& merged) const {
        auto r = ranks.find(piece + left.start, end - left.start);
        if (!r) return false;
        rank = *r, merged = 0;
        return true;
    }
};

TEST(BpeCounter, heap_merge_equals_quadratic_merge_on_random_vocabularies) {
    std::mt19937_64 rng(7);
    for (int vocab_round = 0; vocab_round < 20; ++vocab_round) {
        ByteRankMap ranks;
        for (uint32_t r = 0; r < 60; ++r) {
            std::string token(1 + rng() % 4, 'a');
            for (auto& c : token) c = static_cast<char>('a' + rng() % 3);
            ranks.insert(token, static_cast<uint32_t>(rng() % 40));  // repeated ranks exercise ties
        }
        for (int text_round = 0; text_round < 100; ++text_round) {
            std::string text(2 + rng() % (kBpeQuadraticLimit - 2), 'a');
            for (auto& c : text) c = static_cast<char>('a' + rng() % 3);
            const MapPairs pairs{ranks, reinterpret_cast<const unsigned char*>(text.data())};
            std::vector<BpeSymbol> sym(text.size());
            for (size_t i = 0; i < text.size(); ++i) sym[i] = {static_cast<uint32_t>(i), 0};
            std::vector<BpeSymbol> copy = sym;
            const auto n = static_cast<uint32_t>(text.size());
            ASSERT_EQ(bpe_merge_count_small(pairs, copy.data(), copy.size(), n), bpe_merge_count_large(pairs, sym, n))
                << text;
        }
    }
}

TEST(BpeRanks, bad_rank_files_name_the_line_and_field) {
    struct Case {
        std::string text;
        int64_t line;
        std::string field;
        std::string says;
    } cases[] = {
        {"YQ== 0\nYg== 1\n!!!! 2\n", 3, "token", "base64"},
        {"YQ== 0\nYg==\n", 2, "", "BASE64 RANK"},
        {"YQ== 0\r\nYQ== 1\r\n", 2, "token", "duplicate"},
        {"YQ== x\n", 1, "rank", "rank"},
        {"YQ== 0\n\nYg== -1\n", 3, "rank", "rank"},
        {"YQ==  0\n", 1, "", "one space"},
    };
    for (const auto& c : cases) {
        auto r = parse_tiktoken_rank_file(c.text, "bad.tiktoken");
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_TRUE(r.error().is_invalid_input());
        EXPECT_EQ(r.error().where().file, "bad.tiktoken");
        EXPECT_EQ(r.error().where().line, c.line) << r.error().to_string();
        EXPECT_EQ(r.error().where().field, c.field) << r.error().to_string();
        EXPECT_NE(r.error().to_string().find(c.says), std::string::npos) << r.error().to_string();
        EXPECT_NE(r.error().to_string().find("bad.tiktoken:" + std::to_string(c.line)), std::string::npos)
            << r.error().to_string();
    }
    auto empty = parse_tiktoken_rank_file("\n\n", "empty.tiktoken");
    ASSERT_FALSE(empty.ok());
    EXPECT_NE(empty.error().to_string().find("no ranks"), std::string::npos);
}

TEST(BpeRanks, npm_encoder_json_is_parsed_and_its_errors_name_the_field) {
    const std::string regex = nlohmann::json(std::string(pretoken_regex(PretokenPattern::kCl100k))).dump();
    auto good = parse_tiktoken_npm_json(R"({"pat_str":)" + regex + R"(,"special_tokens":{},"bpe_ranks":"! 0 YQ== Yg== ! 10 YWI="})",
                                        "enc.json");
    ASSERT_TRUE(good.ok()) << good.error().to_string();
    EXPECT_EQ(good->ranks.find("a"), 0u);
    EXPECT_EQ(good->ranks.find("b"), 1u);
    EXPECT_EQ(good->ranks.find("ab"), 10u);
    EXPECT_EQ(good->pattern, PretokenPattern::kCl100k);

    auto malformed = parse_tiktoken_npm_json("{\n\"pat_str\":\n", "enc.json");
    ASSERT_FALSE(malformed.ok());
    EXPECT_EQ(malformed.error().where().line, 3) << malformed.error().to_string();
    auto no_pattern = parse_tiktoken_npm_json(R"({"bpe_ranks":"! 0 YQ=="})", "enc.json");
    ASSERT_FALSE(no_pattern.ok());
    EXPECT_EQ(no_pattern.error().where().field, "pat_str");
    auto other_regex = parse_tiktoken_npm_json(R"({"pat_str":"\\w+","bpe_ranks":"! 0 YQ=="})", "enc.json");
    ASSERT_FALSE(other_regex.ok());
    EXPECT_EQ(other_regex.error().code(), ErrorCode::kUnsupported);
    auto bad_token = parse_tiktoken_npm_json(R"({"pat_str":)" + regex + R"(,"bpe_ranks":"! 0 YQ== Y*=="})", "enc.json");
    ASSERT_FALSE(bad_token.ok());
    EXPECT_EQ(bad_token.error().where().field, "bpe_ranks[3]") << bad_token.error().to_string();
    auto no_offset = parse_tiktoken_npm_json(R"({"pat_str":)" + regex + R"(,"bpe_ranks":"YQ=="})", "enc.json");
    ASSERT_FALSE(no_offset.ok());
}

// A byte-level tokenizer.json: the 256 byte tokens, then `extra` merged tokens with `merges`.
nlohmann::json hf_tokenizer(const std::vector<std::pair<std::string, std::string>>& merges) {
    nlohmann::json vocab = nlohmann::json::object();
    const auto mapped = [](unsigned char b) {
        const uint32_t cp = byte_level_code_point(b);
        return cp < 0x80 ? std::string(1, static_cast<char>(cp))
                         : std::string{static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
    };
    for (int b = 0; b < 256; ++b) vocab[mapped(static_cast<unsigned char>(b))] = b;
    nlohmann::json list = nlohmann::json::array();
    int next = 256;
    for (const auto& [l, r] : merges) {
        vocab[l + r] = next++;
        list.push_back(l + " " + r);
    }
    return {{"version", "1.0"},
            {"normalizer", nullptr},
            {"pre_tokenizer", {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}}},
            {"model", {{"type", "BPE"}, {"dropout", nullptr}, {"vocab", vocab}, {"merges", list}}}};
}

TEST(HfTokenizer, byte_level_bpe_counts_by_merge_rank) {
    const auto doc = hf_tokenizer({{"h", "e"}, {"l", "l"}, {"he", "ll"}, {"hell", "o"}, {"Ġ", "hello"}});
    auto counter = parse_hf_tokenizer(doc.dump(), "tokenizer.json", "tiny-hf");
    ASSERT_TRUE(counter.ok()) << counter.error().to_string();
    EXPECT_EQ((*counter)->name(), "bpe:tiny-hf");
    EXPECT_EQ((*counter)->count("hello"), 1u);
    EXPECT_EQ((*counter)->count(" hello"), 1u);    // Ġ + hello merges last
    EXPECT_EQ((*counter)->count("hello hello"), 2u);
    EXPECT_EQ((*counter)->count("yellow"), 5u);    // y·e·ll·o·w
    EXPECT_EQ((*counter)->count("\xFF"), 3u);      // U+FFFD is three bytes, none merged

    // Pair-array merges (newer tokenizers) and the Llama 3 style Split + ByteLevel pre-tokenizer.
    auto split = hf_tokenizer({{"h", "e"}});
    split["model"]["merges"] = nlohmann::json::array({nlohmann::json::array({"h", "e"})});
    split["pre_tokenizer"] = {{"type", "Sequence"},
                              {"pretokenizers",
                               {{{"type", "Split"}, {"pattern", {{"Regex", pretoken_regex(PretokenPattern::kCl100k)}}},
                                 {"behavior", "Isolated"}, {"invert", false}},
                                {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}}}};
    auto llama = parse_hf_tokenizer(split.dump(), "tokenizer.json", "split");
    ASSERT_TRUE(llama.ok()) << llama.error().to_string();
    EXPECT_EQ((*llama)->count("he 123456"), 8u);  // he · " " · 123 · 456, the digit groups unmerged: 1+1+3+3
}

TEST(HfTokenizer, unsupported_or_broken_files_name_the_field) {
    auto with = [](auto edit) {
        auto doc = hf_tokenizer({{"h", "e"}});
        edit(doc);
        return parse_hf_tokenizer(doc.dump(), "tok.json", "x");
    };
    auto normalizer = with([](auto& d) { d["normalizer"] = {{"type", "NFC"}}; });
    ASSERT_FALSE(normalizer.ok());
    EXPECT_EQ(normalizer.error().where().field, "normalizer");
    auto wordpiece = with([](auto& d) { d["model"]["type"] = "WordPiece"; });
    ASSERT_FALSE(wordpiece.ok());
    EXPECT_EQ(wordpiece.error().where().field, "model.type");
    auto unknown = with([](auto& d) { d["model"]["merges"].push_back("zz q"); });
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().where().field, "model.merges[1]") << unknown.error().to_string();
    auto whitespace = with([](auto& d) { d["pre_tokenizer"] = {{"type", "Whitespace"}}; });
    ASSERT_FALSE(whitespace.ok());
    EXPECT_EQ(whitespace.error().where().field, "pre_tokenizer.type");
    auto missing_byte = with([](auto& d) { d["model"]["vocab"].erase("a"); });
    ASSERT_FALSE(missing_byte.ok());
    auto malformed = parse_hf_tokenizer("{\"model\": {\n\"vocab\": [,]}}", "tok.json", "x");
    ASSERT_FALSE(malformed.ok());
    EXPECT_EQ(malformed.error().where().line, 2) << malformed.error().to_string();
}

TEST(TokenCounterFactory, opens_the_estimator_files_and_refuses_unknown_names) {
    auto est = open_token_counter("estimate");
    ASSERT_TRUE(est.ok());
    EXPECT_EQ((*est)->name(), "estimate:v1");

    const auto dir = std::filesystem::temp_directory_path() / ("bm_tokens_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    {
        std::ofstream(dir / "tiny.tiktoken") << rank_file({"a", "b", "ab"});
        std::ofstream(dir / "tokenizer.json") << hf_tokenizer({{"a", "b"}}).dump();
    }
    auto tiny = open_token_counter((dir / "tiny.tiktoken").string());
    ASSERT_TRUE(tiny.ok()) << tiny.error().to_string();
    EXPECT_EQ((*tiny)->name(), "bpe:tiny");
    EXPECT_EQ((*tiny)->count("abab"), 2u);
    auto hf = open_token_counter((dir / "tokenizer.json").string());
    ASSERT_TRUE(hf.ok()) << hf.error().to_string();
    EXPECT_EQ((*hf)->count("abab"), 2u);

    ::setenv("BELIEFMERGE_TOKENIZER_CACHE", dir.c_str(), 1);
    auto cached = open_token_counter("tiny");
    auto missing = open_token_counter("o200k_base");
    ::unsetenv("BELIEFMERGE_TOKENIZER_CACHE");
    ASSERT_TRUE(cached.ok()) << cached.error().to_string();
    EXPECT_EQ((*cached)->count("ab"), 1u);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().to_string().find("fetch_tokenizers.sh"), std::string::npos) << missing.error().to_string();
    auto no_file = open_token_counter((dir / "absent.json").string());
    ASSERT_FALSE(no_file.ok());
    EXPECT_EQ(no_file.error().code(), ErrorCode::kNotFound);
    std::filesystem::remove_all(dir);
}

// `merge` and its peers count with default_tokenizer_spec(): "auto" (cl100k_base when cached, the
// estimator otherwise) unless $BELIEFMERGE_TOKENIZER names the target model's tokenizer.
TEST(TokenCounterFactory, auto_is_cl100k_base_when_cached_else_the_estimator_and_the_setting_overrides_it) {
    const auto dir = std::filesystem::temp_directory_path() / ("bm_tokens_auto_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const char* pinned = std::getenv("BELIEFMERGE_TOKENIZER");  // CTest pins it; restored below
    const std::string saved = pinned ? pinned : "";
    ::unsetenv("BELIEFMERGE_TOKENIZER");
    EXPECT_EQ(default_tokenizer_spec(), "auto");
    ::setenv("BELIEFMERGE_TOKENIZER", "o200k_base", 1);
    EXPECT_EQ(default_tokenizer_spec(), "o200k_base");
    if (pinned) ::setenv("BELIEFMERGE_TOKENIZER", saved.c_str(), 1);
    else ::unsetenv("BELIEFMERGE_TOKENIZER");

    ::setenv("BELIEFMERGE_TOKENIZER_CACHE", dir.c_str(), 1);
    auto uncached = open_token_counter("auto");
    std::ofstream(dir / "cl100k_base.tiktoken") << rank_file({"a", "b", "ab"});
    auto cached = open_token_counter("auto");
    ::unsetenv("BELIEFMERGE_TOKENIZER_CACHE");
    ASSERT_TRUE(uncached.ok()) << uncached.error().to_string();
    EXPECT_EQ((*uncached)->name(), "estimate:v1");
    ASSERT_TRUE(cached.ok()) << cached.error().to_string();
    EXPECT_EQ((*cached)->name(), "bpe:cl100k_base");
    EXPECT_EQ((*cached)->count("abab"), 2u);
    std::filesystem::remove_all(dir);
}

TEST(TokenCounterFactory, the_fuzz_seed_files_load_and_count) {
    const std::string seeds = std::string(SEEDS_DIR);
    auto tiktoken = open_token_counter(seeds + "/tiny.tiktoken");
    ASSERT_TRUE(tiktoken.ok()) << tiktoken.error().to_string();
    EXPECT_EQ((*tiktoken)->count("ab ab"), 2u);  // "ab" and " ab" are both ranked
    auto encoder = open_token_counter(seeds + "/tiny_encoder.json");
    ASSERT_TRUE(encoder.ok()) << encoder.error().to_string();
    EXPECT_EQ((*encoder)->count("ab a"), 2u);
    auto hf = open_token_counter(seeds + "/tokenizer.json");
    ASSERT_TRUE(hf.ok()) << hf.error().to_string();
    EXPECT_EQ((*hf)->name(), "bpe:fuzz_seeds");
    EXPECT_EQ((*hf)->count("hello hello"), 2u);
}

}  // namespace
}  // namespace bm
