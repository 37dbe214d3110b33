// OpenHands event streams (a JSON array, {history:[...]}, or JSONL): messages, actions as tool
// calls, observations as tool results paired through tool_call_metadata or `cause`.
#include "ingest/openhands_events.h"
#include "util/hash.h"

namespace bm {

namespace {

const std::set<std::string>& non_message_observations() {
    static const std::set<std::string> kinds = {"agent_state_changed", "null", "recall",
                                                "user_rejected", "condensation"};
    return kinds;
}

// What an observation's `extras` record and its text leaves out, as a line the extractor reads like
// any other harness report: a `run`'s exit code ("[exit code: 1]", from `exit_code` or
// `metadata.exit_code`) and an `edit` of a file that did not exist ("[File created at PATH]",
// from `prev_exist: false`). Empty when the extras say neither.
std::string extras_note(const json& e, const std::string& observation, bool flat) {
    auto it = e.find("extras");
    if (!flat && (it == e.end() || !it->is_object())) return {};
    const json& x = flat ? e : *it;
    if (observation == "run") {
        const json* code = nullptr;
        if (auto c = x.find("exit_code"); c != x.end()) code = &*c;
        if (auto m = x.find("metadata"); m != x.end() && m->is_object())
            if (auto c = m->find("exit_code"); c != m->end()) code = &*c;
        if (code && code->is_number_integer() && code->get<int64_t>() >= 0)
            return "[exit code: " + std::to_string(code->get<int64_t>()) + "]";
    } else if (observation == "edit") {
        // A str_replace or insert reports the text it replaced (`old_content`, "" for an empty file) and may
        // still say prev_exist: false; only an edit with no old content made the file.
        if (auto old = x.find("old_content"); old != x.end() && old->is_string()) return {};
        auto prev = x.find("prev_exist");
        auto path = x.find("path");
        if (prev != x.end() && prev->is_boolean() && !prev->get<bool>() && path != x.end() && path->is_string())
            return "[File created at " + path->get<std::string>() + "]";
    }
    return {};
}

}  // namespace

OpenHandsBuilder::OpenHandsBuilder(ReadContext& ctx) : m_ctx(ctx) {
    m_session.format = SessionFormat::kOpenHands;
    m_session.file = ctx.result().file;
}

void OpenHandsBuilder::event(const json& e, RecordPos pos, const std::string& path, std::string_view raw) {
    if (!e.is_object()) {
        m_ctx.error(pos, path, "expected an event object; skipped");
        m_ctx.result().partial = true;
        return;
    }
    if (e.contains("kind")) {  // V0 events never carry `kind` (V1 ActionEvent/ObservationEvent hold objects there)
        v1_event(e, pos, path, raw);
        return;
    }
    Message m;
    m.seq = m_ctx.integer(e, "id", pos, path + ".id").value_or(m_index);
    ++m_index;
    m.id = "event-" + std::to_string(m.seq);
    m.line = pos.line;
    m.time = m_ctx.str(e, "timestamp", pos, path + ".timestamp").value_or("");
    auto source = m_ctx.str(e, "source", pos, path + ".source").value_or("");
    auto action = m_ctx.str(e, "action", pos, path + ".action");
    auto observation = m_ctx.str(e, "observation", pos, path + ".observation");
    const json* meta = m_ctx.object(e, "tool_call_metadata", pos, path + ".tool_call_metadata");
    std::string call_id, function_name;
    if (meta) {
        call_id = m_ctx.str(*meta, "tool_call_id", pos, path + ".tool_call_metadata.tool_call_id").value_or("");
        function_name = m_ctx.str(*meta, "function_name", pos, path + ".tool_call_metadata.function_name").value_or("");
    }
    // openhands-resolver's output.jsonl (2025) writes an event's args and extras as the event's own members, with no
    // source, id or cause: the task is the first message (before any call), an observation answers the last call
    // made, a `system` action is the system prompt.
    const bool flat = !e.contains("args") && !e.contains("extras") && !e.contains("source") && !e.contains("id");
    const json empty = json::object();
    const json* args = m_ctx.object(e, "args", pos, path + ".args");
    if (!args) args = flat ? &e : &empty;
    if (action) {
        std::string content = m_ctx.str(*args, "content", pos, path + ".args.content").value_or("");
        std::string thought = m_ctx.str(*args, "thought", pos, path + ".args.thought").value_or("");
        if (source == "user" || (flat && *action == "message" && !m_called && !m_task_read)) {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
            m_task_read = m_task_read || flat;
        } else if ((source == "environment" || flat) && *action == "system") {
            m.role = Role::kSystem;
        } else {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
        }
        if (*action == "message" || *action == "system") {
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, content));
        } else if (*action == "think") {
            m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, thought));
        } else if (*action == "change_agent_state" || *action == "recall") {
            ++m_non_message;
            return;
        } else {
            if (!thought.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, thought));
            if (*action == "finish") {
                std::string final_text = m_ctx.str(*args, "final_thought", pos, path + ".args.final_thought").value_or("");
                if (!final_text.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, final_text));
            }
            ContentBlock c;
            c.kind = BlockKind::kToolCall;
            c.tool_id = call_id.empty() ? "event-" + std::to_string(m.seq) : call_id;
            c.tool_name = function_name.empty() ? *action : function_name;
            m_called = true;
            if (flat) m_open_call = c.tool_id;
            json a = *args;
            a.erase("thought");
            if (flat)  // the event's own bookkeeping is no argument
                for (const char* k : {"action", "timestamp", "message", "hidden", "confirmation_state", "security_risk"})
                    a.erase(k);
            c.arguments = m_ctx.redact_text(a.dump());
            m.blocks.push_back(std::move(c));
        }
    } else if (observation) {
        if (non_message_observations().count(*observation)) {
            ++m_non_message;
            return;
        }
        m.role = Role::kTool;
        m.source.kind = SourceKind::kTool;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        auto cause = m_ctx.integer(e, "cause", pos, path + ".cause");
        r.tool_id = !call_id.empty() ? call_id : cause ? "event-" + std::to_string(*cause) : flat ? m_open_call : "";
        if (flat) m_open_call.clear();
        r.text = m_ctx.redact_text(e.contains("content") ? flatten_text(e["content"]) : "");
        // The editor's refusals come back as its own observation whose text opens "ERROR:" ("File already
        // exists at: … Cannot overwrite files using command `create`."); their extras say nothing true.
        r.is_error = *observation == "error" || r.text.rfind("ERROR:", 0) == 0;
        if (const std::string note = r.is_error ? std::string() : extras_note(e, *observation, flat); !note.empty())
            r.text += (r.text.empty() ? "" : "\n") + m_ctx.redact_text(note);
        m.source.call_id = r.tool_id;
        m.blocks.push_back(std::move(r));
    } else {
        m_ctx.error(pos, path, "event has neither action nor observation; skipped");
        m_ctx.result().partial = true;
        return;
    }
    if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw.empty() ? e.dump() : std::string(raw));
    m_session.messages.push_back(std::move(m));
}

void OpenHandsBuilder::finish_as(const std::string& id_form, RecordPos header_pos) {
    m_session.id_form = id_form;
    m_ctx.finish();
    finish_session(m_session, m_ctx, header_pos, m_non_message);
    m_ctx.result().sessions.push_back(std::move(m_session));
}

void OpenHandsBuilder::finish(const std::string& digest) {
    finish_as("openhands-" + file_stem(m_session.file) + "-" + digest.substr(0, 8));
}

const char* openhands_events_member(const json& doc) {
    if (!doc.is_object()) return nullptr;
    if (auto h = doc.find("history"); h != doc.end() && h->is_array()) return "history";
    for (const char* member : {"trajectory", "events"}) {
        auto it = doc.find(member);
        if (it == doc.end() || !it->is_array() || it->empty() || !(*it)[0].is_object()) continue;
        const json& first = (*it)[0];
        if (is_openhands_v1_event(first) ||
            (first.contains("source") &&
             (first.contains("action") || first.contains("observation"))))
            return member;
    }
    return nullptr;
}

void read_openhands(const json& doc, ReadContext& ctx, const std::string& digest) {
    const json* events = &doc;
    if (doc.is_object() && is_openhands_v1_event(doc)) {
        ctx.error(RecordPos{1, 0}, "kind", "one OpenHands V1 event, not a conversation: skipped",
                  "the SDK keeps one event a file (events/event-NNNNN-<id>.json): read the conversation's directory");
        return;
    }
    if (doc.is_object()) {
        const char* member = openhands_events_member(doc);
        events = member ? ctx.array(doc, member, RecordPos{1, 0}, member) : nullptr;
        if (!events) {
            ctx.error(RecordPos{1, 0}, "history", "document has no history array of events",
                      "expected {\"history\": [...]}, a downloaded {\"trajectory\": [...]} or an "
                      "export's "
                      "{\"events\": [...]}");
            return;
        }
    }
    if (!events->is_array()) {
        ctx.error(RecordPos{1, 0}, "", "expected an array of events or {\"history\":[...]}");
        return;
    }
    if (events->empty()) {
        ctx.error(RecordPos{1, 0}, "", "the event list is empty", "nothing to import");
        return;
    }
    OpenHandsBuilder b(ctx);
    for (size_t i = 0; i < events->size(); ++i) {
        const json& item = (*events)[i];
        const RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const std::string path = "[" + std::to_string(i) + "]";
        if (item.is_array()) {  // before 0.10 (2024 evaluation outputs): [action, observation] pairs
            for (size_t k = 0; k < item.size(); ++k) b.event(item[k], pos, path + "[" + std::to_string(k) + "]", {});
        } else {
            b.event(item, pos, path, {});
        }
    }
    b.finish(digest);
}

void read_openhands_jsonl(ByteSource& source, ReadContext& ctx) {
    OpenHandsBuilder b(ctx);
    LineReader lines(source, ctx.options().max_line_bytes);
    Line line;
    int64_t records = 0;
    Sha256Stream content;  // the id comes from the content, as for the JSON forms, not the path
    while (true) {
        auto more = lines.next(line);
        if (!more) {
            ctx.result().errors.push_back(more.error());
            ctx.result().partial = true;
            break;
        }
        if (!*more) break;
        content.update(line.text);
        content.update("\n");
        auto v = ctx.parse_line(line);
        if (!v) continue;
        ++records;
        b.event(*v, RecordPos{line.number, line.offset}, "", line.text);
    }
    if (records == 0) {
        if (ctx.result().errors.empty()) ctx.error(RecordPos{1, 0}, "", "file has no events: it is empty");
        return;
    }
    b.finish(to_hex(content.finish()));
}

}  // namespace bm
