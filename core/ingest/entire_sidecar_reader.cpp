// Entire's hook-event sidecars (an Entire checkpoint's `N/full.jsonl` for agents whose own transcript Entire's external
// agents do not keep: Grok CLI, and the same stream for Gemini CLI and Qwen Code; entireio/external-agents,
// internal/grok/types.go `sidecarRecord`): one hook event a line, {"v": 1, "agent", "event", "session_id", "ts",
// "cwd", …}. The user's prompts, each tool call and its result, and the turn's last reply are all the stream holds:
// no model name, no reasoning, no prose between calls (session 32: such a file was an unrecognised log).
#include <set>

#include "ingest/readers.h"
#include "util/utf8.h"

namespace bm {

namespace {

// An array of byte values (Grok's stdout and output fields) as text; a member that is a string is taken as written.
std::string bytes_member(const json& v, const char* key) {
    const auto it = v.find(key);
    if (it == v.end()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (!it->is_array()) return {};
    std::string out;
    for (const auto& b : *it)
        if (b.is_number_integer() && b.get<int64_t>() >= 0 && b.get<int64_t>() <= 255)
            out += static_cast<char>(b.get<int64_t>());
    return repair_utf8(out);
}

class SidecarBuilder {
public:
    explicit SidecarBuilder(ReadContext& ctx) : m_ctx(ctx) { m_session.file = ctx.result().file; }

    void line(const json& v, RecordPos pos, std::string_view raw) {
        const std::string event = m_ctx.str(v, "event", pos, "event").value_or("");
        if (m_first) header(v, pos);
        Message m;
        m.id = "line-" + std::to_string(pos.line);
        m.line = pos.line;
        m.time = string_member(v, "ts");
        if (event == "UserPromptSubmit") {
            std::string prompt = string_member(v, "prompt");
            if (auto query = tagged(prompt, "<user_query>", "</user_query>")) prompt = *query;
            if (prompt.empty()) return skip();
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, prompt));
        } else if (event == "PreToolUse") {
            call(v, m);
        } else if (event == "PostToolUse" || event == "PostToolUseFailure") {
            const std::string id = string_member(v, "tool_use_id");
            if (id.empty() || !m_calls.count(id)) {  // its call was cut from the window: the result names it
                Message c = m;
                c.id += "/call";
                call(v, c);
                push(std::move(c), raw);
            }
            result(v, event == "PostToolUseFailure", m);
        } else if (event == "Stop" || event == "StopCancelled" || event == "StopFailure") {
            // The turn's last reply; a second Stop at shutdown repeats it.
            const std::string reply = string_member(v, "last_assistant_message");
            if (string_member(v, "reason") == "shutdown") return skip();
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            if (event == "StopFailure") {
                m.source.kind = SourceKind::kPlugin;  // the harness's notice: the turn failed
                m.source.name = "api-error";
                const std::string error = string_member(v, "error"), details = string_member(v, "error_details");
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText,
                                              "turn failed: " + error + (details.empty() ? "" : ": " + details)));
            } else if (reply.empty()) {
                return skip();
            } else {
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, reply));
            }
        } else {
            static const std::set<std::string> kNoConversation = {
                "SessionStart", "SessionEnd",        "PreCompact",       "PostCompact",  "Notification",
                "PermissionDenied", "PermissionRequest", "SubagentStart", "SubagentStop"};
            if (!kNoConversation.count(event)) m_ctx.unknown_type(pos, "event " + (event.empty() ? "(none)" : event));
            return skip();
        }
        push(std::move(m), raw);
    }

    void finish(const std::string& digest) {
        add_session(std::move(m_session), m_ctx, "entire-" + digest.substr(0, 12), m_non_message);
    }

private:
    void header(const json& v, RecordPos pos) {
        m_first = false;
        const std::string agent = string_member(v, "agent");
        // The agent's own tools: Gemini CLI's and Qwen Code's as Gemini CLI's, others as any role-message agent's.
        m_session.format = agent == "gemini" || agent == "qwen" ? SessionFormat::kGeminiCli : SessionFormat::kOpenAiChat;
        m_session.id_form = string_member(v, "session_id");
        m_session.created_at = string_member(v, "ts");
        if (!agent.empty())
            m_session.environment.push_back(member_fact(m_ctx, "agent", agent, "agent", pos.line, "agent", json(agent)));
        if (const std::string cwd = string_member(v, "cwd"); !cwd.empty()) {
            m_session.cwd = m_ctx.redact_text(cwd);
            m_session.environment.push_back(member_fact(m_ctx, "cwd", cwd, "cwd", pos.line, "cwd", json(cwd)));
        }
    }

    void skip() { ++m_non_message; }

    void push(Message m, std::string_view raw) {
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        append_message(m_session, std::move(m));
    }

    void call(const json& v, Message& m) {
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_id = string_member(v, "tool_use_id");
        if (c.tool_id.empty()) c.tool_id = m.id;
        c.tool_name = string_member(v, "tool_name");
        if (const auto in = v.find("tool_input"); in != v.end()) c.arguments = m_ctx.redact_text(in->dump());
        m_calls.insert(c.tool_id);
        m.blocks.push_back(std::move(c));
    }

    // A call's result from its `tool_response`, typed by its `type`: ReadFile (FileContent's raw_output, or
    // FileNotFound: an error), GrepSearch (stdout bytes), Bash (output_for_prompt, whose "exit: N" line is the exit
    // code); anything else as its JSON. A failure event's `error` and `error_details` are its text.
    void result(const json& v, bool failure, Message& m) {
        m.role = Role::kTool;
        m.source.kind = SourceKind::kTool;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = string_member(v, "tool_use_id");
        if (r.tool_id.empty()) r.tool_id = m.id + "/call";
        r.tool_name = string_member(v, "tool_name");
        m.source.call_id = r.tool_id;
        std::string text;
        const auto response = v.find("tool_response");
        if (failure || response == v.end()) {
            const std::string error = string_member(v, "error"), details = string_member(v, "error_details");
            text = error + (error.empty() || details.empty() ? "" : " ") + details;
            r.is_error = true;
        } else if (response->is_string()) {
            text = response->get<std::string>();
        } else if (response->is_object()) {
            const std::string type = string_member(*response, "type");
            if (const auto found = response->find("FileContent"); type == "ReadFile" && found != response->end() &&
                                                                    found->is_object()) {
                text = string_member(*found, "raw_output");
                if (text.empty()) text = string_member(*found, "content");
            } else if (const std::string missing = string_member(*response, "FileNotFound"); !missing.empty()) {
                text = missing;
                r.is_error = true;
            } else if (type == "GrepSearch") {
                text = bytes_member(*response, "stdout") + bytes_member(*response, "stderr");
            } else if (type == "Bash") {
                text = bytes_member(*response, "output");
                const auto code = response->find("exit_code");
                if (code != response->end() && code->is_number_integer())
                    open_with_exit_code(code->get<int64_t>(), text, r.is_error);
                const auto timed_out = response->find("timed_out");
                if ((timed_out != response->end() && timed_out->is_boolean() && timed_out->get<bool>()) ||
                    !response->value("signal", json()).is_null())
                    r.is_error = true;
            } else {
                text = response->dump();
            }
        } else {
            text = response->dump();
        }
        r.text = m_ctx.redact_text(text);
        m.blocks.push_back(std::move(r));
    }

    ReadContext& m_ctx;
    Session m_session;
    bool m_first = true;
    std::set<std::string> m_calls;  // ids of the calls read
    int64_t m_non_message = 0;
};

}  // namespace

bool is_entire_sidecar_line(const json& v) {
    const auto version = v.find("v");
    return version != v.end() && version->is_number_integer() && *version == 1 && !v.contains("type") &&
           v.value("agent", json()).is_string() && v.value("event", json()).is_string() &&
           v.value("session_id", json()).is_string();
}

void read_entire_sidecar(ByteSource& source, ReadContext& ctx) {
    SidecarBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
