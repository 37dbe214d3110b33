// Exclusive values that are not written as "key is value": one object with two colours, and one
// slot of a statement filled by two different things of the same kind (guitar / piano).
#include <map>

#include "meld/signals/contradiction_rules.h"
#include "meld/signals/rule_support.h"

namespace bm {

namespace {

// object -> the colours a text gives it ("a red and green toy" -> toy: {red, green}).
std::map<std::string, std::set<std::string>> colours_by_object(const Analysis& a) {
    std::map<std::string, std::set<std::string>> out;
    const std::vector<Term>& t = a.terms;
    for (size_t i = 0; i < t.size(); ++i) {
        if (!t[i].content() || !lexicon::is_colour(t[i].surface)) continue;
        size_t j = i + 1;  // skip the rest of a colour list: "red and green", "black , white"
        while (j < t.size() &&
               (lexicon::is_colour(t[j].surface) || t[j].surface == "and" || t[j].surface == ","))
            ++j;
        const Term* object = nullptr;
        for (; j < t.size() && t[j].content() && t[j].kind == TermKind::kWord; ++j) object = &t[j];
        if (object) out[object->canon].insert(t[i].canon);
    }
    return out;
}

// Two different nouns directly under one hypernym, neither a kind of the other: guitar and piano
// (stringed instruments), dog and wolf (canines). Not: dog and animal, car and automobile.
bool are_siblings(const WordNet& wordnet, SynsetId x, SynsetId y) {
    if (x == y || wordnet.pos_of(x) != WordPos::kNoun || wordnet.pos_of(y) != WordPos::kNoun)
        return false;
    bool shared_parent = false;
    for (SynsetId hx : wordnet.hypernyms(x))
        for (SynsetId hy : wordnet.hypernyms(y)) shared_parent = shared_parent || hx == hy;
    return shared_parent && !wordnet.is_kind_of(x, y, 12) && !wordnet.is_kind_of(y, x, 12);
}

// Whether some sense of one word is a sense, or a kind, of some sense of the other: picture and
// photograph share a sense, so "a picture" does not exclude "a photo".
bool may_name_the_same(const WordNet& wordnet, const Term& x, const Term& y) {
    for (SynsetId sx : wordnet.senses(x.lemma, WordPos::kNoun))
        for (SynsetId sy : wordnet.senses(y.lemma, WordPos::kNoun))
            if (sx == sy || wordnet.is_kind_of(sx, sy, 12) || wordnet.is_kind_of(sy, sx, 12))
                return true;
    return false;
}

// People are described in overlapping ways (man, guy, worker, friend); their exclusive traits
// (man / woman) are WordNet antonyms and left to the antonym rule.
bool is_person(const WordNet& wordnet, SynsetId s) {
    const std::optional<SynsetId> person = wordnet.first_sense("person", WordPos::kNoun);
    return person && (s == *person || wordnet.is_kind_of(s, *person, 16));
}

}  // namespace

std::optional<ContradictionVerdict> colour_rule(const Analysis& a, const Analysis& b) {
    if (!rules::negations(a).empty() || !rules::negations(b).empty()) return std::nullopt;
    const auto ca = colours_by_object(a), cb = colours_by_object(b);
    for (const auto& [object, colours_a] : ca) {
        auto it = cb.find(object);
        if (it == cb.end()) continue;
        bool overlap = false;
        for (const std::string& c : colours_a) overlap = overlap || it->second.contains(c);
        if (overlap) continue;
        return ContradictionVerdict{
            Contradiction::kContradicts, std::string(contradiction_rule::kExclusiveValue),
            object + ": " + *colours_a.begin() + " vs " + *it->second.begin()};
    }
    return std::nullopt;
}

std::optional<ContradictionVerdict> sibling_rule(const Analysis& a, const Analysis& b,
                                                 const WordNet* wordnet) {
    if (!wordnet || !rules::negations(a).empty() || !rules::negations(b).empty())
        return std::nullopt;
    const std::set<std::string> ca = content_set(a), cb = content_set(b);
    for (const Term& x : a.terms) {
        if (!x.content() || !x.synset || cb.contains(x.canon)) continue;
        for (const Term& y : b.terms) {
            if (!y.content() || !y.synset || ca.contains(y.canon)) continue;
            if (!are_siblings(*wordnet, *x.synset, *y.synset) || is_person(*wordnet, *x.synset) ||
                may_name_the_same(*wordnet, x, y))
                continue;
            std::set<std::string> rest_a = ca, rest_b = cb;
            rest_a.erase(x.canon);
            rest_b.erase(y.canon);
            if (rest_a.empty() || rest_b.empty()) continue;
            const double covered = rest_a.size() <= rest_b.size() ? rules::coverage(rest_a, rest_b)
                                                                  : rules::coverage(rest_b, rest_a);
            if (covered >= 0.75)
                return ContradictionVerdict{Contradiction::kContradicts,
                                            std::string(contradiction_rule::kExclusiveValue),
                                            x.lemma + " vs " + y.lemma};
        }
    }
    return std::nullopt;
}

}  // namespace bm
