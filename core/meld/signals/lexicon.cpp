// The fixed word lists behind lexicon.h.
#include "meld/signals/lexicon.h"

#include <algorithm>
#include <array>
#include <utility>

namespace bm::lexicon {

namespace {

template <size_t N>
bool in_sorted(const std::array<std::string_view, N>& words, std::string_view word) {
    return std::binary_search(words.begin(), words.end(), word);
}

template <typename V, size_t N>
std::optional<V> lookup(const std::array<std::pair<std::string_view, V>, N>& table,
                        std::string_view word) {
    for (const auto& [key, value] : table)
        if (key == word) return value;
    return std::nullopt;
}

// Sorted (binary search).
constexpr auto kStopWords = std::to_array<std::string_view>({
    "'d",      "'ll",    "'m",    "'re",     "'s",        "'ve",     "a",      "about",  "after",
    "again",   "ago",    "all",   "already", "also",      "am",      "an",     "and",    "any",
    "are",     "around", "as",    "at",      "be",        "been",    "before", "being",  "both",
    "but",     "by",     "can",   "could",   "currently", "did",     "do",     "does",   "doing",
    "during",  "each",   "for",   "from",    "had",       "has",     "have",   "having", "he",
    "her",     "here",   "hers",  "him",     "his",       "how",     "i",      "if",     "in",
    "instead", "into",   "is",    "it",      "its",       "just",    "may",    "me",     "might",
    "more",    "most",   "must",  "my",      "now",       "of",      "on",     "only",   "onto",
    "or",      "other",  "our",   "ours",    "over",      "shall",   "she",    "should", "so",
    "some",    "still",  "such",  "than",    "that",      "the",     "their",  "them",   "then",
    "there",   "these",  "they",  "this",    "those",     "through", "to",     "too",    "under",
    "until",   "upon",   "us",    "very",    "was",       "we",      "were",   "what",   "when",
    "where",   "which",  "while", "who",     "whom",      "why",     "will",   "with",   "would",
    "yet",
});

constexpr auto kNegators = std::to_array<std::string_view>({
    "cannot",
    "n't",
    "neither",
    "never",
    "no",
    "nobody",
    "none",
    "noone",
    "nor",
    "not",
    "nothing",
    "nowhere",
    "without",
});

constexpr auto kCopulas = std::to_array<std::string_view>(
    {"'m", "'re", "'s", ":", "=", "am", "are", "be", "been", "is", "was", "were"});

constexpr auto kColours = std::to_array<std::string_view>({
    "beige", "black",  "blond", "blonde", "blue", "brown",  "gold", "golden", "gray",  "green",
    "grey",  "orange", "pink",  "purple", "red",  "silver", "tan",  "violet", "white", "yellow",
});

constexpr auto kNumberWords = std::to_array<std::pair<std::string_view, double>>({
    {"zero", 0},      {"one", 1},       {"two", 2},        {"three", 3},     {"four", 4},
    {"five", 5},      {"six", 6},       {"seven", 7},      {"eight", 8},     {"nine", 9},
    {"ten", 10},      {"eleven", 11},   {"twelve", 12},    {"thirteen", 13}, {"fourteen", 14},
    {"fifteen", 15},  {"sixteen", 16},  {"seventeen", 17}, {"eighteen", 18}, {"nineteen", 19},
    {"twenty", 20},   {"thirty", 30},   {"forty", 40},     {"fifty", 50},    {"sixty", 60},
    {"seventy", 70},  {"eighty", 80},   {"ninety", 90},    {"hundred", 100}, {"thousand", 1e3},
    {"million", 1e6}, {"billion", 1e9}, {"dozen", 12},
});

constexpr double kKiB = 1024.0, kMiB = kKiB * 1024, kGiB = kMiB * 1024, kTiB = kGiB * 1024;
constexpr auto kUnits = std::to_array<std::pair<std::string_view, Unit>>({
    {"ns", {"time", 1e-9}},
    {"us", {"time", 1e-6}},
    {"µs", {"time", 1e-6}},
    {"ms", {"time", 1e-3}},
    {"millisecond", {"time", 1e-3}},
    {"milliseconds", {"time", 1e-3}},
    {"s", {"time", 1}},
    {"sec", {"time", 1}},
    {"secs", {"time", 1}},
    {"second", {"time", 1}},
    {"seconds", {"time", 1}},
    {"min", {"time", 60}},
    {"mins", {"time", 60}},
    {"minute", {"time", 60}},
    {"minutes", {"time", 60}},
    {"h", {"time", 3600}},
    {"hr", {"time", 3600}},
    {"hrs", {"time", 3600}},
    {"hour", {"time", 3600}},
    {"hours", {"time", 3600}},
    {"day", {"time", 86400}},
    {"days", {"time", 86400}},
    {"week", {"time", 604800}},
    {"weeks", {"time", 604800}},
    {"year", {"time", 31557600}},
    {"years", {"time", 31557600}},
    {"b", {"bytes", 1}},
    {"byte", {"bytes", 1}},
    {"bytes", {"bytes", 1}},
    {"kb", {"bytes", 1e3}},
    {"kib", {"bytes", kKiB}},
    {"mb", {"bytes", 1e6}},
    {"mib", {"bytes", kMiB}},
    {"gb", {"bytes", 1e9}},
    {"gib", {"bytes", kGiB}},
    {"tb", {"bytes", 1e12}},
    {"tib", {"bytes", kTiB}},
    {"mm", {"length", 1e-3}},
    {"cm", {"length", 1e-2}},
    {"m", {"length", 1}},
    {"km", {"length", 1e3}},
    {"meter", {"length", 1}},
    {"meters", {"length", 1}},
    {"metre", {"length", 1}},
    {"metres", {"length", 1}},
    {"kilometer", {"length", 1e3}},
    {"kilometers", {"length", 1e3}},
    {"mile", {"length", 1609.344}},
    {"miles", {"length", 1609.344}},
    {"foot", {"length", 0.3048}},
    {"feet", {"length", 0.3048}},
    {"inch", {"length", 0.0254}},
    {"inches", {"length", 0.0254}},
    {"mg", {"mass", 1e-6}},
    {"g", {"mass", 1e-3}},
    {"gram", {"mass", 1e-3}},
    {"grams", {"mass", 1e-3}},
    {"kg", {"mass", 1}},
    {"kilogram", {"mass", 1}},
    {"kilograms", {"mass", 1}},
    {"lb", {"mass", 0.45359237}},
    {"lbs", {"mass", 0.45359237}},
    {"%", {"percent", 1}},
    {"percent", {"percent", 1}},
    {"hz", {"frequency", 1}},
    {"khz", {"frequency", 1e3}},
    {"mhz", {"frequency", 1e6}},
    {"ghz", {"frequency", 1e9}},
    {"usd", {"usd", 1}},
    {"$", {"usd", 1}},
    {"eur", {"eur", 1}},
});

constexpr auto kMonths = std::to_array<std::pair<std::string_view, int>>({
    {"january", 1},   {"jan", 1},   {"february", 2},  {"feb", 2},      {"march", 3},
    {"mar", 3},       {"april", 4}, {"apr", 4},       {"may", 5},      {"june", 6},
    {"jun", 6},       {"july", 7},  {"jul", 7},       {"august", 8},   {"aug", 8},
    {"september", 9}, {"sep", 9},   {"sept", 9},      {"october", 10}, {"oct", 10},
    {"november", 11}, {"nov", 11},  {"december", 12}, {"dec", 12},
});

constexpr auto kWeekdays = std::to_array<std::pair<std::string_view, int>>({
    {"monday", 1},
    {"mon", 1},
    {"tuesday", 2},
    {"tue", 2},
    {"wednesday", 3},
    {"wed", 3},
    {"thursday", 4},
    {"thu", 4},
    {"friday", 5},
    {"fri", 5},
    {"saturday", 6},
    {"sat", 6},
    {"sunday", 7},
    {"sun", 7},
});

// Abbreviations common in engineering notes that WordNet does not know, or knows with another
// meaning (WordNet's "db" is the decibel, "os" a bone).
constexpr auto kAbbreviations = std::to_array<std::pair<std::string_view, std::string_view>>({
    {"app", "application"},       {"apps", "application"},
    {"arg", "argument"},          {"args", "argument"},
    {"auth", "authentication"},   {"authn", "authentication"},
    {"authz", "authorization"},   {"cfg", "configuration"},
    {"conf", "configuration"},    {"config", "configuration"},
    {"configs", "configuration"}, {"db", "database"},
    {"dbs", "database"},          {"dev", "development"},
    {"dir", "directory"},         {"dirs", "directory"},
    {"doc", "documentation"},     {"docs", "documentation"},
    {"env", "environment"},       {"envs", "environment"},
    {"fn", "function"},           {"func", "function"},
    {"id", "identifier"},         {"ids", "identifier"},
    {"impl", "implementation"},   {"info", "information"},
    {"k8s", "kubernetes"},        {"max", "maximum"},
    {"min", "minimum"},           {"lib", "library"},
    {"libs", "library"},          {"mem", "memory"},
    {"msg", "message"},           {"msgs", "message"},
    {"os", "operating_system"},   {"param", "parameter"},
    {"params", "parameter"},      {"perf", "performance"},
    {"pkg", "package"},           {"postgres", "postgresql"},
    {"prod", "production"},       {"repo", "repository"},
    {"repos", "repository"},      {"tmp", "temporary"},
});

static_assert(std::is_sorted(kStopWords.begin(), kStopWords.end()));
static_assert(std::is_sorted(kNegators.begin(), kNegators.end()));
static_assert(std::is_sorted(kColours.begin(), kColours.end()));
static_assert(std::is_sorted(kCopulas.begin(), kCopulas.end()));

}  // namespace

bool is_stop_word(std::string_view word) {
    return in_sorted(kStopWords, word);
}
bool is_negator(std::string_view word) {
    return in_sorted(kNegators, word);
}
bool is_copula(std::string_view word) {
    return in_sorted(kCopulas, word);
}
bool is_colour(std::string_view word) {
    return in_sorted(kColours, word);
}

std::optional<double> number_word_value(std::string_view word) {
    return lookup(kNumberWords, word);
}
std::optional<Unit> unit_of(std::string_view word) {
    return lookup(kUnits, word);
}
std::optional<int> month_number(std::string_view word) {
    return lookup(kMonths, word);
}
std::optional<int> weekday_number(std::string_view word) {
    return lookup(kWeekdays, word);
}

bool opposed_predicates(std::string_view a, std::string_view b) {
    // Groups of opposite effects: a word of the first list against a word of the second.
    struct Opposition {
        std::initializer_list<std::string_view> keep, drop;
    };
    static const Opposition kOppositions[] = {
        {{"retain", "keep", "preserve", "store", "archive"}, {"delete", "erase", "destroy", "purge", "discard", "remove", "wipe"}},
        {{"allow", "permit", "authorize", "authorise", "accept"}, {"forbid", "prohibit", "ban", "deny", "block", "reject", "refuse"}},
        {{"enable", "activate"}, {"disable", "deactivate"}},
        {{"require", "mandate"}, {"forbid", "prohibit"}},
        {{"include"}, {"exclude"}},
        {{"encrypt"}, {"decrypt"}},
    };
    for (const Opposition& o : kOppositions) {
        auto in = [](std::initializer_list<std::string_view> list, std::string_view w) {
            for (std::string_view x : list)
                if (x == w) return true;
            return false;
        };
        if ((in(o.keep, a) && in(o.drop, b)) || (in(o.keep, b) && in(o.drop, a))) return true;
    }
    return false;
}

std::string_view expand_abbreviation(std::string_view word) {
    const std::optional<std::string_view> expansion = lookup(kAbbreviations, word);
    return expansion ? *expansion : word;
}

}  // namespace bm::lexicon
