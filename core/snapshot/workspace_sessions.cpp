// Reads stored sessions and their branches back from a workspace, cancellable between sessions.
#include "snapshot/workspace_sessions.h"

namespace bm {

Result<WorkspaceSessions> read_workspace_sessions(const std::string& path, const std::atomic_bool* cancel) {
    auto ws = Workspace::open(path);
    if (!ws) return ws.error();
    auto stored = (*ws)->sessions();
    if (!stored) return stored.error();
    WorkspaceSessions out;
    for (const auto& row : *stored) {
        if (cancel && cancel->load()) {
            out.cancelled = true;
            break;
        }
        auto session = (*ws)->session(row.key);
        if (!session) return session.error();
        Session s = std::move(session).value();
        ensure_linear_branch(s);
        out.sessions.push_back(std::move(s));
        out.stored.push_back(row);
    }
    return out;
}

Result<WorkspaceSessions> read_project_sessions(const std::string& path, const std::string& project) {
    auto read = read_workspace_sessions(path);
    if (!read) return read.error();
    WorkspaceSessions out;
    for (size_t i = 0; i < read->sessions.size(); ++i) {
        if (read->sessions[i].cwd != project) continue;
        out.sessions.push_back(std::move(read->sessions[i]));
        out.stored.push_back(std::move(read->stored[i]));
    }
    return out;
}

Result<std::vector<Session>> load_workspace_sessions(const std::string& path) {
    auto read = read_workspace_sessions(path);
    if (!read) return read.error();
    return std::move(read->sessions);
}

}  // namespace bm
