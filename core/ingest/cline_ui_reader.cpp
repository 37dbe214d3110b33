// Cline task UI logs (tasks/<id>/ui_messages.json): the say/ask records the extension shows, read
// as a conversation (task and feedback as user turns, tools and commands as calls with results).
#include <algorithm>
#include <cctype>
#include <set>

#include "ingest/cline_task.h"
#include "util/fast_json.h"

namespace bm {

namespace {

// Records that show progress or bookkeeping, not conversation.
const std::set<std::string>& bookkeeping() {
    static const std::set<std::string> kinds = {
        "say:api_req_finished", "say:api_req_retried", "say:checkpoint_created", "say:error_retry",
        "say:deleted_api_reqs", "say:shell_integration_warning", "say:mcp_server_request_started",
        "say:info", "say:load_mcp_documentation", "say:diff_error", "ask:completion_result",
        "ask:resume_task", "ask:resume_completed_task", "ask:api_req_failed",
        "ask:mistake_limit_reached", "ask:auto_approval_max_req_reached", "ask:new_task",
        "ask:condense"};
    return kinds;
}

// `field` of the JSON object `text` holds, or `text` itself when it is not such an object.
std::string json_field_or_text(const std::string& text, const char* field) {
    if (text.empty() || text[0] != '{' || json_depth_exceeded_at(text) != std::string::npos) return text;
    json v = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (v.is_object() && v.contains(field) && v[field].is_string()) return v[field].get<std::string>();
    return text;
}

class ClineUiReader {
public:
    ClineUiReader(ReadContext& ctx, Session& session) : m_ctx(ctx), m_session(session) {}
    int64_t non_message = 0;

    void record(const json& item, size_t index) {
        const std::string path = "[" + std::to_string(index) + "]";
        RecordPos pos{static_cast<int64_t>(index) + 1, -1};
        if (!item.is_object()) {
            m_ctx.error(pos, path, "expected a say/ask record; skipped");
            m_ctx.result().partial = true;
            return;
        }
        const std::string type = m_ctx.str(item, "type", pos, path + ".type").value_or("");
        if (type != "say" && type != "ask") {
            m_ctx.error(pos, path + ".type", "expected \"say\" or \"ask\", found '" + type + "'; skipped");
            m_ctx.result().partial = true;
            return;
        }
        const std::string what = m_ctx.str(item, type.c_str(), pos, path + "." + type).value_or("");
        const std::string kind = type + ":" + what;
        if (bookkeeping().count(kind)) {
            ++non_message;
            return;
        }
        const std::string text = m_ctx.str(item, "text", pos, path + ".text").value_or("");
        if (kind == "say:api_req_started") {
            if (!answer_from_request(text, index, item)) ++non_message;
            return;
        }
        if (kind == "say:task_progress") {
            if (!attach_progress(text)) ++non_message;
            return;
        }
        Message m;
        m.seq = static_cast<int64_t>(index);
        m.line = pos.line;
        m.id = "ui-" + std::to_string(index);
        if (auto ts = item.find("ts"); ts != item.end() && ts->is_number_integer()) m.time = std::to_string(ts->get<int64_t>());
        if (const json* info = m_ctx.object(item, "modelInfo", pos, path + ".modelInfo"))
            m.source.model = m_ctx.str(*info, "modelId", pos, path + ".modelInfo.modelId").value_or("");
        // Cline opens a task with say("text", task, images): the first record is the user's task.
        if (kind == "say:task" || kind == "say:user_feedback" || (index == 0 && kind == "say:text")) {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
            if (const json* images = m_ctx.array(item, "images", pos, path + ".images"))
                for (size_t k = 0; k < images->size(); ++k) {
                    ContentBlock img;
                    img.kind = BlockKind::kImage;
                    img.text = "[image]";
                    m.blocks.push_back(std::move(img));
                }
        } else if (kind == "say:text" || kind == "say:completion_result" || kind == "ask:followup" ||
                   kind == "ask:plan_mode_respond" || kind == "say:reasoning") {
            if (text.empty()) {
                ++non_message;  // a streaming placeholder
                return;
            }
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            const std::string body = kind == "ask:followup"            ? json_field_or_text(text, "question")
                                     : kind == "ask:plan_mode_respond" ? json_field_or_text(text, "response")
                                                                       : text;
            m.blocks.push_back(text_block(m_ctx, kind == "say:reasoning" ? BlockKind::kReasoning : BlockKind::kText, body));
        } else if (kind == "say:tool" || kind == "ask:tool" || kind == "say:command" || kind == "ask:command" ||
                   kind == "say:use_mcp_server" || kind == "ask:use_mcp_server" || kind == "say:browser_action_launch" ||
                   kind == "ask:browser_action_launch") {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            ContentBlock c;
            c.kind = BlockKind::kToolCall;
            c.tool_id = m.id;
            const bool command = what == "command";
            c.tool_name = command ? "execute_command" : what == "tool" ? json_field_or_text(text, "tool") : what;
            if (c.tool_name == text) c.tool_name = what;  // not a JSON description
            c.arguments = m_ctx.redact_text(command ? json{{"command", text}}.dump() : text);
            m_last_call = c.tool_id;
            m_last_tool = c.tool_name;
            m.blocks.push_back(std::move(c));
        } else if (kind == "say:command_output" || kind == "ask:command_output" || kind == "say:mcp_server_response" ||
                   kind == "say:browser_action_result") {
            m.role = Role::kTool;
            m.source.kind = SourceKind::kTool;
            m.source.call_id = m_last_call;
            m_answered = m_last_call;
            ContentBlock r;
            r.kind = BlockKind::kToolResult;
            r.tool_id = m_last_call;
            r.text = m_ctx.redact_text(text);
            m.blocks.push_back(std::move(r));
        } else if (kind == "say:error" || kind == "say:clineignore_error") {
            m.role = Role::kSystem;  // the extension's own report
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "cline-error";
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        } else {
            m_ctx.unknown_type(pos, kind);
            return;
        }
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(item.dump());
        m_session.messages.push_back(std::move(m));
    }

private:
    // An API request opening "[read_file for 'a'] Result:" carries the result of the call before
    // it, the only place a file read's result is written; the environment report (and any feedback
    // the user gave) after it is Cline's, not the tool's.
    bool answer_from_request(const std::string& text, size_t index, const json& item) {
        const std::string request = json_field_or_text(text, "request");
        const std::string tool = cline_result_tool(request);
        if (tool.empty() || m_last_call.empty() || m_answered == m_last_call ||
            !same_tool(tool, m_last_tool))
            return false;
        Message m;
        m.seq = static_cast<int64_t>(index);
        m.line = static_cast<int64_t>(index) + 1;
        m.id = "ui-" + std::to_string(index);
        m.role = Role::kTool;
        m.source.kind = SourceKind::kTool;
        m.source.call_id = m_answered = m_last_call;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = m_last_call;
        std::string_view body(request);
        body = body.substr(0, cline_injected_tail(body));
        for (const char* feedback : {"\nThe user provided the following feedback", "\n<feedback>"})
            body = body.substr(0, std::min(body.size(), body.find(feedback)));
        while (!body.empty() && (body.back() == '\n' || body.back() == ' ')) body.remove_suffix(1);
        const size_t eol = body.find('\n');
        const std::string_view first =
            eol == std::string_view::npos ? std::string_view() : body.substr(eol + 1);
        r.is_error =
            first.starts_with("Error") || first.starts_with("The user denied this operation");
        r.text = m_ctx.redact_text(std::string(body));
        m.blocks.push_back(std::move(r));
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(item.dump());
        m_session.messages.push_back(std::move(m));
        return true;
    }

    // Whether a result header's tool ("read_file") is the UI's name of the call ("readFile",
    // "listFilesTopLevel"): the same letters, or one of the names the UI gives a write or an edit.
    static bool same_tool(const std::string& api, const std::string& ui) {
        auto letters = [](const std::string& name) {
            std::string out;
            for (char c : name)
                if (c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return out;
        };
        const std::string a = letters(api), u = letters(ui);
        if (!a.empty() && u.rfind(a, 0) == 0) return true;  // listfiles < listfilestoplevel
        return (a == "writetofile" && u == "newfilecreated") ||
               (a == "replaceinfile" && u == "editedexistingfile");
    }

    // The todo list Cline shows after a call is that call's task_progress input, as the API log has
    // it.
    bool attach_progress(const std::string& text) {
        if (text.empty() || m_last_call.empty()) return false;
        for (auto it = m_session.messages.rbegin(); it != m_session.messages.rend(); ++it)
            for (ContentBlock& b : it->blocks)
                if (b.kind == BlockKind::kToolCall && b.tool_id == m_last_call) {
                    if (json_depth_exceeded_at(b.arguments) != std::string::npos) return false;
                    json args = json::parse(b.arguments, nullptr, /*allow_exceptions=*/false);
                    if (!args.is_object() || args.contains("task_progress")) return false;
                    args["task_progress"] = m_ctx.redact_text(text);
                    b.arguments = args.dump();
                    return true;
                }
        return false;
    }

    ReadContext& m_ctx;
    Session& m_session;
    std::string m_last_call;  // the call a command's output answers
    std::string m_last_tool;  // its name
    std::string m_answered;   // the last call a result answered
};

}  // namespace

void read_cline_ui(const json& doc, ReadContext& ctx, const std::string& digest) {
    Session session;
    session.format = SessionFormat::kCline;
    session.file = ctx.result().file;
    session.id_form = "cline-" + cline_task_id(session.file, digest) + "-ui";
    ClineUiReader reader(ctx, session);
    for (size_t i = 0; i < doc.size(); ++i) reader.record(doc[i], i);
    ctx.finish();
    finish_session(session, ctx, RecordPos{1, 0}, reader.non_message);
    ctx.result().sessions.push_back(std::move(session));
}

}  // namespace bm
