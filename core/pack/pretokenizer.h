// The BPE pre-tokenizers: hand-written matchers equal to tiktoken's split regexes (SPEC §10).
//
// Each pattern is implemented exactly, alternative by alternative, with the backtracking of the
// regex engine spelled out (leftmost-first alternation, greedy quantifiers, (?!\S) lookahead);
// \p{L}, \p{N} and \s come from the generated table in unicode_classes.h. Thread-safety: pure.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bm {

enum class PretokenPattern {
    kCl100k,  // cl100k_base (GPT-3.5/4, Llama 3's Split regex)
    kGpt2,    // r50k_base / p50k_base / GPT-2's ByteLevel regex
};

// The regex text of `pattern`, as tiktoken and tokenizer.json spell it.
std::string_view pretoken_regex(PretokenPattern pattern);
std::string_view pretoken_pattern_name(PretokenPattern pattern);
// The pattern whose regex text is `regex` exactly; nullopt for any other regex.
std::optional<PretokenPattern> pretoken_pattern_from_regex(std::string_view regex);

// End offset of the pre-token that starts at `pos`. REQUIRES: text is valid UTF-8, pos < text.size()
// and pos is at a code point boundary. The result is > pos.
size_t next_pretoken(PretokenPattern pattern, std::string_view text, size_t pos);

// Replaces each maximal invalid subsequence by U+FFFD, as a WHATWG/Node.js UTF-8 decoder does, so a
// count over invalid bytes equals tiktoken's count over the same bytes read as a JavaScript string.
std::string replace_invalid_utf8(std::string_view text);

}  // namespace bm
