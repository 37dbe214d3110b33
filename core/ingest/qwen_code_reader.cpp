// Qwen Code's chat recordings (`~/.qwen/projects/<project>/chats/<session>.jsonl`, written by QwenLM/qwen-code's
// ChatRecordingService): one record a line, {uuid, parentUuid, sessionId, timestamp, type: user | assistant |
// tool_result | system, cwd, version, gitBranch, message: a Gemini Content {role, parts}}. A resume appends to the same
// file and a rewind leaves the records after it behind, so the records form a tree by parentUuid: each leaf is a
// branch. Until session 32 such a file passed for a Claude Code transcript (uuid, parentUuid, sessionId) and read no
// words. Also a chat saved with `/chat save` (Gemini CLI's and Qwen Code's `checkpoint-<tag>.json`: the Content
// history, bare or as {"history": [...]}), read as the records it would have been.
#include <algorithm>
#include <set>

#include "ingest/parent_tree.h"
#include "ingest/readers.h"
#include "ingest/referenced_files.h"

namespace bm {

namespace {

class QwenBuilder {
public:
    explicit QwenBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kGeminiCli;  // a Gemini CLI fork: its tools and their
                                                       // results are Gemini CLI's
        m_session.file = ctx.result().file;
    }

    void line(const json& v, RecordPos pos, std::string_view raw) {
        const std::string type = m_ctx.str(v, "type", pos, "type").value_or("");
        const std::string subtype = string_member(v, "subtype");
        const std::string id = m_ctx.str(v, "uuid", pos, "uuid").value_or("");
        const std::string parent = string_member(v, "parentUuid");
        if (m_session.id_form.empty()) m_session.id_form = string_member(v, "sessionId");
        environment(v, pos);
        Message m;
        m.id = m_tree.unique_id(id, pos, m_ctx, "uuid");
        m.parent_id = parent;
        m.line = pos.line;
        m.time = string_member(v, "timestamp");
        if (const auto sc = v.find("isSidechain"); sc != v.end() && sc->is_boolean())
            m.sidechain = sc->get<bool>();
        const json* content = message_content(v, pos);
        bool read = false;
        if (type == "user")
            read = user(v, subtype, content, pos, m);
        else if (type == "assistant")
            read = assistant(v, content, pos, m);
        else if (type == "tool_result")
            read = tool_result(v, content, pos, m);
        else if (type == "system")
            read = system(v, subtype, pos, m);
        else
            m_ctx.unknown_type(pos, type.empty() ? "(none)" : type);
        if (!read) {
            m_tree.pass_through(m.id, parent);
            ++m_non_message;
            return;
        }
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        append_message(m_session, std::move(m));
    }

    void finish(const std::string& digest) {
        if (m_session.id_form.empty()) m_session.id_form = m_fallback_prefix + digest.substr(0, 12);
        m_tree.build_branches(m_session, m_ctx, "parentUuid");
        add_session(std::move(m_session), m_ctx, "", m_non_message);
    }

    // One Content of a saved chat (`/chat save`), read as the record Qwen Code would have written for it: a
    // model turn, a user turn, or the results of the calls before it (a user turn of functionResponse parts).
    void content(const json& c, size_t index) {
        RecordPos pos{static_cast<int64_t>(index) + 1, -1};
        const std::string path = "[" + std::to_string(index) + "]";
        if (!c.is_object() || !c.contains("parts")) {
            m_ctx.error(pos, path, "expected a Content object {role, parts}; skipped");
            m_ctx.result().partial = true;
            return;
        }
        const std::string role = string_member(c, "role");
        bool answers = false;
        if (c["parts"].is_array())
            for (const auto& p : c["parts"]) answers |= p.is_object() && p.contains("functionResponse");
        json record = {{"uuid", "content-" + std::to_string(index)},
                       {"type", role == "model" ? "assistant" : answers ? "tool_result" : "user"},
                       {"message", c}};
        if (!m_last_content.empty()) record["parentUuid"] = m_last_content;  // past a Content that was skipped
        m_last_content = record["uuid"].get<std::string>();
        if (role != "model" && role != "user" && !(role == "function" && answers))
            m_ctx.warning(pos, path + ".role", "a Content role other than user, model or function; read as the user's");
        m_fallback_prefix = "gemini-checkpoint-";
        line(record, pos, c.dump());
        // The turns the CLI writes in the user's place: its setup turn that opens every chat ("This is the Gemini
        // CLI. We are setting up the context for our chat. …") and its chat compression (the model's
        // `<state_snapshot>`).
        if (!m_session.messages.empty() && m_session.messages.back().role == Role::kUser &&
            m_session.messages.back().id == m_last_content) {
            Message& m = m_session.messages.back();
            const std::string text = m.visible_text();
            if (index == 0 && gemini_setup_turn(text)) {
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "gemini-cli-context";
            } else if (gemini_state_snapshot(text)) {
                mark_state_snapshot(m_session);
            } else if (auto note = gemini_shell_note(text);
                       note && std::all_of(m.blocks.begin(), m.blocks.end(),
                                           [](const ContentBlock& b) { return b.kind == BlockKind::kText; })) {
                shell_note_as_call(*note, m, m_ctx);  // the user's `!cmd` run in shell mode
            }
        }
    }

private:
    // The record's `message.parts`, or null when it has none (a usage-only assistant record).
    const json* message_content(const json& v, RecordPos pos) {
        const auto msg = v.find("message");
        if (msg == v.end() || msg->is_null()) return nullptr;
        if (!msg->is_object()) {
            m_ctx.error(pos, "message",
                        "expected a Gemini Content object {role, parts}; record read without it");
            return nullptr;
        }
        return m_ctx.array(*msg, "parts", pos, "message.parts");
    }

    // The working directory and the git branch, where first stated or changed.
    void environment(const json& v, RecordPos pos) {
        const std::string cwd = string_member(v, "cwd");
        if (!cwd.empty() && m_session.cwd.empty()) {
            m_session.cwd = m_ctx.redact_text(cwd);
            m_session.environment.push_back(
                member_fact(m_ctx, "cwd", cwd, "cwd", pos.line, "cwd", json(cwd)));
        }
        const std::string branch = string_member(v, "gitBranch");
        if (!branch.empty() && branch != m_branch) {
            m_branch = branch;
            EnvironmentFact f = member_fact(m_ctx, "git_branch", branch, "gitBranch", pos.line,
                                            "gitBranch", json(branch));
            f.qualifier = m_session.cwd;
            m_session.environment.push_back(std::move(f));
        }
    }

    // The words of a user record: what the user typed (`systemPayload.displayText`, without the
    // files an @-mention pulled in) or its text parts. Subtypes other than a message typed while
    // tools ran (notifications, cron and goal prompts) are the harness's.
    bool user(const json& v, const std::string& subtype, const json* parts, RecordPos pos,
              Message& m) {
        m.role = Role::kUser;
        if (subtype.empty() || subtype == "mid_turn_user_message") {
            m.source.kind = SourceKind::kUser;
        } else {
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "qwen-" + subtype;
        }
        const auto payload = v.find("systemPayload");
        const std::string shown = payload != v.end() && payload->is_object()
                                      ? string_member(*payload, "displayText")
                                      : "";
        if (!shown.empty())
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, shown));
        else if (parts)
            read_parts(*parts, pos, m, /*results=*/false);
        // Without a displayText (a Gemini CLI `/chat save` checkpoint, an older recording) the parts also hold
        // the files the user's "@path" mentions pulled in: only the words before them are the user's (session 36).
        if (shown.empty() && m.role == Role::kUser)
            if (auto ref = split_referenced_files(m.visible_text())) {
                std::erase_if(m.blocks, [](const ContentBlock& b) { return b.kind == BlockKind::kText; });
                m.blocks.insert(m.blocks.begin(), text_block(m_ctx, BlockKind::kText, ref->words));
            }
        return !m.blocks.empty();
    }

    bool assistant(const json& v, const json* parts, RecordPos pos, Message& m) {
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        m.source.model = string_member(v, "model");
        if (parts) read_parts(*parts, pos, m, /*results=*/false);
        return !m.blocks.empty();
    }

    // One tool call's result: its functionResponse (output, or error), flagged failed by
    // `toolCallResult` (status error or cancelled, an error, an error type).
    bool tool_result(const json& v, const json* parts, RecordPos pos, Message& m) {
        m.role = Role::kTool;
        m.source.kind = SourceKind::kTool;
        const auto result = v.find("toolCallResult");
        const json info = result != v.end() && result->is_object() ? *result : json::object();
        if (parts) read_parts(*parts, pos, m, /*results=*/true, string_member(info, "callId"));
        if (m.blocks.empty() || m.blocks.front().kind != BlockKind::kToolResult) {
            // No functionResponse: the result shown to the user, if any, stands for it.
            ContentBlock r;
            r.kind = BlockKind::kToolResult;
            const auto shown = info.find("resultDisplay");
            if (shown != info.end() && shown->is_string())
                r.text = m_ctx.redact_text(shown->get<std::string>());
            m.blocks.insert(m.blocks.begin(), std::move(r));
        }
        ContentBlock& r = m.blocks.front();
        if (r.tool_id.empty()) r.tool_id = answered_call(string_member(info, "callId"), "");
        const std::string status = string_member(info, "status");
        if (status == "error" || status == "cancelled" || info.contains("error") ||
            (info.contains("errorType") && info["errorType"].is_string()))
            r.is_error = true;
        // Gemini CLI's own words for a call the user cancelled or denied, which the extraction knows (no exit code).
        if (status == "cancelled" && r.text.empty()) r.text = "[Operation Cancelled] Reason: not recorded";
        m.source.call_id = r.tool_id;
        return true;
    }

    // A compression is the harness's summary of what it dropped (a checkpoint); the rest of the
    // system records (telemetry, titles, slash commands, settings) hold no conversation.
    bool system(const json& v, const std::string& subtype, RecordPos pos, Message& m) {
        if (subtype != "chat_compression") return false;
        const auto payload = v.find("systemPayload");
        if (payload == v.end() || !payload->is_object()) return false;
        std::string summary;
        if (const json* history =
                m_ctx.array(*payload, "compressedHistory", pos, "systemPayload.compressedHistory"))
            for (const auto& c : *history)
                if (c.is_object() && c.contains("parts") && c["parts"].is_array())
                    for (const auto& p : c["parts"])
                        if (p.is_object() && p.contains("text") && p["text"].is_string() &&
                            !(p.contains("thought") && p["thought"].is_boolean() && p["thought"].get<bool>()))
                            summary += (summary.empty() ? "" : "\n") + p["text"].get<std::string>();
        if (summary.empty()) return false;
        m.role = Role::kUser;
        m.source.kind = SourceKind::kPlugin;
        m.source.name = "compact";
        m.blocks.push_back(text_block(m_ctx, BlockKind::kText, summary));
        CheckpointRecord cp;
        cp.kind = "compaction";
        cp.id = m.id;
        cp.seq = static_cast<int64_t>(m_session.messages.size());
        cp.summary = m.visible_text();
        m_session.checkpoints.push_back(std::move(cp));
        return true;
    }

    // Gemini Parts: text (a `thought` part is reasoning), functionCall (a tool call),
    // functionResponse (in a tool result), inlineData and fileData (an attachment).
    // The call a result answers: `id` when a call of that id was read, else the oldest call of `name` still
    // unanswered (Gemini's own calls carry no id, and gemini-cli makes one up for the result only:
    // "run_shell_command-1712-ab"), else `id` as written.
    std::string answered_call(const std::string& id, const std::string& name) {
        auto take = [&](std::string call) {  // a copy: it may name an element of the list it leaves
            for (auto& [tool, open] : m_open_calls)
                if (auto it = std::find(open.begin(), open.end(), call); it != open.end()) open.erase(it);
            return call;
        };
        if (!id.empty() && m_call_ids.count(id)) return take(id);
        if (auto open = m_open_calls.find(name); open != m_open_calls.end() && !open->second.empty())
            return take(open->second.front());
        return id;
    }

    // `call_id`: the id toolCallResult gives the record's call (its first functionResponse's).
    void read_parts(const json& parts, RecordPos pos, Message& m, bool results, const std::string& call_id = "") {
        size_t answered = 0;
        for (size_t k = 0; k < parts.size(); ++k) {
            const json& p = parts[k];
            const std::string path = "message.parts[" + std::to_string(k) + "]";
            if (!p.is_object()) {
                m_ctx.error(pos, path, "expected a Part object; skipped");
                continue;
            }
            if (const auto t = p.find("text"); t != p.end() && t->is_string()) {
                if (t->get<std::string>().empty()) continue;
                const bool thought =
                    p.contains("thought") && p["thought"].is_boolean() && p["thought"].get<bool>();
                m.blocks.push_back(text_block(m_ctx,
                                              thought ? BlockKind::kReasoning : BlockKind::kText,
                                              t->get<std::string>()));
            } else if (const auto c = p.find("functionCall");
                       c != p.end() && c->is_object() && !results) {
                ContentBlock call;
                call.kind = BlockKind::kToolCall;
                call.tool_id = string_member(*c, "id");
                call.tool_name = string_member(*c, "name");
                if (const auto a = c->find("args"); a != c->end())
                    call.arguments = m_ctx.redact_text(a->dump());
                // A call with no id is named by its message and place, so its result can find it.
                if (call.tool_id.empty()) call.tool_id = m.id + "/" + std::to_string(k);
                m_call_ids.insert(call.tool_id);
                m_open_calls[call.tool_name].push_back(call.tool_id);
                m.blocks.push_back(std::move(call));
            } else if (const auto r = p.find("functionResponse");
                       r != p.end() && r->is_object() && results) {
                ContentBlock res;
                res.kind = BlockKind::kToolResult;
                res.tool_name = string_member(*r, "name");
                const std::string id = string_member(*r, "id");
                res.tool_id = answered_call(answered == 0 && !call_id.empty() ? call_id : id, res.tool_name);
                const json body = r->value("response", json());
                const bool failed =
                    body.is_object() && body.contains("error") && !body.contains("output");
                const json& text = !body.is_object()         ? body
                                   : body.contains("output") ? body["output"]
                                   : body.contains("error")  ? body["error"]
                                                             : body;
                res.text =
                    m_ctx.redact_text(text.is_string() ? text.get<std::string>() : text.dump());
                res.is_error = failed;
                // The results first, in their order; any text part after them.
                m.blocks.insert(m.blocks.begin() + static_cast<std::ptrdiff_t>(answered++), std::move(res));
            } else if (p.contains("inlineData") || p.contains("fileData")) {
                m.blocks.push_back(
                    ContentBlock{BlockKind::kImage, "[attachment]", {}, {}, {}, false});
            } else if (!p.contains("thoughtSignature") && !p.contains("executableCode") &&
                       !p.contains("codeExecutionResult")) {
                m_ctx.warning(pos, path, "a Part of a kind this reader does not know; skipped");
            }
        }
    }

    ReadContext& m_ctx;
    Session m_session;
    ParentTree m_tree;
    std::set<std::string> m_call_ids;                                  // ids of the calls read so far
    std::map<std::string, std::vector<std::string>> m_open_calls;  // tool name → its unanswered calls, oldest first
    std::string m_last_content;  // a saved chat's last Content read, the next one's parent
    std::string m_fallback_prefix = "qwen-";             // a session's name when the log names none
    std::string m_branch;                               // the git branch last stated
    int64_t m_non_message = 0;
};

}  // namespace

bool is_qwen_code_line(const json& v) {
    static const std::set<std::string> kTypes = {"user", "assistant", "tool_result", "system"};
    const auto type = v.find("type");
    if (!v.contains("uuid") || !v.contains("sessionId") || type == v.end() || !type->is_string() ||
        !kTypes.count(type->get<std::string>()))
        return false;
    // Claude Code's lines hold `message.content`; Qwen's a Gemini Content's `parts`, a top-level
    // tool_result type or a systemPayload.
    const auto msg = v.find("message");
    const bool parts = msg != v.end() && msg->is_object() && msg->contains("parts");
    return parts || *type == "tool_result" || v.contains("systemPayload");
}

const json* gemini_saved_chat(const json& doc) {
    // Gemini CLI's newer form wraps the history: {"history": [...], "authType"}.
    const json* history = doc.is_array() ? &doc : nullptr;
    if (doc.is_object() && doc.contains("history") && doc["history"].is_array() && !doc.contains("trajectory") &&
        !doc.contains("info") && !doc.contains("environment"))
        history = &doc["history"];
    // Its error report (a failed request: gemini-client-error-*.json) holds the history sent:
    // {"error": {"message", "stack"}, "context": [...]} (session 38).
    if (doc.is_object() && doc.contains("error") && doc.contains("context") && doc["context"].is_array() &&
        !doc.contains("history") && !doc.contains("trajectory") && !doc.contains("info"))
        history = &doc["context"];
    if (!history || history->empty()) return nullptr;
    // The first three items that are objects decide (an item that is none is the reader's to report).
    size_t seen = 0;
    for (size_t i = 0; i < history->size() && seen < 3; ++i) {
        const json& c = (*history)[i];
        if (!c.is_object()) continue;
        ++seen;
        if (!c.contains("parts") || !c["parts"].is_array() || c.contains("content")) return nullptr;
        const json role = c.value("role", json());
        if (role != "user" && role != "model" && role != "function") return nullptr;  // not an AI SDK's UIMessage
    }
    return seen > 0 ? history : nullptr;
}

void read_gemini_saved_chat(const json& history, ReadContext& ctx, const std::string& digest) {
    QwenBuilder b(ctx);
    for (size_t i = 0; i < history.size(); ++i) b.content(history[i], i);
    b.finish(digest);
}

void read_qwen_code(ByteSource& source, ReadContext& ctx) {
    QwenBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
