// beliefmerge-bench: dispatch over the benchmarks (`beliefmerge bench NAME`); the confluence experiment of SPEC §6.
#include <chrono>
#include <nlohmann/json.hpp>

#include "bench/confluence/confluence_experiment.h"
#include "bench_commands.h"
#include "cli/cli_common.h"

namespace bm::cli {

int bench_confluence(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    parser.addOption(json_opt);
    auto p = parse(parser, args,
                   QStringLiteral("Enumerate every 3-branch profile of spaces A and B under both scores and the\n"
                                  "JOIN, COUNT and MAX representations; count profiles where some merge order\n"
                                  "disagrees with the n-ary merge."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    const auto start = std::chrono::steady_clock::now();
    ConfluenceReport report = run_confluence_experiment();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    bool join_clean = report.idempotent;
    for (const auto& c : report.cells)
        if (c.representation == Representation::kJoin && c.failures != 0) join_clean = false;
    if (parser.isSet(json_opt)) {
        nlohmann::json cells = nlohmann::json::array();
        for (const auto& c : report.cells)
            cells.push_back({{"space", c.space}, {"score", score_rule_name(c.score)}, {"well_formed", c.well_formed},
                             {"representation", representation_name(c.representation)},
                             {"failures", c.failures}, {"total", c.total}});
        nlohmann::json witnesses = nlohmann::json::array();
        for (const auto& w : report.witnesses)
            witnesses.push_back({{"profile", w.profile}, {"representation", w.representation}, {"score", w.score},
                                 {"nary", w.nary}, {"incremental", w.incremental}});
        nlohmann::json out = {{"evaluations", report.evaluations}, {"seconds", seconds}, {"cells", cells},
                              {"witnesses", witnesses}, {"idempotent", report.idempotent},
                              {"cascade", {{"profile", report.cascade.profile}, {"nary_in", report.cascade.nary_in},
                                           {"incremental_in", report.cascade.incremental_in}}}};
        print_out(out.dump(2) + "\n");
        return join_clean ? kOk : kFailed;
    }
    print_out("confluence experiment: " + std::to_string(report.evaluations) + " profile evaluations in " +
              std::to_string(seconds) + " s\n\n");
    print_out("| space | score | well-formed | representation | failures | total | rate |\n");
    print_out("|---|---|---|---|---:|---:|---:|\n");
    for (const auto& c : report.cells) {
        char rate[32];
        std::snprintf(rate, sizeof rate, "%.1f%%", c.total ? 100.0 * c.failures / c.total : 0.0);
        print_out("| " + c.space + " | " + score_rule_name(c.score) + " | " + (c.well_formed ? "yes" : "no") + " | " +
                  representation_name(c.representation) + " | " + std::to_string(c.failures) + " | " +
                  std::to_string(c.total) + " | " + rate + " |\n");
    }
    print_out("\nminimal witnesses:\n");
    for (const auto& w : report.witnesses)
        print_out("  " + w.profile + " under " + w.representation + " (" + w.score + "): n-ary " + w.nary +
                  ", incremental " + w.incremental + "\n");
    auto list = [](const std::vector<std::string>& v) {
        std::string s = "[";
        for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
        return s + "]";
    };
    print_out("derivation cascade " + report.cascade.profile + ": n-ary IN " + list(report.cascade.nary_in) +
              ", incremental (MAX) IN " + list(report.cascade.incremental_in) + "\n");
    print_out(std::string("JOIN idempotent: ") + (report.idempotent ? "yes" : "NO") + "\n");
    return join_clean ? kOk : kFailed;
}

int run_bench(const QStringList& arguments) {
    // Add a benchmark here: name, entry point, one synopsis line for the usage text.
    struct BenchEntry {
        const char* name;
        int (*run)(const QStringList& args);
        const char* synopsis;
    };
    static const BenchEntry kBenches[] = {
        {"confluence", bench_confluence, "  beliefmerge bench confluence [--json]\n"},
        {"meld-gold", bench_meld_gold, "  beliefmerge bench meld-gold [--fit] [--pairs FILE] [--data DIR] [--shared DIR] [--json]\n"},
        {"convergence", bench_convergence, "  beliefmerge bench convergence [--orderings N] [--json]\n"},
        {"throughput", bench_throughput,
         "  beliefmerge bench throughput [--data DIR] [--sizes N,..] [--admissions N] [--sink-brains N,..] [--index-limit N] [--seed N] [--json]\n"},
        {"meld-recall", bench_meld_recall,
         "  beliefmerge bench meld-recall [--data FILE] [--brains N] [--seed S] [--questions N] [--provider lexical|glove] [--json]\n"},
        {"routing", bench_routing,
         "  beliefmerge bench routing [--data FILE] [--seed S] [--questions N] [--provider lexical|glove] [--json]\n"},
        {"partition-heal", bench_partition_heal, "  beliefmerge bench partition-heal [--trials N] [--seed S] [--json]\n"},
        {"fold", bench_fold, "  beliefmerge bench fold [--checkpoints N] [--big N] [--dir DIR] [--json]\n"},
        {"fold-quality", bench_fold_quality,
         "  beliefmerge bench fold-quality [--budget N] [--sessions DIR] [--real N] [--generated N] [--generated-kb N]\n"
         "      [--dir DIR] [--json]\n"},
        {"value-reading", bench_value_reading, "  beliefmerge bench value-reading [--shared DIR] [--json]\n"},
        {"reduce", bench_reduce, "  beliefmerge bench reduce [--sessions DIR] [--min-bytes N] [--json]\n"},
        {"mergebench", bench_mergebench,
         "  beliefmerge bench mergebench [--seeds N] [--topics N] [--branches N] [--budget N] [--family NAME]\n"
         "      [--dump-scenarios FILE] | [--scenarios FILE]\n"
         "      [--match words|substring] [--average pooled|per-seed] [--tokenizer SPEC]\n"
         "      [--workspace FILE] [--endpoint URL] [--model NAME] [--replay] [--timeout S] [--json]\n"},
        {"extract", bench_extract,
         "  beliefmerge bench extract [--split dev|test|all] [--labels FILE] [--gold FILE] [--split-file FILE]\n"
         "      [--rules default|all] [--root DIR] [--shared-data DIR] [--json]\n"},
    };
    const QString sub = arguments.value(1);
    QStringList rest = arguments.mid(2);
    if (sub == QStringLiteral("meld-calibrate"))  // `beliefmerge meld calibrate`, forwarded
        return meld_calibrate(QStringList{QStringLiteral("beliefmerge meld calibrate")} + rest);
    rest.prepend(QStringLiteral("beliefmerge bench ") + sub);
    for (const BenchEntry& entry : kBenches) {
        if (sub == QLatin1String(entry.name)) return entry.run(rest);
    }
    std::string usage = "usage:\n";
    for (const BenchEntry& entry : kBenches) usage += entry.synopsis;
    print_err(usage);
    return sub == QStringLiteral("--help") ? kOk : kUsage;
}

}  // namespace bm::cli
