// `beliefmerge approve --project P`: a reviewer approves a project's packed block for injection
// (append-only, with what it covers); `--status` says per project whether it is approved, stale
// (and what changed) or none; `--policy` sets what hooks inject when it is not approved.
#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "inject/approval_status.h"
#include "util/hash.h"

namespace bm::cli {

namespace {

std::string status_line(const ApprovalStatus& s) {
    std::string line = s.project + "  " + approval_state_name(s.state);
    if (s.approval)
        line += "  #" + std::to_string(s.approval->id) + " by " + s.approval->reviewer + " at " +
                s.approval->approved_at + ", digest " + s.approval->block_digest.substr(0, 12);
    line += "  policy " + std::string(inject_policy_name(s.policy)) + "\n";
    for (const auto& c : s.changes) line += "  - " + c + "\n";
    return line;
}

nlohmann::json status_json(const ApprovalStatus& s) {
    nlohmann::json j{{"project", s.project},
                     {"state", approval_state_name(s.state)},
                     {"policy", inject_policy_name(s.policy)},
                     {"changes", s.changes}};
    if (s.approval)
        j["approval"] = {{"id", s.approval->id},
                         {"reviewer", s.approval->reviewer},
                         {"approved_at", s.approval->approved_at},
                         {"digest", s.approval->block_digest},
                         {"budget", s.approval->budget},
                         {"tokenizer", s.approval->tokenizer},
                         {"sessions", s.approval->sessions.size()},
                         {"decisions", s.approval->decisions.decisions.size()}};
    return j;
}

int print_status(ApprovalStore& store, const std::string& only_project, bool as_json) {
    std::vector<std::string> projects{only_project};
    if (only_project.empty()) {
        auto all = store.projects();
        if (!all) {
            print_err("beliefmerge approve: " + all.error().to_string() + "\n");
            return kFailed;
        }
        projects = std::move(all).value();
    }
    nlohmann::json list = nlohmann::json::array();
    std::string text;
    for (const auto& project : projects) {
        auto status = approval_status(store, project, ProjectBlockOptions{}.extract);
        if (!status) {
            print_err("beliefmerge approve: " + status.error().to_string() + "\n");
            return kFailed;
        }
        list.push_back(status_json(*status));
        text += status_line(*status);
    }
    print_out(as_json        ? list.dump(2) + "\n"
              : text.empty() ? "no projects in the workspace\n"
                             : text);
    return kOk;
}

}  // namespace

int command_approve(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption workspace_opt(
        QStringLiteral("workspace"),
        QStringLiteral("Workspace file (default: $BELIEFMERGE_WORKSPACE, else ./workspace.bmws)."),
        QStringLiteral("FILE"));
    QCommandLineOption project_opt(
        QStringLiteral("project"),
        QStringLiteral("The project: the working directory its sessions ran in, as the logs record "
                       "it (`--status` lists them)."),
        QStringLiteral("DIR"));
    QCommandLineOption budget_opt(QStringLiteral("budget"),
                                  QStringLiteral("Token budget of the block (default 2000)."),
                                  QStringLiteral("N"), QStringLiteral("2000"));
    QCommandLineOption tokenizer_opt(
        QStringLiteral("tokenizer"),
        QStringLiteral("How tokens are counted, as `merge --tokenizer` (default: auto)."),
        QStringLiteral("SPEC"));
    QCommandLineOption reviewer_opt(QStringLiteral("reviewer"),
                                    QStringLiteral("Who approves (default: $USER)."),
                                    QStringLiteral("NAME"));
    QCommandLineOption show_opt(QStringLiteral("show"),
                                QStringLiteral("Print the block and its digest; record nothing."));
    QCommandLineOption digest_opt(
        QStringLiteral("digest"),
        QStringLiteral(
            "Approve only if the block's digest starts with HEX (the one `--show` printed)."),
        QStringLiteral("HEX"));
    QCommandLineOption status_opt(
        QStringLiteral("status"),
        QStringLiteral(
            "Print approved / stale (with what changed) / none for each project (or --project)."));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("With --status: JSON."));
    QCommandLineOption policy_opt(
        QStringLiteral("policy"),
        QStringLiteral("Set what hooks inject for --project when no approval holds: none (default; "
                       "nothing), reviewed (only human-decided or TRUSTED-settled slots) or fresh "
                       "(the current block with its trust banner)."),
        QStringLiteral("NAME"));
    for (auto* o : {&workspace_opt, &project_opt, &budget_opt, &tokenizer_opt, &reviewer_opt,
                    &show_opt, &digest_opt, &status_opt, &json_opt, &policy_opt})
        parser.addOption(*o);
    auto p = parse(
        parser, args,
        QStringLiteral(
            "Approve a project's packed block for injection into its next agent session (hooks\n"
            "and MCP approved_context inject it while nothing it covers changes). The block comes\n"
            "from the project's sessions through the same pipeline as `merge --workspace`, with\n"
            "the workspace's decisions applied. Approvals are append-only and record the block,\n"
            "its digest, budget and tokenizer, the sessions and decisions covered, who and when.\n"
            "Exit status: 0 done; 1 nothing to approve (empty block, digest mismatch); 2 bad "
            "usage."),
        {}, {}, 0);
    if (p.done) return p.exit_code;
    const std::string workspace = workspace_path(parser, workspace_opt);
    const std::string project = to_std(parser.value(project_opt));
    auto store = ApprovalStore::open(workspace);
    if (!store) {
        print_err("beliefmerge approve: " + store.error().to_string() + "\n");
        return kFailed;
    }
    if (parser.isSet(status_opt)) return print_status(**store, project, parser.isSet(json_opt));
    if (project.empty()) {
        print_err(
            "beliefmerge approve: --project DIR is required (or --status to list projects)\n");
        return kUsage;
    }
    if (parser.isSet(policy_opt)) {
        auto policy = inject_policy_from_name(to_std(parser.value(policy_opt)));
        if (!policy) {
            print_err("beliefmerge approve: unknown policy '" + to_std(parser.value(policy_opt)) +
                      "' (none, reviewed or fresh)\n");
            return kUsage;
        }
        if (auto st = (*store)->set_policy(project, *policy, reviewer_name(parser, reviewer_opt));
            !st) {
            print_err("beliefmerge approve: " + st.error().to_string() + "\n");
            return kFailed;
        }
        print_out("policy of '" + project + "': " + inject_policy_name(*policy) + "\n");
        return kOk;
    }
    bool number_ok = false;
    ProjectBlockOptions options;
    options.budget = parser.value(budget_opt).toULongLong(&number_ok);
    if (!number_ok || options.budget == 0) {
        print_err("beliefmerge approve: --budget N must be a positive whole number of tokens\n");
        return kUsage;
    }
    options.tokenizer = to_std(parser.value(tokenizer_opt));
    auto block = build_project_block(workspace, project, options);
    if (!block) {
        print_err("beliefmerge approve: " + block.error().to_string() + "\n");
        return block.error().is_invalid_input() || block.error().code() == ErrorCode::kNotFound
                   ? kUsage
                   : kFailed;
    }
    const PackReport& r = block->packed.report;
    if (r.empty) {
        print_err("beliefmerge approve: nothing to approve for '" + project + "': " + r.reason +
                  "\n");
        return kFailed;
    }
    const std::string digest = sha256_hex(block->packed.block);
    if (parser.isSet(show_opt)) {
        print_out(block->packed.block);
        print_err("digest " + digest + " (" + std::to_string(r.tokens) + "/" +
                  std::to_string(r.budget) + " tokens, " + r.counter +
                  "); approve it with --digest " + digest.substr(0, 12) + "\n");
        return kOk;
    }
    const std::string want = to_std(parser.value(digest_opt));
    if (parser.isSet(digest_opt) && (want.empty() || digest.rfind(want, 0) != 0)) {
        print_err("beliefmerge approve: the block of '" + project + "' is now " +
                  digest.substr(0, 12) + ", not " + want +
                  " (something changed since it was shown; run --show again)\n");
        return kFailed;
    }
    auto stored =
        (*store)->append(approval_of(*block, project, reviewer_name(parser, reviewer_opt)));
    if (!stored) {
        print_err("beliefmerge approve: " + stored.error().to_string() + "\n");
        return stored.error().is_invalid_input() ? kUsage : kFailed;
    }
    print_out("approved #" + std::to_string(stored->id) + " for '" + project + "': " +
              std::to_string(r.included) + " of " + std::to_string(r.candidates) + " slots, " +
              std::to_string(r.tokens) + "/" + std::to_string(r.budget) + " tokens (" + r.counter +
              "), digest " + digest.substr(0, 12) + ", " + std::to_string(stored->sessions.size()) +
              " sessions, " + std::to_string(stored->decisions.decisions.size()) +
              " decisions; by " + stored->reviewer + " at " + stored->approved_at + "\n");
    return kOk;
}

}  // namespace bm::cli
