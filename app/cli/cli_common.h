// Shared plumbing of CLI subcommands: exit codes, option parsing with --help, output helpers.
#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <string>
#include <vector>

namespace bm::cli {

// Exit codes of SPEC §17.
enum ExitCode { kOk = 0, kFailed = 1, kUsage = 2 };

// A parsed subcommand line. parse() prints help or a usage error itself.
struct Parsed {
    bool done = false;  // --help printed, or a usage error (see exit_code)
    int exit_code = kOk;
};

// Parses `args` (args[0] = "beliefmerge <command>"); on --help prints `description` and options.
Parsed parse(QCommandLineParser& parser, const QStringList& args, const QString& description,
             const QString& positional_name, const QString& positional_help, int min_positionals);

std::string to_std(const QString& s);
std::vector<std::string> to_std(const QStringList& list);
void print_out(const std::string& text);
void print_err(const std::string& text);

// The workspace a command works on: `option` when set, else $BELIEFMERGE_WORKSPACE, else ./workspace.bmws.
std::string workspace_path(const QCommandLineParser& parser, const QCommandLineOption& option);

// Who is acting, for append-only records: `option` when set, else $USER (empty when neither).
std::string reviewer_name(const QCommandLineParser& parser, const QCommandLineOption& option);

}  // namespace bm::cli
