// Workspace import and read-back over SQLite (WAL, synchronous=FULL).
#include "store/workspace.h"

#include "store/environment_facts.h"
#include "store/message_codec.h"
#include "store/schema.h"
#include "util/hash.h"

namespace bm {

using nlohmann::json;

namespace {
constexpr int64_t kFlagSidechain = 1, kFlagFromChunks = 2, kFlagSeeded = 4;

json errors_json(const std::vector<Error>& errors) {
    json out = json::array();
    for (const auto& e : errors) out.push_back(e.to_string());
    return out;
}
}  // namespace

std::string session_content_digest(const Session& session) {
    Sha256Stream h;
    auto field = [&](std::string_view s) {
        h.update(std::to_string(s.size()));
        h.update(":");
        h.update(s);
    };
    field(session.id);
    field(format_name(session.format));
    for (const auto& m : session.messages) {
        field(m.id);
        field(std::to_string(m.seq));
        field(role_name(m.role));
        field(encode_source(m.source).dump());
        field(encode_blocks(m.blocks).dump());
        field(m.surface == Surface::kShadowed ? "shadowed" : "visible");
        field(m.time);
        field(encode_annotations(m.annotations).dump());
        field(m.raw.str());
    }
    for (const auto& c : session.checkpoints) {
        field(c.id);
        field(c.kind);
        field(c.summary);
    }
    return to_hex(h.finish());
}

std::string session_messages_digest(const Session& session, size_t count) {
    Sha256Stream h;
    auto field = [&](std::string_view s) {
        h.update(std::to_string(s.size()));
        h.update(":");
        h.update(s);
    };
    for (size_t i = 0; i < count && i < session.messages.size(); ++i) {
        const Message& m = session.messages[i];
        field(m.id);
        field(std::to_string(m.seq));
        field(role_name(m.role));
        field(encode_source(m.source).dump());
        field(encode_blocks(m.blocks).dump());
        field(m.time);
        field(m.raw.str());
    }
    return to_hex(h.finish());
}

Result<std::unique_ptr<Workspace>> Workspace::open(const std::string& path) {
    auto db = open_workspace_db(path);
    if (!db) return db.error();
    return std::unique_ptr<Workspace>(new Workspace(std::move(db).value()));
}

Result<StoredSession> Workspace::store_session(const Session& session) {
    StoredSession stored;
    stored.id = session.id;
    stored.format = format_name(session.format);
    stored.file = session.file;
    stored.message_count = static_cast<int64_t>(session.messages.size());
    stored.redactions = session.redactions;
    const std::string digest = session_content_digest(session);
    stored.key = session.id;
    // Resolve the key: same content → unchanged; the same file extending the stored messages byte
    // for byte → replace; anything else → a new key beside it, so no stored message is ever lost.
    for (int attempt = 0; attempt < 64; ++attempt) {
        auto q = m_db->prepare("SELECT content_digest, file, message_count, messages_digest FROM sessions WHERE key = ?");
        if (!q) return q.error();
        q->bind(1, stored.key);
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        if (q->text(0) == digest) {
            stored.unchanged = true;
            // Stored before schema 4 (no environment facts): importing the log again adds them.
            auto has = has_environment_facts(*m_db, stored.key);
            if (!has) return has.error();
            if (!*has && !session.environment.empty()) {
                if (auto st = store_environment_facts(*m_db, stored.key, session.environment); !st) return st.error();
                stored.environment_added = true;
            }
            return stored;
        }
        // Only a grown log (the same file, the stored messages unchanged, more after them) replaces it.
        const int64_t stored_count = q->integer(2);
        if (attempt == 0 && q->text(1) == session.file && stored_count < stored.message_count && !q->is_null(3) &&
            q->text(3) == session_messages_digest(session, static_cast<size_t>(stored_count))) {
            stored.replaced = true;
            break;
        }
        if (attempt == 0) stored.beside = stored.key;
        stored.key = session.id + "~" + digest.substr(0, 8) + (attempt == 0 ? "" : "-" + std::to_string(attempt));
    }
    if (stored.replaced) {
        auto del = m_db->prepare("DELETE FROM sessions WHERE key = ?");
        if (!del) return del.error();
        if (auto st = del->bind(1, stored.key).run(); !st) return st.error();
    }
    auto ins = m_db->prepare(
        "INSERT INTO sessions (key, id, id_form, format, format_version, file, cwd, created_at, "
        "parent_session, seed_length, origin, content_digest, message_count, redactions, messages_digest) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!ins) return ins.error();
    ins->bind(1, stored.key).bind(2, session.id).bind(3, session.id_form).bind(4, stored.format);
    ins->bind(5, static_cast<int64_t>(session.format_version)).bind(6, session.file).bind(7, session.cwd);
    ins->bind(8, session.created_at).bind(9, session.parent_session).bind(10, session.seed_length);
    ins->bind(11, session.origin).bind(12, digest).bind(13, stored.message_count).bind(14, session.redactions);
    ins->bind(15, session_messages_digest(session, session.messages.size()));
    if (auto st = ins->run(); !st) return st.error();

    auto msg = m_db->prepare(
        "INSERT INTO messages (session_key, idx, seq, id, parent_id, role, source, blocks, time, "
        "surface, flags, line, annotations, raw) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!msg) return msg.error();
    for (size_t i = 0; i < session.messages.size(); ++i) {
        const Message& m = session.messages[i];
        int64_t flags = (m.sidechain ? kFlagSidechain : 0) | (m.from_chunks ? kFlagFromChunks : 0) |
                        (m.seeded ? kFlagSeeded : 0);
        msg->bind(1, stored.key).bind(2, static_cast<int64_t>(i)).bind(3, m.seq).bind(4, m.id);
        msg->bind(5, m.parent_id).bind(6, role_name(m.role)).bind(7, encode_source(m.source).dump());
        msg->bind(8, encode_blocks(m.blocks).dump()).bind(9, m.time);
        msg->bind(10, m.surface == Surface::kShadowed ? "shadowed" : "visible").bind(11, flags);
        msg->bind(12, m.line);
        if (m.annotations.empty()) msg->bind_null(13);
        else msg->bind(13, encode_annotations(m.annotations).dump());
        msg->bind(14, m.raw.str());
        if (auto st = msg->run(); !st) return st.error();
    }
    auto br = m_db->prepare(
        "INSERT INTO branches (session_key, branch_id, sidechain, message_indexes) VALUES (?,?,?,?)");
    if (!br) return br.error();
    for (const auto& b : session.branches) {
        br->bind(1, stored.key).bind(2, b.id).bind(3, static_cast<int64_t>(b.sidechain));
        br->bind(4, json(b.message_indexes).dump());
        if (auto st = br->run(); !st) return st.error();
    }
    auto cp = m_db->prepare(
        "INSERT INTO checkpoints (session_key, id, kind, seq, shadowed_start, shadowed_end, summary) "
        "VALUES (?,?,?,?,?,?,?)");
    if (!cp) return cp.error();
    for (const auto& c : session.checkpoints) {
        cp->bind(1, stored.key).bind(2, c.id).bind(3, c.kind).bind(4, c.seq);
        cp->bind(5, c.shadowed_start).bind(6, c.shadowed_end).bind(7, c.summary);
        if (auto st = cp->run(); !st) return st.error();
    }
    if (auto st = store_environment_facts(*m_db, stored.key, session.environment); !st) return st.error();
    return stored;
}

Result<ImportReport> Workspace::import(const ReadResult& result) {
    ImportReport report;
    Transaction tx(*m_db);
    if (!tx.begun().ok()) return tx.begun().error();
    json keys = json::array();
    for (const auto& s : result.sessions) {
        auto stored = store_session(s);
        if (!stored) return stored.error();
        if (!stored->beside.empty() && !stored->unchanged)
            report.warnings.push_back(Error::invalid_input(
                "session id '" + s.id + "' is already in the workspace as '" + stored->beside +
                    "' with messages this copy does not extend byte for byte; stored beside it as '" + stored->key +
                    "' (both kept, nothing overwritten)",
                Location{result.file}));
        keys.push_back(stored->key);
        report.sessions.push_back(std::move(stored).value());
    }
    auto rec = m_db->prepare(
        "INSERT INTO imports (file, format, session_keys, errors, warnings, partial) VALUES (?,?,?,?,?,?)");
    if (!rec) return rec.error();
    rec->bind(1, result.file).bind(2, result.format).bind(3, keys.dump());
    rec->bind(4, errors_json(result.errors).dump()).bind(5, errors_json(result.warnings).dump());
    rec->bind(6, static_cast<int64_t>(result.partial));
    if (auto st = rec->run(); !st) return st.error();
    if (auto st = tx.commit(); !st) return st.error();
    return report;
}

Result<std::vector<StoredSession>> Workspace::sessions() {
    std::vector<StoredSession> out;
    auto q = m_db->prepare("SELECT key, id, format, file, message_count, redactions FROM sessions ORDER BY key");
    if (!q) return q.error();
    while (true) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        StoredSession s;
        s.key = q->text(0);
        s.id = q->text(1);
        s.format = q->text(2);
        s.file = q->text(3);
        s.message_count = q->integer(4);
        s.redactions = q->integer(5);
        out.push_back(std::move(s));
    }
    return out;
}

Result<std::vector<Message>> Workspace::messages(const std::string& key) {
    auto exists = m_db->prepare("SELECT id FROM sessions WHERE key = ?");
    if (!exists) return exists.error();
    exists->bind(1, key);
    auto found = exists->step();
    if (!found) return found.error();
    if (!*found) return Error::not_found("no session '" + key + "' in the workspace", Location{path()});
    const std::string session_id = exists->text(0);
    std::vector<Message> out;
    auto q = m_db->prepare(
        "SELECT seq, id, parent_id, role, source, blocks, time, surface, flags, line, annotations, raw "
        "FROM messages WHERE session_key = ? ORDER BY idx");
    if (!q) return q.error();
    q->bind(1, key);
    while (true) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        Message m;
        m.session_id = session_id;
        m.seq = q->integer(0);
        m.id = q->text(1);
        m.parent_id = q->text(2);
        m.role = role_from_name(q->text(3));
        m.source = decode_source(json::parse(q->text(4)));
        m.blocks = decode_blocks(json::parse(q->text(5)));
        m.time = q->text(6);
        m.surface = q->text(7) == "shadowed" ? Surface::kShadowed : Surface::kVisible;
        int64_t flags = q->integer(8);
        m.sidechain = flags & kFlagSidechain;
        m.from_chunks = flags & kFlagFromChunks;
        m.seeded = flags & kFlagSeeded;
        m.line = q->integer(9);
        if (!q->is_null(10)) m.annotations = decode_annotations(json::parse(q->text(10)));
        m.raw = CompressedBytes(q->text(11));
        out.push_back(std::move(m));
    }
    return out;
}

Result<std::vector<EnvironmentFact>> Workspace::environment(const std::string& key) {
    return load_environment_facts(*m_db, key);
}

Result<Session> Workspace::session(const std::string& key) {
    auto messages = this->messages(key);  // NotFound for an unknown key
    if (!messages) return messages.error();
    Session s;
    auto meta = m_db->prepare(
        "SELECT id, id_form, format, format_version, file, cwd, created_at, parent_session, seed_length, origin, "
        "redactions FROM sessions WHERE key = ?");
    if (!meta) return meta.error();
    meta->bind(1, key);
    auto row = meta->step();
    if (!row) return row.error();
    if (!*row) return Error::not_found("no session '" + key + "' in the workspace", Location{path()});
    s.id = meta->text(0);
    s.id_form = meta->text(1);
    const std::string format = meta->text(2);
    for (SessionFormat f : {SessionFormat::kDsh, SessionFormat::kClaudeCode, SessionFormat::kCodex,
                            SessionFormat::kOpenAiChat, SessionFormat::kSweAgent, SessionFormat::kOpenHands,
                            SessionFormat::kNative, SessionFormat::kGeminiCli, SessionFormat::kCline,
                            SessionFormat::kAider})
        if (format == format_name(f)) s.format = f;
    s.format_version = static_cast<int>(meta->integer(3));
    s.file = meta->text(4);
    s.cwd = meta->text(5);
    s.created_at = meta->text(6);
    s.parent_session = meta->text(7);
    if (!meta->is_null(8)) s.seed_length = meta->integer(8);
    s.origin = meta->text(9);
    s.redactions = meta->integer(10);
    s.messages = std::move(messages).value();

    auto br = m_db->prepare(
        "SELECT branch_id, sidechain, message_indexes FROM branches WHERE session_key = ? ORDER BY rowid");
    if (!br) return br.error();
    br->bind(1, key);
    while (true) {
        auto r = br->step();
        if (!r) return r.error();
        if (!*r) break;
        Branch b;
        b.id = br->text(0);
        b.sidechain = br->integer(1) != 0;
        auto idx = json::parse(br->text(2), nullptr, false);
        if (idx.is_discarded() || !idx.is_array())
            return Error::corruption("branch message list is not a JSON array",
                                     Location{path(), 0, -1, "branches[" + key + "/" + b.id + "].message_indexes"},
                                     "re-import the session's log");
        for (const auto& i : idx) {
            if (!i.is_number_unsigned() || i.get<size_t>() >= s.messages.size())
                return Error::corruption("branch names a message the session does not have",
                                         Location{path(), 0, -1, "branches[" + key + "/" + b.id + "].message_indexes"},
                                         "re-import the session's log");
            b.message_indexes.push_back(i.get<size_t>());
        }
        s.branches.push_back(std::move(b));
    }

    auto cp = m_db->prepare(
        "SELECT id, kind, seq, shadowed_start, shadowed_end, summary FROM checkpoints WHERE session_key = ? "
        "ORDER BY rowid");
    if (!cp) return cp.error();
    cp->bind(1, key);
    while (true) {
        auto r = cp->step();
        if (!r) return r.error();
        if (!*r) break;
        CheckpointRecord c;
        c.id = cp->text(0);
        c.kind = cp->text(1);
        c.seq = cp->integer(2);
        if (!cp->is_null(3)) c.shadowed_start = cp->integer(3);
        if (!cp->is_null(4)) c.shadowed_end = cp->integer(4);
        c.summary = cp->text(5);
        s.checkpoints.push_back(std::move(c));
    }

    auto env = load_environment_facts(*m_db, key);
    if (!env) return env.error();
    s.environment = std::move(env).value();
    return s;
}

}  // namespace bm
