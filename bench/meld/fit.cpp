// Split loading, the split-separation check and the cross-validated fit of the merge combiner, θ_merge and σ_lo.
#include "bench/meld/fit.h"

#include "bench/meld/logistic.h"
#include "util/hash.h"

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
    bool context;  // same scope, overlapping validity, b not less authoritative: a merge may pass
    PairFeatures f;
    FeatureVector x;
    int fold;
    double p = 0;  // the combiner's held-out probability
};

constexpr int kFolds = 5;
constexpr int kEveryFold = -2;  // the fold of a fit-only pair: never held out, never scored

// SNLI dev derived pairs per class after the first 300 (training 1-150, test 151-300): fit only.
constexpr size_t kSnliFitOnlySkip = 300, kSnliFitOnlyPerClass = 1000;

// What the procedure decides for a two-claim brain (procedure.cpp), with the combiner's score s.p.
PairClass simulate(const Signals& s, double theta, double sigma_lo, double threshold) {
    if (s.contradicts && (s.exact_key || s.f.sigma >= sigma_lo)) return PairClass::kConflict;  // R3
    if (s.exact_key && s.context) return PairClass::kMerge;                                    // R4
    if (!s.exact_key && s.f.sigma < sigma_lo) return PairClass::kNoRelation;                   // R2
    const bool similar = s.f.sigma >= theta || (MergeCombiner::guards_pass(s.f) && s.p >= threshold);
    if (similar && s.context) return PairClass::kMerge;                                        // R5
    return PairClass::kRelate;                                                                 // R6
}

// Pairs the combiner can decide: not vetoed by χ, no exact key, its guards pass.
bool combiner_decides(const Signals& s) { return !s.contradicts && !s.exact_key && MergeCombiner::guards_pass(s.f); }

// The samples of every training set with fold skip_fold held out; extra[i] (fit-only) joins set i.
std::vector<LogisticSample> samples(const std::vector<std::vector<Signals>>& sets,
                                    const std::vector<std::vector<Signals>>& extra, bool per_set_weights, int skip_fold) {
    std::vector<LogisticSample> out;
    for (size_t i = 0; i < sets.size(); ++i) {
        std::vector<const Signals*> taken;
        for (const auto* v : {&sets[i], &extra[i]})
            for (const Signals& s : *v)
                if (combiner_decides(s) && s.fold != skip_fold) taken.push_back(&s);
        for (const Signals* s : taken)
            out.push_back({s->x, s->label == PairClass::kMerge, per_set_weights ? 1.0 / static_cast<double>(taken.size()) : 1.0});
    }
    return out;
}

// One pair's signals (fold kEveryFold for a fit-only pair).
Signals signals_of(const GoldPair& p, const SignalEngine& engine, int fold) {
    const PreparedText a = engine.prepare(p.a.text), b = engine.prepare(p.b.text);
    const double sigma = engine.similarity(a, b);
    const PairFeatures f = engine.features(a, b, sigma);
    const bool context = p.a.scope.canonical() == p.b.scope.canonical() && p.a.validity.overlaps(p.b.validity) &&
                         p.b.authority >= p.a.authority;
    return {p.label, claim_key(p.a) == claim_key(p.b), engine.contradiction(a, b).contradicts(), context, f, feature_vector(f), fold};
}

// The grid over θ_merge, σ_lo and the threshold on the held-out scores in sets; ties keep the
// first, most conservative point (highest θ_merge and threshold, lowest σ_lo).
CvResult grid(const std::vector<std::vector<Signals>>& sets, double max_pooled, double max_per_set) {
    CvResult best;
    for (int th = 100; th >= 70; th -= 2)  // 1.00: σ alone merges only identical texts
        for (int lo = 4; lo <= 28; lo += 4)
            for (int tau = 99; tau >= 30; --tau) {
                double f1 = 0, worst = 0;
                size_t false_merges = 0, non_merge = 0, combiner_false = 0;
                std::vector<double> set_f1, set_fm;
                for (const auto& v : sets) {
                    GoldReport r;
                    for (const Signals& s : v)
                        ++r.confusion[static_cast<size_t>(s.label)][static_cast<size_t>(simulate(s, th / 100.0, lo / 100.0, tau / 100.0))];
                    score_confusion(r);
                    for (const Signals& s : v)  // merges only the combiner made (σ < θ_merge)
                        combiner_false += s.label != PairClass::kMerge && s.f.sigma < th / 100.0 &&
                                          simulate(s, th / 100.0, lo / 100.0, tau / 100.0) == PairClass::kMerge;
                    f1 += r.macro_f1;
                    worst = std::max(worst, r.false_merge);
                    false_merges += r.false_merges;
                    non_merge += r.non_merge;
                    set_f1.push_back(r.macro_f1);
                    set_fm.push_back(r.false_merge);
                }
                const double pooled = non_merge ? static_cast<double>(combiner_false) / static_cast<double>(non_merge) : 0;
                if (pooled > max_pooled || worst > max_per_set) break;  // a lower threshold only merges more
                f1 /= static_cast<double>(std::max<size_t>(1, sets.size()));
                if (f1 > best.macro_f1 + 1e-12) {
                    best.theta_merge = th / 100.0;
                    best.sigma_lo = lo / 100.0;
                    best.threshold = tau / 100.0;
                    best.macro_f1 = f1;
                    best.worst_false_merge = worst;
                    best.pooled_false_merge = pooled;
                    best.set_macro_f1 = set_f1;
                    best.set_false_merge = set_fm;
                }
            }
    return best;
}

// A stable fold per pair from its set and id.
int fold_of(const std::string& set, const std::string& id) {
    const Digest d = sha256(set + "\x1f" + id);
    return static_cast<int>(d[0] % kFolds);
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
                                     {"agent train gold", "meld_gold_train_agent.jsonl", true},
                                     {"agent train gold 2", "meld_gold_train_agent2.jsonl", true},
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
        if (auto r = load_snli_pairs(snli, kSnliFitOnlyPerClass, kSnliFitOnlySkip))
            s.fit_only.push_back({"SNLI dev derived 1-150", {"SNLI dev derived 301-1300 (fit only)", std::move(r).value()}});
    }
    const std::set<TextPair> test = text_pairs(s.test);
    for (NamedPairs& t : s.train) std::erase_if(t.pairs, [&](const GoldPair& p) { return test.count(unordered(p)) > 0; });
    std::set<std::string> test_sentences;
    for (const NamedPairs& t : s.test)
        for (const GoldPair& p : t.pairs) test_sentences.insert({p.a.text, p.b.text});
    for (FitOnlyPairs& f : s.fit_only)
        std::erase_if(f.pairs.pairs, [&](const GoldPair& p) { return test_sentences.count(p.a.text) || test_sentences.count(p.b.text); });
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

OperatingPoint fit_operating_point(const std::vector<NamedPairs>& train, const SignalEngine& engine,
                                   const std::vector<FitOnlyPairs>& fit_only, double max_pooled, double max_per_set) {
    std::vector<std::vector<Signals>> sets, extra(train.size());
    for (const NamedPairs& named : train) {
        std::vector<Signals> v;
        for (const GoldPair& p : named.pairs) v.push_back(signals_of(p, engine, fold_of(named.name, p.id)));
        sets.push_back(std::move(v));
    }
    for (const FitOnlyPairs& f : fit_only)
        for (size_t i = 0; i < train.size(); ++i)
            if (train[i].name == f.joins)
                for (const GoldPair& p : f.pairs.pairs) extra[i].push_back(signals_of(p, engine, kEveryFold));
    OperatingPoint out;
    CvResult chosen;
    for (int weighting = 0; weighting < 2; ++weighting)
        for (double l2 : {0.01, 0.1, 1.0, 10.0}) {
            for (int k = 0; k < kFolds; ++k) {
                const LogisticModel m = fit_logistic(samples(sets, extra, weighting == 1, k), l2);
                for (auto& v : sets)
                    for (Signals& s : v)
                        if (s.fold == k) s.p = m.probability(s.x);
            }
            CvResult r = grid(sets, max_pooled, max_per_set);
            r.l2 = l2;
            r.per_set_weights = weighting == 1;
            out.cv.push_back(r);
            if (r.macro_f1 > chosen.macro_f1 + 1e-12) chosen = r;
        }
    const LogisticModel m = fit_logistic(samples(sets, extra, chosen.per_set_weights, -1), chosen.l2);
    out.thresholds = lexical_default_thresholds();
    out.thresholds.theta_merge = chosen.theta_merge;
    out.thresholds.sigma_lo = chosen.sigma_lo;
    out.combiner.enabled = true;
    out.combiner.weights = m.weights;
    out.combiner.bias = m.bias;
    out.combiner.threshold = chosen.threshold;
    out.train_macro_f1 = chosen.macro_f1;
    out.train_false_merge = chosen.worst_false_merge;
    out.chosen = chosen;
    return out;
}

}  // namespace bm::meld
