// FTS5 MATCH expression and excerpt placement for context_search (one query path for both).
#include "fold/search_query.h"

#include <cctype>
#include <string_view>
#include <vector>

#include "fold/archive.h"

namespace bm {

namespace {

bool is_word_byte(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80) ||
           c == '_';
}

std::string lower_ascii(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Words of the query (phrases split too) used to place the excerpt.
std::vector<std::string> query_words(const std::string& q) {
    std::vector<std::string> words;
    std::string cur;
    for (char c : q + " ") {
        if (is_word_byte(c)) {
            cur += c;
        } else if (!cur.empty()) {
            words.push_back(cur);
            cur.clear();
        }
    }
    return words;
}

}  // namespace

std::string fts_match_expression(const std::string& query) {
    std::string out;
    auto add_phrase = [&](const std::string& p) {
        bool has_word = false;
        for (char c : p)
            if (std::isalnum(static_cast<unsigned char>(c)) ||
                (static_cast<unsigned char>(c) & 0x80))
                has_word = true;
        if (!has_word) return;
        std::string escaped;
        for (char c : p) {
            if (c == '"') escaped += '"';
            escaped += c;
        }
        if (!out.empty()) out += ' ';
        out += '"' + escaped + '"';
    };
    // Text between quotes is one phrase; text outside them is split at whitespace into terms.
    auto flush = [&](const std::string& piece, bool quoted) {
        if (quoted) return add_phrase(piece);
        std::string word;
        for (char c : piece + " ") {
            if (!std::isspace(static_cast<unsigned char>(c))) {
                word += c;
                continue;
            }
            add_phrase(word);
            word.clear();
        }
    };
    bool in_quote = false;
    std::string cur;
    for (char c : query) {
        if (c != '"') {
            cur += c;
            continue;
        }
        flush(cur, in_quote);
        cur.clear();
        in_quote = !in_quote;
    }
    flush(cur, in_quote);
    return out;
}

std::string fts_phrase_expression(const std::string& query) {
    if (query.find('"') != std::string::npos || query_words(query).size() < 2) return {};
    return '"' + query + '"';
}

std::string search_excerpt(const std::string& body, const std::string& query, size_t max_bytes) {
    const std::string lower_body = lower_ascii(body);
    // Prefer the whole query as a phrase, then its first word found.
    size_t at = lower_body.find(lower_ascii(query));
    if (at == std::string::npos)
        for (const auto& w : query_words(query))
            if ((at = lower_body.find(lower_ascii(w))) != std::string::npos) break;
    if (at == std::string::npos) at = 0;
    size_t begin = at > max_bytes / 3 ? at - max_bytes / 3 : 0;
    while (begin > 0 && (static_cast<unsigned char>(body[begin]) & 0xC0) == 0x80) --begin;
    return utf8_prefix(std::string_view(body).substr(begin), max_bytes);
}

}  // namespace bm
