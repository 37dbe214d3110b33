// `beliefmerge merge PATH... --budget N`: extract, merge and pack the logs into one context block;
// with --workspace, model calls are recorded/replayed there and its decisions are applied.
#include <unistd.h>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/extractor_choice.h"
#include "cli/workspace_slots.h"
#include "ingest/ingest.h"
#include "pack/token_counter_factory.h"
#include "snapshot/packed_block.h"
#include "snapshot/workspace_sessions.h"
#include "util/durable_write.h"

namespace bm::cli {

int command_merge(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption budget_opt(QStringLiteral("budget"), QStringLiteral("Token budget for the whole block (header, banner, items, trailer). Required."), QStringLiteral("N"));
    QCommandLineOption format_opt(QStringLiteral("format"), QStringLiteral("md (default: Markdown for injection), json (structured, full provenance) or dsh (a DeepSeek Harness user message)."), QStringLiteral("FORMAT"), QStringLiteral("md"));
    QCommandLineOption query_opt(QStringLiteral("query"), QStringLiteral("Prefer slots whose key or value shares words with TEXT."), QStringLiteral("TEXT"));
    QCommandLineOption current_opt(QStringLiteral("current"), QStringLiteral("The current session: its user's claims are TRUSTED (default: none)."), QStringLiteral("SESSION"));
    QCommandLineOption out_opt(QStringLiteral("out"), QStringLiteral("Write the block to FILE (fsynced, atomically replaced) instead of stdout."), QStringLiteral("FILE"));
    QCommandLineOption algorithm_opt(QStringLiteral("algorithm"), QStringLiteral("partial (default: partial enumeration, seeds of size <= 3 from the top 16) or greedy (density greedy)."), QStringLiteral("NAME"), QStringLiteral("partial"));
    QCommandLineOption tokenizer_opt(QStringLiteral("tokenizer"), QStringLiteral("How tokens are counted (the pack report names the counter): auto (default: cl100k_base when fetched by scripts/fetch_tokenizers.sh, else the calibrated estimator; $BELIEFMERGE_TOKENIZER overrides the default), estimate, a cached vocabulary name such as cl100k_base, or a path to a .tiktoken file, an npm tiktoken encoder JSON or a Hugging Face tokenizer.json (the target model's tokenizer)."), QStringLiteral("SPEC"), QString::fromStdString(default_tokenizer_spec()));
    QCommandLineOption quiet_opt(QStringLiteral("quiet"), QStringLiteral("Do not print the pack report to stderr."));
    QCommandLineOption workspace_opt(QStringLiteral("workspace"), QStringLiteral("A workspace (SQLite): model calls are recorded there and replayed from there when present, and its human decisions and model resolutions (`decide`, `adjudicate`) are applied to the block. Without PATH, its imported sessions are merged."), QStringLiteral("FILE"));
    ExtractorOptions ext;  // --extractor, and --endpoint, --model, --replay, --timeout (shared with `inspect`)
    for (auto* o : {&budget_opt, &format_opt, &query_opt, &current_opt, &ext.extractor, &ext.rules, &ext.min_confidence, &out_opt, &algorithm_opt, &tokenizer_opt, &quiet_opt,
                    &workspace_opt, &ext.service.endpoint, &ext.service.model, &ext.service.replay, &ext.service.timeout, &ext.service.insecure_http})
        parser.addOption(*o);
    const InputLimitOptions limit_opts;
    limit_opts.add_to(parser);
    auto p = parse(parser, args,
                   QStringLiteral("Extract claims from session logs, merge them, and pack the result into a context block\n"
                                  "that never exceeds the token budget (every byte counted by --tokenizer).\n"
                                  "Exit status: 0 a block was written; 1 nothing can be injected (a trust invariant is\n"
                                  "violated, or the budget cannot hold header + banner + one item; the reason goes to\n"
                                  "stderr); 2 bad usage or unreadable input."),
                   QStringLiteral("PATH..."), QStringLiteral("Log files or directories (any supported format)."), 0);
    if (p.done) return p.exit_code;
    const std::string workspace = to_std(parser.value(workspace_opt));
    if (parser.positionalArguments().isEmpty() && workspace.empty()) {
        print_err("beliefmerge: missing PATH... (or --workspace FILE)\ntry '" + to_std(args.value(0)) + " --help'\n");
        return kUsage;
    }
    bool number_ok = false;
    const qulonglong budget = parser.value(budget_opt).toULongLong(&number_ok);
    if (!parser.isSet(budget_opt) || !number_ok) {
        print_err("beliefmerge merge: --budget N is required (a non-negative whole number of tokens)\n");
        return kUsage;
    }
    PackOptions options;
    options.budget = static_cast<size_t>(budget);
    options.query = to_std(parser.value(query_opt));
    if (!pack_format_from_name(to_std(parser.value(format_opt)), &options.format)) {
        print_err("beliefmerge merge: unknown format '" + to_std(parser.value(format_opt)) + "' (md, json or dsh)\n");
        return kUsage;
    }
    const QString algorithm = parser.value(algorithm_opt);
    if (algorithm == QStringLiteral("greedy")) options.algorithm = PackAlgorithm::kDensityGreedy;
    else if (algorithm != QStringLiteral("partial")) {
        print_err("beliefmerge merge: unknown algorithm '" + to_std(algorithm) + "' (partial or greedy)\n");
        return kUsage;
    }
    const auto extractor = extractor_choice(parser, ext, "merge", workspace);
    if (!extractor) return kUsage;

    auto inputs = expand_inputs(to_std(parser.positionalArguments()));
    bool errors = !inputs.errors.empty();
    for (const auto& e : inputs.errors) print_err("error: " + e.to_string() + "\n");
    ReadOptions read;
    read.keep_raw = false;
    if (auto limits = limit_opts.read(parser, "merge")) read.limits = *limits;
    else return kUsage;
    std::vector<Session> sessions;
    for (const auto& file : inputs.files) {
        ReadResult r = read_file(file, read);
        errors |= !r.ok();
        for (const auto& e : r.errors) print_err("error: " + e.to_string() + "\n");
        for (const auto& w : r.warnings) print_err("warning: " + w.to_string() + "\n");
        for (auto& s : r.sessions) sessions.push_back(std::move(s));
    }
    if (errors) return kUsage;
    if (parser.positionalArguments().isEmpty()) {  // then --workspace is set (checked above)
        auto stored = ::access(workspace.c_str(), F_OK) == 0 ? load_workspace_sessions(workspace)
                                                             : Result<std::vector<Session>>(std::vector<Session>{});
        if (!stored) {
            print_err("beliefmerge merge: " + stored.error().to_string() + "\n");
            return kUsage;
        }
        if (stored->empty()) {
            print_err("beliefmerge merge: the workspace " + workspace + " holds no sessions (import some with "
                      "`beliefmerge import PATH... --workspace " + workspace + "`, or give PATH...)\n");
            return kUsage;
        }
        sessions = std::move(*stored);
    }
    auto counter = open_token_counter(to_std(parser.value(tokenizer_opt)));
    if (!counter) {
        print_err("beliefmerge merge: " + counter.error().to_string() + "\n");
        return kUsage;
    }
    SnapshotOptions build;
    build.extract.trust.current_session = canonical_session_id(to_std(parser.value(current_opt)));
    if (!read_rule_options(parser, ext, "merge", build.extract)) return kUsage;
    build.prose = prose_extractor(*extractor);
    build.decisions_from = workspace;  // human decisions and model resolutions recorded there
    auto review = build_review_snapshot(std::move(sessions), build);
    if (!review) {
        print_err("beliefmerge merge: " + review.error().to_string() + "\n");
        return kFailed;
    }
    print_stale_decisions(*review, workspace);
    auto packed = pack_review_snapshot(*review, options, **counter);
    if (!packed) {
        print_err("beliefmerge merge: " + packed.error().to_string() + "\n");
        return kFailed;
    }
    const PackReport& r = packed->report;
    if (!parser.isSet(quiet_opt) || r.empty) {
        std::string line = "packed " + std::to_string(r.included) + " of " + std::to_string(r.candidates) + " slots, " +
                           std::to_string(r.tokens) + "/" + std::to_string(r.budget) + " tokens (" + r.counter + ", " +
                           r.format + ")";
        if (!r.algorithm.empty())
            line += ", " + r.algorithm + (r.beat_greedy ? ", beat density greedy" : ", same as density greedy");
        if (r.empty) line += "; nothing injected: " + r.reason;
        print_err(line + "\n");
    }
    if (r.empty) return kFailed;
    if (parser.isSet(out_opt)) {
        if (auto st = write_file_durably(to_std(parser.value(out_opt)), packed->block); !st) {
            print_err("beliefmerge merge: " + st.error().to_string() + "\n");
            return kFailed;
        }
        return kOk;
    }
    print_out(packed->block);
    return kOk;
}

}  // namespace bm::cli
