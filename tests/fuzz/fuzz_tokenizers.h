// Fuzz bodies for core/pack token counting: tokenizer-file parsers and counting arbitrary bytes.
#pragma once

#include <string>
#include <string_view>

#include "pack/bpe_counter.h"
#include "pack/bpe_ranks.h"
#include "pack/hf_tokenizer.h"
#include "pack/pretokenizer.h"
#include "pack/token_estimator.h"

namespace bm::fuzz {

// A counter must never crash and never report more tokens than bytes (after U+FFFD replacement).
inline void check_counter(const TokenCounter& counter, std::string_view text) {
    if (counter.count(text) > 3 * text.size()) __builtin_trap();
    if (text.empty() && counter.count(text) != 0) __builtin_trap();
}

// Every parser either refuses the input with an error or yields a counter that works.
inline void fuzz_tokenizer_file(std::string_view input) {
    if (auto ranks = parse_tiktoken_rank_file(input, "fuzz.tiktoken"); ranks.ok()) {
        auto counter = make_tiktoken_counter(std::move(*ranks), PretokenPattern::kCl100k, "fuzz");
        check_counter(*counter, input.substr(0, 4096));
    }
    if (auto ranks = parse_tiktoken_npm_json(input, "fuzz.json"); ranks.ok()) {
        auto counter = make_tiktoken_counter(std::move(*ranks), PretokenPattern::kGpt2, "fuzz");
        check_counter(*counter, input.substr(0, 4096));
    }
    if (auto counter = parse_hf_tokenizer(input, "tokenizer.json", "fuzz"); counter.ok())
        check_counter(**counter, input.substr(0, 4096));
}

// Arbitrary bytes: the pre-tokenizers partition valid text into non-empty pieces, and the counters
// (a small byte-pair vocabulary, the estimator) accept anything.
inline void fuzz_token_count(std::string_view input) {
    const std::string text = replace_invalid_utf8(input);
    for (auto pattern : {PretokenPattern::kCl100k, PretokenPattern::kGpt2}) {
        for (size_t pos = 0; pos < text.size();) {
            const size_t end = next_pretoken(pattern, text, pos);
            if (end <= pos || end > text.size()) __builtin_trap();
            pos = end;
        }
    }
    static const auto tiny = [] {
        auto ranks = parse_tiktoken_rank_file("YQ== 0\nYg== 1\nYWI= 2\nICA= 3\nYWJh 4\n", "tiny.tiktoken");
        return make_tiktoken_counter(std::move(*ranks), PretokenPattern::kCl100k, "tiny");
    }();
    check_counter(*tiny, input);
    const auto estimator = make_token_estimator();
    check_counter(*estimator, input);
}

}  // namespace bm::fuzz
