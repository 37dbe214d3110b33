// The order of the contradiction rules and the subject test they share.
#include "meld/signals/contradiction_rules.h"

#include "meld/signals/rule_support.h"

namespace bm {

std::set<std::string> content_set(const Analysis& a) {
    std::set<std::string> out;
    for (const Term& t : a.terms)
        if (t.content()) out.insert(t.canon);
    return out;
}

bool share_subject(const Analysis& a, const Analysis& b) {
    const std::set<std::string> ca = content_set(a);
    for (const Term& t : b.terms)
        if (t.content() && t.kind != TermKind::kNumber && ca.contains(t.canon)) return true;
    return false;
}

ContradictionVerdict judge_contradiction(const Analysis& a, const Analysis& b,
                                         const WordNet* wordnet) {
    if (auto v = negation_rule(a, b)) return *v;
    if (auto v = antonym_rule(a, b, wordnet)) return *v;
    if (auto v = quantity_rule(a, b)) return *v;
    if (auto v = date_rule(a, b)) return *v;
    if (auto v = exclusive_value_rule(a, b, wordnet)) return *v;
    if (auto v = colour_rule(a, b)) return *v;
    if (auto v = sibling_rule(a, b, wordnet)) return *v;
    if (auto v = slot_swap_rule(a, b, wordnet)) return *v;
    if (auto v = order_swap_rule(a, b)) return *v;
    ContradictionVerdict v;
    v.verdict = share_subject(a, b) ? Contradiction::kCompatible : Contradiction::kUnrelated;
    return v;
}

}  // namespace bm

namespace bm::rules {

bool is_clause_break(const Term& t) {
    if (t.kind == TermKind::kPunctuation) return t.surface != ":" && t.surface != "=";
    return t.surface == "but" || t.surface == "because" || t.surface == "although" ||
           t.surface == "though" || t.surface == "whereas" || t.surface == "since" ||
           t.surface == "so" || t.surface == "while";
}

std::vector<Negation> negations(const Analysis& a) {
    std::vector<Negation> out;
    bool after_neither = false;
    for (size_t i = 0; i < a.terms.size(); ++i) {
        if (!a.terms[i].negator) continue;
        if (a.terms[i].surface == "nor" && after_neither) continue;
        after_neither = after_neither || a.terms[i].surface == "neither";
        Negation n{i, {}};
        for (size_t j = i + 1;
             j < a.terms.size() && !is_clause_break(a.terms[j]) && !a.terms[j].negator; ++j)
            if (a.terms[j].content()) n.scope.push_back(j);
        // "nobody", "nothing" are their own subject; a bare "no," governs nothing.
        const bool pronoun = a.terms[i].surface == "nobody" || a.terms[i].surface == "nothing" ||
                             a.terms[i].surface == "none" || a.terms[i].surface == "noone";
        if (!n.scope.empty() || pronoun) out.push_back(std::move(n));
    }
    return out;
}

double coverage(const std::set<std::string>& x, const std::set<std::string>& y) {
    if (x.empty()) return 1.0;
    size_t hit = 0;
    for (const std::string& s : x) hit += y.contains(s) ? 1 : 0;
    return static_cast<double>(hit) / static_cast<double>(x.size());
}

std::string join_lemmas(const Analysis& a, const std::vector<size_t>& terms) {
    std::string out;
    for (size_t i : terms) out += (out.empty() ? "" : " ") + a.terms[i].lemma;
    return out;
}

}  // namespace bm::rules
