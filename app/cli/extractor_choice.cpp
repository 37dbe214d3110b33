// The --extractor choice of `merge` and `inspect`: validation and extraction.
#include "cli/extractor_choice.h"

#include "cli/cli_common.h"
#include "extract/environment_claims.h"
#include "extract/heuristic_extractor.h"
#include "extract/oracle_extractor.h"
#include "model_alignment.h"

namespace bm::cli {

std::optional<ExtractorChoice> extractor_choice(const QCommandLineParser& parser,
                                                const ExtractorOptions& o,
                                                const std::string& command,
                                                const std::string& workspace) {
    const QString name = parser.value(o.extractor);
    ExtractorChoice choice;
    if (name == QStringLiteral("oracle"))
        choice.kind = ExtractorKind::kOracle;
    else if (name == QStringLiteral("model"))
        choice.kind = ExtractorKind::kModel;
    else if (name != QStringLiteral("heuristic")) {
        print_err("beliefmerge " + command + ": unknown extractor '" + to_std(name) +
                  "' (heuristic, oracle or model)\n");
        return std::nullopt;
    }
    if (parser.isSet(o.service.replay) && workspace.empty()) {
        print_err("beliefmerge " + command +
                  ": --replay needs --workspace FILE (where the model calls were recorded)\n");
        return std::nullopt;
    }
    if (choice.kind == ExtractorKind::kModel) {
        choice.config = service_config(parser, o.service, command, workspace, false);
        if (!choice.config) return std::nullopt;
    }
    return choice;
}

bool read_rule_options(const QCommandLineParser& parser, const ExtractorOptions& o, const std::string& command,
                       ExtractOptions& extract) {
    const QString rules = parser.value(o.rules);
    if (rules != QStringLiteral("default") && rules != QStringLiteral("all")) {
        print_err("beliefmerge " + command + ": --rules: expected default or all, got '" + to_std(rules) + "'\n");
        return false;
    }
    extract.all_rules = rules == QStringLiteral("all");
    bool ok = false;
    const double min = parser.value(o.min_confidence).toDouble(&ok);
    if (!ok || !(min >= 0.0 && min <= 1.0)) {
        print_err("beliefmerge " + command + ": --min-confidence: expected a number from 0 to 1, got '" +
                  to_std(parser.value(o.min_confidence)) + "'\n");
        return false;
    }
    extract.min_confidence = min;
    return true;
}

std::vector<BranchClaims> extract_claims(const ExtractorChoice& choice,
                                         const std::vector<Session>& sessions,
                                         const ExtractOptions& extract) {
    // The harness's env.* records are added the same way whichever extractor reads the prose (and
    // whether or not the model call fell back), so the block does not depend on the network.
    ExtractOptions prose_only = extract;
    prose_only.include_environment = false;
    std::vector<BranchClaims> branches;
    switch (choice.kind) {
        case ExtractorKind::kModel: {
            services::ModelExtraction m =
                services::extract_with_model_blocking(*choice.config, sessions, prose_only);
            for (const auto& w : m.warnings)
                print_err(w + "\n");  // fallback and drop counts, never silent
            branches = std::move(m.branches);
            break;
        }
        case ExtractorKind::kOracle:
            branches = extract_oracle(sessions, prose_only);
            break;
        case ExtractorKind::kHeuristic:
            return extract_heuristic(sessions, extract);
    }
    if (extract.include_environment) add_environment_claims(sessions, branches);
    return branches;
}

}  // namespace bm::cli
