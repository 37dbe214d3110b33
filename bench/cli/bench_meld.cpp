// `beliefmerge bench meld-gold|convergence`: the MELD merge-classification and convergence tables.
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bench/meld/convergence.h"
#include "bench/meld/gold.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/meld_providers.h"

namespace bm::cli {

using namespace bm::meld;

namespace {


std::string f3(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

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

}  // namespace

int bench_meld_gold(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    QCommandLineOption pairs_opt(QStringLiteral("pairs"), QStringLiteral("Gold pairs (default meld_gold_dev.jsonl of the bench data)."),
                                 QStringLiteral("FILE"));
    QCommandLineOption provider_opt(QStringLiteral("provider"), QStringLiteral("Signal provider (default lexical)."),
                                    QStringLiteral("NAME"), QStringLiteral("lexical"));
    QCommandLineOption thresholds_opt(QStringLiteral("thresholds"),
                                      QStringLiteral("Thresholds JSON from `meld calibrate` (default: the provider's)."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption data_opt = bench_data_option();
    QCommandLineOption shared_opt(QStringLiteral("shared"),
                                  QStringLiteral("Public data (sts/stsb_dev.tsv, nli/snli_dev.tsv) for the derived sets; "
                                                 "without it only the dev gold set runs."),
                                  QStringLiteral("DIR"));
    parser.addOption(json_opt);
    parser.addOption(pairs_opt);
    parser.addOption(data_opt);
    parser.addOption(shared_opt);
    parser.addOption(provider_opt);
    parser.addOption(thresholds_opt);
    auto p = parse(parser, args,
                   QStringLiteral("Merge classification of the lexical provider on the development gold set and on\n"
                                  "STS-B / SNLI dev derived pairs: per-class P/R/F1, macro-F1, false-merge rate (95%\n"
                                  "Wilson interval), merge-vs-rest AUC, and the ablation ladder."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    const std::string gold_path =
        parser.isSet(pairs_opt) ? to_std(parser.value(pairs_opt))
                                : bench_data_dir(parser.value(data_opt)) + "/meld_gold_dev.jsonl";
    auto gold = load_gold_pairs(gold_path);
    if (!gold) {
        print_err("beliefmerge bench meld-gold: " + gold.error().to_string() + "\n");
        return kUsage;
    }
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
    const auto& engine = provider.engine;
    const Thresholds t = provider.thresholds;
    nlohmann::json out = {{"provider", engine->identity()}, {"thresholds", t.to_json()},
                          {"derivation", "STS-B dev: score >= 4.6 merge, 2.0-3.6 relate, <= 0.4 no-relation; SNLI dev: "
                                         "contradiction -> conflict, entailment -> relate; first 150 of each class in file "
                                         "order, every claim in scope corpus:public (docs/meld.md)"},
                          {"paper", {{"macro_f1", 0.845}, {"false_merge", 0.013}, {"auc_merge", 0.968},
                                     {"ladder", {{"kappa only", 0.100}, {"kappa+sigma", 0.315}, {"kappa+sigma+chi", 0.845}}},
                                     {"conflict_recall_gated_on_theta_merge", 0.23}}}};
    struct Rung {
        const char* name;
        Gates gates;
    };
    Gates kappa_only, no_chi, on_theta;
    kappa_only.sigma = false;
    kappa_only.inference = false;
    no_chi.inference = false;
    on_theta.conflict_at_sigma_lo = false;
    const Rung ladder[] = {{"kappa only", kappa_only}, {"kappa+sigma", no_chi}, {"kappa+sigma+chi", Gates{}},
                           {"conflict gated on theta_merge", on_theta}};
    std::vector<std::pair<std::string, std::vector<GoldPair>>> sets = {{"dev gold", *gold}};
    const std::string shared = to_std(parser.value(shared_opt));
    if (!shared.empty()) {
        if (auto sts = load_stsb_pairs(shared + "/sts/stsb_dev.tsv", 150); sts.ok()) sets.push_back({"STS-B dev derived", *sts});
        if (auto snli = load_snli_pairs(shared + "/nli/snli_dev.tsv", 150); snli.ok()) sets.push_back({"SNLI dev derived", *snli});
    }
    std::string table = "machine: see `uname -a`; provider " + engine->identity() + "\n\n";
    table += "| set | pairs | macro-F1 | false-merge [95% Wilson] | AUC merge | merge P/R/F1 | relate P/R/F1 | conflict P/R/F1 | "
             "no-relation P/R/F1 |\n";
    table += "|---|---:|---:|---|---:|---|---|---|---|\n";
    nlohmann::json sets_json = nlohmann::json::object();
    for (const auto& [name, pairs] : sets) {
        GoldReport r = evaluate_gold(pairs, engine, t, Gates{});
        sets_json[name] = report_json(r);
        table += "| " + name + " | " + std::to_string(r.pairs) + " | " + f3(r.macro_f1) + " | " + f3(r.false_merge) + " (" +
                 std::to_string(r.false_merges) + "/" + std::to_string(r.non_merge) + ") [" + f3(r.false_merge_lo) + ", " +
                 f3(r.false_merge_hi) + "] | " + (r.per_class[0].support && r.non_merge ? f3(r.auc_merge) : std::string("-"));
        for (size_t c = 0; c < kPairClassCount; ++c)
            table += " | " + (r.per_class[c].support ? f3(r.per_class[c].precision) + "/" + f3(r.per_class[c].recall) + "/" +
                                                           f3(r.per_class[c].f1)
                                                     : std::string("-"));
        table += " |\n";
    }
    out["sets"] = sets_json;
    table += "\nablation ladder (paper, MiniLM + NLI: kappa only 0.100, kappa+sigma 0.315, kappa+sigma+chi 0.845; conflict "
             "recall gated on theta_merge 0.23):\n\n| set | rung | macro-F1 | false-merge | conflict recall |\n|---|---|---:|---:|---:|\n";
    nlohmann::json ladder_json = nlohmann::json::array();
    for (const auto& [name, pairs] : sets)
        for (const Rung& rung : ladder) {
            GoldReport r = evaluate_gold(pairs, engine, t, rung.gates);
            ladder_json.push_back({{"set", name}, {"rung", rung.name}, {"macro_f1", r.macro_f1}, {"false_merge", r.false_merge},
                                   {"conflict_recall", r.per_class[2].recall}});
            table += "| " + name + " | " + rung.name + " | " + f3(r.macro_f1) + " | " + f3(r.false_merge) + " | " +
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

int bench_convergence(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    QCommandLineOption orderings_opt(QStringLiteral("orderings"), QStringLiteral("Orderings per experiment (default 200)."),
                                     QStringLiteral("N"), QStringLiteral("200"));
    parser.addOption(json_opt);
    parser.addOption(orderings_opt);
    auto p = parse(parser, args,
                   QStringLiteral("Status-CRDT convergence: contested lifecycle vs last-writer-wins, partition x reorder\n"
                                  "sweep, reject race, lossy routing with/without the digest, and merge-graph order\n"
                                  "sensitivity with/without canonical re-adjudication (seeded, in-process)."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    const size_t n = static_cast<size_t>(std::max(1, parser.value(orderings_opt).toInt()));
    nlohmann::json out;
    std::string md;
    const LifecycleResult life = contested_lifecycle(n);
    out["contested_lifecycle"] = {{"orderings", life.orderings}, {"claims", life.claims}, {"links", life.links},
                                  {"crdt_agreement", life.crdt.agreement}, {"crdt_distinct", life.crdt.distinct},
                                  {"lww_agreement", life.lww.agreement}, {"lww_distinct", life.lww.distinct},
                                  {"paper", {{"crdt_agreement", 1.0}, {"lww_agreement", 0.085}, {"lww_distinct", 24}}}};
    md += "contested lifecycle (" + std::to_string(n) + " orderings): CRDT agreement " + f3(life.crdt.agreement) + " (" +
          std::to_string(life.crdt.distinct) + " map), last-writer-wins " + f3(life.lww.agreement) + " (" +
          std::to_string(life.lww.distinct) + " distinct maps); paper: CRDT 1.000, LWW 0.085 (24 maps)\n\n";
    md += "| partition duration | reorder | CRDT modal agreement | LWW modal agreement | LWW distinct |\n|---:|---:|---:|---:|---:|\n";
    nlohmann::json sweep = nlohmann::json::array();
    for (const SweepCell& c : partition_reorder_sweep(n)) {
        sweep.push_back({{"duration", c.duration}, {"reorder", c.reorder}, {"crdt_agreement", c.crdt.agreement},
                         {"lww_agreement", c.lww.agreement}, {"lww_distinct", c.lww.distinct}});
        md += "| " + std::to_string(c.duration) + " | " + f3(c.reorder) + " | " + f3(c.crdt.agreement) + " | " +
              f3(c.lww.agreement) + " | " + std::to_string(c.lww.distinct) + " |\n";
    }
    out["partition_reorder"] = sweep;
    const RejectRaceResult race = reject_race(n);
    out["reject_race"] = {{"orderings", race.orderings}, {"read_time_agree", race.read_time_agree},
                          {"read_time_outcome", race.read_time_outcome}, {"admission_overruled", race.admission_overruled},
                          {"admission_revoked", race.admission_revoked}, {"admission_other", race.admission_other},
                          {"paper", {{"read_time_agree", 200}, {"admission_split", {101, 99}}}}};
    md += "\nreject race: read-time gate " + std::to_string(race.read_time_agree) + "/" + std::to_string(n) + " " +
          race.read_time_outcome + "; admission-time gate " + std::to_string(race.admission_overruled) + " overruled / " +
          std::to_string(race.admission_revoked) + " revoked (paper: 200/200; admission-time 101/99)\n\n";
    const LossResult loss = lossy_routing({0.0, 0.003, 0.01, 0.05, 0.1}, 5);
    md += "lossy routing (" + std::to_string(loss.brains) + " brains, " + std::to_string(loss.claims) + " claims, " +
          std::to_string(loss.links) + " links, seeds 0-4):\n\n| loss | agreement without digest | distinct maps | with digest (1 round) | links repaired | bytes per round | rounds |\n|---:|---:|---:|---:|---:|---:|---:|\n";
    nlohmann::json loss_json = nlohmann::json::array();
    for (const LossRow& r : loss.rows) {
        loss_json.push_back({{"loss", r.loss}, {"agreement_without", r.agreement_without},
                             {"distinct_maps_without", r.distinct_maps_without}, {"agreement_with", r.agreement_with},
                             {"links_repaired", r.links_repaired}, {"bytes_per_round", r.bytes_per_round},
                             {"rounds", r.rounds}});
        md += "| " + f3(r.loss) + " | " + f3(r.agreement_without) + " | " + f3(r.distinct_maps_without) + " | " +
              f3(r.agreement_with) + " | " + f3(r.links_repaired) + " | " + std::to_string(static_cast<long>(r.bytes_per_round)) +
              " | " + std::to_string(r.rounds) + " |\n";
    }
    out["lossy_routing"] = {{"brains", loss.brains}, {"claims", loss.claims}, {"links", loss.links}, {"seeds", loss.seeds},
                            {"rows", loss_json},
                            {"paper", {{"without_at_0.003", 0.967}, {"without_at_0.1", 0.117}, {"with_digest", 1.0}}}};
    md += "paper: without digest 0.967 at 0.3% loss, 0.117 at 10%; with digest 1.000 after one round\n";
    auto engine = std::make_shared<SignalEngine>(std::make_shared<LexicalProvider>(LexicalProvider::create()));
    const OrderSensitivityResult order = order_sensitivity(engine, n);
    out["order_sensitivity"] = {{"orderings", order.orderings}, {"claims", order.claims},
                                {"distinct_without", order.distinct_without},
                                {"largest_cluster_without", order.largest_cluster_without},
                                {"distinct_with", order.distinct_with},
                                {"paper", {{"distinct_without", 177}, {"orderings", 200}}}};
    md += "\nmerge-graph order sensitivity (" + std::to_string(order.claims) + " claims, " + std::to_string(n) +
          " orderings): distinct fingerprints without canonical re-adjudication " + std::to_string(order.distinct_without) +
          " (largest cluster " + std::to_string(order.largest_cluster_without) + "), with it " +
          std::to_string(order.distinct_with) + " (paper: 177/200 without; no canonical re-adjudication in the paper)\n";
    print_out(parser.isSet(json_opt) ? out.dump(2) + "\n" : md);
    return life.crdt.agreement == 1.0 && order.distinct_with == 1 ? kOk : kFailed;
}

}  // namespace bm::cli
