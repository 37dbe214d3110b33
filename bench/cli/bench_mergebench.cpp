// `beliefmerge bench mergebench` (beliefmerge-bench): MergeBench (SPEC §11) over generated scenarios or a scenario
// file, as a table or JSON; the `model` arm runs through app/services (record/replay) when an endpoint or a
// workspace is given.
#include <fstream>
#include <memory>

#include <QCoroTask>

#include "bench/mergebench/mergebench.h"
#include "bench/mergebench/scenario_file.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/workspace_slots.h"
#include "model_alignment.h"
#include "pack/token_counter_factory.h"

namespace bm::cli {

namespace {

// Writes the generated scenarios in the scenario file format; false (with the message printed) on failure.
bool dump_scenarios(const std::vector<mergebench::Scenario>& scenarios, const std::string& path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (const auto& sc : scenarios) out << mergebench::scenario_line(sc);
    out.flush();
    if (!out) print_err("beliefmerge bench mergebench: cannot write the scenarios to " + path + "\n");
    return static_cast<bool>(out);
}

}  // namespace

int bench_mergebench(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption seeds_opt(QStringLiteral("seeds"), QStringLiteral("Scenarios to generate (default 5)."), QStringLiteral("N"), QStringLiteral("5"));
    QCommandLineOption topics_opt(QStringLiteral("topics"), QStringLiteral("Topics per scenario (default 10, at most 24)."), QStringLiteral("N"), QStringLiteral("10"));
    QCommandLineOption branches_opt(QStringLiteral("branches"), QStringLiteral("Branches per scenario (default 2; many-branches: 3-8, default 6)."), QStringLiteral("N"));
    QCommandLineOption budget_opt(QStringLiteral("budget"), QStringLiteral("Token budget every arm must respect (default 400)."), QStringLiteral("N"), QStringLiteral("400"));
    QCommandLineOption family_opt(QStringLiteral("family"), QStringLiteral("base (default), many-branches, paraphrase, derivation or injection."), QStringLiteral("NAME"), QStringLiteral("base"));
    QCommandLineOption tokenizer_opt(QStringLiteral("tokenizer"), QStringLiteral("How every arm's tokens are counted: estimate (default), a cached vocabulary name such as cl100k_base, or a tokenizer file path."), QStringLiteral("SPEC"), QStringLiteral("estimate"));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print {family, seeds, topics, branches, budget, counter, match, average, questions, arms[...]} with rates in 0..1."));
    QCommandLineOption scenarios_opt(QStringLiteral("scenarios"), QStringLiteral("Score the scenarios of FILE (JSONL, docs/mergebench.md) instead of generating them; not with --seeds, --topics, --branches, --budget or --family."), QStringLiteral("FILE"));
    QCommandLineOption dump_opt(QStringLiteral("dump-scenarios"), QStringLiteral("Also write the generated scenarios to FILE in the scenario file format."), QStringLiteral("FILE"));
    QCommandLineOption match_opt(QStringLiteral("match"), QStringLiteral("How a value is found in a context: words (default; whole words) or substring."), QStringLiteral("RULE"), QStringLiteral("words"));
    QCommandLineOption average_opt(QStringLiteral("average"), QStringLiteral("How rates are formed over scenarios: pooled (default; counts pooled) or per-seed (mean of each scenario's rate)."), QStringLiteral("RULE"), QStringLiteral("pooled"));
    QCommandLineOption workspace_opt(QStringLiteral("workspace"), QStringLiteral("Record the model arm's calls in FILE (SQLite) and serve them from there when present; enables the model arm."), QStringLiteral("FILE"));
    WorkspaceSlotOptions service;  // --endpoint, --model, --replay, --timeout, --allow-insecure-http (as `adjudicate`)
    for (auto* o : {&seeds_opt, &topics_opt, &branches_opt, &budget_opt, &family_opt, &tokenizer_opt, &json_opt, &scenarios_opt, &dump_opt,
                    &match_opt, &average_opt, &workspace_opt,
                    &service.endpoint, &service.model, &service.replay, &service.timeout, &service.insecure_http})
        parser.addOption(*o);
    auto p = parse(parser, args,
                   QStringLiteral("Generate scenarios with known ground truth (or read them: --scenarios FILE, docs/mergebench.md)\n"
                                  "and score what each arm puts in front of the reader: single:<first branch> and concat\n"
                                  "(budget-truncated transcripts), heuristic and oracle (the packed merge; oracle when every\n"
                                  "scenario has ground-truth claims), and model (one joint model alignment per scenario, then\n"
                                  "the same merge) when an endpoint is configured (--endpoint or $BELIEFMERGE_ENDPOINT) or\n"
                                  "--workspace is given (recorded replies). Metrics: local, bridge, GAIN over the best single\n"
                                  "branch, unambig, both, invent, tokens (and leaks when directives are named), scored by\n"
                                  "--match and --average. Exit status 1 when any block exceeds the budget, 2 on a bad file."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    mergebench::ScoringOptions scoring;
    if (!mergebench::match_from_name(to_std(parser.value(match_opt)), &scoring.match) ||
        !mergebench::average_from_name(to_std(parser.value(average_opt)), &scoring.average)) {
        print_err("beliefmerge bench mergebench: --match is words or substring; --average is pooled or per-seed\n");
        return kUsage;
    }
    const bool from_file = parser.isSet(scenarios_opt);
    for (const auto* generator_opt : {&seeds_opt, &topics_opt, &branches_opt, &budget_opt, &family_opt, &dump_opt})
        if (from_file && parser.isSet(*generator_opt)) {
            print_err("beliefmerge bench mergebench: --scenarios FILE takes its scenarios, budgets and families from FILE; --" +
                      to_std(generator_opt->names().front()) + " is for generated scenarios\n");
            return kUsage;
        }
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
    if (!from_file && (!ok_seeds || !ok_topics || !ok_budget || !ok_branches || o.seeds == 0 || o.topics == 0 ||
        o.topics > mergebench::topic_pool_size() || o.branches < min_branches || o.branches > max_branches)) {
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
    std::vector<mergebench::Scenario> scenarios;
    if (from_file) {
        auto read = mergebench::read_scenario_file(to_std(parser.value(scenarios_opt)));
        if (!read) {
            print_err("beliefmerge bench mergebench: " + read.error().to_string() + "\n");
            return kUsage;
        }
        scenarios = std::move(*read);
    } else {
        scenarios = mergebench::generate_scenarios(o);
        if (parser.isSet(dump_opt) && !dump_scenarios(scenarios, to_std(parser.value(dump_opt)))) return kFailed;
    }
    mergebench::RunResult r = mergebench::run_scenarios(scenarios, scoring, **counter, model);
    print_out(parser.isSet(json_opt) ? mergebench::result_json(r) : mergebench::result_table(r));
    return r.within_budget ? kOk : kFailed;
}

}  // namespace bm::cli
