// SWE-agent trajectories (.traj): history[] as the conversation. Function-calling runs pair
// tool_calls with tool_call_ids; older runs pair each action with the observation that follows. A file
// without history is read from its trajectory[] steps, after the system prompt and task statement that
// open the first step's `messages` (or `query`).
#include "ingest/readers.h"

#include <algorithm>
#include <optional>

namespace bm {

namespace {

// Makes `m` the environment's answer to the action `call_id`: a tool message holding `text`.
void answer_action(Message& m, const std::string& call_id, const std::string& text, ReadContext& ctx) {
    m.role = Role::kTool;
    m.source.kind = SourceKind::kTool;
    m.source.call_id = call_id;
    ContentBlock r;
    r.kind = BlockKind::kToolResult;
    r.tool_id = call_id;
    r.text = ctx.redact_text(text);
    m.blocks.push_back(std::move(r));
}

// A system or user message of the conversation (a history[] entry, or one that opens a step's `messages`): system
// text is the system's, user text the user's request; an `is_demo` message is demonstration text (plugin), not
// this run (mark_demonstration). One classification for both the history and the trajectory steps.
void read_prompt_message(Message& m, bool system, const std::string& text, ReadContext& ctx) {
    if (system) {
        m.role = Role::kSystem;
    } else {
        m.role = Role::kUser;
        m.source.kind = SourceKind::kUser;
    }
    m.blocks.push_back(text_block(ctx, BlockKind::kText, text));
}

// Marks a message SWE-agent flagged `is_demo`: demonstration text, not evidence of this run.
void mark_demonstration(Message& m, const json& item) {
    if (item.contains("is_demo") && item["is_demo"] == true) {
        m.source.kind = SourceKind::kPlugin;
        m.source.name = "demonstration";
    }
}

// SWE-agent 1.x's task template names the repository's directory ("<uploaded_files>\n/testbed\n</uploaded_files>")
// and its observations show no "(Current directory: …)": that directory is where the run works. Empty if absent.
std::string uploaded_directory(const std::string& text) {
    const std::string open = "<uploaded_files>\n", close = "\n</uploaded_files>";
    const size_t b = text.find(open);
    if (b == std::string::npos) return {};
    const size_t s = b + open.size(), e = text.find(close, s);
    if (e == std::string::npos || e - s > 200 || e == s) return {};
    const std::string dir = text.substr(s, e - s);
    if (dir.front() != '/' || dir.find_first_of(" \t\n") != std::string::npos) return {};
    return dir;
}

// The ids of `tool_call_ids` written as a Python list's text ("['call_submit']", as SWE-agent's replay writes
// the final submit's observation, session 16): each quoted item; empty when it is not such a list.
std::vector<std::string> listed_ids(const std::string& text) {
    std::vector<std::string> ids;
    if (text.size() < 2 || text.front() != '[' || text.back() != ']') return ids;
    for (size_t p = 1; p + 1 < text.size();) {
        const char q = text[p];
        if (q == ' ' || q == ',') { ++p; continue; }
        if (q != '\'' && q != '"') return {};
        const size_t e = text.find(q, p + 1);
        if (e == std::string::npos || e == p + 1) return {};
        ids.push_back(text.substr(p + 1, e - p - 1));
        p = e + 1;
    }
    return ids;
}

// Where the string member `"name": "value"` is written in the document `text` (its last occurrence: `info` closes a
// trajectory): its 1-based line, the member as written, and its byte offset in that line. Nothing when it is not
// written plainly (escapes in the value) or `text` is absent.
struct MemberAt {
    int64_t line;
    std::string quote;
    int64_t offset;
};
std::optional<MemberAt> member_at(std::string_view text, const std::string& name, const std::string& value) {
    const std::string key = "\"" + name + "\"";
    for (size_t p = text.rfind(key); p != std::string_view::npos; p = p == 0 ? std::string_view::npos : text.rfind(key, p - 1)) {
        size_t v = p + key.size();
        while (v < text.size() && (text[v] == ' ' || text[v] == '\t')) ++v;
        if (v >= text.size() || text[v] != ':') continue;
        ++v;
        while (v < text.size() && (text[v] == ' ' || text[v] == '\t')) ++v;
        const std::string written = "\"" + value + "\"";
        if (text.substr(v, written.size()) != written) continue;
        const size_t start = text.rfind('\n', p) == std::string_view::npos ? 0 : text.rfind('\n', p) + 1;
        const int64_t line = 1 + static_cast<int64_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(p), '\n'));
        return MemberAt{line, std::string(text.substr(p, v + written.size() - p)), static_cast<int64_t>(p - start)};
    }
    return std::nullopt;
}

// A .traj that keeps only `trajectory[]` (steps of {thought, response, action, observation}: SWE-agent's own
// per-step record, which tools that cut a run into windows keep without `history`, session 20): each step is the
// model's thought with its action as a tool call, then the observation as that call's result. Returns how many
// steps were read.
size_t read_trajectory_steps(const json& steps, Session& session, ReadContext& ctx) {
    size_t read = 0;
    const int64_t first_seq = static_cast<int64_t>(session.messages.size());  // after the leading prompt messages
    for (size_t i = 0; i < steps.size(); ++i) {
        const json& step = steps[i];
        const std::string path = "trajectory[" + std::to_string(i) + "]";
        RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        if (!step.is_object()) {
            ctx.error(pos, path, "expected a step object {thought, action, observation}; skipped");
            ctx.result().partial = true;
            continue;
        }
        std::string thought = ctx.str(step, "thought", pos, path + ".thought").value_or("");
        if (thought.empty()) thought = ctx.str(step, "response", pos, path + ".response").value_or("");
        const std::string action = ctx.str(step, "action", pos, path + ".action").value_or("");
        Message m;
        m.seq = first_seq + static_cast<int64_t>(2 * i);
        m.line = pos.line;
        m.id = "t" + std::to_string(i);
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        if (!thought.empty()) m.blocks.push_back(text_block(ctx, BlockKind::kText, thought));
        const std::string call_id = "step-" + std::to_string(i);
        if (!action.empty()) {
            ContentBlock c;
            c.kind = BlockKind::kToolCall;
            c.tool_id = call_id;
            c.tool_name = action.substr(0, action.find_first_of(" \n"));
            c.arguments = ctx.redact_text(action);
            m.blocks.push_back(std::move(c));
        }
        if (m.blocks.empty()) continue;  // a step with neither thought nor action says nothing
        if (ctx.options().keep_raw) m.raw = ctx.raw_record(step.dump());
        session.messages.push_back(std::move(m));
        ++read;
        if (action.empty() || !step.contains("observation")) continue;
        Message r;
        r.seq = first_seq + static_cast<int64_t>(2 * i + 1);
        r.line = pos.line;
        r.id = "t" + std::to_string(i) + "-observation";
        answer_action(r, call_id, ctx.str(step, "observation", pos, path + ".observation").value_or(""), ctx);
        session.messages.push_back(std::move(r));
    }
    return read;
}

// SWE-agent 1.x keeps in each step the chat sent to the model at that step (`messages`, or `query` in some
// versions): the system prompt, the task statement, then the turns before it, which the steps themselves hold.
// The system and user messages that open the first step having that chat are read (as the history's would be)
// before the steps; the turns after them are not (the steps are); demonstrations before the task are passed over,
// and a step whose chat gives nothing hands on to the next. A chat that is not an array, or a message
// that is no object or lacks its role or text, is a warning naming its field. Returns how many were read.
size_t read_leading_prompt(const json& steps, Session& session, ReadContext& ctx) {
    for (size_t i = 0; i < steps.size(); ++i) {
        const json& step = steps[i];
        if (!step.is_object()) continue;
        // Whichever of the two is an array ("messages": null beside a "query" list reads the query).
        const char* key = nullptr;
        for (const char* k : {"messages", "query"})  // a non-empty array first, then any array
            if (!key && step.contains(k) && step[k].is_array() && !step[k].empty()) key = k;
        for (const char* k : {"messages", "query"})
            if (!key && step.contains(k) && step[k].is_array()) key = k;
        if (!key) key = step.contains("messages") ? "messages" : step.contains("query") ? "query" : nullptr;
        if (!key) continue;
        const std::string path = "trajectory[" + std::to_string(i) + "]." + key;
        RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const json& chat = step[key];
        if (!chat.is_array()) {
            ctx.warning(pos, path, "expected an array of messages; the system prompt and task statement are not read from it");
            continue;
        }
        size_t read = 0;
        for (size_t j = 0; j < chat.size(); ++j) {
            const json& item = chat[j];
            const std::string item_path = path + "[" + std::to_string(j) + "]";
            if (!item.is_object()) {
                ctx.warning(pos, item_path, "expected a message object {role, content}; skipped");
                continue;
            }
            const auto role = item.find("role");
            if (role == item.end() || !role->is_string()) {
                ctx.warning(pos, item_path + ".role", "no role string; message skipped");
                continue;
            }
            // A demonstration (`is_demo`, put in the history before the task) is read as one when it is the user's
            // or the system's text and skipped otherwise; it never ends the prompt (session 23).
            const bool demo = item.contains("is_demo") && item["is_demo"].is_boolean() && item["is_demo"].get<bool>();
            if (*role != "system" && *role != "user") {
                if (demo) continue;
                break;  // the model's first turn: the steps say the rest
            }
            const auto content = item.find("content");
            if (content == item.end() || !(content->is_string() || content->is_array() || content->is_object())) {
                ctx.warning(pos, item_path + ".content", "no content (a string, a {type, text} part or a list of them); message skipped");
                continue;
            }
            const std::string text = flatten_text(*content);
            if (text.empty()) {
                ctx.warning(pos, item_path + ".content", "no text in the content; message skipped");
                continue;
            }
            Message m;
            m.seq = static_cast<int64_t>(session.messages.size());
            m.line = pos.line;
            m.id = "t" + std::to_string(i) + "-" + key + "-" + std::to_string(j);
            read_prompt_message(m, *role == "system", text, ctx);
            mark_demonstration(m, item);
            if (ctx.options().keep_raw) m.raw = ctx.raw_record(item.dump());
            session.messages.push_back(std::move(m));
            ++read;
        }
        if (read > 0) return read;  // an empty chat: the next step's may hold the prompt
    }
    return 0;
}

// The repository directory the task statement (the first user message not a demonstration) names, if any.
void set_uploaded_directory(Session& session) {
    for (const Message& m : session.messages)
        if (m.role == Role::kUser && m.source.kind != SourceKind::kPlugin && !m.blocks.empty()) {
            if (session.cwd.empty()) session.cwd = uploaded_directory(m.blocks.front().text);
            break;
        }
}

}  // namespace

void read_swe_agent(const json& doc, ReadContext& ctx, const std::string& digest, std::string_view text) {
    Session session;
    session.format = SessionFormat::kSweAgent;
    session.file = ctx.result().file;
    RecordPos top{1, 0};
    if (!doc.contains("history") && doc.contains("trajectory")) {
        const json* steps = ctx.array(doc, "trajectory", top, "trajectory");
        if (!steps) return;
        if (auto id = ctx.str(doc, "instance_id", top, "instance_id")) session.id_form = "swe-" + *id;
        if (session.id_form.empty()) session.id_form = "swe-" + file_stem(session.file) + "-" + digest.substr(0, 8);
        ctx.warning(top, "history", "no history array (trajectory steps read: thought, action, observation)");
        read_leading_prompt(*steps, session, ctx);
        read_trajectory_steps(*steps, session, ctx);
        set_uploaded_directory(session);
        ctx.finish();
        finish_session(session, ctx, top, 0);
        ctx.result().sessions.push_back(std::move(session));
        return;
    }
    const json* history = ctx.array(doc, "history", top, "history");
    if (!history) {
        ctx.error(top, "history", "trajectory has no history array", "is this a SWE-agent .traj file?");
        return;
    }
    if (const json* info = ctx.object(doc, "info", top, "info"))
        if (auto id = ctx.str(*info, "instance_id", top, "info.instance_id")) session.id_form = "swe-" + *id;
    if (session.id_form.empty()) session.id_form = "swe-" + file_stem(session.file) + "-" + digest.substr(0, 8);
    std::string pending_action;  // synthetic call id of an unanswered non-function-calling action
    for (size_t i = 0; i < history->size(); ++i) {
        const json& item = (*history)[i];
        const std::string path = "history[" + std::to_string(i) + "]";
        RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        if (!item.is_object()) {
            ctx.error(pos, path, "expected a message object; skipped");
            ctx.result().partial = true;
            continue;
        }
        auto role = ctx.str(item, "role", pos, path + ".role").value_or("");
        Message m;
        m.seq = static_cast<int64_t>(i);
        m.line = pos.line;
        m.id = "h" + std::to_string(i);
        std::string text = item.contains("content") ? flatten_text(item["content"]) : "";
        auto message_type = ctx.str(item, "message_type", pos, path + ".message_type").value_or("");
        if (role == "system") {
            read_prompt_message(m, true, text, ctx);
        } else if (role == "assistant") {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            m.blocks.push_back(text_block(ctx, BlockKind::kText, text));
            // A function-calling run names its calls; an older run has only the action text.
            const bool function_calling = append_tool_calls(ctx, item, pos, path, m.blocks) > 0;
            auto action = function_calling ? std::nullopt : ctx.str(item, "action", pos, path + ".action");
            if (action && !action->empty()) {
                ContentBlock c;
                c.kind = BlockKind::kToolCall;
                c.tool_id = "action-" + std::to_string(i);
                c.tool_name = action->substr(0, action->find_first_of(" \n"));
                c.arguments = ctx.redact_text(*action);
                pending_action = c.tool_id;
                m.blocks.push_back(std::move(c));
            }
        } else if (role == "tool") {
            m.role = Role::kTool;
            m.source.kind = SourceKind::kTool;
            std::vector<std::string> ids;
            const auto written = item.find("tool_call_ids");
            if (written != item.end() && written->is_string())
                ids = listed_ids(written->get<std::string>());  // a replayed submit's "['call_submit']"
            else if (const json* idl = ctx.array(item, "tool_call_ids", pos, path + ".tool_call_ids"))
                for (const auto& id : *idl)
                    if (id.is_string()) ids.push_back(id.get<std::string>());
            if (ids.empty()) ids.push_back("");
            for (const auto& id : ids) {
                ContentBlock r;
                r.kind = BlockKind::kToolResult;
                r.tool_id = id;
                r.text = ctx.redact_text(text);
                m.blocks.push_back(std::move(r));
            }
            m.source.call_id = ids.front();
        } else if (role == "user") {
            if (!pending_action.empty() && (message_type.empty() || message_type == "observation")) {
                answer_action(m, pending_action, text, ctx);  // the environment's answer to the preceding action
            } else {
                read_prompt_message(m, false, text, ctx);
            }
            pending_action.clear();
        } else {
            ctx.error(pos, path + ".role", "unknown role '" + role + "'; message skipped");
            ctx.result().partial = true;
            continue;
        }
        mark_demonstration(m, item);
        if (ctx.options().keep_raw) m.raw = ctx.raw_record(item.dump());
        session.messages.push_back(std::move(m));
    }
    // An older run's history ends with the `submit` action; its answer (the patch) is in `info`:
    // the harness's reply to that action, read as its result.
    if (!pending_action.empty() && !session.messages.empty() && doc.contains("info") && doc["info"].is_object()) {
        const json& info = doc["info"];
        const ContentBlock* call = nullptr;
        for (const ContentBlock& b : session.messages.back().blocks)
            if (b.kind == BlockKind::kToolCall && b.tool_id == pending_action) call = &b;
        const auto status = info.find("exit_status");
        const auto patch = info.find("submission");
        const bool submitted = status != info.end() && status->is_string() && status->get<std::string>().rfind("submitted", 0) == 0;
        if (call && call->tool_name == "submit" && submitted) {
            Message m;
            m.seq = static_cast<int64_t>(history->size());
            m.line = top.line;
            m.id = "info-submission";
            answer_action(m, pending_action,
                          patch != info.end() && patch->is_string() ? patch->get<std::string>() : "[exit status: submitted]",
                          ctx);
            session.messages.push_back(std::move(m));
        }
    }
    // How the run ended (info.exit_status: "submitted", "exit_cost", "submitted (exit_context)", …): the
    // harness's own record, read as a fact of the run (rule harness.run_exit_status, session 16).
    if (doc.contains("info") && doc["info"].is_object()) {
        const auto status = doc["info"].find("exit_status");
        if (status != doc["info"].end() && status->is_string() && !status->get<std::string>().empty() &&
            status->get<std::string>().size() <= 80)
            if (auto at = member_at(text, "exit_status", status->get<std::string>())) {
                EnvironmentFact f;
                f.name = "exit_status";
                f.value = ctx.redact_text(status->get<std::string>());
                f.field = "info.exit_status";
                f.line = at->line;
                f.seq = static_cast<int64_t>(history->size());
                f.quote = ctx.redact_raw(at->quote);
                f.quote_offset = at->offset;
                session.environment.push_back(std::move(f));
            }
    }
    set_uploaded_directory(session);
    if (!doc.contains("trajectory")) ctx.warning(top, "trajectory", "no trajectory array (history read alone)");
    ctx.finish();
    finish_session(session, ctx, top, 0);
    ctx.result().sessions.push_back(std::move(session));
}

}  // namespace bm
