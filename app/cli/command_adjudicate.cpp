// `beliefmerge adjudicate WORKSPACE`: model adjudication of disputed slots with the symmetry check;
// resolutions are appended to the workspace beside the annotations, then every effective
// resolution (human > model > disputed) is printed; --json also relabels derivations under them.
#include <QCoroTask>

#include "adjudicate/resolved_derivations.h"
#include "adjudicate/resolved_view.h"
#include "cli/cli_common.h"
#include "cli/commands.h"
#include "model_adjudication.h"
#include "workspace_slots.h"

namespace bm::cli {

int command_adjudicate(const QStringList& args) {
    QCommandLineParser parser;
    WorkspaceSlotOptions o;
    o.add_to(parser);
    QCommandLineOption limit_opt(QStringLiteral("limit"),
        QStringLiteral("Ask about at most N disputed slots, most-sourced first (default 12)."), QStringLiteral("N"),
        QStringLiteral("12"));
    QCommandLineOption json_opt(QStringLiteral("json"),
        QStringLiteral("Print {\"resolutions\":[...],\"snapshot\":{...}} as RFC 8785 canonical JSON (byte-stable). "
                       "The snapshot's derivation labels apply the effective resolutions, as `merge --workspace` "
                       "and the studio show them."));
    parser.addOption(limit_opt);
    parser.addOption(json_opt);
    auto p = parse(parser, args,
                   QStringLiteral("Ask a model to settle disputed slots (ties) of the sessions in WORKSPACE: choose one\n"
                                  "tied value, both, conditional with a guard, or unresolvable. Invented values are\n"
                                  "rejected; a second call with every option list reversed downgrades answers that\n"
                                  "change to unresolvable (order-sensitive). Every call is recorded in the workspace\n"
                                  "and replayed from there when present (--replay: records only, no network).\n"
                                  "Human decisions (`beliefmerge decide`) take precedence over the model's.\n"
                                  "With --json, derivation labels follow the effective resolutions (as `merge\n"
                                  "--workspace` shows them): a conclusion whose premise is decided unresolvable is\n"
                                  "retracted, one whose tied premise is chosen is founded.\n"
                                  "Exit status 1 when a model call failed (every tie stands), 2 on bad usage."),
                   QStringLiteral("WORKSPACE"), QStringLiteral("The workspace file (SQLite)."), 1);
    if (p.done) return p.exit_code;
    const std::string workspace = to_std(parser.positionalArguments().first());
    bool ok = false;
    const int limit = parser.value(limit_opt).toInt(&ok);
    if (!ok || limit <= 0) {
        print_err("beliefmerge adjudicate: --limit must be a positive integer\n");
        return kUsage;
    }
    auto config = service_config(parser, o, "adjudicate", workspace, false);
    if (!config) return kUsage;
    services::ModelCaller caller(*config);
    int exit_code = kOk;
    auto slots = workspace_slots(parser, o, "adjudicate", workspace, caller, &exit_code);
    if (!slots) return exit_code;
    const MergedSnapshot& merge = *slots->decisionBasis();  // what resolutions are recorded against
    auto run = QCoro::waitFor(services::adjudicate_with_model(caller, merge, static_cast<size_t>(limit)));
    for (const auto& w : run.warnings) print_err(w + "\n");
    auto store = DecisionStore::open(workspace);
    if (!store) {
        print_err("beliefmerge adjudicate: " + store.error().to_string() + "\n");
        return kFailed;
    }
    if (auto recorded = services::record_model_resolutions(**store, merge, run, to_std(config->model)); !recorded) {
        print_err("beliefmerge adjudicate: " + recorded.error().to_string() + "\n");
        return kFailed;
    }
    auto resolved = reapply_decisions(*slots, workspace);  // the new resolutions and labels under them
    if (!resolved) {
        print_err("beliefmerge adjudicate: " + resolved.error().to_string() + "\n");
        return kFailed;
    }
    std::vector<EffectiveResolution> effective;
    for (const auto& [key, e] : resolved->resolutions) effective.push_back(e);
    if (parser.isSet(json_opt)) {
        print_out(serialize_resolved(*resolved->merged, effective) + "\n");
    } else {
        print_out("asked about " + std::to_string(run.cases.size()) + " disputed slot(s)" +
                  (run.replayed ? " (replayed from records)" : "") + "; " + std::to_string(run.resolutions.size()) +
                  " resolution(s), " + std::to_string(run.order_sensitive.size()) + " order-sensitive\n");
        for (const auto& e : effective) print_out(effective_text(e) + "\n");
    }
    return run.error ? kFailed : kOk;
}

}  // namespace bm::cli
