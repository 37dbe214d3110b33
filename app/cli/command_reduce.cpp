// `beliefmerge reduce --tool NAME [--store DIR]`: M1 verified ingress reduction of one tool output on stdin.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/fold_command.h"
#include "reduce/reduce_mcp_tools.h"

namespace bm::cli {

namespace {

std::string read_stdin() {
    std::string bytes;
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, stdin)) > 0;) bytes.append(buf, n);
    return bytes;
}

std::string profiles_table() {
    std::string out = "tool                  policy     reducer  sniff\n";
    for (const auto& p : default_ingress_profiles()) {
        std::string row = p.tool_name;
        row.resize(22, ' ');
        std::string policy = ingress_policy_name(p.policy);
        policy.resize(11, ' ');
        std::string reducer = p.reducer ? reducer_kind_name(*p.reducer) : "-";
        reducer.resize(9, ' ');
        out += row + policy + reducer + (p.sniff ? "yes" : (p.policy == IngressPolicy::kProtected ? p.why : "no")) + "\n";
    }
    return out + "(any other tool: unknown, never reduced)\n";
}

}  // namespace

std::string default_reduce_store() {
    if (const char* s = std::getenv("BELIEFMERGE_STORE"); s && *s) return s;
    if (const char* x = std::getenv("XDG_STATE_HOME"); x && *x) return std::string(x) + "/beliefmerge/store";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.local/state/beliefmerge/store";
}

int command_reduce(const QStringList& args) {
    FoldCommand cmd("reduce");
    const auto& tool_opt = cmd.option(QStringLiteral("tool"), QStringLiteral("The tool that produced the output (its profile decides eligible, protected or unknown)."), QStringLiteral("NAME"));
    const auto& store_opt = cmd.option(QStringLiteral("store"), QStringLiteral("Store of the exact artifacts and tool verdicts (default: $BELIEFMERGE_STORE, else $XDG_STATE_HOME/beliefmerge/store). A fold store works."), QStringLiteral("DIR"));
    const auto& error_opt = cmd.option(QStringLiteral("error"), QStringLiteral("The output is an error result (protected: passed through)."));
    const auto& min_opt = cmd.option(QStringLiteral("min-bytes"), QStringLiteral("Outputs shorter than N bytes pass through (default 1024)."), QStringLiteral("N"));
    const auto& confirm_opt = cmd.option(QStringLiteral("confirm"), QStringLiteral("Surviving-digest check: stdin is the finalised result; exit 1 and mark the tool incompatible when its digest is not HEX."), QStringLiteral("HEX"));
    const auto& profiles_opt = cmd.option(QStringLiteral("profiles"), QStringLiteral("Print the tool profile table and exit."));
    auto p = cmd.parse(args,
                   QStringLiteral("Reduce one tool output (stdin) before it enters an agent's context; the text to use goes to\n"
                                  "stdout. Eligible outputs are stored exactly and verified first (DIR/artifacts/<sha256>.out),\n"
                                  "then reduced by the tool's reducer (log, json, diff, search, test), which keeps every error\n"
                                  "line, failing test, hunk header and match location. The first line of a reduced text names\n"
                                  "the artifact: `beliefmerge recall DIR art:<hex>` prints the original byte for byte. Error\n"
                                  "results, security findings, subagent final results and unknown tools pass through\n"
                                  "unchanged; so do tools marked incompatible by a failed --confirm. The decision goes to\n"
                                  "stderr (--json: the whole outcome as JSON on stdout instead)."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (cmd.is_set(profiles_opt)) {
        print_out(profiles_table());
        return kOk;
    }
    if (!cmd.is_set(tool_opt) || cmd.value(tool_opt).empty()) return cmd.usage("--tool NAME is required");
    IngressOptions options;
    if (!cmd.sizes({{&min_opt, &options.min_bytes}})) return kUsage;
    IngressReducer reducer(cmd.is_set(store_opt) ? cmd.value(store_opt) : default_reduce_store(), options);
    if (Status opened = reducer.open(); !opened.ok()) return cmd.fail_with(opened.error());
    const std::string input = read_stdin();
    const std::string tool = cmd.value(tool_opt);
    if (cmd.is_set(confirm_opt)) {
        auto survived = reducer.confirm_digest(tool, cmd.value(confirm_opt), input);
        if (!survived.ok()) return cmd.fail_with(survived.error());
        if (cmd.json()) print_out(nlohmann::json{{"survived", *survived}, {"tool", tool}, {"incompatible", !*survived}}.dump(2) + "\n");
        else if (*survived) print_err("beliefmerge reduce: the reduced content of " + tool + " survived\n");
        else cmd.error("the finalised result of " + tool + " is not the reduced content: " + tool +
                       " is marked incompatible and will not be reduced again");
        return *survived ? kOk : kFailed;
    }
    auto outcome = reducer.reduce({tool, input, cmd.is_set(error_opt)});
    if (!outcome.ok()) return cmd.fail_with(outcome.error());
    if (cmd.json()) {
        print_out(ingress_outcome_json(*outcome).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        return kOk;
    }
    print_out(outcome->text);
    if (outcome->decision == IngressDecision::kReduced)
        print_err("beliefmerge reduce: reduced by " + std::string(reducer_kind_name(*outcome->reducer)) + ", " +
                  std::to_string(outcome->lines_before) + " -> " + std::to_string(outcome->lines_kept) + " lines, " +
                  std::to_string(outcome->raw_bytes) + " -> " + std::to_string(outcome->text.size()) +
                  " bytes; reduced digest " + outcome->reduced_digest + "\n");
    else
        print_err("beliefmerge reduce: passed through (" + std::string(ingress_decision_name(outcome->decision)) + ": " +
                  outcome->reason + ")\n");
    return kOk;
}

}  // namespace bm::cli
