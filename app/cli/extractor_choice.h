// `--extractor heuristic|oracle|model` with the model options, shared by `merge` and `inspect`:
// one validation and one extraction path (model alignment, heuristic fallback with a warning).
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>
#include <string>
#include <vector>

#include "cli/workspace_slots.h"
#include "extract/branch_claims.h"
#include "snapshot/review_snapshot.h"
#include "service_config.h"

namespace bm::cli {

// The options; each command adds them to its parser in its own order (help text order).
struct ExtractorOptions {
    QCommandLineOption extractor{
        QStringLiteral("extractor"),
        QStringLiteral("heuristic (default), oracle (native JSONL annotations) or model (one joint "
                       "alignment call; on any failure the heuristic runs instead, with a warning)."),
        QStringLiteral("NAME"), QStringLiteral("heuristic")};
    WorkspaceSlotOptions service;  // --endpoint, --model, --replay, --timeout (as `adjudicate`)
    QCommandLineOption rules{
        QStringLiteral("rules"),
        QStringLiteral("Heuristic rules: default (those at >= 0.8 precision, docs/extract.md) or all."),
        QStringLiteral("SET"), QStringLiteral("default")};
    QCommandLineOption min_confidence{
        QStringLiteral("min-confidence"),
        QStringLiteral("Leave out claims whose rule's confidence is below X (0..1, default 0)."), QStringLiteral("X"),
        QStringLiteral("0")};
};

enum class ExtractorKind { kHeuristic, kOracle, kModel };

// A validated --extractor; `config` is set for `model` (calls recorded in the workspace, if any).
struct ExtractorChoice {
    ExtractorKind kind = ExtractorKind::kHeuristic;
    std::optional<services::ServiceConfig> config;
};

// Validates --extractor, --replay (needs `workspace`, where the calls were recorded) and, for
// model, --endpoint/--model/--timeout. On bad usage prints "beliefmerge COMMAND: ..." to stderr
// and returns nullopt (the caller exits 2).
std::optional<ExtractorChoice> extractor_choice(const QCommandLineParser& parser,
                                                const ExtractorOptions& o,
                                                const std::string& command,
                                                const std::string& workspace);

// Reads --rules and --min-confidence into `extract`. On bad usage prints "beliefmerge COMMAND: ..."
// to stderr and returns false (the caller exits 2).
bool read_rule_options(const QCommandLineParser& parser, const ExtractorOptions& o, const std::string& command,
                       ExtractOptions& extract);

// How many model extractions ran and how many of them fell back to the heuristic.
struct ModelCallCounts {
    size_t calls = 0, fell_back = 0;
};

// The chosen extractor as the snapshot pipeline takes it (empty: heuristic). Model warnings (a
// fallback to the heuristic, dropped items) go to stderr, one line each, never silently; `counts`,
// when given, counts the model's extractions. REQUIRES: `counts` outlives the returned extractor.
ProseExtractor prose_extractor(const ExtractorChoice& choice, ModelCallCounts* counts = nullptr);

}  // namespace bm::cli
