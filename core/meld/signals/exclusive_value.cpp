// The exclusive-value rule: two key/value statements give one key two different values.
#include <algorithm>

#include "meld/signals/contradiction_rules.h"
#include "meld/signals/rule_support.h"

namespace bm {

namespace {

// Whether word is a regular form of verb (move: moves, moved, moving; set: sets, setting), so
// the verb is recognised even without WordNet's lemmas.
bool is_form_of(std::string_view word, std::string_view verb) {
    if (!word.starts_with(verb.substr(0, verb.size() - 1))) return false;
    const std::string v(verb);
    const std::string stem = verb.ends_with('e') ? v.substr(0, v.size() - 1) : v;
    for (const std::string& form : {v, v + "s", v + "es", v + "d", v + "ed", stem + "ing",
                                    v + v.back() + "ing", v + v.back() + "ed"})
        if (word == form) return true;
    return false;
}

bool lemma_in(const Term& t, std::initializer_list<std::string_view> verbs) {
    for (std::string_view verb : verbs)
        if (t.lemma == verb || is_form_of(t.surface, verb)) return true;
    return false;
}

bool is_change_verb(const Term& t) {
    return !t.stop && lemma_in(t, {"set", "change", "switch", "move", "migrate", "update", "bump",
                                   "upgrade", "downgrade", "pin", "point", "default"});
}

// A verb form right after a copula makes a predicate, not a value: "is running", "was deployed".
bool is_verb_form(const Term& t) {
    const std::string& w = t.surface;
    return t.kind == TermKind::kWord &&
           ((w.size() > 4 && w.ends_with("ing")) || (w.size() > 3 && w.ends_with("ed")));
}

// Whether a value names a thing (an identifier, a number, a colour, a noun or a word WordNet does
// not know, such as a product name) rather than a quality (an adjective: "fast", "large"), which
// can hold together with another quality. Without WordNet only identifiers and numbers qualify.
bool names_a_thing(const Analysis& a, const std::vector<size_t>& value, const WordNet* wordnet) {
    for (size_t i : value)
        if (a.terms[i].kind != TermKind::kWord || lexicon::is_colour(a.terms[i].surface))
            return true;
    if (!wordnet) return false;
    const Term& head = a.terms[value.back()];
    return !head.synset || wordnet->pos_of(*head.synset) == WordPos::kNoun;
}

std::set<std::string> canon_set(const Analysis& a, const std::vector<size_t>& terms) {
    std::set<std::string> out;
    for (size_t i : terms) out.insert(a.terms[i].canon);
    return out;
}

}  // namespace

std::optional<KeyValueShape> key_value_shape(const Analysis& a) {
    const std::vector<Term>& t = a.terms;
    const size_t n = t.size();
    auto content_in = [&](size_t from, size_t to) {
        std::vector<size_t> out;
        for (size_t k = from; k < to && k < n; ++k)
            if (t[k].content()) out.push_back(k);
        return out;
    };
    auto value_from = [&](size_t from) {
        std::vector<size_t> out;
        for (size_t k = from; k < n && !rules::is_clause_break(t[k]); ++k)
            if (t[k].content()) out.push_back(k);
        return out;
    };
    auto find_word = [&](size_t from, std::string_view word) {
        for (size_t k = from; k < n && !rules::is_clause_break(t[k]); ++k)
            if (t[k].surface == word) return k;
        return n;
    };
    auto shape = [](std::vector<size_t> key, std::vector<size_t> value,
                    bool setting = false) -> std::optional<KeyValueShape> {
        if (key.empty() || value.empty()) return std::nullopt;
        return KeyValueShape{std::move(key), std::move(value), setting};
    };

    size_t first = 0;  // the first word that is not a function word ("we", "let's", "please")
    while (first < n && t[first].stop) ++first;
    if (first == n) return std::nullopt;
    // "set X to Y", "switch X to Y"; "use Y for X".
    if (is_change_verb(t[first])) {
        const size_t to = find_word(first + 1, "to");
        if (to < n) return shape(content_in(first + 1, to), value_from(to + 1), true);
    }
    if (lemma_in(t[first], {"use"}) && !t[first].stop) {
        const size_t for_ = find_word(first + 1, "for");
        if (for_ < n) return shape(value_from(for_ + 1), content_in(first + 1, for_), true);
    }
    for (size_t k = first; k < n && !rules::is_clause_break(t[k]); ++k) {
        // "X moved to Y", "X set to Y".
        if (is_change_verb(t[k]) && k > first && k + 1 < n && t[k + 1].surface == "to")
            return shape(content_in(0, k), value_from(k + 2), true);
        // "X is Y", "X: Y", "X = Y", "X should be Y".
        if (lexicon::is_copula(t[k].surface) && t[k].surface != "'s") {
            size_t v = k + 1;  // past articles and adverbs: "is a", "is also", "is not"
            while (v < n && (t[v].stop || t[v].negator) && !is_verb_form(t[v]) &&
                   !rules::is_clause_break(t[v]))
                ++v;
            if (v < n && is_verb_form(t[v])) return std::nullopt;
            // A switch's state: "dark mode is on" / "dark mode is off".
            const bool alone = k + 2 == n || (k + 2 < n && rules::is_clause_break(t[k + 2]));
            if (alone && (t[k + 1].surface == "on" || t[k + 1].surface == "off"))
                return shape(content_in(0, k), {k + 1}, true);
            return shape(content_in(0, k), value_from(k + 1));
        }
    }
    return std::nullopt;
}

std::optional<ContradictionVerdict> exclusive_value_rule(const Analysis& a, const Analysis& b,
                                                         const WordNet* wordnet) {
    if (!rules::negations(a).empty() || !rules::negations(b).empty()) return std::nullopt;
    const std::optional<KeyValueShape> ka = key_value_shape(a), kb = key_value_shape(b);
    if (!ka || !kb) return std::nullopt;
    if (canon_set(a, ka->key) != canon_set(b, kb->key)) return std::nullopt;
    const std::set<std::string> va = canon_set(a, ka->value), vb = canon_set(b, kb->value);
    for (const std::string& s : va)
        if (vb.contains(s)) return std::nullopt;  // overlapping values: a refinement, not a clash
    // Numbers belong to the quantity rule, which knows units (30 s = 30000 ms).
    for (size_t i : ka->value)
        if (a.terms[i].kind == TermKind::kNumber) return std::nullopt;
    for (size_t i : kb->value)
        if (b.terms[i].kind == TermKind::kNumber) return std::nullopt;
    const bool settings = ka->setting && kb->setting;
    if (!settings &&
        (!names_a_thing(a, ka->value, wordnet) || !names_a_thing(b, kb->value, wordnet)))
        return std::nullopt;
    const Term& ha = a.terms[ka->value.back()];
    const Term& hb = b.terms[kb->value.back()];
    if (wordnet && ha.synset && hb.synset &&
        (wordnet->is_kind_of(*ha.synset, *hb.synset, 8) ||
         wordnet->is_kind_of(*hb.synset, *ha.synset, 8)))
        return std::nullopt;  // "the pet is a dog" / "the pet is an animal"
    return ContradictionVerdict{
        Contradiction::kContradicts, std::string(contradiction_rule::kExclusiveValue),
        rules::join_lemmas(a, ka->key) + ": " + rules::join_lemmas(a, ka->value) + " vs " +
            rules::join_lemmas(b, kb->value)};
}

}  // namespace bm
