// The --extractor choice of `merge` and `inspect`: validation and extraction.
#include "cli/extractor_choice.h"

#include "cli/cli_common.h"
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

ProseExtractor prose_extractor(const ExtractorChoice& choice, ModelCallCounts* counts) {
    switch (choice.kind) {
        case ExtractorKind::kModel:
            return [config = *choice.config, counts](const std::vector<Session>& sessions, const ExtractOptions& options) {
                services::ModelExtraction m = services::extract_with_model_blocking(config, sessions, options);
                for (const auto& w : m.warnings) print_err(w + "\n");
                if (counts) ++counts->calls, counts->fell_back += m.fell_back ? 1 : 0;
                return std::move(m.branches);
            };
        case ExtractorKind::kOracle: return oracle_prose_extractor();
        case ExtractorKind::kHeuristic: break;
    }
    return {};
}

}  // namespace bm::cli
