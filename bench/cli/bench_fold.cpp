// `beliefmerge bench fold`: publish/verify throughput, exact-recall and search latency; with --scaling,
// fold time and peak RSS on generated logs of growing size (bench/fold).
#include <QCoreApplication>

#include "bench/fold/fold_bench.h"
#include "bench/fold/fold_scaling.h"
#include "bench_commands.h"
#include "cli/fold_command.h"

namespace bm::cli {

int bench_fold(const QStringList& args) {
    FoldCommand cmd("bench fold");
    const auto& checkpoints_opt = cmd.option(QStringLiteral("checkpoints"), QStringLiteral("Small checkpoints the search runs over (default 2000; the issue's target is stated for 10000)."), QStringLiteral("N"));
    const auto& big_opt = cmd.option(QStringLiteral("big"), QStringLiteral("Large bundles (40 messages x 2 KB) for publish, verify and recall (default 50)."), QStringLiteral("N"));
    const auto& dir_opt = cmd.option(QStringLiteral("dir"), QStringLiteral("Scratch store directory, kept afterwards (default: a temp directory, removed)."), QStringLiteral("DIR"));
    const auto& scaling_opt = cmd.option(QStringLiteral("scaling"), QStringLiteral("Fold generated logs of 1, 2, 4, ... MB instead: time, CPU and peak RSS per size, and the fitted exponent."));
    const auto& min_mb_opt = cmd.option(QStringLiteral("min-mb"), QStringLiteral("With --scaling: the smallest log (default 1)."), QStringLiteral("N"));
    const auto& max_mb_opt = cmd.option(QStringLiteral("max-mb"), QStringLiteral("With --scaling: the largest log (default 64)."), QStringLiteral("N"));
    const auto& cli_opt = cmd.option(QStringLiteral("beliefmerge"), QStringLiteral("With --scaling: the beliefmerge binary to fold with (default: the one beside this program), e.g. an older build for a before/after table."), QStringLiteral("PATH"));
    auto p = cmd.parse(args,
                   QStringLiteral("Epistemic Fold benchmark: publish throughput (MB/s, fsync of file and directory, read-back\n"
                                  "verify), verify throughput, exact-recall page latency p50/p99, and search latency p50/p99\n"
                                  "over N checkpoints (target p50 <= 10 ms at 10000). Notes the load; compare within one run.\n"
                                  "--scaling: `beliefmerge fold` on generated Claude Code logs of doubling size, one child each."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (cmd.is_set(scaling_opt)) {
        size_t min_mb = 1, max_mb = 64;
        if (!cmd.sizes({{&min_mb_opt, &min_mb}, {&max_mb_opt, &max_mb}})) return kUsage;
        if (min_mb == 0 || max_mb < min_mb) return cmd.usage("--min-mb must be at least 1 and at most --max-mb");
        bench::FoldScalingOptions options;
        options.beliefmerge = cmd.is_set(cli_opt) ? cmd.value(cli_opt)
                                                  : to_std(QCoreApplication::applicationDirPath()) + "/beliefmerge";
        options.min_mb = static_cast<int64_t>(min_mb);
        options.max_mb = static_cast<int64_t>(max_mb);
        options.dir = cmd.value(dir_opt);
        auto report = bench::run_fold_scaling(options);
        if (!report.ok()) return cmd.fail_with(report.error());
        if (cmd.json()) print_out(bench::fold_scaling_json(*report).dump(2) + "\n");
        else print_out(bench::fold_scaling_markdown(*report));
        return kOk;
    }
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
