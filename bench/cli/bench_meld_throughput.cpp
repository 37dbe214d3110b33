// `beliefmerge bench throughput`: MELD admissions per second, latency, index recall, and the sink
// live store under N-fold re-publication of one corpus.
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "bench/meld/gold.h"
#include "bench/meld/throughput.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/meld_providers.h"

namespace bm::cli {

using namespace bm::meld;

namespace {

std::string num(double v, int digits) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::vector<size_t> size_list(const QString& text) {
    std::vector<size_t> out;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qulonglong v = part.trimmed().toULongLong(&ok);
        if (!ok || v == 0) return {};
        out.push_back(static_cast<size_t>(v));
    }
    return out;
}

std::string decisions_text(const std::map<std::string, size_t>& d) {
    std::string s;
    for (const auto& [name, n] : d) s += (s.empty() ? "" : " ") + name + "=" + std::to_string(n);
    return s;
}

// The 26 seed facts of the dev gold set (the a-side of its merge pairs), or a generated corpus.
// The seed facts of the dev gold set (the first text of each paraphrase pair).
Result<std::vector<std::string>> sink_corpus(const std::string& gold_path) {
    auto gold = load_gold_pairs(gold_path);
    if (!gold.ok()) return gold.error();
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const GoldPair& p : *gold)
        if (p.label == PairClass::kMerge && seen.insert(p.a.text).second) out.push_back(p.a.text);
    if (out.empty())
        return Error::invalid_input("no paraphrase (merge) pair to take seed facts from", Location{gold_path},
                                    "the sink experiment re-publishes the dev gold set's seed facts");
    return out;
}

}  // namespace

int bench_throughput(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    QCommandLineOption sizes_opt(QStringLiteral("sizes"), QStringLiteral("Active claims held before measuring (default 1000,10000,100000)."),
                                 QStringLiteral("N,N,..."), QStringLiteral("1000,10000,100000"));
    QCommandLineOption admissions_opt(QStringLiteral("admissions"), QStringLiteral("Admissions timed per size (default 4000)."),
                                      QStringLiteral("N"), QStringLiteral("4000"));
    QCommandLineOption sink_opt(QStringLiteral("sink-brains"), QStringLiteral("Brain counts of the sink experiment (default 1,2,4,8,16,32,64,128)."),
                                QStringLiteral("N,N,..."), QStringLiteral("1,2,4,8,16,32,64,128"));
    QCommandLineOption seed_opt(QStringLiteral("seed"), QStringLiteral("Workload seed (default 1)."), QStringLiteral("N"),
                                QStringLiteral("1"));
    QCommandLineOption limit_opt(QStringLiteral("index-limit"),
                                 QStringLiteral("Index candidates sigma is computed for per admission (default 64; 0: all)."),
                                 QStringLiteral("N"), QStringLiteral("64"));
    QCommandLineOption data_opt = bench_data_option();
    for (auto* o : {&json_opt, &sizes_opt, &admissions_opt, &sink_opt, &seed_opt, &limit_opt, &data_opt}) parser.addOption(*o);
    auto p = parse(parser, args,
                   QStringLiteral("MELD admission throughput with the lexical provider: admissions/s and latency p50/p99\n"
                                  "at each active-claim count through the candidate index (one delta at a time, and\n"
                                  "pipelined on a worker thread with the same Patches) and the exhaustive scan, the\n"
                                  "index's recall for candidates at sigma >= sigma_lo, and the sink live store while N\n"
                                  "brains re-publish one corpus. Target: >= 20,000 admissions/s at 10,000 active claims."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    ThroughputOptions options;
    options.sizes = size_list(parser.value(sizes_opt));
    const std::vector<size_t> sink_counts = size_list(parser.value(sink_opt));
    bool ok = false, seed_ok = false, limit_ok = false;
    options.admissions = parser.value(admissions_opt).toULongLong(&ok);
    options.seed = parser.value(seed_opt).toULongLong(&seed_ok);
    options.index_limit = parser.value(limit_opt).toULongLong(&limit_ok);
    if (options.sizes.empty() || sink_counts.empty() || !ok || options.admissions == 0 || !seed_ok || !limit_ok) {
        print_err("beliefmerge bench throughput: --sizes, --sink-brains and --admissions take positive integers, "
                  "--seed and --index-limit non-negative integers\n");
        return kUsage;
    }
    const std::string gold = bench_data_dir(parser.value(data_opt)) + "/meld_gold_dev.jsonl";
    const auto loaded = sink_corpus(gold);  // before the long runs: a missing file fails at once
    if (!loaded.ok()) {
        print_err("beliefmerge bench throughput: " + loaded.error().to_string() + "\n");
        return kFailed;
    }
    const std::vector<std::string>& corpus = *loaded;
    const MeldProvider provider = meld_provider("lexical");
    const auto& engine = provider.engine;
    options.thresholds = provider.thresholds;
    const ThroughputResult r = measure_throughput(engine, options);
    const std::vector<SinkRow> sink = sink_republish(engine, corpus, sink_counts);

    nlohmann::json out = {{"provider", engine->identity()},
                          {"thresholds", options.thresholds.to_json()},
                          {"seed", options.seed},
                          {"index_limit", options.index_limit},
                          {"target", {{"active", 10000}, {"admissions_per_second", 20000}}}};
    std::string md = "provider " + engine->identity() + "; workload seed " + std::to_string(options.seed) +
                     "; index limit " + std::to_string(options.index_limit) +
                     "; mix: novel 45%, paraphrase 25%, contradiction 15%, re-publication 15%\n\n";
    md += "| active claims | path | admissions | admissions/s (wall) | p50 µs | p99 µs | admissions/s (CPU) | CPU p50 µs | "
          "CPU p99 µs | candidates | σ computed | decisions |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    nlohmann::json rows = nlohmann::json::array();
    bool target_wall = false, target_cpu = false, target_pipelined = false, pipelined_same = true;
    for (const ThroughputRow& row : r.rows) {
        const nlohmann::json none;  // no per-admission latency on the pipelined path
        rows.push_back({{"active", row.active}, {"path", row.path}, {"admissions", row.admissions},
                        {"admissions_per_second", row.per_second},
                        {"p50_us", row.has_latency ? nlohmann::json(row.p50_us) : none},
                        {"p99_us", row.has_latency ? nlohmann::json(row.p99_us) : none},
                        {"cpu_admissions_per_second", row.cpu_per_second},
                        {"cpu_p50_us", row.has_latency ? nlohmann::json(row.cpu_p50_us) : none},
                        {"cpu_p99_us", row.has_latency ? nlohmann::json(row.cpu_p99_us) : none},
                        {"mean_candidates", row.mean_candidates}, {"mean_scored", row.mean_scored},
                        {"decisions", row.decisions}});
        if (row.same_patches) rows.back()["same_patches_as_one_by_one"] = *row.same_patches;
        auto latency = [&](double v) { return row.has_latency ? num(v, 1) : std::string("–"); };
        md += "| " + std::to_string(row.active) + " | " + row.path + " | " + std::to_string(row.admissions) + " | " +
              num(row.per_second, 0) + " | " + latency(row.p50_us) + " | " + latency(row.p99_us) + " | " +
              num(row.cpu_per_second, 0) + " | " + latency(row.cpu_p50_us) + " | " + latency(row.cpu_p99_us) + " | " +
              num(row.mean_candidates, 1) + " | " + num(row.mean_scored, 1) + " | " + decisions_text(row.decisions) +
              (row.same_patches ? (*row.same_patches ? "" : " (Patches DIFFER from one by one)") : "") + " |\n";
        if (row.same_patches) pipelined_same = pipelined_same && *row.same_patches;
        if (row.active == 10000 && row.path == "index") {
            target_wall = row.per_second >= 20000;
            target_cpu = row.cpu_per_second >= 20000;
        }
        if (row.active == 10000 && row.same_patches) target_pipelined = row.per_second >= 20000 && *row.same_patches;
    }
    md += "\nThe pipelined path is receive_all(): each delta's MAC check and text analysis, and each Patch's seal, on one\n"
          "worker thread beside the decide-and-apply; its CPU column counts both threads. Its Patches are compared, id by\n"
          "id, with the one-by-one path's on the same state. Candidates: active claims considered per admission (an\n"
          "exact-key hit whose target merges or conflicts needs no search and considers none).\n";
    out["rows"] = rows;
    md += "\nindex recall against the exhaustive scan (candidates at sigma >= sigma_lo, same state, same queries):\n\n"
          "| active claims | queries | candidates at sigma >= sigma_lo | found by index | recall | at sigma >= theta_merge: found | "
          "scan-best found | same decision and target |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    nlohmann::json recall = nlohmann::json::array();
    for (const RecallRow& row : r.recall) {
        recall.push_back({{"active", row.active}, {"queries", row.queries}, {"exhaustive_candidates", row.exhaustive_candidates},
                          {"index_found", row.index_found}, {"recall", row.recall},
                          {"decision_agreement", row.decision_agreement}, {"merge_candidates", row.merge_candidates},
                          {"merge_found", row.merge_found}, {"queries_with_candidates", row.with_best},
                          {"best_found", row.best_found}});
        md += "| " + std::to_string(row.active) + " | " + std::to_string(row.queries) + " | " +
              std::to_string(row.exhaustive_candidates) + " | " + std::to_string(row.index_found) + " | " +
              num(row.recall, 4) + " | " + std::to_string(row.merge_found) + "/" + std::to_string(row.merge_candidates) + " | " +
              std::to_string(row.best_found) + "/" + std::to_string(row.with_best) + " | " + num(row.decision_agreement, 4) +
              " |\n";
    }
    out["recall"] = recall;
    md += "\nsink live store while N brains re-publish one corpus (" + std::to_string(corpus.size()) +
          " facts of the dev gold set):\n\n| brains | deltas | sink held | sink active | naive union | echoed | admissions/s | decisions |\n"
          "|---:|---:|---:|---:|---:|---:|---:|---|\n";
    nlohmann::json sink_json = nlohmann::json::array();
    bool sink_ok = !sink.empty();
    for (const SinkRow& row : sink) {
        sink_json.push_back({{"brains", row.brains}, {"deltas", row.deltas}, {"held", row.held}, {"active", row.active},
                             {"naive_union", row.naive_union}, {"echoed", row.echoed},
                             {"admissions_per_second", row.admissions_per_second}, {"decisions", row.decisions}});
        md += "| " + std::to_string(row.brains) + " | " + std::to_string(row.deltas) + " | " + std::to_string(row.held) +
              " | " + std::to_string(row.active) + " | " + std::to_string(row.naive_union) + " | " +
              std::to_string(row.echoed) + " | " + num(row.admissions_per_second, 0) + " | " + decisions_text(row.decisions) +
              " |\n";
        sink_ok = sink_ok && row.held == corpus.size() && row.echoed == 0;
    }
    out["sink"] = {{"corpus", corpus.size()}, {"rows", sink_json}};
    if (corpus.empty()) md += "(skipped: " + gold + " not readable)\n";
    out["target_met"] = {{"wall", target_wall}, {"cpu", target_cpu}, {"pipelined_wall", target_pipelined}};
    print_out(parser.isSet(json_opt) ? out.dump(2) + "\n" : md);
    if (!pipelined_same) print_err("beliefmerge bench throughput: the pipelined path's Patches differ from one-by-one admission\n");
    return (sink_ok || corpus.empty()) && pipelined_same ? kOk : kFailed;
}

}  // namespace bm::cli
