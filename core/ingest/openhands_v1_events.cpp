// OpenHands V1 (software-agent-sdk) events, `kind`-tagged: messages, actions as tool calls, observations as
// tool results paired by `tool_call_id`; the system prompt is a system message, bookkeeping events are skipped.
#include "ingest/openhands_events.h"
#include "redact/redactor.h"

namespace bm {

namespace {

constexpr size_t kErrorQuoteChars = 200;  // of a ConversationErrorEvent's detail, quoted in the warning

// Kinds that carry no conversation turn (state, pauses, condensation bookkeeping, token ids, streaming).
const std::set<std::string>& v1_bookkeeping() {
    static const std::set<std::string> kinds = {
        "ConversationStateUpdateEvent", "PauseEvent", "Condensation", "CondensationRequest",
        "CondensationSummaryEvent", "TokenEvent", "StreamingDeltaEvent", "LLMCompletionLogEvent",
        "HookExecutionEvent", "InterruptEvent"};
    return kinds;
}

const std::set<std::string>& v1_turns() {
    static const std::set<std::string> kinds = {"SystemPromptEvent", "MessageEvent", "ActionEvent", "ObservationEvent",
                                                "UserRejectObservation", "AgentErrorEvent", "ConversationErrorEvent"};
    return kinds;
}

// Reasoning a model returned beside its text: `reasoning_content`, and Anthropic `thinking_blocks`.
void add_reasoning(ReadContext& ctx, const json& holder, RecordPos pos, const std::string& path, Message& m) {
    if (auto r = ctx.str(holder, "reasoning_content", pos, path + ".reasoning_content"); r && !r->empty())
        m.blocks.push_back(text_block(ctx, BlockKind::kReasoning, *r));
    if (auto t = holder.find("thinking_blocks"); t != holder.end() && t->is_array())
        for (const auto& b : *t)
            if (b.is_object() && b.contains("thinking") && b["thinking"].is_string())
                m.blocks.push_back(text_block(ctx, BlockKind::kReasoning, b["thinking"].get<std::string>()));
}

// What an observation's fields record and its text leaves out, as the V0 reader writes it: a terminal's
// exit code ("[exit code: N]", from `exit_code` or `metadata.exit_code`) and a file editor `create` of a
// file that did not exist ("[File created at PATH]"). Empty when the observation says neither.
std::string v1_observation_note(const json& o) {
    const json* code = nullptr;
    if (auto c = o.find("exit_code"); c != o.end()) code = &*c;
    if (auto md = o.find("metadata"); md != o.end() && md->is_object())
        if (auto c = md->find("exit_code"); c != md->end() && !code) code = &*c;
    if (code && code->is_number_integer() && code->get<int64_t>() >= 0)
        return "[exit code: " + std::to_string(code->get<int64_t>()) + "]";
    auto command = o.find("command");
    auto prev = o.find("prev_exist");
    auto path = o.find("path");
    if (command != o.end() && *command == "create" && prev != o.end() && prev->is_boolean() && !prev->get<bool>() &&
        path != o.end() && path->is_string())
        return "[File created at " + path->get<std::string>() + "]";
    return {};
}

}  // namespace

bool is_openhands_v1_event(const json& e) {
    if (!e.is_object()) return false;
    auto k = e.find("kind");
    if (k == e.end() || !k->is_string()) return false;
    const std::string& kind = k->get_ref<const std::string&>();
    return (v1_turns().count(kind) || v1_bookkeeping().count(kind)) && (e.contains("source") || e.contains("id"));
}

bool OpenHandsBuilder::v1_result(const json& e, const std::string& kind, RecordPos pos, const std::string& path,
                                 Message& m) {
    auto call_id = m_ctx.str(e, "tool_call_id", pos, path + ".tool_call_id");
    if (!call_id || call_id->empty()) {
        m_ctx.error(pos, path + ".tool_call_id", kind + " has no tool_call_id; skipped",
                    "every V1 tool result names the call it answers");
        m_ctx.result().partial = true;
        return false;
    }
    if (m_echo_calls.count(*call_id)) {  // "Your thought has been logged.", or the finish message again
        ++m_non_message;
        return false;
    }
    ContentBlock r;
    r.kind = BlockKind::kToolResult;
    r.tool_id = *call_id;
    if (kind == "ObservationEvent") {
        const json* o = m_ctx.object(e, "observation", pos, path + ".observation");
        if (!o) {
            if (!e.contains("observation"))
                m_ctx.error(pos, path + ".observation", "ObservationEvent has no observation object; skipped");
            m_ctx.result().partial = true;
            return false;
        }
        // `content` (a list of text parts) since late 2025; `output` in earlier SDK releases.
        r.text = flatten_text(o->contains("content") ? (*o)["content"] : o->value("output", json()));
        auto err = o->find("is_error");
        r.is_error = (err != o->end() && err->is_boolean() && err->get<bool>()) || r.text.rfind("ERROR:", 0) == 0;
        // A terminal's `metadata.prefix`/`suffix` ("\n[The command completed with exit code 0.]") frame the
        // output in what the model saw; without them, the fields' note.
        const json* md = o->contains("metadata") && (*o)["metadata"].is_object() ? &(*o)["metadata"] : nullptr;
        const std::string suffix = md && md->value("suffix", json()).is_string() ? (*md)["suffix"].get<std::string>() : "";
        if (!suffix.empty()) {
            if (md->value("prefix", json()).is_string()) r.text = (*md)["prefix"].get<std::string>() + r.text;
            r.text += suffix;
        } else if (const std::string note = r.is_error ? std::string() : v1_observation_note(*o); !note.empty()) {
            r.text += (r.text.empty() ? "" : "\n") + note;
        }
    } else if (kind == "UserRejectObservation") {
        r.text = "Action rejected: " + m_ctx.str(e, "rejection_reason", pos, path + ".rejection_reason")
                                           .value_or("User rejected the action");
        r.is_error = true;
    } else {  // AgentErrorEvent: the scaffold's error, sent to the model as the call's result
        r.text = m_ctx.str(e, "error", pos, path + ".error").value_or("");
        r.is_error = true;
    }
    r.text = m_ctx.redact_text(r.text);
    m.role = Role::kTool;
    m.source.kind = SourceKind::kTool;
    m.source.call_id = r.tool_id;
    m.blocks.push_back(std::move(r));
    return true;
}

void OpenHandsBuilder::v1_event(const json& e, RecordPos pos, const std::string& path, std::string_view raw) {
    auto kind_found = m_ctx.str(e, "kind", pos, path + ".kind");
    if (!kind_found) {
        m_ctx.result().partial = true;  // str() named the field
        return;
    }
    const std::string kind = *kind_found;
    if (v1_bookkeeping().count(kind)) {
        ++m_non_message;
        return;
    }
    if (!v1_turns().count(kind)) {
        m_ctx.unknown_type(pos, kind);
        ++m_non_message;
        return;
    }
    Message m;
    m.seq = m_index++;
    m.id = m_ctx.str(e, "id", pos, path + ".id").value_or("event-" + std::to_string(m.seq));
    m.line = pos.line;
    m.time = m_ctx.str(e, "timestamp", pos, path + ".timestamp").value_or("");
    const std::string source = m_ctx.str(e, "source", pos, path + ".source").value_or("");
    if (kind == "ConversationErrorEvent") {  // the run stopped on an error (an LLM refusal, a crash)
        std::string detail = redact(m_ctx.str(e, "detail", pos, path + ".detail").value_or(""));
        if (detail.size() > kErrorQuoteChars) {
            size_t cut = kErrorQuoteChars;  // never inside a UTF-8 character
            while (cut > 0 && (static_cast<unsigned char>(detail[cut]) & 0xC0) == 0x80) --cut;
            detail = detail.substr(0, cut) + "...";
        }
        m_ctx.warning(pos, path, "the conversation ended with an error: " +
                                     m_ctx.str(e, "code", pos, path + ".code").value_or("error") + ": " + detail,
                      "the events before it were read");
        ++m_non_message;
        return;
    }
    if (kind == "SystemPromptEvent") {
        m.role = Role::kSystem;
        auto sp = e.find("system_prompt");
        m.blocks.push_back(text_block(m_ctx, BlockKind::kText, sp != e.end() ? flatten_text(*sp) : ""));
    } else if (kind == "MessageEvent") {
        const json* msg = m_ctx.object(e, "llm_message", pos, path + ".llm_message");
        if (!msg) {
            if (!e.contains("llm_message"))
                m_ctx.error(pos, path + ".llm_message", "MessageEvent has no llm_message object; skipped",
                            "a V1 MessageEvent holds its text in llm_message.content");
            m_ctx.result().partial = true;
            return;
        }
        const std::string role = m_ctx.str(*msg, "role", pos, path + ".llm_message.role").value_or(source);
        if (role == "user") {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
        } else if (role == "system") {
            m.role = Role::kSystem;
        } else {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
        }
        add_reasoning(m_ctx, *msg, pos, path + ".llm_message", m);
        m.blocks.push_back(text_block(m_ctx, BlockKind::kText, msg->contains("content") ? flatten_text((*msg)["content"]) : ""));
    } else if (kind == "ActionEvent") {
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        add_reasoning(m_ctx, e, pos, path, m);
        if (auto t = e.find("thought"); t != e.end()) {
            const std::string thought = flatten_text(*t);
            if (!thought.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, thought));
        }
        auto name = m_ctx.str(e, "tool_name", pos, path + ".tool_name");
        const json* call = m_ctx.object(e, "tool_call", pos, path + ".tool_call");
        std::string call_id = m_ctx.str(e, "tool_call_id", pos, path + ".tool_call_id").value_or("");
        if (call_id.empty() && call) call_id = m_ctx.str(*call, "id", pos, path + ".tool_call.id").value_or("");
        if (!name && call) name = m_ctx.str(*call, "name", pos, path + ".tool_call.name");
        if (!name || name->empty()) {
            m_ctx.error(pos, path + ".tool_name", "ActionEvent has no tool_name; skipped",
                        "every V1 action names the tool it calls");
            m_ctx.result().partial = true;
            return;
        }
        const json* action = e.contains("action") && e["action"].is_object() ? &e["action"] : nullptr;
        if (*name == "think" && action && action->contains("thought") && (*action)["thought"].is_string()) {
            m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, (*action)["thought"].get<std::string>()));
            m_echo_calls.insert(call_id);
        } else {
            if (*name == "finish" && action && action->contains("message") && (*action)["message"].is_string()) {
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, (*action)["message"].get<std::string>()));
                m_echo_calls.insert(call_id);
            }
            ContentBlock c;
            c.kind = BlockKind::kToolCall;
            c.tool_id = call_id.empty() ? m.id : call_id;
            c.tool_name = *name;
            if (action) {  // the arguments as the tool read them; `kind` names the action class
                json a = *action;
                a.erase("kind");
                c.arguments = m_ctx.redact_text(a.dump());
            } else if (call) {  // not executable (a bad call): the arguments as the model wrote them
                c.arguments = m_ctx.redact_text(m_ctx.str(*call, "arguments", pos, path + ".tool_call.arguments").value_or(""));
            }
            m.blocks.push_back(std::move(c));
        }
    } else if (!v1_result(e, kind, pos, path, m)) {
        return;
    }
    if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw.empty() ? e.dump() : std::string(raw));
    m_session.messages.push_back(std::move(m));
}

}  // namespace bm
