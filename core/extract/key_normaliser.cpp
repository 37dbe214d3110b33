// Lexical key and value normalisation used by the heuristic extractor.
#include "extract/key_normaliser.h"

#include <cctype>
#include <map>
#include <set>

#include "extract/sentence_tokens.h"
#include "meld/signals/analysis.h"
#include "meld/signals/key_phrase.h"

namespace bm {

namespace {

const std::set<std::string>& determiners() {
    static const std::set<std::string> s = {"the", "a", "an", "our", "my", "your", "their", "its", "this", "that",
                                            "these", "those", "current", "new", "default", "main", "primary"};
    return s;
}

// Besides pronouns, words that open no subject: places, quantities and chat (answers, notes, acknowledgements).
const std::set<std::string>& chatter_heads() {
    static const std::set<std::string> s = {"there", "here", "all", "each", "both", "answer", "result", "output",
                                            "reason", "problem", "issue", "goal", "task", "next", "step", "plan",
                                            "idea", "done", "note", "update", "summary", "warning", "error",
                                            "status", "hint", "tip", "example", "question", "thing", "way", "part",
                                            "point", "noted", "understood", "confirmed", "sure", "ok", "okay",
                                            "yes", "no", "great", "thanks", "got", "fixed", "finished"};
    return s;
}

// A subject's first word that names nothing: a pronoun ("it", "we"), a demonstrative or chatter.
bool names_nothing(const std::string& w) { return is_pronoun(w) || is_demonstrative(w) || chatter_heads().count(w); }

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

// "vuejs", "nodejs", "js": JavaScript and its projects, never the plural of a word ending in j.
bool is_js_name(const std::string& w) {
    return w.ends_with("js");
}

std::string singular(const std::string& w) {
    if (is_js_name(w)) return w;
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

namespace {

// The words a phrase's key segments come from: lowercase runs of letters and digits, split where
// a camelCase hump starts (over-splitting only adds candidates that match no segment).
std::vector<std::string> surface_tokens(const std::vector<std::string>& words) {
    std::vector<std::string> out;
    for (const auto& w : words) {
        std::string part;
        for (size_t i = 0; i <= w.size(); ++i) {
            const unsigned char c = i < w.size() ? static_cast<unsigned char>(w[i]) : ' ';
            const bool hump =
                i > 0 && std::isupper(c) && std::islower(static_cast<unsigned char>(w[i - 1]));
            if (!std::isalnum(c) || hump) {
                if (!part.empty()) out.push_back(std::move(part));
                part.clear();
            }
            if (std::isalnum(c)) part += static_cast<char>(std::tolower(c));
        }
    }
    return out;
}

std::string key_segment(std::string_view word) {
    std::string out;
    for (char c : word) {
        const unsigned char u = static_cast<unsigned char>(c);
        out += std::islower(u) || std::isdigit(u) || c == '_' || c == '-' ? c : '_';
    }
    return out;
}

// What normalise_key_phrase's synonym step made of each word the user wrote, mapped back to the
// word's own lemma (or its abbreviation's expansion): {"handclasp" -> "handshake"}.
std::map<std::string, std::string> synonym_undo(const std::vector<std::string>& words) {
    static const Analyser synonyms(WordNet::shared_default(), SynonymPolicy::kUnambiguous);
    static const Analyser own(WordNet::shared_default(), SynonymPolicy::kNone);
    std::map<std::string, std::string> undo;
    std::set<std::string> own_forms;
    for (const auto& t : surface_tokens(words)) {
        const std::string lemma = is_js_name(t) ? t : own.lemma_of(t);
        const std::string mine = key_segment(own.canonical_of(t, lemma));
        own_forms.insert(mine);
        const std::string theirs = key_segment(synonyms.canonical_of(t, synonyms.lemma_of(t)));
        if (theirs != mine) undo.emplace(theirs, mine);
    }
    for (const auto& f : own_forms) undo.erase(f);  // a segment some word of the phrase is itself
    // A lemma of one letter is a short name read as a plural ("ls" → "l", "os" → "o"): the word stays
    // (session 14: "run a command ls -la" gave `goal.run.command.l.la`).
    for (const auto& t : surface_tokens(words)) {
        const std::string lemma = is_js_name(t) ? t : own.lemma_of(t);
        if (lemma.size() == 1 && t.size() > 1) undo[key_segment(lemma)] = key_segment(t);
    }
    return undo;
}

}  // namespace

std::string normalise_subject(const std::vector<std::string>& words) {
    // Pronouns and chatter name nothing, whatever WordNet would make of them.
    std::string key = lexical_subject(words);
    if (key.empty()) return key;
    // WordNet-aware normalisation (abbreviations, lemmas: "DB engines" → database.engine), then the
    // same generic-head rule, so "the database engine" and "the database" meet. A synonym WordNet
    // put in place of a word the user wrote is taken back ("handshake" stays handshake).
    std::string phrase;
    for (const auto& w : words) phrase += (phrase.empty() ? "" : " ") + w;
    std::string wn = normalise_key_phrase(phrase);
    if (wn.empty()) return key;
    const std::map<std::string, std::string> undo = synonym_undo(words);
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t i = 0; i <= wn.size(); ++i)
        if (i == wn.size() || wn[i] == '.') {
            if (i > start) {
                std::string part = wn.substr(start, i - start);
                if (auto it = undo.find(part); it != undo.end()) part = it->second;
                parts.push_back(std::move(part));
            }
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
    if (kept.empty() || names_nothing(kept.front())) return {};
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
