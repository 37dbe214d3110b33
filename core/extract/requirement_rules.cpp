// A user's requirement lists and "X should <verb> …" sentences (requirement_rules.h).
#include "extract/requirement_rules.h"

#include <cctype>
#include <string>

#include "extract/request_rules.h"
#include "extract/sentence_tokens.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

bool filler(const std::string& w) {
    return one_of(w, {"a", "an", "the", "all", "my", "our", "your", "their", "its", "on", "to", "of", "from", "in",
                      "as", "with", "for", "each", "every", "new", "any", "some", "and", "or", "be", "is", "are",
                      "it", "this", "that", "them", "me", "us"});
}

// A lowercase word list of `s` (letters, digits, '-' and '\'' kept).
std::vector<std::string> words_of(std::string_view s) {
    std::vector<std::string> out;
    std::string w;
    for (char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || ch == '-' || ch == '\'') w += static_cast<char>(std::tolower(c));
        else if (!w.empty()) out.push_back(std::move(w)), w.clear();
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
}

bool looks_like_code(std::string_view s) {
    for (char c : s)
        if (c == '`' || c == '{' || c == '}' || c == '=' || c == ';' || c == '<' || c == '>' || c == '(') return true;
    return false;
}

bool has_word(const std::vector<std::string>& w, std::initializer_list<const char*> any) {
    for (const std::string& x : w)
        if (one_of(x, any)) return true;
    return false;
}

// The request line before a list: it ends in ':' and asks for something.
bool request_line(std::string_view line) {
    if (line.size() < 8 || line.size() > 300 || line.back() != ':') return false;
    const std::vector<std::string> w = words_of(line);
    if (w.empty() || one_of(w[0], {"if", "when", "unless", "whether", "once", "before", "after"})) return false;
    if (has_word(w, {"not", "don't", "dont", "never", "no"})) return false;
    const std::string low = " " + ascii_lower(line) + " ";
    // "I want a VueJS app that allows me to:": the items are what the product lets its users do, features of the
    // app rather than tasks of the agent (session 21: 4 of 4 such items partial under the blind labels).
    std::string plain = low;
    for (char& c : plain)
        if (c == ':' || c == ',') c = ' ';
    for (const char* verb : {" allow ", " allows ", " let ", " lets ", " enable ", " enables "})
        for (const char* who : {"me ", "us ", "users ", "the user ", "people ", "customers ", "anyone "})
            if (plain.find(std::string(verb) + who) != std::string::npos) return false;
    for (const char* cue : {" want ", " need ", " needs ", " like to ", " please ", " allow", " should ", " must ",
                            " can you ", " could you ", " able to ", " requirements"})
        if (low.find(cue) != std::string::npos) return true;
    return false;
}

// The text of a list item at `line` ("* x", "- x", "• x", "1. x", "2) x"); empty when the line is none.
std::string_view item_text(std::string_view line) {
    size_t p = 0;
    while (p < line.size() && (line[p] == ' ' || line[p] == '\t')) ++p;
    if (line.compare(p, 2, "* ") == 0 || line.compare(p, 2, "- ") == 0) p += 2;
    else if (line.compare(p, 4, "\xE2\x80\xA2 ") == 0) p += 4;
    else {
        size_t d = p;
        while (d < line.size() && d - p < 3 && std::isdigit(static_cast<unsigned char>(line[d]))) ++d;
        if (d == p || d + 1 >= line.size() || (line[d] != '.' && line[d] != ')') || line[d + 1] != ' ') return {};
        p = d + 2;
    }
    std::string_view t = line.substr(p);
    while (!t.empty() && (t.back() == ' ' || t.back() == '.' || t.back() == ';' || t.back() == ',')) t.remove_suffix(1);
    return t;
}

}  // namespace

std::vector<TextFact> user_request_list(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000 || text.find("<system-reminder>") != std::string_view::npos) return out;
    bool open = false;  // the lines before opened a requested list
    for (size_t b = 0; b < text.size();) {
        size_t e = text.find('\n', b);
        if (e == std::string_view::npos) e = text.size();
        std::string_view line = text.substr(b, e - b);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
        const std::string_view item = item_text(line);
        if (open && !item.empty()) {
            const std::vector<std::string> w = words_of(item);
            const size_t at = static_cast<size_t>(item.data() - text.data());
            // "Name : Will it rain": a labelled field of a spec, not a request (session 21).
            const size_t colon = item.find(':');
            const bool field = colon != std::string_view::npos && colon <= 24 &&
                               words_of(item.substr(0, colon)).size() <= 2;
            if (w.size() >= 2 && item.size() <= 120 && !looks_like_code(item) && item.back() != ':' && !field &&
                std::isalpha(static_cast<unsigned char>(item[0])) && !is_task_verb(w[0])) {
                const bool negated = one_of(w[0], {"no", "not", "never", "don't", "dont"}) ||
                                     (w[0] == "do" && w[1] == "not");
                // The key: the item's first word that is no adverb, then up to three content words.
                std::string key = negated ? "constraint" : "goal";
                size_t n = 0;
                for (const std::string& x : w) {
                    if (n == 0 && x.size() > 4 && x.compare(x.size() - 2, 2, "ly") == 0) continue;  // "totally"
                    if (n > 0 && filler(x)) continue;
                    key += "." + key_slug(x, 24);
                    if (++n == 4) break;
                }
                std::string value(item);
                out.push_back({"user.request_list", key, value, negated ? SlotType::kConstraint : SlotType::kGoal, at,
                               at + item.size()});
            }
        } else {
            open = request_line(line);  // a request line opens a list; any other line (or a blank one) ends it
        }
        b = e + 1;
    }
    return out;
}

std::vector<TextFact> user_should_constraints(std::string_view text) {
    std::vector<TextFact> out;
    if (text.size() > 4000 || text.find("<system-reminder>") != std::string_view::npos) return out;
    for (const Sentence& s : split_sentences(text)) {
        const std::vector<Token>& t = s.tokens;
        if (t.size() < 3 || t.size() > 30 || text[s.end - 1] == '?') continue;
        if (looks_like_code(text.substr(s.begin, s.end - s.begin))) continue;
        size_t m = 0;
        while (m < t.size() && t[m].lower != "should" && t[m].lower != "must") ++m;
        if (m == 0 || m > 4 || m + 1 >= t.size()) continue;
        bool bad_subject = false;
        std::string subject;
        for (size_t i = 0; i < m; ++i) {
            const std::string& w = t[i].lower;
            if (one_of(w, {"if", "unless", "when", "whether", "until", "once", "before", "after", "while", "i", "we",
                           "you", "they", "he", "she", "who", "what", "which", "how", "why", "where"}) ||
                t[i].comma_after)
                bad_subject = true;
            if (!filler(w) || one_of(w, {"it", "this", "that"})) subject += (subject.empty() ? "" : ".") + key_slug(w, 24);
        }
        if (bad_subject || subject.empty()) continue;
        const bool pronoun = one_of(subject, {"it", "this", "that"});
        size_t v = m + 1;
        const bool negated = t[v].lower == "not" || t[v].lower == "never";
        if (negated) ++v;
        if (v >= t.size()) continue;
        size_t to = s.end;
        while (to > t[v].begin && (text[to - 1] == '.' || text[to - 1] == '!' || std::isspace(static_cast<unsigned char>(text[to - 1]))))
            --to;
        if (t[v].lower == "be") {
            if (!pronoun || v + 1 >= t.size()) continue;  // a noun subject with "be" is user.should_be's
            // "a client-only app with no backend": the head noun is the last word before a preposition.
            size_t h = v + 1;
            if (one_of(t[h].lower, {"a", "an", "the"})) ++h;
            const size_t from = t[h].begin;
            size_t head = h;
            while (head + 1 < t.size() && !one_of(t[head + 1].lower, {"with", "without", "that", "which", "in", "on",
                                                                     "for", "to", "of", "and", "so", "using"}))
                ++head;
            if (head - h > 3) continue;
            const std::string noun = key_slug(t[head].lower, 24);
            if (noun.empty() || to <= from || to - from > 120) continue;
            const std::string what(text.substr(from, to - from));
            if (what.back() == ':') continue;  // a list's lead-in ("… with these features:"), as below
            out.push_back({"user.should_do", "requirement." + noun, negated ? "not " + what : what,
                           SlotType::kConstraint, t[0].begin, to});
            continue;
        }
        if (pronoun) continue;  // "it should work": what "it" is, the sentence does not say
        const size_t from = t[v].begin;  // an adverb ("always pass") stays in the value, the verb keys
        while (v + 1 < t.size() && one_of(t[v].lower, {"also", "always", "only", "still", "just", "really"})) ++v;
        if (t[v].lower.size() < 2 || !std::isalpha(static_cast<unsigned char>(t[v].lower[0])) ||
            one_of(t[v].lower, {"have", "be", "been", "i", "we", "you"}))
            continue;
        if (to <= from || to - from > 120) continue;
        const std::string rest(text.substr(from, to - from));
        if (rest.find('\n') != std::string::npos) continue;
        // "The project root must include:" leads a list that is not in the value (session 22).
        if (rest.back() == ':') continue;
        out.push_back({"user.should_do", subject + "." + key_slug(t[v].lower, 24), negated ? "not " + rest : rest,
                       SlotType::kConstraint, t[0].begin, to});
    }
    return out;
}

}  // namespace bm
