// Word alignment over WordNet: outright matches, kind-of links and acronyms.
#include "meld/word_alignment.h"

#include <algorithm>
#include <array>
#include <span>

namespace bm::meld {

namespace {

bool shared_stem(const std::string& x, const std::string& y) {
    constexpr size_t kStem = 5;
    return x.size() >= kStem && y.size() >= kStem && x.compare(0, kStem, y, 0, kStem) == 0;
}

// A word's senses in each part of speech, looked up once per word rather than once per word pair.
using Senses = std::array<std::span<const SynsetId>, kWordPosCount>;

Senses senses_of(const WordNet& wn, const std::string& lemma) {
    Senses out;
    for (int p = 0; p < kWordPosCount; ++p) out[p] = wn.senses(lemma, static_cast<WordPos>(p));
    return out;
}

// 2 when some sense of x and of y in one part of speech is the same synset, 1 when one is a direct
// hypernym of the other, else 0.
int wordnet_relation(const WordNet& wn, const Senses& x, const Senses& y) {
    int best = 0;
    for (int p = 0; p < kWordPosCount; ++p) {
        for (SynsetId s : x[p])
            for (SynsetId t : y[p]) {
                if (s == t) return 2;
                const auto hs = wn.hypernyms(s), ht = wn.hypernyms(t);
                if (std::find(hs.begin(), hs.end(), t) != hs.end() || std::find(ht.begin(), ht.end(), s) != ht.end())
                    best = 1;
            }
    }
    return best;
}

bool letters_only(std::string_view w) {
    return std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

namespace {

// match_kind with the words' senses given (nullptr: no WordNet).
MatchKind match_kind(const AlignedWord& x, const AlignedWord& y, const WordNet* wn, const Senses* sx, const Senses* sy) {
    if (x.canon == y.canon || x.lemma == y.lemma || shared_stem(x.lemma, y.lemma)) return MatchKind::kSame;
    if (!wn) return MatchKind::kNone;
    const int r = wordnet_relation(*wn, *sx, *sy);
    return r == 2 ? MatchKind::kSame : r == 1 ? MatchKind::kKindOf : MatchKind::kNone;
}

}  // namespace

MatchKind match_kind(const AlignedWord& x, const AlignedWord& y, const WordNet* wn) {
    if (!wn) return match_kind(x, y, nullptr, nullptr, nullptr);
    const Senses sx = senses_of(*wn, x.lemma), sy = senses_of(*wn, y.lemma);
    return match_kind(x, y, wn, &sx, &sy);
}

std::optional<size_t> acronym_run(std::string_view acronym, const std::vector<AlignedWord>& words) {
    if (acronym.size() < 2 || acronym.size() > 6 || !letters_only(acronym)) return std::nullopt;
    const size_t n = acronym.size();
    for (size_t first = 0; first + n <= words.size(); ++first) {
        bool spelled = true;
        for (size_t k = 0; k < n && spelled; ++k) {
            const std::string& w = words[first + k].lemma;
            spelled = w.size() > 1 && w[0] == acronym[k];
        }
        if (spelled) return first;
    }
    return std::nullopt;
}

Alignment align_words(const std::vector<AlignedWord>& a, const std::vector<AlignedWord>& b, const WordNet* wn) {
    Alignment out;
    // Per word: 2 once it has a same-sense match or is part of an acronym pair, 1 with only a kind-of match.
    std::vector<int> rank_a(a.size(), 0), rank_b(b.size(), 0);
    auto acronyms = [](const std::vector<AlignedWord>& from, const std::vector<AlignedWord>& to, std::vector<int>& from_rank,
                       std::vector<int>& to_rank) {
        for (size_t i = 0; i < from.size(); ++i)
            if (const auto run = acronym_run(from[i].lemma, to)) {
                from_rank[i] = 2;
                for (size_t k = 0; k < from[i].lemma.size(); ++k) to_rank[*run + k] = 2;
            }
    };
    acronyms(a, b, rank_a, rank_b);
    acronyms(b, a, rank_b, rank_a);
    std::vector<Senses> senses_a, senses_b;
    if (wn) {
        for (const AlignedWord& w : a) senses_a.push_back(senses_of(*wn, w.lemma));
        for (const AlignedWord& w : b) senses_b.push_back(senses_of(*wn, w.lemma));
    }
    for (size_t i = 0; i < a.size(); ++i)
        for (size_t j = 0; j < b.size(); ++j) {
            if (rank_a[i] == 2 && rank_b[j] == 2) continue;
            const MatchKind k = wn ? match_kind(a[i], b[j], wn, &senses_a[i], &senses_b[j])
                                   : match_kind(a[i], b[j], nullptr, nullptr, nullptr);
            const int rank = k == MatchKind::kSame ? 2 : k == MatchKind::kKindOf ? 1 : 0;
            rank_a[i] = std::max(rank_a[i], rank);
            rank_b[j] = std::max(rank_b[j], rank);
        }
    for (int r : rank_a) out.matched.push_back(r > 0);
    for (int r : rank_b) out.back.push_back(r > 0);
    out.kind_of_only = static_cast<size_t>(std::count(rank_a.begin(), rank_a.end(), 1) + std::count(rank_b.begin(), rank_b.end(), 1));
    if (a.empty() || b.empty()) return out;
    auto share = [](const std::vector<bool>& v) {
        return static_cast<double>(std::count(v.begin(), v.end(), true)) / static_cast<double>(v.size());
    };
    out.similarity = (share(out.matched) + share(out.back)) / 2;
    out.all_matched = std::all_of(out.matched.begin(), out.matched.end(), [](bool m) { return m; }) &&
                      std::all_of(out.back.begin(), out.back.end(), [](bool m) { return m; });
    return out;
}

}  // namespace bm::meld
