// `beliefmerge mcp --store DIR [--workspace FILE]`: a Model Context Protocol server over stdio exposing
// context_search, context_recall (folded history), merge_context (merge + pack of session logs) and
// approved_context (a project's approved block, as the hooks inject it), and reduce_tool_output,
// confirm_tool_output, recall_tool_output (M1 ingress reduction, artifacts in the same store).
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/mcp_allowed_roots.h"
#include "fold/mcp_server.h"
#include "ingest/ingest.h"
#include "ingest/readers.h"
#include "inject/injection.h"
#include "pack/render.h"
#include "pack/token_counter_factory.h"
#include "reduce/reduce_mcp_tools.h"
#include "snapshot/packed_block.h"
#include "snapshot/workspace_sessions.h"

namespace bm::cli {

namespace {

// What one merge_context call may cost: its budget, and the files and bytes it may read.
constexpr int64_t kMaxMergeBudget = 200000;  // tokens
constexpr size_t kMaxMergeFiles = 1000;

// What merge_context may read: where (the roots) and how much (bytes of all files together).
struct MergeAccess {
    AllowedRoots roots;
    InputLimits limits;
};

// Every path checked against the roots before anything is touched (existence included), then the
// expanded files checked again (a symlink inside a root may point out of it), and their total size capped.
Result<std::vector<std::string>> allowed_files(const std::vector<std::string>& paths, const MergeAccess& access) {
    for (const auto& p : paths)
        if (Status st = access.roots.check(p); !st.ok()) return st.error();
    auto inputs = expand_inputs(paths);
    if (!inputs.errors.empty()) return Error::invalid_input(inputs.errors.front().to_string());
    if (inputs.files.size() > kMaxMergeFiles)
        return Error::invalid_input(std::to_string(inputs.files.size()) + " files, over the limit of " +
                                        std::to_string(kMaxMergeFiles) + " per call",
                                    Location("", 0, -1, "paths"));
    int64_t total = 0;
    for (const auto& f : inputs.files) {
        if (Status st = access.roots.check(f); !st.ok()) return st.error();
        std::error_code ec;
        if (std::filesystem::is_directory(f, ec)) {  // an OpenHands V1 events folder: each file it will read
            for (const auto& e : openhands_event_files(f, ec)) {
                if (Status st = access.roots.check(e); !st.ok()) return st.error();
                std::error_code size_ec;
                const auto size = std::filesystem::file_size(e, size_ec);
                if (!size_ec) total += static_cast<int64_t>(size);
            }
            continue;
        }
        const auto size = std::filesystem::file_size(f, ec);
        if (!ec) total += static_cast<int64_t>(size);
    }
    if (total > access.limits.max_input_bytes)
        return Error::invalid_input("the paths hold " + std::to_string(total) + " bytes, over the limit of " +
                                        std::to_string(access.limits.max_input_bytes) + " per call",
                                    Location("", 0, -1, "paths"), "start the server with a larger --max-input-bytes");
    return inputs.files;
}

// Sessions named by `paths` (log files) and `keys` (sessions of the workspace; all when `keys`
// is empty and no path is given).
Result<std::vector<Session>> load_sessions(const std::vector<std::string>& paths, const std::vector<std::string>& keys,
                                           const std::string& workspace_path, const MergeAccess& access) {
    std::vector<Session> sessions;
    if (!paths.empty()) {
        auto files = allowed_files(paths, access);
        if (!files) return files.error();
        ReadOptions read;
        read.keep_raw = false;
        read.limits = access.limits;
        for (const auto& f : *files) {
            ReadResult r = read_file(f, read);
            if (!r.ok()) return Error::invalid_input(r.errors.front().to_string());
            for (auto& s : r.sessions) sessions.push_back(std::move(s));
        }
    }
    if (!workspace_path.empty() && (paths.empty() || !keys.empty())) {
        auto stored = read_workspace_sessions(workspace_path);  // as merge --workspace reads it
        if (!stored.ok()) return stored.error();
        for (size_t i = 0; i < stored->sessions.size(); ++i) {
            const StoredSession& row = stored->stored[i];
            if (!keys.empty() && std::find(keys.begin(), keys.end(), row.key) == keys.end() &&
                std::find(keys.begin(), keys.end(), row.id) == keys.end())
                continue;
            sessions.push_back(std::move(stored->sessions[i]));
        }
    }
    if (sessions.empty())
        return Error::invalid_input("merge_context found no sessions",
                                    Location("", 0, -1, "paths"),
                                    "pass \"paths\" (session logs) or start the server with --workspace FILE");
    return sessions;
}

std::vector<std::string> string_list(const nlohmann::json& args, const char* key) {
    std::vector<std::string> out;
    if (!args.contains(key)) return out;
    if (!args[key].is_array()) throw std::invalid_argument(std::string("\"") + key + "\" must be an array of strings");
    for (const auto& v : args[key]) {
        if (!v.is_string()) throw std::invalid_argument(std::string("\"") + key + "\" must be an array of strings");
        out.push_back(v.get<std::string>());
    }
    return out;
}

void add_merge_tool(McpServer& server, const std::string& workspace, const MergeAccess& access) {
    server.add_tool(
        {"merge_context",
         "Merge session logs into a provenance-typed claim graph and pack it into a context block that never exceeds "
         "the token budget (the same engine as `beliefmerge merge`). Sessions come from \"paths\" (read only under the "
         "server's --allow directories and the client's roots) and/or the server's workspace (\"sessions\" keys; all "
         "of them when no path is given).",
         {{"type", "object"},
          {"properties",
           {{"budget", {{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxMergeBudget}, {"description", "tokens for the whole block"}}},
            {"paths", {{"type", "array"}, {"items", {{"type", "string"}}}}},
            {"sessions", {{"type", "array"}, {"items", {{"type", "string"}}}}},
            {"format", {{"type", "string"}, {"enum", {"md", "json", "dsh"}}, {"default", "md"}}},
            {"query", {{"type", "string"}}},
            {"current", {{"type", "string"}, {"description", "session whose user is TRUSTED"}}},
            {"tokenizer", {{"type", "string"}, {"description", "how tokens are counted, as `merge --tokenizer` (default: auto)"}}}}},
          {"required", {"budget"}}},
         [workspace, &access](const nlohmann::json& args) -> Result<nlohmann::json> {
             if (!args.contains("budget") || !args["budget"].is_number_integer() || args["budget"].get<int64_t>() < 1 ||
                 args["budget"].get<int64_t>() > kMaxMergeBudget)
                 return Error::invalid_input("\"budget\" must be an integer from 1 to " + std::to_string(kMaxMergeBudget),
                                             Location("", 0, -1, "budget"));
             PackOptions options;
             options.budget = static_cast<size_t>(args["budget"].get<int64_t>());
             const std::string format = args.value("format", "md");
             if (!pack_format_from_name(format, &options.format))
                 return Error::invalid_input("unknown format '" + format + "' (md, json or dsh)", Location("", 0, -1, "format"));
             if (args.contains("query") && !args["query"].is_string())
                 return Error::invalid_input("\"query\" must be a string", Location("", 0, -1, "query"));
             options.query = args.value("query", "");
             std::vector<std::string> paths, keys;
             try {
                 paths = string_list(args, "paths");
                 keys = string_list(args, "sessions");
             } catch (const std::invalid_argument& e) {
                 return Error::invalid_input(e.what());
             }
             auto sessions = load_sessions(paths, keys, workspace, access);
             if (!sessions.ok()) return sessions.error();
             if (args.contains("current") && !args["current"].is_string())
                 return Error::invalid_input("\"current\" must be a string", Location("", 0, -1, "current"));
             SnapshotOptions build;  // the same pipeline as `beliefmerge merge` and the studio
             build.extract.trust.current_session = canonical_session_id(args.value("current", ""));
             build.decisions_from = workspace;  // the reviewers' decisions apply to what agents are given
             auto review = build_review_snapshot(std::move(sessions).value(), build);
             if (!review.ok()) return review.error();
             if (args.contains("tokenizer") && !args["tokenizer"].is_string())
                 return Error::invalid_input("\"tokenizer\" must be a string", Location("", 0, -1, "tokenizer"));
             auto counter = args.contains("tokenizer") ? open_token_counter(args["tokenizer"].get<std::string>())
                                                       : default_token_counter();  // as `merge` and the studio count
             if (!counter.ok()) return counter.error();
             auto packed = pack_review_snapshot(*review, options, **counter);
             if (!packed.ok()) return packed.error();
             const PackReport& r = packed->report;
             return nlohmann::json{{"block", packed->block},
                                   {"report",
                                    {{"included", r.included}, {"candidates", r.candidates}, {"tokens", r.tokens},
                                     {"budget", r.budget}, {"format", r.format}, {"counter", r.counter},
                                     {"empty", r.empty}, {"reason", r.reason}}}};
         }});
}

// The project's approved block (hooks' rules: approved, else what the project's policy allows).
void add_approved_context_tool(McpServer& server, const std::string& workspace) {
    server.add_tool(
        {"approved_context",
         "The block a reviewer approved for a project (the working directory its sessions ran in), exactly as "
         "approved, while nothing it covers has changed; otherwise what the project's policy allows (none: nothing; "
         "reviewed: only human-decided or TRUSTED-settled slots; fresh: the current block with its trust banner). "
         "\"notice\" says which and why.",
         {{"type", "object"},
          {"properties",
           {{"project", {{"type", "string"}, {"description", "the project's working directory, as the logs record it"}}},
            {"format", {{"type", "string"}, {"enum", {"md", "dsh"}}, {"default", "md"}}}}},
          {"required", {"project"}}},
         [workspace](const nlohmann::json& args) -> Result<nlohmann::json> {
             if (workspace.empty())
                 return Error::invalid_input("approved_context needs the server's workspace", Location("", 0, -1, "workspace"),
                                             "start the server with --workspace FILE");
             if (!args.contains("project") || !args["project"].is_string() || args["project"].get<std::string>().empty())
                 return Error::invalid_input("\"project\" must be a non-empty string", Location("", 0, -1, "project"));
             const std::string format = args.value("format", "md");
             if (format != "md" && format != "dsh")
                 return Error::invalid_input("unknown format '" + format + "' (md or dsh)", Location("", 0, -1, "format"));
             InjectionOptions options;
             options.workspace = workspace;
             options.project = args["project"].get<std::string>();
             auto injection = project_injection(options);
             if (!injection.ok()) return injection.error();
             const std::string& block = injection->block;
             return nlohmann::json{{"block", format == "dsh" && !block.empty() ? render_dsh_message(block) : block},
                                   {"source", injection_source_name(injection->source)},
                                   {"state", approval_state_name(injection->status.state)},
                                   {"changes", injection->status.changes},
                                   {"notice", injection->notice}};
         }});
}

}  // namespace

int command_mcp(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption store_opt(QStringLiteral("store"), QStringLiteral("Bundle store directory searched and recalled."), QStringLiteral("DIR"));
    QCommandLineOption ws_opt(QStringLiteral("workspace"), QStringLiteral("Workspace whose sessions merge_context merges and whose decisions (`decide`, the studio) it applies (optional)."), QStringLiteral("FILE"));
    QCommandLineOption allow_opt(QStringLiteral("allow"), QStringLiteral("A directory merge_context may read session logs under (repeatable; the client's MCP roots are added). Without one, only the client's roots."), QStringLiteral("DIR"));
    parser.addOption(store_opt);
    parser.addOption(ws_opt);
    parser.addOption(allow_opt);
    const InputLimitOptions limit_opts;
    limit_opts.add_to(parser);
    auto p = parse(parser, args,
                   QStringLiteral("Serve the Model Context Protocol over stdio (JSON-RPC 2.0, one message per line):\n"
                                  "initialize, tools/list and tools/call for context_search, context_recall,\n"
                                  "merge_context, approved_context (a project's approved block; needs --workspace) and\n"
                                  "reduce_tool_output, confirm_tool_output, recall_tool_output (ingress reduction).\n"
                                  "merge_context reads logs only under --allow DIR and the client's roots; any other\n"
                                  "path is refused alike, whether or not it exists. Budgets are capped at 200000 tokens,\n"
                                  "a call's files at --max-input-bytes in all.\n"
                                  "Malformed input gets a JSON-RPC error; the server runs until stdin closes.\n"
                                  "Example client config: {\"command\":\"beliefmerge\",\"args\":[\"mcp\",\"--store\",\"DIR\"]}"),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(store_opt)) {
        print_err("beliefmerge mcp: --store DIR is required\n");
        return kUsage;
    }
    MergeAccess access;
    if (auto limits = limit_opts.read(parser, "mcp")) access.limits = *limits;
    else return kUsage;
    for (const auto& dir : parser.values(allow_opt)) access.roots.add(to_std(dir));
    BundleStore store(to_std(parser.value(store_opt)));
    McpServer server("beliefmerge", "0.1.0");
    server.on_client_roots([&access](std::vector<std::string> dirs) { access.roots.set_client_roots(std::move(dirs)); });
    add_fold_tools(server, store);
    add_merge_tool(server, to_std(parser.value(ws_opt)), access);
    add_approved_context_tool(server, to_std(parser.value(ws_opt)));
    IngressReducer reducer(to_std(parser.value(store_opt)));  // artifacts and tool verdicts beside the bundles
    if (Status opened = reducer.open(); opened.ok())
        add_reduce_tools(server, reducer);
    else  // the history tools still serve; reduction waits until the verdict file is fixed
        print_err("beliefmerge mcp: ingress reduction tools not offered: " + opened.error().to_string() + "\n");
    std::string line;
    while (std::getline(std::cin, line)) {
        auto reply = server.handle_line(line);
        if (reply) std::cout << *reply << '\n';
        for (const auto& request : server.take_outgoing()) std::cout << request << '\n';
        std::cout.flush();
    }
    return kOk;
}

}  // namespace bm::cli
