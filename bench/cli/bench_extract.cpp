// `beliefmerge bench extract`: the heuristic extractor scored on the extraction gold set
// (bench/extract, docs/extract.md): precision from labels, recall from gold claims, per format and rule.
#include "bench/common/machine.h"
#include "bench/extract/extract_bench.h"
#include "bench/extract/extract_report.h"
#include "bench_commands.h"
#include "cli/cli_common.h"
#include "cli/extractor_choice.h"
#include "cli/workspace_slots.h"

namespace bm::cli {

int bench_extract(const QStringList& args) {
    extract_bench::BenchOptions o;
    QCommandLineParser parser;
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the report as RFC 8785 canonical JSON (no machine line)."));
    QCommandLineOption split_opt(QStringLiteral("split"), QStringLiteral("dev, test or all (default: all, side by side with the dev - test gap)."),
                                 QStringLiteral("NAME"), QStringLiteral("all"));
    QCommandLineOption labels_opt(QStringLiteral("labels"), QStringLiteral("Labels of emitted slots (default bench/data/extract_gold/labels.jsonl)."),
                                  QStringLiteral("FILE"), QString::fromStdString(o.labels_file));
    QCommandLineOption gold_opt(QStringLiteral("gold"), QStringLiteral("Gold claims (default bench/data/extract_gold/gold.jsonl)."),
                                QStringLiteral("FILE"), QString::fromStdString(o.gold_file));
    QCommandLineOption split_file_opt(QStringLiteral("split-file"), QStringLiteral("The dev/test manifest (default bench/data/extract_gold/split.tsv)."),
                                      QStringLiteral("FILE"), QString::fromStdString(o.split_file));
    QCommandLineOption dispute_labels_opt(QStringLiteral("dispute-labels"),
                                          QStringLiteral("Verdicts on the disputes of merged logs (default: dispute_labels.jsonl beside the labels file)."),
                                          QStringLiteral("FILE"));
    QCommandLineOption rules_opt(QStringLiteral("rules"), QStringLiteral("default (rules measured >= 0.8 on dev) or all."),
                                 QStringLiteral("SET"), QStringLiteral("default"));
    QCommandLineOption root_opt(QStringLiteral("root"), QStringLiteral("Repository root the log paths under bench/ resolve against (default .)."),
                                QStringLiteral("DIR"), QStringLiteral("."));
    QCommandLineOption shared_opt(QStringLiteral("shared-data"),
                                  QStringLiteral("Where ../shared/data/ paths resolve (default $BM_SHARED_DATA, else ROOT/../shared/data)."),
                                  QStringLiteral("DIR"));
    QCommandLineOption misses_opt(QStringLiteral("misses"),
                                  QStringLiteral("Also list the gold claims no emitted slot matched, and the value that matched each recalled one (tune on --split dev only)."));
    QCommandLineOption extractor_opt(QStringLiteral("extractor"),
                                     QStringLiteral("heuristic (default) or model: the model arm, one joint alignment call "
                                                    "per log to --endpoint (a local OpenAI-compatible server); on a "
                                                    "failed call that log falls back to the heuristic, with a warning."),
                                     QStringLiteral("NAME"), QStringLiteral("heuristic"));
    QCommandLineOption records_opt(QStringLiteral("workspace"),
                                   QStringLiteral("Model arm: workspace where the calls are recorded (and replayed from)."),
                                   QStringLiteral("FILE"));
    WorkspaceSlotOptions service;  // --endpoint, --model, --timeout, --replay as `merge --extractor model`
    for (auto* opt : {&service.endpoint, &service.model, &service.timeout, &service.replay, &service.insecure_http,
                      &extractor_opt, &records_opt})
        parser.addOption(*opt);
    for (auto* opt : {&misses_opt, &json_opt, &split_opt, &labels_opt, &dispute_labels_opt, &gold_opt, &split_file_opt, &rules_opt, &root_opt, &shared_opt})
        parser.addOption(*opt);
    auto p = parse(parser, args,
                   QStringLiteral("Run ingest -> extraction (heuristic, or --extractor model) -> merge on every conversation log of the gold set\n"
                                  "and report, per format and overall: slots, strict precision (good / labelled), lenient\n"
                                  "precision ((good + partial/2) / labelled), recall (gold claims matched by an emitted\n"
                                  "slot), dispute precision, and per rule. Lists every emitted slot value without a label.\n"
                                  "Then merges each split's logs of one format together and reports the merge's disputed\n"
                                  "slots and how many are real alternatives (dispute precision across logs).\n"
                                  "Exit status 1 when a file cannot be read, or some value the heuristic emits or some\n"
                                  "dispute of a merge carries no label."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    o.split = to_std(parser.value(split_opt));
    o.rules = to_std(parser.value(rules_opt));
    if (o.split != "dev" && o.split != "test" && o.split != "all") {
        print_err("beliefmerge bench extract: --split must be dev, test or all\n");
        return kUsage;
    }
    if (o.rules != "default" && o.rules != "all") {
        print_err("beliefmerge bench extract: --rules must be default or all\n");
        return kUsage;
    }
    const std::string extractor = to_std(parser.value(extractor_opt));
    ModelCallCounts model_calls;  // model arm: logs extracted, and of those the ones the heuristic took over
    if (extractor != "heuristic" && extractor != "model") {
        print_err("beliefmerge bench extract: --extractor must be heuristic or model\n");
        return kUsage;
    }
    if (extractor == "model") {
        auto config = service_config(parser, service, "bench extract", to_std(parser.value(records_opt)), false);
        if (!config) return kUsage;
        if (!config->has_endpoint() && !parser.isSet(service.replay)) {
            print_err("beliefmerge bench extract: the model arm needs --endpoint URL (or $BELIEFMERGE_ENDPOINT), "
                      "e.g. http://127.0.0.1:11434/v1 for Ollama\n");
            return kUsage;
        }
        o.extractor = "model";
        o.prose = prose_extractor(ExtractorChoice{ExtractorKind::kModel, config}, &model_calls);
    }
    o.labels_file = to_std(parser.value(labels_opt));
    o.dispute_labels_file = to_std(parser.value(dispute_labels_opt));
    o.gold_file = to_std(parser.value(gold_opt));
    o.split_file = to_std(parser.value(split_file_opt));
    o.root = to_std(parser.value(root_opt));
    o.shared_data = to_std(parser.value(shared_opt));
    auto report = extract_bench::run_extract_bench(o);
    if (!report) {
        print_err("beliefmerge bench extract: " + report.error().to_string() + "\n");
        return kFailed;
    }
    if (parser.isSet(json_opt)) {
        auto text = extract_bench::report_json(*report);
        if (!text) {
            print_err("beliefmerge bench extract: " + text.error().to_string() + "\n");
            return kFailed;
        }
        print_out(*text + "\n");
    } else {
        print_out(extract_bench::report_markdown(*report, bench::machine_line(bench::describe_machine())));
        if (parser.isSet(misses_opt)) print_out(extract_bench::missed_markdown(*report));
    }
    if (!report->unread.empty())
        print_err("beliefmerge bench extract: " + std::to_string(report->unread.size()) +
                  " gold logs are in a shape the reader refuses; they emit nothing and their gold counts as missed "
                  "(listed in the report)\n");
    if (o.extractor == "model") {
        print_err("beliefmerge bench extract: model arm: " + std::to_string(model_calls.fell_back) + " of " +
                  std::to_string(model_calls.calls) + " logs fell back to the heuristic extractor\n");
        if (model_calls.fell_back == model_calls.calls) {
            print_err("beliefmerge bench extract: no model call succeeded: the figures above are the heuristic's\n");
            return kFailed;
        }
    }
    // The heuristic's values must all be labelled (labels follow the code); the model's cannot be,
    // so its precision counts the labelled values only and its recall is the figure to read.
    if (!report->unlabelled.empty() && o.extractor == "heuristic") {
        print_err("beliefmerge bench extract: " + std::to_string(report->unlabelled.size()) +
                  " emitted slot values carry no label in " + o.labels_file + " (listed in the report)\n");
        return kFailed;
    }
    if (report->unlabelled_disputes > 0 && o.extractor == "heuristic") {
        print_err("beliefmerge bench extract: " + std::to_string(report->unlabelled_disputes) +
                  " disputes of merged logs carry no verdict in " +
                  (o.dispute_labels_file.empty() ? std::string("dispute_labels.jsonl beside ") + o.labels_file : o.dispute_labels_file) +
                  " (listed in the report)\n");
        return kFailed;
    }
    return kOk;
}

}  // namespace bm::cli
