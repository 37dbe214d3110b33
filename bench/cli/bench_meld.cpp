// `beliefmerge bench convergence`: the MELD status-CRDT convergence tables (meld-gold: bench_meld_gold.cpp).
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bench/meld/convergence.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/meld_providers.h"

namespace bm::cli {

using namespace bm::meld;

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
