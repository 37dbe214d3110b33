// A user's negated imperatives, "without …ing" riders and "use a single X per Y" limits as Constraints.
#include "extract/user_constraint_rules.h"

#include <cctype>
#include <set>
#include <string>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

using Toks = std::vector<Token>;

bool in(const std::set<std::string>& s, const std::string& w) { return s.count(w) > 0; }

const std::set<std::string>& lead_ins() {
    static const std::set<std::string> s = {"please", "also", "and", "but", "then", "now", "so", "again", "just",
                                            "finally", "important", "note", "remember"};
    return s;
}

const std::set<std::string>& conditions() {
    static const std::set<std::string> s = {"if", "when", "whenever", "unless", "once", "after", "before",
                                            "while", "until", "whether", "in case"};
    return s;
}

const std::set<std::string>& negators() {
    static const std::set<std::string> s = {"not", "never", "don't", "dont", "don\xE2\x80\x99t", "no", "without",
                                            "avoid", "nor"};
    return s;
}

// Verbs whose prohibition shapes this turn's reply ("do not explain", "don't print anything else"): those
// are turn.reply_instruction's; "use"/"call" prohibitions are turn.tool_choice's and turn.tool_call's.
const std::set<std::string>& other_rules_verbs() {
    static const std::set<std::string> s = {
        "quote", "report",  "print",   "say",    "tell",   "return",  "echo",   "describe", "explain", "mention",
        "include", "summarise", "summarize", "list", "show", "answer", "reply", "respond", "output", "repeat",
        "use",   "call",    "invoke"};
    return s;
}

// Verbs a prohibition names beyond the task verbs of user.request.
const std::set<std::string>& more_verbs() {
    static const std::set<std::string> s = {"touch", "guess", "assume", "invent", "skip", "rely", "exceed", "access",
                                            "hardcode", "mock", "alter", "overwrite", "bypass", "introduce",
                                            "reformat", "break", "expose", "store", "ask", "retry", "modify"};
    return s;
}

bool verb(const std::string& w) { return (is_task_verb(w) || in(more_verbs(), w)) && !in(other_rules_verbs(), w); }

// Words of an object phrase that name nothing of their own.
const std::set<std::string>& fillers() {
    static const std::set<std::string> s = {"a",     "an",    "the",   "any",   "some",  "my",     "your", "our",
                                            "their", "its",   "this",  "that",  "these", "those",  "another",
                                            "other", "more",  "second", "extra", "additional", "new", "single",
                                            "one",   "only",  "just",  "exactly"};
    return s;
}

// Words that end an object phrase.
const std::set<std::string>& object_ends() {
    static const std::set<std::string> s = {
        "to", "in", "on", "with", "for", "from", "into", "at", "by", "via", "and", "or", "then", "using", "as",
        "so", "which", "if", "when", "before", "after", "until", "because", "since", "while", "instead", "unless",
        "once", "but", "without", "per", "than", "of", "yet", "again", "anymore", "now", "first", "today",
        "here", "later"};
    return s;
}

// Adverbs that tie an instruction to the moment it was given.
const std::set<std::string>& moments() {
    static const std::set<std::string> s = {"first", "yet", "now", "today", "again", "here", "anymore"};
    return s;
}

bool alphabetic(const std::string& w) {
    if (w.empty()) return false;
    for (char c : w)
        if (!std::isalpha(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') return false;
    return std::isalpha(static_cast<unsigned char>(w[0])) != 0;
}

// True when the object phrase from token `k` only points back ("do not run it", "never change this"):
// a pronoun, or a demonstrative with no noun after it. Its key would name no subject (SPEC §5).
bool object_points_back(const Toks& t, size_t k, size_t hi) {
    if (k < hi && is_pronoun(t[k].lower)) return true;
    const bool demonstrative = k < hi && is_demonstrative(t[k].lower);
    return demonstrative && (k + 1 >= hi || t[k].comma_after || in(object_ends(), t[k + 1].lower));
}

// Up to 3 object words from token `k` (fillers skipped) as key parts joined by '.'; `end` past the last.
std::string object_key(const Toks& t, size_t k, size_t hi, size_t& end) {
    while (k < hi && in(fillers(), t[k].lower) && !t[k].comma_after) ++k;
    std::string key;
    int words = 0;
    end = k;
    while (k < hi && words < 3 && !in(object_ends(), t[k].lower)) {
        const std::string slug = key_slug(t[k].lower, 24);
        if (!alphabetic(t[k].lower) || slug.empty()) break;
        key += (key.empty() ? "" : ".") + slug;
        ++words, end = ++k;
        if (t[k - 1].comma_after) break;
    }
    return key;
}

// The clause's own words, lowercased, from token `a` to the clause's end (a comma or the sentence's end).
std::string clause_words(std::string_view text, const Toks& t, size_t a, size_t b) {
    std::string out;
    for (size_t k = t[a].begin; k < t[b - 1].end && k < text.size(); ++k) {
        const char c = text[k];
        if (c == '`' || c == '"' || c == '\n') continue;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

size_t clause_end(const Toks& t, size_t a) {
    size_t e = a;
    while (e < t.size() && !t[e].comma_after) ++e;
    return e < t.size() ? e + 1 : e;
}

// "do not", "don't", "never", "do NOT", and the second person's "you should/must not|never", "you
// shouldn't/mustn't" (session 17): how many tokens the negation takes at `i` (0 when none).
size_t negation_at(const Toks& t, size_t i) {
    if (i + 1 < t.size() && t[i].lower == "do" && t[i + 1].lower == "not") return 2;
    if (i + 2 < t.size() && t[i].lower == "you" && (t[i + 1].lower == "should" || t[i + 1].lower == "must") &&
        (t[i + 2].lower == "not" || t[i + 2].lower == "never"))
        return 3;
    if (i + 1 < t.size() && t[i].lower == "you" &&
        (t[i + 1].lower == "shouldn't" || t[i + 1].lower == "mustn't" || t[i + 1].lower == "shouldn\xE2\x80\x99t"))
        return 2;
    if (t[i].lower == "don't" || t[i].lower == "dont" || t[i].lower == "don\xE2\x80\x99t" || t[i].lower == "never")
        return 1;
    return 0;
}

void negated_imperative(std::string_view text, const Toks& t, size_t s, std::vector<TextFact>& out) {
    const size_t n = negation_at(t, s);
    if (n == 0 || s + n >= t.size()) return;
    size_t v = s + n;
    if (!verb(t[v].lower) || t[v].comma_after) return;
    const size_t end = clause_end(t, s);
    for (size_t k = s; k < end; ++k)
        if (t[k].lower == "until") return;  // "don't stop until X": a completion criterion, not a prohibition
    std::string verbs = t[v].lower;
    // "read or write", "modify or delete": coordinated verbs share the object.
    while (v + 2 < end && (t[v + 1].lower == "or" || t[v + 1].lower == "and") && verb(t[v + 2].lower) &&
           !t[v].comma_after)
        verbs += "-" + t[v + 2].lower, v += 2;
    if (object_points_back(t, v + 1, end)) return;
    size_t object_last = v + 1;
    const std::string object = object_key(t, v + 1, end, object_last);
    const std::string key = "constraint." + verbs + (object.empty() ? "" : "." + object);
    // "Do not read the file first", "don't commit yet": a prohibition tied to the moment is its turn's.
    bool moment = false;
    for (size_t k = object_last; k < end; ++k) moment |= in(moments(), t[k].lower);
    out.push_back({moment ? "turn.prohibition" : "user.negated_imperative", key, clause_words(text, t, s, end), SlotType::kConstraint, t[s].begin,
                   t[end - 1].end});
}

void without_clause(std::string_view text, const Toks& t, size_t s, std::vector<TextFact>& out) {
    if (!is_task_verb(t[s].lower) || in(other_rules_verbs(), t[s].lower)) {
        // "Summarize what happened without …" is a reply instruction with a rule of its own, but its rider
        // is a standing rule for the work.
        if (!(t[s].lower == "summarize" || t[s].lower == "summarise" || t[s].lower == "report")) return;
    }
    for (size_t w = s + 1; w + 1 < t.size(); ++w) {
        if (in(negators(), t[w].lower) && t[w].lower != "without") return;  // a double negative
        if (t[w].lower != "without") continue;
        const std::string& g = t[w + 1].lower;
        if (g.size() < 5 || g.compare(g.size() - 3, 3, "ing") != 0 || !alphabetic(g)) return;
        const size_t end = clause_end(t, w);
        if (end - w > 8) return;
        if (object_points_back(t, w + 2, end)) return;
        size_t last = w + 2;
        const std::string object = object_key(t, w + 2, end, last);
        out.push_back({"user.without_clause", "constraint." + g + (object.empty() ? "" : "." + object),
                       clause_words(text, t, w, end), SlotType::kConstraint, t[w].begin, t[end - 1].end});
        return;
    }
}

void one_per(std::string_view text, const Toks& t, size_t s, std::vector<TextFact>& out) {
    if (t[s].lower != "use" || s + 4 >= t.size()) return;
    size_t q = s + 1;
    if (t[q].lower == "only" || t[q].lower == "just" || t[q].lower == "exactly") ++q;
    if (t[q].lower == "a" && t[q + 1].lower == "single") q += 2;
    else if (t[q].lower == "one" || t[q].lower == "single") ++q;
    else return;
    size_t per = q;
    while (per < t.size() && per < q + 3 && t[per].lower != "per" && !t[per].comma_after) ++per;
    if (per == q || per + 1 >= t.size() || t[per].lower != "per") return;
    size_t x_end = 0, y_end = 0;
    const std::string x = object_key(t, q, per, x_end);
    const std::string y = object_key(t, per + 1, t.size(), y_end);
    if (x.empty() || y.empty() || x_end != per) return;
    out.push_back({"user.one_per", "constraint." + x + ".per." + y, clause_words(text, t, s, y_end),
                   SlotType::kConstraint, t[s].begin, t[y_end - 1].end});
}

}  // namespace

std::vector<TextFact> user_imperative_constraints(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000) return out;
    for (const Sentence& sentence : split_sentences(text)) {
        const Toks& t = sentence.tokens;
        if (t.size() < 2 || t.size() > 24 || text[sentence.end - 1] == '?') continue;
        // The clause opens after lead-ins ("Please", "Also") and a label ("Continue:", "Note:").
        size_t s = 0;
        while (s + 1 < t.size() && (in(lead_ins(), t[s].lower) || t[s].lower.back() == ':') && !t[s].comma_after) ++s;
        if (in(conditions(), t[s].lower)) continue;
        const size_t before = out.size();
        negated_imperative(text, t, s, out);
        if (out.size() == before) one_per(text, t, s, out);
        if (out.size() == before) without_clause(text, t, s, out);
    }
    return out;
}

}  // namespace bm
