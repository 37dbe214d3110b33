// Sentence splitting that keeps versions, hosts and paths ("8.0.36", "us-east-1") whole.
#include "extract/sentence_tokens.h"

#include <cctype>

namespace bm {

namespace {

bool is_word_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

std::vector<Token> tokenize(std::string_view text, size_t begin, size_t end) {
    std::vector<Token> out;
    size_t i = begin;
    while (i < end) {
        while (i < end && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < end && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        size_t a = i, b = j;
        // Strip surrounding punctuation but keep inner dots, dashes, slashes and colons.
        while (a < b && !is_word_char(static_cast<unsigned char>(text[a])) && text[a] != '=' && text[a] != ':') ++a;
        while (b > a && !is_word_char(static_cast<unsigned char>(text[b - 1])) && text[b - 1] != '=' && text[b - 1] != ':') --b;
        if (b > a) {
            Token t;
            t.begin = a;
            t.end = b;
            for (size_t k = a; k < b; ++k) t.lower += static_cast<char>(std::tolower(static_cast<unsigned char>(text[k])));
            t.comma_after = b < j && (text[b] == ',' || text[b] == ';');
            out.push_back(std::move(t));
        }
        i = j;
    }
    return out;
}

}  // namespace

std::vector<Sentence> split_sentences(std::string_view text) {
    std::vector<Sentence> out;
    size_t start = 0;
    bool in_code = false;
    auto emit = [&](size_t b, size_t e) {
        while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
        while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
        if (e <= b || in_code) return;
        Sentence s;
        s.begin = b;
        s.end = e;
        s.tokens = tokenize(text, b, e);
        if (!s.tokens.empty()) out.push_back(std::move(s));
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '`' && text.compare(i, 3, "```") == 0) {
            emit(start, i);
            in_code = !in_code;
            i += 2;
            start = i + 1;
            continue;
        }
        bool boundary = c == '\n' || c == '!' || c == '?' || c == ';';
        if (c == '.') {
            // A dot ends a sentence only before whitespace or the end ("8.0.36", "a.b" stay whole).
            boundary = i + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[i + 1]));
        }
        if (boundary) {
            emit(start, i + 1);  // the terminator stays in the sentence ("?" marks questions)
            start = i + 1;
        }
    }
    emit(start, text.size());
    return out;
}

}  // namespace bm
