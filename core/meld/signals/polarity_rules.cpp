// The negation and antonym rules: one text asserts what the other denies.
#include "meld/signals/contradiction_rules.h"
#include "meld/signals/lexicon.h"
#include "meld/signals/rule_support.h"

namespace bm {

namespace {

ContradictionVerdict contradicts(std::string_view rule, std::string detail) {
    return {Contradiction::kContradicts, std::string(rule), std::move(detail)};
}

// Whether the odd-polarity text `negated` denies what `positive` asserts.
std::optional<ContradictionVerdict> denies(const Analysis& negated,
                                           const std::vector<rules::Negation>& negs,
                                           const Analysis& positive) {
    const std::set<std::string> asserted = content_set(positive);
    for (const rules::Negation& n : negs) {
        if (n.scope.empty()) continue;
        bool all_asserted = true;
        for (size_t i : n.scope)
            all_asserted = all_asserted && asserted.contains(negated.terms[i].canon);
        if (!all_asserted) continue;
        // The subject before the negation must be the other text's too.
        std::set<std::string> subject;
        for (size_t i = 0; i < n.negator; ++i)
            if (negated.terms[i].content()) subject.insert(negated.terms[i].canon);
        if (!subject.empty() && rules::coverage(subject, asserted) < 0.5) continue;
        return contradicts(contradiction_rule::kNegation,
                           "not " + rules::join_lemmas(negated, n.scope) + " vs " +
                               rules::join_lemmas(negated, n.scope));
    }
    return std::nullopt;
}

}  // namespace

std::optional<ContradictionVerdict> negation_rule(const Analysis& a, const Analysis& b) {
    const std::vector<rules::Negation> na = rules::negations(a), nb = rules::negations(b);
    if (na.size() % 2 == nb.size() % 2) return std::nullopt;
    return na.size() % 2 == 1 ? denies(a, na, b) : denies(b, nb, a);
}

std::optional<ContradictionVerdict> antonym_rule(const Analysis& a, const Analysis& b,
                                                 const WordNet* wordnet) {
    if (!wordnet || !rules::negations(a).empty() || !rules::negations(b).empty())
        return std::nullopt;
    const std::set<std::string> ca = content_set(a), cb = content_set(b);
    bool shared = false;
    for (const std::string& s : ca) shared = shared || cb.contains(s);
    if (!shared) return std::nullopt;
    for (const Term& x : a.terms) {
        if (!x.content() || x.kind != TermKind::kWord || cb.contains(x.canon)) continue;
        for (const Term& y : b.terms) {
            if (!y.content() || y.kind != TermKind::kWord || ca.contains(y.canon)) continue;
            if (!wordnet->antonyms(x.lemma, y.lemma) && !wordnet->antonyms(x.canon, y.canon) &&
                !lexicon::opposed_predicates(x.lemma, y.lemma))
                continue;
            // Everything else the shorter text says must be said by the other.
            std::set<std::string> rest_a = ca, rest_b = cb;
            rest_a.erase(x.canon);
            rest_b.erase(y.canon);
            const double covered = rest_a.size() <= rest_b.size() ? rules::coverage(rest_a, rest_b)
                                                                  : rules::coverage(rest_b, rest_a);
            if (covered >= 0.5)
                return contradicts(contradiction_rule::kAntonym, x.lemma + " vs " + y.lemma);
        }
    }
    return std::nullopt;
}

}  // namespace bm
