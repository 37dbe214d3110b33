// `codex exec --json`: the event stream Codex's non-interactive mode prints (thread.started, turn.*, item.started /
// item.updated / item.completed of agent_message, reasoning, command_execution, file_change, mcp_tool_call,
// todo_list, error). The user's prompt is an argument of the command, never in the stream; the session is read in
// Codex's format, so the extraction rules read its commands as they read a rollout's (session 27).
#include "ingest/codex_stream_session.h"

#include <map>

namespace bm {

namespace {

class ExecStreamBuilder {
public:
    explicit ExecStreamBuilder(ReadContext& ctx) : m_ctx(ctx), m_out(ctx) {}

    void line(const json& v, RecordPos pos, std::string_view raw) {
        const std::string type = m_ctx.str(v, "type", pos, "type").value_or("");
        m_out.raw = raw;
        if (type == "thread.started") {
            if (auto id = m_ctx.str(v, "thread_id", pos, "thread_id");
                id && m_out.session.id_form.empty())
                m_out.session.id_form = *id;
            // Item ids restart at item_0 with each run (`codex exec resume … >> log`): later runs' ids get "run<N>/".
            if (m_runs++ > 0) m_prefix = "run" + std::to_string(m_runs) + "/";
            ++m_out.non_message;
        } else if (type == "turn.started" || type == "turn.completed") {
            ++m_out.non_message;  // a turn's bounds and token usage: no message
        } else if (type == "turn.failed" || type == "error") {
            // The stream's own failure notice: the harness's, not the model's reply.
            std::string text = m_ctx.str(v, "message", pos, "message").value_or("");
            if (const json* e = m_ctx.object(v, "error", pos, "error"))
                text = m_ctx.str(*e, "message", pos, "error.message").value_or(text);
            Message m = m_out.message(pos, type + "-" + std::to_string(pos.line), Role::kSystem,
                                      SourceKind::kPlugin);
            m.source.name = type;
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
            m_out.push(std::move(m));
        } else if (type == "item.started" || type == "item.updated" || type == "item.completed") {
            const json* item = m_ctx.object(v, "item", pos, "item");
            if (!item) {
                m_ctx.error(pos, "item", "an item event without its item object; skipped");
                return;
            }
            read_item(*item, type.substr(5), pos);
        } else {
            m_ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            ++m_out.non_message;
        }
        m_out.raw = {};  // the line's text lives only while it is read
    }

    void finish(const std::string& digest) { m_out.finish(digest); }

private:
    void read_item(const json& item, const std::string& phase, RecordPos pos) {
        const std::string id = m_prefix + m_ctx.str(item, "id", pos, "item.id").value_or("line-" + std::to_string(pos.line));
        const std::string type = m_ctx.str(item, "type", pos, "item.type").value_or("");
        const std::string status = m_ctx.str(item, "status", pos, "item.status").value_or("");
        const bool done = phase == "completed";
        if (type == "agent_message" || type == "reasoning") {
            if (!done) return;  // only the completed item holds the whole text
            Message m = m_out.message(pos, id, Role::kAssistant, SourceKind::kModel);
            m.blocks.push_back(text_block(m_ctx, type == "reasoning" ? BlockKind::kReasoning : BlockKind::kText,
                                          m_ctx.str(item, "text", pos, "item.text").value_or("")));
            m_out.push(std::move(m));
        } else if (type == "command_execution") {
            const std::string command = m_ctx.str(item, "command", pos, "item.command").value_or("");
            // An item.started event and its item.completed name one call: the second adds none.
            m_out.call(id, "exec_command", json{{"cmd", command}}.dump(), pos);
            if (!done) return;
            std::string text = m_ctx.str(item, "aggregated_output", pos, "item.aggregated_output").value_or("");
            const auto code = m_ctx.integer(item, "exit_code", pos, "item.exit_code");
            // The exit code is a member of the item, written as the line other readers give ("[exit code: N]").
            if (code) text += (text.empty() || text.back() == '\n' ? "" : "\n") + ("[exit code: " + std::to_string(*code) + "]");
            if (status == "declined") text += (text.empty() ? "" : "\n") + std::string("[declined]");
            m_out.result(id, text,
                         status == "failed" || status == "declined" || (code && *code != 0), pos);
        } else if (type == "file_change") {
            if (!done) return;  // emitted once the patch applied or failed
            const json* changes = m_ctx.array(item, "changes", pos, "item.changes");
            m_out.call(id, "file_change",
                       json{{"changes", changes ? *changes : json::array()}}.dump(), pos);
            m_out.result(id, "", status == "failed",
                         pos);  // the stream prints no patch output: its status is the flag
        } else if (type == "mcp_tool_call") {
            const std::string server = m_ctx.str(item, "server", pos, "item.server").value_or("");
            const std::string tool = m_ctx.str(item, "tool", pos, "item.tool").value_or("");
            const auto args = item.find("arguments");
            m_out.call(id, server.empty() ? tool : server + "." + tool,
                       args != item.end() && !args->is_null() ? args->dump() : "{}", pos);
            if (!done) return;
            std::string text;
            if (const json* e = m_ctx.object(item, "error", pos, "item.error"))
                text = m_ctx.str(*e, "message", pos, "item.error.message").value_or("");
            else if (const json* r = m_ctx.object(item, "result", pos, "item.result"))
                if (const json* content = m_ctx.array(*r, "content", pos, "item.result.content"))
                    for (const json& c : *content)
                        if (c.is_object() && c.value("type", json()) == "text" && c.value("text", json()).is_string())
                            text += (text.empty() ? "" : "\n") + c["text"].get<std::string>();
            m_out.result(id, text, status == "failed", pos);
        } else if (type == "todo_list") {
            // The plan as Codex's update_plan tool writes it, each time its steps change.
            const json* items = m_ctx.array(item, "items", pos, "item.items");
            if (!items) return;
            json plan = json::array();
            for (const json& step : *items)
                if (step.is_object() && step.value("text", json()).is_string()) {
                    const bool completed = step.value("completed", json()) == json(true);  // never throws on a non-bool
                    plan.push_back({{"step", step["text"]}, {"status", completed ? "completed" : "pending"}});
                }
            const std::string arguments = json{{"plan", plan}}.dump();
            if (arguments == m_last_plan[id]) return;
            m_last_plan[id] = arguments;
            const std::string call_id = id + "#" + std::to_string(++m_plan_updates[id]);
            m_out.call(call_id, "update_plan", arguments, pos);
            m_out.result(call_id, "", false,
                         pos);  // the stream prints no answer to a plan: no text is made up
        } else if (type == "web_search") {
            return;  // the search itself; its results reach the model, not the stream
        } else if (type == "error") {
            Message m = m_out.message(pos, id, Role::kSystem, SourceKind::kPlugin);
            m.source.name = "error";
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, m_ctx.str(item, "message", pos, "item.message").value_or("")));
            if (done) m_out.push(std::move(m));
        } else {
            m_ctx.unknown_type(pos, "item " + (type.empty() ? std::string("(none)") : type));
        }
    }

    ReadContext& m_ctx;
    CodexStreamSession m_out;
    std::map<std::string, std::string> m_last_plan;
    std::map<std::string, int> m_plan_updates;
    int m_runs = 0;
    std::string m_prefix;  // "" for the first run, "run<N>/" after
};

}  // namespace

bool is_codex_exec_event(const json& v) {
    if (!v.is_object() || !v.value("type", json()).is_string() || v.contains("payload")) return false;
    const std::string type = v["type"].get<std::string>();
    if (type == "thread.started") return v.value("thread_id", json()).is_string();
    if (type == "item.started" || type == "item.updated" || type == "item.completed") {
        const auto item = v.find("item");
        return item != v.end() && item->is_object() && item->value("type", json()).is_string() && item->contains("id");
    }
    return type == "turn.started" && v.size() == 1;
}

void read_codex_exec(ByteSource& source, ReadContext& ctx) {
    ExecStreamBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
