// Loads stored sessions and their branches back from a workspace.
#include "adjudicate/workspace_sessions.h"

#include "store/workspace.h"

namespace bm {

Result<std::vector<Session>> load_workspace_sessions(const std::string& workspace_path) {
    auto ws = Workspace::open(workspace_path);
    if (!ws) return ws.error();
    auto stored = (*ws)->sessions();
    if (!stored) return stored.error();
    std::vector<Session> out;
    for (const auto& s : *stored) {
        auto session = (*ws)->session(s.key);  // lineage, messages, branches, checkpoints, harness facts
        if (!session) return session.error();
        out.push_back(std::move(session).value());
    }
    return out;
}

}  // namespace bm
