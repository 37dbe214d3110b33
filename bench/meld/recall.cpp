// The MELD recall experiment (see recall.h): sources, the sink's admissions, the four stores and
// their status-aware top-k reads.
#include "bench/meld/recall.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "meld/brain.h"

namespace bm::meld {

namespace {

uint64_t mix(uint64_t x) {  // splitmix64's finaliser: the same stream on every platform
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// A draw per (seed, question, sentence, purpose), independent of the overlap fraction, so a higher
// overlap adds copies to those of a lower one.
uint64_t draw(uint64_t seed, size_t question, size_t sentence, uint64_t purpose) {
    return mix(mix(mix(mix(seed) ^ question) ^ sentence) ^ purpose);
}
double unit(uint64_t h) { return static_cast<double>(h >> 11) * 0x1.0p-53; }

std::string trimmed(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\n");
    if (a == std::string::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t\n") - a + 1);
}

struct Sentence {
    size_t paragraph = 0;
    std::string text;  // trimmed
};

// One stored item: which context sentence it stands for, and the text the store holds.
struct Item {
    size_t sentence = 0;
    std::string text;
};

std::string scope_cell(size_t paragraph) { return "paragraph:" + std::to_string(paragraph); }

// Status-aware top-k read: every live item ranked by σ(question, "title. text"), ties in store
// order; returns the recall of the supporting sentences at each depth.
class Reader {
public:
    Reader(const SignalEngine& engine, const QaItem& item, const std::vector<Sentence>& sentences)
        : m_engine(engine), m_item(item), m_sentences(sentences), m_question(engine.prepare(item.question)) {}

    std::array<double, kRecallDepths.size()> recall(const std::vector<Item>& live, const std::set<size_t>& gold) {
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

private:
    double similarity(const Item& it) {
        const std::string doc = m_item.paragraphs[m_sentences[it.sentence].paragraph].title + ". " + it.text;
        auto [at, fresh] = m_scores.try_emplace(doc, 0.0);
        if (fresh) at->second = m_engine.similarity(m_question, m_engine.prepare(doc));
        return at->second;
    }

    const SignalEngine& m_engine;
    const QaItem& m_item;
    const std::vector<Sentence>& m_sentences;
    PreparedText m_question;
    std::unordered_map<std::string, double> m_scores;
};

void add(StoreMeasure& m, const std::array<double, kRecallDepths.size()>& recall, size_t live) {
    for (size_t d = 0; d < recall.size(); ++d) m.per_question[d].push_back(recall[d]);
    m.live += static_cast<double>(live);
}

}  // namespace

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

RecallResult measure_recall(const std::shared_ptr<const SignalEngine>& engine, const std::vector<QaItem>& all_items,
                            const RecallOptions& options) {
    if (options.brains == 0) throw std::invalid_argument("measure_recall: at least one source brain");
    const bool any_overlap = std::any_of(options.overlaps.begin(), options.overlaps.end(), [](double o) { return o > 0; });
    if (any_overlap && options.brains < 2) throw std::invalid_argument("measure_recall: overlap needs at least two source brains");
    const size_t n_items = options.questions == 0 ? all_items.size() : std::min(options.questions, all_items.size());

    RecallResult result;
    result.questions = n_items;
    for (double overlap : options.overlaps) {
        OverlapResult row;
        row.overlap = overlap;
        for (size_t q = 0; q < n_items; ++q) {
            const QaItem& item = all_items[q];
            std::vector<Sentence> sentences;
            std::set<size_t> gold;
            std::map<std::pair<size_t, size_t>, size_t> flat;  // (paragraph, index) → sentence
            for (size_t p = 0; p < item.paragraphs.size(); ++p)
                for (size_t s = 0; s < item.paragraphs[p].sentences.size(); ++s) {
                    flat[{p, s}] = sentences.size();
                    sentences.push_back({p, trimmed(item.paragraphs[p].sentences[s])});
                }
            for (const auto& f : item.supporting) gold.insert(flat.at(f));
            if (overlap == options.overlaps.front()) {
                result.supporting += gold.size();
                result.dangling_supporting += item.dangling_supporting;
                result.sentences += sentences.size();
            }

            // What each source brain holds: its own sentences, and the overlapping copies it was given.
            std::vector<std::vector<Item>> held(options.brains);
            std::map<std::pair<size_t, std::string>, size_t> by_text;  // (paragraph, text) → sentence
            for (size_t i = 0; i < sentences.size(); ++i) {
                by_text.try_emplace({sentences[i].paragraph, sentences[i].text}, i);
                const size_t owner = draw(options.seed, q, i, 1) % options.brains;
                held[owner].push_back({i, sentences[i].text});
                if (overlap <= 0 || unit(draw(options.seed, q, i, 2)) >= overlap) continue;
                const size_t other = (owner + 1 + draw(options.seed, q, i, 3) % (options.brains - 1)) % options.brains;
                const bool paraphrased = unit(draw(options.seed, q, i, 4)) < kParaphraseShare;
                const std::string text = paraphrased ? paraphrase_sentence(sentences[i].text) : sentences[i].text;
                by_text.try_emplace({sentences[i].paragraph, text}, i);
                held[other].push_back({i, text});
                ++(paraphrased ? row.paraphrases : row.repeats);
            }

            // Each source asserts what it holds (signed, admitted locally) and publishes its outbox;
            // the sink admits the brains' deltas interleaved one by one, through receive_all() as
            // `meld admit` does.
            KeyDirectory dir;
            dir.group_key = "meld-recall group key";
            dir.group_key_fallback = true;  // every brain signs with the group key
            dir.brains["sink"] = {"", 1, {"*"}};
            for (size_t b = 0; b < options.brains; ++b) dir.brains["brain" + std::to_string(b)] = {"", 1, {"*"}};
            BrainOptions brain_options;
            brain_options.keep_patches = false;
            std::vector<std::vector<Delta>> outboxes;
            for (size_t b = 0; b < options.brains; ++b) {
                Brain source("brain" + std::to_string(b), dir, options.thresholds, engine, brain_options);
                for (const Item& it : held[b]) {
                    Claim c;
                    c.text = it.text;
                    c.scope.cells = {scope_cell(sentences[it.sentence].paragraph)};
                    c.authority = 1;
                    source.assert_claim(std::move(c));
                }
                outboxes.push_back(source.take_outbox());
            }
            size_t total = 0;
            for (const auto& outbox : outboxes) total += outbox.size();
            std::vector<Delta> published;
            for (size_t r = 0; published.size() < total; ++r)
                for (const auto& outbox : outboxes)
                    if (r < outbox.size()) published.push_back(outbox[r]);
            Brain sink("sink", dir, options.thresholds, engine, brain_options);
            for (const Admission& a : sink.receive_all(published))
                if (a.patch) ++row.decisions[decision_name(a.patch->decision)];
            row.deltas += published.size();

            auto sentence_of = [&](const Claim& c) {
                const std::string cell = c.scope.cells.empty() ? "" : c.scope.cells.front();
                const size_t paragraph = std::stoul(cell.substr(cell.find(':') + 1));
                const auto at = by_text.find({paragraph, c.text});
                if (at == by_text.end()) throw std::logic_error("measure_recall: the sink holds a text no brain published");
                return at->second;
            };
            std::vector<Item> merged, central, naive, dedup;
            for (const HeldClaim& h : sink.claims())
                if (sink.status(h.key) == ClaimStatus::kActive) merged.push_back({sentence_of(h.claim), h.claim.text});
            for (size_t i = 0; i < sentences.size(); ++i) central.push_back({i, sentences[i].text});
            std::set<std::pair<size_t, std::string>> seen;
            for (const Delta& d : published) {
                const Item it{sentence_of(*d.claim), d.claim->text};
                naive.push_back(it);
                if (seen.insert({sentences[it.sentence].paragraph, it.text}).second) dedup.push_back(it);
            }
            Reader reader(*engine, item, sentences);
            const std::array<const std::vector<Item>*, 4> stores = {&merged, &central, &naive, &dedup};
            for (size_t s = 0; s < stores.size(); ++s) add(row.stores[s], reader.recall(*stores[s], gold), stores[s]->size());
        }
        for (StoreMeasure& m : row.stores) {
            m.live /= static_cast<double>(std::max<size_t>(n_items, 1));
            for (size_t d = 0; d < kRecallDepths.size(); ++d)
                m.recall[d] = m.per_question[d].empty() ? 0
                                                        : std::accumulate(m.per_question[d].begin(), m.per_question[d].end(), 0.0) /
                                                              static_cast<double>(m.per_question[d].size());
        }
        result.sweep.push_back(std::move(row));
    }
    return result;
}

}  // namespace bm::meld
