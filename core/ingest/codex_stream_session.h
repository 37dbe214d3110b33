// The session the two `codex exec --json` readers build line by line (codex_exec_reader.cpp, its current
// events; codex_legacy_exec_reader.cpp, the {"id", "msg"} events before mid-2025): messages in order, calls
// named once, results answering them.
#pragma once

#include <set>
#include <string>

#include "ingest/readers.h"

namespace bm {

class CodexStreamSession {
public:
    explicit CodexStreamSession(ReadContext& ctx) : m_ctx(ctx) {
        session.format = SessionFormat::kCodex;
        session.file = ctx.result().file;
    }

    Session session;
    std::string model;     // the model of the run's turns, when the stream names it
    std::string_view raw;  // the line being read (kept with its messages when asked to)
    int64_t non_message = 0;  // lines read that hold no message

    Message message(RecordPos pos, const std::string& id, Role role, SourceKind kind) const {
        Message m;
        m.line = pos.line;
        m.id = id;
        m.role = role;
        m.source.kind = kind;
        if (role == Role::kAssistant) {
            m.source.provider = "openai";
            m.source.model = model;
        }
        return m;
    }

    void push(Message m) {
        m.seq = static_cast<int64_t>(session.messages.size());
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        session.messages.push_back(std::move(m));
    }

    // The call `id` makes; false (and nothing added) when that call was made already.
    bool call(const std::string& id, const std::string& tool, const std::string& arguments, RecordPos pos) {
        if (!m_called.insert(id).second) return false;
        Message m = message(pos, id, Role::kAssistant, SourceKind::kModel);
        m.blocks.push_back(ContentBlock{BlockKind::kToolCall, {}, id, tool, m_ctx.redact_text(arguments), false});
        push(std::move(m));
        return true;
    }

    bool called(const std::string& id) const { return m_called.count(id) > 0; }

    void result(const std::string& id, const std::string& text, bool error, RecordPos pos) {
        Message m = message(pos, id + "/result", Role::kTool, SourceKind::kTool);
        m.source.call_id = id;
        m.blocks.push_back(ContentBlock{BlockKind::kToolResult, m_ctx.redact_text(text), id, {}, {}, error});
        push(std::move(m));
    }

    // Adds the session to the result, named `codex-exec-<first 12 hex of the digest>` when the
    // stream named none.
    void finish(const std::string& digest) {
        add_session(std::move(session), m_ctx, "codex-exec-" + digest.substr(0, 12), non_message);
    }

private:
    ReadContext& m_ctx;
    std::set<std::string> m_called;
};

}  // namespace bm
