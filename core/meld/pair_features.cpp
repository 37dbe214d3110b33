// Pair features over two lexical analyses: coverage (exact and WordNet-soft), alignment, values, length, negation.
#include "meld/pair_features.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>

namespace bm::meld {

const std::array<const char*, kPairFeatureCount> kPairFeatureNames = {
    "sigma", "coverage", "coverage_back", "soft_coverage", "soft_coverage_back", "length_ratio", "has_values",
    "negation_differs", "unmatched_both", "value_swap", "nominal_swap", "unmatched_short", "unmatched_long",
    "core_coverage", "core_coverage_back", "predicate_reworded", "align_similarity", "all_aligned", "adds_content", "kind_of_matches"};

namespace {

using Word = AlignedWord;

std::vector<Word> content_words(const Analysis& a) {
    std::set<std::string> seen;
    std::vector<Word> out;
    for (const Term& t : a.terms)
        if (t.content() && t.kind == TermKind::kWord && seen.insert(t.canon).second) out.push_back({t.canon, t.lemma, t.synset});
    return out;
}

// A word's part of speech by its most frequent sense; nullopt when WordNet does not know it.
std::optional<WordPos> pos_of(const Word& w, const WordNet* wn) {
    if (!wn || !w.synset) return std::nullopt;
    return wn->pos_of(*w.synset);
}

// What a claim is about: a noun, or a word WordNet does not know (a name: Vercel, pnpm).
bool is_core(const Word& w, const WordNet* wn) {
    const auto pos = pos_of(w, wn);
    return wn && (!pos || *pos == WordPos::kNoun);
}

// Numbers by value, identifiers by their canonical text: "two" and "2" are one value.
std::set<std::string> stated_values(const Analysis& a) {
    std::set<std::string> out;
    for (const Quantity& q : a.quantities) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "#%.6g", q.value);
        out.insert(buf);
    }
    for (const Term& t : a.terms)
        if (t.kind == TermKind::kIdentifier) out.insert(t.canon);
    return out;
}

bool has_negator(const Analysis& a) {
    return std::any_of(a.terms.begin(), a.terms.end(), [](const Term& t) { return t.negator; });
}

// x and y name different values of one kind: co-hyponyms in WordNet, or both unknown to it.
bool other_value(const Word& x, const Word& y, const WordNet* wn) {
    if (!wn) return false;
    if (!x.synset && !y.synset) return !wn->contains(x.lemma) && !wn->contains(y.lemma);
    if (!x.synset || !y.synset) return false;
    const auto hx = wn->hypernyms(*x.synset), hy = wn->hypernyms(*y.synset);
    for (SynsetId h : hx)
        if (std::find(hy.begin(), hy.end(), h) != hy.end()) return true;
    return false;
}

double share(size_t found, size_t of) { return of == 0 ? 0 : static_cast<double>(found) / static_cast<double>(of); }

}  // namespace

PairFeatures pair_features(const Analysis& a, const Analysis& b, double sigma, const WordNet* wordnet) {
    PairFeatures f;
    f.sigma = sigma;
    const auto wa = content_words(a), wb = content_words(b);
    const auto& shorter = wa.size() <= wb.size() ? wa : wb;
    const auto& longer = wa.size() <= wb.size() ? wb : wa;
    std::set<std::string> longer_canons;
    for (const Word& w : longer) longer_canons.insert(w.canon);
    // A soft match: a same-sense or kind-of match, or an acronym and its expansion (word_alignment.h).
    const Alignment alignment = align_words(shorter, longer, wordnet);
    f.align_similarity = alignment.similarity;
    f.all_aligned = alignment.all_matched;
    f.kind_of_matches = static_cast<double>(std::min<size_t>(alignment.kind_of_only, 2)) / 2.0;
    size_t exact = 0, soft = 0;
    std::vector<bool> longer_hit(longer.size(), false);
    for (size_t i = 0; i < longer.size(); ++i) longer_hit[i] = alignment.back[i];
    std::vector<const Word*> shorter_left, longer_left;
    for (size_t i = 0; i < shorter.size(); ++i) {
        const Word& w = shorter[i];
        exact += longer_canons.count(w.canon);
        const bool hit = alignment.matched[i];
        soft += hit;
        if (!hit) shorter_left.push_back(&w);
    }
    for (size_t i = 0; i < longer.size(); ++i)
        if (!longer_hit[i]) longer_left.push_back(&longer[i]);
    f.unmatched_both = !shorter_left.empty() && !longer_left.empty();
    for (const Word* x : shorter_left)
        for (const Word* y : longer_left) f.value_swap = f.value_swap || other_value(*x, *y, wordnet);
    auto verb = [&](const Word* w) { return wordnet && w->synset && wordnet->pos_of(*w->synset) == WordPos::kVerb; };
    auto predicate = [&](const Word* w) {
        const auto pos = pos_of(*w, wordnet);
        return pos && (*pos == WordPos::kVerb || *pos == WordPos::kAdverb);
    };
    f.predicate_reworded = (!shorter_left.empty() || !longer_left.empty()) &&
                           std::all_of(shorter_left.begin(), shorter_left.end(), predicate) &&
                           std::all_of(longer_left.begin(), longer_left.end(), predicate);
    // Core words met: the shorter's found in the longer, the longer's hit by the shorter.
    size_t core_short = 0, core_short_hit = 0, core_long = 0, core_long_hit = 0;
    for (const Word& w : shorter)
        if (is_core(w, wordnet)) {
            ++core_short;
            core_short_hit += std::find(shorter_left.begin(), shorter_left.end(), &w) == shorter_left.end();
        }
    for (size_t i = 0; i < longer.size(); ++i)
        if (is_core(longer[i], wordnet)) {
            ++core_long;
            core_long_hit += longer_hit[i];
        }
    f.core_coverage = share(core_short_hit, core_short);
    f.core_coverage_back = share(core_long_hit, core_long);
    f.nominal_swap = f.unmatched_both && std::none_of(shorter_left.begin(), shorter_left.end(), verb) &&
                     std::none_of(longer_left.begin(), longer_left.end(), verb);
    f.adds_content = shorter_left.empty() && !longer_left.empty();
    f.unmatched_short = static_cast<double>(std::min<size_t>(shorter_left.size(), 3)) / 3.0;
    f.unmatched_long = static_cast<double>(std::min<size_t>(longer_left.size(), 3)) / 3.0;
    f.coverage = share(exact, shorter.size());
    f.coverage_back = share(exact, longer.size());
    f.soft_coverage = share(soft, shorter.size());
    f.soft_coverage_back = share(static_cast<size_t>(std::count(longer_hit.begin(), longer_hit.end(), true)), longer.size());
    f.length_ratio = share(shorter.size(), longer.size());
    const auto va = stated_values(a), vb = stated_values(b);
    f.has_values = !va.empty() || !vb.empty();
    f.values_agree = va == vb;
    f.negation_differs = has_negator(a) != has_negator(b);
    return f;
}

FeatureVector feature_vector(const PairFeatures& f) {
    return {f.sigma, f.coverage, f.coverage_back, f.soft_coverage, f.soft_coverage_back, f.length_ratio,
            f.has_values ? 1.0 : 0.0, f.negation_differs ? 1.0 : 0.0, f.unmatched_both ? 1.0 : 0.0,
            f.value_swap ? 1.0 : 0.0, f.nominal_swap ? 1.0 : 0.0, f.unmatched_short, f.unmatched_long,
            f.core_coverage, f.core_coverage_back, f.predicate_reworded ? 1.0 : 0.0, f.align_similarity,
            f.all_aligned ? 1.0 : 0.0, f.adds_content ? 1.0 : 0.0, f.kind_of_matches};
}

}  // namespace bm::meld
