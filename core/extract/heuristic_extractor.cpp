// Pattern matching over sentence tokens; no regex, bounded work per sentence.
#include "extract/heuristic_extractor.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <map>
#include <optional>
#include <set>

#include "extract/action_claims.h"
#include "extract/claim_origin.h"
#include "extract/cjk_statement_rules.h"
#include "extract/closing_summary_rules.h"
#include "extract/completion_rules.h"
#include "extract/goal_statement_rules.h"
#include "extract/document_request_guards.h"
#include "extract/retried_calls.h"
#include "extract/seen_file_claims.h"
#include "extract/statement_rules.h"
#include "extract/notice_rules.h"
#include "extract/rule_table.h"
#include "extract/environment_claims.h"
#include "extract/file_goal_rules.h"
#include "extract/preference_rules.h"
#include "extract/tool_action_rules.h"
#include "extract/user_constraint_rules.h"
#include "extract/support_chat_rules.h"
#include "extract/ordinal_task_rules.h"
#include "extract/stated_total_rules.h"
#include "extract/user_situation_rules.h"
#include "extract/requirement_rules.h"
#include "extract/chat_line.h"
#include "extract/claude_code_run_rules.h"
#include "extract/spec_label_rules.h"
#include "extract/harness_rules.h"
#include "extract/run_outcome_rules.h"
#include "extract/acceptance_rules.h"
#include "extract/bold_label_rules.h"
#include "extract/cause_rules.h"
#include "extract/workspace_instruction_rules.h"
#include "extract/key_normaliser.h"
#include "extract/rejection_reason.h"
#include "extract/request_casing.h"
#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"
#include "extract/tool_call_facts.h"
#include "extract/tool_result_facts.h"
#include "extract/turn_rules.h"

namespace bm {

namespace {

using Toks = std::vector<Token>;

const std::set<std::string>& stop_value() {
    static const std::set<std::string> s = {"and", "but", "or", "because", "so", "since", "which", "that", "while",
                                            "when", "for", "with", "in", "on", "at", "from", "by", "via", "to",
                                            "if", "than", "as", "instead", "unless", "until", "therefore",
                                            "please"};  // "… is broken please fix it": a request begins (session 20)
    return s;
}

const std::set<std::string>& subject_breaks() {
    // Clause words and verbs: a subject is the noun phrase right before its copula, never a verb.
    static const std::set<std::string> s = {
        "and", "but", "or", "because", "so", "since", "then", "also", "now", "that", "which", "while", "when", "if",
        "therefore", "thus", "hence", "confirmed", "noted", "done", "yes", "no", "ok", "okay", "understood", "says",
        "said", "say", "shows", "show", "showed", "reports", "reported", "confirms", "confirm", "think", "thinks",
        "know", "knows", "found", "notes", "means", "mean", "seems", "checked", "verified", "mentioned", "states",
        "stated", "indicates", "suggests", "believe", "sure", "see", "saw", "is", "are", "was", "were", "has", "have",
        "had", "of", "in", "on", "at", "to", "for", "with", "from", "by", "the-end"};
    return s;
}

// "The file was already committed": an adverb after the copula is not the value.
const std::set<std::string>& copula_adverbs() {
    static const std::set<std::string> s = {"already", "now", "still", "also", "just", "then", "currently",
                                            "actually", "again", "always", "really", "indeed", "only", "even"};
    return s;
}

// "This prompt triggers a provider error": verbs whose object is what the subject brings about.
const std::set<std::string>& outcome_verbs() {
    static const std::set<std::string> s = {"triggers", "triggered", "causes",      "caused",  "produces",
                                            "produced", "raises",    "raised",      "establishes", "established"};
    return s;
}

const std::set<std::string>& hedges() {
    static const std::set<std::string> s = {"maybe", "might", "probably", "perhaps", "likely", "possibly",
                                            "seems", "seem", "guess", "suspect", "unsure", "could"};
    return s;
}

// "This application must be refactored": a request in the passive (refactor it), not a value of its
// subject. States that read like participles ("must be enabled") stay values.
const std::set<std::string>& participle_states() {
    static const std::set<std::string> states = {"enabled", "disabled", "opened", "closed", "locked", "unlocked",
                                                 "installed", "configured", "deployed", "started", "stopped",
                                                 "required", "allowed", "signed", "pinned", "cached", "encrypted"};
    return states;
}

bool passive_request(const std::string& value) {
    if (value.size() < 5 || value.compare(value.size() - 2, 2, "ed") != 0 || participle_states().count(value)) return false;
    return is_task_verb(value.substr(0, value.size() - 2)) || is_task_verb(value.substr(0, value.size() - 1));
}

// A regular past participle that names no state ("formatted", "restricted"; not "enabled", "installed").
bool action_participle(const std::string& w) {
    return !participle_states().count(w) && w.size() >= 5 && w.compare(w.size() - 2, 2, "ed") == 0;
}

// "The code should be enclosed using <execute_ipython> tags", "names must be formatted with black" (session 18):
// a lone participle followed by the means (the value is that participle alone), tells how to write something; it sets no state.
bool passive_instruction(std::string value, const Toks& t, size_t at, size_t hi) {
    static const std::set<std::string> means = {"using", "with", "via", "through"};
    if (value.rfind("not-", 0) == 0) value.erase(0, 4);  // "must not be formatted with black": the same instruction
    if (at + 1 >= hi || t[at].lower != value || !means.count(t[at + 1].lower)) return false;
    return action_participle(value);
}

struct Candidate {
    std::string rule;  // a rule id, or a statement shape ("statement", "should_be", ...) given its speaker later
    std::string key;
    std::string value;
    SlotType type = SlotType::kFact;
    size_t first = 0, last = 0;  // token span (inclusive first, exclusive last) for the quote
};

std::vector<std::string> words(const Toks& t, size_t a, size_t b) {
    std::vector<std::string> out;
    for (size_t i = a; i < b && i < t.size(); ++i) out.push_back(t[i].lower);
    return out;
}

// Subject: tokens before `anchor`, back to the previous clause break, at most 4.
size_t subject_start(const Toks& t, size_t lo, size_t anchor) {
    size_t s = anchor;
    while (s > lo) {
        const Token& prev = t[s - 1];
        if (subject_breaks().count(prev.lower) || prev.lower.back() == ':' || prev.comma_after) break;
        --s;
        if (anchor - s >= 4) break;
    }
    return s;
}

// Value: tokens after `from`, up to a stop word, a new determiner or a clause break, at most 3.
size_t value_end(const Toks& t, size_t from, size_t hi) {
    size_t e = from;
    while (e < hi && e - from < 3 && !stop_value().count(t[e].lower)) {
        if (e > from && (t[e].lower == "the" || t[e].lower == "a" || t[e].lower == "an") &&
            !(e == from + 1 && (t[from].lower == "not" || t[from].lower == "no")))
            break;
        ++e;
        if (t[e - 1].comma_after) break;
    }
    return e;
}

// Keys are words: every component starts with a letter and is at most 24 characters.
bool plausible_key(const std::string& key) {
    size_t start = 0;
    for (size_t i = 0; i <= key.size(); ++i)
        if (i == key.size() || key[i] == '.') {
            if (i == start || i - start > 24 || !std::isalpha(static_cast<unsigned char>(key[start]))) return false;
            start = i + 1;
        }
    return true;
}

// Values are tokens, not code: no brackets, quotes, operators or markup.
bool plausible_value(const std::string& value, size_t max_size = 40) {
    return value.size() <= max_size && value.find_first_of("()[]{}\"'<>*\\=;`|$") == std::string::npos;
}

// `value` without the apostrophes of contractions ("you're") and balanced parentheses; a quote mark
// ("'partial one'") stays, and an unbalanced parenthesis leaves `value` unchanged (so still refused).
std::string prose_of(const std::string& value) {
    std::string out;
    int depth = 0;
    auto letter = [&](size_t k) { return k < value.size() && std::isalpha(static_cast<unsigned char>(value[k])); };
    for (size_t k = 0; k < value.size(); ++k) {
        const char c = value[k];
        if (c == '(') ++depth;
        else if (c == ')' && --depth < 0) return value;
        const bool contraction = c == '\'' && k > 0 && letter(k - 1) && letter(k + 1);
        if (c != '(' && c != ')' && !contraction) out += c;
    }
    return depth == 0 ? out : value;
}

// Code, stack traces and markup are not statements.
bool looks_like_code(std::string_view sentence) {
    // Quotes, `inline code` and one aside in parentheses are prose; a parenthesis counts half.
    int symbols = 0;
    for (char c : sentence) {
        if (std::string_view("{}[]<>=;$\\|#").find(c) != std::string_view::npos) symbols += 2;
        else if (c == '(' || c == ')') symbols += 1;
    }
    return symbols >= 6 || sentence.find("\":") != std::string_view::npos ||  // a JSON member
           sentence.find("==") != std::string_view::npos || sentence.find("->") != std::string_view::npos;
}

// A participle that needs its complement ("written", "restricted", "shown"); one naming a state ("enabled",
// "installed") stands alone.
bool needs_complement(const std::string& w) {
    static const std::set<std::string> irregular = {"written", "given", "chosen", "taken", "rewritten", "driven",
                                                    "shown", "known", "drawn", "done", "made", "built", "kept", "sent",
                                                    "found", "held", "put", "run"};
    return irregular.count(w) || action_participle(w);
}

// A value keeps one word (normalise_value), so a value that would be cut at its first word gives none (issue #15;
// session 22), in the value's span [vb, ve) of the clause's tokens [.., hi):
// - a participle the clause goes on past: "The webapp should be written in Python", "self-registration must be
//   restricted to …" (no sentence end, comma or word that opens the next clause after it);
// - a degree word that only leads the value: "the latter was too semantically grounded";
// - a participle with more words after it, "a loading message is shown permanently", or a value a participle or
//   gerund goes on to describe, "a second page should be a report showing …";
// - a name of more words, a later word capitalised: "New York" would read `new` and agree with "New Jersey",
//   "Visual Basic", "Amazon SQS", "end of March";
// - an adverb or a gerund before more words (session 33): "fully determined", "handling margins".
// Other values stand, cut to their first word as before: "PostgreSQL on port 5432", "7 years", "financial records"
// (a known limit: the examples' premises are worded so).
bool value_cut(std::string_view text, const Toks& t, size_t vb, size_t ve, size_t hi) {
    static const std::set<std::string> next_clause = {"and", "but", "or", "because", "so", "since", "while", "whereas",
                                                      "therefore", "unless", "until", "if", "when", "please", "then",
                                                      "instead", "though", "although"};
    static const std::set<std::string> degree = {"too", "very", "so", "quite", "really", "pretty", "fairly", "rather",
                                                 "more", "less", "most", "least", "just", "extremely", "highly"};
    std::vector<std::string> kept;
    for (size_t k = vb; k < ve && k < t.size(); ++k)
        if (t[k].lower != "a" && t[k].lower != "an" && t[k].lower != "the") kept.push_back(t[k].lower);
    if (kept.empty()) return false;
    if (kept.size() > 1 && degree.count(kept[0])) return true;
    // An adverb or a gerund that leads the value (session 33): "the authorization request is fully determined by …"
    // (`fully`), "the tricky part is handling margins" (`handling`), "set baseRef to the intended parent" (an
    // assignment's value, read through here since session 33).
    const auto ends_with = [](const std::string& w, std::string_view end) {
        return w.size() > end.size() + 2 && w.compare(w.size() - end.size(), end.size(), end) == 0;
    };
    if (kept.size() > 1 && (ends_with(kept[0], "ly") || ends_with(kept[0], "ing"))) return true;
    // "your designs are exactly as you left them": an -ly word a comparison goes on from is no value (session 36).
    // A capitalised one is a name ("Italy like last year").
    if (kept.size() == 1 && ends_with(kept[0], "ly") && ve < hi && one_of(t[ve].lower, {"as", "like", "than"}) &&
        !(t[vb].begin < text.size() && std::isupper(static_cast<unsigned char>(text[t[vb].begin]))))
        return true;
    if (kept.size() > 1 && needs_complement(kept[0])) return true;
    // An adjective that relates its subject to something else says nothing without it (session 34: "the solution is
    // similar pixel by pixel" → `solution = similar`, junk on dev).
    // "The two files are identical" stands; "similar pixel by pixel", "similar to X" do not.
    const bool goes_on =
        kept.size() > 1 || (ve < hi && one_of(t[ve].lower, {"to", "with", "as", "from", "than", "by"}));
    if (goes_on && one_of(kept[0], {"similar", "same", "different", "identical", "equal", "equivalent", "comparable",
                                    "related", "unrelated", "close", "due", "able", "unable", "likely", "unlikely",
                                    "subject", "prone", "responsible", "compatible", "incompatible", "consistent",
                                    "inconsistent"}))
        return true;
    for (size_t k = 1; k < kept.size(); ++k)
        if (kept[k].size() > 5 && kept[k].compare(kept[k].size() - 3, 3, "ing") == 0) return true;
    // A capitalised later word continues a name; a unit after a number ("100 MB") does not.
    for (size_t k = vb + 1; k < ve && k < t.size(); ++k)
        if (t[k].lower != "a" && t[k].lower != "an" && t[k].lower != "the" && t[k].begin < text.size() &&
            std::isupper(static_cast<unsigned char>(text[t[k].begin])) &&
            !std::isdigit(static_cast<unsigned char>(t[k - 1].lower.empty() ? 'x' : t[k - 1].lower[0])))
            return true;
    const bool clause_goes_on = ve < hi && !t[ve - 1].comma_after && !next_clause.count(t[ve].lower);
    return kept.size() == 1 && clause_goes_on && needs_complement(kept[0]);
}

// Whether a word of `words` stands in tokens [from, to): a question word before a clause makes it asked, not said.
bool any_word_in(const Toks& t, size_t from, size_t to, std::initializer_list<const char*> words) {
    for (size_t k = from; k < to && k < t.size(); ++k)
        if (one_of(t[k].lower, words)) return true;
    return false;
}

// "a recorded provider error" → recorded-provider-error: an object phrase kept whole.
std::string joined_value(const Toks& t, size_t a, size_t b) {
    std::string out;
    for (size_t i = a; i < b; ++i) {
        const std::string v = normalise_value({t[i].lower});
        if (v.empty()) return {};
        out += (out.empty() ? "" : "-") + v;
    }
    return out;
}

// Whether a rule's value is the user's words (value_words) rather than tokens: requests, prohibitions, one-turn
// instructions.
bool request_value(const std::string& rule) {
    return rule.rfind("user.request", 0) == 0 || rule == "user.prohibition" || rule == "user.no_need" ||
           rule.rfind("turn.", 0) == 0;
}

bool add(std::vector<Candidate>& out, const std::string& rule, const std::string& key, const std::string& value,
         SlotType type, size_t first, size_t last) {
    if (key.empty() || value.empty() || key == value) return false;
    // A request keeps its own words ("replace debug with release in config.txt"); other values are tokens.
    const bool request = request_value(rule);
    // A request's words may hold a closed aside and apostrophes ("create a library (no bindings needed)",
    // "when you're done"); other values may not.
    if (!plausible_key(key) || !plausible_value(request ? prose_of(value) : value, request ? kMaxRequestBytes : 40))
        return false;
    if (value.find("redacted:") != std::string::npos) return false;  // a secret's placeholder is not a value
    out.push_back({rule, key, value, type, first, last});
    return true;
}

// "retry only if the operation is read-only": a statement under a condition is not a fact.
// "verify the spill was retained", "make sure the port is free": a statement that is the object of a
// request is what to check, not a fact.
bool conditional(const Toks& t, size_t lo, size_t subject) {
    static const std::set<std::string> s = {"if", "unless", "whether", "when", "whenever", "once", "until",
                                            "before", "after", "while", "assuming", "suppose", "provided",
                                            "verify", "check", "ensure", "confirm", "sure", "test", "see",
                                            "whatever", "wherever", "whichever", "in case"};
    for (size_t k = subject + 1; k > lo && k + 3 > subject; --k)
        if (k - 1 < t.size() && s.count(t[k - 1].lower)) return true;
    return false;
}

// "Don't stop until all functions are ported": a clause word inside the subject span [s, anchor) means
// the "subject" is the tail of another clause (here a condition), not what the statement is about.
bool clause_inside(const Toks& t, size_t s, size_t anchor) {
    static const std::set<std::string> words = {"until", "if", "unless", "when", "whenever", "once", "before",
                                                "after", "while"};
    for (size_t k = s; k < anchor && k < t.size(); ++k)
        if (words.count(t[k].lower)) return true;
    return false;
}

// "no server is running", "none of the tests are failing": the subject is negated; no claim.
bool negated_subject(const Toks& t, size_t s, size_t anchor) {
    // "No, the database is MySQL": a "no" that closes its own clause negates nothing here.
    for (size_t k = s > 0 && !t[s - 1].comma_after ? s - 1 : s; k < anchor; ++k)
        if (t[k].lower == "no" || t[k].lower == "none" || t[k].lower == "nothing" || t[k].lower == "neither" ||
            t[k].lower == "nobody")
            return true;
    return false;
}

// Whether the subject in tokens [s, anchor) names no one thing (session 36, model.conclusion on dev: 0 good, 4 junk):
// a relative "where" before it ("where rate limits are exposed"), a verb after an infinitive's "to" ("what to build
// is missing"), "any" (a hypothetical: "any single poster is wrong") or "every/each time" (a condition: "every time a
// file is changed").
bool unbound_subject(const Toks& t, size_t s, size_t anchor) {
    if (s > 0 && !t[s - 1].comma_after && t[s - 1].lower == "to") return true;
    for (size_t k = s > 0 && !t[s - 1].comma_after ? s - 1 : s; k < anchor && k < t.size(); ++k) {
        if (one_of(t[k].lower, {"any", "where"})) return true;
        if (one_of(t[k].lower, {"every", "each"}) && k + 1 < t.size() && t[k + 1].lower == "time") return true;
    }
    return false;
}

// Candidates within tokens [lo, hi).
std::vector<Candidate> match_clause(std::string_view text, const Toks& t, size_t lo_clause, size_t hi, bool is_user) {
    std::vector<Candidate> out;
    auto text_at = [&](size_t at) { return at < text.size() ? text[at] : '\0'; };
    size_t lo = lo_clause;  // a subject never reaches back into the previous statement's value
    auto find = [&](size_t from, std::initializer_list<const char*> any) -> size_t {
        for (size_t i = from; i < hi; ++i)
            for (const char* w : any)
                if (t[i].lower == w) return i;
        return hi;
    };
    for (size_t i = lo; i < hi; ++i) {
        const std::string& w = t[i].lower;
        // use Y for X / use Y as X
        if (w == "use" || w == "uses" || w == "using" || w == "used") {
            size_t f = find(i + 1, {"for", "as"});
            // "uses vanilla JS for simplicity": a reason after "for", not what the thing is used for (session 19).
            std::string_view after = f + 1 < hi ? std::string_view(t[f + 1].lower) : std::string_view();
            while (!after.empty() && !std::isalnum(static_cast<unsigned char>(after.back()))) after.remove_suffix(1);
            const bool reason = f + 1 < hi && t[f].lower == "for" &&
                                one_of(after, {"simplicity", "convenience", "brevity", "clarity", "consistency", "now",
                                               "example", "instance", "readability", "compatibility", "reference",
                                               "sake"});
            // "show how I use AI as a copilot": a question word before the verb makes it what to explain, no choice
            // made (session 22: `engineering.copilot = ai` on dev, junk).
            const size_t s = subject_start(t, lo, i);
            const bool asked = any_word_in(t, s > 0 ? s - 1 : 0, i, {"how", "what", "why", "whether"});
            // "used, such as how …": "such as" gives examples, not a role.
            const bool such_as = f < hi && f > 0 && t[f].lower == "as" && t[f - 1].lower == "such";
            if (f < hi && f > i + 1 && f - i <= 4 && !reason && !asked && !such_as) {
                size_t se = value_end(t, f + 1, hi);
                std::string key = normalise_subject(words(t, f + 1, se));
                if (!conditional(t, lo, s) && !value_cut(text, t, i + 1, f, f) &&
                    // "for caching sessions across pods": the subject ran to its three words and on; its key is cut.
                    !(se >= f + 4 && se < hi && !t[se - 1].comma_after) &&
                    add(out, "use_for", key, normalise_value(words(t, i + 1, f)), SlotType::kDecision, s, se)) {
                    // "use A for X and B for Y": the verb carries over the conjunction.
                    while (se + 3 < hi && t[se].lower == "and") {
                        size_t f2 = find(se + 1, {"for", "as"});
                        if (f2 >= hi || f2 - se > 4) break;
                        size_t se2 = value_end(t, f2 + 1, hi);
                        if (!add(out, "use_for", normalise_subject(words(t, f2 + 1, se2)), normalise_value(words(t, se + 1, f2)),
                                 SlotType::kDecision, se + 1, se2))
                            break;
                        se = se2;
                    }
                    lo = se;
                    i = se;
                    continue;
                }
            }
        }
        // switched/moved/migrated/changed (X) to Y
        if (w == "switch" || w == "switched" || w == "move" || w == "moved" || w == "migrate" || w == "migrated" ||
            w == "change" || w == "changed" || w == "set") {
            size_t to = find(i + 1, {"to"});
            // "set up / set out … to": a phrasal verb ("has been set up for you to start"), not an assignment.
            const bool phrasal = w == "set" && i + 1 < hi &&
                                 (t[i + 1].lower == "up" || t[i + 1].lower == "out" || t[i + 1].lower == "off" ||
                                  t[i + 1].lower == "aside" || t[i + 1].lower == "apart" || t[i + 1].lower == "down");
            // "change X to be/become Y": an infinitive describing the change asked for, not a value (session 19).
            const bool infinitive = to + 1 < hi && (t[to + 1].lower == "be" || t[to + 1].lower == "become");
            // "move a thread already attached to a worktree": the "to" completes a participle, not the verb; "switch
            // back to X", "change it to X": the words before "to" name nothing (session 36, user.change_to on dev: 3
            // junk and 1 partial of 5 values).
            // A participle, not a noun ("set the speed to 2"): an -ed word after a word that makes it one.
            const bool participle = to < hi && to > i + 2 && t[to - 1].lower.size() > 4 &&
                                    t[to - 1].lower.ends_with("ed") &&
                                    one_of(t[to - 2].lower, {"already", "being", "been", "is", "are", "was", "were",
                                                             "still", "just", "currently", "now", "not", "get",
                                                             "gets", "got"});
            bool unnamed = to < hi && to > i + 1;
            // "Do not … switch branches, merge to main": a comma between the verb and "to" parts a list's items.
            bool listed = false;
            for (size_t k = i; k + 1 < to && k < hi; ++k) listed |= t[k].comma_after;
            for (size_t k = i + 1; k < to && k < hi; ++k)
                unnamed &=
                    one_of(t[k].lower, {"back", "over", "it", "this", "that", "them", "everything", "all", "the"});
            if (!phrasal && !infinitive && !participle && !unnamed && !listed && to < hi && to > i + 1 && to - i <= 5) {
                std::string key = normalise_subject(words(t, i + 1, to));
                size_t ve = value_end(t, to + 1, hi);
                // 'change the content to "modified content"': a quoted literal is content, not a setting.
                const bool quoted = to + 1 < hi && t[to + 1].begin > 0 &&
                                    (text_at(t[to + 1].begin - 1) == '"' || text_at(t[to + 1].begin - 1) == '\'');
                if (!quoted && !conditional(t, lo, subject_start(t, lo, i)) && !value_cut(text, t, to + 1, ve, hi) &&
                    add(out, w == "set" ? "set_to" : "change_to", key, normalise_value(words(t, to + 1, ve)),
                        w == "set" ? SlotType::kFact : SlotType::kDecision, subject_start(t, lo, i), ve)) {
                    lo = ve;
                    i = ve;
                    continue;
                }
            }
        }
        // X should/must (not) be Y
        if ((w == "should" || w == "must" || w == "shall") && i + 1 < hi) {
            size_t j = i + 1;
            bool negated = false;
            if (t[j].lower == "not" || t[j].lower == "never") negated = true, ++j;
            if (j < hi && t[j].lower == "be") {
                size_t s = subject_start(t, lo, i);
                size_t ve = value_end(t, j + 1, hi);
                std::string value = normalise_value(words(t, j + 1, ve));
                SlotType type = w == "must" ? SlotType::kConstraint : SlotType::kDecision;
                if (negated && !value.empty()) value = "not-" + value, type = SlotType::kRefuted;
                // "X should be able to …" says what X can do, not what X is (session 21: `architecture = able`,
                // `user = able` on dev, both junk under the blind labels).
                const bool ability = j + 2 < hi && t[j + 1].lower == "able" && t[j + 2].lower == "to";
                // "however there should be a page …": an existential "there" names no subject; the word before it
                // would key the slot (session 22: `however = page` on dev).
                const bool existential = i > lo && t[i - 1].lower == "there";
                if (!ability && !existential && !conditional(t, lo, s) && !negated_subject(t, s, i) && !passive_request(value) &&
                    !passive_instruction(value, t, j + 1, hi) && !value_cut(text, t, j + 1, ve, hi) && add(out, "should_be", normalise_subject(words(t, s, i)), value, type, s, ve)) {
                    lo = ve;
                    i = ve;
                    continue;
                }
            }
        }
        // X triggers/causes/established Y → x.outcome = y (a subject-verb-object report, no copula)
        if (outcome_verbs().count(w) && i > lo) {
            const size_t s = subject_start(t, lo, i);
            size_t j = i + 1;
            while (j < hi && (t[j].lower == "a" || t[j].lower == "an" || t[j].lower == "the")) ++j;
            const size_t ve = value_end(t, j, hi);
            std::string subject = normalise_subject(words(t, s, i));
            // "as it raised X": a pronoun or clause word in the subject names nothing.
            for (size_t k = s; k < i; ++k)
                for (const char* p : {"it", "they", "he", "she", "we", "i", "you", "as", "which", "that", "who"})
                    if (t[k].lower == p) subject.clear();
            if (s < i && ve > j && !subject.empty() &&
                !conditional(t, lo, s) && add(out, "text.outcome", subject + ".outcome", joined_value(t, j, ve), SlotType::kFact, s, ve)) {
                lo = ve;
                i = std::max(i, ve - 1);
                continue;
            }
        }
        // X is/are/was (not) Y, X = Y, X: Y
        const bool colon = w.size() > 1 && w.back() == ':';
        if (w == "is" || w == "are" || w == "was" || w == "were" || w == "=" || w == ":" || colon) {
            size_t s = colon ? i : subject_start(t, lo, i);
            std::vector<std::string> subject = colon ? std::vector<std::string>{w.substr(0, w.size() - 1)} : words(t, s, i);
            if (colon && i > lo && !t[i - 1].comma_after && !subject_breaks().count(t[i - 1].lower)) {
                size_t s2 = subject_start(t, lo, i);
                subject = words(t, s2, i);
                subject.push_back(w.substr(0, w.size() - 1));
                s = s2;
            }
            size_t j = i + 1;
            bool negated = false;
            if (j < hi && (t[j].lower == "not" || t[j].lower == "no")) negated = true, ++j;
            if (j + 1 < hi && t[j].lower == "no" && t[j + 1].lower == "longer") negated = true, j += 2;
            while (j < hi && copula_adverbs().count(t[j].lower)) ++j;
            size_t ve = value_end(t, j, hi);
            std::string value = normalise_value(words(t, j, ve));
            SlotType type = SlotType::kFact;
            if (negated && !value.empty()) value = "not-" + value, type = SlotType::kRefuted;
            // "the turn is cut off": a verb with its particle is no value ("cut").
            static const std::set<std::string> particles = {"off", "up", "out", "down", "over", "away", "back"};
            const bool phrasal = j + 1 < hi && particles.count(t[j + 1].lower) > 0;
            // "the attached is a technical writeup": the first word of "a <modifier> <noun>" is no value.
            const bool modifier = j < hi && (t[j].lower == "a" || t[j].lower == "an") && ve >= j + 3;
            // "the source code is located in src/": a participle that needs its complement says nothing alone.
            static const std::set<std::string> complements = {"in", "at", "on", "under", "inside", "within",
                                                              "from", "by", "into", "to", "with"};
            const std::string& vw = j < hi ? t[j].lower : w;
            const bool dangling = ve == j + 1 && ve < hi && complements.count(t[ve].lower) > 0 && vw.size() > 4 &&
                                  vw.compare(vw.size() - 2, 2, "ed") == 0;
            // "this conversation is one of the conversations …": membership in a group, no value ("one").
            static const std::set<std::string> partitives = {"one", "some", "part", "each", "many", "several", "most",
                                                             "all", "any", "both", "none", "either", "neither"};
            const bool partitive = j + 1 < hi && partitives.count(t[j].lower) > 0 && t[j + 1].lower == "of";
            // "exhibiting the bug we are analyzing": the copula's subject is a person (we, you, they, I, he, she),
            // so the clause says what someone does, not what a thing is; the nouns before it name nothing.
            static const std::set<std::string> persons = {"we", "you", "they", "i", "he", "she"};
            const bool personal = !colon && i > lo && i > s && persons.count(t[i - 1].lower) > 0;
            // "report how many were implemented": a question word before the subject makes the clause a question
            // asked inside the sentence, not a statement. Not why/where/which: "that is why the cache is redis" and
            // "the database, which is postgres" state their facts.
            const bool asked = !colon && any_word_in(t, s > 0 ? s - 1 : 0, i, {"how", "what", "who", "whom", "whose"});
            const bool guarded = conditional(t, lo, s) || clause_inside(t, s, i) || negated_subject(t, s, i) || phrasal ||
                                 modifier || dangling || partitive || personal || asked ||
                                 (!colon && w != "=" && unbound_subject(t, s, i)) ||
                                 (!colon && w != "=" && value_cut(text, t, j, ve, hi));
            // "X: Y" and "X = Y" are labels and assignments (headings, config, code), not statements.
            const char* shape = colon || w == "=" || w == ":" ? "text.label" : "statement";
            if (!guarded && add(out, shape, normalise_subject(subject), value, type, s, ve)) {
                lo = ve;
                i = std::max(i, ve - 1);
            } else if (colon) {
                lo = i + 1;  // "Done: the database is X": the label ends a clause
            }
            continue;
        }
    }
    (void)is_user;  // open questions are matched per sentence in extract_from_text
    return out;
}

// Whether an "if"/"unless"/"whenever" before token `first` opens a condition that no comma or parenthesis closes
// before it. "if needed", "(if any)", "if possible" close themselves; "check if it builds" asks whether, no condition.
bool open_condition(const Toks& t, size_t first) {
    for (size_t k = first; k-- > 0;) {
        if (t[k].comma_after || t[k].lower.find(')') != std::string::npos) return false;
        if (!one_of(t[k].lower, {"if", "unless", "whenever", "(if"})) continue;
        if (k + 1 < first && one_of(t[k + 1].lower, {"needed", "necessary", "possible", "any", "any)", "so", "not",
                                                     "required", "applicable", "appropriate"}))
            return false;
        if (k > 0 && one_of(t[k - 1].lower, {"check", "see", "verify", "ask", "know", "tell", "test", "find"}))
            return false;
        return true;
    }
    return false;
}

// Whether the words from token `first` (a request's verb) to the clause's end report what something did rather than
// ask for anything: "make demo and make verify both return varying stats", "make test also incorrectly passes the
// test" (session 35, a fresh dev log: the user's bug report, its commands read as imperatives). The report: "X and Y
// both <verb>" (a base form after a joined subject), or an adverb of recurrence or extent, an -ly adverb at most,
// and a verb of outcome in its -s form ("also passes", "still fails"). "Make the API always return JSON", "run the
// linter and also report warnings" (base forms) and a verb that asks to confirm a state ("ensure the build still
// passes") ask for something, as does an outcome in a subordinate or relative clause ("check that it still works",
// "fix whatever still fails").
bool reports_outcome(const Toks& t, size_t first) {
    if (first >= t.size() || one_of(t[first].lower, {"ensure", "verify", "check", "confirm", "test", "see", "prove",
                                                      "show", "assert", "validate", "guarantee"}))
        return false;
    static const std::set<std::string> outcome = {"pass", "fail", "return", "work", "give", "print", "output", "crash",
                                                  "hang", "break", "succeed", "produce", "yield", "report", "behave",
                                                  "show"};
    auto base_of = [](const std::string& w) {  // "passes" -> "pass", "returns" -> "return"; "" for no -s form
        for (const size_t cut : {size_t{2}, size_t{1}})  // "-es", then "-s"
            if (w.size() > cut + 2 && w.ends_with(cut == 2 ? "es" : "s") && outcome.count(w.substr(0, w.size() - cut)))
                return w.substr(0, w.size() - cut);
        return std::string();
    };
    bool joined = first > 0 && t[first - 1].lower == "and";  // an "and" around the subject: "X and Y both …"
    for (size_t k = first + 1; k + 1 < t.size() && k < first + 12; ++k) {
        const std::string& w = t[k].lower;
        if (one_of(w, {"that", "if", "whether", "so", "until", "when", "while", "because", "since", "unless", "sure",
                       "to", "which", "who", "where", "what", "whatever", "anything", "everything", "whichever"}))
            return false;
        joined |= w == "and";
        if (one_of(w, {"both", "also", "still", "always", "never", "sometimes"}) && !t[k].comma_after) {
            size_t v = k + 1;
            if (v + 1 < t.size() && t[v].lower.size() > 4 && t[v].lower.ends_with("ly")) ++v;
            if (!base_of(t[v].lower).empty()) return true;
            if (w == "both" && joined && outcome.count(t[v].lower)) return true;
        }
        if (t[k].comma_after) return false;
    }
    return false;
}

// Requests, choices and ports (request_rules.h) whose span no key/value statement already covers; in a turn of
// conversation (not a document-sized prompt) a goal keeps the rest of its sentence (session 40).
void add_requests(std::vector<Candidate>& found, const std::string& text, const Toks& t, bool is_user,
                  bool conversational) {
    const size_t statements = found.size();
    for (ClauseMatch& m : match_requests(text, t, is_user, conversational)) {
        const bool request = m.rule.rfind("user.request", 0) == 0;
        // A request whose lead-in's colon the list follows outranks that "X: Y" label ("Create the following
        // files: a.py and b.py").
        const auto covered_by_statement = [&] {
            bool any = false;
            for (size_t k = 0; k < statements; ++k)
                any |= m.first < found[k].last && found[k].first < m.last &&
                       !(m.takes_listed && found[k].rule == "text.label");
            return any;
        };
        bool covered = covered_by_statement();
        // A goal that kept the rest of its sentence goes back to its clause when a statement claims the rest ("Fix the
        // login bug, the timeout is 30 seconds.": review, session 40).
        if (covered && m.clause_last > 0) {
            m.last = m.clause_last;
            m.value = m.clause_value;
            covered = covered_by_statement();
        }
        if (covered || (!request && conditional(t, 0, m.first))) continue;
        // "If it fails, send me the log": a thing asked for under a condition is no goal of the session (session 20).
        if (m.rule == "user.request_for_me" && conditional(t, 0, m.first)) continue;
        // "… fails even if you complete the exercise and add the required calls": the verb goes on a condition no
        // comma has closed yet, so it asks for nothing (session 34, a fresh dev log).
        if (request && open_condition(t, m.first)) continue;
        // "make demo and make verify both return varying stats": a report of what ran, not a request.
        if (request && reports_outcome(t, m.first)) continue;
        // "If the first result is rejected, retry that command once": the request keeps its condition.
        if (request && m.first > 1 && !t.empty() &&
            (t[0].lower == "if" || t[0].lower == "unless" || t[0].lower == "when" || t[0].lower == "once") &&
            t[m.first - 1].comma_after) {
            std::string condition;
            for (size_t k = 0; k < m.first; ++k) condition += t[k].lower + (k + 1 < m.first ? " " : ", ");
            m.value = condition + m.value;
            m.first = 0;
            // A rule for when the condition holds, not a goal of its own (session 16).
            if (m.rule == "user.request" && m.key.rfind("goal.", 0) == 0) {
                m.rule = "user.request_conditional";
                m.key = "constraint." + m.key.substr(5);
                m.type = SlotType::kConstraint;
            }
        }
        add(found, m.rule, m.key, m.value, m.type, m.first, m.last);
    }
    std::stable_sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) { return a.first < b.first; });
}

// A user's answers to the agent's text just before: numbered answers, an identifier asked for, a "Yes, …" (session 16).
std::vector<TextFact> answers_to(const std::string& asked, const std::string& text) {
    std::vector<TextFact> out = user_numbered_answers(asked, text);
    for (TextFact& f : user_answered_id(asked, text)) out.push_back(std::move(f));
    for (TextFact& f : user_confirmation(asked, text)) out.push_back(std::move(f));
    return out;
}

std::string quote_of(const std::string& text, const Toks& t, size_t first, size_t last) {
    if (first >= t.size() || last == 0) return {};
    last = std::min(last, t.size());
    return text.substr(t[first].begin, t[last - 1].end - t[first].begin);
}

}  // namespace

// The longest user message read as a turn of conversation rather than a document (run-on requests,
// user.request_in_document).
constexpr size_t kConversationalTurnBytes = 600;
std::vector<Claim> extract_from_text(const std::string& text, const Claim& origin, bool is_user) {
    std::vector<Claim> out;
    // Statement shapes are rules per speaker: a user's "X is Y" is not an agent's or a tool's.
    const std::string speaker = is_user ? "user" : "model";
    // A claim of `f` quoting text[f.begin, f.end).
    auto span_claim = [&](TextFact& f) -> Claim& {
        out.push_back(claim_of_text_fact(std::move(f), text, origin));
        return out.back();
    };
    // A harness notice about background work (in a user-role message or a tool result) is observed.
    if (origin.source.role != "assistant")
        for (TextFact& n : background_notices(text)) {
            Claim& c = span_claim(n);
            c.evidence = EvidenceLevel::kToolVerified;
            c.provenance_rank = provenance_rank::kToolObservation;
        }
    if (is_user) {  // the user's own forms, each in its rule file
        for (auto* rule : {&cjk_user_statements, &user_replace_goals, &user_create_goals, &completion_criteria,
                           &user_remembered_facts, &user_request_list, &user_should_constraints, &user_goal_statements,
                           &user_not_wanted, &user_choices, &user_imperative_constraints,
                           &user_not_remembered, &user_do_have,
                           &user_wanted_thing, &user_payment_method, &user_ordinal_tasks, &user_spec_labels})
            for (TextFact& f : (*rule)(text)) span_claim(f);
    }
    if (origin.source.role == "user")
        for (TextFact& w : workspace_instructions(text)) span_claim(w);
    if (origin.source.role == "assistant" && origin.evidence == EvidenceLevel::kInferred)
        for (TextFact& st : assistant_outcome_statements(text)) span_claim(st);
    if (origin.source.role == "assistant" && origin.evidence == EvidenceLevel::kInferred)
        for (TextFact& st : agent_cannot_proceed(text)) span_claim(st);
    if (origin.source.role == "assistant" && origin.evidence == EvidenceLevel::kInferred)
        for (TextFact& st : agent_stated_totals(text)) span_claim(st);
    if (origin.source.role == "assistant" && origin.evidence == EvidenceLevel::kInferred)
        for (TextFact& st : agent_acceptance_met(text)) span_claim(st);
    if (origin.source.role == "assistant" && origin.evidence == EvidenceLevel::kInferred)
        for (TextFact& st : agent_bold_labels(text)) span_claim(st);
    if (origin.source.role == "assistant" && origin.evidence == EvidenceLevel::kInferred)
        for (TextFact& st : agent_cause_statements(text)) span_claim(st);
    // A tool's output is rows and records, not filled prose: its line breaks always end a sentence.
    const bool tool_output = origin.source.role == "tool" || origin.source.source_kind == "tool" ||
                             !origin.source.tool_name.empty();
    const std::vector<Sentence> sentences = split_sentences(text, !tool_output);
    // The message's prose, without its code blocks and pasted logs (split_sentences skips them): how long a turn is.
    size_t prose_bytes = 0;
    for (const Sentence& s : sentences) prose_bytes += s.end - s.begin;
    for (const Sentence& s : sentences) {
        const Toks& t = s.tokens;
        // Fragments and walls of text are not statements. A user's run-on sentence ("the role is not working please
        // review the whole frontend logic and fix …", typed without a full stop) still says what they ask: only its
        // requests are read (session 20).
        const bool run_on = t.size() > 60;
        if (t.size() < 2 || (run_on && (!is_user || t.size() > 200))) continue;
        // A long sentence of a document-sized prompt (a task template, a pasted spec or issue) is no run-on request.
        if (run_on && prose_bytes > kConversationalTurnBytes) continue;
        if (looks_like_code(std::string_view(text).substr(s.begin, s.end - s.begin))) continue;
        bool hedged = false;
        for (const auto& tok : t) hedged |= hedges().count(tok.lower) > 0;
        hedged |= t.size() > 1 && t[0].lower == "i" && (t[1].lower == "think" || t[1].lower == "believe");
        const bool question = !run_on && text[s.end - 1] == '?';
        const bool concluded = t[0].lower == "so" || t[0].lower == "therefore" || t[0].lower == "thus" ||
                               t[0].lower == "hence" ||
                               ((t[0].lower == "that" || t[0].lower == "this") && t[1].lower == "means");
        // "Can you analyse the MD files?" is a request, not an open question; so is "ok can you …?".
        size_t ask = 0;
        while (ask + 1 < t.size() && (t[ask].lower == "ok" || t[ask].lower == "okay" || t[ask].lower == "alright")) ++ask;
        const bool polite_request = question && is_user &&
                                    (t[ask].lower == "can" || t[ask].lower == "could" || t[ask].lower == "would" ||
                                     t[ask].lower == "will" || t[ask].lower == "please");
        if (question && !polite_request) {
            // "…, answer this question: What is the handshake?": the question after a colon is what is asked.
            Toks after_colon;
            if (is_user && t[0].lower != "which" && t[0].lower != "what")
                for (size_t i = 1; i + 1 < t.size(); ++i)
                    if ((t[i].lower == "which" || t[i].lower == "what") && t[i].begin >= 2 &&
                        text.compare(t[i].begin - 2, 2, ": ") == 0) {
                        after_colon.assign(t.begin() + static_cast<std::ptrdiff_t>(i), t.end());
                        break;
                    }
            const Toks& sentence_tokens = t;
            const Toks& t = after_colon.empty() ? sentence_tokens : after_colon;
            if (!is_user || t.size() < 2 || (t[0].lower != "which" && t[0].lower != "what")) continue;
            auto auxiliary = [](const std::string& w) {
                return w == "do" || w == "does" || w == "is" || w == "are" || w == "was" || w == "were" ||
                       w == "should" || w == "will" || w == "did" || w == "can" || w == "would" || w == "could";
            };
            // "Which database should we use?": the subject precedes the verb; "What is the deploy target?":
            // it follows it.
            size_t b = 1;
            if (auxiliary(t[1].lower)) b = 2;
            // "What do you think?", "What should I do?": no subject is asked about.
            static const std::set<std::string> persons = {"you", "i", "we", "it", "they", "he", "she", "this", "that"};
            if (b == 2 && (t.size() < 3 || persons.count(t[2].lower))) continue;
            size_t e = b;
            // The noun phrase ends before a preposition or a participle ("the project codeword mentioned
            // earlier", "the status of my order" → project.codeword, status).
            static const std::set<std::string> phrase_ends = {"in", "on", "at", "from", "to", "with", "for", "by", "of",
                                                              "that", "which", "earlier", "now", "here", "there"};
            auto participle = [](const std::string& w) { return w.size() > 4 && w.compare(w.size() - 2, 2, "ed") == 0; };
            while (e < t.size() && e < b + 5 && !auxiliary(t[e].lower) && !t[e].comma_after &&
                   !(e > b && (phrase_ends.count(t[e].lower) || participle(t[e].lower))))
                ++e;
            if (e < t.size() && t[e].comma_after && e < b + 5) ++e;
            // The question's own words: a synonym in the key ("handclasp") hides what was asked.
            std::string key = literal_subject(words(t, b, e));
            const std::string question = std::string(text.substr(t[0].begin, s.end - t[0].begin));
            if (key.empty() || question.size() > 160 || question.find('\n') != std::string::npos) continue;
            Claim c = origin;
            c.rule = "user.open_question";
            c.key = "question." + key;
            c.value.clear();
            for (char ch : question) c.value += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            c.type = SlotType::kGoal;
            c.quote = text.substr(t[0].begin, s.end - t[0].begin);
            c.quote_offset = static_cast<int64_t>(t[0].begin);
            out.push_back(std::move(c));
            continue;
        }
        // Derivation cues: "B because A", "since A, B", "A, so B", "X, and since A B".
        size_t cue = t.size();
        bool premise_first = false;
        for (size_t i = 0; i < t.size() && !run_on; ++i) {
            const std::string& w = t[i].lower;
            if (w == "because" || w == "since") { cue = i; break; }
            if ((w == "so" || w == "therefore" || w == "thus" || w == "hence") && i > 0) { cue = i; premise_first = true; break; }
        }
        std::vector<Candidate> found =
            polite_request || run_on ? std::vector<Candidate>{} : match_clause(text, t, 0, t.size(), is_user);
        add_requests(found, text, t, is_user, prose_bytes <= kConversationalTurnBytes);
        std::vector<size_t> premises, conclusions;
        if (cue < t.size()) {
            if (premise_first) {
                for (size_t k = 0; k < found.size(); ++k) (found[k].first < cue ? premises : conclusions).push_back(k);
            } else {
                // The first statement after "because/since" is the premise; the others are conclusions.
                std::optional<size_t> premise;
                for (size_t k = 0; k < found.size(); ++k)
                    if (!premise && found[k].first > cue) premise = k;
                // "X, and since A, B": "and" before the cue closes X's clause; X is not concluded from A.
                const bool new_clause = cue > 0 && t[cue - 1].lower == "and";
                for (size_t k = 0; k < found.size(); ++k) {
                    if (premise && k == *premise) premises.push_back(k);
                    else if (!premise || (found[k].first < cue && !new_clause) || k > *premise) conclusions.push_back(k);
                }
                if (!premise) conclusions.clear();
            }
        }
        std::vector<std::string> premise_keys;
        for (size_t k : premises) premise_keys.push_back(found[k].key);
        std::sort(premise_keys.begin(), premise_keys.end());
        premise_keys.erase(std::unique(premise_keys.begin(), premise_keys.end()), premise_keys.end());
        for (size_t k = 0; k < found.size(); ++k) {
            const Candidate& cand = found[k];
            Claim c = origin;
            c.rule = cand.rule.find('.') == std::string::npos ? speaker + "." + cand.rule : cand.rule;
            // "So the cache is Redis.": an agent's stated conclusion, not its narration.
            // "…, so the retention period is 7 years": a conclusion drawn from a stated premise too.
            const bool drawn = std::find(conclusions.begin(), conclusions.end(), k) != conclusions.end() &&
                               !premise_keys.empty();
            // A user's "X is Y" is their own fact when they say it in a turn of conversation; in a prompt the size of
            // a document (a task template, a pasted spec; pasted code and logs do not count) it describes the task's
            // world ("the workspace is initialized"), not a fact the user holds (session 18: 1 of 16 such values good
            // on dev). The statement shapes kept on for MergeBench's sake (user.statement, user.should_be,
            // user.use_for, each below the dev gate) so read only a chat line: "We use Kafka for the message queue."
            // said in a turn of its own or beside one or two more sentences (session 23; it replaced a 600-byte limit
            // on user.statement alone).
            if (chat_line_shape(c.rule) && !chat_line(sentences)) continue;
            // A request inside a document-sized prompt (a pasted spec, review or report, a task template) is often
            // the document's item, not the session's ask: its own rule, measured apart (session 21).
            if (c.rule == "user.request" && prose_bytes > kConversationalTurnBytes) {
                c.rule = "user.request_in_document";
                // Its pasted items, headings, cut values and how-to-work lines are not the user's ask (session 21).
                if (cand.last > 0) {
                    const Sentence& opening = sentences.front();
                    const std::string_view first(text.data() + opening.begin, opening.end - opening.begin);
                    const size_t qb = t[std::min(cand.first, t.size() - 1)].begin;
                    const size_t qe = t[std::min(cand.last, t.size()) - 1].end;
                    if (!document_item_reason(text, qb, qe, first).empty()) continue;
                }
            }
            // Only the assistant concludes; a tool's text (documentation, file contents) stays a statement.
            if (c.rule == "model.statement" && (concluded || drawn) && origin.source.role == "assistant")
                c.rule = "model.conclusion";
            c.key = cand.key;
            c.value = cand.value;
            // A request's words are read lowercased; the claim shows them as the user typed them ("… to Henry Romp",
            // a path's capitals; session 39: dev values had lost both).
            if (request_value(cand.rule) && cand.first < t.size())
                c.value = recased_request(c.value, text, t[cand.first].begin);
            c.type = cand.type;
            if (hedged) c.evidence = EvidenceLevel::kSpeculative;
            c.quote = quote_of(text, t, cand.first, cand.last);
            c.quote_offset = static_cast<int64_t>(t[std::min(cand.first, t.size() - 1)].begin);
            if (std::find(conclusions.begin(), conclusions.end(), k) != conclusions.end() && !premise_keys.empty()) {
                std::vector<std::string> route;
                for (const auto& pk : premise_keys)
                    if (pk != c.key) route.push_back(pk);
                if (!route.empty()) c.derived_from = {route};
            }
            out.push_back(std::move(c));
        }
    }
    return out;
}

std::vector<Claim> tool_result_facts_as_claims(const std::string& text, const Claim& origin, const std::string& cwd) {
    std::vector<Claim> out;
    for (TextFact& f : tool_result_facts(text, origin.source.tool_name, cwd)) {
        // A failure's reason is a phrase ("failed: httpConnectionFailed, HTTP status 503"), not a token.
        const size_t longest = f.type == SlotType::kRefuted ? 100 : 40;
        if (!plausible_key(f.key) || !plausible_value(f.value, longest)) continue;
        out.push_back(claim_of_text_fact(std::move(f), text, origin));
    }
    return out;
}

namespace {

// Claims at assistant-text evidence (2 / rank 1, SPEC §5): what a model wrote, whatever carries it.
Claim model_statement_origin(const Session& session, const std::string& branch_id, const Message& m,
                             const std::string& tool, const ExtractOptions& options) {
    Claim proto;
    proto.evidence = EvidenceLevel::kInferred;
    proto.provenance_rank = m.source.kind == SourceKind::kUnknown ? provenance_rank::kPluginOrUnknown
                                                                  : provenance_rank::kModelSpeculation;
    proto.trust = trust_for_message(m, session.id, tool, options.trust);
    proto.source = {branch_id, session.id, m.id, m.seq, role_name(m.role), source_kind_name(m.source.kind), tool, m.line};
    proto.time = m.time;
    return proto;
}

// A structured-output call's arguments are the agent's stated result: assistant evidence.
void add_tool_call_claims(const Session& session, const std::string& branch_id, const Message& m, const ContentBlock& b,
                          const ExtractOptions& options, std::vector<Claim>& out) {
    if (m.role != Role::kAssistant || m.source.kind == SourceKind::kPlugin) return;
    const std::vector<TextFact> facts = tool_call_facts(b.arguments, b.tool_name);
    if (facts.empty()) return;
    const Claim proto = model_statement_origin(session, branch_id, m, std::string(), options);
    for (const TextFact& f : facts) {
        Claim c = proto;
        c.rule = f.rule;
        c.key = f.key;
        c.value = f.value;
        c.type = f.type;
        c.quote = b.arguments.substr(f.begin, f.end - f.begin);
        c.quote_offset = static_cast<int64_t>(f.begin);
        out.push_back(std::move(c));
    }
}

// A compaction checkpoint's summary, carried by a plugin message, is a model's report of the
// shadowed span: read at model evidence (never user evidence), the rest of the message stays skipped.
void add_checkpoint_summary_claims(const Session& session, const std::string& branch_id, const Message& m,
                                   const ExtractOptions& options, std::vector<Claim>& out) {
    for (const CheckpointRecord& cp : session.checkpoints) {
        if (cp.summary.empty()) continue;
        for (const ContentBlock& b : m.blocks) {
            if (b.kind != BlockKind::kText || b.text != cp.summary) continue;
            const Claim proto = model_statement_origin(session, branch_id, m, std::string(), options);
            for (auto& c : extract_from_text(b.text, proto, false)) out.push_back(std::move(c));
            return;
        }
    }
}

}  // namespace

std::vector<BranchClaims> extract_heuristic(const std::vector<Session>& sessions, const ExtractOptions& options) {
    std::vector<BranchClaims> out;
    for (const auto& session : sessions) {
        std::map<std::string, std::string> tool_names;  // call id → tool name
        // Each result answers the latest call before it with its id (a replayed run reuses ids).
        std::map<const ContentBlock*, ToolExchange> by_result;
        std::set<const ContentBlock*> answered;
        {
            std::map<std::string, ToolExchange> pending;
            for (const auto& m : session.messages)
                for (const auto& b : m.blocks) {
                    if (b.kind == BlockKind::kToolCall && !b.tool_id.empty()) {
                        tool_names[b.tool_id] = b.tool_name;
                        pending[b.tool_id] = ToolExchange{&m, &b, nullptr, nullptr};
                    } else if (b.kind == BlockKind::kToolResult) {
                        auto p = pending.find(b.tool_id);
                        if (p == pending.end()) continue;
                        by_result[&b] = ToolExchange{p->second.call_message, p->second.call, &m, &b};
                        answered.insert(p->second.call);
                        pending.erase(p);
                    }
                }
        }
        const auto per_branch = contributed_messages(session, parent_is_loaded(session, sessions), options);
        for (size_t bi = 0; bi < session.branches.size(); ++bi) {
            const Branch& branch = session.branches[bi];
            BranchClaims bc{branch.id, session.id, {}};
            std::string cwd = session.cwd;
            std::string asked;  // the agent's text just before a user's message (user.numbered_answers)
            BranchActionMemory actions;  // add_action_claims: what the branch's earlier calls tell later ones
            // The branch's answered calls in order, to tell a failure a later call retried with success (session 21).
            std::vector<CallTarget> calls;
            std::map<const ContentBlock*, size_t> call_at;  // result block → its index in `calls`
            for (const Message* m : per_branch[bi])
                for (const auto& b : m->blocks)
                    if (b.kind == BlockKind::kToolResult)
                        if (auto x = by_result.find(&b); x != by_result.end()) {
                            call_at[&b] = calls.size();
                            calls.push_back(call_target(tool_action_of(session, x->second, session.cwd)));
                        }
            const std::vector<bool> retried = retried_failures(calls);
            const std::vector<std::set<std::string>> found_later = programs_found_later(calls);
            for (const Message* m : per_branch[bi]) {
                // System and developer prompts are instructions to the agent (templates, tool docs), not claims.
                if (m->role == Role::kSystem || m->role == Role::kDeveloper) continue;
                if (m->source.kind == SourceKind::kPlugin && !options.include_plugin_messages) {
                    add_checkpoint_summary_claims(session, branch.id, *m, options, bc.claims);
                    continue;
                }
                const size_t message_claims = bc.claims.size();
                for (const auto& b : m->blocks) {
                    if (b.kind == BlockKind::kToolCall) {
                        add_tool_call_claims(session, branch.id, *m, b, options, bc.claims);
                        // A call with no result is claimed here; one with a result where its result is.
                        if (!answered.count(&b))
                            add_action_claims(session, branch.id, ToolExchange{m, &b, nullptr, nullptr}, cwd, options,
                                              bc.claims, &actions);
                        continue;
                    }
                    std::string result_cwd = cwd;  // the directory the result's paths are read against
                    if (b.kind == BlockKind::kToolResult) {
                        auto x = by_result.find(&b);
                        const std::string shown = shown_directory(b.text);
                        // The first directory a run shows is where it has been working all along.
                        if (cwd.empty() && !shown.empty()) cwd = shown;
                        result_cwd = cwd;
                        if (x != by_result.end())
                            add_action_claims(session, branch.id, x->second, cwd, options, bc.claims, &actions,
                                              retried[call_at.at(&b)], &found_later[call_at.at(&b)]);
                        if (!shown.empty()) cwd = shown;
                    }
                    if (b.kind != BlockKind::kText && b.kind != BlockKind::kReasoning && b.kind != BlockKind::kToolResult)
                        continue;
                    std::string tool = b.kind == BlockKind::kToolResult ? tool_names[b.tool_id] : std::string();
                    const bool outside = options.trust.outside_content_tools.count(tool) > 0;
                    auto origin = claim_origin(*m, b.kind, false, outside);
                    Claim proto;
                    if (origin) {
                        proto.evidence = origin->evidence;
                        proto.provenance_rank = origin->provenance_rank;
                    } else {
                        proto.evidence = EvidenceLevel::kSpeculative;
                        proto.provenance_rank = provenance_rank::kPluginOrUnknown;
                    }
                    proto.trust = trust_for_message(*m, session.id, tool, options.trust);
                    proto.source = {branch.id, session.id, m->id, m->seq, role_name(m->role),
                                    source_kind_name(m->source.kind), tool, m->line};
                    proto.time = m->time;
                    // A block the harness adds to the user's turn (Claude Code's <system-reminder>: the todo list, a
                    // file's change notice; <ide_opened_file>) is not the user's word (session 23): only the harness's
                    // own rules read it (harness.workspace_instruction).
                    const bool is_user = m->role == Role::kUser && m->source.kind == SourceKind::kUser &&
                                         !(b.kind == BlockKind::kText && harness_block(b.text));
                    // A SWE-agent user message is the harness's task template around the issue: only the
                    // issue's title is the user's request (user.issue); its instructions are boilerplate. So is
                    // the same SWE-bench template sent by another harness (OpenHands' evaluation, session 19).
                    const bool task_template =
                        is_user && (session.format == SessionFormat::kSweAgent || issue_task_template(b.text));
                    // mini-swe-agent's template around the user's task: only the task is read, as the user's words.
                    const auto [task_begin, task_end] =
                        is_user && b.kind == BlockKind::kText && !task_template ? mini_swe_agent_task(b.text)
                                                                                : std::pair{std::string::npos, std::string::npos};
                    std::vector<Claim> claims;
                    if (task_template) {
                        claims = issue_claims(b.text, proto);
                    } else if (task_begin != std::string::npos) {
                        claims = extract_from_text(b.text.substr(task_begin, task_end - task_begin), proto, true);
                        for (Claim& c : claims) c.quote_offset += static_cast<int64_t>(task_begin);
                    } else {
                        claims = extract_from_text(b.text, proto, is_user);
                    }
                    if (task_template)  // the template's own goal sentence, outside the quoted issue
                        for (auto& c : template_goal_claims(b.text, proto)) claims.push_back(std::move(c));
                    if (is_user && session.format == SessionFormat::kSweAgent)
                        for (auto& c : ctf_challenge_claims(b.text, proto)) claims.push_back(std::move(c));
                    // A thinking block is the agent musing, not a conclusion it states (session 14: "so this is
                    // one of the cases where creating a new file is appropriate"): it stays a plain statement.
                    if (b.kind == BlockKind::kReasoning)
                        for (auto& c : claims)
                            if (c.rule == "model.conclusion") c.rule = "model.statement";
                    for (auto& c : claims) bc.claims.push_back(std::move(c));
                    if (is_user && b.kind == BlockKind::kText && !asked.empty())
                        for (TextFact& f : answers_to(asked, b.text)) {
                            Claim c = proto;
                            c.rule = f.rule, c.key = f.key, c.value = f.value, c.type = f.type;
                            c.quote = b.text.substr(f.begin, f.end - f.begin);
                            c.quote_offset = static_cast<int64_t>(f.begin);
                            bc.claims.push_back(std::move(c));
                        }
                    if (m->role == Role::kAssistant && b.kind == BlockKind::kText) asked = b.text;
                    else if (m->role == Role::kUser) asked.clear();
                    if (b.kind == BlockKind::kToolResult || m->role == Role::kTool)
                        for (auto& c : tool_result_facts_as_claims(b.text, proto, result_cwd))
                            bc.claims.push_back(std::move(c));
                    // A call the user rejected with a reason: the reason is the user's own words (session 19).
                    if (const size_t at = b.kind == BlockKind::kToolResult ? user_rejection_reason(b.text)
                                                                           : std::string::npos;
                        at != std::string::npos) {
                        Claim said = proto;
                        said.evidence = EvidenceLevel::kUserStated;
                        said.provenance_rank = provenance_rank::kUserAssertion;
                        said.source.source_kind = source_kind_name(SourceKind::kUser);
                        for (auto& c : extract_from_text(b.text.substr(at), said, true)) {
                            c.quote_offset += static_cast<int64_t>(at);
                            bc.claims.push_back(std::move(c));
                        }
                    }
                    // A background worker's closing message, delivered by the harness: observed.
                    for (TextFact& f : closing_messages(*m, static_cast<size_t>(&b - m->blocks.data()))) {
                        Claim c = proto;
                        c.rule = f.rule, c.key = f.key, c.value = f.value, c.type = f.type;
                        c.quote = b.text.substr(f.begin, f.end - f.begin);
                        c.quote_offset = static_cast<int64_t>(f.begin);
                        c.evidence = EvidenceLevel::kToolVerified;
                        c.provenance_rank = provenance_rank::kToolObservation;
                        bc.claims.push_back(std::move(c));
                    }
                }
                if (m->role == Role::kUser) drop_statements_of_a_long_turn(*m, bc.claims, message_claims);
            }
            // A subagent's turns inlined in its parent's branch (an OpenAI-chat export, session 22) are neither the
            // parent's reply nor its closing summary.
            std::vector<const Message*> own_turns;
            for (const Message* m : per_branch[bi])
                if (branch.sidechain || !m->sidechain) own_turns.push_back(m);
            add_final_replies(session, branch.id, own_turns, options, bc.claims);
            add_closing_summaries(session, branch.id, own_turns, cwd, options, bc.claims);
            mark_file_histories(bc.claims);
            mark_cleared_failures(bc.claims);
            drop_files_seen_otherwise_named(bc.claims);
            mark_filled_dirs(bc.claims);
            mark_read_contents(bc.claims);
            {
                std::vector<int64_t> user_seqs;  // where the user spoke: a command's turn ends there
                for (const Message* m : per_branch[bi])
                    if (m->role == Role::kUser && m->source.kind == SourceKind::kUser) user_seqs.push_back(m->seq);
                resolve_command_subjects(bc.claims, user_seqs);
            }
            if (bi == 0) add_harness_claims(session, bc);
            if (bi == 0) add_claude_code_run_claims(session, bc);
            if (session.format == SessionFormat::kSweAgent) {
                mark_runs_before_edit(bc.claims);
                if (bi == 0) add_run_outcome_claims(session, bc);
            } else if (session.format == SessionFormat::kOpenAiChat && bi == 0 &&
                       std::any_of(session.environment.begin(), session.environment.end(),
                                   [](const EnvironmentFact& f) { return f.name == "exit_status"; })) {
                add_run_outcome_claims(session, bc);  // mini-swe-agent 2's exit message (session 27)
            }
            // The session's harness facts: session-level, so given to its first branch once (like a
            // shared prefix), placed among the message claims by seq.
            if (bi == 0 && options.include_environment) add_environment_claims(session, bc);
            apply_rule_table(bc.claims, options);
            settle_closing_summaries(bc.claims);
            out.push_back(std::move(bc));
        }
        // A log holding only harness records has no branch of messages; its facts still have a source.
        if (session.branches.empty() && options.include_environment && !session.environment.empty()) {
            BranchClaims bc{session.id, session.id, {}};
            add_environment_claims(session, bc);
            apply_rule_table(bc.claims, options);
            if (!bc.claims.empty()) out.push_back(std::move(bc));
        }
    }
    return out;
}

}  // namespace bm
