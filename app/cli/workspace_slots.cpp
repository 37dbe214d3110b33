// Workspace → review snapshot (core/snapshot), for the adjudication and decision commands.
#include "workspace_slots.h"

#include <QCoroTask>

#include "cli/cli_common.h"
#include "model_alignment.h"
#include "snapshot/workspace_sessions.h"

namespace bm::cli {

void WorkspaceSlotOptions::add_to(QCommandLineParser& parser) {
    for (auto* o : {&extractor, &current, &endpoint, &model, &replay, &timeout, &insecure_http}) parser.addOption(*o);
}

std::optional<services::ServiceConfig> service_config(const QCommandLineParser& parser, const WorkspaceSlotOptions& o,
                                                      const std::string& command, const std::string& workspace,
                                                      bool force_replay) {
    QStringList warnings;
    services::ServiceConfig config = services::config_from_environment(&warnings);
    for (const auto& w : warnings) print_err("warning: " + to_std(w) + "\n");
    if (parser.isSet(o.endpoint)) {
        QUrl url(parser.value(o.endpoint));
        if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty()) {
            print_err("beliefmerge " + command + ": --endpoint '" + to_std(parser.value(o.endpoint)) +
                      "' is not a URL (e.g. http://127.0.0.1:8080/v1)\n");
            return std::nullopt;
        }
        config.base_url = url;
    }
    if (parser.isSet(o.model)) config.model = parser.value(o.model);
    if (parser.isSet(o.timeout)) {
        bool ok = false;
        const double seconds = parser.value(o.timeout).toDouble(&ok);
        if (!ok || seconds <= 0) {
            print_err("beliefmerge " + command + ": --timeout must be a positive number of seconds\n");
            return std::nullopt;
        }
        config.timeout_ms = static_cast<int>(seconds * 1000);
    }
    if (parser.isSet(o.insecure_http)) config.allow_insecure_http = true;
    if (const QString exposure = config.key_exposure(); !exposure.isEmpty() && !force_replay && !parser.isSet(o.replay)) {
        print_err("beliefmerge " + command + ": " + to_std(exposure) + "\n");
        return std::nullopt;
    }
    config.workspace_path = QString::fromStdString(workspace);
    if (force_replay || parser.isSet(o.replay)) config.replay = services::ReplayMode::kReplayOnly;
    return config;
}

std::optional<ReviewSnapshot> workspace_slots(const QCommandLineParser& parser, const WorkspaceSlotOptions& o,
                                              const std::string& command, const std::string& workspace,
                                              services::ModelCaller& caller, int* exit_code) {
    const QString extractor = parser.value(o.extractor);
    if (extractor != QStringLiteral("heuristic") && extractor != QStringLiteral("oracle") &&
        extractor != QStringLiteral("model")) {
        print_err("beliefmerge " + command + ": unknown extractor '" + to_std(extractor) +
                  "' (heuristic, oracle or model)\n");
        *exit_code = kUsage;
        return std::nullopt;
    }
    auto sessions = load_workspace_sessions(workspace);
    if (!sessions) {
        print_err("beliefmerge " + command + ": " + sessions.error().to_string() + "\n");
        *exit_code = kFailed;
        return std::nullopt;
    }
    if (sessions->empty()) {
        print_err("beliefmerge " + command + ": the workspace " + workspace +
                  " holds no sessions (import some with `beliefmerge import PATH... --workspace " + workspace + "`)\n");
        *exit_code = kUsage;
        return std::nullopt;
    }
    SnapshotOptions build;
    build.extract.trust.current_session = canonical_session_id(to_std(parser.value(o.current)));
    build.decisions_from = workspace;
    if (extractor == QStringLiteral("oracle")) {
        build.prose = oracle_prose_extractor();
    } else if (extractor == QStringLiteral("model")) {
        build.prose = [&caller](const std::vector<Session>& s, const ExtractOptions& options) {
            services::ModelExtraction m = QCoro::waitFor(services::extract_with_model(caller, s, options));
            for (const auto& w : m.warnings) print_err(w + "\n");
            return std::move(m.branches);
        };
    }
    auto review = build_review_snapshot(std::move(*sessions), build);
    if (!review) {
        print_err("beliefmerge " + command + ": " + review.error().to_string() + "\n");
        *exit_code = kFailed;
        return std::nullopt;
    }
    print_stale_decisions(*review, workspace);
    return std::move(review).value();
}

void print_stale_decisions(const ReviewSnapshot& review, const std::string& workspace) {
    for (const auto& key : review.staleKeys())
        print_err("warning: " + key + ": " + std::to_string(review.resolution(key)->stale_decisions.size()) +
                  " stale decision(s) not applied (made against another annotation: new evidence, or other extractor "
                  "options) — "
                  "review with `beliefmerge decide " + workspace + " --list`\n");
}

std::string resolution_text(const Resolution& r) {
    std::string out = resolution_kind_name(r.kind);
    if (r.kind == ResolutionKind::kChoose) out += " " + r.value;
    if (r.kind == ResolutionKind::kConditional) out += " (" + r.guard + ")";
    if (r.order_sensitive) out += " (order-sensitive)";
    return out;
}

std::string effective_text(const EffectiveResolution& e) {
    std::string line = e.slot_key + ": ";
    if (e.origin == ResolutionOrigin::kHuman && e.decision)
        line += resolution_text(*e.resolution) + "  [human " + e.decision->reviewer + ", decision #" +
                std::to_string(e.decision->id) + "]";
    else if (e.origin == ResolutionOrigin::kModel && e.model)
        line += resolution_text(*e.resolution) + "  [model " + e.model->model + "]";
    else
        line += "as merged (no current decision)";
    for (const auto& d : e.stale_decisions)
        line += "\n    STALE decision #" + std::to_string(d.id) + " by " + d.reviewer + " (" +
                resolution_text(d.resolution()) + ") was made against another annotation of this slot: new "
                "evidence arrived, or it was made with other extractor options (--extractor, --rules) than this "
                "listing's; not applied — list with the options it was made with, or review and decide again";
    return line;
}

}  // namespace bm::cli
