// Requests, prohibitions, reply instructions, tool choices and ports: token patterns, no regex.
#include "extract/request_rules.h"

#include <cctype>
#include <set>
#include <utility>

#include "extract/key_normaliser.h"
#include "extract/phrasal_request_rules.h"
#include "extract/request_scope.h"

namespace bm {

namespace {

using Toks = std::vector<Token>;

std::string bare(const std::string& w) { return !w.empty() && w.back() == ':' ? w.substr(0, w.size() - 1) : w; }

bool in(const std::set<std::string>& s, const std::string& w) { return s.count(bare(w)) > 0; }

const std::set<std::string>& imperative_verbs() {
    // Base forms that open a request; "reply" and "use" have rules of their own.
    static const std::set<std::string> s = {
        "add",     "analyse", "analyze",  "build",   "call",    "change",  "check",     "commit",  "create",
        "delete",  "deploy",  "describe", "edit",    "explain", "find",    "fix",       "implement", "inspect",
        "install", "list",    "make",     "merge",   "move",    "open",    "perform",   "plan",    "print",
        "push",    "read",    "refactor", "remove",  "rename",  "replace", "report",    "return",  "review",
        "run",     "search",  "start",    "summarise", "summarize", "test", "update",   "upgrade", "verify",
        "write",   "quote",   "delete",   "configure", "enable",  "disable", "migrate", "document", "debug",
        "establish", "record", "ensure",  "keep",    "include", "generate", "download", "upload", "compile",
        "clone",   "restart", "stop",     "begin",   "publish", "translate", "count",   "compare", "measure",
        "prove",   "observe", "delegate", "show",    "convert", "optimise", "optimize", "clean",
        "fetch",   "load",    "save",     "send",    "investigate", "resolve", "design", "rewrite", "extend",
        "validate", "improve", "reduce",  "increase", "split",   "parse",   "format",  "revert",  "reset",
        "submit",  "rebase",  "benchmark", "profile", "schedule", "retry",  "complete", "prepare",
        "identify", "determine", "calculate", "compute", "render", "display", "simulate", "train",
        "evaluate", "solve",  "answer",   "propose", "draft",   "port",    "append",  "insert",  "bump",
        "setup",   "refresh", "archive",  "export",  "import",  "diagnose", "reproduce", "wrap",  "outline",
        "remember", "memorise", "memorize", "apply",
        // a picture asked of an image tool (session 16, x17chat)
        "paint",   "draw",    "sketch",   "illustrate",
        // a customer's tasks in a support chat (session 14)
        "book",    "cancel",  "modify",   "downgrade", "exchange", "refund", "reserve", "reschedule", "purchase"};
    return s;
}

const std::set<std::string>& lead_ins() {
    static const std::set<std::string> s = {"please", "then", "first", "finally", "next", "now", "also", "and",
                                            "immediately", "1", "2", "3", "4", "5", "kindly", "so", "but",
                                            "ok", "okay", "alright",
                                            // "But first, let's make a basic clone …": the user's own "let's" asks for
                                            // the work (session 17, a Codex user's request)
                                            "let's"};
    return s;
}

const std::set<std::string>& object_skips() {
    static const std::set<std::string> s = {"the", "a", "an", "any", "all", "this", "these", "those", "exactly",
                                            "only", "just", "one", "both", "some", "its", "their", "your", "my",
                                            "our", "each", "every", "single", "new", "that", "other"};
    return s;
}

const std::set<std::string>& object_stops() {
    static const std::set<std::string> s = {
        "to",     "in",    "on",     "with",  "for",    "from",  "into",    "at",   "by",    "via",   "and",
        "or",     "then",  "using",  "as",    "so",     "which", "if",      "when", "before", "after", "without",
        "named",  "called", "containing", "instead", "not", "but", "while", "of",  "until", "because", "since",
        "once",   "is",    "are",    "was",   "were",   "will",  "should",  "can",  "again", "first", "now",
        "exactly", "twice", "once",  "here",  "there",  "directly", "verbatim", "immediately"};
    return s;
}

const std::set<std::string>& category_heads() {
    // "use the X <head>": the head names the slot, X its value ("the bash tool" → tool = bash).
    static const std::set<std::string> s = {
        "tool",     "tools",     "command",  "program",  "library",  "framework", "language", "database",
        "model",    "shell",     "editor",   "format",   "api",      "package",   "image",    "provider",
        "service",  "server",    "client",   "driver",   "engine",   "backend",   "cache",    "queue",
        "runtime",  "compiler",  "sdk",      "cli",      "branch",   "strategy",  "approach", "method",
        "algorithm", "protocol", "mode",     "style",    "template", "plugin",    "extension", "container",
        "cluster",  "region",    "bucket",   "registry", "store",    "broker",    "orm",      "linter"};
    return s;
}

// "use the bash tool": a tool for this turn's work, not a lasting choice of the project.
bool turn_category(const std::string& head) {
    return head == "tool" || head == "tools" || head == "command" || head == "shell";
}

const std::set<std::string>& negators() {
    static const std::set<std::string> s = {"not", "never", "don't", "dont", "do't", "no", "avoid", "cannot", "can't"};
    return s;
}

const std::set<std::string>& choice_subjects() {
    // Who may precede "use"/"go with" for it to be a choice ("I'll use", "we decided to use").
    static const std::set<std::string> s = {"i",     "we",     "i'll",  "we'll", "let's", "lets", "will", "should",
                                            "to",    "please", "shall", "must",  "can",   "could", "would", "then",
                                            "also",  "and",    "first", "just",  "instead", "always", "now", "it's"};
    return s;
}

bool all_caps_literal(std::string_view text, const Token& t) {
    int letters = 0;
    for (size_t i = t.begin; i < t.end; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (std::islower(c)) return false;
        letters += std::isupper(c) ? 1 : 0;
    }
    return letters >= 2;
}

// Object words after `from`: determiners skipped, up to a preposition or clause break, at most 3.
struct Object {
    std::vector<std::string> words;
    size_t end = 0;
    bool quantified = false;  // "any"/"all": "do not use any tools"
    bool others = false;      // "any other tools": relative to the ones named elsewhere, not a value
    std::string file;         // a file name among the words, or after "named"/"called"
};

// Whether the comma after token `k` separates coordinate adjectives of one object ("an animated, interactive web
// app", "a sharp, specific, differentiated idea"; session 20): `k` and any comma words before it follow an article,
// and after the comma(s) come at least two plain words (an adjective and its noun) before a stop word. A verb, a
// pronoun, a lead-in or a determiner after the comma starts another clause or list item, so the comma ends there.
bool coordinate_comma(const Toks& t, size_t k, size_t hi) {
    static const std::set<std::string> articles = {"a", "an", "the"};
    static const std::set<std::string> breaks = {"i", "me", "you", "we", "us", "it", "they", "them", "he", "she",
                                                 "him", "her", "what", "which", "who", "how", "why", "where",
                                                 "please", "etc", "e.g", "i.e"};
    auto plain = [&](size_t j) {
        const std::string& w = t[j].lower;
        if (w.empty() || w.back() == ':') return false;
        for (char c : w)
            if (!std::isalpha(static_cast<unsigned char>(c)) && c != '-') return false;
        return !in(object_stops(), w) && !in(object_skips(), w) && !in(lead_ins(), w) && !breaks.count(w) &&
               !imperative_verbs().count(w);
    };
    if (k >= hi || !t[k].comma_after || !plain(k)) return false;
    size_t j = k;
    while (j > 0 && t[j - 1].comma_after && plain(j - 1)) --j;  // "a sharp, specific," — back to the first one
    if (j == 0 || !articles.count(t[j - 1].lower) || t[j - 1].comma_after) return false;
    size_t m = k + 1;
    while (m < hi && t[m].comma_after && plain(m)) ++m;  // further coordinate adjectives
    size_t run = 0;
    for (size_t r = m; r < hi && plain(r); ++r) {
        ++run;
        if (t[r].comma_after) break;
    }
    return run >= 2 && m < hi && !t[m].comma_after;
}

Object object_after(const Toks& t, size_t from, size_t hi) {
    Object o;
    size_t i = from;
    // "upgrade me to business class": the user is no object; what they are moved to is (session 14).
    if (i + 2 < hi && (t[i].lower == "me" || t[i].lower == "us") && t[i + 1].lower == "to") i += 2;
    while (i < hi && in(object_skips(), t[i].lower)) {
        o.quantified |= t[i].lower == "any" || t[i].lower == "all";
        o.others |= t[i].lower == "other";
        if (t[i].comma_after) return o.end = i + 1, o;
        ++i;
    }
    // "complete the first step": an ordinal after "the" is the object's adjective, not "do X first" (session 16).
    auto ordinal_after_the = [&](size_t k) {
        return k > from && t[k - 1].lower == "the" && (t[k].lower == "first" || t[k].lower == "second" || t[k].lower == "next");
    };
    while (i < hi && o.words.size() < 3 && (!in(object_stops(), t[i].lower) || ordinal_after_the(i))) {
        const std::string w = bare(t[i].lower);
        if (o.file.empty()) o.file = file_key_part(w);
        o.words.push_back(w);
        ++i;
        if ((t[i - 1].comma_after && !coordinate_comma(t, i - 1, hi)) || t[i - 1].lower.back() == ':') break;
    }
    if (o.file.empty() && i + 1 < hi && (t[i].lower == "named" || t[i].lower == "called")) {
        o.file = file_key_part(t[i + 1].lower);
        if (!o.file.empty()) i += 2;
    }
    o.end = i;
    return o;
}

std::string join_key(const std::string& a, const std::string& b) {
    return a.empty() ? b : b.empty() ? a : a + "." + b;
}

// "reply|respond|answer [with|in] [exactly] [the single word] VALUE".
bool match_reply(std::string_view text, const Toks& t, size_t i, size_t hi, std::vector<ClauseMatch>& out) {
    const std::string& w = t[i].lower;
    if (w != "reply" && w != "respond" && w != "answer") return false;
    size_t j = i + 1;
    bool format = false;
    if (j < hi && (t[j].lower == "in" || t[j].lower == "using")) format = true, ++j;
    else if (j < hi && t[j].lower == "with") ++j;
    bool literal = false;
    static const std::set<std::string> skips = {"exactly", "just", "only", "the", "a", "single", "word", "words",
                                                "plain", "with", "text", "string", "token", "literal"};
    while (j < hi && in(skips, t[j].lower)) {
        const std::string b = bare(t[j].lower);
        literal |= b == "exactly" || b == "just" || b == "only" || b == "word" || b == "literal";
        ++j;
    }
    if (j >= hi) return false;
    // A literal is set apart: ALL CAPS, quoted, or right after "word" ("just the color" is not one).
    const bool quoted = t[j].begin > 0 && (text[t[j].begin - 1] == '"' || text[t[j].begin - 1] == '\'');
    const bool after_word = bare(t[j - 1].lower) == "word" || bare(t[j - 1].lower) == "exactly";
    if (!format && !all_caps_literal(text, t[j]) && !quoted && !(literal && after_word)) return false;
    // A reply literal is the instruction itself: "DONE" is not chatter here.
    const std::string value = literal || !format ? bare(t[j].lower) : normalise_value({bare(t[j].lower)});
    if (value.empty() || !std::isalnum(static_cast<unsigned char>(value[0]))) return false;
    static const std::set<std::string> not_literals = {"that", "this", "it", "your", "its", "their", "what", "one"};
    if (not_literals.count(value)) return false;
    out.push_back({format ? "turn.reply_format" : "turn.reply", format ? "reply.format" : "reply", value, SlotType::kConstraint, i, j + 1});
    return true;
}

// "use|go with|opt for NP" → tool = bash, use.redis = assert; negated → not-x / refute / none.
bool match_use(std::string_view text, const Toks& t, size_t lo, size_t i, size_t hi, bool clause_start,
               std::vector<ClauseMatch>& out) {
    const std::string& w = t[i].lower;
    size_t after = i + 1;
    if (w == "go" || w == "going" || w == "went" || w == "opt" || w == "opted" || w == "settle" || w == "settled") {
        if (after >= hi || (t[after].lower != "with" && t[after].lower != "for" && t[after].lower != "on")) return false;
        ++after;
    } else if (w == "call" || w == "calls" || w == "calling" || w == "invoke") {
        // "call the run_code tool": a choice only when a category names the slot.
        Object o = object_after(t, after, hi);
        if (o.words.size() < 2 || !category_heads().count(o.words.back())) return false;
    } else if (w != "use" && w != "using" && w != "uses") {
        return false;
    }
    // "the use of", "a go with": nouns, not choices.
    if (i > lo && (t[i - 1].lower == "the" || t[i - 1].lower == "a")) return false;
    // "persistence uses JSONL": a third-person "uses" states what its subject is built on.
    if (w == "uses" && !clause_start && i > lo && !in(choice_subjects(), t[i - 1].lower)) {
        size_t s = i;
        while (s > lo && i - s < 3 && !t[s - 1].comma_after && !in(object_stops(), t[s - 1].lower) &&
               t[s - 1].lower.back() != ':')
            --s;
        std::vector<std::string> subject;
        for (size_t k = s; k < i; ++k) subject.push_back(t[k].lower);
        const std::string key = normalise_subject(subject);
        Object o = object_after(t, after, hi);
        if (key.empty() || o.words.empty()) return false;
        const std::string value = normalise_value({o.words.front()});
        if (value.empty()) return false;
        out.push_back({"text.uses", key, value, SlotType::kFact, s, o.end});
        return true;
    }
    if (!clause_start && !(i > lo && in(choice_subjects(), t[i - 1].lower)) &&
        !(i > lo && in(negators(), t[i - 1].lower)) && !(i > lo + 1 && in(negators(), t[i - 2].lower)))
        return false;
    bool negated = false;
    for (size_t k = i; k > lo && k + 3 > i; --k) negated |= in(negators(), t[k - 1].lower);
    // "use Y for X" / "use Y as X" name their slot: the main rule handles them.
    for (size_t k = after; k < hi && k <= after + 4; ++k)
        if (t[k].lower == "for" || t[k].lower == "as") return false;
    Object o = object_after(t, after, hi);
    if (o.words.empty() || o.others) return false;
    const std::string head = o.words.back();
    size_t first = i;
    while (first > lo && (in(negators(), t[first - 1].lower) || t[first - 1].lower == "do")) --first;
    // A tool instruction keeps its words to the clause's end ("use the bash tool to run exactly: echo
    // hello", "do not use the read tool") under the tool it names; a clause longer than 18 words is cut
    // to the instruction itself, never mid-phrase (session 17: at 12 "use the lsp tool exactly once to
    // find the definition at subject.ts line 1 character 7" lost its purpose). The quote stays the instruction itself, so that a
    // statement read in the rest of the clause ("exactly: echo HELLO") does not cover it.
    auto instruction = [&] {
        size_t end = o.end;
        // "and" ends the instruction only before a new one ("and reply", "and then", "and do not"): "with
        // offset 5 and limit 4" joins two parts of one phrase (session 17).
        auto next_instruction = [&](size_t k) {
            return t[k].lower == "then" ||
                   (t[k].lower == "and" && k + 1 < hi &&
                    (t[k + 1].lower == "then" || t[k + 1].lower == "do" || in(negators(), t[k + 1].lower) ||
                     imperative_verbs().count(bare(t[k + 1].lower))));
        };
        while (end < hi && !t[end - 1].comma_after && !next_instruction(end)) ++end;
        if (end - first > 18) end = o.end;
        std::string words;
        for (size_t k = first; k < end; ++k) words += (words.empty() ? "" : " ") + bare(t[k].lower);
        return words;
    };
    if (negated && o.quantified && o.words.size() == 1) {
        // "do not use any tools": the whole class, keyed by its word as written (`tools`), not one tool.
        bool word = !head.empty();
        for (char c : head) word &= std::isalpha(static_cast<unsigned char>(c)) != 0;
        const std::string key = word ? head : normalise_subject({head});
        const std::string words = instruction();
        if (!key.empty()) out.push_back({"turn.tool_choice", key, words, SlotType::kConstraint, first, o.end});
        return !key.empty();
    }
    if (o.words.size() >= 2 && category_heads().count(head)) {
        const std::string key = normalise_subject({head});
        std::string value = normalise_value({o.words[o.words.size() - 2]});
        if (key.empty() || value.empty()) return false;
        if (turn_category(head)) {
            const std::string words = instruction();
            out.push_back({"turn.tool_choice", key + "." + value, words, SlotType::kConstraint, first, o.end});
            // "use the read tool (NOT bash)": the tool set aside is an instruction of the turn too.
            const size_t n = o.end;
            if (n + 1 < hi && t[n].lower == "not" && t[n].begin > 0 && t[n].begin <= text.size() &&
                text[t[n].begin - 1] == '(') {
                const std::string other = normalise_value({t[n + 1].lower});
                std::string head;
                for (size_t k = first; k < o.end; ++k) head += (head.empty() ? "" : " ") + bare(t[k].lower);
                if (!other.empty() && other != value)
                    out.push_back({"turn.tool_choice", key + "." + other, head + ", not " + t[n + 1].lower,
                                   SlotType::kConstraint, first, n + 2});
            }
            return true;
        }
        if (negated) value = "not-" + value;
        out.push_back({"text.category_choice", key, value, negated ? SlotType::kRefuted : SlotType::kDecision, first,
                       o.end});
        return true;
    }
    const std::string part = normalise_subject({o.words.front()});
    if (part.empty()) return false;
    out.push_back({"text.choice", "use." + part, negated ? "refute" : "assert", negated ? SlotType::kConstraint : SlotType::kDecision,
                   first, o.end});
    return true;
}

// Which rule a request is: a prohibition, a one-turn instruction to call a tool ("call subagent
// once") or to shape the reply ("report the result verbatim"), or the user's request.
const char* request_rule(const std::string& verb, const std::string& words, bool prohibition, bool own_wish) {
    // "I want to return the product": the user's own act, their goal, not an instruction for the reply.
    if (own_wish && !prohibition) return "user.request";
    static const std::set<std::string> reply_verbs = {"quote", "report", "print", "say", "tell", "return", "echo",
                                                      "describe", "explain", "mention", "include", "summarise",
                                                      "summarize", "list", "show", "answer", "reply", "respond"};
    if (prohibition) return reply_verbs.count(verb) ? "turn.reply_instruction" : "user.prohibition";
    if (verb == "call" || verb == "invoke") return "turn.tool_call";
    if (reply_verbs.count(verb)) return "turn.reply_instruction";
    // "read test.txt", "verify the spill was retained": a step of this turn's work, not its aim.
    static const std::set<std::string> step_verbs = {"read", "open", "inspect", "check", "verify", "find", "search",
                                                     "look", "view", "show"};
    if (step_verbs.count(verb)) return "turn.step";
    for (const char* cue : {"verbatim", "your final", "your reply", "your answer", "your response"})
        if (words.find(cue) != std::string::npos) return "turn.reply_instruction";
    return "user.request";
}

// Whether token `k` opens a parenthesised aside ("(but keep the Justfile …)").
bool opens_aside(std::string_view text, const Token& k) { return k.begin > 0 && k.begin <= text.size() && text[k.begin - 1] == '('; }

// The words of text[from, stop) as a request's value: lowercased, quote marks dropped ('change the content to
// "modified content"'), white space one blank; a quoted sentence's end ('… until you are cut off." After …') or a
// parenthesis the words open but do not close cuts them there; a trailing colon or comma is cut.
std::string value_words(std::string_view text, size_t from, size_t stop) {
    std::string out;
    for (size_t k = from; k < stop && k < text.size(); ++k) {
        const char c = text[k];
        if (c == '"' || c == '`') continue;
        if (c == '.' && k + 1 < text.size() && (text[k + 1] == '"' || text[k + 1] == '\'')) break;
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    int depth = 0;
    size_t open_at = std::string::npos;
    for (size_t k = 0; k < out.size(); ++k) {
        if (out[k] == '(' && depth++ == 0) open_at = k;
        else if (out[k] == ')' && depth > 0 && --depth == 0) open_at = std::string::npos;
    }
    if (open_at != std::string::npos) out.erase(open_at);
    while (!out.empty() && (out.back() == ':' || out.back() == ',' || out.back() == ' ')) out.pop_back();
    return out;
}

// Whether the request from `first` goes on past the comma after token `e - 1` (session 34: dev requests cut there were
// labelled partial): "…that isn't real time, but instead pieces have a cooldown", "…a palindrome, reusing the
// reverse function", and a clause of its own it opened before the comma ("add some code that when audio is received,
// it transcribes it …": the comma closes the "when" clause, and the request's point follows).
bool continues_past_comma(const Toks& t, size_t first, size_t e, size_t hi) {
    if (e >= hi) return false;
    const std::string& next = t[e].lower;
    if (next == "but" && e + 1 < hi && (t[e + 1].lower == "instead" || t[e + 1].lower == "rather")) return true;
    if (next.size() > 5 && next.compare(next.size() - 3, 3, "ing") == 0 && !in(imperative_verbs(), next)) return true;
    // The clause an opener starts ends at the first comma after it: only that comma is passed.
    static const std::set<std::string> opens = {"when", "if", "once", "whenever", "unless"};
    for (size_t k = e - 1; k-- > first + 1;) {
        if (t[k].comma_after) return false;
        if (opens.count(t[k].lower)) return true;
    }
    return false;
}

// The request's own words, lowercased, from `first` to the clause's end (a comma, "and"/"then"
// before another imperative), at most 14 tokens: "replace debug with release in config.txt". `ran_on` tells whether
// the clause ran on past 20 words and was cut at 14.
std::string request_words(std::string_view text, const Toks& t, size_t first, size_t hi, size_t& end,
                          bool* ran_on = nullptr) {
    size_t e = first;
    // At most 14 words, or up to 20 when that reaches the clause's end ("… to be the quickest one on May 27"
    // was cut before its date; session 14).
    const size_t limit = 20;
    bool coordinate = false;  // the clause ran on past a comma between coordinate adjectives
    size_t comma_cut = 0;     // where the request would have ended at a comma it went on past (0: none)
    while (e < hi && e - first < limit) {
        // "… a script to build and deploy the app", "… similar to build and run script": "to <verb> and <verb>" pairs
        // two verbs over one object; the second starts no request (session 37, dev: `goal.run.script = run script`,
        // junk, and its twin cut at "similar to build").
        // Not after a verb whose "to" takes a value ("set LOG_LEVEL to debug and restart the server": review).
        static const std::set<std::string> value_to = {"set",    "change",  "switch",  "move",      "convert",
                                                       "rename", "revert",  "update",  "migrate",   "upgrade",
                                                       "downgrade", "point", "default"};
        bool paired = e >= first + 2 && t[e].lower == "and" && t[e - 2].lower == "to" && !t[e - 1].comma_after &&
                      imperative_verbs().count(bare(t[e - 1].lower));
        for (size_t k = first; paired && k + 2 < e; ++k) paired = !value_to.count(bare(t[k].lower));
        if (e > first + 1 && (t[e].lower == "and" || t[e].lower == "then" || t[e].lower == "please") && e + 1 < hi &&
            imperative_verbs().count(bare(t[e + 1].lower)) && !paired)
            break;
        // "… when you're done (but keep the Justfile …)": an aside that opens a clause of its own ends the request.
        if (e > first && opens_aside(text, t[e]) &&
            (in(lead_ins(), t[e].lower) || t[e].lower == "or" || imperative_verbs().count(bare(t[e].lower))))
            break;
        ++e;
        if (t[e - 1].comma_after) {
            if (continues_past_comma(t, first, e, hi)) {
                if (comma_cut == 0) comma_cut = e;
                continue;
            }
            if (!coordinate_comma(t, e - 1, hi)) break;
            coordinate = true;
        }
    }
    // A request that went on past its comma and reached the limit keeps the comma's cut, as before (review).
    if (e - first == limit && e < hi && comma_cut != 0) e = comma_cut;
    const bool cut = e - first == limit && e < hi && !t[e - 1].comma_after;
    if (cut) e = first + 14;  // runs on past 20: the old cut
    if (ran_on) *ran_on = cut;
    // A clause that ran on past coordinate adjectives keeps to 100 bytes: it ends before its last
    // prepositional phrase that would overrun them ("… between Skills and Subagents in Claude Code"; session 20).
    while (coordinate && e > first + 4 && t[e - 1].end - t[first].begin > 100) {
        size_t k = e - 1;
        while (k > first + 3 && !in(object_stops(), t[k].lower)) --k;
        if (k <= first + 3) break;
        e = k;
    }
    end = e;
    // "(no Python bindings needed)": the aside's closing parenthesis follows its last token.
    size_t stop = t[e - 1].end;
    int open = 0;
    for (size_t k = t[first].begin; k < stop && k < text.size(); ++k) open += text[k] == '(' ? 1 : text[k] == ')' ? -1 : 0;
    while (open > 0 && stop < text.size() && text[stop] == ')') ++stop, --open;
    return value_words(text, t[first].begin, stop);
}

// Words that no bare noun phrase holds: pronouns, verbs of being and modals, prepositions and subordinators,
// greetings and lead-ins.
const std::set<std::string>& not_noun_words() {
    static const std::set<std::string> s = {
        "i",      "you",   "we",     "it",    "they",  "he",     "she",   "me",    "us",     "them",  "this",
        "that",   "these", "those",  "is",    "are",   "was",    "were",  "be",    "been",   "am",    "has",
        "have",   "had",   "do",     "does",  "did",   "can",    "could", "will",  "would",  "should", "must",
        "may",    "might", "shall",  "not",   "no",    "if",     "when",  "once",  "after",  "before", "while",
        "since",  "because", "as",   "until", "unless", "in",    "on",    "at",    "for",    "to",    "with",
        "by",     "from",  "of",     "into",  "hi",    "hey",    "hello", "thanks", "thank", "great", "sure",
        "yes",    "ok",    "okay",   "done",  "cool",  "nice",   "please", "also", "then",   "now",   "first"};
    return s;
}

// With `strict`, a word ending in -ing or -ed may be a clause's verb ("tests failing, fix them") and is no noun
// phrase's; in a list after a preposition it is an adjective ("malformed inputs", "tree-based attention").
bool noun_word(const std::string& lower, bool strict) {
    const std::string w = bare(lower);
    if (w.empty() || not_noun_words().count(w)) return false;
    if (strict && w.size() > 4 && (w.compare(w.size() - 3, 3, "ing") == 0 || w.compare(w.size() - 2, 2, "ed") == 0))
        return false;
    return true;
}

// "Search Types: Route number, stop name, or keywords", "(English only, clean modern UI)", "… admin template
// application, and import HTML/audit/versioning" (session 20, branch d24chat): a verb word that opens an item of a
// list of noun phrases is the item's noun ("stop name"), not a request. The comma before it (and an "and"/"or")
// closes a bare noun phrase of 2–6 words — no verb first, no pronoun, verb of being, preposition, subordinator,
// greeting or lead-in, no determiner after its first word — that starts at a comma, a colon, a parenthesis or the
// sentence's start.
bool noun_list_item(std::string_view text, const Toks& t, size_t i) {
    size_t k = i;
    if (k > 0 && (t[k - 1].lower == "and" || t[k - 1].lower == "or") && !t[k - 1].comma_after) --k;
    if (k == 0 || !t[k - 1].comma_after) return false;
    // "… stops by route number, stop name, or keywords": the phrase may also start after a preposition, but then only
    // a list that goes on (", or keywords") or ends on this item ("…, and import …") makes it one.
    static const std::set<std::string> list_prepositions = {"by", "for", "of", "with", "including", "like", "as",
                                                            "from", "about"};
    size_t s = k - 1;
    while (s > 0 && !t[s - 1].comma_after && t[s - 1].lower.back() != ':' && !opens_aside(text, t[s]) &&
           !list_prepositions.count(t[s - 1].lower))
        --s;
    // At the sentence's start the phrase may be a remark before a request ("Good job, add tests …", "One more thing,
    // update the changelog"): there too only a list that goes on makes it one (review).
    if (((s > 0 && !t[s - 1].comma_after && list_prepositions.count(t[s - 1].lower)) || s == 0) && k == i) {
        bool goes_on = false;
        for (size_t j = i; j < t.size() && j < i + 6 && !goes_on; ++j)
            goes_on = t[j].comma_after && j + 1 < t.size() && (t[j + 1].lower == "and" || t[j + 1].lower == "or");
        if (!goes_on) return false;
    }
    if (k - s < 2 || k - s > 6) return false;
    if (imperative_verbs().count(bare(t[s].lower)) || in(lead_ins(), t[s].lower)) return false;
    // "Scaffold the full workspace, write …": a word before a determiner is a verb with its object.
    static const std::set<std::string> determiners = {"the", "a", "an", "all", "my", "our", "your", "its", "their",
                                                      "some", "any", "each", "every"};
    for (size_t j = s; j < k; ++j)
        if (!noun_word(t[j].lower, true) || (j > s && determiners.count(t[j].lower))) return false;
    return true;
}

// "Add boundary tests for empty results, time windows, duplicate actions, and malformed inputs." (session 20, branch
// d24chat): a request cut at its first comma keeps one item of the list its last preposition governs. When the
// words before the comma end in a prepositional phrase and what follows is a list of short noun phrases (1–5 words
// each, none opening with a task verb, a pronoun or a lead-in) closed by "and|or <noun phrase>" at the sentence's end
// or before a preposition or participle that starts its modifier ("… models using the arxiv-mcp server"), the
// request runs to the list's end (a whole list over a request's 120 bytes gives none: its first item alone is a cut
// value); returns that token index, or `end` when no such list follows.
size_t noun_list_end(const Toks& t, size_t first, size_t end, size_t hi) {
    static const std::set<std::string> governing = {"for", "about", "of", "on", "in", "with", "including", "like",
                                                    "between", "across"};
    static const std::set<std::string> modifier_starts = {"using", "with", "via", "in", "on", "from", "by", "for",
                                                          "to", "that", "which", "so", "because", "when", "if"};
    if (end >= hi || end <= first || !t[end - 1].comma_after) return end;
    bool governed = false;
    for (size_t k = end - 1; k > first && k + 4 >= end; --k) governed |= governing.count(t[k].lower) > 0;
    if (!governed) return end;
    size_t j = end;
    while (j < hi) {
        const bool last = t[j].lower == "and" || t[j].lower == "or";
        if (last && t[j].comma_after) return end;
        const size_t s = last ? j + 1 : j;
        if (s >= hi || imperative_verbs().count(bare(t[s].lower)) || in(lead_ins(), t[s].lower) ||
            !noun_word(t[s].lower, false))
            return end;
        size_t e = s;
        while (e < hi && e - s < 5) {
            if (e > s && last && modifier_starts.count(t[e].lower)) break;
            if (!noun_word(t[e].lower, false) || t[e].lower.back() == ':') return end;
            ++e;
            if (t[e - 1].comma_after) break;
        }
        if (last) {
            // the list ends here: at the sentence's end or before the last item's modifier
            if (e < hi && t[e - 1].comma_after) return end;
            if (e < hi && !modifier_starts.count(t[e].lower)) return end;
            return e;
        }
        if (e >= hi || !t[e - 1].comma_after) return end;  // an item that is not closed by a comma
        j = e;
    }
    return end;
}

// A request cut inside a phrase ("create a VueJS app that allows me to", "install a python package through") ends in
// a word that needs what follows: a preposition, an article or a conjunction (particles such as "up", "in" and "on"
// end phrasal verbs and stay).
bool dangling_end(const std::string& words) {
    static const std::set<std::string> needs_more = {"to", "through", "that", "which", "for", "with", "from", "about",
                                                     "of", "the", "a", "an", "and", "or", "into", "via", "by", "than"};
    const size_t sp = words.rfind(' ');
    return needs_more.count(sp == std::string::npos ? words : words.substr(sp + 1)) > 0;
}

// A user's imperative "add a docstring" → goal.add.docstring = "add a docstring" (Goal); "do not X" →
// a Constraint whose value keeps the negation ("do not delete the tests").
bool match_imperative(std::string_view text, const Toks& t, size_t lo, size_t i, size_t hi, bool own_wish,
                      std::string& step_file, std::vector<ClauseMatch>& out) {
    const std::string verb = bare(t[i].lower);
    // "Reply with a one-sentence description of X": what the reply should hold, an instruction of the turn
    // (a literal "reply with DONE" is turn.reply's; session 16).
    const bool reply_content = (verb == "reply" || verb == "respond") && i + 3 < hi && t[i + 1].lower == "with" &&
                               (t[i + 2].lower == "a" || t[i + 2].lower == "an") && !t[i + 1].comma_after;
    // "Give me a sharp, specific idea …", "find us a cheaper flight" (session 20): the user asks for a thing made or
    // found for them; the object follows "me|us" and must open with an article ("give me a moment" is an idiom).
    static const std::set<std::string> for_me_verbs = {"give", "get", "bring", "find", "make", "build", "write", "send"};
    static const std::set<std::string> idioms = {"hand",  "moment", "second", "sec",   "minute", "break", "chance",
                                                 "try",   "shot",   "call",   "ring",  "heads-up", "favor", "favour",
                                                 "bit",   "few",    "couple", "time",  "space",  "hour", "day"};
    const bool for_me = for_me_verbs.count(verb) && i + 3 < hi && (t[i + 1].lower == "me" || t[i + 1].lower == "us") &&
                        !t[i].comma_after && !t[i + 1].comma_after &&
                        (t[i + 2].lower == "a" || t[i + 2].lower == "an" || t[i + 2].lower == "the" ||
                         t[i + 2].lower == "some");
    if (!imperative_verbs().count(verb) && !reply_content && !for_me) return false;
    // "make sure to include edge cases": "ensure", not "make <a thing>"; with a file an earlier step read it was
    // keyed on that file (session 37, dev: `goal.make.readme.md = make sure to include edge cases`, partial).
    if (verb == "make" && i + 1 < hi && (t[i + 1].lower == "sure" || t[i + 1].lower == "certain")) return false;
    // '- "Review this PR"': an imperative opening a quotation after other text (a list marker, a lead-in) is quoted
    // text (a label, an example), not a request; a whole message in quotes is still the user's own.
    if (t[i].begin > 0 && t[i].begin <= text.size() && (text[t[i].begin - 1] == '"' || text[t[i].begin - 1] == '\'') &&
        text.find_first_not_of(" \t\r\n") < t[i].begin - 1)
        return false;
    bool negated = false, always = false;
    size_t first = i;
    for (size_t k = i; k > lo && k + 3 > i; --k) {
        negated |= in(negators(), t[k - 1].lower);
        always |= t[k - 1].lower == "always";
    }
    while (first > lo && (in(negators(), t[first - 1].lower) || t[first - 1].lower == "do" ||
                          t[first - 1].lower == "always"))
        --first;
    // A follow-up turn: "paint now a wolf" (the object after "now"), "make it now an elephant" / "turn it into
    // a cat" (what the earlier result is to become; session 16, x17chat).
    // Only when an article follows, so "make it work" and "stop now" stay as they were.
    size_t obj = reply_content || for_me ? i + 2 : i + 1;
    if (!reply_content && !for_me) {
        size_t k = obj;
        const bool it = (verb == "make" || verb == "turn") && k < hi && t[k].lower == "it" && !t[k].comma_after;
        if (it) ++k;
        if (k < hi && t[k].lower == "now" && !t[k].comma_after) ++k;
        if (it && verb == "turn" && k < hi && t[k].lower == "into") ++k;
        if (k > obj && k < hi && (t[k].lower == "a" || t[k].lower == "an" || t[k].lower == "the")) obj = k;
    }
    Object o = object_after(t, obj, hi);
    // "apply for the grant", "search for the config": the object follows the verb's "for" (session 16).
    if (o.words.empty() && o.file.empty() && i + 2 < hi && t[i + 1].lower == "for" && !t[i].comma_after)
        o = object_after(t, i + 2, hi);
    if (o.others) return false;  // "do not call any other tool" names no object
    // "give me a few minutes", "give me some time": an idiom, its words singular or plural (review).
    const auto idiom = [&](std::string w) {
        if (w.size() > 3 && w.back() == 's') w.pop_back();
        return idioms.count(w) > 0;
    };
    if (for_me && (negated || always || o.words.empty() || idiom(o.words.back()) || idiom(o.words.front()))) return false;
    size_t end = o.end;
    bool ran_on = false;
    std::string words = request_words(text, t, first, hi, end, &ran_on);
    const size_t list_end = noun_list_end(t, first, end, hi);
    const bool listed = list_end > end;
    if (listed) words = value_words(text, t[first].begin, t[list_end - 1].end), end = list_end;
    std::string part = o.file;
    for (size_t k = o.end; part.empty() && k < end; ++k) part = file_key_part(t[k].lower);  // "… in config.txt"
    // "Read test.txt and change the content to …": the request works on the file its step opened.
    const bool from_step = part.empty() && !step_file.empty() && !o.words.empty();  // "… and stop" works on nothing
    if (from_step) part = step_file;
    // "run a command ls -la": the command named after the word "command" is the object, its program the
    // key, taken literally ("ls" is no plural of "l"; session 15).
    if (part.empty() && o.words.size() >= 2 && (o.words[0] == "command" || o.words[0] == "commands") &&
        !o.words[1].empty() && std::isalpha(static_cast<unsigned char>(o.words[1][0])))
        part = literal_subject({o.words[1]});
    if (part.empty()) {
        std::vector<std::string> named;  // key words start with a letter: "a simple 2048 game" → simple.game
        for (const auto& w : o.words)
            if (!w.empty() && std::isalpha(static_cast<unsigned char>(w[0]))) named.push_back(w);
        part = normalise_subject(named);
        // "a one-sentence description": what the reply holds, in its own words.
        if (part.empty() && reply_content)
            for (const std::string& n : named) {
                std::string w;
                for (char c : n) w += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
                part += (part.empty() ? "" : ".") + w;
            }
    }
    if (part.empty() || words.empty() || words.size() > kMaxRequestBytes || dangling_end(words)) return false;
    // "Implement the following plan:": what is asked follows the colon; the lead-in alone says nothing. A list on
    // the colon's own line is in the request's words ("create the following files: a.py and b.py").
    bool following = false;
    for (const auto& w : o.words) following |= w == "following";
    if (following && end > first && ((!t[end - 1].lower.empty() && t[end - 1].lower.back() == ':') ||
                                     (t[end - 1].end < text.size() && text[t[end - 1].end] == ':')))
        return false;
    const bool listed_after_colon = following && words.find(": ") != std::string::npos;
    const SlotType type = negated || always ? SlotType::kConstraint : SlotType::kGoal;
    // Session 21 (blind relabel): a subtask the user quotes for another agent, an item of a list of what a product
    // does ("an app that allows me to:\n* add a new item"), are not asked of this agent.
    if (inside_quotation(text, t[i].begin) || product_feature_item(text, t[i].begin)) return false;
    if (type == SlotType::kGoal && !for_me && !reply_content) {
        // "Remember the workspace instruction": what to keep in mind is no task, and the value does not hold it.
        static const std::set<std::string> memory_verbs = {"remember", "memorise", "memorize"};
        // A request cut at 14 words of a clause that ran on past 20 ("change the main view to be a 2 column layout
        // with a collapsable sidebar" without its "so it's responsive on phones …") misses what it asks.
        // "add a minimal code in it", "… for that segment": the object is named in an earlier turn only.
        if (memory_verbs.count(verb) || (ran_on && !listed) || anaphoric_object(words)) return false;
    }
    // A request the turn does not scope is the user's goal: its key says so ("goal.create.simple.game").
    const char* rule = for_me && !negated && !always ? "user.request_for_me" : request_rule(verb, words, negated || always, own_wish);
    if (from_step && std::string(rule) != "user.request") return false;  // a step's file only keys a request
    const bool goal_key = std::string(rule) == "user.request" || std::string(rule) == "user.request_for_me";
    const std::string key = goal_key ? "goal." + join_key(verb, part) : join_key(verb, part);
    out.push_back({from_step ? "user.request_on_file" : rule, key, words, type, first, end, listed_after_colon});
    // The file a read step names is what the sentence's next request works on.
    if (std::string(rule) == "turn.step") step_file = o.file;
    return true;
}

// "No need to run it", "you don't have to install anything": the user rules a step out (Constraint
// `<verb>[.<object>]`, the user's words as the value).
bool match_no_need(std::string_view text, const Toks& t, size_t i, size_t hi, std::vector<ClauseMatch>& out) {
    size_t v = 0;
    if (i + 3 < hi && t[i].lower == "no" && t[i + 1].lower == "need" && t[i + 2].lower == "to") v = i + 3;
    else if (i + 4 < hi && (t[i].lower == "don't" || t[i].lower == "dont") &&
             (t[i + 1].lower == "need" || t[i + 1].lower == "have") && t[i + 2].lower == "to")
        v = i + 3;
    else if (i + 4 < hi && t[i].lower == "do" && t[i + 1].lower == "not" &&
             (t[i + 2].lower == "need" || t[i + 2].lower == "have") && t[i + 3].lower == "to")
        v = i + 4;
    if (v == 0 || v >= hi) return false;
    const std::string verb = bare(t[v].lower);
    if (!imperative_verbs().count(verb)) return false;
    Object o = object_after(t, v + 1, hi);
    std::string part = o.file;
    if (part.empty()) {
        std::vector<std::string> named;
        for (const auto& w : o.words)
            if (!w.empty() && std::isalpha(static_cast<unsigned char>(w[0]))) named.push_back(w);
        part = normalise_subject(named);
    }
    size_t end = o.end;
    const std::string words = request_words(text, t, i, hi, end);
    if (words.empty() || words.size() > kMaxRequestBytes) return false;
    out.push_back({"user.no_need", join_key(verb, part), words, SlotType::kConstraint, i, end});
    return true;
}

// "X listens|runs|is served on port N" → x.port = N.
bool match_port(const Toks& t, size_t lo, size_t i, size_t hi, std::vector<ClauseMatch>& out) {
    if (t[i].lower != "port" || i + 1 >= hi || i < lo + 1) return false;
    if (t[i - 1].lower != "on" && t[i - 1].lower != "at") return false;
    const std::string& n = t[i + 1].lower;
    if (n.empty() || n.size() > 5) return false;
    for (char c : n)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    static const std::set<std::string> verbs = {
        "is", "are", "was", "listens", "listening", "listen", "runs", "running", "run", "serves", "serving",
        "served", "binds", "bound", "bind", "exposed", "exposes", "expose", "available", "reachable", "started",
        "starts", "start", "up", "will", "be", "now", "should", "must", "still", "accepts", "accepting", "hosted"};
    size_t v = i - 1;
    while (v > lo && verbs.count(t[v - 1].lower)) --v;
    if (v == i - 1) return false;  // "on port N" without a verb before it is not a statement about X
    size_t s = v;
    while (s > lo && v - s < 3 && !t[s - 1].comma_after && !in(object_stops(), t[s - 1].lower) &&
           !imperative_verbs().count(t[s - 1].lower) && t[s - 1].lower.back() != ':')
        --s;
    std::vector<std::string> subject;
    for (size_t k = s; k < v; ++k) subject.push_back(t[k].lower);
    const std::string key = join_key(normalise_subject(subject), "port");
    out.push_back({"text.port", key, n, SlotType::kFact, s, i + 2});
    return true;
}

}  // namespace

std::string file_key_part(std::string_view token) {
    size_t slash = token.find_last_of('/');
    std::string_view base = slash == std::string_view::npos ? token : token.substr(slash + 1);
    while (!base.empty() && (base.back() == '.' || base.back() == ',' || base.back() == ':')) base.remove_suffix(1);
    const size_t dot = base.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 >= base.size() || base.size() > 40) return {};
    if (!std::isalpha(static_cast<unsigned char>(base[0]))) return {};
    const std::string_view ext = base.substr(dot + 1);
    if (ext.size() > 5) return {};
    for (char c : ext)
        if (!std::isalnum(static_cast<unsigned char>(c))) return {};
    if (!std::isalpha(static_cast<unsigned char>(ext[0]))) return {};  // "8.0", "v1.2": versions, not files
    std::string out;
    for (char c : base) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (!std::isalnum(u) && c != '.' && c != '-' && c != '_') return {};
        out += static_cast<char>(std::tolower(u));
    }
    return out;
}

namespace {

// How many tokens open a user's wish: "i need (you) to", "we want (you) to", "i'd like (you) to", "i
// would like (you) to", "i want you to", "i'm looking/trying to"; 0 when the sentence does not open so.
size_t user_wish_length(const Toks& t, bool& addressed) {
    addressed = false;
    // "help me apply for the grant", "can you help us migrate …" (session 16): the request starts at the verb
    // after "help me|us [to]".
    static const std::set<std::string> polite = {"please", "can", "could", "would", "will", "you", "now", "so", "ok", "okay"};
    for (size_t h = 0; h < 4 && h + 2 < t.size(); ++h) {
        if (t[h].lower == "help" && (t[h + 1].lower == "me" || t[h + 1].lower == "us") && !t[h + 1].comma_after) {
            const size_t v = h + 2 + (t[h + 2].lower == "to" ? 1 : 0);
            if (v < t.size() && imperative_verbs().count(bare(t[v].lower))) return addressed = true, v;
            break;
        }
        if (!polite.count(t[h].lower) || t[h].comma_after) break;
    }
    // A lead-in word before it ("Now I want you to build …", "So we need to …"; session 14).
    const size_t o = t.size() > 4 && in(std::set<std::string>{"now", "so", "ok", "okay", "then", "next", "also", "and", "but"},
                                        t[0].lower) && !t[0].comma_after
                         ? 1
                         : 0;
    if (t.size() < o + 4) return 0;
    const std::string& who = t[o].lower;
    size_t k = o + 1;
    if (who == "i'd" || who == "we'd") {
        if (t[k].lower != "like") return 0;
        ++k;
    } else if ((who == "i'm" || who == "we're") && (t[k].lower == "looking" || t[k].lower == "trying")) {
        ++k;  // "I'm looking to book a flight …" (session 14): the user's own aim
    } else if (who == "i" || who == "we") {
        if (t[k].lower == "would" && t[k + 1].lower == "like") k += 2;
        else if (t[k].lower == "need" || t[k].lower == "want") ++k;
        else return 0;
    } else if (who == "you" && !t[o].comma_after) {
        // "You need to determine …", "You first need to install …" (a task template's instruction; session 18).
        if (in(std::set<std::string>{"first", "also", "then", "now"}, t[k].lower) && !t[k].comma_after) ++k;
        if (k + 2 >= t.size() || t[k].lower != "need" || t[k].comma_after) return 0;  // "You first need to." ends there
        addressed = true;
        if (t[k + 1].lower != "to") return 0;
        return imperative_verbs().count(bare(t[k + 2].lower)) ? k + 2 : 0;
    } else {
        return 0;
    }
    if (k < t.size() && t[k].lower == "you") ++k, addressed = true;
    if (k + 1 >= t.size() || t[k].lower != "to") return 0;
    return imperative_verbs().count(bare(t[k + 1].lower)) ? k + 1 : 0;
}

}  // namespace

bool is_task_verb(const std::string& word) { return imperative_verbs().count(word) > 0; }

// Whether token `i` opens a quotation ('"please install the extension"') or its sentence reports a tool's
// message ("Error: lockfile outdated please run pnpm install"): words the user quotes, not asks (review).
static bool quoted_or_reported(std::string_view text, const Toks& t, size_t i) {
    if (t[i].begin > 0 && t[i].begin <= text.size() && std::string_view("\"'`").find(text[t[i].begin - 1]) != std::string_view::npos)
        return true;
    static const std::set<std::string> labels = {"error:", "warning:", "fatal:", "err:", "warn:", "exception:"};
    return !t.empty() && labels.count(t[0].lower) > 0;
}

// After the negator at `i`: a list of what not to do, its items joined by "or"/"nor" ("spawn agents, commit, push,
// or modify …"), not a contrast with what to do instead ("never edit the tests, fix the code instead") and not a list
// of steps joined by "and" ("don't ask me questions, fix the tests, and commit": review).
static bool negated_list_follows(const Toks& t, size_t i, size_t hi) {
    bool comma = false, alternative = false;
    for (size_t k = i; k < hi; ++k) {
        if (t[k].lower == "instead" || t[k].lower == "rather" || t[k].lower == "instead." || t[k].lower == "and") return false;
        comma |= t[k].comma_after;
        alternative |= t[k].lower == "or" || t[k].lower == "nor";
    }
    return comma && alternative;
}

// Whether the sentence whose last word ends at `end` closes there: the text ends, or a full stop, "!" or "?", a blank
// line or a line that opens a new item follows (past closing quotes and parentheses), not a line break inside a
// wrapped sentence ("… mkdir\n_ai_plats/ and …").
static bool sentence_closed(std::string_view text, size_t end) {
    size_t k = end;
    static constexpr std::string_view kClosers = " \t)\"'";
    while (k < text.size() && kClosers.find(text[k]) != std::string_view::npos) ++k;
    if (k >= text.size() || text[k] == '.' || text[k] == '!' || text[k] == '?') return true;
    if (text[k] == '\r') ++k;
    if (k >= text.size() || text[k] != '\n') return false;
    ++k;
    while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
    if (k >= text.size() || text[k] == '\n' || text[k] == '\r') return true;
    const unsigned char c = static_cast<unsigned char>(text[k]);
    return std::isupper(c) || std::isdigit(c) || c == '-' || c == '*' || c == '#';
}

// A goal cut at its clause's end ("run npm run build" of "run npm run build, fix the errors and rerun.") keeps the
// rest of its sentence when the rest gave no claim of its own (of any rule), negates nothing (a prohibition keeps a
// claim of its own), closes the sentence and the whole stays within the request limit: the ask whole, as the user
// wrote it (session 40: most of the rule's partial values on dev were cut asks). The clause is kept beside it
// (ClauseMatch::clause_last) for add_requests, which goes back to it when a statement claims the rest.
static void whole_sentence_goals(std::string_view text, const Toks& t, std::vector<ClauseMatch>& out) {
    static const std::set<std::string> negating = {"without", "doesn't", "shouldn't", "won't", "isn't", "mustn't",
                                                   "except", "unless", "instead"};
    const size_t hi = t.size();
    for (size_t m = 0; m < out.size(); ++m) {
        ClauseMatch& goal = out[m];
        if (goal.rule != "user.request" || goal.type != SlotType::kGoal || goal.last >= hi || goal.last <= goal.first)
            continue;
        bool stop = false;  // the rest gave a claim of its own (any rule's)
        for (size_t later = m + 1; later < out.size() && !stop; ++later) stop = out[later].first >= goal.last;
        for (size_t k = goal.last; k < hi && !stop; ++k)
            stop = in(negators(), t[k].lower) || negating.count(t[k].lower) > 0;
        if (stop) continue;
        size_t last = hi;
        if (t[last - 1].lower == "please") --last;  // "…, please"
        if (last <= goal.last || !sentence_closed(text, t[hi - 1].end)) continue;
        size_t end = t[last - 1].end;  // past the parentheses the words close ("print(1+1)")
        int open = 0;
        for (size_t k = t[goal.first].begin; k < end && k < text.size(); ++k)
            open += text[k] == '(' ? 1 : text[k] == ')' ? -1 : 0;
        while (open > 0 && end < text.size() && text[end] == ')') ++end, --open;
        std::string whole = value_words(text, t[goal.first].begin, end);
        if (whole.size() > kMaxRequestBytes || dangling_end(whole)) continue;
        goal.clause_last = goal.last;
        goal.clause_value = std::exchange(goal.value, std::move(whole));
        goal.last = last;
    }
}

std::vector<ClauseMatch> match_requests(std::string_view text, const Toks& t, bool is_user, bool whole_sentence) {
    std::vector<ClauseMatch> out;
    const size_t hi = t.size();
    size_t lo = 0;  // a match never reaches back before the previous one's end
    bool clause_start = true;
    // "I will run the tests and report back": a speaker's own plan, so its "and report" is no request.
    static const std::set<std::string> first_person = {"i", "we", "i'll", "we'll", "i'm", "we're", "i've", "we've"};
    // "I need you to fix the login bug", "we want to add dark mode", "I'd like to migrate …": a user's
    // wish is a request; the clause starts at its verb.
    bool addressed = false;  // "I want you to …" asks the agent; "I want to …" is the user's own act
    size_t wish = user_wish_length(t, addressed);
    // "I'm having some issues with money and need to downgrade …" (session 14): the user's wish after their
    // own account of why; the request starts at its verb.
    for (size_t j = 1; is_user && wish == 0 && j + 3 < hi; ++j)
        if ((t[0].lower == "i" || t[0].lower == "i'm" || t[0].lower == "we" || t[0].lower == "we're") &&
            !in(std::set<std::string>{"will", "would", "shall", "might", "may", "can", "could"}, t[1].lower) && t[j].lower == "and" && (t[j + 1].lower == "need" || t[j + 1].lower == "want") &&
            t[j + 2].lower == "to" && imperative_verbs().count(bare(t[j + 3].lower)))
            wish = j + 3;
    std::string step_file;  // the file a read step of this sentence named
    if (hi > 0 && first_person.count(t[0].lower) && !(is_user && wish > 0)) is_user = false;
    // "Do not spawn agents, commit, push, call providers, or …": a negation that opens a clause scopes the list that
    // follows it, so a later item is no request (session 28: `goal.push.call.provider = push`). Until a clause that
    // turns away from it ("then", "but", "instead", "just", "only", a colon) or the sentence's end.
    static const std::set<std::string> list_negators = {"not", "never", "don't", "dont", "do't", "avoid"};
    static const std::set<std::string> turns_away = {"then", "but", "instead", "just", "only", "rather", "please"};
    bool negated_list = false;
    for (size_t i = is_user ? wish : 0; i < hi; ++i) {
        const std::string& w = t[i].lower;
        if (clause_start && (turns_away.count(w) || (!w.empty() && w.back() == ':'))) negated_list = false;
        if (is_user && clause_start && match_no_need(text, t, i, hi, out)) {
            lo = out.back().last;
            i = lo - 1;
            clause_start = false;
            continue;
        }
        if (clause_start && (in(lead_ins(), w) || in(negators(), w) || w == "do" || w == "always")) {
            if (list_negators.count(w) && !t[i].comma_after) negated_list = negated_list_follows(t, i, hi);
            continue;  // "Then do NOT use ...": the clause starts at the verb
        }
        // A later item of the negated list: the negation's, not a request of its own.
        const bool list_item = negated_list && i > 0 && t[i - 1].comma_after;
        if (clause_start && (w == "can" || w == "could" || w == "would" || w == "will") && i + 1 < hi &&
            t[i + 1].lower == "you") {
            ++i;
            continue;
        }
        const size_t before = out.size();
        if (match_reply(text, t, i, hi, out) || match_use(text, t, lo, i, hi, clause_start, out) || match_port(t, lo, i, hi, out) ||
            (is_user && clause_start && !list_item && !noun_list_item(text, t, i) &&
             match_imperative(text, t, lo, i, hi, wish > 0 && !addressed && i == wish, step_file, out)) ||
            (is_user && clause_start && match_phrasal_request(text, t, lo, i, out))) {
            // Which tool to use is the user's instruction; an agent restating it is no new one.
            // So is a one-turn reply instruction: the model restating "reply with DONE" sets no new one (session 16).
            while (!is_user && out.size() > before &&
                   (out.back().rule == "turn.tool_choice" || out.back().rule == "turn.reply" ||
                    out.back().rule == "turn.reply_format"))
                out.pop_back();
            if (out.size() == before) {
                clause_start = false;
                continue;
            }
            lo = out.back().last;
            i = lo > 0 ? lo - 1 : 0;
            clause_start = out.size() > before && lo < hi &&
                           (t[lo - 1].comma_after || t[lo].lower == "and" || t[lo].lower == "then" ||
                            opens_aside(text, t[lo]));
            continue;
        }
        // "… isn't working properly please make sure each role …": a user's run-on text starts a request at "please"
        // (session 20).
        clause_start = t[i].comma_after || w == "and" || w == "then" || w.back() == ':' ||
                       (is_user && w == "please" && !quoted_or_reported(text, t, i));
    }
    if (whole_sentence) whole_sentence_goals(text, t, out);
    return out;
}

}  // namespace bm
