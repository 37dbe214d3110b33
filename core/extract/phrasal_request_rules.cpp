// Phrasal-verb user requests ("Work on bead X", "Start with the first ready task"): token patterns.
#include "extract/phrasal_request_rules.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "extract/key_normaliser.h"
#include "extract/sentence_tokens.h"

namespace bm {

namespace {

std::string bare(const std::string& w) { return !w.empty() && w.back() == ':' ? w.substr(0, w.size() - 1) : w; }

// Verb → the particles that make it a request for work ("work on", "start with").
const std::map<std::string, std::set<std::string>>& phrasal_verbs() {
    static const std::map<std::string, std::set<std::string>> m = {
        {"work", {"on"}},        {"focus", {"on"}},   {"start", {"with", "on"}},
        {"begin", {"with"}},     {"continue", {"with", "on"}}, {"proceed", {"with"}}};
    return m;
}

const std::set<std::string>& determiners() {
    static const std::set<std::string> s = {"the", "a", "an", "your", "my", "our"};
    return s;
}

// Words that end the object: prepositions, conjunctions, clause openers.
const std::set<std::string>& object_ends() {
    static const std::set<std::string> s = {
        "to", "in", "on", "with", "for", "from", "into", "at", "by", "via", "and", "or", "then", "using", "as",
        "so", "which", "if", "when", "before", "after", "until", "because", "since", "while", "instead", "now",
        "next", "first", "but", "unless", "once"};
    return s;
}

bool negated_or_conditional(const std::vector<Token>& t, size_t lo, size_t i) {
    static const std::set<std::string> negators = {"not", "never", "don't", "dont", "no", "avoid", "stop"};
    static const std::set<std::string> conditions = {"if", "unless", "when", "once", "whenever", "until", "before",
                                                     "after", "should"};
    for (size_t k = lo; k < i; ++k)
        if (negators.count(t[k].lower)) return true;
    for (size_t k = 0; k < i; ++k)
        if (conditions.count(t[k].lower)) return true;
    return false;
}

}  // namespace

bool match_phrasal_request(std::string_view text, const std::vector<Token>& t, size_t lo, size_t i,
                           std::vector<ClauseMatch>& out) {
    (void)text;
    const size_t hi = t.size();
    if (i + 2 >= hi) return false;  // a verb, its particle and at least one object word
    const std::string verb = bare(t[i].lower);
    auto v = phrasal_verbs().find(verb);
    if (v == phrasal_verbs().end() || t[i].comma_after) return false;
    if (!v->second.count(bare(t[i + 1].lower)) || t[i + 1].comma_after) return false;
    if (negated_or_conditional(t, lo, i)) return false;
    size_t j = i + 2;
    while (j < hi && determiners().count(t[j].lower) && !t[j].comma_after) ++j;
    std::vector<std::string> object;
    size_t end = j;
    // "the first ready task": an ordinal right after the determiner belongs to the object.
    while (end < hi && object.size() < 4) {
        const std::string w = bare(t[end].lower);
        // Session 21: an ordinal right after the determiner ("the first ready task") picks from a list the value
        // does not name, so the request says nothing of its own (blind relabel: partial).
        const bool ordinal = object.empty() && (w == "first" || w == "next" || w == "last");
        if (ordinal) return false;
        if (w.empty() || object_ends().count(w)) break;
        object.push_back(w);
        ++end;
        if (t[end - 1].comma_after || t[end - 1].lower.back() == ':') break;
    }
    // "proceed with that booking": a demonstrative points back at what the agent proposed, so the object
    // is defined elsewhere and the key would name nothing of its own; so does a pronoun.
    if (object.empty() || is_pronoun(object.front()) || is_demonstrative(object.front())) return false;
    if (!std::isalpha(static_cast<unsigned char>(object.front()[0]))) return false;
    const std::string part = literal_subject(object);
    if (part.empty()) return false;
    // The value: the request's own words, from the verb to the clause's end (a comma, or "and"/"then"), ≤ 14.
    size_t e = i;
    std::string value;
    while (e < hi && e - i < 14) {
        if (e > i + 2 && (t[e].lower == "and" || t[e].lower == "then")) break;
        value += (value.empty() ? "" : " ") + bare(t[e].lower);
        ++e;
        if (t[e - 1].comma_after) break;
    }
    // A clause that runs on past the value's 14 words leaves it cut ("start with making a skill that you can use when
    // i am doing interactive", without its "storytelling"; session 21): none.
    if (e - i == 14 && e < hi && !t[e - 1].comma_after && t[e].lower != "and" && t[e].lower != "then") return false;
    out.push_back({"user.request_phrasal", "goal." + verb + "." + part, value, SlotType::kGoal, i, std::max(e, end)});
    return true;
}

}  // namespace bm
