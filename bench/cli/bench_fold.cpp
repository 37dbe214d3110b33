// `beliefmerge bench fold`: publish/verify throughput, exact-recall and search latency (bench/fold).
#include "bench/fold/fold_bench.h"
#include "bench_commands.h"
#include "cli/fold_command.h"

namespace bm::cli {

int bench_fold(const QStringList& args) {
    FoldCommand cmd("bench fold");
    const auto& checkpoints_opt = cmd.option(QStringLiteral("checkpoints"), QStringLiteral("Small checkpoints the search runs over (default 2000; the issue's target is stated for 10000)."), QStringLiteral("N"));
    const auto& big_opt = cmd.option(QStringLiteral("big"), QStringLiteral("Large bundles (40 messages x 2 KB) for publish, verify and recall (default 50)."), QStringLiteral("N"));
    const auto& dir_opt = cmd.option(QStringLiteral("dir"), QStringLiteral("Scratch store directory, kept afterwards (default: a temp directory, removed)."), QStringLiteral("DIR"));
    auto p = cmd.parse(args,
                   QStringLiteral("Epistemic Fold benchmark: publish throughput (MB/s, fsync of file and directory, read-back\n"
                                  "verify), verify throughput, exact-recall page latency p50/p99, and search latency p50/p99\n"
                                  "over N checkpoints (target p50 <= 10 ms at 10000). Notes the load; compare within one run."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    size_t checkpoints = 2000, big = 50;
    if (!cmd.sizes({{&checkpoints_opt, &checkpoints}, {&big_opt, &big}})) return kUsage;
    if (checkpoints == 0 || big == 0) return cmd.usage("--checkpoints and --big must be at least 1");
    bench::FoldBenchOptions options;
    options.checkpoints = static_cast<int64_t>(checkpoints);
    options.big = static_cast<int64_t>(big);
    options.dir = cmd.value(dir_opt);
    auto report = bench::run_fold_bench(options);
    if (!report.ok()) return cmd.fail_with(report.error());
    if (cmd.json()) print_out(bench::fold_bench_json(*report).dump(2) + "\n");
    else print_out(bench::fold_bench_markdown(*report));
    return kOk;
}

}  // namespace bm::cli
