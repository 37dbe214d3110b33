// Rebuilds the studio's Sessions from a workspace (Workspace::session), cancellable between sessions.
#include "workspace_sessions.h"

namespace bm {

Result<WorkspaceSessions> read_workspace_sessions(const std::string& path, const std::atomic_bool& cancel) {
    auto ws = Workspace::open(path);
    if (!ws) return ws.error();
    auto stored = (*ws)->sessions();
    if (!stored) return stored.error();
    WorkspaceSessions out;
    for (const auto& st : *stored) {
        if (cancel.load()) break;
        auto session = (*ws)->session(st.key);  // lineage, messages, branches, checkpoints, harness facts
        if (!session) return session.error();
        Session s = std::move(session).value();
        if (s.branches.empty()) {  // a log without branch records is one linear branch
            Branch b;
            b.id = s.id;
            for (size_t i = 0; i < s.messages.size(); ++i) b.message_indexes.push_back(i);
            s.branches.push_back(std::move(b));
        }
        out.sessions.push_back(std::move(s));
        out.stored.push_back(st);
    }
    return out;
}

}  // namespace bm
