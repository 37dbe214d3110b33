// The file editor's own report inside a command's or Python cell's output (OpenHands' 2024
// agentskills create_file/edit_file, an `edit` command run in the shell), and an OpenHands `finish`
// call (rules action.editor_report, action.agent_finish).
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Tools that run code whose output may carry an editor's report (the editor tools are
// file_action_rules').
bool runs_code(std::string_view tool) {
    return one_of(tool, {"run", "run_ipython", "execute_bash", "execute_ipython_cell", "bash",
                         "ipython", "shell", "terminal"});
}

}  // namespace

// "[File: /workspace/0.py (1 lines total)] … [File 0.py created.]" → `file./workspace/0.py =
// created`;
// "[File: P (16 lines total after edit)] … File updated. Please review the changes" → `file.P =
// updated`. None on an error result or when the changes were not applied.
void editor_report_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    if (tool == "finish" && (!a.has_result || !a.error)) {
        out.push_back({"action.agent_finish", "agent.finish", "finished", SlotType::kFact,
                       ActionEvidence::kStated, 0, a.arguments.size()});
        return;
    }
    if (!a.has_result || a.error || !runs_code(tool) || a.result.size() > 200'000) return;
    const std::string low = ascii_lower(a.result);
    for (const char* refused :
         {"have not been applied", "has not been applied", "error:", "traceback (most recent"})
        if (low.find(refused) != std::string::npos) return;
    const size_t header = a.result.find("[File: ");
    const size_t header_end =
        header == std::string_view::npos ? header : a.result.find(" (", header);
    std::string path;
    if (header_end != std::string_view::npos && header_end - header < 300)
        path = std::string(a.result.substr(header + 7, header_end - header - 7));
    const char* value = nullptr;
    size_t b = 0, e = 0;
    const size_t created = a.result.find("[File ");
    for (size_t p = created; p != std::string_view::npos; p = a.result.find("[File ", p + 1)) {
        const size_t end = a.result.find(" created.]", p);
        const size_t nl = a.result.find_first_of("\r\n", p);
        if (end == std::string_view::npos || (nl != std::string_view::npos && nl < end) ||
            a.result[p + 6] == ':')
            continue;
        if (path.empty()) path = std::string(a.result.substr(p + 6, end - p - 6));
        value = "created", b = p, e = end + 10;
        break;
    }
    if (!value) {
        const size_t p = a.result.find("File updated. Please review the changes");
        if (p == std::string_view::npos) return;
        value = "edited", b = p, e = p + 13;  // the word action.file_edited uses (session 22)
    }
    if (path.empty() || path.find(' ') != std::string::npos) return;
    const std::string key = path_key(path, a.cwd);
    if (!key.empty())
        out.push_back({"action.editor_report", "file." + key, value, SlotType::kArtifact,
                       ActionEvidence::kObserved, b, e});
}

}  // namespace bm
