// Shared plumbing of CLI subcommands: exit codes, option parsing with --help, output helpers.
#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "ingest/byte_source.h"

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

// --max-input-bytes and --max-zstd-ratio, shared by every command that reads session logs.
struct InputLimitOptions {
    QCommandLineOption max_input_bytes{QStringLiteral("max-input-bytes"),
        QStringLiteral("Refuse an input larger than N bytes once decompressed (default 1073741824)."), QStringLiteral("N")};
    QCommandLineOption max_zstd_ratio{QStringLiteral("max-zstd-ratio"),
        QStringLiteral("Refuse a zstd input that decompresses to more than R times its compressed size, once past 16 MiB "
                       "(default 100)."), QStringLiteral("R")};
    void add_to(QCommandLineParser& parser) const;
    // The limits asked for; nullopt (after a usage error naming `command`) when a value is not a positive integer.
    std::optional<InputLimits> read(const QCommandLineParser& parser, const std::string& command) const;
};

}  // namespace bm::cli
