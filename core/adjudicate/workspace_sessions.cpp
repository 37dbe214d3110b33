// Loads stored sessions and their branches back from a workspace.
#include "adjudicate/workspace_sessions.h"

#include <nlohmann/json.hpp>

#include "store/workspace.h"

namespace bm {

Result<std::vector<Session>> load_workspace_sessions(const std::string& workspace_path) {
    auto ws = Workspace::open(workspace_path);
    if (!ws) return ws.error();
    auto stored = (*ws)->sessions();
    if (!stored) return stored.error();
    auto db = Db::open(workspace_path);
    if (!db) return db.error();
    std::vector<Session> out;
    for (const auto& s : *stored) {
        Session session;
        session.id = s.id;
        session.file = s.file;
        auto meta = (*db)->prepare("SELECT id_form, cwd, parent_session, seed_length FROM sessions WHERE key = ?");
        if (!meta) return meta.error();
        meta->bind(1, s.key);
        auto row = meta->step();
        if (!row) return row.error();
        if (*row) {
            session.id_form = meta->text(0);
            session.cwd = meta->text(1);
            session.parent_session = meta->text(2);
            if (!meta->is_null(3)) session.seed_length = meta->integer(3);
        }
        auto messages = (*ws)->messages(s.key);
        if (!messages) return messages.error();
        session.messages = std::move(*messages);
        auto environment = (*ws)->environment(s.key);  // empty for a session stored before schema 4
        if (!environment) return environment.error();
        session.environment = std::move(*environment);
        auto q = (*db)->prepare(
            "SELECT branch_id, sidechain, message_indexes FROM branches WHERE session_key = ? ORDER BY rowid");
        if (!q) return q.error();
        q->bind(1, s.key);
        while (true) {
            auto r = q->step();
            if (!r) return r.error();
            if (!*r) break;
            Branch b;
            b.id = q->text(0);
            b.sidechain = q->integer(1) != 0;
            auto idx = nlohmann::json::parse(q->text(2), nullptr, false);
            if (idx.is_discarded() || !idx.is_array())
                return Error::corruption("branch message list is not a JSON array",
                                         Location{workspace_path, 0, -1, "branches[" + s.key + "/" + b.id + "]"},
                                         "re-import the session");
            for (const auto& i : idx) {
                if (!i.is_number_unsigned() || i.get<size_t>() >= session.messages.size())
                    return Error::corruption("branch names a message the session does not have",
                                             Location{workspace_path, 0, -1, "branches[" + s.key + "/" + b.id + "]"},
                                             "re-import the session");
                b.message_indexes.push_back(i.get<size_t>());
            }
            session.branches.push_back(std::move(b));
        }
        out.push_back(std::move(session));
    }
    return out;
}

}  // namespace bm
