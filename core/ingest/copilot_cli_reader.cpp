// GitHub Copilot CLI's session events (`~/.copilot/session-state/<id>/events.jsonl`, and the same
// events printed by `copilot -p … --output-format json`): one event a line, {"type", "data", "id",
// "timestamp", "parentId", "ephemeral"?}. The conversation is user.message, assistant.message (its
// text, reasoning and `toolRequests`), tool.execution_start / tool.execution_complete (a call's
// answer: `result.content`, or `error` when it failed) and system.message (Copilot's own system
// prompt); session.start names the session and its directory. Streaming deltas, turn bounds, model
// calls, hooks and telemetry hold no conversation (session 30).
#include <algorithm>
#include <map>
#include <set>

#include "ingest/copilot_cli_wrapper.h"
#include "ingest/readers.h"
#include "util/trim.h"

namespace bm {

namespace {

// The user's words inside what Copilot sent the model (`transformedContent`): without its opening
// <current_datetime>…</current_datetime> and the <system_reminder>…</system_reminder> blocks it appends.
std::string sent_words(std::string_view sent) {
    static constexpr std::string_view kDate = "</current_datetime>", kOpen = "<system_reminder>",
                                      kClose = "</system_reminder>";
    if (sent.rfind("<current_datetime>", 0) == 0)
        if (const size_t end = sent.find(kDate); end != std::string_view::npos) sent.remove_prefix(end + kDate.size());
    std::string out;
    for (size_t at = 0; at < sent.size();) {
        const size_t open = sent.find(kOpen, at);
        out.append(sent.substr(at, open == std::string_view::npos ? std::string_view::npos : open - at));
        if (open == std::string_view::npos) break;
        const size_t close = sent.find(kClose, open);
        at = close == std::string_view::npos ? sent.size() : close + kClose.size();
    }
    return std::string(trim(out));
}

// The event types that hold no conversation (bounds, streaming pieces, bookkeeping); counted, never
// warned about.
bool is_bookkeeping(const std::string& type) {
    static const std::set<std::string> kKnown = {"assistant.turn_start",
                                                 "assistant.turn_end",
                                                 "assistant.intent",
                                                 "assistant.usage",
                                                 "assistant.reasoning",
                                                 "session.model_change",
                                                 "session.info",
                                                 "session.shutdown",
                                                 "session.tools_updated",
                                                 "session.skills_loaded",
                                                 "session.auto_mode_resolved",
                                                 "session.truncation",
                                                 "session.usage_info",
                                                 "session.mode_changed",
                                                 "session.plan_changed",
                                                 "session.workspace_file_changed",
                                                 "session.title_changed",
                                                 "session.context_changed",
                                                 "session.idle",
                                                 "model.call_start",
                                                 "model.call_end",
                                                 "tool.execution_partial_result",
                                                 "tool.execution_progress",
                                                 "tool.user_requested",
                                                 "hook.start",
                                                 "hook.end",
                                                 "permission.requested",
                                                 "permission.completed",
                                                 "skill.invoked",
                                                 "pending_messages.modified",
                                                 "session.compaction_start",
                                                 "session.handoff",
                                                 "subagent.selected",
                                                 "subagent.started",
                                                 "subagent.completed",
                                                 "subagent.failed",
                                                 "session.warning",
                                                 "session.mcp_server_status_changed",
                                                 "session.mcp_servers_loaded",
                                                 "session.background_tasks_changed",
                                                 "session.usage_checkpoint",
                                                 "model.call_finished",
                                                 "assistant.message_start",
                                                 "assistant.idle",
                                                 "session.permissions_changed",
                                                 "external_tool.requested",
                                                 "external_tool.completed"};
    if (kKnown.count(type)) return true;
    const size_t dot = type.rfind('_');
    return dot != std::string::npos &&
           type.compare(dot, std::string::npos, "_delta") == 0;  // *.message_delta, …
}

// The event types that hold conversation (or name the session), each read from its `data` object.
bool is_conversation_type(const std::string& type) {
    static const std::set<std::string> kTypes = {"session.start",
                                                 "session.resume",
                                                 "user.message",
                                                 "assistant.message",
                                                 "assistant.message_delta",
                                                 "system.message",
                                                 "tool.execution_start",
                                                 "tool.execution_complete",
                                                 "abort",
                                                 "session.error",
                                                 "session.compaction_complete",
                                                 "system.notification"};
    return kTypes.count(type) > 0;
}

// A shell result's closing line, "<exited with exit code N>" (older builds) or "<shellId: S
// completed with exit code N>" (2026 builds): the code, and the text without that line; nullopt
// when the text does not end so.
std::optional<int64_t> take_exit_line(std::string& text) {
    static const std::string kCode = "exit code ";
    size_t end = text.size();
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' '))
        --end;
    if (end == 0 || text[end - 1] != '>') return std::nullopt;
    const size_t open = text.rfind('<', end);
    if (open == std::string::npos || (open > 0 && text[open - 1] != '\n')) return std::nullopt;
    const std::string_view tag = std::string_view(text).substr(open, end - open);
    if (tag.rfind("<exited with exit code ", 0) != 0 &&
        !(tag.rfind("<shellId: ", 0) == 0 &&
          tag.find(" with exit code ") != std::string_view::npos))
        return std::nullopt;
    const size_t at = tag.rfind(kCode);
    const std::string_view digits =
        tag.substr(at + kCode.size(), tag.size() - 1 - at - kCode.size());
    if (digits.empty() || digits.size() > 9) return std::nullopt;
    size_t k = digits[0] == '-' ? 1 : 0;
    if (k == digits.size()) return std::nullopt;
    for (; k < digits.size(); ++k)
        if (digits[k] < '0' || digits[k] > '9') return std::nullopt;
    const int64_t code = std::stoll(std::string(digits));
    text.erase(open > 0 ? open - 1 : 0);
    return code;
}

class CopilotBuilder {
public:
    explicit CopilotBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kOpenAiChat;  // Copilot's tools (bash, view, edit,
                                                        // create), read as any role-message agent's
        m_session.file = ctx.result().file;
    }

    void line(const json& v, RecordPos pos, std::string_view raw) {
        if (const json* event = wrapped_copilot_event(v)) {
            // A wrapped event's fields are named as the line holds them: "raw.data.content".
            m_at = "raw.";
            line(*event, pos, raw);
            m_at.clear();
            return;
        }
        const std::string type = m_ctx.str(v, "type", pos, m_at + "type").value_or("");
        m_raw = raw;
        if (is_conversation_type(type)) {
            // Each of these holds its content in `data`; one without it (or with another kind of
            // value there) is reported and skipped.
            if (const json* data = m_ctx.object(v, "data", pos, m_at + "data")) {
                conversation(v, *data, type, pos);
            } else {
                if (!v.contains("data"))
                    m_ctx.error(pos, m_at + "data",
                                "a " + type + " event without its data object; skipped");
                ++m_non_message;
            }
        } else if (type == "assistant.turn_end" || type == "assistant.idle") {
            flush_streamed({});
            ++m_non_message;
        } else if (type == "result") {
            flush_streamed({});
            // `-p --output-format json`'s closing line: the session's id, the process's exit code
            // and usage.
            if (auto id = m_ctx.str(v, "sessionId", pos, m_at + "sessionId");
                id && m_session.id_form.empty())
                m_session.id_form = *id;
            ++m_non_message;
        } else if (is_bookkeeping(type)) {
            ++m_non_message;
        } else {
            m_ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            ++m_non_message;
        }
        m_raw = {};
    }

    void finish(const std::string& digest) {
        flush_streamed({});
        add_session(std::move(m_session), m_ctx, "copilot-" + digest.substr(0, 12), m_non_message);
    }

private:
    void conversation(const json& v, const json& data, const std::string& type, RecordPos pos) {
        if (type == "session.start" || type == "session.resume") {
            start(data, pos);
            ++m_non_message;
        } else if (type == "user.message") {
            user(v, data, pos);
        } else if (type == "assistant.message") {
            m_incoming = m_ctx.str(data, "messageId", pos, m_at + "data.messageId").value_or("");
            m_streamed.erase(m_incoming);  // its whole text supersedes its pieces
            if (!m_incoming.empty()) m_whole.insert(m_incoming);
            assistant(v, data, pos);
            m_incoming.clear();
        } else if (type == "assistant.message_delta") {
            streamed(v, data, pos);
        } else if (type == "system.message") {
            Message m = message(v, pos, Role::kSystem, SourceKind::kPlugin);
            m.source.name = "system-prompt";
            m.blocks.push_back(
                text_block(m_ctx, BlockKind::kText,
                           m_ctx.str(data, "content", pos, m_at + "data.content").value_or("")));
            push(std::move(m));
        } else if (type == "tool.execution_start") {
            started(v, data, pos);
        } else if (type == "tool.execution_complete") {
            completed(v, data, pos);
        } else {
            notice(v, data, type, pos);  // abort, session.error, a compaction, a notification
        }
    }

    void start(const json& data, RecordPos pos) {
        if (auto id = m_ctx.str(data, "sessionId", pos, m_at + "data.sessionId");
            id && m_session.id_form.empty())
            m_session.id_form = *id;
        if (m_session.created_at.empty())
            m_session.created_at = m_ctx.str(data, "startTime", pos, m_at + "data.startTime").value_or("");
        const json* context = m_ctx.object(data, "context", pos, m_at + "data.context");
        if (!context) return;
        if (auto cwd = m_ctx.str(*context, "cwd", pos, m_at + "data.context.cwd");
            cwd && !cwd->empty() && m_session.cwd.empty()) {
            m_session.cwd = m_ctx.redact_text(*cwd);
            m_session.environment.push_back(
                member_fact(m_ctx, "cwd", *cwd, "data.context.cwd", pos.line, "cwd", json(*cwd)));
        }
        if (auto branch = m_ctx.str(*context, "branch", pos, m_at + "data.context.branch");
            branch && !branch->empty()) {
            EnvironmentFact f = member_fact(m_ctx, "git_branch", *branch, "data.context.branch",
                                            pos.line, "branch", json(*branch));
            f.qualifier = m_session.cwd;
            f.seq = static_cast<int64_t>(m_session.messages.size());
            m_session.environment.push_back(std::move(f));
        }
    }

    Message message(const json& v, RecordPos pos, Role role, SourceKind kind) {
        Message m;
        m.line = pos.line;
        m.id = m_ctx.str(v, "id", pos, m_at + "id").value_or("");
        if (m.id.empty()) m.id = "line-" + std::to_string(pos.line);
        m.time = m_ctx.str(v, "timestamp", pos, m_at + "timestamp").value_or("");
        m.role = role;
        m.source.kind = kind;
        return m;
    }

    // Appends `m`, after any reply still in pieces (said before it; not the one `m` completes).
    // The whole message of a reply already placed from its pieces (an event came between them)
    // takes that place.
    void push(Message m) {
        flush_streamed(m_incoming);
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(m_raw);
        if (auto at = m_placed.find(m_incoming); !m_incoming.empty() && at != m_placed.end()) {
            m.seq = m_session.messages[at->second].seq;
            m_session.messages[at->second] = std::move(m);
            ++m_non_message;  // the pieces' message was counted as one message already
            return;
        }
        append_message(m_session, std::move(m));
    }

    // The user's own words (`content`); `transformedContent` is what Copilot sent the model, with
    // its date and reminders around them. A log Copilot redacted itself writes "[REDACTED]" for the
    // words and keeps `transformedContent`: the words are read from it (sent_words; session 35, a
    // real log).
    void user(const json& v, const json& data, RecordPos pos) {
        Message m = message(v, pos, Role::kUser, SourceKind::kUser);
        std::string content = m_ctx.str(data, "content", pos, m_at + "data.content").value_or("");
        if (content == "[REDACTED]") {
            if (auto sent = m_ctx.str(data, "transformedContent", pos, m_at + "data.transformedContent")) {
                const std::string words = sent_words(*sent);
                if (!words.empty()) content = words;
            }
        }
        if (m_delegated.erase(content) > 0) {
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "subagent-task";
        }
        m.blocks.push_back(text_block(m_ctx, BlockKind::kText, content));
        if (const json* files = m_ctx.array(data, "attachments", pos, m_at + "data.attachments"))
            for (size_t k = 0; k < files->size(); ++k)
                if ((*files)[k].is_object()) {
                    const std::string at = m_at + "data.attachments[" + std::to_string(k) + "]";
                    std::string name =
                        m_ctx.str((*files)[k], "path", pos, at + ".path").value_or("");
                    if (name.empty())
                        name = m_ctx.str((*files)[k], "displayName", pos, at + ".displayName")
                                   .value_or("attachment");
                    m.blocks.push_back(
                        text_block(m_ctx, BlockKind::kImage, "[file: " + name + "]"));
                }
        push(std::move(m));
    }

    void assistant(const json& v, const json& data, RecordPos pos) {
        Message m = message(v, pos, Role::kAssistant, SourceKind::kModel);
        m.source.model = m_ctx.str(data, "model", pos, m_at + "data.model").value_or("");
        if (auto r = m_ctx.str(data, "reasoningText", pos, m_at + "data.reasoningText"); r && !r->empty())
            m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, *r));
        if (auto text = m_ctx.str(data, "content", pos, m_at + "data.content"); text && !text->empty())
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, *text));
        const auto requests = data.find(
            "toolRequests");  // a redacted log's "[REDACTED]": its start events name the calls
        if (const json* calls = requests != data.end() && requests->is_string()
                                    ? nullptr
                                    : m_ctx.array(data, "toolRequests", pos, m_at + "data.toolRequests"))
            for (size_t k = 0; k < calls->size(); ++k) {
                const std::string at = m_at + "data.toolRequests[" + std::to_string(k) + "]";
                if (!(*calls)[k].is_object()) {
                    m_ctx.error(pos, at, "expected a tool request object; skipped");
                    continue;
                }
                const json& call = (*calls)[k];
                ContentBlock c = call_block(call, pos, at, "toolCallId", "name");
                if (c.tool_id.empty()) c.tool_id = m.id + "#" + std::to_string(k);
                if (!m_tool_of.emplace(c.tool_id, c.tool_name).second)
                    continue;  // its start event came first and holds it
                m.blocks.push_back(std::move(c));
            }
        if (!m.blocks.empty())
            push(std::move(m));
        else
            ++m_non_message;  // a turn's empty closing message
    }

    // A reply streamed in pieces (`assistant.message_delta`) whose whole `assistant.message` the
    // log does not hold (a stream cut short): its text so far, kept until its turn ends.
    void streamed(const json& v, const json& data, RecordPos pos) {
        ++m_non_message;
        const std::string id = m_ctx.str(data, "messageId", pos, m_at + "data.messageId").value_or("");
        const std::string piece =
            m_ctx.str(data, "deltaContent", pos, m_at + "data.deltaContent").value_or("");
        // A piece of a reply whose whole message was read, or that was already placed, adds
        // nothing.
        if (id.empty() || piece.empty() || m_whole.count(id) || m_placed.count(id)) return;
        auto it = m_streamed.find(id);
        if (it == m_streamed.end()) {
            Message m = message(v, pos, Role::kAssistant, SourceKind::kModel);
            m.id = id;
            m.blocks.push_back(ContentBlock{BlockKind::kText, {}, {}, {}, {}, false});
            it = m_streamed.emplace(id, std::move(m)).first;
            m_streamed_order.push_back(id);
        }
        it->second.blocks.back().text += piece;
    }

    // Appends every reply still in pieces, in the order they began, each rebuilt from its pieces.
    void flush_streamed(const std::string& keep) {
        for (const std::string& id : m_streamed_order) {
            auto it = m_streamed.find(id);
            if (it == m_streamed.end() || id == keep) continue;
            it->second.blocks.back().text = m_ctx.redact_text(it->second.blocks.back().text);
            it->second.from_chunks = true;
            m_placed[id] = m_session.messages.size();
            append_message(m_session, std::move(it->second));
            m_streamed.erase(it);
            --m_non_message;  // its pieces make one message
        }
        m_streamed_order.erase(
            std::remove_if(m_streamed_order.begin(), m_streamed_order.end(),
                           [&](const std::string& id) { return !m_streamed.count(id); }),
            m_streamed_order.end());
    }

    ContentBlock call_block(const json& call, RecordPos pos, const std::string& at,
                            const char* id_member, const char* name_member) {
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_id = m_ctx.str(call, id_member, pos, at + "." + id_member).value_or("");
        c.tool_name = m_ctx.str(call, name_member, pos, at + "." + name_member).value_or("");
        if (auto a = call.find("arguments"); a != call.end() && !a->is_null())
            c.arguments = m_ctx.redact_text(a->is_string() ? a->get<std::string>() : a->dump());
        return c;
    }

    // A call whose request no assistant message held (an older log, a harness-run tool): the call
    // on its own.
    void started(const json& v, const json& data, RecordPos pos) {
        const std::string id = m_ctx.str(data, "toolCallId", pos, m_at + "data.toolCallId").value_or("");
        // VS Code's agent logs a subagent's task as a user.message right after the call that starts it
        // (runSubagent's `prompt`): the agent's words to its subagent, not the user's (session 34).
        if (const auto args = data.find("arguments");
            args != data.end() && args->is_object() && string_member(data, "toolName") == "runSubagent")
            if (const auto prompt = args->find("prompt"); prompt != args->end() && prompt->is_string())
                m_delegated.insert(prompt->get<std::string>());
        if (id.empty() || m_tool_of.count(id)) {
            ++m_non_message;
            return;
        }
        Message m = message(v, pos, Role::kAssistant, SourceKind::kModel);
        m.source.model = m_ctx.str(data, "model", pos, m_at + "data.model").value_or("");
        m.blocks.push_back(call_block(data, pos, m_at + "data", "toolCallId", "toolName"));
        m_tool_of.emplace(id, m.blocks.back().tool_name);
        push(std::move(m));
    }

    void completed(const json& v, const json& data, RecordPos pos) {
        const std::string id = m_ctx.str(data, "toolCallId", pos, m_at + "data.toolCallId").value_or("");
        if (id.empty()) {
            m_ctx.error(
                pos, m_at + "data.toolCallId", "a tool result that names no call; skipped",
                "each tool.execution_complete carries the toolCallId of its tool.execution_start");
            return;
        }
        const auto placed = m_tool_of.find(id);
        if (placed == m_tool_of.end())
            m_ctx.warning(pos, m_at + "data.toolCallId",
                          "the answer of call " + id + ", which this log does not hold",
                          "a log cut before the call (a window) keeps the answer alone");
        else if (!m_answered.insert(id).second)
            m_ctx.warning(pos, m_at + "data.toolCallId",
                          "call " + id + " is answered a second time; both answers are kept");
        const auto ok = data.find("success");
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = id;
        r.is_error = ok != data.end() && ok->is_boolean() && !ok->get<bool>();
        std::string text;
        if (auto s = data.find("result"); s != data.end() && s->is_string())
            text = s->get<std::string>();  // a redacted log's "[REDACTED]"
        else if (const json* result = m_ctx.object(data, "result", pos, m_at + "data.result"))
            text = m_ctx.str(*result, "content", pos, m_at + "data.result.content").value_or("");
        if (auto e = data.find("error"); e != data.end()) {
            std::string why = e->is_string() ? e->get<std::string>() : "";
            if (e->is_object())
                why = m_ctx.str(*e, "message", pos, m_at + "data.error.message").value_or("");
            if (!why.empty()) text += (text.empty() ? "" : "\n") + why;
            r.is_error = r.is_error || !e->is_null();
        }
        // A shell's exit code closes its output ("<exited with exit code 1>"): it opens the answer
        // as every reader writes it, and a non-zero code fails the call. Newer builds also keep the
        // code apart (`shellExecution.exitCode`), which is then the one read.
        const std::string tool = placed != m_tool_of.end() ? placed->second : "";
        if (tool == "bash" || tool == "powershell" || tool == "read_bash" ||
            tool == "read_powershell") {
            std::optional<int64_t> code = take_exit_line(text);
            if (const json* shell =
                    m_ctx.object(data, "shellExecution", pos, m_at + "data.shellExecution"))
                if (auto kept =
                        m_ctx.integer(*shell, "exitCode", pos, m_at + "data.shellExecution.exitCode"))
                    code = kept;
            if (code) open_with_exit_code(*code, text, r.is_error);
        }
        r.text = m_ctx.redact_text(text);
        Message m = message(v, pos, Role::kTool, SourceKind::kTool);
        m.id += "/" + id;
        m.source.call_id = id;
        m.blocks.push_back(std::move(r));
        push(std::move(m));
    }

    // The harness's own notices: a turn the user aborted, a session error, a compaction's summary,
    // a notification
    // ("Discovered instruction: cli/AGENTS.md").
    void notice(const json& v, const json& data, const std::string& type, RecordPos pos) {
        Message m = message(v, pos, Role::kSystem, SourceKind::kPlugin);
        m.source.name = type;
        std::string text;
        for (const char* member : {"reason", "message", "summaryContent", "summary", "content"})
            if (auto s = data.find(member);
                s != data.end() && s->is_string() && !s->get<std::string>().empty()) {
                text = s->get<std::string>();
                break;
            }
        if (text.empty()) {
            ++m_non_message;
            return;
        }
        m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        push(std::move(m));
    }

    ReadContext& m_ctx;
    Session m_session;
    std::string_view m_raw;
    std::string m_at;  // the path of the event in its line: "raw." inside a wrapper line, else empty
    std::set<std::string> m_answered;              // calls a completion answered
    std::map<std::string, std::string> m_tool_of;  // calls a message holds: id -> tool name
    std::set<std::string> m_delegated;             // prompts of calls that start a subagent, not yet seen as its task
    std::string m_incoming;  // the id of the assistant message being read, whose pieces it replaces
    std::map<std::string, Message> m_streamed;  // message id -> its text so far, from its pieces
    std::vector<std::string> m_streamed_order;  // their ids in the order they began
    std::map<std::string, size_t> m_placed;     // replies placed from their pieces: id -> index
    std::set<std::string> m_whole;              // replies whose whole message was read
    int64_t m_non_message = 0;
};

}  // namespace

bool is_copilot_cli_event(const json& v) {
    if (!v.is_object() || !v.value("type", json()).is_string() || v.contains("payload") ||
        v.contains("message"))
        return false;
    const auto data = v.find("data");
    if (data == v.end() || !data->is_object()) return false;
    const std::string type = v["type"].get<std::string>();
    if (type == "session.start" || type == "session.resume")
        return data->value("producer", json()) == json("copilot-agent") ||
               data->contains("copilotVersion") || data->contains("sessionId");
    // A log cut from the middle (a window), or a `-p` stream, opens with any event Copilot writes:
    // one of its own types, with its id and time beside `data`.
    return (is_conversation_type(type) || is_bookkeeping(type)) &&
           type.find('.') != std::string::npos && v.value("id", json()).is_string() &&
           v.value("timestamp", json()).is_string();
}

const json* wrapped_copilot_event(const json& v) {
    if (!v.is_object() || v.contains("type")) return nullptr;
    const auto raw = v.find("raw");
    if (raw == v.end() || !raw->is_object() || !raw->value("type", json()).is_string() ||
        !raw->value("data", json()).is_object())
        return nullptr;
    return &*raw;
}

bool is_copilot_cli_outline(const json& v) {
    // A first line over the line limit, read as its opening members (`type`, then `data` as an
    // empty stub): Copilot writes `id` and `timestamp` after `data`, so the type alone tells it.
    if (!v.is_object() || !v.value("type", json()).is_string() || v.contains("payload") ||
        v.contains("message") || !v.value("data", json()).is_object())
        return false;
    const std::string type = v["type"].get<std::string>();
    return (is_conversation_type(type) || is_bookkeeping(type)) &&
           type.find('.') != std::string::npos;
}

void read_copilot_cli(ByteSource& source, ReadContext& ctx) {
    CopilotBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
