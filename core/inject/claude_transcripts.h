// Claude Code's per-project transcript folder (~/.claude/projects/<cwd, every byte that is not a
// letter or digit written as '-'>/*.jsonl) and importing it into a workspace incrementally: a file
// whose size and mtime are those of its last import is not read again. Thread-safety: plain
// functions; each call opens its own connections.
#pragma once

#include <string>
#include <vector>

#include "util/result.h"

namespace bm {

// The folder name Claude Code keeps a working directory's transcripts under: "/srv/my.app" →
// "-srv-my-app".
std::string claude_project_folder_name(const std::string& cwd);

// Where Claude Code keeps projects: $BELIEFMERGE_CLAUDE_PROJECTS, else $HOME/.claude/projects.
std::string claude_projects_root();

struct TranscriptImport {
    std::vector<std::string> imported;   // files read and stored (new or grown), sorted
    std::vector<std::string> unchanged;  // skipped: same size and mtime as last time
    std::vector<std::string>
        problems;  // one line per file that could not be read cleanly (kept partially)
};

// Imports every *.jsonl of `folder` but `skip` (the current session's transcript) into `workspace`.
// A missing folder imports nothing. Errors only when the workspace cannot be written.
Result<TranscriptImport> import_project_transcripts(const std::string& workspace,
                                                    const std::string& folder,
                                                    const std::string& skip);

}  // namespace bm
