// CLI option parsing and output helpers.
#include "cli/cli_common.h"

#include <cstdio>
#include <utility>
#include <cstdlib>

namespace bm::cli {

std::string to_std(const QString& s) { return s.toStdString(); }

std::vector<std::string> to_std(const QStringList& list) {
    std::vector<std::string> out;
    for (const auto& s : list) out.push_back(s.toStdString());
    return out;
}

void print_out(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

void print_err(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
}

std::string workspace_path(const QCommandLineParser& parser, const QCommandLineOption& option) {
    if (parser.isSet(option)) return to_std(parser.value(option));
    if (const char* env = std::getenv("BELIEFMERGE_WORKSPACE"); env && *env) return env;
    return "workspace.bmws";
}

std::string reviewer_name(const QCommandLineParser& parser, const QCommandLineOption& option) {
    std::string name = to_std(parser.value(option));
    if (name.empty())
        if (const char* user = std::getenv("USER"); user) name = user;
    return name;
}

void InputLimitOptions::add_to(QCommandLineParser& parser) const {
    parser.addOption(max_input_bytes);
    parser.addOption(max_zstd_ratio);
}

std::optional<InputLimits> InputLimitOptions::read(const QCommandLineParser& parser, const std::string& command) const {
    InputLimits limits;
    for (auto [option, value] : {std::pair{&max_input_bytes, &limits.max_input_bytes}, std::pair{&max_zstd_ratio, &limits.max_zstd_ratio}}) {
        if (!parser.isSet(*option)) continue;
        bool ok = false;
        const qlonglong n = parser.value(*option).toLongLong(&ok);
        if (!ok || n < 1) {
            print_err("beliefmerge " + command + ": --" + to_std(option->names().front()) + " must be a positive integer, not '" +
                      to_std(parser.value(*option)) + "'\n");
            return std::nullopt;
        }
        *value = n;
    }
    return limits;
}

Parsed parse(QCommandLineParser& parser, const QStringList& args, const QString& description,
             const QString& positional_name, const QString& positional_help, int min_positionals) {
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    if (!positional_name.isEmpty()) parser.addPositionalArgument(positional_name, positional_help);
    Parsed p;
    if (!parser.parse(args)) {
        print_err("beliefmerge: " + to_std(parser.errorText()) + "\n" + "try '" + to_std(args.value(0)) +
                  " --help'\n");
        p.done = true;
        p.exit_code = kUsage;
        return p;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt's help names the binary's full path and offers Qt-internal options; show neither.
        QStringList lines = parser.helpText().split(QLatin1Char('\n'));
        QStringList kept;
        for (const QString& line : lines)
            if (!line.contains(QStringLiteral("--help-all"))) kept << line;
        if (!kept.isEmpty() && kept.first().startsWith(QStringLiteral("Usage: "))) {
            QString usage = kept.first();
            usage.replace(0, usage.indexOf(QStringLiteral(" [options]")), QStringLiteral("Usage: ") + args.value(0));
            kept.first() = usage;
        }
        print_out(to_std(kept.join(QLatin1Char('\n'))));
        p.done = true;
        return p;
    }
    if (parser.positionalArguments().size() < min_positionals) {
        print_err("beliefmerge: missing " + to_std(positional_name) + "\ntry '" + to_std(args.value(0)) +
                  " --help'\n");
        p.done = true;
        p.exit_code = kUsage;
    }
    return p;
}

}  // namespace bm::cli
