// Values that say one fact in more or fewer words (see value_refinement.h).
#include "merge/value_refinement.h"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace bm {

namespace {

// Left-out words that can change what the shorter value means: negation, contrast and condition,
// time, hedging, failure, conjunction (a second fact), "only"-style scope, quantities and counts.
constexpr std::string_view kTurningWords[] = {
    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "cannot", "cant", "dont",
    "doesnt", "didnt", "isnt", "wasnt", "arent", "werent", "wont", "couldnt", "shouldnt", "t", "n", "but", "except",
    "unless", "if", "only", "instead", "rather", "although", "though", "however", "until", "or", "and", "then",
    "before", "after", "earlier", "later", "previously", "formerly", "once", "now", "longer", "anymore", "yet",
    "still", "again", "maybe", "might", "may", "could", "would", "should", "will", "possibly", "probably",
    "partially", "partly", "almost", "nearly", "fail", "fails", "failed", "failing", "error", "errors", "broken",
    "wrong", "false", "all", "every", "each", "some", "any", "few", "many", "most", "several", "half", "one",
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty", "hundred",
    "thousand", "million", "first", "second", "third", "last", "more", "less",
};

bool turns_meaning(const std::string& word) {
    if (std::any_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; })) return true;
    return std::find(std::begin(kTurningWords), std::end(kTurningWords), word) != std::end(kTurningWords);
}

bool reads_as_same_words(const std::vector<std::string>& general, const std::vector<std::string>& specific) {
    if (general.size() > specific.size() || general.empty()) return general == specific;
    size_t g = 0;
    for (const auto& w : specific) {
        if (g < general.size() && w == general[g]) {
            ++g;
            continue;
        }
        if (turns_meaning(w)) return false;
    }
    return g == general.size();
}

}  // namespace

std::vector<std::string> value_words(const std::string& value) {
    std::vector<std::string> words;
    std::string cur;
    for (size_t i = 0; i < value.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(value[i]);
        if (value.compare(i, 3, "\xE2\x80\x99") == 0) {  // a typographic apostrophe: "don’t" → "dont"
            i += 2;
            continue;
        }
        if (c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')) {
            cur += static_cast<char>(c);
        } else if (c >= 'A' && c <= 'Z') {
            cur += static_cast<char>(c - 'A' + 'a');
        } else if (c == '\'') {
            continue;  // "don't" → "dont"
        } else if (!cur.empty()) {
            words.push_back(std::move(cur));
            cur.clear();
        }
    }
    if (!cur.empty()) words.push_back(std::move(cur));
    return words;
}

bool reads_as_same(const std::string& general, const std::string& specific) {
    return reads_as_same_words(value_words(general), value_words(specific));
}

std::optional<std::string> common_reading(std::vector<std::string> values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    if (values.size() < 2) return std::nullopt;
    std::vector<std::pair<std::vector<std::string>, std::string>> worded;
    worded.reserve(values.size());
    for (auto& v : values) worded.emplace_back(value_words(v), std::move(v));
    // Fewest words first; among equal word lists the byte-wise smallest value stands for them.
    std::stable_sort(worded.begin(), worded.end(),
                     [](const auto& a, const auto& b) { return a.first.size() < b.first.size(); });
    for (size_t i = 0; i < worded.size(); ++i)
        for (size_t j = i + 1; j < worded.size(); ++j)
            if (!reads_as_same_words(worded[i].first, worded[j].first)) return std::nullopt;
    std::string best = worded.front().second;
    for (const auto& [words, v] : worded)
        if (words == worded.front().first && v < best) best = v;
    return best;
}

}  // namespace bm
