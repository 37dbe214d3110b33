// `beliefmerge bench partition-heal`: the status CRDT against last-writer-wins over a real 3-node
// nats-server cluster with one node stopped during the writes (bench/meld/partition_heal.h, docs/meld.md).
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "bench/common/machine.h"
#include "bench_commands.h"
#include "bench_hotpotqa.h"
#include "cli/cli_common.h"
#if BM_HAVE_NATS
#include "bench/meld/partition_heal.h"
#endif

namespace bm::cli {

#if BM_HAVE_NATS
using namespace bm::meld;

namespace {

// Nearest-rank percentile of `v` (p in (0, 1]).
double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t rank = static_cast<size_t>(std::ceil(p * static_cast<double>(v.size())));
    return v[std::min(v.size(), std::max<size_t>(rank, 1)) - 1];
}

}  // namespace

int bench_partition_heal(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    QCommandLineOption trials_opt(QStringLiteral("trials"), QStringLiteral("Trials (default 30)."), QStringLiteral("N"),
                                  QStringLiteral("30"));
    QCommandLineOption seed_opt(QStringLiteral("seed"), QStringLiteral("Seed of the writes (default 1)."), QStringLiteral("S"),
                                QStringLiteral("1"));
    parser.addOption(json_opt);
    parser.addOption(trials_opt);
    parser.addOption(seed_opt);
    auto p = parse(parser, args,
                   QStringLiteral("MELD partition-heal: a real 3-node `nats-server -js` cluster on loopback, started here; three\n"
                                  "brains, each on NatsTransport to its own node, write concurrent conflicting claims and status\n"
                                  "links (a reject race on one claim) while one node is stopped by its pid (SIGSTOP), then it\n"
                                  "resumes. Per trial: status-CRDT agreement vs last-writer-wins over the same deliveries, time\n"
                                  "from heal to agreement, bytes on the wire, deltas lost or stored twice."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    bool trials_ok = false, seed_ok = false;
    const int trials = parser.value(trials_opt).toInt(&trials_ok);
    const qulonglong seed = parser.value(seed_opt).toULongLong(&seed_ok);
    if (!trials_ok || trials < 1 || !seed_ok) {
        print_err("beliefmerge bench partition-heal: --trials must be a positive integer and --seed a non-negative integer\n");
        return kUsage;
    }
    PartitionHealOptions options;
    options.trials = static_cast<size_t>(trials);
    options.seed = seed;
    const std::string load_before = bm::bench::load_average();
    const auto r = partition_heal(options, [](const PartitionHealTrial& t) {
        print_err("trial " + std::to_string(t.trial) + ": " + (t.crdt_agree ? "agree" : "DISAGREE (" + t.note + ")") + " after " +
                  num(t.converge_ms, 0) + " ms (isolated brain's queue published after " + num(t.republished_ms, 0) + " ms; A, B, C caught up after " +
                  num(t.caught_up_ms[0], 0) + ", " + num(t.caught_up_ms[1], 0) + ", " + num(t.caught_up_ms[2], 0) + " ms)\n");
    });
    if (!r.ok()) {
        print_err("beliefmerge bench partition-heal: " + r.error().to_string() + "\n");
        return kFailed;
    }
    const std::string load_after = bm::bench::load_average();

    size_t crdt = 0, lww = 0, lost = 0, duplicated = 0, redelivered = 0, retries = 0, direct = 0;
    std::vector<double> converge, bytes;
    nlohmann::json rows = nlohmann::json::array();
    std::string table =
        "| trial | isolated | claims | links | CRDT agrees | LWW agrees | LWW maps | converge ms | republished ms | wire bytes | stream msgs | "
        "lost | duplicated | redelivered | publish retries | direct reads |\n|---:|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const PartitionHealTrial& t : r->trials) {
        crdt += t.crdt_agree;
        lww += t.lww_agree;
        lost += t.lost;
        duplicated += t.duplicated;
        redelivered += t.redelivered;
        retries += t.publish_retries;
        direct += t.direct_reads;
        converge.push_back(t.converge_ms);
        bytes.push_back(static_cast<double>(t.wire_bytes));
        const std::string node = std::string(1, static_cast<char>('A' + t.isolated));
        table += "| " + std::to_string(t.trial) + " | " + node + " | " + std::to_string(t.claims) + " | " + std::to_string(t.links) +
                 " | " + (t.crdt_agree ? "yes" : "NO") + " | " + (t.lww_agree ? "yes" : "no") + " | " +
                 std::to_string(t.lww_distinct) + " | " + num(t.converge_ms, 0) + " | " + num(t.republished_ms, 0) + " | " + std::to_string(t.wire_bytes) + " | " +
                 std::to_string(t.stream_messages) + " | " + std::to_string(t.lost) + " | " + std::to_string(t.duplicated) + " | " +
                 std::to_string(t.redelivered) + " | " + std::to_string(t.publish_retries) + " | " + std::to_string(t.direct_reads) + " |\n";
        rows.push_back({{"trial", t.trial}, {"isolated", node}, {"claims", t.claims}, {"links", t.links},
                        {"crdt_agree", t.crdt_agree}, {"lww_agree", t.lww_agree}, {"lww_distinct", t.lww_distinct},
                        {"converge_ms", rounded(t.converge_ms)}, {"republished_ms", rounded(t.republished_ms)},
                        {"caught_up_ms", {rounded(t.caught_up_ms[0]), rounded(t.caught_up_ms[1]), rounded(t.caught_up_ms[2])}}, {"note", t.note}, {"wire_bytes", t.wire_bytes},
                        {"stream_messages", t.stream_messages}, {"lost", t.lost}, {"duplicated", t.duplicated},
                        {"redelivered", t.redelivered}, {"publish_retries", t.publish_retries},
                        {"direct_reads", t.direct_reads}, {"verifications", t.verifications}});
    }
    const size_t n = r->trials.size();
    const double p50 = percentile(converge, 0.5), p99 = percentile(converge, 0.99);
    const bm::bench::Machine machine = bm::bench::describe_machine();
    nlohmann::json out = {{"machine", bm::bench::machine_line(machine)},
                          {"cpu_model", machine.cpu_model},
                          {"cores", machine.cores},
                          {"load_before", load_before},
                          {"load_after", load_after},
                          {"nats_server", r->nats_server},
                          {"cluster_start_s", rounded(r->cluster_start_s)},
                          {"trials", n},
                          {"seed", options.seed},
                          {"crdt_agree", crdt},
                          {"lww_agree", lww},
                          {"converge_ms_p50", rounded(p50)},
                          {"converge_ms_p99", rounded(p99)},
                          {"wire_bytes_p50", rounded(percentile(bytes, 0.5))},
                          {"lost", lost},
                          {"duplicated", duplicated},
                          {"redelivered", redelivered},
                          {"publish_retries", retries},
                          {"direct_reads", direct},
                          {"rows", rows}};
    std::string md = "machine: " + bm::bench::machine_line(machine) + "\nload (1/5/15 min): " + load_before + " before, " +
                     load_after + " after\n" + r->nats_server + ", 3 nodes on loopback (JetStream, stream replicas 3), started in " +
                     num(r->cluster_start_s, 1) + " s; seed " + std::to_string(options.seed) + "\n\n" + table;
    md += "\nCRDT agreement " + std::to_string(crdt) + "/" + std::to_string(n) + " trials; last-writer-wins (by arrival, same deliveries) " +
          std::to_string(lww) + "/" + std::to_string(n) + "; converge after heal p50 " + num(p50, 0) + " ms, p99 " + num(p99, 0) +
          " ms (nearest rank); wire bytes p50 " + num(percentile(bytes, 0.5), 0) + "; lost " + std::to_string(lost) +
          ", duplicated " + std::to_string(duplicated) + " (redeliveries absorbed by admission: " + std::to_string(redelivered) +
          "; publishes retried after the stop: " + std::to_string(retries) + "; read directly from the stream leader: " +
          std::to_string(direct) + ")\n";
    print_out(parser.isSet(json_opt) ? out.dump(2) + "\n" : md);
    return crdt == n && lost == 0 && duplicated == 0 ? kOk : kFailed;
}

#else

int bench_partition_heal(const QStringList&) {
    print_err("beliefmerge bench partition-heal: this build has no NATS client (libnats was not found at configure time)\n");
    return kFailed;
}

#endif

}  // namespace bm::cli
