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

std::string scope_cell(size_t paragraph) { return "paragraph:" + std::to_string(paragraph); }

void add(StoreMeasure& m, const std::array<double, kRecallDepths.size()>& recall, size_t live) {
    for (size_t d = 0; d < recall.size(); ++d) m.per_question[d].push_back(recall[d]);
    m.live += static_cast<double>(live);
}

}  // namespace

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
            QaQuestionCorpus corpus = build_question_corpus(item, q, options.brains, overlap, options.seed);
            const std::vector<QaSentence>& sentences = corpus.sentences;
            const std::set<size_t>& gold = corpus.gold;
            const auto& held = corpus.held;
            const auto& by_text = corpus.by_text;
            row.paraphrases += corpus.paraphrases;
            row.repeats += corpus.repeats;
            if (overlap == options.overlaps.front()) {
                result.supporting += gold.size();
                result.dangling_supporting += item.dangling_supporting;
                result.sentences += sentences.size();
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
                for (const QaHeldItem& it : held[b]) {
                    Claim c;
                    c.text = it.text;
                    c.scope.cells = {scope_cell(sentences[it.sentence].paragraph)};
                    c.authority = 1;
                    source.assert_claim(std::move(c));
                }
                outboxes.push_back(source.take_outbox());
            }
            const std::vector<Delta> published = interleave_outboxes(outboxes);
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
            std::vector<QaHeldItem> merged, central, naive, dedup;
            for (const HeldClaim& h : sink.claims())
                if (sink.status(h.key) == ClaimStatus::kActive) merged.push_back({sentence_of(h.claim), h.claim.text});
            for (size_t i = 0; i < sentences.size(); ++i) central.push_back({i, sentences[i].text});
            std::set<std::pair<size_t, std::string>> seen;
            for (const Delta& d : published) {
                const QaHeldItem it{sentence_of(*d.claim), d.claim->text};
                naive.push_back(it);
                if (seen.insert({sentences[it.sentence].paragraph, it.text}).second) dedup.push_back(it);
            }
            QaReader reader(*engine, item, sentences);
            const std::array<const std::vector<QaHeldItem>*, 4> stores = {&merged, &central, &naive, &dedup};
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
