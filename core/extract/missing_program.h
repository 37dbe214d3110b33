// The programs a shell call's result reports not found ("bash: rg: command not found"), shared by the rule that
// claims them (missing_program_rules.cpp) and the branch pass that finds them stale (retried_calls.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {

// One program a result reports not found, that the call's own command line ran.
struct MissingProgram {
    std::string program;     // as the shell printed it
    std::string key;         // lowercased, '.' and '+' as '-': the slot `<key>.available`
    size_t begin = 0, end = 0;  // the "not found" line in the result
};

// The programs `a`'s result (its first 4,000 bytes) reports not found, each once, in order; none for a call without
// a result, one that is no shell command, or one run on another machine or in a container. `command` is the call's
// shell command line (shell_command_of).
std::vector<MissingProgram> missing_programs(const ToolAction& a, const std::string& command);

// Whether `program` is a word of the command line (the shell looked it up because the command ran it, not because
// a file the command printed says so).
bool ran_by(std::string_view command, std::string_view program);

}  // namespace bm
