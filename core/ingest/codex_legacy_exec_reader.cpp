// `codex exec --json` as Codex printed it before its thread/item events (through mid-2025): a
// settings line, a {"prompt"} line, then the protocol's events as {"id", "msg": {"type", ...}}
// (exec_command_begin/end, patch_apply_begin/end, mcp_tool_call_begin/end, agent_message,
// agent_reasoning, plan_update, error). Read as the newer stream is (codex_exec_reader.cpp), so the
// extraction rules read its commands alike (session 31).
#include "ingest/codex_stream_session.h"

#include <set>

namespace bm {

namespace {

// Events that report progress or bookkeeping, not conversation.
const std::set<std::string>& bookkeeping() {
    static const std::set<std::string> kinds = {
        "task_started", "task_complete", "token_count", "turn_diff", "exec_command_output_delta",
        "agent_message_delta", "agent_reasoning_delta", "agent_reasoning_raw_content",
        "agent_reasoning_raw_content_delta", "agent_reasoning_section_break", "background_event",
        "get_history_entry_response", "exec_approval_request", "apply_patch_approval_request",
        "turn_aborted", "shutdown_complete", "stream_error", "mcp_list_tools_response",
        "list_custom_prompts_response", "web_search_begin", "web_search_end", "entered_review_mode",
        "exited_review_mode"};
    return kinds;
}

class LegacyExecBuilder {
public:
    explicit LegacyExecBuilder(ReadContext& ctx) : m_ctx(ctx), m_out(ctx) {}

    void line(const json& v, RecordPos pos, std::string_view raw) {
        m_out.raw = raw;
        if (v.contains("msg"))
            event(v, pos);
        else if (v.contains("prompt"))
            prompt(v, pos);
        else if (v.contains("model") || v.contains("workdir"))
            settings(v, pos);
        else {
            m_ctx.unknown_type(pos, "a line with neither msg, prompt nor settings");
            ++m_out.non_message;
        }
        m_out.raw = {};  // the line's text lives only while it is read
    }

    void finish(const std::string& digest) { m_out.finish(digest); }

private:
    // {"workdir", "model", "approval", "sandbox", "provider", "reasoning effort", ...}: the run's
    // settings.
    void settings(const json& v, RecordPos pos) {
        ++m_out.non_message;
        if (auto dir = m_ctx.str(v, "workdir", pos, "workdir"); dir && m_out.session.cwd.empty())
            m_out.session.cwd = *dir;
        if (auto model = m_ctx.str(v, "model", pos, "model")) m_out.model = *model;
    }

    // {"prompt": "..."}: what the run was asked, the user's words.
    void prompt(const json& v, RecordPos pos) {
        Message m = m_out.message(pos, "prompt-" + std::to_string(pos.line), Role::kUser,
                                  SourceKind::kUser);
        m_prompt = m_ctx.str(v, "prompt", pos, "prompt").value_or("");
        m.blocks.push_back(text_block(m_ctx, BlockKind::kText, m_prompt));
        m_out.push(std::move(m));
    }

    void event(const json& v, RecordPos pos) {
        const json* msg =
            m_ctx.object(v, "msg", pos, "msg");  // a msg of another type is reported there
        if (!msg) {
            if (v.at("msg").is_null())
                m_ctx.error(pos, "msg", "an event without its msg object; skipped");
            m_ctx.result().partial = true;
            return;
        }
        const std::string type = m_ctx.str(*msg, "type", pos, "msg.type").value_or("");
        const std::string call_id = m_ctx.str(*msg, "call_id", pos, "msg.call_id").value_or("");
        const bool pairs = type.starts_with("exec_command_") || type.starts_with("patch_apply_") ||
                           type.starts_with("mcp_tool_call_");
        if (pairs && call_id.empty() && !bookkeeping().count(type)) {
            m_ctx.error(pos, "msg.call_id",
                        "a " + type + " event without its call_id cannot be paired; skipped");
            m_ctx.result().partial = true;
            return;
        }
        if (type == "session_configured") {
            if (auto id = m_ctx.str(*msg, "session_id", pos, "msg.session_id");
                id && m_out.session.id_form.empty())
                m_out.session.id_form = *id;
            if (auto model = m_ctx.str(*msg, "model", pos, "msg.model")) m_out.model = *model;
            ++m_out.non_message;
        } else if (type == "agent_message" || type == "agent_reasoning") {
            Message m = m_out.message(pos, "msg-" + std::to_string(pos.line), Role::kAssistant,
                                      SourceKind::kModel);
            const bool said = type == "agent_message";
            m.blocks.push_back(text_block(
                m_ctx, said ? BlockKind::kText : BlockKind::kReasoning,
                m_ctx.str(*msg, said ? "message" : "text", pos, said ? "msg.message" : "msg.text")
                    .value_or("")));
            m_out.push(std::move(m));
        } else if (type == "user_message" &&
                   m_ctx.str(*msg, "message", pos, "msg.message").value_or("") == m_prompt) {
            ++m_out.non_message;  // the prompt line's words, echoed as the turn's first event
        } else if (type == "user_message") {
            Message m = m_out.message(pos, "user-" + std::to_string(pos.line), Role::kUser,
                                      SourceKind::kUser);
            m.blocks.push_back(
                text_block(m_ctx, BlockKind::kText,
                           m_ctx.str(*msg, "message", pos, "msg.message").value_or("")));
            m_out.push(std::move(m));
        } else if (type == "exec_command_begin") {
            // The argument list as written: the extraction reads a shell's script out of ["bash",
            // "-lc", X] as it does a rollout's.
            call(call_id, "exec_command", json{{"cmd", msg->value("command", json())}}.dump(), pos);
        } else if (type == "exec_command_end") {
            std::string text =
                m_ctx.str(*msg, "aggregated_output", pos, "msg.aggregated_output").value_or("");
            if (!msg->contains("aggregated_output")) {
                text = m_ctx.str(*msg, "stdout", pos, "msg.stdout").value_or("");
                const std::string err = m_ctx.str(*msg, "stderr", pos, "msg.stderr").value_or("");
                if (!err.empty()) text += (text.empty() || text.back() == '\n' ? "" : "\n") + err;
            }
            const auto code = m_ctx.integer(*msg, "exit_code", pos, "msg.exit_code");
            // The exit code is a member of the event, written as the line other readers give
            // ("[exit code: N]").
            if (code)
                text += (text.empty() || text.back() == '\n' ? "" : "\n") +
                        ("[exit code: " + std::to_string(*code) + "]");
            result(call_id, text, code && *code != 0, pos);
        } else if (type == "patch_apply_begin") {
            json changes = json::array();
            if (const json* files = m_ctx.object(*msg, "changes", pos, "msg.changes"))
                for (const auto& [path, change] : files->items()) {
                    // {"add": {...}}, {"delete": {...}}, {"update": {...}}; early codex-rs wrote a
                    // deletion as the bare string "delete".
                    std::string kind = "update";
                    if ((change.is_object() && change.contains("add")) || change == json("add"))
                        kind = "add";
                    else if ((change.is_object() && change.contains("delete")) ||
                             change == json("delete"))
                        kind = "delete";
                    changes.push_back({{"path", path}, {"kind", kind}});
                }
            call(call_id, "file_change", json{{"changes", changes}}.dump(), pos);
        } else if (type == "patch_apply_end") {
            std::string text = m_ctx.str(*msg, "stdout", pos, "msg.stdout").value_or("");
            const std::string err = m_ctx.str(*msg, "stderr", pos, "msg.stderr").value_or("");
            if (!err.empty()) text += (text.empty() || text.back() == '\n' ? "" : "\n") + err;
            const auto ok = msg->find("success");
            result(call_id, text, ok != msg->end() && *ok == json(false), pos);
        } else if (type == "mcp_tool_call_begin") {
            const json* inv = m_ctx.object(*msg, "invocation", pos, "msg.invocation");
            const std::string server =
                inv ? m_ctx.str(*inv, "server", pos, "msg.invocation.server").value_or("") : "";
            const std::string tool =
                inv ? m_ctx.str(*inv, "tool", pos, "msg.invocation.tool").value_or("") : "";
            const auto args = inv ? inv->find("arguments") : json::const_iterator();
            call(call_id, server.empty() ? tool : server + "." + tool,
                 inv && args != inv->end() && !args->is_null() ? args->dump() : "{}", pos);
        } else if (type == "mcp_tool_call_end") {
            mcp_result(*msg, call_id, pos);
        } else if (type == "plan_update") {
            // The plan as Codex's update_plan tool writes it: {"plan": [{"step", "status"}]}.
            json plan = json::array();
            if (const json* steps = m_ctx.array(*msg, "plan", pos, "msg.plan"))
                for (const json& step : *steps)
                    if (step.is_object() && step.value("step", json()).is_string() &&
                        step.value("status", json()).is_string())
                        plan.push_back({{"step", step["step"]}, {"status", step["status"]}});
            const std::string id = "plan-" + std::to_string(pos.line);
            call(id, "update_plan", json{{"plan", plan}}.dump(), pos);
            result(id, "", false,
                   pos);  // the stream prints no answer to a plan: no text is made up
        } else if (type == "error") {
            Message m = m_out.message(pos, "error-" + std::to_string(pos.line), Role::kSystem,
                                      SourceKind::kPlugin);
            m.source.name = "error";
            m.blocks.push_back(
                text_block(m_ctx, BlockKind::kText,
                           m_ctx.str(*msg, "message", pos, "msg.message").value_or("")));
            m_out.push(std::move(m));
        } else if (bookkeeping().count(type)) {
            ++m_out.non_message;
        } else {
            m_ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            ++m_out.non_message;
        }
    }

    // {"result": {"Ok": {"content": [{"type": "text", "text"}], "isError"}} | {"Err": "..."}}.
    void mcp_result(const json& msg, const std::string& call_id, RecordPos pos) {
        std::string text;
        bool failed = false;
        if (const json* r = m_ctx.object(msg, "result", pos, "msg.result")) {
            if (auto err = r->find("Err"); err != r->end()) {
                failed = true;
                text = err->is_string() ? err->get<std::string>() : err->dump();
            } else if (const json* ok = m_ctx.object(*r, "Ok", pos, "msg.result.Ok")) {
                failed = ok->value("isError", json(false)) == json(true);
                if (const json* content = m_ctx.array(*ok, "content", pos, "msg.result.Ok.content"))
                    for (const json& c : *content)
                        if (c.is_object() && c.value("type", json()) == "text" &&
                            c.value("text", json()).is_string())
                            text += (text.empty() ? "" : "\n") + c["text"].get<std::string>();
            }
        }
        result(call_id, text, failed, pos);
    }

    void call(const std::string& id, const std::string& tool, const std::string& arguments,
              RecordPos pos) {
        if (!m_out.call(id, tool, arguments, pos))
            m_ctx.warning(pos, "msg.call_id",
                          "call '" + id + "' begins a second time; the first is kept");
    }

    void result(const std::string& id, const std::string& text, bool error, RecordPos pos) {
        if (!m_out.called(id))
            m_ctx.warning(pos, "msg.call_id", "a result for call '" + id + "', which never began");
        m_out.result(id, text, error, pos);
    }

    ReadContext& m_ctx;
    CodexStreamSession m_out;
    std::string m_prompt;  // the prompt line's words (a user_message event repeating them is not a
                           // second turn)
};

}  // namespace

bool is_codex_legacy_exec_line(const json& v) {
    if (!v.is_object() || v.contains("type") || v.contains("payload")) return false;
    if (auto msg = v.find("msg"); msg != v.end())
        return v.value("id", json()).is_string() && msg->is_object() &&
               msg->value("type", json()).is_string();
    // The settings line that opens the stream: Codex's own names for them ("reasoning effort" with
    // a blank).
    return v.value("model", json()).is_string() && v.contains("sandbox") &&
           (v.contains("approval") || v.contains("workdir"));
}

void read_codex_legacy_exec(ByteSource& source, ReadContext& ctx) {
    LegacyExecBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
