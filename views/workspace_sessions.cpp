// Rebuilds Sessions from the workspace tables: the messages through Workspace, the rest by SQL.
#include "workspace_sessions.h"

#include <nlohmann/json.hpp>

namespace bm {

namespace {

SessionFormat format_from_name(const std::string& name) {
    for (SessionFormat f : {SessionFormat::kDsh, SessionFormat::kClaudeCode, SessionFormat::kCodex,
                            SessionFormat::kOpenAiChat, SessionFormat::kSweAgent, SessionFormat::kOpenHands,
                            SessionFormat::kNative})
        if (name == format_name(f)) return f;
    return SessionFormat::kNative;
}

Status read_details(Db& db, const std::string& key, Session& s) {
    auto q = db.prepare("SELECT id_form, format_version, cwd, created_at, parent_session, origin FROM sessions WHERE key = ?");
    if (!q) return q.error();
    q->bind(1, key);
    auto row = q->step();
    if (!row) return row.error();
    if (*row) {
        s.id_form = q->text(0);
        s.format_version = static_cast<int>(q->integer(1));
        s.cwd = q->text(2);
        s.created_at = q->text(3);
        s.parent_session = q->text(4);
        s.origin = q->text(5);
    }
    auto b = db.prepare("SELECT branch_id, sidechain, message_indexes FROM branches WHERE session_key = ? ORDER BY rowid");
    if (!b) return b.error();
    b->bind(1, key);
    while (true) {
        auto next = b->step();
        if (!next) return next.error();
        if (!*next) break;
        Branch br;
        br.id = b->text(0);
        br.sidechain = b->integer(1) != 0;
        auto indexes = nlohmann::json::parse(b->text(2), nullptr, false);
        if (!indexes.is_array())
            return Error::corruption("branch '" + br.id + "' of session '" + key + "' has unreadable message indexes",
                                     Location{db.path(), 0, -1, "branches.message_indexes"},
                                     "re-import the session's log");
        for (const auto& i : indexes)
            if (i.is_number_unsigned() && i.get<size_t>() < s.messages.size()) br.message_indexes.push_back(i.get<size_t>());
        s.branches.push_back(std::move(br));
    }
    return {};
}

}  // namespace

Result<WorkspaceSessions> read_workspace_sessions(const std::string& path, const std::atomic_bool& cancel) {
    auto ws = Workspace::open(path);
    if (!ws) return ws.error();
    auto db = Db::open(path);
    if (!db) return db.error();
    auto stored = (*ws)->sessions();
    if (!stored) return stored.error();
    WorkspaceSessions out;
    for (const auto& st : *stored) {
        if (cancel.load()) break;
        auto messages = (*ws)->messages(st.key);
        if (!messages) return messages.error();
        Session s;
        s.id = st.id;
        s.format = format_from_name(st.format);
        s.file = st.file;
        s.redactions = st.redactions;
        s.messages = std::move(messages).value();
        auto environment = (*ws)->environment(st.key);  // empty for a session stored before schema 4
        if (!environment) return environment.error();
        s.environment = std::move(environment).value();
        if (auto status = read_details(**db, st.key, s); !status) return status.error();
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
