// What a non-shell tool's result says happened: a skill loaded, a page fetched (its HTTP status), a
// workflow finished, the files a submitted patch changes.
#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Skill/Skill tool with {"name"|"skill"|"command": X}, answered without error: skill.<x> = loaded.
void skill_loaded(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (tool != "skill" || !a.has_result || a.error || a.result.empty()) return;
    const std::string head = ascii_lower(a.result.substr(0, 200));
    for (const char* refused : {"error", "not found", "unknown skill", "no skill", "denied", "failed"})
        if (head.find(refused) != std::string::npos) return;
    std::string name;
    size_t b = 0, e = 0;
    for (const char* member : {"name", "skill", "command"})
        if (json_string_member(a.arguments, member, name, b, e)) break;
    const std::string key = key_slug(name, 60);
    if (key.empty() || name.size() > 60) return;
    // Claude Code's Skill tool answers "Launching skill: X": its own word says what happened (session 16).
    const char* value = head.rfind("launching skill", 0) == 0 ? "launched" : "loaded";
    out.push_back({"action.skill_loaded", "skill." + key, value, SlotType::kFact, ActionEvidence::kConfirmed, b, e});
}

// "Fetched URL (HTTP 200)", "HTTP status: 404", "status code 503" on a fetch tool result's first line.
void fetch_status(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!one_of(tool, {"web_fetch", "webfetch", "fetch", "fetch_url", "http_get", "http_request"}) ||
        !a.has_result)
        return;
    std::string url;
    size_t ub = 0, ue = 0;
    if (!json_string_member(a.arguments, "url", url, ub, ue)) return;
    size_t eol = a.result.find('\n');
    if (eol == std::string_view::npos) eol = a.result.size();
    const std::string line = ascii_lower(a.result.substr(0, std::min<size_t>(eol, 400)));
    for (const char* marker : {"(http ", "http status: ", "http status ", "status code: ", "status code "}) {
        const size_t p = line.find(marker);
        if (p == std::string::npos) continue;
        const size_t at = p + std::string_view(marker).size();
        if (at + 3 > line.size() || !digit(line[at]) || !digit(line[at + 1]) || !digit(line[at + 2]) ||
            (at + 3 < line.size() && digit(line[at + 3])))
            continue;
        std::string where = url;
        for (const char* scheme : {"https://", "http://"})
            if (ascii_lower(where).rfind(scheme, 0) == 0) where = where.substr(std::string_view(scheme).size());
        const std::string subject = key_slug(where, 60);
        if (subject.empty()) return;
        out.push_back({"action.fetch_status", tool + "." + subject + ".status", "http " + line.substr(at, 3),
                       SlotType::kFact, ActionEvidence::kObserved, p, at + 3});
        return;
    }
}

// `workflow "NAME" completed (1 agent).`: the run's name and how it ended.
void workflow_result(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (tool.find("workflow") == std::string::npos || !a.has_result) return;
    size_t eol = a.result.find('\n');
    if (eol == std::string_view::npos) eol = a.result.size();
    if (eol > 200) return;
    const std::string line(a.result.substr(0, eol));
    const std::string marker = "workflow \"";
    if (ascii_lower(line).rfind(marker, 0) != 0) return;
    const size_t close = line.find('"', marker.size());
    if (close == std::string::npos) return;
    const std::string name = key_slug(line.substr(marker.size(), close - marker.size()), 60);
    std::string status = ascii_lower(line.substr(close + 1));
    while (!status.empty() && (status.front() == ' ' || status.front() == ':')) status.erase(0, 1);
    while (!status.empty() && (status.back() == '.' || status.back() == ' ' || status.back() == '\r')) status.pop_back();
    if (name.empty() || status.empty() || !std::isalpha(static_cast<unsigned char>(status[0]))) return;
    out.push_back({"action.workflow_result", "workflow." + name, status, SlotType::kFact, ActionEvidence::kObserved, 0,
                   eol});
}

// SWE-agent's `submit` answered by the patch: each `diff --git a/X b/X` names a file the patch
// creates ("new file mode"), deletes ("deleted file mode") or modifies. The result must open with the patch;
// keyed `file.<path>.submitted` beside the edit's own `file.<path>`, which says more ("edited: …").
void submitted_patch(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (tool != "submit" || !a.has_result || a.error) return;
    const std::string_view r = a.result.substr(0, 400'000);
    const std::string marker = "diff --git a/";
    // Only a result that is the patch (SWE-agent 1.x puts "OBSERVATION:" before it): a review-on-submit
    // message quoting a <diff> of scratch files is not the submission (session 15).
    size_t start = r.find_first_not_of(" \r\n");
    if (start != std::string_view::npos && r.substr(start, 12) == "OBSERVATION:") start = r.find_first_not_of(" \r\n", start + 12);
    if (start == std::string_view::npos || r.substr(start, marker.size()) != marker) return;
    for (size_t p = r.find(marker); p != std::string_view::npos; p = r.find(marker, p + 1)) {
        if (p > 0 && r[p - 1] != '\n') continue;
        size_t eol = r.find('\n', p);
        if (eol == std::string_view::npos) eol = r.size();
        std::string_view line = r.substr(p + marker.size(), eol - p - marker.size());
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a patch with CRLF line ends
        const size_t sep = line.find(" b/");
        if (sep == std::string_view::npos || line.substr(sep + 3) != line.substr(0, sep)) continue;  // renames: skip
        const std::string key = path_key(line.substr(0, sep), a.cwd);
        if (key.empty()) continue;
        const size_t next = r.find(marker, eol);
        const std::string_view header = r.substr(eol, std::min<size_t>(next == std::string_view::npos ? r.size() : next, eol + 200) - eol);
        const char* value = header.find("\nnew file mode") != std::string_view::npos       ? "created in the submitted patch"
                            : header.find("\ndeleted file mode") != std::string_view::npos ? "deleted in the submitted patch"
                                                                                           : "modified in the submitted patch";
        out.push_back({"action.patch_file", "file." + key + ".submitted", value, SlotType::kArtifact, ActionEvidence::kObserved, p,
                       p + marker.size() + line.size()});
    }
}

// Any other tool's result when it is one short line ("subject.ts:1:7", "42"): what the tool answered.
// Shells, file, search, plan, delegation and question tools have rules of their own; an
// acknowledgement ("ok", "done", "updated") says nothing.
void tool_result_line(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.arguments.empty() || a.arguments.front() != '{') return;
    size_t qb = 0, qe = 0;
    if (!shell_command_of(a, qb, qe).empty()) return;
    for (const char* part : {"agent", "task", "report", "workflow", "todo", "plan", "goal", "question", "ask_", "read",
                             "write", "edit", "grep", "glob", "search", "find", "list", "view", "create", "delete",
                             "patch", "skill", "fetch", "think", "submit", "shell", "bash", "exec", "command",
                             "terminal", "str_replace", "insert", "scroll", "goto", "file"})
        if (tool.find(part) != std::string::npos) return;
    if (one_of(tool, {"ls", "open", "cat", "tree", "exit", "pwsh", "powershell", "sh", "cmd"})) return;
    size_t b = 0, e = 0;
    const std::string line = one_line_output(a.result, b, e);
    const std::string low = ascii_lower(line);
    if (line.empty() || line.size() > 60) return;
    for (const char* ack : {"ok", "done", "success", "succeeded", "true", "false", "null", "none", "updated", "saved",
                            "completed", "[]", "{}"})
        if (low == ack || low == std::string(ack) + ".") return;
    if (low.rfind("successfully", 0) == 0 || low.rfind("error", 0) == 0) return;
    const std::string key = key_slug(tool, 40);
    if (key.empty() || !std::isalpha(static_cast<unsigned char>(key[0]))) return;
    out.push_back({"action.tool_result_line", key + ".result", low, SlotType::kFact, ActionEvidence::kObserved, b, e});
}

}  // namespace

void outcome_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    skill_loaded(a, tool, out);
    fetch_status(a, tool, out);
    workflow_result(a, tool, out);
    submitted_patch(a, tool, out);
    tool_result_line(a, tool, out);
}

}  // namespace bm
