// The rubric's matching rule (bench/extract/match_rule.h).
#include "bench/extract/match_rule.h"

#include <algorithm>
#include <cctype>

namespace bm::extract_bench {

std::string normalise_value(const std::string& value) {
    std::string out;
    bool pending_space = false;
    for (unsigned char c : value) {
        if (c >= 0x80 || std::isalnum(c)) {
            if (pending_space && !out.empty()) out += ' ';
            pending_space = false;
            out += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
        } else if (std::isspace(c)) {
            pending_space = true;
        }
    }
    return out;
}

std::vector<std::string> key_words(const std::string& key) {
    std::vector<std::string> words;
    std::string word;
    for (unsigned char c : key) {
        if (c == '.' || c == '_' || c == '-' || c == '/') {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else {
            word += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
        }
    }
    if (!word.empty()) words.push_back(word);
    return words;
}

bool values_match(const std::string& emitted, const std::string& gold) {
    const std::string a = normalise_value(emitted), b = normalise_value(gold);
    if (a.empty() || b.empty()) return a == b && !emitted.empty() && emitted == gold;
    return a == b || a.find(b) != std::string::npos || b.find(a) != std::string::npos;
}

bool keys_share_word(const std::string& emitted, const std::string& gold) {
    const auto a = key_words(emitted), b = key_words(gold);
    return std::any_of(a.begin(), a.end(), [&](const std::string& w) { return std::find(b.begin(), b.end(), w) != b.end(); });
}

bool slot_matches_gold(const std::string& emitted_key, const std::string& emitted_value, const std::string& gold_key,
                       const std::string& gold_value) {
    return keys_share_word(emitted_key, gold_key) && values_match(emitted_value, gold_value);
}

}  // namespace bm::extract_bench
