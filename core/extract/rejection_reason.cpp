// Claude Code's, mini-swe-agent's and Gemini CLI's (Qwen Code's) rejection of a tool call with the user's reason
// (rejection_reason.h; session 19).
#include "extract/rejection_reason.h"

#include "util/trim.h"

namespace bm {
namespace {

// Codex's unified exec when its approval policy refused to start the process: "exec_command failed: CreateProcess {
// message: \"Rejected(\\\"`/bin/zsh -lc '…'` rejected: blocked by policy\\\")\" }" (session 40). A sandbox denial
// ("… CreateProcess { message: \"Codex(Sandbox(Denied { …") ran the command and is a failure, not this.
bool codex_policy_rejected(std::string_view result) {
    if (result.rfind("exec_command failed", 0) != 0) return false;
    const std::string_view line = result.substr(0, result.find('\n'));
    return line.find("CreateProcess { message: \"Rejected(") != std::string_view::npos;
}

}  // namespace

bool call_refused(std::string_view result) {
    // Claude Code; mini-swe-agent (session 27); Gemini CLI and Qwen Code (session 32); Google Antigravity's
    // "Encountered error in step execution: user denied permission for command(…)" or "…: permission check failed
    // for command "…": user denied permission to run command: …" (session 35).
    static constexpr std::string_view kAntigravity = "Encountered error in step execution: ";
    return result.rfind("The user doesn't want to proceed with this tool use.", 0) == 0 ||
           result.rfind("Command not executed. The user rejected your command", 0) == 0 ||
           result.rfind("[Operation Cancelled] Reason:", 0) == 0 ||
           result.rfind("The user cancelled the tool call.", 0) == 0 ||  // VS Code Copilot Chat (session 39)
           (result.rfind(kAntigravity, 0) == 0 &&
            result.substr(0, result.find('\n')).find("user denied permission") != std::string_view::npos) ||
           codex_policy_rejected(result);
}

bool call_unparsed(std::string_view result) { return result.rfind("Error invalid tool call", 0) == 0; }

size_t user_rejection_reason(std::string_view result) {
    // Only in the harness's own rejection notice, which opens the result.
    if (!call_refused(result)) return std::string_view::npos;
    for (std::string_view marker : {std::string_view("To tell you how to proceed, the user said:"),
                                    std::string_view("The user provided the following reason for the rejection:"),
                                    std::string_view("The user rejected your command with the following message:"),
                                    std::string_view("The following instruction was provided by the user as an "
                                                     "alternative:")}) {
        const size_t p = result.find(marker);
        if (p == std::string_view::npos) continue;
        const size_t at = result.find_first_not_of(kBlanks, p + marker.size());
        if (at == std::string_view::npos || result.size() - at > 4000) return std::string_view::npos;
        return at;
    }
    return std::string_view::npos;
}

}  // namespace bm
