// `beliefmerge bench meld-gold`: MELD merge classification on training and test sets side by side (#18),
// and `--fit`, which refits the lexical operating point on the training sets only.
#include <fstream>
#include <nlohmann/json.hpp>

#include "bench/meld/fit.h"
#include "bench/meld/gold.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/meld_providers.h"

namespace bm::cli {

using namespace bm::meld;

namespace {

nlohmann::json report_json(const GoldReport& r) {
    nlohmann::json classes = nlohmann::json::object();
    for (size_t c = 0; c < kPairClassCount; ++c)
        classes[pair_class_name(static_cast<PairClass>(c))] = {{"precision", r.per_class[c].precision},
                                                                {"recall", r.per_class[c].recall},
                                                                {"f1", r.per_class[c].f1},
                                                                {"support", r.per_class[c].support}};
    return {{"pairs", r.pairs},
            {"classes", classes},
            {"macro_f1", r.macro_f1},
            {"false_merge", r.false_merge},
            {"false_merge_ci95", {r.false_merge_lo, r.false_merge_hi}},
            {"false_merges", r.false_merges},
            {"non_merge_pairs", r.non_merge},
            {"auc_merge", r.per_class[0].support && r.non_merge ? nlohmann::json(r.auc_merge) : nlohmann::json()},
            {"hard_accuracy", r.hard_accuracy},
            {"confusion", r.confusion}};
}

std::string recall_cell(const GoldReport& r, size_t c) {
    return r.per_class[c].support ? f3(r.per_class[c].recall) : std::string("-");
}

std::string set_row(const std::string& name, const char* split, const GoldReport& r) {
    std::string row = "| " + name + " | " + split + " | " + std::to_string(r.pairs) + " | " + f3(r.macro_f1) + " | " +
                      f3(r.false_merge) + " (" + std::to_string(r.false_merges) + "/" + std::to_string(r.non_merge) + ") [" +
                      f3(r.false_merge_lo) + ", " + f3(r.false_merge_hi) + "]";
    for (size_t c = 0; c < kPairClassCount; ++c) row += " | " + recall_cell(r, c);
    return row + " |\n";
}

// Mean macro-F1, worst false-merge and pooled merge recall over one split's sets.
struct SplitSummary {
    double mean_f1 = 0, worst_false_merge = 0, merge_recall = 0;
};

SplitSummary summarise(const std::vector<GoldReport>& reports) {
    SplitSummary s;
    GoldReport pooled;
    for (const GoldReport& r : reports) {
        s.mean_f1 += r.macro_f1 / static_cast<double>(reports.size());
        s.worst_false_merge = std::max(s.worst_false_merge, r.false_merge);
        for (size_t i = 0; i < kPairClassCount; ++i)
            for (size_t j = 0; j < kPairClassCount; ++j) pooled.confusion[i][j] += r.confusion[i][j];
    }
    score_confusion(pooled);
    s.merge_recall = pooled.per_class[0].recall;
    return s;
}

int print_fit(const GoldSplits& splits, const SignalEngine& engine, bool json) {
    const OperatingPoint op = fit_operating_point(splits.train, engine, splits.fit_only);
    nlohmann::json features = nlohmann::json::array(), weights = nlohmann::json::array(), cv = nlohmann::json::array();
    for (size_t i = 0; i < kPairFeatureCount; ++i) {
        features.push_back(kPairFeatureNames[i]);
        weights.push_back(op.combiner.weights[i]);
    }
    for (const CvResult& r : op.cv)
        cv.push_back({{"l2", r.l2}, {"weights", r.per_set_weights ? "per set" : "per pair"}, {"theta_merge", r.theta_merge},
                      {"sigma_lo", r.sigma_lo}, {"threshold", r.threshold}, {"heldout_mean_macro_f1", r.macro_f1},
                      {"heldout_worst_false_merge", r.worst_false_merge}, {"heldout_combiner_false_merge", r.pooled_false_merge}});
    nlohmann::json per_set = nlohmann::json::object();
    for (size_t i = 0; i < splits.train.size() && i < op.chosen.set_macro_f1.size(); ++i)
        per_set[splits.train[i].name] = {{"heldout_macro_f1", op.chosen.set_macro_f1[i]},
                                         {"heldout_false_merge", op.chosen.set_false_merge[i]}};
    nlohmann::json out = {{"provider", engine.identity()},
                          {"train_sets", nlohmann::json::array()},
                          {"fit_only_sets", nlohmann::json::array()},
                          {"theta_merge", op.thresholds.theta_merge},
                          {"sigma_lo", op.thresholds.sigma_lo},
                          {"combiner", {{"features", features}, {"weights", weights}, {"bias", op.combiner.bias},
                                        {"threshold", op.combiner.threshold}, {"identity", op.combiner.identity()}}},
                          {"cross_validation", cv},
                          {"train_heldout_sets", per_set},
                          {"train_heldout_mean_macro_f1", op.train_macro_f1},
                          {"train_heldout_combiner_false_merge", op.chosen.pooled_false_merge},
                          {"train_heldout_worst_false_merge", op.train_false_merge}};
    for (const NamedPairs& s : splits.train) out["train_sets"].push_back(s.name + " (" + std::to_string(s.pairs.size()) + ")");
    for (const FitOnlyPairs& f : splits.fit_only)
        out["fit_only_sets"].push_back(f.pairs.name + " (" + std::to_string(f.pairs.pairs.size()) + ", joins " + f.joins + ")");
    std::string text = out.dump(2) + "\n";
    if (!json)
        text += "Paste theta_merge and sigma_lo into lexical_default_thresholds() (core/meld/thresholds.cpp) and the combiner\n"
                "into fitted_merge_combiner() (core/meld/merge_combiner.cpp), then rerun bench meld-gold.\n";
    print_out(text);
    return kOk;
}

// What the merge combiner made of a pair: the guard that stopped it, or its probability.
std::string combiner_column(const SignalEngine& engine, const GoldPair& p, double sigma) {
    const PairFeatures f = engine.features(engine.prepare(p.a.text), engine.prepare(p.b.text), sigma);
    if (!f.values_agree) return "guard:values";
    if (f.value_swap) return "guard:value_swap";
    if (f.nominal_swap) return "guard:nominal_swap";
    return "p=" + f3(engine.combiner().probability(f));
}

// The training sets' misclassified pairs, one TSV line each; test sets are never listed.
int print_train_errors(const GoldSplits& splits, const std::shared_ptr<const SignalEngine>& engine, const Thresholds& t) {
    std::string text = "set\tid\tgold\tpredicted\trule\tsigma\tchi\tcombiner\ta\tb\n";
    for (const NamedPairs& s : splits.train) {
        std::vector<PairOutcome> outcomes;
        (void)evaluate_gold(s.pairs, engine, t, Gates{}, &outcomes);
        for (const PairOutcome& o : outcomes)
            if (o.predicted != o.pair->label)
                text += s.name + "\t" + o.pair->id + "\t" + pair_class_name(o.pair->label) + "\t" +
                        pair_class_name(o.predicted) + "\t" + o.rule + "\t" + f3(o.sigma) + "\t" + o.chi_rule + "\t" +
                        combiner_column(*engine, *o.pair, o.sigma) + "\t" + o.pair->a.text + "\t" + o.pair->b.text + "\n";
    }
    print_out(text);
    return kOk;
}

}  // namespace

int bench_meld_gold(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    QCommandLineOption fit_opt(QStringLiteral("fit"),
                               QStringLiteral("Refit the merge combiner, theta_merge and sigma_lo on the training sets only "
                                              "and print them (needs --shared for the full training data)."));
    QCommandLineOption pairs_opt(QStringLiteral("pairs"), QStringLiteral("Evaluate only these gold pairs (a test set)."),
                                 QStringLiteral("FILE"));
    QCommandLineOption provider_opt(QStringLiteral("provider"), QStringLiteral("Signal provider (default lexical)."),
                                    QStringLiteral("NAME"), QStringLiteral("lexical"));
    QCommandLineOption thresholds_opt(QStringLiteral("thresholds"),
                                      QStringLiteral("Thresholds JSON from `meld calibrate` (default: the provider's)."),
                                      QStringLiteral("FILE"));
    QCommandLineOption errors_opt(QStringLiteral("train-errors"),
                                  QStringLiteral("List the misclassified training pairs (never a test pair) as TSV: set, id, "
                                                 "gold, predicted, rule, sigma, contradiction rule, a, b."));
    const QCommandLineOption data_opt = bench_data_option();
    QCommandLineOption shared_opt(QStringLiteral("shared"),
                                  QStringLiteral("Public data (sts/stsb_train.tsv, sts/stsb_dev.tsv, nli/snli_dev.tsv) for the "
                                                 "derived sets; without it only the gold files run."),
                                  QStringLiteral("DIR"));
    for (const QCommandLineOption* o : std::initializer_list<const QCommandLineOption*>{&json_opt, &fit_opt, &errors_opt, &pairs_opt, &data_opt, &shared_opt, &provider_opt, &thresholds_opt})
        parser.addOption(*o);
    auto p = parse(parser, args,
                   QStringLiteral("Merge classification through the MELD procedure on training sets (what the lexical\n"
                                  "operating point is fitted on) and test sets (never fitted on), side by side: macro-F1,\n"
                                  "per-class recall, false-merge rate (95% Wilson interval), the train/test gap, and the\n"
                                  "ablation ladder on the test sets."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    MeldProvider provider = meld_provider(to_std(parser.value(provider_opt)));
    if (!provider.engine) {
        print_err("beliefmerge bench meld-gold: " + provider.why + "\n");
        return kUsage;
    }
    if (parser.isSet(thresholds_opt)) {
        const std::string file = to_std(parser.value(thresholds_opt));
        std::ifstream in(file);
        auto j = nlohmann::json::parse(in, nullptr, false);
        auto t = Thresholds::from_json(j, file);
        if (!in || !t) {
            print_err("beliefmerge bench meld-gold: " + (t ? file + ": cannot read" : t.error().to_string()) + "\n");
            return kUsage;
        }
        provider.thresholds = *t;
    }
    GoldSplits splits;
    if (parser.isSet(pairs_opt)) {
        auto gold = load_gold_pairs(to_std(parser.value(pairs_opt)));
        if (!gold) {
            print_err("beliefmerge bench meld-gold: " + gold.error().to_string() + "\n");
            return kUsage;
        }
        splits.test.push_back({"given pairs", *gold});
    } else {
        auto loaded = load_gold_splits(bench_data_dir(parser.value(data_opt)), to_std(parser.value(shared_opt)));
        if (!loaded) {
            print_err("beliefmerge bench meld-gold: " + loaded.error().to_string() + "\n");
            return kUsage;
        }
        splits = std::move(loaded).value();
    }
    if (const auto overlap = split_overlaps(splits); !overlap.empty()) {
        print_err("beliefmerge bench meld-gold: a test pair is in training (" + overlap.front() + ")\n");
        return kFailed;
    }
    if (parser.isSet(fit_opt)) {
        if (!dynamic_cast<const LexicalProvider*>(&provider.engine->provider())) {
            print_err("beliefmerge bench meld-gold: --fit fits the lexical provider only\n");
            return kUsage;
        }
        return print_fit(splits, *provider.engine, parser.isSet(json_opt));
    }
    if (parser.isSet(errors_opt)) return print_train_errors(splits, provider.engine, provider.thresholds);
    const auto& engine = provider.engine;
    const Thresholds t = provider.thresholds;
    nlohmann::json out = {{"provider", engine->identity()}, {"thresholds", t.to_json()}, {"skipped", splits.skipped},
                          {"derivation", "STS-B: score >= 4.6 merge, 2.0-3.6 relate, <= 0.4 no-relation (train: first 300 "
                                         "per class of stsb_train.tsv; test: first 150 per class of stsb_dev.tsv); SNLI dev: "
                                         "contradiction -> conflict, entailment -> relate (train: first 150 per class; test: "
                                         "the next 150); derived claims in scope corpus:public (docs/meld.md)"}};
    std::string table = "provider " + engine->identity() + "; theta_merge " + f3(t.theta_merge) + ", sigma_lo " +
                        f3(t.sigma_lo) + "\n\n| set | split | pairs | macro-F1 | false-merge [95% Wilson] | merge R | "
                        "relate R | conflict R | no-relation R |\n|---|---|---:|---:|---|---:|---:|---:|---:|\n";
    nlohmann::json sets_json = nlohmann::json::object();
    std::vector<GoldReport> train_reports, test_reports;
    for (const auto* split : {&splits.train, &splits.test})
        for (const NamedPairs& s : *split) {
            GoldReport r = evaluate_gold(s.pairs, engine, t, Gates{});
            const char* role = split == &splits.train ? "train" : "test";
            sets_json[s.name] = report_json(r);
            sets_json[s.name]["split"] = role;
            table += set_row(s.name, role, r);
            (split == &splits.train ? train_reports : test_reports).push_back(r);
        }
    out["sets"] = sets_json;
    const SplitSummary tr = summarise(train_reports), te = summarise(test_reports);
    out["summary"] = {{"train", {{"mean_macro_f1", tr.mean_f1}, {"worst_false_merge", tr.worst_false_merge}, {"merge_recall", tr.merge_recall}}},
                      {"test", {{"mean_macro_f1", te.mean_f1}, {"worst_false_merge", te.worst_false_merge}, {"merge_recall", te.merge_recall}}},
                      {"gap_macro_f1", tr.mean_f1 - te.mean_f1}};
    if (!train_reports.empty())
        table += "\n| over the split's sets | train | test | gap (train - test) |\n|---|---:|---:|---:|\n"
                 "| mean macro-F1 | " + f3(tr.mean_f1) + " | " + f3(te.mean_f1) + " | " + f3(tr.mean_f1 - te.mean_f1) +
                 " |\n| worst false-merge | " + f3(tr.worst_false_merge) + " | " + f3(te.worst_false_merge) + " | " +
                 f3(tr.worst_false_merge - te.worst_false_merge) + " |\n| merge recall (pooled) | " + f3(tr.merge_recall) +
                 " | " + f3(te.merge_recall) + " | " + f3(tr.merge_recall - te.merge_recall) + " |\n";
    for (const std::string& s : splits.skipped) table += "\nskipped: " + s + "\n";
    Gates kappa_only, no_chi, on_theta;
    kappa_only.sigma = false;
    kappa_only.inference = false;
    no_chi.inference = false;
    on_theta.conflict_at_sigma_lo = false;
    const std::pair<const char*, Gates> ladder[] = {{"kappa only", kappa_only}, {"kappa+sigma", no_chi},
                                                    {"kappa+sigma+chi", Gates{}}, {"conflict gated on theta_merge", on_theta}};
    table += "\nablation ladder on the test sets (paper, MiniLM + NLI: kappa only 0.100, kappa+sigma 0.315, kappa+sigma+chi "
             "0.845):\n\n| set | rung | macro-F1 | false-merge | conflict recall |\n|---|---|---:|---:|---:|\n";
    nlohmann::json ladder_json = nlohmann::json::array();
    for (const NamedPairs& s : splits.test)
        for (const auto& [rung, gates] : ladder) {
            GoldReport r = evaluate_gold(s.pairs, engine, t, gates);
            ladder_json.push_back({{"set", s.name}, {"rung", rung}, {"macro_f1", r.macro_f1}, {"false_merge", r.false_merge},
                                   {"conflict_recall", r.per_class[2].recall}});
            table += "| " + s.name + " | " + rung + " | " + f3(r.macro_f1) + " | " + f3(r.false_merge) + " | " +
                     f3(r.per_class[2].recall) + " |\n";
        }
    out["ablation"] = ladder_json;
    if (const std::string failed = http_failures(*engine); !failed.empty()) {
        print_err("beliefmerge bench meld-gold: " + failed + "; no figures printed (fix the endpoint and rerun)\n");
        return kFailed;
    }
    print_out(parser.isSet(json_opt) ? out.dump(2) + "\n" : table);
    return kOk;
}

}  // namespace bm::cli
