// Entire CLI's compact transcript (a checkpoint's `transcript.jsonl`): one line per user or assistant turn,
// {"v":1, "agent", "cli_version", "type": "user"|"assistant", "ts", "id", "content": [...]}, each tool_use block
// carrying its own result ({"output", "status": "success"|"error"}). Entire writes it beside `full.jsonl`, and for
// some checkpoints it is the only transcript kept (session 25). The session is read in the format of the agent that
// wrote it (claude-code → Claude Code), so the extraction rules read it as they read that agent's own log.
#include "ingest/claude_code_wrappers.h"
#include "ingest/readers.h"

namespace bm {

namespace {

// The session format whose rules fit the agent's turns: its tool names, its error flags.
SessionFormat agent_format(const std::string& agent) {
    if (agent == "claude-code") return SessionFormat::kClaudeCode;
    if (agent == "codex") return SessionFormat::kCodex;
    if (agent == "gemini" || agent == "gemini-cli") return SessionFormat::kGeminiCli;
    return SessionFormat::kOpenAiChat;  // any other agent: role messages with tool calls
}

class CompactBuilder {
public:
    explicit CompactBuilder(ReadContext& ctx) : m_ctx(ctx) { m_session.file = ctx.result().file; }

    void line(const json& v, RecordPos pos, std::string_view raw) {
        const std::string type = m_ctx.str(v, "type", pos, "type").value_or("");
        if (type != "user" && type != "assistant") {
            m_ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            ++m_non_message;
            return;
        }
        if (!m_agent_read) {  // the first turn names the agent; the session keeps that format throughout
            m_agent_read = true;
            const std::string agent = m_ctx.str(v, "agent", pos, "agent").value_or("");
            m_session.format = agent_format(agent);
            environment("agent", agent, "agent", pos, v);
            environment("entire_cli_version", m_ctx.str(v, "cli_version", pos, "cli_version").value_or(""),
                        "cli_version", pos, v);
        }
        Message m;
        m.seq = static_cast<int64_t>(m_session.messages.size());
        m.line = pos.line;
        m.id = m_ctx.str(v, "id", pos, "id").value_or("");
        if (m.id.empty()) m.id = "line-" + std::to_string(pos.line);
        m.time = time_of(v, pos);
        if (type == "user") {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
        } else {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
        }
        std::vector<Message> results;
        const auto content = v.find("content");
        if (content == v.end() || content->is_null()) {
            m_ctx.warning(pos, "content", "turn without content; kept empty");
        } else if (content->is_string()) {
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, content->get<std::string>()));
        } else if (content->is_array()) {
            for (size_t k = 0; k < content->size(); ++k)
                block((*content)[k], pos, "content[" + std::to_string(k) + "]", m, results);
        } else {
            m_ctx.error(pos, "content", "expected a string or an array of blocks; turn skipped");
            m_ctx.result().partial = true;
            return;
        }
        if (m.role == Role::kUser && m_session.format == SessionFormat::kClaudeCode) {
            // Claude Code's user-line wrappers (`!` commands, slash commands) as its own reader reads them; a Stop
            // hook's verdict, which the agent's log marks as the harness's (isMeta) and the compact form does not,
            // is the harness's too.
            apply_claude_user_wrapper(m, m_pending_shell);
            const std::string text = m.visible_text();
            if (m.source.kind == SourceKind::kUser && text.rfind("Stop hook feedback:", 0) == 0) {
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "hook";
            }
        }
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        m_session.messages.push_back(std::move(m));
        for (Message& r : results) {
            r.seq = static_cast<int64_t>(m_session.messages.size());
            m_session.messages.push_back(std::move(r));
        }
    }

    void finish(const std::string& digest) {
        m_session.id_form = "entire-" + digest.substr(0, 12);  // the file names no session: its content does
        m_ctx.finish();
        finish_session(m_session, m_ctx, RecordPos{1, 0}, m_non_message);
        m_ctx.result().sessions.push_back(std::move(m_session));
    }

private:
    // "ts" is the source line's own timestamp, as written (a string, or a number of milliseconds).
    std::string time_of(const json& v, RecordPos pos) {
        const auto ts = v.find("ts");
        if (ts == v.end() || ts->is_null()) return {};
        if (ts->is_string()) return ts->get<std::string>();
        if (ts->is_number_integer()) return std::to_string(ts->get<int64_t>());
        m_ctx.warning(pos, "ts", "expected a timestamp string or number; left out");
        return {};
    }

    void block(const json& b, RecordPos pos, const std::string& path, Message& m, std::vector<Message>& results) {
        if (b.is_string()) {
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, b.get<std::string>()));
            return;
        }
        if (!b.is_object()) {
            m_ctx.error(pos, path, "expected a content block object; skipped");
            return;
        }
        const std::string type = m_ctx.str(b, "type", pos, path + ".type").value_or("");
        if (type == "tool_use") {
            tool_use(b, pos, path, m, results);
        } else if (type == "thinking" || type == "reasoning") {
            const std::string text = m_ctx.str(b, type.c_str(), pos, path + "." + type).value_or(
                m_ctx.str(b, "text", pos, path + ".text").value_or(""));
            if (!text.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, text));
        } else if (type == "image") {
            m.blocks.push_back(ContentBlock{BlockKind::kImage, "[image]", {}, {}, {}, false});
        } else if (type.empty() || type == "text") {
            // A user turn's blocks and a stripped assistant text carry no type: {"id"?, "text"}.
            if (auto text = m_ctx.str(b, "text", pos, path + ".text"))
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, *text));
            else
                m_ctx.warning(pos, path, "block without text or type; skipped");
        } else {
            m_ctx.unknown_type(pos, "content block " + type);
        }
    }

    // A tool call and, when it carries one, its result as the tool's own message.
    void tool_use(const json& b, RecordPos pos, const std::string& path, Message& m, std::vector<Message>& results) {
        ContentBlock call;
        call.kind = BlockKind::kToolCall;
        call.tool_id = m_ctx.str(b, "id", pos, path + ".id").value_or("");
        call.tool_name = m_ctx.str(b, "name", pos, path + ".name").value_or("");
        if (const auto input = b.find("input"); input != b.end()) call.arguments = m_ctx.redact_text(input->dump());
        m.blocks.push_back(call);
        const json* result = m_ctx.object(b, "result", pos, path + ".result");
        if (!result) return;  // no result kept: the call never answered (the log ends, a cut)
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = call.tool_id;
        r.text = m_ctx.redact_text(m_ctx.str(*result, "output", pos, path + ".result.output").value_or(""));
        r.is_error = m_ctx.str(*result, "status", pos, path + ".result.status").value_or("") == "error";
        Message t;
        t.id = m.id + "/" + (call.tool_id.empty() ? std::to_string(results.size()) : call.tool_id);
        t.line = m.line;
        t.time = m.time;
        t.role = Role::kTool;
        t.source.kind = SourceKind::kTool;
        t.source.call_id = call.tool_id;
        t.blocks.push_back(std::move(r));
        results.push_back(std::move(t));
    }

    void environment(const char* name, const std::string& value, const char* field, RecordPos pos, const json& v) {
        if (value.empty()) return;
        EnvironmentFact f;
        f.name = name;
        f.value = m_ctx.redact_text(value);
        f.field = field;
        f.line = pos.line;
        const auto member = v.find(field);
        if (member != v.end()) f.quote = m_ctx.redact_raw("\"" + std::string(field) + "\":" + member->dump());
        m_session.environment.push_back(std::move(f));
    }

    ReadContext& m_ctx;
    Session m_session;
    bool m_agent_read = false;
    std::string m_pending_shell;  // a Claude Code user's `!` command awaiting its output line
    int64_t m_non_message = 0;
};

}  // namespace

bool is_entire_compact_line(const json& v) {
    return v.is_object() && v.contains("v") && v.contains("agent") && v.contains("cli_version") &&
           v.contains("content") && v.value("type", json()).is_string();
}

void read_entire_compact(ByteSource& source, ReadContext& ctx) {
    CompactBuilder b(ctx);
    const auto digest = for_each_record(source, ctx, [&](const json& v, RecordPos pos, std::string_view raw) {
        if (v.is_object()) b.line(v, pos, raw);
        else ctx.error(pos, "", "expected a JSON object a line; skipped");
    });
    if (digest) b.finish(*digest);
}

}  // namespace bm
