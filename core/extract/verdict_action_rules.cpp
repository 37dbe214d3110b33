// Verdicts a tool result gives on the agent's own steps (session 13, designed on the dev split's misses,
// read in every format): a verification chain that failed, a plan the user approved or rejected, the id a
// background delegation was started under.
#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// The non-zero code a result states ("[exit code: 1]", "Exit code 2", "exited with code 1"); "" for
// none or 0.
std::string stated_failure_code(std::string_view result, size_t& b, size_t& e) {
    const std::string low = ascii_lower(result.substr(0, 20'000));
    for (const char* marker : {"[exit code: ", "exit code ", "exited with code "}) {
        const size_t p = low.find(marker);
        if (p == std::string::npos) continue;
        const size_t at = p + std::string_view(marker).size();
        size_t end = at;
        while (end < low.size() && end - at < 3 && digit(low[end])) ++end;
        if (end == at || (end < low.size() && std::isalnum(static_cast<unsigned char>(low[end])))) continue;
        const std::string code = low.substr(at, end - at);
        if (code == "0") return {};
        b = p, e = end;
        return code;
    }
    return {};
}

// Programs that only test or look (a check's condition): their exit status is the verdict.
bool checking_program(const std::string& w) {
    return one_of(w, {"grep", "test", "[", "[[", "find", "ls", "cat", "diff", "cmp", "head", "tail", "wc", "stat",
                      "jq", "rg", "git"});
}

// `cond && cond && echo TOKEN` (or printf) whose result states a non-zero exit code and does not show
// TOKEN: the check failed. check.<token>.exit_code = N.
void failed_check(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result) return;
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty() || command.size() > 600 || command.find('\n') != std::string::npos) return;
    const auto segs = shell_segments(command);
    if (segs.size() < 2 || segs.back().size() != 2) return;
    const std::string& printer = segs.back()[0];
    const std::string& token = segs.back()[1];
    if (printer != "echo" && printer != "printf") return;
    // The printer runs only when every check before it passed.
    const size_t last_and = command.rfind("&&");
    if (last_and == std::string::npos || command.find(printer, last_and) == std::string::npos ||
        command.find("||", last_and) != std::string::npos)
        return;
    size_t checks = 0;
    for (size_t i = 0; i + 1 < segs.size(); ++i) {
        if (segs[i].empty()) return;
        const std::string& w = segs[i][0];
        const size_t eq = w.find('=');
        if (eq != std::string::npos && eq > 0 && std::isalpha(static_cast<unsigned char>(w[0]))) continue;  // file=$(…)
        if (!checking_program(w)) return;
        ++checks;
    }
    if (checks == 0) return;
    const std::string slug = key_slug(token, 48);
    if (slug.size() < 2 || !std::isalnum(static_cast<unsigned char>(slug[0]))) return;
    size_t b = 0, e = 0;
    const std::string code = stated_failure_code(a.result, b, e);
    if (code.empty() || ascii_lower(a.result).find(ascii_lower(token)) != std::string::npos) return;
    out.push_back({"action.check_failed", "check." + slug + ".exit_code", code, SlotType::kFact,
                   ActionEvidence::kObserved, b, e});
}

// A plan-mode exit (exit_plan_mode, ExitPlanMode) answered "Plan approved …" / "User has approved your
// plan": plan = approved (Decision); an error result that says the user rejected it: plan = rejected.
void plan_verdict(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!a.has_result || (tool != "exit_plan_mode" && tool != "exitplanmode")) return;
    const std::string low = ascii_lower(a.result.substr(0, 400));
    size_t p = std::string::npos;
    const char* verdict = nullptr;
    if (!a.error && (p = low.find("plan approved")) != std::string::npos && p < 40) verdict = "approved";
    else if (!a.error && (p = low.find("user has approved your plan")) != std::string::npos) verdict = "approved";
    else if (a.error && (p = low.find("rejected")) != std::string::npos) verdict = "rejected";
    if (!verdict) return;
    const size_t end = low.find_first_of(".;\n\xE2", p);
    out.push_back({"action.plan_verdict", "plan", verdict, verdict[0] == 'a' ? SlotType::kDecision : SlotType::kRefuted,
                   ActionEvidence::kObserved, p, end == std::string::npos ? low.size() : end});
}

// A delegation started in the background ("started subagent 3333…", "started background subagent job
// subagent-1"): the id to collect it by, keyed by the delegation (<tool>[.<description>].started).
void delegation_started(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || tool.find("agent") == std::string::npos) return;
    size_t b = 0, e = 0;
    const std::string line = ascii_lower(one_line_output(a.result, b, e));
    if (line.rfind("started ", 0) != 0) return;
    const size_t sp = line.rfind(' ');
    const std::string id = line.substr(sp + 1);
    bool has_digit = false;
    for (char c : id) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return;
        has_digit |= digit(c);
    }
    if (!has_digit || id.size() > 64) return;
    // Only "started [background] <kind> [job] <id>".
    const std::string middle = line.substr(8, sp - 8);
    for (size_t i = 0; i < middle.size();) {
        size_t j = middle.find(' ', i);
        if (j == std::string::npos) j = middle.size();
        if (!one_of(middle.substr(i, j - i), {"background", "subagent", "agent", "task", "job"})) return;
        i = j + 1;
    }
    std::string key = key_slug(tool, 40), description;
    size_t db = 0, de = 0;
    if (json_string_member(a.arguments, "description", description, db, de) && description.size() <= 80 &&
        description.find('\n') == std::string::npos && !key_slug(description, 48).empty())
        key += "." + key_slug(description, 48);
    out.push_back({"action.delegation_started", key + ".started", id, SlotType::kFact, ActionEvidence::kObserved, b, e});
}

}  // namespace

void verdict_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    failed_check(a, out);
    plan_verdict(a, tool, out);
    delegation_started(a, tool, out);
}

}  // namespace bm
