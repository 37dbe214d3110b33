// Background import of log files into the workspace: the work the studio runs off the GUI thread.
#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "store/workspace.h"

namespace bm {

struct LoadOutcome {
    std::vector<StoredSession> sessions;  // the whole workspace after the import
    QStringList errors;
    QStringList warnings;
    int files_read = 0;
    bool cancelled = false;
};

// Reads `paths` (files or folders) and imports them into the workspace at `workspace_path`,
// checking `cancel` between files and reporting (done, total) through `progress`.
LoadOutcome run_load_job(const std::string& workspace_path, const QStringList& paths,
                         const std::atomic_bool& cancel, const std::function<void(int, int)>& progress);

// Messages of one stored session (read on a worker thread).
Result<std::vector<Message>> load_session_messages(const std::string& workspace_path, const std::string& key);

}  // namespace bm
