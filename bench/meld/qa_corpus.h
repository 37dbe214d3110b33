// One HotpotQA question as a MELD workload, shared by `bench meld-recall` and `bench routing`:
// its context sentences held by N source brains with a controlled overlap (repeated or paraphrased
// copies), and the status-aware top-k read that scores a store by recall of the supporting
// sentences. Draws are hashes of (seed, question, sentence), so runs are reproducible.
// Thread-safety: plain values; a QaReader is used by one thread.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bench/meld/hotpotqa.h"
#include "meld/delta.h"
#include "meld/signal_engine.h"

namespace bm::meld {

// The read depths reported.
inline constexpr std::array<size_t, 3> kRecallDepths = {5, 10, 20};
// Of the overlapping copies, the share that is a deterministic paraphrase (the rest repeat verbatim).
inline constexpr double kParaphraseShare = 0.5;

// A draw per (seed, question, sentence, purpose), independent of the overlap fraction, so a higher
// overlap adds copies to those of a lower one.
uint64_t qa_draw(uint64_t seed, size_t question, size_t sentence, uint64_t purpose);
// A draw mapped onto [0, 1).
double qa_unit(uint64_t draw);

struct QaSentence {
    size_t paragraph = 0;
    std::string text;  // trimmed
};

// One stored item: which context sentence it stands for, and the text the store holds.
struct QaHeldItem {
    size_t sentence = 0;
    std::string text;
};

struct QaQuestionCorpus {
    std::vector<QaSentence> sentences;               // every context sentence, in paragraph order
    std::set<size_t> gold;                           // the supporting sentences
    std::vector<std::vector<QaHeldItem>> held;       // per source brain: what it asserts, in order
    std::map<std::pair<size_t, std::string>, size_t> by_text;  // (paragraph, text) → sentence
    size_t paraphrases = 0, repeats = 0;             // overlapping copies
};

// Each sentence has one owner among `brains`; with probability `overlap` a second brain also holds
// it, repeated or (share kParaphraseShare) paraphrased. REQUIRES: brains ≥ 2 when overlap > 0.
QaQuestionCorpus build_question_corpus(const QaItem& item, size_t question, size_t brains, double overlap, uint64_t seed);

// The brains' outboxes interleaved one delta at a time (brain 0's first, brain 1's first, ..., then
// every brain's second), the order a sink admits them in.
std::vector<Delta> interleave_outboxes(const std::vector<std::vector<Delta>>& outboxes);

// The deterministic paraphrase a second brain publishes: a few fixed rewrites (function-word and
// common-word substitutions, an opening discourse marker) that keep the content words, so the
// text differs byte for byte and in claim key from the original.
std::string paraphrase_sentence(const std::string& sentence);

// Status-aware top-k read: every live item ranked by σ(question, "title. text"), ties in store
// order; returns the recall of the supporting sentences at each depth of kRecallDepths.
class QaReader {
public:
    QaReader(const SignalEngine& engine, const QaItem& item, const std::vector<QaSentence>& sentences);
    std::array<double, kRecallDepths.size()> recall(const std::vector<QaHeldItem>& live, const std::set<size_t>& gold);

private:
    double similarity(const QaHeldItem& it);

    const SignalEngine& m_engine;
    const QaItem& m_item;
    const std::vector<QaSentence>& m_sentences;
    PreparedText m_question;
    std::unordered_map<std::string, double> m_scores;
};

}  // namespace bm::meld
