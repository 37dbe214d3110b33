// `beliefmerge import PATH... [--workspace FILE]`: read logs and store them in a workspace.
#include <unistd.h>

#include <cstdlib>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "ingest/ingest.h"
#include "store/workspace.h"

namespace bm::cli {

int command_import(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption workspace_opt(QStringLiteral("workspace"),
        QStringLiteral("Workspace file (SQLite). Default: $BELIEFMERGE_WORKSPACE, else ./workspace.bmws."),
        QStringLiteral("FILE"));
    parser.addOption(workspace_opt);
    const InputLimitOptions limit_opts;
    limit_opts.add_to(parser);
    auto p = parse(parser, args,
                   QStringLiteral("Read session logs (any supported format) into a workspace. Secrets are redacted\n"
                                  "before anything is stored; valid records before damage are kept. Exit status 2\n"
                                  "when any input had errors, 1 when the workspace refused the import."),
                   QStringLiteral("PATH..."), QStringLiteral("Log files or directories."), 1);
    if (p.done) return p.exit_code;
    ReadOptions read;
    if (auto limits = limit_opts.read(parser, "import")) read.limits = *limits;
    else return kUsage;
    const std::string path = workspace_path(parser, workspace_opt);
    auto ws = Workspace::open(path);
    if (!ws) {
        print_err("beliefmerge import: " + ws.error().to_string() + "\n");
        return kFailed;
    }
    auto inputs = expand_inputs(to_std(parser.positionalArguments()));
    bool input_errors = !inputs.errors.empty();
    for (const auto& e : inputs.errors) print_err("error: " + e.to_string() + "\n");
    for (const auto& w : inputs.warnings) print_err("warning: " + w.to_string() + "\n");
    int64_t stored_sessions = 0, stored_messages = 0, redactions = 0;
    for (const auto& file : inputs.files) {
        ReadResult r = read_file(file, read);
        input_errors |= !r.ok();
        for (const auto& e : r.errors) print_err("error: " + e.to_string() + "\n");
        for (const auto& w : r.warnings) print_err("warning: " + w.to_string() + "\n");
        auto report = (*ws)->import(r);
        if (!report) {
            print_err("beliefmerge import: " + report.error().to_string() + "\n");
            return kFailed;
        }
        for (const auto& w : report->warnings) print_err("warning: " + w.to_string() + "\n");
        for (const auto& s : report->sessions) {
            ++stored_sessions;
            stored_messages += s.message_count;
            redactions += s.redactions;
            print_out(file + ": [" + s.format + "] session " + s.key + ", " + std::to_string(s.message_count) +
                      " messages, " + std::to_string(s.redactions) + " redactions" +
                      (s.environment_added ? " (already stored; its harness environment facts added)"
                       : s.unchanged       ? " (already stored)"
                       : s.replaced        ? " (extends the stored copy byte for byte: replaced it)"
                       : !s.beside.empty() ? " (a new version, stored beside '" + s.beside + "': both kept)"
                                           : "") +
                      (r.partial ? " [partial]" : "") + "\n");
        }
    }
    print_out("imported " + std::to_string(stored_sessions) + " sessions, " + std::to_string(stored_messages) +
              " messages, " + std::to_string(redactions) + " redactions into " + path + "\n");
    return input_errors ? kUsage : kOk;
}

}  // namespace bm::cli
