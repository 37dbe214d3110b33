// VS Code's chat export ("Chat: Export Chat...") and chat session files: one JSON document,
// {"requesterUsername", "responderUsername", "initialLocation", "requests": [{"requestId",
// "timestamp" (ms), "message": {"text", "parts"}, "variableData": {"variables": [attached files]},
// "response": [parts: markdown {"value"}, {"kind": "inlineReference"}, {"kind":
// "toolInvocationSerialized"}, {"kind": "thinking"}, …], "result": {"errorDetails"?, "metadata":
// {"toolCallRounds": [{"response", "thinking"?, "toolCalls": [{"name", "arguments", "id"}]}],
// "toolCallResults": {id: {"content": [{"value": text | {"node": prompt element}}]}}}},
// "isCanceled", "modelId"}]}; a session file adds "version", "sessionId" and "creationDate"
// (session 38: three real exports were "unrecognised JSON documents").
#include "ingest/vscode_chat_reader.h"

#include <optional>
#include <string_view>

#include "ingest/readers.h"
#include "ingest/terminal_escapes.h"
#include "ingest/vscode_chat_parts.h"

namespace bm {

namespace {

using vscode_chat::edits_a_file;
using vscode_chat::member_of;
using vscode_chat::model_tool_name;
using vscode_chat::named_file;
using vscode_chat::result_text;
using vscode_chat::take_exit_line;
using vscode_chat::uri_path;
using vscode_chat::view_message;

class VsCodeChatBuilder {
public:
    explicit VsCodeChatBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kOpenAiChat;  // Copilot's tools, read as any role-message agent's
        m_session.file = ctx.result().file;
    }

    void root(const json& doc, RecordPos pos) {
        m_session.id_form = m_ctx.str(doc, "sessionId", pos, "sessionId").value_or("");
        if (auto created = m_ctx.integer(doc, "creationDate", pos, "creationDate"))
            m_session.created_at = std::to_string(*created);
    }

    void request(const json& r, RecordPos pos, const std::string& path) {
        Message user;
        user.line = pos.line;
        user.role = Role::kUser;
        user.source.kind = SourceKind::kUser;
        user.id = m_ctx.str(r, "requestId", pos, path + ".requestId").value_or("request-" + std::to_string(pos.line));
        if (auto t = m_ctx.integer(r, "timestamp", pos, path + ".timestamp")) user.time = std::to_string(*t);
        std::string text = message_text(r, pos, path);
        for (const std::string& file : attached_files(r, pos, path))
            text += (text.empty() ? "" : "\n") + ("[file: " + file + "]");
        if (!text.empty()) user.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        const std::string id = user.id, time = user.time;
        append_message(m_session, std::move(user));

        m_model = m_ctx.str(r, "modelId", pos, path + ".modelId").value_or("");
        const json* result = m_ctx.object(r, "result", pos, path + ".result");
        const json* metadata = result ? m_ctx.object(*result, "metadata", pos, path + ".result.metadata") : nullptr;
        const json* rounds =
            metadata ? m_ctx.array(*metadata, "toolCallRounds", pos, path + ".result.metadata.toolCallRounds")
                     : nullptr;
        if (rounds && !rounds->empty()) {
            const json* answers =
                m_ctx.object(*metadata, "toolCallResults", pos, path + ".result.metadata.toolCallResults");
            for (size_t k = 0; k < rounds->size(); ++k)
                round((*rounds)[k], answers, pos, path + ".result.metadata.toolCallRounds[" + std::to_string(k) + "]",
                      id + "/round-" + std::to_string(k), time);
        }
        if (const json* parts = m_ctx.array(r, "response", pos, path + ".response")) {
            if (!rounds || rounds->empty()) response(*parts, pos, path + ".response", id, time);
            for (size_t k = 0; k < parts->size() && m_session.cwd.empty(); ++k)
                workspace((*parts)[k], pos, path + ".response[" + std::to_string(k) + "]");
        }
        if (const json* details = result ? m_ctx.object(*result, "errorDetails", pos, path + ".result.errorDetails")
                                         : nullptr)
            if (auto why = m_ctx.str(*details, "message", pos, path + ".result.errorDetails.message");
                why && !why->empty()) {
                Message m = reply(id + "/error", pos, time);
                m.role = Role::kSystem;
                m.source = {};
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "error";
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, *why));
                append_message(m_session, std::move(m));
            }
    }

    void finish(const std::string& digest) {
        add_session(std::move(m_session), m_ctx, "vscode-chat-" + digest.substr(0, 12), 0);
    }

private:
    // The user's words: `message.text`, else its parts' texts; a string in old exports.
    std::string message_text(const json& r, RecordPos pos, const std::string& path) {
        const auto msg = r.find("message");
        if (msg == r.end() || msg->is_null()) {
            m_ctx.error(pos, path + ".message", "a request without its message; the user's words are missing");
            return {};
        }
        if (msg->is_string()) return msg->get<std::string>();
        if (!msg->is_object()) {
            m_ctx.error(pos, path + ".message", "expected an object or a string; left out");
            return {};
        }
        if (auto text = m_ctx.str(*msg, "text", pos, path + ".message.text"); text && !text->empty()) return *text;
        std::string text;
        if (const json* parts = m_ctx.array(*msg, "parts", pos, path + ".message.parts"))
            for (const json& part : *parts)
                if (part.is_object())
                    if (const auto t = part.find("text"); t != part.end() && t->is_string())
                        text += t->get<std::string>();
        return text;
    }

    // Files the user attached (`variableData.variables[]` of kind "file"); those VS Code attaches
    // itself (the open editor: ids "vscode.implicit.…") are not the user's.
    std::vector<std::string> attached_files(const json& r, RecordPos pos, const std::string& path) {
        std::vector<std::string> files;
        const json* data = m_ctx.object(r, "variableData", pos, path + ".variableData");
        const json* vars = data ? m_ctx.array(*data, "variables", pos, path + ".variableData.variables") : nullptr;
        if (!vars) return files;
        for (const json& v : *vars) {
            if (!v.is_object() || string_member(v, "kind") != "file") continue;
            if (string_member(v, "id").rfind("vscode.implicit", 0) == 0) continue;
            const auto value = v.find("value");
            const std::string file = value == v.end() ? std::string() : uri_path(*value);
            if (!file.empty()) files.push_back(file);
        }
        return files;
    }

    // The workspace folder: the `baseUri` the view resolves a markdown part's relative links
    // against (the first one read).
    void workspace(const json& part, RecordPos pos, const std::string& path) {
        if (!part.is_object() || !m_session.cwd.empty()) return;
        const auto base = part.find("baseUri");
        if (base == part.end() || !base->is_object()) return;
        const char* member = base->contains("fsPath") ? "fsPath" : "path";  // as uri_path() reads file paths
        std::string dir = uri_path(*base);
        while (dir.size() > 1 && (dir.back() == '/' || dir.back() == '\\')) dir.pop_back();
        if (dir.empty()) return;
        m_session.cwd = m_ctx.redact_text(dir);
        m_session.environment.push_back(member_fact(m_ctx, "cwd", dir, path + ".baseUri." + member, pos.line, member,
                                                    (*base)[member]));
    }

    Message reply(const std::string& id, RecordPos pos, const std::string& time) const {
        Message m;
        m.line = pos.line;
        m.id = id;
        m.time = time;
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        m.source.model = m_model;
        return m;
    }

    // One model round: its thinking, its text, its tool calls, then each call's answer.
    void round(const json& rd, const json* answers, RecordPos pos, const std::string& path, const std::string& id,
               const std::string& time) {
        if (!rd.is_object()) {
            m_ctx.error(pos, path, "expected a round object; skipped");
            m_ctx.result().partial = true;
            return;
        }
        Message m = reply(id, pos, time);
        if (const auto th = rd.find("thinking"); th != rd.end() && th->is_object()) {
            std::string thought;
            if (const auto t = th->find("text"); t != th->end() && t->is_string()) thought = t->get<std::string>();
            else if (t != th->end() && t->is_array())
                for (const json& piece : *t)
                    if (piece.is_string()) thought += piece.get<std::string>();
            if (!thought.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, thought));
        }
        if (auto text = m_ctx.str(rd, "response", pos, path + ".response"); text && !text->empty())
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, *text));
        std::vector<std::pair<std::string, std::string>> calls;  // (id, tool)
        if (const json* list = m_ctx.array(rd, "toolCalls", pos, path + ".toolCalls"))
            for (size_t k = 0; k < list->size(); ++k) {
                const json& c = (*list)[k];
                const std::string at = path + ".toolCalls[" + std::to_string(k) + "]";
                if (!c.is_object()) {
                    m_ctx.error(pos, at, "expected a tool call object; skipped");
                    m_ctx.result().partial = true;
                    continue;
                }
                ContentBlock b;
                b.kind = BlockKind::kToolCall;
                b.tool_id = m_ctx.str(c, "id", pos, at + ".id").value_or("");
                b.tool_name = m_ctx.str(c, "name", pos, at + ".name").value_or("");
                if (const auto a = c.find("arguments"); a != c.end() && !a->is_null())
                    b.arguments = m_ctx.redact_text(a->is_string() ? a->get<std::string>() : a->dump());
                calls.emplace_back(b.tool_id, b.tool_name);
                m.blocks.push_back(std::move(b));
            }
        const Message step = reply(id, pos, time);  // the round's id, line and time, which its answers name
        if (!m.blocks.empty()) append_message(m_session, std::move(m));
        for (size_t k = 0; k < calls.size(); ++k) {
            const auto& [call_id, tool] = calls[k];
            if (!answers || call_id.empty()) continue;
            const auto found = answers->find(call_id);
            if (found == answers->end() || !found->is_object()) continue;
            answer(step, call_id, tool, result_text(*found), k);
        }
    }

    void answer(const Message& step, const std::string& call_id, const std::string& tool, std::string text,
                size_t index) {
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = call_id;
        if (tool == "run_in_terminal")
            if (auto code = take_exit_line(text)) open_with_exit_code(*code, text, r.is_error);
        r.text = m_ctx.redact_text(text);
        append_message(m_session, tool_answer(step, call_id, index, std::move(r)));
    }

    // A response written before tool rounds were kept: its markdown and inline references as one
    // text, thinking as reasoning, each tool invocation as a call (and its answer, when kept).
    void response(const json& parts, RecordPos pos, const std::string& path, const std::string& id,
                  const std::string& time) {
        Message m = reply(id + "/response", pos, time);
        std::string text;
        std::vector<Message> answers;
        const auto flush_text = [&] {
            if (text.find_first_not_of(" \t\r\n") != std::string::npos)
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
            text.clear();
        };
        for (size_t k = 0; k < parts.size(); ++k) {
            const json& p = parts[k];
            if (!p.is_object()) continue;
            workspace(p, pos, path + "[" + std::to_string(k) + "]");
            const std::string kind = string_member(p, "kind");
            if (kind.empty() || kind == "markdownContent") {
                const auto content = p.find("content");
                text += string_member(kind.empty() || content == p.end() ? p : *content, "value");
            } else if (kind == "inlineReference") {
                const auto ref = p.find("inlineReference");
                std::string name = string_member(p, "name");
                if (name.empty() && ref != p.end()) name = uri_path(*ref);
                text += name;
            } else if (kind == "thinking") {
                flush_text();
                if (auto v = string_member(p, "value"); !v.empty())
                    m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, v));
            } else if (kind == "toolInvocationSerialized") {
                flush_text();
                invocation(p, pos, path + "[" + std::to_string(k) + "]", m, answers);
            } else if (kind == "textEditGroup") {
                applied_edit(p, m);
            }
        }
        flush_text();
        if (m.blocks.empty()) return;
        append_message(m_session, std::move(m));
        for (Message& a : answers) append_message(m_session, std::move(a));
    }

    // A tool invocation as the chat view kept it: the terminal's command line, the tool's input, or
    // the one file its messages name; answered by its output when kept (`resultDetails`), else by
    // what the view says it did ("Read /w/a.md").
    void invocation(const json& p, RecordPos pos, const std::string& path, Message& m, std::vector<Message>& answers) {
        ContentBlock b;
        b.kind = BlockKind::kToolCall;
        b.tool_id = m_ctx.str(p, "toolCallId", pos, path + ".toolCallId").value_or("");
        b.tool_name = model_tool_name(m_ctx.str(p, "toolId", pos, path + ".toolId").value_or(""));
        const json* specific = m_ctx.object(p, "toolSpecificData", pos, path + ".toolSpecificData");
        const auto found = p.find("resultDetails");  // {"input", "output"}, or the URIs the tool read
        const json* details = found != p.end() && found->is_object() ? &*found : nullptr;
        if (specific && string_member(*specific, "kind") == "terminal") {
            std::string command = string_member(*specific, "command");
            if (const auto line = specific->find("commandLine"); line != specific->end() && line->is_object())
                command = string_member(*line, "userEdited").empty() ? string_member(*line, "original")
                                                                      : string_member(*line, "userEdited");
            if (!command.empty()) b.arguments = m_ctx.redact_text(json{{"command", command}}.dump());
        } else if (details && details->contains("input")) {
            b.arguments = m_ctx.redact_text(string_member(*details, "input"));
        } else if (const std::string file = named_file(p); !file.empty()) {
            b.arguments = m_ctx.redact_text(json{{"filePath", file}}.dump());
        }
        const std::string call_id = b.tool_id, tool = b.tool_name;
        m.blocks.push_back(std::move(b));
        std::string text;
        std::optional<int64_t> code;  // newer terminals keep it: toolSpecificData.terminalCommandState.exitCode
        const json* output = member_of(details, "output");
        const json* shown = member_of(specific, "terminalCommandOutput");
        if (output && output->is_array()) {
            for (const json& o : *output)
                if (o.is_object())
                    if (auto v = string_member(o, "value"); !v.empty()) text += (text.empty() ? "" : "\n") + v;
        } else if (shown && shown->is_object()) {
            text = without_escapes(string_member(*shown, "text"));
        } else if (const json* done = member_of(&p, "pastTenseMessage")) {
            text = view_message(*done);
        }
        if (specific)
            if (const json* state = m_ctx.object(*specific, "terminalCommandState", pos,
                                                 path + ".toolSpecificData.terminalCommandState"))
                code = m_ctx.integer(*state, "exitCode", pos, path + ".toolSpecificData.terminalCommandState.exitCode");
        if (text.empty() && !code) return;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = call_id;
        const auto line = tool == "run_in_terminal" ? take_exit_line(text) : std::nullopt;
        if (line || code) open_with_exit_code(code ? *code : *line, text, r.is_error);
        if (const json* failed = member_of(details, "isError"); failed && failed->is_boolean())
            r.is_error = r.is_error || failed->get<bool>();
        r.text = m_ctx.redact_text(text);
        answers.push_back(tool_answer(m, call_id, answers.size(), std::move(r)));
    }

    // An edit the view applied (`textEditGroup`) names the file the edit call before it, which
    // the view keeps without arguments, changed.
    void applied_edit(const json& p, Message& m) {
        const auto uri = p.find("uri");
        const std::string file = uri == p.end() ? std::string() : uri_path(*uri);
        for (auto b = m.blocks.rbegin(); b != m.blocks.rend(); ++b) {
            if (b->kind != BlockKind::kToolCall) continue;
            if (edits_a_file(b->tool_name) && b->arguments.empty() && !file.empty())
                b->arguments = m_ctx.redact_text(json{{"filePath", file}}.dump());
            return;
        }
    }

    ReadContext& m_ctx;
    Session m_session;
    std::string m_model;  // the request being read's model
};

}  // namespace

bool is_vscode_chat(const json& doc) {
    if (!doc.is_object()) return false;
    const auto requests = doc.find("requests");
    if (requests == doc.end() || !requests->is_array()) return false;
    const auto named = [&](const char* member) {
        const auto v = doc.find(member);
        return v != doc.end() && v->is_string();
    };
    return named("requesterUsername") || named("responderUsername") ||
           (doc.contains("version") && named("sessionId"));
}

void read_vscode_chat(const json& doc, ReadContext& ctx, const std::string& digest) {
    const RecordPos top{1, 0};
    const json* requests = doc.is_object() ? ctx.array(doc, "requests", top, "requests") : nullptr;
    if (!requests) {
        if (!doc.is_object() || !doc.contains("requests"))
            ctx.error(top, "requests", "a VS Code chat export is an object with a `requests` array");
        return;
    }
    VsCodeChatBuilder b(ctx);
    b.root(doc, top);
    for (size_t i = 0; i < requests->size(); ++i) {
        const RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const std::string path = "requests[" + std::to_string(i) + "]";
        if (!(*requests)[i].is_object()) {
            ctx.error(pos, path, "expected a request object; skipped");
            ctx.result().partial = true;
            continue;
        }
        b.request((*requests)[i], pos, path);
    }
    b.finish(digest);
}

}  // namespace bm
