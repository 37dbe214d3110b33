// `beliefmerge bench reduce`: M1 ingress reduction over the tool outputs of real session logs (bench/reduce).
#include <cstdlib>

#include "bench/reduce/reduce_bench.h"
#include "bench_commands.h"
#include "cli/fold_command.h"

namespace bm::cli {

int bench_reduce(const QStringList& args) {
    FoldCommand cmd("bench reduce");
    const auto& sessions_opt = cmd.option(QStringLiteral("sessions"), QStringLiteral("Session logs to read, recursively (default $BM_SHARED_DATA/sessions, else ../shared/data/sessions)."), QStringLiteral("DIR"));
    const auto& min_opt = cmd.option(QStringLiteral("min-bytes"), QStringLiteral("Outputs shorter than N bytes pass through (default 1024, as `reduce`)."), QStringLiteral("N"));
    auto p = cmd.parse(args,
                   QStringLiteral("Ingress reduction (M1) over every tool output of real session logs, as `fold --reduce` does it:\n"
                                  "tokens before/after per reducer, and three checks re-done independently: no protected output\n"
                                  "(error, security finding, protected or unknown tool) reduced, no required line lost, every\n"
                                  "reduced output recalled byte for byte from its artifact. Exit 1 when a check fails."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    bench::ReduceBenchOptions options;
    if (!cmd.sizes({{&min_opt, &options.min_bytes}})) return kUsage;
    if (cmd.is_set(sessions_opt)) options.sessions_dir = cmd.value(sessions_opt);
    else if (const char* shared = std::getenv("BM_SHARED_DATA"); shared && *shared) options.sessions_dir = std::string(shared) + "/sessions";
    else options.sessions_dir = "../shared/data/sessions";
    auto report = bench::run_reduce_bench(options);
    if (!report.ok()) return cmd.fail_with(report.error());
    if (cmd.json()) print_out(bench::reduce_bench_json(*report).dump(2) + "\n");
    else print_out(bench::reduce_bench_markdown(*report));
    return report->passed() ? kOk : kFailed;
}

}  // namespace bm::cli
