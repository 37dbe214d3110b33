// Turning a claim's text into terms, quantities and dates (see analysis.h).
#include "meld/signals/analysis.h"

#include <atomic>
#include <cstdlib>
#include <unordered_map>

#include <fmt/format.h>

#include "meld/signals/tokenize.h"

namespace bm {

namespace {

bool all_letters(std::string_view s) {
    for (unsigned char c : s)
        if (!((c >= 'a' && c <= 'z') || c == '-' || c == '_' || c == '\'' || c >= 0x80))
            return false;
    return !s.empty();
}

std::optional<double> parse_number(std::string_view s) {
    if (s.empty() || !(s[0] >= '0' && s[0] <= '9')) return std::nullopt;
    int dots = 0;
    for (char c : s) {
        if (c == '.')
            ++dots;
        else if (!(c >= '0' && c <= '9'))
            return std::nullopt;
    }
    if (dots > 1 || s.back() == '.') return std::nullopt;
    return std::strtod(std::string(s).c_str(), nullptr);
}

std::string number_text(double v) {
    return fmt::format("{}", v);
}

bool is_determiner(std::string_view w) {
    static constexpr std::string_view kDeterminers[] = {
        "a",   "an",    "the", "this", "that", "these", "those", "his",  "her",
        "its", "their", "my",  "our",  "your", "every", "each",  "some", "any"};
    for (std::string_view d : kDeterminers)
        if (w == d) return true;
    return false;
}

// Plural stripping for words WordNet does not know (or when it is absent).
std::string fallback_lemma(std::string_view word) {
    static constexpr std::string_view kKeep[] = {"kubernetes", "jenkins", "always",
                                                 "perhaps",    "news",    "series"};
    for (std::string_view keep : kKeep)
        if (word == keep) return std::string(word);
    if (word.size() > 4 && word.ends_with("ies"))
        return std::string(word.substr(0, word.size() - 3)) + "y";
    for (std::string_view sibilant : {"ches", "shes", "sses", "xes", "zes"})  // reaches, boxes
        if (word.size() > sibilant.size() + 1 && word.ends_with(sibilant))
            return std::string(word.substr(0, word.size() - 2));
    if (word.size() > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") &&
        !word.ends_with("is") && !word.ends_with("os") && all_letters(word))
        return std::string(word.substr(0, word.size() - 1));
    return std::string(word);
}

// "no one", "the one on the left", "one of them": "one" as a pronoun, not a count.
bool is_pronoun_one(const Analysis& a, size_t i) {
    if (a.terms[i].surface != "one") return false;
    static constexpr std::string_view kBefore[] = {"no",  "any",  "every", "each",
                                                   "the", "this", "that",  "which"};
    static constexpr std::string_view kAfter[] = {"of", "another", "other", "who", "that"};
    if (i > 0)
        for (std::string_view w : kBefore)
            if (a.terms[i - 1].surface == w) return true;
    if (i + 1 < a.terms.size())
        for (std::string_view w : kAfter)
            if (a.terms[i + 1].surface == w) return true;
    return false;
}

}  // namespace

const char* synonym_policy_name(SynonymPolicy policy) {
    switch (policy) {
        case SynonymPolicy::kNone:
            return "none";
        case SynonymPolicy::kFirstSense:
            return "first-sense";
        case SynonymPolicy::kUnambiguous:
            return "unambiguous";
    }
    return "unknown";
}

namespace {

// A brain analyses many texts over one vocabulary, and the WordNet lookups behind a word's forms
// are most of analyse()'s cost: they are remembered per thread (a pure function's results, so
// the analyses are the same with or without it), for one analyser at a time, up to a bound.
struct AnalysisMemo {
    uint64_t serial = 0;
    std::unordered_map<std::string, Analyser::WordForms> words;  // word, + '\1' in verb context
    std::unordered_map<std::string, bool> collocations;           // "first second"
};
constexpr size_t kMemoLimit = 200000;
std::atomic<uint64_t> g_analyser_serial{0};

AnalysisMemo& memo_for(uint64_t serial) {
    thread_local AnalysisMemo memo;
    if (memo.serial != serial || memo.words.size() + memo.collocations.size() > kMemoLimit) {
        memo.words.clear();
        memo.collocations.clear();
        memo.serial = serial;
    }
    return memo;
}

}  // namespace

Analyser::Analyser(const WordNet* wordnet, SynonymPolicy synonyms)
    : m_wordnet(wordnet), m_synonyms(synonyms), m_serial(++g_analyser_serial) {}

const Analyser::WordForms& Analyser::word_forms(const std::string& word, bool verb_context) const {
    // verb_context only matters for the -ing/-ed forms lemma_of() may read as verbs.
    const bool verb_form = verb_context && (word.ends_with("ing") || word.ends_with("ed"));
    std::string key = word;
    if (verb_form) key += '\1';
    AnalysisMemo& memo = memo_for(m_serial);
    auto it = memo.words.find(key);
    if (it != memo.words.end()) return it->second;
    WordForms forms;
    forms.lemma = lemma_of(word, verb_form);
    forms.canon = canonical_of(word, forms.lemma);
    if (m_wordnet) forms.synset = m_wordnet->first_sense(forms.canon);
    return memo.words.emplace(std::move(key), std::move(forms)).first->second;
}

bool Analyser::is_collocation(const std::string& first, const std::string& second) const {
    AnalysisMemo& memo = memo_for(m_serial);
    std::string key = first + ' ' + second;
    auto it = memo.collocations.find(key);
    if (it != memo.collocations.end()) return it->second;
    const bool joined = m_wordnet->contains(first + "_" + m_wordnet->lemma(second), WordPos::kNoun);
    memo.collocations.emplace(std::move(key), joined);
    return joined;
}

std::string Analyser::lemma_of(std::string_view word, bool verb_context) const {
    if (!all_letters(word)) return std::string(word);
    if (!m_wordnet) return fallback_lemma(word);
    if (verb_context && (word.ends_with("ing") || word.ends_with("ed"))) {
        std::vector<std::string> bases = m_wordnet->base_forms(word, WordPos::kVerb);
        if (!bases.empty()) return bases.front();
    }
    std::string lemma = m_wordnet->lemma(word);
    if (lemma == word && !m_wordnet->contains(word)) return fallback_lemma(word);
    return lemma;
}

std::string Analyser::canonical_of(std::string_view surface, std::string_view lemma) const {
    std::string_view expanded = lexicon::expand_abbreviation(surface);        // "dbs"
    if (expanded == surface) expanded = lexicon::expand_abbreviation(lemma);  // else the lemma
    if (!m_wordnet) return std::string(expanded);
    switch (m_synonyms) {
        case SynonymPolicy::kNone:
            break;
        case SynonymPolicy::kFirstSense:
            return std::string(m_wordnet->canonical(expanded));
        case SynonymPolicy::kUnambiguous:
            return std::string(m_wordnet->unambiguous_synonym(expanded));
    }
    return std::string(expanded);
}

// "hard disk" -> "hard_disk" when WordNet lists the pair as one lemma.
void Analyser::join_collocations(std::vector<std::string>& tokens) const {
    if (!m_wordnet || tokens.size() < 2) return;
    std::vector<std::string> out;
    out.reserve(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (i + 1 < tokens.size() && all_letters(tokens[i]) && all_letters(tokens[i + 1]) &&
            !lexicon::is_stop_word(tokens[i]) && !lexicon::is_stop_word(tokens[i + 1]) &&
            !lexicon::is_negator(tokens[i]) && !lexicon::is_negator(tokens[i + 1])) {
            if (is_collocation(tokens[i], tokens[i + 1])) {
                out.push_back(tokens[i] + "_" + tokens[i + 1]);
                ++i;
                continue;
            }
        }
        out.push_back(std::move(tokens[i]));
    }
    tokens = std::move(out);
}

Analysis Analyser::analyse(std::string_view text) const {
    std::vector<std::string> tokens = tokenize(text);
    join_collocations(tokens);
    Analysis a;
    a.terms.reserve(tokens.size());
    bool verb_context = true;
    for (std::string& token : tokens) {
        Term t;
        t.surface = std::move(token);
        const bool after_number = !a.terms.empty() && a.terms.back().kind == TermKind::kNumber;
        if (is_clause_punctuation(t.surface)) {
            t.kind = TermKind::kPunctuation;
        } else if (t.surface == "$" || (after_number && lexicon::unit_of(t.surface))) {
            t.kind = TermKind::kUnit;
        } else if (std::optional<double> v = parse_number(t.surface)) {
            t.kind = TermKind::kNumber;
            t.lemma = t.canon = number_text(*v);
        } else if (std::optional<double> w = lexicon::number_word_value(t.surface)) {
            t.kind = TermKind::kNumber;
            t.lemma = t.canon = number_text(*w);
        } else if (!all_letters(t.surface)) {
            t.kind = TermKind::kIdentifier;
        } else {
            t.stop = lexicon::is_stop_word(t.surface);
            t.negator = lexicon::is_negator(t.surface);
            if (t.negator) {
                t.lemma = t.canon = "not";
            } else if (t.stop) {
                t.lemma = t.canon = t.surface;
            } else {
                const WordForms& forms = word_forms(t.surface, verb_context);
                t.lemma = forms.lemma;
                t.canon = forms.canon;
                t.synset = forms.synset;
            }
        }
        if (t.lemma.empty()) t.lemma = t.canon = t.surface;
        // "-ing"/"-ed" words are verb forms ("is running", "a man sitting", "dressed in red")
        // except right after a determiner ("the building", "a used car").
        verb_context = !is_determiner(t.surface);
        a.terms.push_back(std::move(t));
    }
    for (size_t i = 0; i < a.terms.size(); ++i)
        if (is_pronoun_one(a, i)) {
            a.terms[i].kind = TermKind::kWord;
            a.terms[i].stop = true;
            a.terms[i].lemma = a.terms[i].canon = "one";
        }
    find_dates(a);
    find_quantities(a);
    return a;
}

void Analyser::find_quantities(Analysis& a) const {
    for (size_t i = 0; i < a.terms.size(); ++i) {
        if (a.terms[i].kind != TermKind::kNumber) continue;
        bool in_date = false;
        for (const DateMention& d : a.dates) in_date = in_date || (d.term <= i && i < d.end);
        // The word "one" is more often a pronoun or an article than a count ("one of them",
        // "one man ... another"); a count of one is trusted only in digits.
        if (in_date || a.terms[i].surface == "one") continue;
        Quantity q;
        q.term = i;
        q.value = std::strtod(a.terms[i].lemma.c_str(), nullptr);
        q.text = a.terms[i].surface;
        if (i + 1 < a.terms.size() && a.terms[i + 1].kind == TermKind::kUnit) {
            q.unit = lexicon::unit_of(a.terms[i + 1].surface);
            q.unit_text = a.terms[i + 1].surface;
            q.text += " " + q.unit_text;
        } else if (i > 0 && a.terms[i - 1].surface == "$") {
            q.unit = lexicon::unit_of("$");
            q.unit_text = "$";
            q.text = "$" + q.text;
        }
        a.quantities.push_back(std::move(q));
    }
}

void Analyser::find_dates(Analysis& a) const {
    auto number_at = [&](size_t i) -> std::optional<int> {
        if (i >= a.terms.size() || a.terms[i].kind != TermKind::kNumber) return std::nullopt;
        const double v = std::strtod(a.terms[i].lemma.c_str(), nullptr);
        if (v != static_cast<int>(v)) return std::nullopt;
        return static_cast<int>(v);
    };
    auto is_year = [](std::optional<int> v) { return v && *v >= 1000 && *v <= 2999; };
    auto is_day = [](std::optional<int> v) { return v && *v >= 1 && *v <= 31; };
    for (size_t i = 0; i < a.terms.size(); ++i) {
        const std::string& s = a.terms[i].surface;
        DateMention d;
        d.term = i;
        d.end = i + 1;
        if (a.terms[i].kind == TermKind::kIdentifier && s.size() == 10 &&
            (s[4] == '-' || s[4] == '/') && s[7] == s[4]) {  // 2024-01-05
            const std::optional<double> y = parse_number(s.substr(0, 4)),
                                        m = parse_number(s.substr(5, 2)),
                                        dd = parse_number(s.substr(8, 2));
            if (!y || !m || !dd) continue;
            d.year = static_cast<int>(*y), d.month = static_cast<int>(*m),
            d.day = static_cast<int>(*dd);
        } else if (std::optional<int> month = lexicon::month_number(s)) {
            // "may" is a month only beside a day or year number.
            const bool number_near = number_at(i + 1) || (i > 0 && number_at(i - 1));
            if (s == "may" && !number_near) continue;
            d.month = *month;
            if (is_day(number_at(i + 1)) && !is_year(number_at(i + 1))) {  // January 5 [, 2024]
                d.day = *number_at(i + 1);
                d.end = i + 2;
                const size_t y =
                    i + 2 < a.terms.size() && a.terms[i + 2].surface == "," ? i + 3 : i + 2;
                if (is_year(number_at(y))) d.year = *number_at(y), d.end = y + 1;
            } else if (is_year(number_at(i + 1))) {  // January 2024
                d.year = *number_at(i + 1);
                d.end = i + 2;
            } else if (i > 0 && is_day(number_at(i - 1))) {  // 5 January [2024]
                d.term = i - 1;
                d.day = *number_at(i - 1);
                if (is_year(number_at(i + 1))) d.year = *number_at(i + 1), d.end = i + 2;
            }
        } else if (std::optional<int> weekday = lexicon::weekday_number(s)) {
            if (s == "sun" || s == "sat" || s == "wed") continue;  // also plain words
            d.weekday = *weekday;
        } else if (is_year(number_at(i)) && i > 0 &&
                   (a.terms[i - 1].surface == "in" || a.terms[i - 1].surface == "since" ||
                    a.terms[i - 1].surface == "until" || a.terms[i - 1].surface == "by")) {
            d.year = *number_at(i);
        } else {
            continue;
        }
        for (size_t k = d.term; k < d.end; ++k)
            d.text += (k > d.term ? " " : "") + a.terms[k].surface;
        i = std::max(i, d.end - 1);
        a.dates.push_back(std::move(d));
    }
}

}  // namespace bm
