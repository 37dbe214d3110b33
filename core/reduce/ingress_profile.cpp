// The tool profile table, the shell-output sniffer and the content protections of M1 ingress reduction.
#include "reduce/ingress_profile.h"

#include <algorithm>
#include <cctype>

#include "reduce/line_keep.h"

namespace bm {

const char* ingress_policy_name(IngressPolicy policy) {
    switch (policy) {
    case IngressPolicy::kEligible: return "eligible";
    case IngressPolicy::kProtected: return "protected";
    case IngressPolicy::kUnknown: return "unknown";
    }
    return "unknown";
}

const char* reducer_kind_name(ReducerKind kind) {
    switch (kind) {
    case ReducerKind::kLog: return "log";
    case ReducerKind::kJson: return "json";
    case ReducerKind::kDiff: return "diff";
    case ReducerKind::kSearch: return "search";
    case ReducerKind::kTest: return "test";
    }
    return "log";
}

std::optional<ReducerKind> reducer_kind_from_name(std::string_view name) {
    for (ReducerKind k : kAllReducers)
        if (name == reducer_kind_name(k)) return k;
    return std::nullopt;
}

namespace {

ToolIngressProfile eligible(const char* name, ReducerKind reducer, bool sniff = false) {
    return {name, IngressPolicy::kEligible, reducer, sniff, {}};
}
ToolIngressProfile protect(const char* name, const char* why) {
    return {name, IngressPolicy::kProtected, std::nullopt, false, why};
}

std::vector<ToolIngressProfile> build_table() {
    const char* kSubagent = "subagent final result";
    const char* kSecurity = "security findings";
    const char* kFinal = "final result of the run";
    std::vector<ToolIngressProfile> t = {
        // Shell and job output: logs, unless the output is recognisably a test run, diff, JSON or grep.
        eligible("bash", ReducerKind::kLog, true), eligible("shell", ReducerKind::kLog, true),
        eligible("execute_bash", ReducerKind::kLog, true), eligible("exec_command", ReducerKind::kLog, true),
        eligible("run_shell_command", ReducerKind::kLog, true), eligible("pwsh", ReducerKind::kLog, true),
        eligible("powershell", ReducerKind::kLog, true), eligible("terminal", ReducerKind::kLog, true),
        eligible("run_code", ReducerKind::kLog, true), eligible("job_output", ReducerKind::kLog, true),
        eligible("bashoutput", ReducerKind::kLog, true), eligible("python", ReducerKind::kLog, true),
        // Search tools: match locations.
        eligible("grep", ReducerKind::kSearch), eligible("rg", ReducerKind::kSearch),
        eligible("search", ReducerKind::kSearch), eligible("search_files", ReducerKind::kSearch),
        eligible("file_search", ReducerKind::kSearch), eligible("find_files", ReducerKind::kSearch),
        eligible("glob", ReducerKind::kSearch), eligible("search_dir", ReducerKind::kSearch),
        eligible("search_file", ReducerKind::kSearch),
        // Diffs and test runners.
        eligible("git_diff", ReducerKind::kDiff), eligible("diff", ReducerKind::kDiff),
        eligible("run_tests", ReducerKind::kTest), eligible("test", ReducerKind::kTest),
        eligible("pytest", ReducerKind::kTest),
        // Tools that answer JSON documents.
        eligible("lsp", ReducerKind::kJson), eligible("cordis_inspect_query", ReducerKind::kJson),
        eligible("cordis_inspect_list", ReducerKind::kJson), eligible("job_list", ReducerKind::kJson),
        eligible("session_event_read", ReducerKind::kJson),
        // Subagent final results, security scanners and final answers are never reduced.
        protect("task", kSubagent), protect("agent", kSubagent), protect("subagent", kSubagent),
        protect("subagent_codex", kSubagent), protect("subagent_fork", kSubagent), protect("spawn_agent", kSubagent),
        protect("dispatch_agent", kSubagent), protect("send_message", kSubagent), protect("report", kSubagent),
        protect("semgrep", kSecurity), protect("bandit", kSecurity), protect("trivy", kSecurity),
        protect("codeql", kSecurity), protect("npm_audit", kSecurity), protect("security_scan", kSecurity),
        protect("finish", kFinal), protect("submit", kFinal), protect("structured_output", kFinal),
    };
    std::sort(t.begin(), t.end(), [](const auto& a, const auto& b) { return a.tool_name < b.tool_name; });
    return t;
}

bool contains_any(std::string_view lower, std::initializer_list<std::string_view> needles) {
    for (auto n : needles)
        if (lower.find(n) != std::string_view::npos) return true;
    return false;
}

}  // namespace

const std::vector<ToolIngressProfile>& default_ingress_profiles() {
    static const std::vector<ToolIngressProfile> table = build_table();
    return table;
}

ToolIngressProfile ingress_profile(std::string_view tool) {
    const std::string lower = ascii_lower(tool);
    const auto& t = default_ingress_profiles();
    auto it = std::lower_bound(t.begin(), t.end(), lower, [](const auto& p, const std::string& n) { return p.tool_name < n; });
    if (it != t.end() && it->tool_name == lower) return *it;
    return {lower, IngressPolicy::kUnknown, std::nullopt, false, "no profile for this tool"};
}

ReducerKind sniff_reducer(std::string_view output, ReducerKind fallback) {
    const std::string lower = ascii_lower(output.substr(0, 1 << 20));
    if (contains_any(lower, {"diff --git ", "\n@@ -"}) && lower.find("\n+++ ") != std::string::npos) return ReducerKind::kDiff;
    if (contains_any(lower, {"=== failures ===", "[==========]", "test result:", "short test summary", "collected ",
                             "--- fail:", "\nran ", "tests:  ", "test session starts", "[ run      ]"}))
        return ReducerKind::kTest;
    size_t b = output.find_first_not_of(" \t\r\n");
    if (b != std::string_view::npos && (output[b] == '{' || output[b] == '[') && looks_like_json(output))
        return ReducerKind::kJson;
    if (search_line_share(output) >= 0.8) return ReducerKind::kSearch;
    return fallback;
}

std::optional<std::string> content_protection(std::string_view output, bool is_error) {
    if (is_error) return std::string("error result");
    const std::string lower = ascii_lower(output);
    if (contains_any(lower, {"cve-", "ghsa-", "vulnerabilit", "security advisory", "[redacted:", "secret detected",
                             "severity: critical", "severity: high", "exploit"}))
        return std::string("security finding");
    return std::nullopt;
}

}  // namespace bm
