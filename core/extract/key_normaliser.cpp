// Lexical key and value normalisation used by the heuristic extractor.
#include "extract/key_normaliser.h"

#include <cctype>
#include <set>

#include "meld/signals/key_phrase.h"

namespace bm {

namespace {

const std::set<std::string>& determiners() {
    static const std::set<std::string> s = {"the", "a", "an", "our", "my", "your", "their", "its", "this", "that",
                                            "these", "those", "current", "new", "default", "main", "primary"};
    return s;
}

const std::set<std::string>& pronouns() {
    static const std::set<std::string> s = {"it", "this", "that", "there", "which", "what", "i", "we", "you", "he",
                                            "she", "they", "who", "here", "everything", "something", "nothing",
                                            "all", "each", "one", "both", "answer", "result", "output", "reason",
                                            "problem", "issue", "goal", "task", "next", "step", "plan", "idea", "done",
                                            "note", "update", "summary", "warning", "error", "status", "hint",
                                            "tip", "example", "question", "thing", "way", "part", "point", "noted",
                                            "understood", "confirmed", "sure", "ok", "okay", "yes", "no", "great",
                                            "thanks", "got", "fixed", "result", "output", "finished"};
    return s;
}

const std::set<std::string>& generic_heads() {
    static const std::set<std::string> s = {"engine", "backend", "system", "setting", "settings", "config",
                                            "configuration", "value", "name", "choice", "option", "layer"};
    return s;
}

const std::set<std::string>& chatter_values() {
    static const std::set<std::string> s = {"done", "great", "good", "fine", "correct", "right", "ok", "okay",
                                            "true", "false", "ready", "complete", "completed", "working", "here",
                                            "there", "it", "this", "that", "now", "also", "still", "not", "a", "the",
                                            "available", "possible", "important", "needed", "required", "used",
                                            "set", "in", "on", "at", "to", "of", "and", "or", "with", "for", "what",
                                            "which", "who", "how", "why", "where", "when", "being", "going"};
    return s;
}

std::string clean_word(const std::string& w) {
    std::string out;
    for (char c : w) {
        unsigned char u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '_' || c == '-') out += static_cast<char>(std::tolower(u));
        else if (c == '\'') break;  // "database's" → "database"
    }
    return out;
}

std::string singular(const std::string& w) {
    if (w.size() > 4 && w.ends_with("ies")) return w.substr(0, w.size() - 3) + "y";
    if (w.size() > 3 && w.back() == 's' && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is"))
        return w.substr(0, w.size() - 1);
    return w;
}

bool is_number(const std::string& w) {
    return !w.empty() && std::isdigit(static_cast<unsigned char>(w[0]));
}

}  // namespace

namespace {
std::string lexical_subject(const std::vector<std::string>& words);
}  // namespace

std::string literal_subject(const std::vector<std::string>& words) { return lexical_subject(words); }

std::string normalise_subject(const std::vector<std::string>& words) {
    // Pronouns and chatter name nothing, whatever WordNet would make of them.
    std::string key = lexical_subject(words);
    if (key.empty()) return key;
    // WordNet-aware normalisation (synonyms, abbreviations, lemmas: "DB engines" → database.engine),
    // then the same generic-head rule, so "the database engine" and "the database" meet.
    std::string phrase;
    for (const auto& w : words) phrase += (phrase.empty() ? "" : " ") + w;
    std::string wn = normalise_key_phrase(phrase);
    if (wn.empty()) return key;
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t i = 0; i <= wn.size(); ++i)
        if (i == wn.size() || wn[i] == '.') {
            if (i > start) parts.push_back(wn.substr(start, i - start));
            start = i + 1;
        }
    while (parts.size() > 1 && generic_heads().count(parts.back())) parts.pop_back();
    if (parts.size() > 3) parts.erase(parts.begin(), parts.end() - 3);
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ".") + p;
    return out.empty() || !std::isalpha(static_cast<unsigned char>(out[0])) ? key : out;
}

namespace {
std::string lexical_subject(const std::vector<std::string>& words) {
    std::vector<std::string> kept;
    for (const auto& raw : words) {
        std::string w = clean_word(raw);
        if (w.empty() || determiners().count(w)) continue;
        // "request_timeout" and "request-timeout" name what "request timeout" names.
        size_t start = 0;
        for (size_t i = 0; i <= w.size(); ++i)
            if (i == w.size() || w[i] == '_' || w[i] == '-') {
                if (i > start) kept.push_back(singular(w.substr(start, i - start)));
                start = i + 1;
            }
    }
    if (kept.empty() || pronouns().count(kept.front())) return {};
    while (kept.size() > 1 && generic_heads().count(kept.back())) kept.pop_back();
    if (kept.size() > 3) kept.erase(kept.begin(), kept.end() - 3);
    std::string key;
    for (const auto& w : kept) {
        if (!std::isalpha(static_cast<unsigned char>(w[0])) && kept.size() == 1) return {};
        key += (key.empty() ? "" : ".") + w;
    }
    return key;
}

}  // namespace

std::string normalise_value(const std::vector<std::string>& words) {
    std::vector<std::string> kept;
    for (const auto& raw : words) {
        std::string w;
        for (char c : raw) w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        while (!w.empty() && (w.back() == ',' || w.back() == ')' || w.back() == '"' || w.back() == '\'')) w.pop_back();
        if (w.empty() || w == "a" || w == "an" || w == "the") continue;
        kept.push_back(w);
    }
    if (kept.empty() || chatter_values().count(kept.front())) return {};
    // A number keeps its unit ("30 s" → "30s", "7 years" → "7years"); a name drops its version.
    if (is_number(kept.front())) {
        std::string v = kept.front();
        if (kept.size() > 1 && kept[1].size() <= 7 && std::isalpha(static_cast<unsigned char>(kept[1][0]))) v += kept[1];
        return v;
    }
    return kept.front();
}

}  // namespace bm
