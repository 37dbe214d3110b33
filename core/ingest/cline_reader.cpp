// Cline task histories (tasks/<id>/api_conversation_history.json): Anthropic-style messages with
// tool_use blocks; tool results come back as tool_result blocks or as "[tool] Result:" text blocks.
#include <algorithm>
#include <deque>

#include "ingest/cline_task.h"

namespace bm {

namespace {

struct PendingCall {
    std::string id, name;
};

// What the model says to the user through Cline's conversational tools (their input holds the words).
std::string words_in_tool(const std::string& name, const json& input) {
    const char* field = name == "plan_mode_respond"       ? "response"
                        : name == "attempt_completion"    ? "result"
                        : name == "ask_followup_question" ? "question"
                                                          : nullptr;
    if (!field || !input.is_object()) return {};
    auto it = input.find(field);
    return it != input.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The call a result answers: the oldest pending call of that tool, else the oldest pending call.
std::string take_call(std::deque<PendingCall>& pending, const std::string& name) {
    if (pending.empty()) return {};
    auto it = std::find_if(pending.begin(), pending.end(), [&](const PendingCall& c) { return c.name == name; });
    if (it == pending.end()) it = pending.begin();
    std::string id = it->id;
    pending.erase(it);
    return id;
}

class ClineApiReader {
public:
    ClineApiReader(ReadContext& ctx, Session& session) : m_ctx(ctx), m_session(session) {}

    void message(const json& item, size_t index) {
        const std::string path = "[" + std::to_string(index) + "]";
        RecordPos pos{static_cast<int64_t>(index) + 1, -1};
        if (!item.is_object()) {
            m_ctx.error(pos, path, "expected a message object; skipped");
            m_ctx.result().partial = true;
            return;
        }
        const std::string role = m_ctx.str(item, "role", pos, path + ".role").value_or("");
        Message base;
        base.seq = static_cast<int64_t>(index);
        base.line = pos.line;
        base.id = "msg-" + std::to_string(index);
        if (auto ts = item.find("ts"); ts != item.end() && ts->is_number_integer()) base.time = std::to_string(ts->get<int64_t>());
        if (m_ctx.options().keep_raw) base.raw = m_ctx.raw_record(item.dump());
        json blocks = item.contains("content") && item["content"].is_string()
                          ? json::array({{{"type", "text"}, {"text", item["content"]}}})
                          : item.value("content", json::array());
        if (!blocks.is_array()) {
            m_ctx.error(pos, path + ".content", "expected a string or an array of content blocks; skipped");
            m_ctx.result().partial = true;
            return;
        }
        if (role == "assistant") assistant(base, item, blocks, pos, path);
        else if (role == "user") user(base, blocks, pos, path);
        else {
            m_ctx.error(pos, path + ".role", "unknown role '" + role + "'; message skipped", "expected user or assistant");
            m_ctx.result().partial = true;
        }
    }

private:
    void assistant(Message m, const json& item, const json& blocks, RecordPos pos, const std::string& path) {
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        if (const json* info = m_ctx.object(item, "modelInfo", pos, path + ".modelInfo")) {
            m.source.model = m_ctx.str(*info, "modelId", pos, path + ".modelInfo.modelId").value_or("");
            m.source.provider = m_ctx.str(*info, "providerId", pos, path + ".modelInfo.providerId").value_or("");
        }
        for (size_t k = 0; k < blocks.size(); ++k) {
            const json& b = blocks[k];
            const std::string bpath = path + ".content[" + std::to_string(k) + "]";
            const std::string type = b.is_object() ? m_ctx.str(b, "type", pos, bpath + ".type").value_or("") : "";
            if (type == "text") {
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, m_ctx.str(b, "text", pos, bpath + ".text").value_or("")));
            } else if (type == "thinking") {
                m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, m_ctx.str(b, "thinking", pos, bpath + ".thinking").value_or("")));
            } else if (type == "tool_use") {
                ContentBlock c;
                c.kind = BlockKind::kToolCall;
                c.tool_id = m_ctx.str(b, "id", pos, bpath + ".id").value_or("");
                c.tool_name = m_ctx.str(b, "name", pos, bpath + ".name").value_or("");
                c.arguments = m_ctx.redact_text(b.value("input", json::object()).dump());
                m_pending.push_back({c.tool_id, c.tool_name});
                std::string said = words_in_tool(c.tool_name, b.value("input", json::object()));
                m.blocks.push_back(std::move(c));
                if (!said.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, said));
            } else if (type != "redacted_thinking") {
                m_ctx.unknown_type(pos, "assistant block '" + type + "'");
            }
        }
        m_session.messages.push_back(std::move(m));
    }

    void user(const Message& base, const json& blocks, RecordPos pos, const std::string& path) {
        Message words = base, context = base;
        words.role = context.role = Role::kUser;
        words.source.kind = SourceKind::kUser;
        context.source.kind = SourceKind::kPlugin;
        context.source.name = "cline-context";
        context.id += "/context";
        std::vector<Message> results;
        for (size_t k = 0; k < blocks.size(); ++k) {
            const json& b = blocks[k];
            const std::string bpath = path + ".content[" + std::to_string(k) + "]";
            const std::string type = b.is_object() ? m_ctx.str(b, "type", pos, bpath + ".type").value_or("") : "";
            if (type == "tool_result") {
                std::string id = m_ctx.str(b, "tool_use_id", pos, bpath + ".tool_use_id").value_or("");
                m_pending.erase(std::remove_if(m_pending.begin(), m_pending.end(), [&](const PendingCall& c) { return c.id == id; }),
                                m_pending.end());
                results.push_back(result(base, id, b.contains("content") ? flatten_text(b["content"]) : "",
                                         b.value("is_error", json(false)) == true, results.size()));
            } else if (type == "text") {
                std::string text = m_ctx.str(b, "text", pos, bpath + ".text").value_or("");
                if (std::string tool = cline_result_tool(text); !tool.empty())
                    results.push_back(result(base, take_call(m_pending, tool), text, false, results.size()));
                else if (cline_injected_context(text))
                    context.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
                else words.blocks.push_back(text_block(m_ctx, BlockKind::kText, unwrap_task(text)));
            } else if (type == "image") {
                ContentBlock img;
                img.kind = BlockKind::kImage;
                img.text = "[image]";
                words.blocks.push_back(std::move(img));
            } else {
                m_ctx.unknown_type(pos, "user block '" + type + "'");
            }
        }
        for (auto& r : results) m_session.messages.push_back(std::move(r));
        if (!words.blocks.empty()) m_session.messages.push_back(std::move(words));
        if (!context.blocks.empty()) m_session.messages.push_back(std::move(context));
    }

    Message result(const Message& base, const std::string& call_id, const std::string& text, bool is_error, size_t n) {
        Message t = base;
        t.id += "/result-" + std::to_string(n);
        t.role = Role::kTool;
        t.source.kind = SourceKind::kTool;
        t.source.call_id = call_id;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = call_id;
        r.text = m_ctx.redact_text(text);
        r.is_error = is_error;
        t.blocks.push_back(std::move(r));
        return t;
    }

    // "<task>\n...\n</task>" -> "..." (the task as the user typed it).
    static std::string unwrap_task(const std::string& text) {
        const std::string open = "<task>\n", close = "\n</task>";
        if (text.rfind(open, 0) == 0 && text.size() >= open.size() + close.size() &&
            text.compare(text.size() - close.size(), close.size(), close) == 0)
            return text.substr(open.size(), text.size() - open.size() - close.size());
        return text;
    }

    ReadContext& m_ctx;
    Session& m_session;
    std::deque<PendingCall> m_pending;  // tool calls not yet answered, oldest first
};

bool is_ui_message(const json& item) {
    if (!item.is_object() || !item.contains("ts")) return false;
    auto t = item.find("type");
    return t != item.end() && t->is_string() && (*t == "say" || *t == "ask");
}

bool is_api_message(const json& item) {
    if (!item.is_object() || !item.contains("role")) return false;
    auto c = item.find("content");
    if (c == item.end() || !c->is_array()) return false;
    if (item.contains("ts")) return true;
    for (const auto& b : *c) {
        if (!b.is_object()) continue;
        auto type = b.value("type", json());
        if (type == "tool_use" || type == "tool_result") return true;
        if (type == "text" && b.value("text", json()).is_string() && b["text"].get<std::string>().rfind("<task>", 0) == 0)
            return true;
    }
    return false;
}

}  // namespace

bool looks_like_cline(const json& array) {
    if (!array.is_array() || array.empty()) return false;
    if (is_ui_message(array[0])) return true;
    for (size_t i = 0; i < array.size() && i < 4; ++i)
        if (is_api_message(array[i])) return true;
    return false;
}

std::string cline_result_tool(std::string_view text) {
    if (text.empty() || text[0] != '[') return {};
    size_t close = text.find("] Result:");
    if (close == std::string_view::npos || text.find('\n') < close) return {};
    std::string_view inner = text.substr(1, close - 1);
    return std::string(inner.substr(0, inner.find(' ')));
}

namespace {
const char* const kInjectedOpenings[] = {"<environment_details>", "# task_progress",
                                         "# TODO LIST UPDATE REQUIRED",
                                         "Files attached by the user:"};
}  // namespace

bool cline_injected_context(std::string_view text) {
    size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return false;
    text.remove_prefix(start);
    for (const char* opening : kInjectedOpenings)
        if (text.rfind(opening, 0) == 0) return true;
    return false;
}

size_t cline_injected_tail(std::string_view text) {
    size_t at = text.size();
    for (const char* opening : kInjectedOpenings)
        at = std::min(at, text.find("\n" + std::string(opening)));
    return at;
}

std::string cline_task_id(const std::string& file, const std::string& digest) {
    size_t slash = file.find_last_of('/');
    if (slash != std::string::npos && slash > 0) {
        size_t start = file.find_last_of('/', slash - 1);
        std::string dir = file.substr(start == std::string::npos ? 0 : start + 1, slash - (start == std::string::npos ? 0 : start + 1));
        if (!dir.empty() && dir.find_first_not_of("0123456789") == std::string::npos) return dir;
    }
    return file_stem(file) + "-" + digest.substr(0, 8);
}

void read_cline(const json& doc, ReadContext& ctx, const std::string& digest) {
    RecordPos top{1, 0};
    if (!doc.is_array() || doc.empty()) {
        ctx.error(top, "", "expected a non-empty array of Cline messages");
        return;
    }
    if (is_ui_message(doc[0])) {
        read_cline_ui(doc, ctx, digest);
        return;
    }
    Session session;
    session.format = SessionFormat::kCline;
    session.file = ctx.result().file;
    session.id_form = "cline-" + cline_task_id(session.file, digest);
    ClineApiReader reader(ctx, session);
    for (size_t i = 0; i < doc.size(); ++i) reader.message(doc[i], i);
    ctx.finish();
    finish_session(session, ctx, top, 0);
    ctx.result().sessions.push_back(std::move(session));
}

}  // namespace bm
