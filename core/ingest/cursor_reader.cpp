// Cursor's agent transcripts (`~/.cursor/projects/<project>/agent-transcripts/<id>.jsonl`, also kept as an Entire CLI
// checkpoint's `full.jsonl`): {"role": "user"|"assistant", "message": {"content": [blocks]}} a line and
// {"type": "turn_ended", "status"} between turns. The file keeps no tool results, no ids and no times of its own: the
// user's query is the text inside <user_query> (session 27).
#include "ingest/readers.h"

namespace bm {

namespace {

class CursorBuilder {
public:
    explicit CursorBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kOpenAiChat;  // the agent's tools, read as any role-message agent's
        m_session.file = ctx.result().file;
    }

    void line(const json& v, RecordPos pos, std::string_view raw) {
        if (v.contains("type") && !v.contains("role")) {  // {"type": "turn_ended", "status": …}
            const std::string type = m_ctx.str(v, "type", pos, "type").value_or("");
            if (type != "turn_ended") m_ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            ++m_non_message;
            return;
        }
        const std::string role = m_ctx.str(v, "role", pos, "role").value_or("");
        if (role != "user" && role != "assistant") {
            m_ctx.error(pos, "role", "unknown role '" + role + "'; line skipped", "expected user or assistant");
            m_ctx.result().partial = true;
            return;
        }
        const json* message = m_ctx.object(v, "message", pos, "message");
        const json* content = message ? m_ctx.array(*message, "content", pos, "message.content") : nullptr;
        if (!content) {
            m_ctx.error(pos, "message.content", "a turn without a content array; line skipped");
            m_ctx.result().partial = true;
            return;
        }
        Message m;
        m.seq = static_cast<int64_t>(m_session.messages.size());
        m.line = pos.line;
        m.id = "line-" + std::to_string(pos.line);
        m.role = role == "user" ? Role::kUser : Role::kAssistant;
        m.source.kind = role == "user" ? SourceKind::kUser : SourceKind::kModel;
        for (size_t k = 0; k < content->size(); ++k) block((*content)[k], pos, "message.content[" + std::to_string(k) + "]", m);
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        m_session.messages.push_back(std::move(m));
    }

    void finish(const std::string& digest) {
        // The file names no session: its content does.
        add_session(std::move(m_session), m_ctx, "cursor-" + digest.substr(0, 12), m_non_message);
    }

private:
    void block(const json& b, RecordPos pos, const std::string& path, Message& m) {
        if (!b.is_object()) {
            m_ctx.error(pos, path, "expected a content block object; skipped");
            return;
        }
        const std::string type = m_ctx.str(b, "type", pos, path + ".type").value_or("");
        if (type == "text") {
            std::string text = m_ctx.str(b, "text", pos, path + ".text").value_or("");
            if (m.role == Role::kUser) {
                // Cursor wraps the typed query: "<timestamp>…</timestamp>\n<user_query>\n…\n</user_query>". Only the
                // query is the user's words. The timestamp ("Saturday, Aug 15, 2026, 1:21 PM (UTC+4)") is no ISO-8601
                // time, which Message::time holds: it stays in the raw record only.
                if (auto query = tagged(text, "<user_query>", "</user_query>")) text = *query;
            }
            if (!text.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        } else if (type == "tool_use") {
            ContentBlock call;
            call.kind = BlockKind::kToolCall;
            call.tool_id = "cursor-" + std::to_string(pos.line) + "-" + std::to_string(m.blocks.size());
            call.tool_name = m_ctx.str(b, "name", pos, path + ".name").value_or("");
            if (const auto input = b.find("input"); input != b.end()) call.arguments = m_ctx.redact_text(input->dump());
            m.blocks.push_back(std::move(call));  // the transcript keeps no result: the call stays unanswered
        } else if (type == "thinking" || type == "reasoning") {
            if (auto text = m_ctx.str(b, type == "thinking" ? "thinking" : "text", pos, path); text && !text->empty())
                m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, *text));
        } else {
            m_ctx.unknown_type(pos, "content block " + (type.empty() ? std::string("(none)") : type));
        }
    }

    ReadContext& m_ctx;
    Session m_session;
    int64_t m_non_message = 0;
};

}  // namespace

bool is_cursor_transcript_line(const json& v) {
    if (!v.is_object() || v.contains("uuid") || v.contains("sessionId") || v.contains("parentUuid")) return false;
    const auto role = v.find("role");
    const auto message = v.find("message");
    return role != v.end() && role->is_string() && message != v.end() && message->is_object() &&
           message->contains("content") && !v.contains("content") && !v.contains("tool_calls");
}

void read_cursor_transcript(ByteSource& source, ReadContext& ctx) {
    CursorBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
