// A command the user interrupted or the shell tool timed out: how it ended, instead of an exit code it never had.
#include "extract/tool_action_rules.h"

namespace bm {

std::string interrupted_outcome(std::string_view result) {
    // Claude Code: "[Request interrupted by user for tool use]", "Command was manually interrupted by user";
    // its Bash tool's timeout: "Command timed out after 2m 0.0s".
    const std::string_view head = result.substr(0, 200);
    if (head.find("interrupted by user") != std::string_view::npos ||
        head.find("interrupted by the user") != std::string_view::npos)
        return "interrupted by the user";
    if (head.rfind("Command timed out after", 0) == 0) return "timed out";
    return {};
}

}  // namespace bm
