// `beliefmerge bench fold-quality`: EF vs Basic compaction replayed on real and generated sessions (bench/fold).
#include "bench/fold/fold_quality.h"
#include "bench_commands.h"
#include "cli/fold_command.h"

namespace bm::cli {

int bench_fold_quality(const QStringList& args) {
    FoldCommand cmd("bench fold-quality");
    const auto& budget_opt = cmd.option(QStringLiteral("budget"), QStringLiteral("Context budget in tokens: a compaction runs when the surface costs more (default 4000; the retained tail is a quarter of it)."), QStringLiteral("N"));
    const auto& sessions_opt = cmd.option(QStringLiteral("sessions"), QStringLiteral("Real session logs, searched recursively (default ../shared/data/sessions)."), QStringLiteral("DIR"));
    const auto& real_opt = cmd.option(QStringLiteral("real"), QStringLiteral("How many real sessions, those with the most messages (default 10)."), QStringLiteral("N"));
    const auto& generated_opt = cmd.option(QStringLiteral("generated"), QStringLiteral("How many generated long Claude Code sessions, seeds 1..N (default 3)."), QStringLiteral("N"));
    const auto& generated_kb_opt = cmd.option(QStringLiteral("generated-kb"), QStringLiteral("Size of each generated session in KB (default 256)."), QStringLiteral("N"));
    const auto& dir_opt = cmd.option(QStringLiteral("dir"), QStringLiteral("Scratch directory for the logs and stores, kept afterwards (default: a temp directory, removed)."), QStringLiteral("DIR"));
    auto p = cmd.parse(args,
                   QStringLiteral("Epistemic Fold vs Basic compaction, replayed turn by turn under one context budget:\n"
                                  "PrefixMutationDepth per compaction, cache-reusable tokens, surface tokens over time, dead\n"
                                  "weight, recall regret by replay (held / recalled at rank <= 3 / lost) and duplicate work.\n"
                                  "Deterministic. Task success cannot be measured offline and is not reported."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    bench::FoldQualityOptions options;
    size_t generated_kb = options.generated_bytes / 1000;
    if (!cmd.sizes({{&budget_opt, &options.budget},
                    {&real_opt, &options.real_sessions},
                    {&generated_opt, &options.generated},
                    {&generated_kb_opt, &generated_kb}}))
        return kUsage;
    if (options.budget < 4) return cmd.usage("--budget must be at least 4 tokens");
    options.generated_bytes = static_cast<uint64_t>(generated_kb) * 1000;
    options.sessions_dir = cmd.is_set(sessions_opt) ? cmd.value(sessions_opt) : std::string("../shared/data/sessions");
    options.dir = cmd.value(dir_opt);
    auto report = bench::run_fold_quality(options);
    if (!report.ok()) return cmd.fail_with(report.error());
    if (cmd.json()) print_out(bench::fold_quality_json(*report).dump(2) + "\n");
    else print_out(bench::fold_quality_markdown(*report));
    return kOk;
}

}  // namespace bm::cli
