// The swap rules: one slot of the same statement holds another name, or two values trade places.
#include <algorithm>

#include "meld/signals/contradiction_rules.h"
#include "meld/signals/rule_support.h"

namespace bm {

namespace {

// Content terms other than numbers (the quantity rule owns numbers), in text order.
std::vector<const Term*> slot_terms(const Analysis& a) {
    std::vector<const Term*> out;
    for (const Term& t : a.terms)
        if (t.content() && t.kind != TermKind::kNumber) out.push_back(&t);
    return out;
}

// The same word or a synonym: the same canonical form or lemma, or a shared WordNet sense.
bool same_word(const Term& x, const Term& y, const WordNet* wordnet) {
    if (x.canon == y.canon || x.lemma == y.lemma) return true;
    if (!wordnet || x.kind != TermKind::kWord || y.kind != TermKind::kWord) return false;
    for (int p = 0; p < kWordPosCount; ++p)
        for (SynsetId s : wordnet->senses(x.lemma, static_cast<WordPos>(p)))
            for (SynsetId t : wordnet->senses(y.lemma, static_cast<WordPos>(p)))
                if (s == t) return true;
    return false;
}

// A value that names one thing of many: an identifier (debian:bookworm-slim, db/migrations) or a
// word WordNet does not know (Vercel, Netlify, pnpm).
bool is_name(const Term& t, const WordNet* wordnet) {
    if (t.kind == TermKind::kIdentifier) return true;
    return wordnet && t.kind == TermKind::kWord && !wordnet->contains(t.lemma) && t.lemma.size() >= 3;
}

// The text's slot terms with every term the other text lacks replaced by one placeholder per run.
std::vector<std::string> template_of(const std::vector<const Term*>& terms, const std::vector<bool>& matched) {
    std::vector<std::string> out;
    for (size_t i = 0; i < terms.size(); ++i) {
        if (matched[i])
            out.push_back(terms[i]->canon);
        else if (out.empty() || out.back() != "\x1f")
            out.push_back("\x1f");
    }
    return out;
}

// Words that order two values: "tabs over spaces", "from mysql to postgres", "x before y".
bool is_ordering_word(const std::string& w) {
    return w == "over" || w == "than" || w == "instead" || w == "rather" || w == "before" || w == "after" ||
           w == "from" || w == "to" || w == "into" || w == "above" || w == "below" || w == "replace" ||
           w == "replaces" || w == "replaced";
}

// Every replaced word is a noun WordNet knows; first is the first of them.
bool nouns_only(const std::vector<const Term*>& terms, const std::vector<bool>& matched, const WordNet* wordnet,
                const Term*& first) {
    for (size_t i = 0; i < terms.size(); ++i) {
        if (matched[i]) continue;
        if (terms[i]->kind != TermKind::kWord || !terms[i]->synset || wordnet->pos_of(*terms[i]->synset) != WordPos::kNoun)
            return false;
        if (!first) first = terms[i];
    }
    return first != nullptr;
}

}  // namespace

std::optional<ContradictionVerdict> slot_swap_rule(const Analysis& a, const Analysis& b, const WordNet* wordnet) {
    if (!rules::negations(a).empty() || !rules::negations(b).empty()) return std::nullopt;
    const auto ta = slot_terms(a), tb = slot_terms(b);
    std::vector<bool> ma(ta.size(), false), mb(tb.size(), false);
    for (size_t i = 0; i < ta.size(); ++i)
        for (size_t j = 0; j < tb.size(); ++j)
            if (same_word(*ta[i], *tb[j], wordnet)) ma[i] = mb[j] = true;
    const auto left = [](const std::vector<bool>& m) { return static_cast<size_t>(std::count(m.begin(), m.end(), false)); };
    const size_t la = left(ma), lb = left(mb);
    // One short run of other words on each side, at least two shared words around it.
    if (la == 0 || lb == 0 || la > 2 || lb > 2 || ta.size() - la < 2) return std::nullopt;
    if (template_of(ta, ma) != template_of(tb, mb)) return std::nullopt;
    // Each side's replaced words hold a name and no verb or quality: "deployed to Vercel" /
    // "deployed to Netlify", "runs on GitHub Actions" / "runs on Jenkins".
    const Term* xa = nullptr;
    const Term* xb = nullptr;
    auto replaced = [&](const std::vector<const Term*>& terms, const std::vector<bool>& matched, const Term*& name) {
        for (size_t i = 0; i < terms.size(); ++i) {
            if (matched[i]) continue;
            if (is_name(*terms[i], wordnet)) {
                if (!name) name = terms[i];
            } else if (terms[i]->kind != TermKind::kWord || !terms[i]->synset ||
                       wordnet->pos_of(*terms[i]->synset) != WordPos::kNoun) {
                return false;
            }
        }
        return name != nullptr;
    };
    // A name on one side may replace a noun on the other ("Sentry" / "Rollbar"; "Java" / "Kotlin").
    if (!wordnet) return std::nullopt;
    const bool ra = replaced(ta, ma, xa), rb = replaced(tb, mb, xb);
    if (!(ra && rb) && !(ra && !xb && nouns_only(tb, mb, wordnet, xb)) && !(rb && !xa && nouns_only(ta, ma, wordnet, xa)))
        return std::nullopt;
    return ContradictionVerdict{Contradiction::kContradicts, std::string(contradiction_rule::kSlotSwap),
                                xa->lemma + " vs " + xb->lemma};
}

std::optional<ContradictionVerdict> order_swap_rule(const Analysis& a, const Analysis& b) {
    if (rules::negations(a).size() != rules::negations(b).size()) return std::nullopt;
    const auto ta = slot_terms(a), tb = slot_terms(b);
    if (ta.size() != tb.size() || ta.size() < 3) return std::nullopt;
    // Exactly two positions differ, and they hold each other's word.
    std::vector<size_t> differ;
    for (size_t i = 0; i < ta.size(); ++i)
        if (ta[i]->canon != tb[i]->canon) differ.push_back(i);
    if (differ.size() != 2) return std::nullopt;
    const size_t i = differ[0], j = differ[1];
    if (ta[i]->canon != tb[j]->canon || ta[j]->canon != tb[i]->canon) return std::nullopt;
    // A word that orders the two stands between them in both texts.
    auto ordered = [](const Analysis& x, const Term* first, const Term* second) {
        const Term* begin = x.terms.data();
        for (const Term* t = first + 1; t < second && t < begin + x.terms.size(); ++t)
            if (is_ordering_word(t->surface)) return true;
        return false;
    };
    if (!ordered(a, ta[i], ta[j]) || !ordered(b, tb[i], tb[j])) return std::nullopt;
    return ContradictionVerdict{Contradiction::kContradicts, std::string(contradiction_rule::kOrderSwap),
                                ta[i]->lemma + " / " + ta[j]->lemma + " swapped"};
}

}  // namespace bm
