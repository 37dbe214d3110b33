// Sentences and word tokens of message text, with byte offsets back into the text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bm {

struct Token {
    std::string lower;  // lowercased, surrounding punctuation stripped
    size_t begin = 0;   // byte span of the stripped token in the text
    size_t end = 0;
    bool comma_after = false;  // a ',' or ';' followed the token: a clause break
};

struct Sentence {
    size_t begin = 0;  // byte span in the text (trimmed)
    size_t end = 0;
    std::vector<Token> tokens;
};

// Splits prose into sentences (., !, ?, ;, newlines but those of hard-wrapped prose), skipping fenced code blocks.
// `join_wrapped_lines` false: every newline ends a sentence (a tool's output: rows, records, file lines).
std::vector<Sentence> split_sentences(std::string_view text, bool join_wrapped_lines = true);

// True for a pronoun ("it", "them", "we", "something", "what"): a word that stands for a thing named
// elsewhere, so a key made from it would name nothing. `lower` is a Token's lowercased text.
bool is_pronoun(std::string_view lower);

// True for "this", "that", "these" and "those": a pronoun alone, a determiner before a noun (callers
// decide which, so is_pronoun leaves them out).
bool is_demonstrative(std::string_view lower);

}  // namespace bm
