// Subcommand dispatch and top-level help of `beliefmerge`.
#include "cli/commands.h"

#include "cli/cli_common.h"

namespace bm::cli {

namespace {

const char* kUsageText =
    "usage: beliefmerge <command> [options]\n"
    "\n"
    "Merge agent session logs into a provenance-typed claim graph.\n"
    "\n"
    "commands:\n"
    "  import PATH... [--workspace FILE]   read session logs into a workspace (SQLite)\n"
    "  inspect PATH... --summary [--json]  report what each log holds, without storing it\n"
    "  inspect PATH... --slots [--json]    extract, merge and print every slot (state, values, trust)\n"
    "  bench confluence [--json]           the merge-confluence experiment (SPEC §6)\n"
    "\n"
    "Run 'beliefmerge <command> --help' for a command's options.\n"
    "Exit status: 0 ok, 1 a failed check or refused operation, 2 bad usage or bad input.\n";

}  // namespace

int run(const QStringList& arguments) {
    if (arguments.size() < 2 || arguments[1] == QStringLiteral("--help") || arguments[1] == QStringLiteral("-h") ||
        arguments[1] == QStringLiteral("help")) {
        print_out(kUsageText);
        return arguments.size() < 2 ? kUsage : kOk;
    }
    if (arguments[1] == QStringLiteral("--version")) {
        print_out("beliefmerge 0.1.0\n");
        return kOk;
    }
    const QString command = arguments[1];
    QStringList rest = arguments.mid(2);
    rest.prepend(QStringLiteral("beliefmerge ") + command);
    if (command == QStringLiteral("import")) return command_import(rest);
    if (command == QStringLiteral("inspect")) return command_inspect(rest);
    if (command == QStringLiteral("bench")) return command_bench(rest);
    print_err("beliefmerge: unknown command '" + to_std(command) + "'\n\n" + kUsageText);
    return kUsage;
}

}  // namespace bm::cli
