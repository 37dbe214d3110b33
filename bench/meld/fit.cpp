// Split loading, the split-separation check and the grid fit of θ_merge, σ_lo and the paraphrase rule.
#include "bench/meld/fit.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

namespace bm::meld {

namespace {

using TextPair = std::pair<std::string, std::string>;

TextPair unordered(const GoldPair& p) {
    return p.a.text < p.b.text ? TextPair{p.a.text, p.b.text} : TextPair{p.b.text, p.a.text};
}

std::set<TextPair> text_pairs(const std::vector<NamedPairs>& sets) {
    std::set<TextPair> out;
    for (const NamedPairs& s : sets)
        for (const GoldPair& p : s.pairs) out.insert(unordered(p));
    return out;
}

// One pair's signals, computed once: the grid replays the procedure on them.
struct Signals {
    PairClass label;
    bool exact_key;
    bool contradicts;
    PairFeatures f;
};

PairClass simulate(const Signals& s, const Thresholds& t, const ParaphraseRule& rule) {
    if (s.contradicts && (s.exact_key || s.f.sigma >= t.sigma_lo)) return PairClass::kConflict;  // R3
    if (s.exact_key) return PairClass::kMerge;                                                    // R4
    if (s.f.sigma < t.sigma_lo) return PairClass::kNoRelation;                                    // R2
    if (s.f.sigma >= t.theta_merge || rule.passes(s.f)) return PairClass::kMerge;                 // R5
    return PairClass::kRelate;                                                                    // R6
}

}  // namespace

Result<GoldSplits> load_gold_splits(const std::string& data_dir, const std::string& shared_dir) {
    GoldSplits s;
    auto add = [](std::vector<NamedPairs>& to, const std::string& name, Result<std::vector<GoldPair>> r) -> Result<bool> {
        if (!r) return r.error();
        to.push_back({name, std::move(r).value()});
        return true;
    };
    for (auto [name, file, train] : {std::tuple{"train gold", "meld_gold_train.jsonl", true},
                                     {"dev gold", "meld_gold_dev.jsonl", false},
                                     {"test gold", "meld_gold_test.jsonl", false}})
        if (auto r = add(train ? s.train : s.test, name, load_gold_pairs(data_dir + "/" + file)); !r) return r.error();
    if (shared_dir.empty()) {
        s.skipped.push_back("STS-B and SNLI derived sets: no --shared folder");
    } else {
        const std::string sts_train = shared_dir + "/sts/stsb_train.tsv", sts_dev = shared_dir + "/sts/stsb_dev.tsv";
        const std::string snli = shared_dir + "/nli/snli_dev.tsv";
        auto optional = [&](std::vector<NamedPairs>& to, const std::string& name, Result<std::vector<GoldPair>> r) {
            if (r) to.push_back({name, std::move(r).value()});
            else s.skipped.push_back(name + ": " + r.error().to_string());
        };
        optional(s.train, "STS-B train derived", load_stsb_pairs(sts_train, 300));
        optional(s.train, "SNLI dev derived 1-150", load_snli_pairs(snli, 150));
        optional(s.test, "STS-B dev derived", load_stsb_pairs(sts_dev, 150));
        optional(s.test, "SNLI dev derived 151-300", load_snli_pairs(snli, 150, 150));
    }
    const std::set<TextPair> test = text_pairs(s.test);
    for (NamedPairs& t : s.train) std::erase_if(t.pairs, [&](const GoldPair& p) { return test.count(unordered(p)) > 0; });
    return s;
}

std::vector<std::string> split_overlaps(const GoldSplits& splits) {
    const std::set<TextPair> train = text_pairs(splits.train);
    std::vector<std::string> out;
    for (const NamedPairs& s : splits.test)
        for (const GoldPair& p : s.pairs)
            if (train.count(unordered(p))) out.push_back(s.name + ": " + p.id);
    return out;
}

OperatingPoint fit_operating_point(const std::vector<NamedPairs>& train, const SignalEngine& engine, double max_false_merge) {
    std::vector<std::vector<Signals>> sets;
    for (const NamedPairs& s : train) {
        std::vector<Signals> v;
        for (const GoldPair& p : s.pairs) {
            const PreparedText a = engine.prepare(p.a.text), b = engine.prepare(p.b.text);
            const double sigma = engine.similarity(a, b);
            v.push_back({p.label, claim_key(p.a) == claim_key(p.b), engine.contradiction(a, b).contradicts(),
                         engine.features(a, b, sigma)});
        }
        sets.push_back(std::move(v));
    }
    // Candidate rules from the most to the least conservative; the first best is kept (ties: conservative).
    std::vector<ParaphraseRule> rules = {ParaphraseRule{}};
    for (int values = 1; values >= 0; --values)
        for (int sm = 80; sm >= 20; sm -= 5)
            for (int cov = 100; cov >= 50; cov -= 5)
                for (int back = cov; back >= 30; back -= 5)
                    rules.push_back({true, sm / 100.0, cov / 100.0, back / 100.0, values == 1});
    OperatingPoint best;
    best.train_macro_f1 = -1;
    for (int th = 98; th >= 50; th -= 2)
        for (int lo = 4; lo <= 28; lo += 4)
            for (const ParaphraseRule& rule : rules) {
                Thresholds t = lexical_default_thresholds();
                t.theta_merge = th / 100.0;
                t.sigma_lo = lo / 100.0;
                double f1 = 0, worst_fm = 0;
                bool within = true;
                for (const auto& v : sets) {
                    GoldReport r;
                    for (const Signals& s : v)
                        ++r.confusion[static_cast<size_t>(s.label)][static_cast<size_t>(simulate(s, t, rule))];
                    score_confusion(r);
                    f1 += r.macro_f1;
                    worst_fm = std::max(worst_fm, r.false_merge);
                    within = within && r.false_merge <= max_false_merge;
                }
                f1 /= static_cast<double>(std::max<size_t>(1, sets.size()));
                if (within && f1 > best.train_macro_f1 + 1e-12) best = {t, rule, f1, worst_fm};
            }
    return best;
}

}  // namespace bm::meld
