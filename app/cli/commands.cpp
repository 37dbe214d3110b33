// Subcommand dispatch and top-level help of `beliefmerge`: one table row per command.
#include "cli/commands.h"

#include <string>

#include "cli/cli_common.h"

namespace bm::cli {

namespace {

struct CommandEntry {
    const char* name;
    int (*run)(const QStringList& args);
    const char* synopsis;  // one or more "  name ARGS   what it does\n" lines for the top-level help
};

// Add a command here (and its declaration in commands.h); the help text is built from this table.
const CommandEntry kCommands[] = {
    {"import", command_import, "  import PATH... [--workspace FILE]   read session logs into a workspace (SQLite)\n"},
    {"inspect", command_inspect,
     "  inspect PATH... --summary [--json]  report what each log holds, without storing it\n"
     "  inspect PATH... --slots [--json]    extract, merge and print every slot (state, values, trust)\n"
     "        [--extractor heuristic|oracle|model] [--rules default|all] [--min-confidence X] [--workspace FILE]\n"},
    {"rules", command_rules,
     "  rules [--off] [--markdown|--json]   the extractor's rules: slot type, on by default or not, confidence\n"},
    {"merge", command_merge,
     "  merge PATH... --budget N [--format md|json|dsh] [--query TEXT] [--current SESSION]\n"
     "        [--extractor heuristic|oracle|model] [--rules default|all] [--min-confidence X] [--workspace FILE] [--out FILE]\n"
     "        pack the merged claims into a context block\n"},
    {"fold", command_fold,
     "  fold PATH --store DIR [--mode leaf|root|emergency] [--retain-tokens N] [--until-tokens N] [--reduce]\n"
     "        fold a session into immutable checkpoint bundles (SPEC §12)\n"},
    {"verify", command_verify, "  verify DIR [--clean] [--json]       verify every checkpoint bundle of a store\n"},
    {"search", command_search, "  search DIR QUERY [--limit N]        search folded history (FTS5, newest first)\n"},
    {"recall", command_recall,
     "  recall DIR REF [--depth summary|detail|exact] [--offset N --limit N]   recall a checkpoint exactly\n"
     "  recall DIR art:HEX                  the exact original of a reduced tool output\n"},
    {"reduce", command_reduce,
     "  reduce --tool NAME [--store DIR] [--error] [--json] < OUTPUT   reduce a tool output on ingress (M1):\n"
     "        exact artifact stored and verified first; errors, security findings, subagent results kept whole\n"},
    {"adjudicate", command_adjudicate,
     "  adjudicate WORKSPACE [--endpoint URL --model NAME] [--replay]  settle ties with a model (symmetry-checked)\n"},
    {"decide", command_decide,
     "  decide WORKSPACE --slot KEY --accept|--choose V|--both|--conditional G|--unresolvable --reason TEXT\n"
     "                                      record a human decision (append-only); --list shows them\n"},
    {"approve", command_approve,
     "  approve --project DIR [--budget N] [--show] [--digest HEX] | --status [--json] | --policy none|reviewed|fresh\n"
     "        [--workspace FILE]            approve a project's block for injection (append-only)\n"},
    {"hook", command_hook,
     "  hook claude-code|dsh [--workspace FILE]   inject a project's approved block (fails closed)\n"
     "  hook install|uninstall claude-code [--project|--user|--settings FILE]   add/remove the SessionStart hook\n"},
    {"mcp", command_mcp, "  mcp --store DIR [--workspace FILE] [--allow DIR]...   MCP server over stdio: context_search,\n"
     "                                      context_recall, merge_context (logs under --allow DIR and the client's\n"
     "                                      roots only), approved_context, reduce_tool_output, confirm_tool_output,\n"
     "                                      recall_tool_output\n"},
    {"meld", command_meld,
     "  meld admit|log|status|calibrate     admit claims from other memories (MELD); Patch log; status\n"
     "  meld init|publish|serve             a brain and its key; publish a workspace's claims; serve over NATS\n"},
    {"bench", command_bench,
     "  bench confluence [--json]           the merge-confluence experiment (SPEC §6)\n"
     "  bench mergebench [--seeds N] [--topics N] [--branches N] [--budget N] [--family NAME] [--json]\n"
     "        [--tokenizer SPEC] [--workspace FILE] [--endpoint URL] [--model NAME] [--replay] [--timeout S]\n"
     "        MergeBench: merge vs concatenation (SPEC §11)\n"
     "  bench extract [--split dev|test|all] [--labels FILE] [--rules default|all] [--misses] [--json]\n"
     "                [--extractor heuristic|model --endpoint URL --model NAME [--workspace FILE] [--replay]]\n"
     "        the heuristic extractor on the extraction gold set (docs/extract.md)\n"},
};

std::string usage_text() {
    std::string text =
        "usage: beliefmerge <command> [options]\n"
        "\n"
        "Merge agent session logs into a provenance-typed claim graph.\n"
        "\n"
        "commands:\n";
    for (const CommandEntry& entry : kCommands) text += entry.synopsis;
    text +=
        "\n"
        "Run 'beliefmerge <command> --help' for a command's options.\n"
        "Exit status: 0 ok, 1 a failed check or refused operation, 2 bad usage or bad input.\n";
    return text;
}

}  // namespace

int run(const QStringList& arguments) {
    if (arguments.size() < 2 || arguments[1] == QStringLiteral("--help") || arguments[1] == QStringLiteral("-h") ||
        arguments[1] == QStringLiteral("help")) {
        print_out(usage_text());
        return arguments.size() < 2 ? kUsage : kOk;
    }
    if (arguments[1] == QStringLiteral("--version")) {
        print_out("beliefmerge 0.1.0\n");
        return kOk;
    }
    const QString command = arguments[1];
    QStringList rest = arguments.mid(2);
    rest.prepend(QStringLiteral("beliefmerge ") + command);
    for (const CommandEntry& entry : kCommands) {
        if (command == QLatin1String(entry.name)) return entry.run(rest);
    }
    print_err("beliefmerge: unknown command '" + to_std(command) + "'\n\n" + usage_text());
    return kUsage;
}

}  // namespace bm::cli
