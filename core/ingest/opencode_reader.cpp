// OpenCode's session export (`opencode export <id>`, and an Entire CLI checkpoint's `full.jsonl` of
// an OpenCode session): one JSON object, {"info": {session}, "messages": [{"info": {"id", "role",
// "parentID", "modelID", "providerID", "time", "error"?}, "parts": [...]}]}. A part is `text`
// (`synthetic` when OpenCode wrote it: kept apart as the harness's), `reasoning`, `tool`
// ({"callID", "tool", "state": {"status", "input", "output"|"error"}}: a call and its answer),
// `file` (an attachment), or bookkeeping (step-start, step-finish, snapshot, patch, agent, retry,
// compaction) that holds no conversation (session 28: such exports were OpenAI chat documents whose
// every message "has no role").
#include <set>

#include "ingest/readers.h"

namespace bm {

namespace {

// A millisecond time member ("time": {"created": 1700000000100}) as its decimal text; empty when
// absent.
std::string millis(const json& info) {
    const auto t = info.find("time");
    if (t == info.end() || !t->is_object()) return {};
    const auto c = t->find("created");
    return c != t->end() && c->is_number_integer() ? std::to_string(c->get<int64_t>())
                                                   : std::string();
}

class OpenCodeBuilder {
public:
    explicit OpenCodeBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kOpenAiChat;  // OpenCode's tools (bash, read, write,
                                                        // edit), read as any role-message agent's
        m_session.file = ctx.result().file;
    }

    void session_info(const json& info, RecordPos pos) {
        m_session.id_form = m_ctx.str(info, "id", pos, "info.id").value_or("");
        m_session.created_at = millis(info);
        if (auto dir = m_ctx.str(info, "directory", pos, "info.directory"); dir && !dir->empty()) {
            m_session.cwd = m_ctx.redact_text(*dir);
            m_session.environment.push_back(member_fact(m_ctx, "cwd", *dir, "info.directory",
                                                        pos.line, "directory", json(*dir)));
        }
    }

    void message(const json& item, RecordPos pos, const std::string& path) {
        const json* info = m_ctx.object(item, "info", pos, path + ".info");
        if (!info) {
            m_ctx.error(pos, path + ".info", "a message without its info object; skipped");
            m_ctx.result().partial = true;
            return;
        }
        const std::string role = m_ctx.str(*info, "role", pos, path + ".info.role").value_or("");
        if (role != "user" && role != "assistant") {
            m_ctx.error(pos, path + ".info.role", "unknown role '" + role + "'; message skipped",
                        "expected user or assistant");
            m_ctx.result().partial = true;
            return;
        }
        Message m;
        m.line = pos.line;
        m.id = m_ctx.str(*info, "id", pos, path + ".info.id").value_or("");
        if (m.id.empty()) m.id = "message-" + std::to_string(pos.line);
        m.time = millis(*info);
        m.role = role == "user" ? Role::kUser : Role::kAssistant;
        m.source.kind = role == "user" ? SourceKind::kUser : SourceKind::kModel;
        if (role == "assistant") {
            m.source.provider =
                m_ctx.str(*info, "providerID", pos, path + ".info.providerID").value_or("");
            m.source.model = m_ctx.str(*info, "modelID", pos, path + ".info.modelID").value_or("");
        }
        std::vector<Message> results;
        // Text OpenCode itself puts in a turn (`synthetic`: an @file's "Called the Read tool …" and
        // the file's content) is the harness's, in a message of its own after the turn.
        Message synthetic;
        synthetic.id = m.id + "/synthetic";
        synthetic.line = m.line;
        synthetic.time = m.time;
        synthetic.role = m.role;
        synthetic.source.kind = SourceKind::kPlugin;
        synthetic.source.name = "synthetic";
        if (const json* parts = m_ctx.array(item, "parts", pos, path + ".parts"))
            for (size_t k = 0; k < parts->size(); ++k)
                part((*parts)[k], pos, path + ".parts[" + std::to_string(k) + "]", m, synthetic,
                     results);
        // A failed request: the provider's error and no reply, the harness's notice.
        if (const json* error = m_ctx.object(*info, "error", pos, path + ".info.error");
            error && m.visible_text().empty()) {
            const json* data = m_ctx.object(*error, "data", pos, path + ".info.error.data");
            const std::string text =
                data ? m_ctx.str(*data, "message", pos, path + ".info.error.data.message")
                           .value_or("")
                     : "";
            m.blocks.push_back(text_block(
                m_ctx, BlockKind::kText,
                text.empty()
                    ? m_ctx.str(*error, "name", pos, path + ".info.error.name").value_or("error")
                    : text));
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "api-error";
        }
        if (!m.blocks.empty() || synthetic.blocks.empty()) append_message(m_session, std::move(m));
        if (!synthetic.blocks.empty()) append_message(m_session, std::move(synthetic));
        for (Message& r : results) append_message(m_session, std::move(r));
    }

    void finish(const std::string& digest) {
        add_session(std::move(m_session), m_ctx, "opencode-" + digest.substr(0, 12), 0);
    }

private:
    void part(const json& p, RecordPos pos, const std::string& path, Message& m, Message& synthetic,
              std::vector<Message>& results) {
        if (!p.is_object()) {
            m_ctx.error(pos, path, "expected a part object; skipped");
            return;
        }
        const std::string type = m_ctx.str(p, "type", pos, path + ".type").value_or("");
        if (type == "text") {
            const std::string text = m_ctx.str(p, "text", pos, path + ".text").value_or("");
            if (text.empty()) return;
            const bool own = p.contains("synthetic") && p["synthetic"].is_boolean() &&
                             p["synthetic"].get<bool>();
            (own ? synthetic : m).blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        } else if (type == "reasoning") {
            if (auto text = m_ctx.str(p, "text", pos, path + ".text"); text && !text->empty())
                m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, *text));
        } else if (type == "tool") {
            tool(p, pos, path, m, results);
        } else if (type == "file") {
            m.blocks.push_back(text_block(
                m_ctx, BlockKind::kImage,
                "[file: " +
                    m_ctx.str(p, "filename", pos, path + ".filename").value_or("attachment") +
                    "]"));
        } else {
            static const std::set<std::string> kBookkeeping = {
                "step-start", "step-finish", "snapshot", "patch",
                "agent",      "subtask",     "retry",    "compaction"};
            if (!kBookkeeping.count(type))
                m_ctx.unknown_type(pos, "part " + (type.empty() ? std::string("(none)") : type));
        }
    }

    // A tool part: the call in the assistant's message and, once it ran, its answer as the tool's
    // own message.
    void tool(const json& p, RecordPos pos, const std::string& path, Message& m,
              std::vector<Message>& results) {
        ContentBlock call;
        call.kind = BlockKind::kToolCall;
        call.tool_id = m_ctx.str(p, "callID", pos, path + ".callID").value_or("");
        call.tool_name = m_ctx.str(p, "tool", pos, path + ".tool").value_or("");
        const json* state = m_ctx.object(p, "state", pos, path + ".state");
        if (state)
            if (const auto input = state->find("input"); input != state->end() && !input->is_null())
                call.arguments = m_ctx.redact_text(input->is_string() ? input->get<std::string>()
                                                                      : input->dump());
        m.blocks.push_back(call);
        const std::string status =
            state ? m_ctx.str(*state, "status", pos, path + ".state.status").value_or("") : "";
        if (status != "completed" && status != "error")
            return;  // pending or running when the session was saved
        ContentBlock r;
        r.is_error = status == "error";
        std::string text = m_ctx
                               .str(*state, r.is_error ? "error" : "output", pos,
                                    path + ".state." + (r.is_error ? "error" : "output"))
                               .value_or("");
        // A shell call's exit code, which OpenCode keeps in the state's metadata: first, as the
        // harness's.
        if (const auto meta = state->find("metadata"); meta != state->end() && meta->is_object())
            if (const auto exit = meta->find("exit");
                exit != meta->end() && exit->is_number_integer())
                open_with_exit_code(exit->get<int64_t>(), text, r.is_error);
        r.text = m_ctx.redact_text(text);
        results.push_back(tool_answer(m, call.tool_id, results.size(), std::move(r)));
    }

    ReadContext& m_ctx;
    Session m_session;
};

}  // namespace

bool is_opencode_export(const json& doc) {
    if (!doc.is_object()) return false;
    const auto info = doc.find("info");
    const auto messages = doc.find("messages");
    if (info == doc.end() || !info->is_object() || messages == doc.end() || !messages->is_array())
        return false;
    // Its messages hold their role inside `info`, beside `parts`: no OpenAI chat message has
    // either.
    for (const json& m : *messages)
        if (m.is_object()) return m.contains("info") && m.contains("parts") && !m.contains("role");
    return info->contains("id") && !doc.contains("model");
}

void read_opencode(const json& doc, ReadContext& ctx, const std::string& digest) {
    const RecordPos top{1, 0};
    const json* info = doc.is_object() ? ctx.object(doc, "info", top, "info") : nullptr;
    const json* list = info ? ctx.array(doc, "messages", top, "messages") : nullptr;
    if (!list) {
        ctx.error(top, "",
                  "an OpenCode export is an object with an `info` object and a `messages` array");
        return;
    }
    OpenCodeBuilder b(ctx);
    b.session_info(*info, top);
    const json& messages = *list;
    for (size_t i = 0; i < messages.size(); ++i) {
        const RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const std::string path = "messages[" + std::to_string(i) + "]";
        if (!messages[i].is_object()) {
            ctx.error(pos, path, "expected a message object; skipped");
            ctx.result().partial = true;
            continue;
        }
        b.message(messages[i], pos, path);
    }
    b.finish(digest);
}

}  // namespace bm
