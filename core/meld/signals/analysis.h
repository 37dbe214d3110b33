// Analysis: a claim's text as terms (lemma, synonym-canonical form, role) plus the quantities and
// dates it mentions; the common input of similarity features and contradiction rules.
//
// Thread-safety: Analyser is immutable after construction; analyse() is safe from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "meld/signals/lexicon.h"
#include "meld/signals/wordnet.h"

namespace bm {

enum class TermKind : uint8_t {
    kWord,         // letters only (may contain - or _)
    kNumber,       // 8080, 3.5, 1,000, "two"
    kIdentifier,   // letters mixed with digits or connectors: us-east-1, v1.2.3, python3
    kUnit,         // a unit following a number ("30 ms"): belongs to that quantity
    kPunctuation,  // clause punctuation: . , ; : ! ? = ( )
};

struct Term {
    std::string surface;  // lowercase token as written: "dbs", "running", "8080"
    std::string lemma;    // morphological base form: "db", "run"
    std::string canon;    // synonym-canonical form: abbreviations expanded, then WordNet's synset
                          // representative ("automobile" -> "car", "dbs" -> "database")
    TermKind kind = TermKind::kWord;
    bool stop = false;               // a function word (lexicon::is_stop_word)
    bool negator = false;            // lexicon::is_negator
    std::optional<SynsetId> synset;  // the most frequent sense, when WordNet knows the word

    // A word that names something: not a stop word, negator, unit or punctuation.
    bool content() const {
        return !stop && !negator &&
               (kind == TermKind::kWord || kind == TermKind::kNumber ||
                kind == TermKind::kIdentifier);
    }
};

struct Quantity {
    size_t term = 0;  // index of the number's term
    double value = 0;
    std::optional<lexicon::Unit> unit;
    std::string unit_text;  // the unit as written: "ms", "$"; empty without a unit
    std::string text;       // the quantity as written: "30 ms"
};

struct DateMention {
    size_t term = 0;  // the date's terms are [term, end)
    size_t end = 0;
    int year = 0, month = 0, day = 0, weekday = 0;  // 0 = not stated
    std::string text;
};

struct Analysis {
    std::vector<Term> terms;
    std::vector<Quantity> quantities;
    std::vector<DateMention> dates;
};

// How words meet their synonyms in Term::canon.
enum class SynonymPolicy : uint8_t {
    kNone,        // lemma only
    kFirstSense,  // the representative of the most frequent sense (automobile -> car, big -> large)
    kUnambiguous,  // only words with a single sense (WordNet::unambiguous_synonym)
};
const char* synonym_policy_name(SynonymPolicy policy);

class Analyser {
public:
    // wordnet may be null: lemmas then come from a few suffix rules and synonyms do not meet.
    explicit Analyser(const WordNet* wordnet, SynonymPolicy synonyms = SynonymPolicy::kFirstSense);

    Analysis analyse(std::string_view text) const;

    // The lemma of one lowercase word; with verb_context an -ing/-ed form WordNet can reduce as a
    // verb is read as one (running -> run), which analyse() does except after a determiner.
    std::string lemma_of(std::string_view word, bool verb_context = false) const;
    // The synonym-canonical form of a lemma (abbreviation expansion, then synset representative).
    std::string canonical_of(std::string_view surface, std::string_view lemma) const;

    const WordNet* wordnet() const { return m_wordnet; }

    // What analyse() reads for a content word: lemma_of, canonical_of and the first sense.
    struct WordForms {
        std::string lemma, canon;
        std::optional<SynsetId> synset;
    };

private:
    void join_collocations(std::vector<std::string>& tokens) const;
    const WordForms& word_forms(const std::string& word, bool verb_context) const;
    bool is_collocation(const std::string& first, const std::string& second) const;
    void find_quantities(Analysis& analysis) const;
    void find_dates(Analysis& analysis) const;

    const WordNet* m_wordnet;
    SynonymPolicy m_synonyms;
    uint64_t m_serial;  // keys the per-thread memo: analysers never share entries
};

}  // namespace bm
