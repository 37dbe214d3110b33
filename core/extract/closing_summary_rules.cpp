// An agent's closing summary read for concrete facts: statuses, test counts, files changed
// (closing_summary_rules.h).
#include "extract/closing_summary_rules.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "extract/claim_origin.h"
#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

bool in(std::string_view w, std::initializer_list<const char*> set) {
    for (const char* s : set)
        if (w == s) return true;
    return false;
}

std::string without_colon(std::string w) {
    while (!w.empty() && (w.back() == ':' || w.back() == '.')) w.pop_back();
    return w;
}

// Words that make a sentence a plan, a guess or a condition rather than a report of what was done.
bool guarded(const std::vector<Token>& t) {
    for (const Token& k : t)
        if (in(k.lower,
               {"if",       "unless", "until",    "once",      "when",   "whether", "might",
                "may",      "maybe",  "perhaps",  "probably",  "should", "would",   "could",
                "will",     "can",    "likely",   "hopefully", "seems",  "seem",    "appears",
                "suggests", "expect", "expected", "need",      "needs",  "let's",   "let",
                "i'll",     "we'll",  "try",      "want",      "looks",  "look"}))
            return true;
    return false;
}

bool negated(const std::vector<Token>& t) {
    for (const Token& k : t)
        if (in(k.lower, {"not", "no", "never", "none", "nothing", "without", "cannot", "didn't",
                         "couldn't", "wasn't", "weren't", "isn't", "aren't", "hasn't", "haven't",
                         "don't", "doesn't", "unable"}))
            return true;
    return false;
}

// "done", "completed": a state a thing has reached at the end of the work.
bool status_word(std::string_view w) {
    return in(w, {"complete", "completed", "done", "finished", "fixed", "resolved", "achieved",
                  "passing", "passed", "succeeded", "verified", "merged", "deployed",
                  // a record a support agent changed (session 14): "Your flight … has been successfully booked"
                  "booked", "cancelled", "canceled", "downgraded", "upgraded", "refunded", "processed",
                  "reserved", "rescheduled"});
}

// Subjects that name no thing of their own ("the task is complete", "everything is done").
bool generic_subject(const std::vector<std::string>& words) {
    // A count before the noun names nothing more ("five steps", "3 edits", "both fixes"; session 34: `five.steps`,
    // `edits` labelled partial on dev).
    const auto count = [](const std::string& w) {
        return std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) ||
               in(w, {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "both", "remaining",
                      "several", "many", "few", "requested", "planned"});
    };
    size_t first = 0;
    while (first + 1 < words.size() && count(words[first])) ++first;
    return (words.size() == first + 1 &&
            in(words[first], {"it",    "this",  "that",           "everything", "all",     "task",
                              "tasks", "work",  "request",        "change",     "changes", "file",
                              "files", "code",  "implementation", "fix",        "job",     "goal",
                              "step",  "steps", "they",           "which",      "i",       "we",
                              "you",   "rest",  "thing",          "process",    "update",  "updates",
                              "edit",  "edits", "fixes",          "item",       "items",   "todo",
                              "todos", "things",
                              "test",  "tests"})) ||  // tests: model.closing_tests counts them
           std::any_of(words.begin(), words.end(), [](const std::string& w) {
               return in(w, {"what", "here's", "here", "how", "why", "where", "it", "i", "we",
                             "you", "looks", "like"});
           });
}

// "the snapshot objective" → snapshot.objective; empty when a word is no key word.
std::string subject_key(const std::vector<std::string>& words) {
    std::string key;
    for (const std::string& w : words) {
        const std::string slug = key_slug(w, 24);
        if (slug.empty() || !std::isalnum(static_cast<unsigned char>(slug[0]))) return {};
        key += (key.empty() ? "" : ".") + slug;
    }
    return key;
}

// "<subject> has been / is / was [now] <status>", and a verbless "<Subject> complete: …" heading.
void closing_status(const Sentence& s, std::vector<TextFact>& out) {
    const std::vector<Token>& t = s.tokens;
    for (size_t k = 1; k < t.size(); ++k) {
        size_t pos = 0;
        if (in(t[k].lower, {"has", "have"}) && k + 1 < t.size() && t[k + 1].lower == "been")
            pos = k + 2;
        else if (in(t[k].lower, {"is", "are", "was", "were"}))
            pos = k + 1;
        else if (k <= 5 && status_word(without_colon(t[k].lower)) &&
                 (k + 1 == t.size() || t[k].lower.back() == ':'))
            pos = k;  // "CLI tool round trip complete: CLI_TOOL_ROUND_TRIP": a heading of its own,
                      // from the sentence start
        else
            continue;
        const bool verbless = pos == k;
        while (
            pos < t.size() && pos < k + 4 &&
            in(t[pos].lower, {"now", "successfully", "fully", "all", "already", "finally", "also"}))
            ++pos;
        // "is working correctly/properly": a status of two words (session 14).
        const bool working = pos + 1 < t.size() && t[pos].lower == "working" &&
                             in(without_colon(t[pos + 1].lower), {"correctly", "properly"});
        if (pos >= t.size() || (!working && !status_word(without_colon(t[pos].lower)))) continue;
        if (!verbless && t[pos].lower.back() == ':')
            return;  // "What was done:": the lead-in of a list
        // The subject: the noun phrase before the verb, back to a clause break, at most 5 words.
        auto clause_break = [&](const Token& p) {
            return p.comma_after || p.lower.back() == ':' ||
                   in(p.lower,
                      {"that", "which", "and", "but", "so", "because", "since", "while", "then",
                       "where", "now", "also", "indicates", "shows", "confirms", "means"});
        };
        const size_t verb = k;
        size_t b = verb;
        while (b > 0 && verb - b < 5 && !clause_break(t[b - 1])) --b;
        size_t subject_end = verb;
        if (b > 0 && !clause_break(t[b - 1])) {
            // More than 5 words: a subject that runs on, unless the sentence opens with a noun phrase that a
            // preposition ends ("Your flight from New York (JFK) to Seattle (SEA) has been booked"; session 14).
            size_t p = 0;
            while (p < verb && p < 4 && !in(t[p].lower, {"from", "to", "for", "on", "in", "at", "of", "with"})) ++p;
            if (verbless || p == 0 || p >= verb || p == 4) return;
            for (size_t i = 0; i < p; ++i)
                if (clause_break(t[i])) return;
            b = 0, subject_end = p;
        }
        if (verbless && b > 0) return;
        std::vector<std::string> words;
        for (size_t i = b; i < subject_end; ++i)
            if (!in(t[i].lower, {"the", "a", "an", "this", "these", "those", "our", "my", "your",
                                 "its", "their", "all"}))
                words.push_back(t[i].lower);
        if (words.empty() || generic_subject(words)) return;
        for (const std::string& w : words)  // "Refund: $6,594 has been processed": an amount names no thing
            if (std::none_of(w.begin(), w.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
                return;
        const std::string key = subject_key(words);
        if (key.empty()) return;
        // "downgraded to economy class": a record's new state, when the sentence ends within 4 words after "to".
        std::string status = working ? "working " + std::string(without_colon(t[pos + 1].lower)) : std::string(without_colon(t[pos].lower));
        size_t last = working ? pos + 1 : pos;
        if (!working && pos + 2 < t.size() && t[pos + 1].lower == "to" && t.size() - pos - 2 <= 4 && !t[pos].comma_after) {
            bool plain = true;
            for (size_t i = pos + 1; i + 1 < t.size(); ++i) plain &= !t[i].comma_after;
            if (plain) {
                for (size_t i = pos + 1; i < t.size(); ++i) status += " " + std::string(without_colon(t[i].lower));
                last = t.size() - 1;
            }
        }
        out.push_back({"model.closing_status", key + ".status", status, SlotType::kFact, t[b].begin, t[last].end});
        return;
    }
}

// "You can run the main program with `python dice_roller.py`": how to run a named thing, from the
// closing text (session 14). `<thing>.run` = the backticked command. None for a pronoun or a thing of
// more than 4 words, a command over 100 bytes or of more than one line, a negation or a condition
// (if, unless, when, once, before, after) between the sentence start and the command.
void closing_run_hint(std::string_view text, std::vector<TextFact>& out) {
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (size_t p = lower.find("run "); p != std::string::npos; p = lower.find("run ", p + 4)) {
        if (p > 0 && (std::isalnum(static_cast<unsigned char>(lower[p - 1])) || lower[p - 1] == '_')) continue;
        const size_t q = p + 4;
        size_t m = std::string::npos, cue = 0;
        for (const char* c : {" with `", " using `", " via `"}) {
            const size_t at = lower.find(c, q);
            if (at != std::string::npos && at < m) m = at, cue = std::string_view(c).size();
        }
        if (m == std::string::npos || m - q > 60) continue;
        const std::string_view np = std::string_view(lower).substr(q, m - q);
        if (np.find_first_of(".`\n:;") != std::string_view::npos) continue;
        std::vector<std::string> words;
        bool pronoun = false;
        for (size_t b = 0; b < np.size();) {
            size_t e = np.find(' ', b);
            if (e == std::string_view::npos) e = np.size();
            std::string w(np.substr(b, e - b));
            b = e + 1;
            if (w.empty() || in(w, {"the", "a", "an", "your", "our", "my"})) continue;
            pronoun |= in(w, {"it", "this", "that", "them", "these", "those", "everything", "all"});
            words.push_back(w);
        }
        if (pronoun || words.empty() || words.size() > 4) continue;
        const size_t cb = m + cue, ce = text.find('`', cb);
        if (ce == std::string_view::npos || ce == cb || ce - cb > 100) continue;
        const std::string_view command = text.substr(cb, ce - cb);
        if (command.find('\n') != std::string_view::npos) continue;
        // The sentence before the command holds no negation or condition.
        size_t sb = lower.find_last_of(".!?\n", p);
        sb = sb == std::string::npos ? 0 : sb + 1;
        bool guard = false;
        std::string w;
        for (size_t k = sb; k <= m; ++k) {
            const char c = k < m ? lower[k] : ' ';
            if (std::isalnum(static_cast<unsigned char>(c)) || c == '\'') { w += c; continue; }
            guard |= in(w, {"not", "don't", "never", "no", "if", "unless", "when", "once", "before", "after"});
            w.clear();
        }
        if (guard) continue;
        const std::string key = subject_key(words);
        if (key.empty()) continue;
        out.push_back({"model.closing_run_hint", key + ".run", std::string(command), SlotType::kFact, p, ce + 1});
    }
}

bool number(std::string_view w) {
    if (w.empty() || w.size() > 6) return false;
    return std::all_of(w.begin(), w.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// "All 12 tests pass", "12/12 tests passed", "3 tests failed", "all tests are passing".
void closing_tests(const Sentence& s, std::vector<TextFact>& out) {
    const std::vector<Token>& t = s.tokens;
    for (size_t j = 0; j < t.size(); ++j) {
        if (!in(t[j].lower, {"tests", "test"})) continue;
        // The count before "tests", over an adjective: "12 unit tests", "all 12 tests", "12/12
        // tests", "5 of 5 tests".
        size_t c = j;
        if (c > 0 && in(t[c - 1].lower,
                        {"unit", "integration", "new", "existing", "e2e", "regression", "the"}))
            --c;
        std::string count;
        bool all = false;
        size_t first = c;
        if (c > 0) {
            std::string w = t[c - 1].lower;
            const size_t slash = w.find('/');
            if (slash != std::string::npos && number(w.substr(0, slash)) &&
                number(w.substr(slash + 1)))
                count = w.substr(0, slash), first = c - 1;
            else if (number(w)) {
                count = w, first = c - 1;
                if (c >= 3 && t[c - 2].lower == "of" && number(t[c - 3].lower))
                    count = t[c - 3].lower, first = c - 3;
            }
        }
        if (first > 0 && t[first - 1].lower == "all") all = true, --first;
        size_t v = j + 1;
        while (v < t.size() && v < j + 4 &&
               in(t[v].lower, {"now", "are", "were", "all", "still", "have"}))
            ++v;
        if (v >= t.size()) continue;
        const std::string verb = without_colon(t[v].lower);
        const bool pass = in(verb, {"pass", "passed", "passing"});
        const bool fail = in(verb, {"fail", "failed", "failing"});
        if (!pass && !fail) continue;
        if (fail && count.empty()) continue;
        if (!count.empty())
            out.push_back({"model.closing_tests", pass ? "tests.passed" : "tests.failed", count,
                           SlotType::kFact, t[first].begin, t[v].end});
        else if (all)
            out.push_back({"model.closing_tests", "tests.status", "all passing", SlotType::kFact,
                           t[first].begin, t[v].end});
        return;
    }
}

bool change_verb(std::string_view w) {
    return in(w, {"added", "created", "updated", "modified", "changed", "fixed", "removed",
                  "deleted", "renamed", "wrote", "written", "implemented", "refactored", "replaced",
                  "moved", "edited", "rewrote", "introduced", "extended"});
}

// A token shown as a path: backticked or holding a '/', with a file name that has an extension
// ("src/main.py", "`Cargo.toml`", "src/net.py:42" → src/net.py); empty otherwise.
std::string path_of(std::string_view text, const Token& k) {
    size_t begin = k.begin;
    while (begin > 0 && text[begin - 1] == '/') --begin;  // the tokenizer leaves an absolute path's '/' out
    std::string_view raw = text.substr(begin, k.end - begin);
    while (!raw.empty() && (raw.back() == ':' || raw.back() == '`'))
        raw.remove_suffix(1);  // "`a/b.py`:"
    const bool ticked = begin > 0 && text[begin - 1] == '`';
    std::string p(raw);
    if (const size_t colon = p.find(':'); colon != std::string::npos) {
        if (!std::all_of(p.begin() + static_cast<ptrdiff_t>(colon) + 1, p.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c)) || c == ':' || c == '-';
            }))
            return {};
        p.resize(colon);
    }
    if (p.empty() || p.find("://") != std::string::npos || p.size() > 200) return {};
    if (!ticked && p.find('/') == std::string::npos) return {};
    const size_t slash = p.rfind('/');
    const std::string name = p.substr(slash == std::string::npos ? 0 : slash + 1);
    const size_t dot = name.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == name.size() || name.size() - dot - 1 > 6)
        return {};
    bool letter = false;
    for (size_t i = dot + 1; i < name.size(); ++i) {
        if (!std::isalnum(static_cast<unsigned char>(name[i]))) return {};
        letter |= std::isalpha(static_cast<unsigned char>(name[i])) != 0;
    }
    for (char c : p)
        if (!std::isalnum(static_cast<unsigned char>(c)) &&
            std::string_view("._-/").find(c) == std::string_view::npos)
            return {};
    return letter ? p : std::string();
}

// The one path a span of tokens names; empty when it names none or more than one.
std::string one_path(std::string_view text, const std::vector<Token>& t, size_t from) {
    std::string found;
    for (size_t i = from; i < t.size(); ++i) {
        const std::string p = path_of(text, t[i]);
        if (p.empty() || p == found) continue;
        if (!found.empty()) return {};
        found = p;
    }
    return found;
}

// Lowercased, markdown emphasis and backticks dropped, a closing period taken off; empty when not
// one line of prose.
std::string plain(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '`' || (s[i] == '*' && i + 1 < s.size() && s[i + 1] == '*')) {
            if (s[i] == '*') ++i;
            continue;
        }
        if (s[i] == '\n') return {};
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    }
    while (!out.empty() && (out.back() == '.' || out.back() == ' ' || out.back() == ':'))
        out.pop_back();
    return out.size() > 160 ? std::string() : out;
}

// "with 100% test coverage", "coverage is now 100%", "Coverage: 98%": the coverage measured; a
// requirement
// ("coverage requirement", "must reach", "fail_under") is not a result.
void closing_coverage(std::string_view text, const Sentence& s, std::vector<TextFact>& out) {
    const std::vector<Token>& t = s.tokens;
    for (const Token& k : t)
        if (in(without_colon(k.lower),
               {"requirement", "required", "require", "requires", "must", "target", "threshold",
                "fail_under", "minimum", "goal", "aim", "reach"}))
            return;
    for (size_t j = 0; j < t.size(); ++j) {
        if (without_colon(t[j].lower) != "coverage") continue;
        // The percentage within 3 tokens before ("100% test coverage") or after ("coverage is now
        // 100%").
        for (size_t d = 1; d <= 3; ++d)
            for (const size_t i : {j >= d ? j - d : t.size(), j + d}) {
                if (i >= t.size() || !number(t[i].lower) || t[i].end >= text.size() ||
                    text[t[i].end] != '%')
                    continue;
                const size_t b = std::min(t[i].begin, t[j].begin),
                             e = std::max(t[i].end + 1, t[j].end);
                out.push_back({"model.closing_coverage", "coverage", t[i].lower + "%",
                               SlotType::kFact, b, e});
                return;
            }
        return;
    }
}

// "To run the game, you would need to:" and its list items: how to use what was built, step by step
// (`game.run.step-1 = install the keyboard package (pip install keyboard)`).
void closing_howto(std::string_view text, std::vector<TextFact>& out) {
    std::string key;
    int step = 0;
    size_t p = 0;
    while (p < text.size()) {
        size_t e = text.find('\n', p);
        if (e == std::string_view::npos) e = text.size();
        const std::string_view line = text.substr(p, e - p);
        const size_t start = p;
        p = e + 1;
        size_t b = 0;
        while (b < line.size() && line[b] == ' ') ++b;
        if (b == line.size()) continue;  // a blank line keeps the list open
        size_t m = b;
        while (m < line.size() && std::isdigit(static_cast<unsigned char>(line[m]))) ++m;
        const bool numbered = m > b && m + 1 < line.size() && (line[m] == '.' || line[m] == ')') &&
                              line[m + 1] == ' ';
        const bool bullet =
            line.size() > b + 1 && (line[b] == '-' || line[b] == '*') && line[b + 1] == ' ';
        if (!numbered && !bullet) {
            key.clear(), step = 0;
            // "To <verb> [the|your] <object>[ <object>], …:" — a lead-in that ends in ':'.
            const std::vector<Sentence> ss = split_sentences(line);
            if (ss.size() != 1 || line.back() != ':' || line.size() > 100) continue;
            const std::vector<Token>& t = ss.front().tokens;
            if (t.size() < 3 || t[0].lower != "to" || negated(t)) continue;
            size_t i = 2;
            while (i < t.size() && in(t[i].lower, {"the", "your", "a", "an"})) ++i;
            std::vector<std::string> object;
            for (; i < t.size() && object.size() < 2; ++i) {
                const std::string w = without_colon(t[i].lower);
                // "To do this, I need to:" names no object: a pronoun is no thing to use.
                if (in(w,
                       {"this", "that", "it", "these", "them", "i", "we", "you", "need", "so"})) {
                    object.clear();
                    break;
                }
                object.push_back(w);
                if (t[i].comma_after || t[i].lower.back() == ':') break;
            }
            if (object.empty() || !std::isalpha(static_cast<unsigned char>(t[1].lower[0])))
                continue;
            const std::string k = subject_key(object), verb = key_slug(t[1].lower, 24);
            if (!k.empty() && !verb.empty() && !generic_subject(object)) key = k + "." + verb;
            continue;
        }
        if (key.empty()) continue;
        const size_t ib = start + (numbered ? m + 2 : b + 2);
        const std::string value = plain(text.substr(ib, e - ib));
        if (value.empty() || value.size() > 120) continue;
        out.push_back({"model.closing_howto", key + ".step-" + std::to_string(++step), value,
                       SlotType::kFact, ib, e});
    }
}

// Where the action verb of a summary sentence sits: after "Done.", "I've", "I have", "Summary:",
// list marks.
size_t action_start(const std::vector<Token>& t) {
    size_t i = 0;
    while (i < t.size() && i < 4) {
        const std::string& w = t[i].lower;
        if (in(w, {"done", "i", "i've", "ive", "have", "also", "then", "finally", "and",
                   "successfully", "we", "we've"}) ||
            (w.back() == ':' && i < 2) || number(w))
            ++i;
        else
            break;
    }
    return i;
}

void closing_file_sentence(std::string_view text, const Sentence& s, std::string_view cwd,
                           std::vector<TextFact>& out) {
    const std::vector<Token>& t = s.tokens;
    const size_t i = action_start(t);
    if (i >= t.size() || !change_verb(t[i].lower)) return;
    const std::string path = one_path(text, t, i + 1);
    if (path.empty()) return;
    const std::string key = path_key(path, cwd);
    const std::string value = plain(text.substr(t[i].begin, s.end - t[i].begin));
    if (key.empty() || value.empty()) return;
    out.push_back({"model.closing_file_change", "file." + key, value, SlotType::kArtifact,
                   t[i].begin, s.end});
}

// The change verb of a list's lead-in line ("Done. I've added:", "Files modified:", "Changes:");
// empty otherwise.
std::string lead_verb(std::string_view line) {
    size_t e = line.size();
    while (e > 0 && line[e - 1] == ' ') --e;
    if (e == 0 || line[e - 1] != ':' || e > 120) return {};
    const std::vector<Sentence> ss = split_sentences(line.substr(0, e));
    if (ss.empty()) return {};
    const std::vector<Token>& t = ss.back().tokens;
    if (guarded(t) || negated(t)) return {};
    std::string verb;
    for (const Token& k : t) {
        const std::string w = without_colon(k.lower);
        if (change_verb(w)) return w;
        if (in(w, {"changes", "change"})) verb = "changed";
    }
    return verb;
}

// "Done. I've added:" followed by list items each naming one path: "1. **Retry** in `src/net.py:42`
// – retries".
void closing_file_list(std::string_view text, std::string_view cwd, std::vector<TextFact>& out) {
    std::string verb;
    size_t p = 0;
    while (p < text.size()) {
        size_t e = text.find('\n', p);
        if (e == std::string_view::npos) e = text.size();
        const std::string_view line = text.substr(p, e - p);
        size_t b = 0;
        while (b < line.size() && line[b] == ' ') ++b;
        size_t m = b;  // past a list mark: "- ", "* ", "1. ", "2) "
        if (m + 1 < line.size() && (line[m] == '-' || line[m] == '*') && line[m + 1] == ' ')
            m += 2;
        else {
            while (m < line.size() && std::isdigit(static_cast<unsigned char>(line[m]))) ++m;
            m = (m > b && m + 1 < line.size() && (line[m] == '.' || line[m] == ')') &&
                 line[m + 1] == ' ')
                    ? m + 2
                    : b;
        }
        const bool item = m > b;
        if (!item) {
            // A lead-in line ending in ':' names the change its items share; a blank line keeps it.
            if (b < line.size()) verb = lead_verb(line);
            p = e + 1;
            continue;
        }
        if (!verb.empty()) {
            const size_t ib = p + m;
            const std::string_view body = text.substr(ib, e - ib);
            std::vector<Sentence> ss = split_sentences(body);
            if (!ss.empty()) {
                std::vector<Token> t;
                for (const Sentence& x : ss)
                    for (Token k : x.tokens) k.begin += ib, k.end += ib, t.push_back(std::move(k));
                const bool own_verb = change_verb(t.front().lower);
                const std::string path = one_path(text, t, 0);
                const std::string key = path.empty() ? std::string() : path_key(path, cwd);
                const std::string value = plain(body);
                if (!own_verb && !key.empty() && !value.empty() && !guarded(t) && !negated(t))
                    out.push_back({"model.closing_file_change", "file." + key, verb + " " + value,
                                   SlotType::kArtifact, ib, e});
            }
        }
        p = e + 1;
    }
}

}  // namespace

std::vector<TextFact> closing_summary_facts(std::string_view text, std::string_view cwd) {
    std::vector<TextFact> out;
    if (text.size() > 20'000) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 2 || t.size() > 40 || text[s.end - 1] == '?' || guarded(t) || negated(t))
            continue;
        closing_status(s, out);
        closing_tests(s, out);
        closing_file_sentence(text, s, cwd, out);
        closing_coverage(text, s, out);
    }
    closing_file_list(text, cwd, out);
    closing_howto(text, out);
    closing_run_hint(text, out);
    // One claim per key and text: the first statement of it.
    std::set<std::string> seen;
    std::erase_if(out, [&](const TextFact& f) { return !seen.insert(f.key).second; });
    return out;
}

namespace {

bool finishing_call(const std::string& tool) {
    return one_of(ascii_lower(tool), {"finish", "submit", "attempt_completion", "task_complete",
                                      "complete_task", "final_answer", "end_task"});
}

void add_closing(const Session& session, const std::string& branch_id, const Message& m,
                 const std::string& cwd, const ExtractOptions& options, std::vector<Claim>& out) {
    const auto origin = claim_origin(m, BlockKind::kText, false, false);
    if (!origin) return;
    for (const ContentBlock& b : m.blocks) {
        if (b.kind != BlockKind::kText || b.text.empty()) continue;
        for (const TextFact& f : closing_summary_facts(b.text, cwd)) {
            Claim c;
            c.rule = f.rule, c.key = f.key, c.value = f.value, c.type = f.type;
            c.evidence = origin->evidence;
            c.provenance_rank = origin->provenance_rank;
            c.trust = trust_for_message(m, session.id, std::string(), options.trust);
            c.source = {branch_id,
                        session.id,
                        m.id,
                        m.seq,
                        role_name(m.role),
                        source_kind_name(m.source.kind),
                        {},
                        m.line};
            c.time = m.time;
            c.quote = b.text.substr(f.begin, f.end - f.begin);
            c.quote_offset = static_cast<int64_t>(f.begin);
            out.push_back(std::move(c));
        }
    }
}

bool closing_rule(const std::string& rule) {
    return rule.rfind("model.closing_", 0) == 0;
}

}  // namespace

void add_closing_summaries(const Session& session, const std::string& branch_id,
                           const std::vector<const Message*>& messages, const std::string& cwd,
                           const ExtractOptions& options, std::vector<Claim>& out) {
    // The turn's last assistant message with text, nothing but a finish after it; read only when
    // the turn did work (a tool call): a chat answer with no work behind it is an answer, not a
    // summary of what was done.
    const Message* last = nullptr;
    bool worked = false;
    for (const Message* m : messages) {
        if (m->role == Role::kUser && m->source.kind == SourceKind::kUser) {
            if (last && worked) add_closing(session, branch_id, *last, cwd, options, out);
            last = nullptr, worked = false;
        } else if (m->role == Role::kAssistant && m->source.kind != SourceKind::kPlugin) {
            bool text = false, working = false;
            for (const ContentBlock& b : m->blocks) {
                if (b.kind == BlockKind::kText && !b.text.empty()) text = true;
                if (b.kind == BlockKind::kToolCall) worked = true;
                if (b.kind == BlockKind::kToolCall && !finishing_call(b.tool_name)) working = true;
            }
            if (working)
                last = nullptr;  // the turn went on working
            else if (text)
                last = m;
        }
    }
    if (last && worked) add_closing(session, branch_id, *last, cwd, options, out);
}

void settle_closing_summaries(std::vector<Claim>& claims) {
    std::map<std::string, int>
        observed;  // key → the highest rank another rule's claim holds it with
    for (const Claim& c : claims)
        if (!closing_rule(c.rule)) {
            auto [it, fresh] = observed.emplace(c.key, c.provenance_rank);
            if (!fresh) it->second = std::max(it->second, c.provenance_rank);
        }
    std::vector<Claim> kept;
    kept.reserve(claims.size());
    for (Claim& c : claims) {
        if (closing_rule(c.rule)) {
            if (c.rule == "model.closing_file_change" && observed.count(c.key)) c.key += ".summary";
            auto o = observed.find(c.key);
            if (o != observed.end() && o->second > c.provenance_rank) continue;
        }
        kept.push_back(std::move(c));
    }
    claims = std::move(kept);
}

}  // namespace bm
