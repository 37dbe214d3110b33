// WordNet queries: morphy (lemmas), first senses, synonym representatives and antonyms.
#include "meld/signals/wordnet.h"

#include <algorithm>
#include <array>

#include "meld/signals/signals_log.h"

namespace bm {

namespace {

struct Detachment {
    std::string_view suffix;
    std::string_view ending;
};

// WordNet's morphological detachment rules (morphy(7WN)), per part of speech.
constexpr std::array<Detachment, 8> kNounRules = {{{"s", ""},
                                                   {"ses", "s"},
                                                   {"xes", "x"},
                                                   {"zes", "z"},
                                                   {"ches", "ch"},
                                                   {"shes", "sh"},
                                                   {"men", "man"},
                                                   {"ies", "y"}}};
constexpr std::array<Detachment, 8> kVerbRules = {{{"s", ""},
                                                   {"ies", "y"},
                                                   {"es", "e"},
                                                   {"es", ""},
                                                   {"ed", "e"},
                                                   {"ed", ""},
                                                   {"ing", "e"},
                                                   {"ing", ""}}};
constexpr std::array<Detachment, 4> kAdjectiveRules = {
    {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}}};

std::span<const Detachment> rules_for(WordPos pos) {
    switch (pos) {
        case WordPos::kNoun:
            return kNounRules;
        case WordPos::kVerb:
            return kVerbRules;
        case WordPos::kAdjective:
            return kAdjectiveRules;
        case WordPos::kAdverb:
            return {};
    }
    return {};
}

}  // namespace

const WordNet::LemmaSenses* WordNet::senses_of(uint32_t word) const {
    if (word >= m_lemmas.size()) return nullptr;
    const LemmaSenses& s = m_lemmas[word];
    for (int p = 0; p < kWordPosCount; ++p)
        if (s.sense_count[p] > 0) return &s;
    return nullptr;
}

bool WordNet::contains(std::string_view lemma) const {
    return senses_of(word_id(lemma)) != nullptr;
}

bool WordNet::contains(std::string_view lemma, WordPos pos) const {
    const LemmaSenses* senses = senses_of(word_id(lemma));
    return senses && senses->sense_count[static_cast<int>(pos)] > 0;
}

std::vector<std::string> WordNet::base_forms(std::string_view word, WordPos pos) const {
    std::vector<std::string> out;
    auto add = [&](std::string base) {
        if (base != word && contains(base, pos) &&
            std::find(out.begin(), out.end(), base) == out.end())
            out.push_back(std::move(base));
    };
    const auto& exceptions = m_exceptions[static_cast<int>(pos)];
    if (auto it = exceptions.find(std::string(word)); it != exceptions.end())
        for (const std::string& base : it->second) add(base);
    for (const Detachment& rule : rules_for(pos))
        if (word.size() > rule.suffix.size() && word.ends_with(rule.suffix))
            add(std::string(word.substr(0, word.size() - rule.suffix.size())) +
                std::string(rule.ending));
    return out;
}

std::string WordNet::lemma(std::string_view word) const {
    if (const LemmaSenses* own = senses_of(word_id(word))) {
        // A plural that is also a rare lemma of its own reads as the plural: "men" (the work
        // force) -> man, when the singular is tagged at least twice as often in SemCor.
        uint32_t own_count = 0;
        for (int p = 0; p < kWordPosCount; ++p) own_count += own->tag_count[p];
        for (const std::string& base : base_forms(word, WordPos::kNoun)) {
            const LemmaSenses* of = senses_of(word_id(base));
            if (of && of->tag_count[static_cast<int>(WordPos::kNoun)] >=
                          2 * std::max<uint32_t>(own_count, 1))
                return base;
        }
        return std::string(word);
    }
    // Irregular forms first (was -> be, men -> man, went -> go), then the regular detachments.
    for (WordPos pos : {WordPos::kVerb, WordPos::kNoun, WordPos::kAdjective, WordPos::kAdverb}) {
        const auto& exceptions = m_exceptions[static_cast<int>(pos)];
        if (auto it = exceptions.find(std::string(word)); it != exceptions.end())
            for (const std::string& base : it->second)
                if (contains(base, pos)) return base;
    }
    for (WordPos pos : {WordPos::kNoun, WordPos::kVerb, WordPos::kAdjective}) {
        std::vector<std::string> bases = base_forms(word, pos);
        if (!bases.empty()) return bases.front();
    }
    return std::string(word);
}

std::optional<SynsetId> WordNet::first_sense(std::string_view lemma, WordPos pos) const {
    const LemmaSenses* senses = senses_of(word_id(lemma));
    const int p = static_cast<int>(pos);
    if (!senses || senses->sense_count[p] == 0) return std::nullopt;
    return m_senses[senses->sense_begin[p]];
}

std::span<const SynsetId> WordNet::senses(std::string_view lemma, WordPos pos) const {
    const LemmaSenses* senses = senses_of(word_id(lemma));
    const int p = static_cast<int>(pos);
    if (!senses) return {};
    return {m_senses.data() + senses->sense_begin[p], senses->sense_count[p]};
}

std::optional<SynsetId> WordNet::first_sense(std::string_view lemma) const {
    const LemmaSenses* found = senses_of(word_id(lemma));
    if (!found) return std::nullopt;
    const LemmaSenses& senses = *found;
    int best = -1;
    for (int p = 0; p < kWordPosCount;
         ++p)  // strictly greater: ties keep noun, verb, adj, adv order
        if (senses.sense_count[p] > 0 && (best < 0 || senses.tag_count[p] > senses.tag_count[best]))
            best = p;
    if (best < 0) return std::nullopt;
    return m_senses[senses.sense_begin[best]];
}

std::string_view WordNet::representative(SynsetId synset) const {
    return m_words.view(m_synset_words[m_synsets[synset].word_begin]);
}

std::string_view WordNet::canonical(std::string_view lemma) const {
    const std::optional<SynsetId> sense = first_sense(lemma);
    return sense ? representative(*sense) : lemma;
}

std::string_view WordNet::unambiguous_synonym(std::string_view lemma) const {
    const LemmaSenses* found = senses_of(word_id(lemma));
    if (!found) return lemma;
    const LemmaSenses& senses = *found;
    std::optional<SynsetId> only;
    const int noun = static_cast<int>(WordPos::kNoun);
    if (senses.sense_count[noun] > 0) {
        if (senses.sense_count[noun] == 1) only = m_senses[senses.sense_begin[noun]];
    } else {
        int total = 0;
        for (int p = 0; p < kWordPosCount; ++p) {
            total += senses.sense_count[p];
            if (senses.sense_count[p] > 0) only = m_senses[senses.sense_begin[p]];
        }
        if (total != 1) only.reset();
    }
    if (!only) return lemma;
    const Synset& s = m_synsets[*only];
    std::string_view best;
    uint32_t best_count = 0;
    for (uint32_t i = 0; i < s.word_count; ++i) {
        const uint32_t w = m_synset_words[s.word_begin + i];
        const std::string_view word = m_words.view(w);
        if (word.find('.') != std::string_view::npos) continue;  // "c.p.u."
        // Only a word whose own first sense this is: "max" (single sense: the drug GHB) must not
        // become "soap", whose first sense is the cleanser.
        const LemmaSenses* of = senses_of(w);
        const int p = static_cast<int>(s.pos);
        if (!of || of->sense_count[p] == 0 || m_senses[of->sense_begin[p]] != *only) continue;
        const uint32_t count = of->tag_count[p];
        if (best.empty() || count > best_count ||
            (count == best_count && word.size() < best.size())) {
            best = word;
            best_count = count;
        }
    }
    return best.empty() ? lemma : best;
}

std::span<const SynsetId> WordNet::hypernyms(SynsetId synset) const {
    const Synset& s = m_synsets[synset];
    return {m_hypernyms.data() + s.hyper_begin, s.hyper_count};
}

WordPos WordNet::pos_of(SynsetId synset) const {
    return m_synsets[synset].pos;
}

bool WordNet::is_kind_of(SynsetId synset, SynsetId ancestor, int max_depth) const {
    std::vector<SynsetId> level = {synset};
    for (int d = 0; d < max_depth && !level.empty(); ++d) {
        std::vector<SynsetId> next;
        for (SynsetId s : level)
            for (SynsetId h : hypernyms(s)) {
                if (h == ancestor) return true;
                next.push_back(h);
            }
        level = std::move(next);
    }
    return false;
}

bool WordNet::antonyms(std::string_view lemma_a, std::string_view lemma_b) const {
    const uint64_t a = word_id(lemma_a), b = word_id(lemma_b);
    if (a == StringInterner::kNone || b == StringInterner::kNone) return false;
    return std::binary_search(m_antonym_pairs.begin(), m_antonym_pairs.end(), a << 32 | b);
}

const Result<std::shared_ptr<const WordNet>>& WordNet::load_shared_default() {
    static const Result<std::shared_ptr<const WordNet>> loaded = [] {
        Result<std::shared_ptr<const WordNet>> result = load(std::string(kDefaultDir));
        if (!result.ok())
            signals_logger()->warn("{}; synonyms, lemmas and antonyms are off",
                                   result.error().to_string());
        return result;
    }();
    return loaded;
}

const WordNet* WordNet::shared_default() {
    const Result<std::shared_ptr<const WordNet>>& loaded = load_shared_default();
    return loaded.ok() ? loaded->get() : nullptr;
}

}  // namespace bm
