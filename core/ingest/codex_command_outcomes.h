// Codex 0.153+ rollouts' `item_completed` CommandExecution events: the exit code of a command a code-mode cell ran,
// added where the cell's result does not state one (it printed only the command's output, `text(r.output)`, or
// nothing).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/session.h"

namespace bm {

// One command's end as the CLI recorded it, and the code-mode cell running when it was recorded.
struct CommandOutcome {
    std::string cell;     // call id of the exec cell still running at the event
    std::string command;  // the script the shell ran (`command`'s last element), redacted as call arguments are
    int64_t exit_code = 0;
};

// The outcome an `event_msg` payload records: an `item_completed` whose item is a CommandExecution with an integer
// `exit_code`, made while an exec cell of `session` ran (the last one whose output has not come); false for any other
// payload, or when no cell runs.
bool command_outcome(const nlohmann::json& payload, const Session& session, CommandOutcome& out);

// Adds each outcome's "[exit code: N]" line to the result of its cell's first call that ran that very command (the
// call's `cmd` is the outcome's script) and whose result states no exit code yet (nor that the command still runs); a
// non-zero code marks it failed. Run after resolve_code_mode_cells, when a cell's calls are plain command calls.
void add_command_outcomes(Session& session, const std::vector<CommandOutcome>& outcomes);

}  // namespace bm
