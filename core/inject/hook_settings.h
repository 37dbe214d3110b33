// Adding BeliefMerge's SessionStart hook to a Claude Code settings file and taking it out again,
// without touching anything else: the file is parsed (key order kept), the hook merged in beside
// any others, the original bytes backed up to <file>.beliefmerge.bak, and the new file written
// durably. Uninstall removes exactly the hook it added; when what remains equals the backup, the
// backup's bytes are restored, so install then uninstall leaves the file byte-identical. A file
// that is not JSON, or whose "hooks" have another shape, is refused untouched. Thread-safety: plain
// functions.
#pragma once

#include <string>

#include "util/result.h"

namespace bm {

enum class SettingsChange { kChanged, kUnchanged };

// Adds {"type": "command", "command": `command`} under hooks.SessionStart of `settings_path`
// (created with its folder when absent). kUnchanged when a BeliefMerge hook is already there.
Result<SettingsChange> install_claude_hook(const std::string& settings_path,
                                           const std::string& command);

// Removes every SessionStart hook whose command runs `beliefmerge ... hook claude-code`, and the
// groups and keys left empty. kUnchanged when there is none (the file is not touched).
Result<SettingsChange> uninstall_claude_hook(const std::string& settings_path);

// True when `command` is one install_claude_hook wrote (it runs beliefmerge's claude-code hook).
bool is_beliefmerge_hook_command(const std::string& command);

}  // namespace bm
