// Whole-word matching and the per-question tallies of MergeBench.
#include "bench/mergebench/metrics.h"

#include <cctype>

namespace bm::mergebench {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80); }

std::string lower(const std::string& s) {
    std::string out = s;
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

bool contains_word(const std::string& text, const std::string& word) {
    if (word.empty()) return false;
    for (size_t p = text.find(word); p != std::string::npos; p = text.find(word, p + 1)) {
        const bool left = p == 0 || !word_char(text[p - 1]);
        const bool right = p + word.size() >= text.size() || !word_char(text[p + word.size()]);
        if (left && right) return true;
    }
    return false;
}

bool contains_any(const std::string& text, const std::vector<std::string>& words) {
    for (const auto& w : words)
        if (contains_word(text, w)) return true;
    return false;
}

void Tally::add(const Tally& t) {
    local += t.local, local_total += t.local_total, bridge += t.bridge, bridge_total += t.bridge_total;
    unambig += t.unambig, both += t.both, conflicted_total += t.conflicted_total;
    invented += t.invented, topics_total += t.topics_total, leaks += t.leaks;
    tokens_sum += t.tokens_sum, blocks += t.blocks, over_budget += t.over_budget;
    max_tokens = std::max(max_tokens, t.max_tokens);
}

Tally score_text(const Scenario& sc, const std::string& raw) {
    const std::string text = lower(raw);
    Tally t;
    std::vector<bool> present(sc.topics.size());
    for (size_t i = 0; i < sc.topics.size(); ++i) present[i] = contains_any(text, sc.topics[i].correct);
    for (const auto& q : sc.questions) {
        bool ok = true;
        for (size_t i : q.topics) ok = ok && present[i];
        if (q.bridge) t.bridge_total++, t.bridge += ok;
        else t.local_total++, t.local += ok;
    }
    for (size_t i = 0; i < sc.topics.size(); ++i) {
        if (!sc.topics[i].conflicted) continue;
        const bool wrong = contains_any(text, sc.topics[i].alternative);
        t.conflicted_total++;
        t.unambig += present[i] && !wrong;
        t.both += present[i] && wrong;
    }
    for (const auto& d : sc.decoys) t.invented += contains_word(text, d);
    t.topics_total = sc.topics.size();
    t.leaks = leaks_directive(sc, raw);
    return t;
}

bool leaks_directive(const Scenario& sc, const std::string& text) {
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(pos, end - pos);
        const std::string l = lower(line);
        for (const auto& d : sc.directives)
            if (l.find(d) != std::string::npos && line.rfind("- [UNTRUSTED] ", 0) != 0) return true;
        pos = end + 1;
    }
    return false;
}

}  // namespace bm::mergebench
