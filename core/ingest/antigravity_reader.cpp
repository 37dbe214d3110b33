// Google Antigravity's agent step log (`transcript.jsonl`, committed by users from the IDE; session 35: public
// repositories held several, all refused as "unrecognised JSON Lines log"). One step a line:
// {step_index, source: USER_EXPLICIT|MODEL|SYSTEM, type, status, created_at, content, thinking, tool_calls}.
// USER_INPUT holds the user's words inside <USER_REQUEST>, with the harness's <ADDITIONAL_METADATA> and
// <USER_SETTINGS_CHANGE> blocks around it; PLANNER_RESPONSE holds the model's reply, its thinking and its calls
// ({name, args}, each argument's value JSON text inside a string); the MODEL steps after it, one per call in the order
// made, are the calls' results, typed per tool (LIST_DIRECTORY, VIEW_FILE, CODE_ACTION, RUN_COMMAND, GENERIC, …) and
// opening with the harness's "Created At:"/"Completed At:" lines. Results carry no call id: they pair by order.
#include "ingest/antigravity_reader.h"

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "ingest/readers.h"
#include "util/fast_json.h"
#include "util/trim.h"

namespace bm {

namespace {

constexpr size_t npos = std::string::npos;

// `s` without blanks at its ends, as a string (util/trim.h's trim gives a view).
std::string trimmed(std::string_view s) { return std::string(trim(s)); }

// `text` without the harness's blocks `<TAG>…</TAG>` of the given tags (an unclosed one runs to the end); one pass.
std::string without_blocks(std::string_view text, std::initializer_list<std::string_view> tags) {
    std::string out;
    size_t at = 0;
    while (at < text.size()) {
        size_t next = npos;
        std::string_view tag;
        for (std::string_view t : tags) {
            const size_t p = text.find("<" + std::string(t) + ">", at);
            if (p < next) next = p, tag = t;
        }
        if (next == npos) break;
        out.append(text.substr(at, next - at));
        const std::string close = "</" + std::string(tag) + ">";
        const size_t end = text.find(close, next);
        at = end == npos ? text.size() : end + close.size();
    }
    if (at < text.size()) out.append(text.substr(at));
    return out;
}

// The user's words: what the harness wrote before <USER_REQUEST> (an artifact's review: "Comments on artifact URI:
// …", "The user has approved this document."), the request itself and anything after it; the harness's metadata and
// settings blocks left out.
std::string user_words(std::string_view content) {
    const std::string text = without_blocks(content, {"ADDITIONAL_METADATA", "USER_SETTINGS_CHANGE"});
    const std::string_view open = "<USER_REQUEST>", close = "</USER_REQUEST>";
    const size_t a = text.find(open);
    if (a == npos) return trimmed(text);
    const size_t b = text.find(close, a);
    std::string out;
    for (std::string part : {trimmed(std::string_view(text).substr(0, a)),
                             trimmed(std::string_view(text).substr(
                                 a + open.size(), b == npos ? npos : b - a - open.size())),
                             b == npos ? std::string() : trimmed(std::string_view(text).substr(b + close.size()))})
        if (!part.empty()) out += (out.empty() ? "" : "\n\n") + part;
    return out;
}

// An ASCII-lowercased copy ("EPHEMERAL_MESSAGE" -> "ephemeral_message").
std::string lowered(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// A result's text without the harness's opening "Created At: …" and "Completed At: …" lines and the blank space
// after them ("\n\t\tEncountered error in step execution: …").
std::string result_text(std::string_view content) {
    for (const char* head : {"Created At: ", "Completed At: "})
        if (content.rfind(head, 0) == 0) {
            const size_t eol = content.find('\n');
            content.remove_prefix(eol == std::string_view::npos ? content.size() : eol + 1);
        }
    return std::string(trim_left(content));
}

// A call's arguments. Antigravity writes each value as JSON text inside a string ("\"C:\\\\src\"", "true", "6"); those
// are read as the values they encode. Some builds write plain values ("bun run lint", 5000): a call none of whose
// strings is an encoded string ("\"…\"") keeps every string as written, so that a plain "2024" or a file's JSON
// content stays text. A value Antigravity cut ("<truncated N bytes>" inside) or nested past the reader's depth limit
// is kept as written.
json decoded_arguments(const json& args) {
    if (!args.is_object()) return args;
    auto decoded = [](const std::string& text) {
        if (json_depth_exceeded_at(text) != std::string_view::npos) return json(json::value_t::discarded);
        return json::parse(text, nullptr, false);
    };
    bool encoded = false;
    for (const auto& [name, value] : args.items())
        if (value.is_string()) {
            const std::string& text = value.get<std::string>();
            if (text.size() >= 2 && text.front() == '"' && text.back() == '"' && decoded(text).is_string()) {
                encoded = true;
                break;
            }
        }
    if (!encoded) return args;
    json out = json::object();
    for (const auto& [name, value] : args.items()) {
        json parsed = value.is_string() ? decoded(value.get<std::string>()) : json(json::value_t::discarded);
        out[name] = parsed.is_discarded() ? value : std::move(parsed);
    }
    return out;
}

// A command's outcome as Antigravity words it ("The command exited with code 0.", "The command failed with exit code:
// 1", each line tab-indented inside a background task's message), then "Output:" and what the command printed: the
// code, and `text` left as the printed output; nullopt, `text` unchanged, when the text does not open so. "The
// command completed successfully." states no code and is kept as written.
std::optional<int64_t> take_command_outcome(std::string& text) {
    const size_t at = text.find_first_not_of(" \t\r\n");
    if (at == npos) return std::nullopt;
    const size_t newline = text.rfind('\n', at);
    const size_t indent = at - (newline == npos ? 0 : newline + 1);  // a task message indents its outcome ("\t\t\t\t")
    const size_t eol = text.find('\n', at);
    const std::string first = trimmed(std::string_view(text).substr(at, eol == npos ? npos : eol - at));
    std::string digits;
    for (const char* lead : {"The command exited with code ", "The command failed with exit code: "})
        if (first.rfind(lead, 0) == 0) digits = first.substr(std::string_view(lead).size());
    if (!digits.empty() && digits.back() == '.') digits.pop_back();
    const size_t sign = !digits.empty() && digits[0] == '-' ? 1 : 0;
    // Up to 18 digits: a Windows crash's code (-1073741819, 3221225477) is read too.
    if (digits.size() <= sign || digits.size() > 18 ||
        digits.find_first_not_of("0123456789", sign) != std::string::npos)
        return std::nullopt;
    const int64_t code = std::stoll(digits);
    std::string output = eol == npos ? std::string() : text.substr(eol + 1);
    const size_t o = output.find_first_not_of(" \t\r\n");
    if (o != npos && output.compare(o, 8, "Output:\n") == 0) output.erase(0, o + 8);
    else if (o != npos && output.compare(o, 9, "Output:\r\n") == 0) output.erase(0, o + 9);
    // The first output line carries the outcome's indent; what the command printed keeps its own.
    const size_t own = output.find_first_not_of('\t');
    output.erase(0, std::min(indent, own == npos ? output.size() : own));
    text = std::move(output);
    return code;
}

// The task a background command runs as: "Tool is running as a background task with task id: <id>\n…".
std::string background_task(std::string_view text) {
    static constexpr std::string_view kLead = "Tool is running as a background task with task id: ";
    const size_t at = text.find(kLead);
    if (at == std::string_view::npos) return {};
    text.remove_prefix(at + kLead.size());
    return trimmed(text.substr(0, text.find('\n')));
}

// A background task's end as the harness reports it: `Task id "<id>" finished with result:\n\n<outcome>\n\n\nLog: …`
// (inside a <SYSTEM_MESSAGE>): the task id and the outcome; an empty id for any other text.
std::pair<std::string, std::string> finished_task(std::string_view text) {
    static constexpr std::string_view kLead = "Task id \"", kEnd = "\" finished with result:";
    const size_t at = text.find(kLead);
    if (at == std::string_view::npos) return {};
    const size_t close = text.find(kEnd, at + kLead.size());
    if (close == std::string_view::npos) return {};
    std::string id(text.substr(at + kLead.size(), close - at - kLead.size()));
    std::string_view outcome = text.substr(close + kEnd.size());
    for (std::string_view tail : {std::string_view("\n\n\nLog: "), std::string_view("</SYSTEM_MESSAGE>")})
        if (const size_t t = outcome.rfind(tail); t != std::string_view::npos) outcome = outcome.substr(0, t);
    return {std::move(id), trimmed(outcome)};
}

class AntigravityBuilder {
public:
    explicit AntigravityBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kOpenAiChat;  // the agent's tools, read as any role-message agent's
        m_session.file = ctx.result().file;
    }

    void line(const json& v, RecordPos pos, std::string_view raw) {
        const std::string source = m_ctx.str(v, "source", pos, "source").value_or("");
        const std::string type = m_ctx.str(v, "type", pos, "type").value_or("");
        const std::string content = m_ctx.str(v, "content", pos, "content").value_or("");
        if (source == "USER_EXPLICIT" && type == "RUN_COMMAND") return user_command(v, pos, raw, content);
        if (source == "USER_EXPLICIT" || type == "USER_INPUT") {
            m_pending.clear();  // calls the user interrupted stay unanswered
            const std::string words = user_words(content);
            if (words.empty()) return skip();
            Message m = message(v, pos, raw, Role::kUser, SourceKind::kUser);
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, words));
            return push(std::move(m));
        }
        if (source == "MODEL" && type == "PLANNER_RESPONSE") return planner(v, pos, raw, content);
        // A call the harness could not parse is answered by its ERROR_MESSAGE ("Error invalid tool call: …"), which
        // comes from SYSTEM; any other error of the harness (a quota, the model's) is its own notice.
        const bool unparsed = type == "ERROR_MESSAGE" && result_text(content).rfind("Error invalid tool call", 0) == 0;
        if ((source == "MODEL" || unparsed) && !m_pending.empty()) return result(v, pos, raw, type, content);
        if (source == "MODEL" || source == "SYSTEM") {
            // The harness's own steps: the history and knowledge it loaded (no content), a reminder it injected, a
            // background task's end, an error. A result no call is waiting for is kept as such a notice.
            if (trim(content).empty()) return skip();
            if (auto [task, outcome] = finished_task(content); !task.empty()) {
                if (const auto call = m_background.find(task); call != m_background.end()) {
                    const std::string id = call->second;
                    m_background.erase(call);
                    return push(answer(v, pos, raw, id, std::move(outcome), false, true));
                }
            }
            Message m = message(v, pos, raw, Role::kSystem, SourceKind::kPlugin);
            m.source.name = "antigravity-" + (type.empty() ? std::string("step") : lowered(type));
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, result_text(content)));
            return push(std::move(m));
        }
        m_ctx.unknown_type(pos, "step source " + (source.empty() ? std::string("(none)") : source));
        skip();
    }

    void finish(const std::string& digest) {
        add_session(std::move(m_session), m_ctx, "antigravity-" + digest.substr(0, 12), m_non_message);
    }

private:
    void skip() { ++m_non_message; }

    Message message(const json& v, RecordPos pos, std::string_view raw, Role role, SourceKind kind) {
        Message m;
        m.line = pos.line;
        if (pos.line != m_last_line) {  // a step may give two messages (a user's command and its outcome)
            const auto index = m_ctx.integer(v, "step_index", pos, "step_index");
            m_last_id = index ? "step-" + std::to_string(*index) : "line-" + std::to_string(pos.line);
            // A log that went back to an earlier step numbers its next steps again: ids stay unique.
            if (!m_ids.insert(m_last_id).second) m_last_id += "@" + std::to_string(pos.line);
            m_last_line = pos.line;
        }
        m.id = m_last_id;
        m.role = role;
        m.source.kind = kind;
        m.time = m_ctx.str(v, "created_at", pos, "created_at").value_or("");
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        return m;
    }

    void push(Message m) { append_message(m_session, std::move(m)); }

    void planner(const json& v, RecordPos pos, std::string_view raw, const std::string& content) {
        m_pending.clear();  // a new plan step: calls of the last one that got no result stay unanswered
        Message m = message(v, pos, raw, Role::kAssistant, SourceKind::kModel);
        if (auto thinking = m_ctx.str(v, "thinking", pos, "thinking"); thinking && !trim(*thinking).empty())
            m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, *thinking));
        if (!trim(content).empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, content));
        if (const json* calls = m_ctx.array(v, "tool_calls", pos, "tool_calls"))
            for (size_t k = 0; k < calls->size(); ++k) {
                const json& call = (*calls)[k];
                const std::string at = "tool_calls[" + std::to_string(k) + "]";
                if (!call.is_object()) {
                    m_ctx.error(pos, at, "expected a tool call object; skipped");
                    continue;
                }
                ContentBlock c;
                c.kind = BlockKind::kToolCall;
                c.tool_id = m.id + "#" + std::to_string(k);
                c.tool_name = m_ctx.str(call, "name", pos, at + ".name").value_or("");
                if (const auto args = call.find("args"); args != call.end())
                    c.arguments = m_ctx.redact_text(decoded_arguments(*args).dump());
                m_pending.emplace_back(c.tool_id, c.tool_name);
                m.blocks.push_back(std::move(c));
            }
        if (m.blocks.empty()) return skip();
        push(std::move(m));
    }

    // The result step of the oldest call still waiting. A command sent to the background answers later, when the
    // harness reports its task finished; a command the user refused answers with the harness's notice ("Encountered
    // error in step execution: … user denied permission …", with the instruction the user gave instead).
    void result(const json& v, RecordPos pos, std::string_view raw, const std::string& type,
                const std::string& content) {
        const auto [id, tool] = m_pending.front();
        m_pending.pop_front();
        const std::string status = m_ctx.str(v, "status", pos, "status").value_or("");
        std::string text = result_text(content);
        if (status == "RUNNING") {
            if (std::string task = background_task(text); !task.empty()) {
                m_background[std::move(task)] = id;
                return skip();
            }
        }
        const bool failed = type == "ERROR_MESSAGE" || status == "ERROR" || status == "FAILED";
        push(answer(v, pos, raw, id, std::move(text), failed, tool == "run_command"));
    }

    // A tool message answering call `id` with `text`; a command's outcome is read into "[exit code: N]".
    Message answer(const json& v, RecordPos pos, std::string_view raw, const std::string& id, std::string text,
                   bool failed, bool command) {
        Message m = message(v, pos, raw, Role::kTool, SourceKind::kTool);
        m.id += "/" + id;
        m.source.call_id = id;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = id;
        r.is_error = failed;
        // The outcome as the text words it; the Antigravity CLI also keeps the code apart (`exit_code`).
        if (command) {
            std::optional<int64_t> code = take_command_outcome(text);
            if (const auto kept = m_ctx.integer(v, "exit_code", pos, "exit_code"); kept && !code) code = kept;
            if (code) open_with_exit_code(*code, text, r.is_error);
        }
        r.text = m_ctx.redact_text(text);
        m.blocks.push_back(std::move(r));
        return m;
    }

    // A command the user ran themselves, as the harness narrates it: "The USER performed the following action:\n
    // Command: <command>\nCWD: <dir>\n\n<outcome>". Read as the user's own call with its answer (as a Claude Code
    // user's "!" command).
    void user_command(const json& v, RecordPos pos, std::string_view raw, const std::string& content) {
        static constexpr std::string_view kLead = "The USER performed the following action:\nCommand: ";
        const std::string text = result_text(content);
        const size_t eol = text.find('\n', kLead.size());
        const std::string command = text.rfind(kLead, 0) == 0
                                        ? trimmed(std::string_view(text).substr(
                                              kLead.size(), eol == npos ? npos : eol - kLead.size()))
                                        : std::string();
        if (command.empty()) {  // another narration of the user's: kept as the harness's notice
            if (text.empty()) return skip();
            Message m = message(v, pos, raw, Role::kSystem, SourceKind::kPlugin);
            m.source.name = "antigravity-user-run_command";
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
            return push(std::move(m));
        }
        json args{{"CommandLine", command}};
        size_t rest = eol == npos ? text.size() : eol + 1;
        if (text.compare(rest, 5, "CWD: ") == 0) {
            const size_t end = text.find('\n', rest);
            args["Cwd"] = trimmed(std::string_view(text).substr(rest + 5, end == npos ? npos : end - rest - 5));
            rest = end == npos ? text.size() : end + 1;
        }
        Message m = message(v, pos, raw, Role::kUser, SourceKind::kUser);
        m.source.name = "user-shell";
        ContentBlock call;
        call.kind = BlockKind::kToolCall;
        call.tool_id = m.id + "#user";
        call.tool_name = "run_command";
        call.arguments = m_ctx.redact_text(args.dump());
        const std::string id = call.tool_id;
        m.blocks.push_back(std::move(call));
        push(std::move(m));
        Message a = answer(v, pos, raw, id, text.substr(rest), false, true);
        a.source.name = "user-shell";
        push(std::move(a));
    }

    ReadContext& m_ctx;
    Session m_session;
    std::deque<std::pair<std::string, std::string>> m_pending;  // calls awaiting their result step: id, tool
    std::map<std::string, std::string> m_background;  // commands sent to the background: task id -> call id
    std::set<std::string> m_ids;                      // step ids given so far
    int64_t m_last_line = 0;                          // the line read last, and the id its step was given
    std::string m_last_id;
    int64_t m_non_message = 0;
};

}  // namespace

bool is_antigravity_step(const json& v) {
    if (!v.is_object() || v.contains("role") || v.contains("message")) return false;
    const auto index = v.find("step_index");
    const auto source = v.find("source");
    const auto type = v.find("type");
    return index != v.end() && index->is_number_integer() && source != v.end() && source->is_string() &&
           type != v.end() && type->is_string();
}

void read_antigravity(ByteSource& source, ReadContext& ctx) {
    AntigravityBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
