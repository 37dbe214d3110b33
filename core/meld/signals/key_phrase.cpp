// Key normalisation (see key_phrase.h for the rules).
#include "meld/signals/key_phrase.h"

#include <vector>

#include "meld/signals/analysis.h"
#include "meld/signals/lexicon.h"
#include "meld/signals/tokenize.h"

namespace bm {

namespace {

bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
bool is_lower(char c) {
    return c >= 'a' && c <= 'z';
}
bool has_digit(std::string_view s) {
    for (char c : s)
        if (c >= '0' && c <= '9') return true;
    return false;
}

// Rule 1: a space before an upper-case letter that starts a word inside another word.
std::string split_camel_case(std::string_view phrase) {
    std::string out;
    for (size_t i = 0; i < phrase.size(); ++i) {
        const char c = phrase[i];
        if (i > 0 && is_upper(c)) {
            const char prev = phrase[i - 1];
            const bool next_lower = i + 1 < phrase.size() && is_lower(phrase[i + 1]);
            if (is_lower(prev) || (is_upper(prev) && next_lower)) out += ' ';  // dbEngine, DBEngine
        }
        out += c;
    }
    return out;
}

// Rule 2: database-engine -> database engine; us-east-1 stays.
std::vector<std::string> split_connectors(const std::vector<std::string>& tokens) {
    std::vector<std::string> out;
    for (const std::string& token : tokens) {
        if (has_digit(token)) {
            out.push_back(token);
            continue;
        }
        std::string part;
        for (char c : token) {
            if (c == '-' || c == '_' || c == '.' || c == '/' || c == ':') {
                if (!part.empty()) out.push_back(std::move(part));
                part.clear();
            } else {
                part += c;
            }
        }
        if (!part.empty()) out.push_back(std::move(part));
    }
    return out;
}

// Rule 3: "X of Y" -> "Y X" at the first of/for; the possessive 's disappears with stop words.
std::vector<std::string> invert_of_phrases(std::vector<std::string> tokens) {
    for (size_t i = 1; i + 1 < tokens.size(); ++i) {
        if (tokens[i] != "of" && tokens[i] != "for") continue;
        std::vector<std::string> out(tokens.begin() + static_cast<long>(i) + 1, tokens.end());
        out.insert(out.end(), tokens.begin(), tokens.begin() + static_cast<long>(i));
        return out;
    }
    return tokens;
}

std::string sanitise_segment(std::string_view word) {
    std::string out;
    for (char c : word) {
        const bool keep = is_lower(c) || (c >= '0' && c <= '9') || c == '_' || c == '-';
        out += keep ? c : '_';
    }
    return out;
}

}  // namespace

std::string normalise_key_phrase(std::string_view phrase, const WordNet* wordnet) {
    const Analyser analyser(wordnet, SynonymPolicy::kUnambiguous);
    std::vector<std::string> tokens =
        invert_of_phrases(split_connectors(tokenize(split_camel_case(phrase))));
    std::string key;
    std::string last;
    for (const std::string& token : tokens) {
        if (is_clause_punctuation(token) || token == "$" || lexicon::is_stop_word(token)) continue;
        std::string word =
            token;  // identifiers with digits stay as written, unless abbreviations (k8s)
        if (!has_digit(token) || lexicon::expand_abbreviation(token) != token)
            word = analyser.canonical_of(token, analyser.lemma_of(token));
        std::string segment = sanitise_segment(word);
        if (segment.empty() || segment == last) continue;
        key += (key.empty() ? "" : ".") + segment;
        last = std::move(segment);
    }
    return key;
}

std::string normalise_key_phrase(std::string_view phrase) {
    return normalise_key_phrase(phrase, WordNet::shared_default());
}

}  // namespace bm
