// `beliefmerge inspect PATH... --summary [--json]`: what each log holds, nothing stored.
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "ingest/ingest.h"
#include "ingest/summary.h"

namespace bm::cli {

namespace {

std::string roles_text(const std::map<std::string, int64_t>& by_role) {
    std::string out;
    for (const auto& [role, n] : by_role) out += (out.empty() ? "" : " ") + role + "=" + std::to_string(n);
    return out;
}

void print_diagnostics(const std::vector<Error>& list, const char* label) {
    for (const auto& e : list) print_out(std::string("  ") + label + ": " + e.to_string() + "\n");
}

}  // namespace

int command_inspect(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption summary(QStringLiteral("summary"), QStringLiteral("Per-session counts: messages by role, tool calls and pairing, reasoning blocks, checkpoints, shadowed messages, redactions."));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print one JSON array with an object per input file."));
    QCommandLineOption max_line(QStringLiteral("max-line-bytes"), QStringLiteral("Skip (with an error) lines longer than N bytes (default 33554432)."), QStringLiteral("N"));
    parser.addOption(summary);
    parser.addOption(json_opt);
    parser.addOption(max_line);
    auto p = parse(parser, args,
                   QStringLiteral("Read session logs (any supported format, plain or .zstd) and report what they hold.\n"
                                  "Exit status 0 only when no file has errors."),
                   QStringLiteral("PATH..."), QStringLiteral("Log files or directories (a DSH session directory reads its newest generation)."), 1);
    if (p.done) return p.exit_code;
    if (!parser.isSet(summary)) {
        print_err("beliefmerge inspect: --summary is required in this version (slot views come with the engine)\n");
        return kUsage;
    }
    ReadOptions options;
    options.keep_raw = false;
    if (parser.isSet(max_line)) options.max_line_bytes = parser.value(max_line).toULongLong();
    auto inputs = expand_inputs(to_std(parser.positionalArguments()));
    const bool tty = isatty(STDERR_FILENO);
    bool any_error = !inputs.errors.empty();
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : inputs.errors)
        out.push_back({{"file", e.where().file}, {"format", "unknown"}, {"sessions", nlohmann::json::array()},
                       {"errors", {{{"message", e.message()}, {"text", e.to_string()}}}},
                       {"warnings", nlohmann::json::array()}});
    for (size_t i = 0; i < inputs.files.size(); ++i) {
        const auto& file = inputs.files[i];
        if (tty) print_err("\r[" + std::to_string(i + 1) + "/" + std::to_string(inputs.files.size()) + "] reading " + file + "\033[K");
        ReadResult r = read_file(file, options);
        any_error |= !r.ok();
        if (parser.isSet(json_opt)) {
            out.push_back(summary_json(r));
            continue;
        }
        print_out(r.file + "  [" + r.format + (r.partial ? ", partial" : "") + "]\n");
        for (const auto& s : r.sessions) {
            SessionSummary sum = summarize(s);
            print_out("  session " + sum.id + ": " + std::to_string(sum.messages) + " messages (" +
                      roles_text(sum.by_role) + "), " + std::to_string(sum.branches) + " branches, tool calls " +
                      std::to_string(sum.tool_calls_paired) + "/" + std::to_string(sum.tool_calls) +
                      " paired, " + std::to_string(sum.reasoning_blocks) + " reasoning blocks, " +
                      std::to_string(sum.checkpoints) + " checkpoints, " + std::to_string(sum.shadowed) +
                      " shadowed, " + std::to_string(sum.redactions) + " redactions\n");
        }
        print_diagnostics(r.errors, "error");
        print_diagnostics(r.warnings, "warning");
    }
    if (tty) print_err("\r\033[K");
    if (parser.isSet(json_opt)) print_out(out.dump(2) + "\n");
    else {
        for (const auto& e : inputs.errors) print_out("error: " + e.to_string() + "\n");
        for (const auto& w : inputs.warnings) print_out("warning: " + w.to_string() + "\n");
    }
    return any_error ? kUsage : kOk;
}

}  // namespace bm::cli
