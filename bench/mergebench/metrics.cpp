// Value matching, the per-question tallies of MergeBench, and the rates formed from them.
#include "bench/mergebench/metrics.h"

#include <algorithm>
#include <cctype>

namespace bm::mergebench {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80); }

std::string lower(const std::string& s) {
    std::string out = s;
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

double rate(size_t n, size_t d) { return d ? static_cast<double>(n) / static_cast<double>(d) : 0.0; }

}  // namespace

const char* match_name(Match m) { return m == Match::kSubstring ? "substring" : "words"; }
const char* average_name(Average a) { return a == Average::kPerSeed ? "per-seed" : "pooled"; }

bool match_from_name(const std::string& name, Match* out) {
    for (Match m : {Match::kWords, Match::kSubstring})
        if (name == match_name(m)) return *out = m, true;
    return false;
}

bool average_from_name(const std::string& name, Average* out) {
    for (Average a : {Average::kPooled, Average::kPerSeed})
        if (name == average_name(a)) return *out = a, true;
    return false;
}

bool contains_word(const std::string& text, const std::string& word) {
    if (word.empty()) return false;
    for (size_t p = text.find(word); p != std::string::npos; p = text.find(word, p + 1)) {
        const bool left = p == 0 || !word_char(text[p - 1]);
        const bool right = p + word.size() >= text.size() || !word_char(text[p + word.size()]);
        if (left && right) return true;
    }
    return false;
}

bool contains_any(const std::string& text, const std::vector<std::string>& words, Match match) {
    for (const auto& w : words)
        if (match == Match::kWords ? contains_word(text, w) : !w.empty() && text.find(w) != std::string::npos) return true;
    return false;
}

void Tally::add(const Tally& t) {
    local += t.local, local_total += t.local_total, bridge += t.bridge, bridge_total += t.bridge_total;
    unambig += t.unambig, both += t.both, conflicted_total += t.conflicted_total;
    invented += t.invented, topics_total += t.topics_total, leaks += t.leaks;
    tokens_sum += t.tokens_sum, blocks += t.blocks, over_budget += t.over_budget;
    max_tokens = std::max(max_tokens, t.max_tokens);
}

Tally score_text(const Scenario& sc, const std::string& raw, Match match) {
    const std::string text = lower(raw);
    Tally t;
    std::vector<bool> present(sc.topics.size());
    for (size_t i = 0; i < sc.topics.size(); ++i) present[i] = contains_any(text, sc.topics[i].correct, match);
    for (const auto& q : sc.questions) {
        bool ok = true;
        for (size_t i : q.topics) ok = ok && present[i];
        if (q.bridge) t.bridge_total++, t.bridge += ok;
        else t.local_total++, t.local += ok;
    }
    for (size_t i = 0; i < sc.topics.size(); ++i) {
        if (!sc.topics[i].conflicted) continue;
        const bool wrong = contains_any(text, sc.topics[i].alternative, match);
        t.conflicted_total++;
        t.unambig += present[i] && !wrong;
        t.both += present[i] && wrong;
    }
    for (const auto& d : sc.decoys) t.invented += contains_any(text, {d}, match);
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

namespace bm::mergebench {

Rates arm_rates(const std::vector<Tally>& per_scenario, Average average) {
    Tally pooled;
    for (const auto& t : per_scenario) pooled.add(t);
    Rates r;
    r.tokens = rate(pooled.tokens_sum, pooled.blocks);
    if (average == Average::kPooled) {
        r.local = rate(pooled.local, pooled.local_total);
        r.bridge = rate(pooled.bridge, pooled.bridge_total);
        r.unambig = rate(pooled.unambig, pooled.conflicted_total);
        r.both = rate(pooled.both, pooled.conflicted_total);
        r.invent = rate(pooled.invented, pooled.topics_total);
        return r;
    }
    // The mean of one rate over the scenarios where its denominator is not 0.
    auto mean = [&](size_t Tally::*num, size_t Tally::*den) {
        double sum = 0;
        size_t n = 0;
        for (const auto& t : per_scenario)
            if (t.*den) sum += rate(t.*num, t.*den), ++n;
        return n ? sum / static_cast<double>(n) : 0.0;
    };
    r.local = mean(&Tally::local, &Tally::local_total);
    r.bridge = mean(&Tally::bridge, &Tally::bridge_total);
    r.unambig = mean(&Tally::unambig, &Tally::conflicted_total);
    r.both = mean(&Tally::both, &Tally::conflicted_total);
    r.invent = mean(&Tally::invented, &Tally::topics_total);
    return r;
}

}  // namespace bm::mergebench
