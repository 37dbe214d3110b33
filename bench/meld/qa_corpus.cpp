// The HotpotQA question workload and its top-k read (see qa_corpus.h).
#include "bench/meld/qa_corpus.h"

#include <algorithm>
#include <numeric>

namespace bm::meld {

namespace {

uint64_t mix(uint64_t x) {  // splitmix64's finaliser: the same stream on every platform
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::string trimmed(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\n");
    if (a == std::string::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t\n") - a + 1);
}

}  // namespace

uint64_t qa_draw(uint64_t seed, size_t question, size_t sentence, uint64_t purpose) {
    return mix(mix(mix(mix(seed) ^ question) ^ sentence) ^ purpose);
}

double qa_unit(uint64_t h) { return static_cast<double>(h >> 11) * 0x1.0p-53; }

std::string paraphrase_sentence(const std::string& sentence) {
    static const std::vector<std::pair<std::string, std::string>> kRewrites = {
        {" is a ", " is one "}, {" was a ", " was one "}, {" and ", " & "}, {" which ", " that "},
        {" film ", " movie "}, {" also ", " additionally "}, {" known as ", " called "}, {" located in ", " situated in "},
    };
    std::string s = " " + trimmed(sentence) + " ";
    for (const auto& [from, to] : kRewrites)
        for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
            s.replace(at, from.size(), to);
    s = trimmed(s);
    if (!s.empty() && (s.back() == '.' || s.back() == '!')) s.pop_back();
    return "Notably, " + s + ".";
}

QaQuestionCorpus build_question_corpus(const QaItem& item, size_t q, size_t brains, double overlap, uint64_t seed) {
    QaQuestionCorpus c;
    std::map<std::pair<size_t, size_t>, size_t> flat;  // (paragraph, index) → sentence
    for (size_t p = 0; p < item.paragraphs.size(); ++p)
        for (size_t s = 0; s < item.paragraphs[p].sentences.size(); ++s) {
            flat[{p, s}] = c.sentences.size();
            c.sentences.push_back({p, trimmed(item.paragraphs[p].sentences[s])});
        }
    for (const auto& f : item.supporting) c.gold.insert(flat.at(f));
    c.held.resize(brains);
    for (size_t i = 0; i < c.sentences.size(); ++i) {
        const QaSentence& sentence = c.sentences[i];
        c.by_text.try_emplace({sentence.paragraph, sentence.text}, i);
        const size_t owner = qa_draw(seed, q, i, 1) % brains;
        c.held[owner].push_back({i, sentence.text});
        if (overlap <= 0 || qa_unit(qa_draw(seed, q, i, 2)) >= overlap) continue;
        const size_t other = (owner + 1 + qa_draw(seed, q, i, 3) % (brains - 1)) % brains;
        const bool paraphrased = qa_unit(qa_draw(seed, q, i, 4)) < kParaphraseShare;
        const std::string text = paraphrased ? paraphrase_sentence(sentence.text) : sentence.text;
        c.by_text.try_emplace({sentence.paragraph, text}, i);
        c.held[other].push_back({i, text});
        ++(paraphrased ? c.paraphrases : c.repeats);
    }
    return c;
}

std::vector<Delta> interleave_outboxes(const std::vector<std::vector<Delta>>& outboxes) {
    size_t total = 0;
    for (const auto& outbox : outboxes) total += outbox.size();
    std::vector<Delta> out;
    out.reserve(total);
    for (size_t r = 0; out.size() < total; ++r)
        for (const auto& outbox : outboxes)
            if (r < outbox.size()) out.push_back(outbox[r]);
    return out;
}

QaReader::QaReader(const SignalEngine& engine, const QaItem& item, const std::vector<QaSentence>& sentences)
    : m_engine(engine), m_item(item), m_sentences(sentences), m_question(engine.prepare(item.question)) {}

std::array<double, kRecallDepths.size()> QaReader::recall(const std::vector<QaHeldItem>& live, const std::set<size_t>& gold) {
    std::vector<double> score(live.size());
    for (size_t i = 0; i < live.size(); ++i) score[i] = similarity(live[i]);
    std::vector<size_t> order(live.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return score[a] > score[b]; });
    std::array<double, kRecallDepths.size()> out{};
    for (size_t d = 0; d < kRecallDepths.size(); ++d) {
        std::set<size_t> found;
        for (size_t r = 0; r < std::min(kRecallDepths[d], order.size()); ++r)
            if (gold.count(live[order[r]].sentence)) found.insert(live[order[r]].sentence);
        out[d] = static_cast<double>(found.size()) / static_cast<double>(gold.size());
    }
    return out;
}

double QaReader::similarity(const QaHeldItem& it) {
    const std::string doc = m_item.paragraphs[m_sentences[it.sentence].paragraph].title + ". " + it.text;
    auto [at, fresh] = m_scores.try_emplace(doc, 0.0);
    if (fresh) at->second = m_engine.similarity(m_question, m_engine.prepare(doc));
    return at->second;
}

}  // namespace bm::meld
