// `beliefmerge bench mergebench` (beliefmerge-bench): MergeBench (SPEC §11) over generated scenarios, as a table or JSON;
// the `model` arm runs through app/services (record/replay) when an endpoint or a workspace is given.
#include <memory>

#include <QCoroTask>

#include "bench/mergebench/mergebench.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/workspace_slots.h"
#include "model_alignment.h"
#include "pack/token_counter_factory.h"

namespace bm::cli {

int bench_mergebench(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption seeds_opt(QStringLiteral("seeds"), QStringLiteral("Scenarios to generate (default 5)."), QStringLiteral("N"), QStringLiteral("5"));
    QCommandLineOption topics_opt(QStringLiteral("topics"), QStringLiteral("Topics per scenario (default 10, at most 24)."), QStringLiteral("N"), QStringLiteral("10"));
    QCommandLineOption branches_opt(QStringLiteral("branches"), QStringLiteral("Branches per scenario (default 2; many-branches: 3-8, default 6)."), QStringLiteral("N"));
    QCommandLineOption budget_opt(QStringLiteral("budget"), QStringLiteral("Token budget every arm must respect (default 400)."), QStringLiteral("N"), QStringLiteral("400"));
    QCommandLineOption family_opt(QStringLiteral("family"), QStringLiteral("base (default), many-branches, paraphrase, derivation or injection."), QStringLiteral("NAME"), QStringLiteral("base"));
    QCommandLineOption tokenizer_opt(QStringLiteral("tokenizer"), QStringLiteral("How every arm's tokens are counted: estimate (default), a cached vocabulary name such as cl100k_base, or a tokenizer file path."), QStringLiteral("SPEC"), QStringLiteral("estimate"));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print {family, seeds, topics, branches, budget, counter, questions, arms[...]} with rates in 0..1."));
    QCommandLineOption workspace_opt(QStringLiteral("workspace"), QStringLiteral("Record the model arm's calls in FILE (SQLite) and serve them from there when present; enables the model arm."), QStringLiteral("FILE"));
    WorkspaceSlotOptions service;  // --endpoint, --model, --replay, --timeout (as `adjudicate`)
    for (auto* o : {&seeds_opt, &topics_opt, &branches_opt, &budget_opt, &family_opt, &tokenizer_opt, &json_opt, &workspace_opt,
                    &service.endpoint, &service.model, &service.replay, &service.timeout})
        parser.addOption(*o);
    auto p = parse(parser, args,
                   QStringLiteral("Generate scenarios with known ground truth and score what each arm puts in front of the\n"
                                  "reader: single:branch-a and concat (budget-truncated transcripts), heuristic and oracle\n"
                                  "(the packed merge), and model (one joint model alignment per scenario, then the same\n"
                                  "merge) when an endpoint is configured (--endpoint or $BELIEFMERGE_ENDPOINT) or --workspace\n"
                                  "is given (recorded replies). Metrics: local, bridge, GAIN over the best single branch,\n"
                                  "unambig, both, invent, tokens. Exit status 1 when any block exceeds the budget."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    mergebench::RunOptions o;
    if (!mergebench::family_from_name(to_std(parser.value(family_opt)), &o.family)) {
        print_err("beliefmerge bench mergebench: unknown family '" + to_std(parser.value(family_opt)) +
                  "' (base, many-branches, paraphrase, derivation, injection)\n");
        return kUsage;
    }
    bool ok_seeds = false, ok_topics = false, ok_budget = false, ok_branches = true;
    o.seeds = parser.value(seeds_opt).toULongLong(&ok_seeds);
    o.topics = parser.value(topics_opt).toULongLong(&ok_topics);
    o.budget = parser.value(budget_opt).toULongLong(&ok_budget);
    o.branches = o.family == mergebench::Family::kManyBranches ? 6 : 2;
    if (parser.isSet(branches_opt)) o.branches = parser.value(branches_opt).toULongLong(&ok_branches);
    const size_t min_branches = o.family == mergebench::Family::kManyBranches ? 3 : 1;
    const size_t max_branches = o.family == mergebench::Family::kManyBranches ? 8 : 26;
    if (!ok_seeds || !ok_topics || !ok_budget || !ok_branches || o.seeds == 0 || o.topics == 0 ||
        o.topics > mergebench::topic_pool_size() || o.branches < min_branches || o.branches > max_branches) {
        print_err("beliefmerge bench mergebench: --seeds >= 1, --topics 1.." + std::to_string(mergebench::topic_pool_size()) +
                  ", --branches " + std::to_string(min_branches) + ".." + std::to_string(max_branches) +
                  " and --budget N must be whole numbers\n");
        return kUsage;
    }
    auto counter = open_token_counter(to_std(parser.value(tokenizer_opt)));
    if (!counter) {
        print_err("beliefmerge bench mergebench: " + counter.error().to_string() + "\n");
        return kUsage;
    }
    const std::string workspace = to_std(parser.value(workspace_opt));
    if (parser.isSet(service.replay) && workspace.empty()) {
        print_err("beliefmerge bench mergebench: --replay needs --workspace FILE (where the model calls were recorded)\n");
        return kUsage;
    }
    auto config = service_config(parser, service, "bench mergebench", workspace, false);
    if (!config) return kUsage;
    std::unique_ptr<services::ModelCaller> caller;
    mergebench::ModelExtractor model;
    if (config->has_endpoint() || !workspace.empty()) {
        caller = std::make_unique<services::ModelCaller>(*config);
        model = [&caller](const std::vector<Session>& sessions, const ExtractOptions& extract) {
            services::ModelExtraction m = QCoro::waitFor(services::extract_with_model(*caller, sessions, extract));
            for (const auto& w : m.warnings) print_err(w + "\n");
            return mergebench::ModelArmClaims{std::move(m.branches), m.fell_back};
        };
    }
    mergebench::RunResult r = mergebench::run_mergebench(o, **counter, model);
    print_out(parser.isSet(json_opt) ? mergebench::result_json(r) : mergebench::result_table(r));
    return r.within_budget ? kOk : kFailed;
}

}  // namespace bm::cli
