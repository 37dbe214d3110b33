// Harbor's Agent Trajectory Interchange Format (ATIF, `trajectory.json` of Terminal-Bench / Harbor
// runs and of the agents Harbor converts: Claude Code, Codex, OpenHands, mini-swe-agent, Terminus):
// one JSON document,
// {"schema_version": "ATIF-v1.x", "session_id", "agent": {"name", "version", "model_name"},
// "steps": [{"step_id", "timestamp", "source": "system"|"user"|"agent", "message",
// "reasoning_content", "tool_calls": [{"tool_call_id", "function_name", "arguments"}],
// "observation": {"results": [{"source_call_id", "content"}]}}]} (session 28: such files were
// "unrecognised JSON documents").
#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include "ingest/readers.h"
#include "ingest/terminal_screen.h"

namespace bm {

namespace {

// The text of content parts ([{"type": "text", "text"}, {"type": "image", …}]), joined by line
// breaks.
std::string text_parts(const json& parts) {
    std::string text;
    for (const json& part : parts) {
        if (!part.is_object()) continue;
        const auto type = part.find("type");
        const auto t = part.find("text");
        if (type != part.end() && *type == "text" && t != part.end() && t->is_string())
            text += (text.empty() ? "" : "\n") + t->get<std::string>();
    }
    return text;
}

// The task inside Terminus's prompt ("You are an AI assistant tasked with solving command-line
// tasks … Task Description:\n<task>\n\nCurrent terminal state:\n…"): its [begin, end) in `text`;
// nullopt for any other text.
std::optional<std::pair<size_t, size_t>> terminus_task(const std::string& text) {
    static constexpr std::string_view kOpening = "You are an AI assistant tasked with",
                                      kTask = "\nTask Description:\n",
                                      kScreen = "\nCurrent terminal state:";
    if (text.rfind(kOpening, 0) != 0) return std::nullopt;
    const size_t at = text.find(kTask);
    if (at == std::string::npos) return std::nullopt;
    size_t begin = at + kTask.size(), end = std::min(text.find(kScreen, begin), text.size());
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
    return end > begin ? std::optional(std::pair{begin, end}) : std::nullopt;
}

class AtifBuilder {
public:
    explicit AtifBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format =
            SessionFormat::kOpenAiChat;  // the agent's tools, read as any role-message agent's
        m_session.file = ctx.result().file;
    }

    void root(const json& doc, RecordPos pos) {
        m_session.id_form = m_ctx.str(doc, "session_id", pos, "session_id").value_or("");
        if (const json* agent = m_ctx.object(doc, "agent", pos, "agent")) {
            m_model = m_ctx.str(*agent, "model_name", pos, "agent.model_name").value_or("");
            environment("agent", m_ctx.str(*agent, "name", pos, "agent.name").value_or(""),
                        "agent.name", pos, *agent, "name");
            environment("agent_version",
                        m_ctx.str(*agent, "version", pos, "agent.version").value_or(""),
                        "agent.version", pos, *agent, "version");
        }
    }

    void step(const json& s, RecordPos pos, const std::string& path) {
        const std::string source = m_ctx.str(s, "source", pos, path + ".source").value_or("");
        Message m;
        m.line = pos.line;
        m.id = "step-" + std::to_string(pos.line);
        if (const auto id = s.find("step_id"); id != s.end() && id->is_number_integer())
            m.id = "step-" + std::to_string(id->get<int64_t>());
        m.time = m_ctx.str(s, "timestamp", pos, path + ".timestamp").value_or("");
        if (source == "system") {
            m.role = Role::kSystem;
            m.source.kind = SourceKind::kUnknown;
        } else if (source == "user") {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
        } else if (source == "agent") {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            m.source.model =
                m_ctx.str(s, "model_name", pos, path + ".model_name").value_or(m_model);
        } else {
            m_ctx.error(pos, path + ".source", "unknown source '" + source + "'; step skipped",
                        "expected system, user or agent");
            m_ctx.result().partial = true;
            return;
        }
        if (m.role == Role::kAssistant)
            if (auto r = m_ctx.str(s, "reasoning_content", pos, path + ".reasoning_content");
                r && !r->empty())
                m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, *r));
        std::string text = message_text(s, pos, path);
        if (m.role == Role::kUser) {
            if (auto task = terminus_task(text)) {
                // Terminus's prompt: its instructions and the terminal screen are the harness's,
                // only the task the user's.
                Message harness = m;
                harness.id = m.id + "/template";
                harness.source.kind = SourceKind::kPlugin;
                harness.source.name = "template";
                harness.blocks.push_back(
                    text_block(m_ctx, BlockKind::kText,
                               text.substr(0, task->first) + text.substr(task->second)));
                append_message(m_session, std::move(harness));
                text = text.substr(task->first, task->second - task->first);
            }
        }
        if (!text.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        if (const json* calls = m.role == Role::kAssistant
                                    ? m_ctx.array(s, "tool_calls", pos, path + ".tool_calls")
                                    : nullptr)
            for (size_t k = 0; k < calls->size(); ++k)
                call((*calls)[k], pos, path + ".tool_calls[" + std::to_string(k) + "]", m);
        std::vector<Message> results;
        // A step of one call whose one result names no call (Terminus writes none): that result
        // answers it. A result for several calls at once (a terminal screen after a batch of
        // keystrokes) is the environment's, but for each typed command's own output, which
        // answers it (terminal_screen.h).
        std::string sole_call;
        size_t calls = 0;
        for (const ContentBlock& b : m.blocks)
            if (b.kind == BlockKind::kToolCall) ++calls, sole_call = b.tool_id;
        if (const json* obs = m_ctx.object(s, "observation", pos, path + ".observation"))
            if (const json* list =
                    m_ctx.array(*obs, "results", pos, path + ".observation.results")) {
                if (list->size() == 1 && screen_answers(s, (*list)[0], m, results)) {
                    // cut into the typed commands' outputs
                } else {
                    for (size_t k = 0; k < list->size(); ++k)
                        result((*list)[k], pos,
                               path + ".observation.results[" + std::to_string(k) + "]", m,
                               calls == 1 && list->size() == 1 ? sole_call : std::string(),
                               results);
                }
            }
        append_message(m_session, std::move(m));
        for (Message& r : results) append_message(m_session, std::move(r));
    }

    void finish(const std::string& digest) {
        add_session(std::move(m_session), m_ctx, "atif-" + digest.substr(0, 12), 0);
    }

private:
    // `message`: a string, or (ATIF 1.6+) content parts of which the text ones are read.
    std::string message_text(const json& s, RecordPos pos, const std::string& path) {
        const auto msg = s.find("message");
        if (msg == s.end() || msg->is_null()) return {};
        if (msg->is_string()) return msg->get<std::string>();
        if (!msg->is_array()) {
            m_ctx.error(pos, path + ".message", "expected a string or an array of parts; left out");
            return {};
        }
        return text_parts(*msg);
    }

    void call(const json& c, RecordPos pos, const std::string& path, Message& m) {
        if (!c.is_object()) {
            m_ctx.error(pos, path, "expected a tool call object; skipped");
            return;
        }
        ContentBlock b;
        b.kind = BlockKind::kToolCall;
        b.tool_id = m_ctx.str(c, "tool_call_id", pos, path + ".tool_call_id").value_or("");
        b.tool_name = m_ctx.str(c, "function_name", pos, path + ".function_name").value_or("");
        if (const auto a = c.find("arguments"); a != c.end() && !a->is_null())
            b.arguments = m_ctx.redact_text(a->is_string() ? a->get<std::string>() : a->dump());
        m.blocks.push_back(std::move(b));
    }

    // A step's typed commands (Terminus: `keystrokes` that submit one line) and the one screen that
    // answers them all (a result naming no call): each command found echoed on the screen is
    // answered by its own output, what is left is the environment's feedback. False when the
    // step holds no typed command or the screen echoes none of them (read as before).
    bool screen_answers(const json& s, const json& r, const Message& step,
                        std::vector<Message>& out) {
        const auto calls = s.find("tool_calls");
        if (calls == s.end() || !calls->is_array() || !r.is_object() ||
            r.contains("source_call_id"))
            return false;
        const auto c = r.find("content");
        if (c == r.end() || !c->is_string()) return false;
        std::vector<std::string> commands, ids;
        for (const json& call : *calls) {
            std::string line, id;
            if (call.is_object()) {
                if (auto i = call.find("tool_call_id"); i != call.end() && i->is_string())
                    id = i->get<std::string>();
                if (auto a = call.find("arguments"); a != call.end() && a->is_object())
                    if (auto k = a->find("keystrokes"); k != a->end() && k->is_string())
                        line = submitted_line(k->get<std::string>());
            }
            commands.push_back(id.empty() ? std::string() : line);
            ids.push_back(id);
        }
        const SplitScreen split = split_terminal_screen(c->get<std::string>(), commands);
        if (split.answers.empty()) return false;
        for (const ScreenAnswer& a : split.answers) answer(step, ids[a.command], a.output, out);
        if (split.rest.find_first_not_of(" \t\r\n") != std::string::npos)
            answer(step, "", split.rest, out);
        return true;
    }

    // `text` (redacted) as the answer of the call `call_id` made in `step`, or, with no call, as
    // the environment's own feedback (source `observation`).
    void answer(const Message& step, const std::string& call_id, const std::string& text,
                std::vector<Message>& out) {
        ContentBlock b;
        b.text = m_ctx.redact_text(text);
        Message t = tool_answer(step, call_id, out.size(), std::move(b));
        if (call_id.empty()) {
            t.id = step.id + "/result-" + std::to_string(out.size());
            t.source.kind = SourceKind::kPlugin;
            t.source.name = "observation";
        }
        out.push_back(std::move(t));
    }

    // An observation result: the answer of the call it names, or (no source_call_id) the
    // environment's own feedback.
    void result(const json& r, RecordPos pos, const std::string& path, const Message& step,
                const std::string& sole_call, std::vector<Message>& out) {
        if (!r.is_object()) {
            m_ctx.error(pos, path, "expected a result object; skipped");
            return;
        }
        const std::string call_id =
            m_ctx.str(r, "source_call_id", pos, path + ".source_call_id").value_or(sole_call);
        std::string content;
        if (const auto c = r.find("content"); c != r.end() && c->is_string())
            content = c->get<std::string>();
        else if (c != r.end() && c->is_array())
            content = text_parts(*c);
        answer(step, call_id, content, out);
    }

    void environment(const char* name, const std::string& value, const char* field, RecordPos pos,
                     const json& holder, const char* member) {
        if (value.empty()) return;
        m_session.environment.push_back(
            member_fact(m_ctx, name, value, field, pos.line, member, holder[member]));
    }

    ReadContext& m_ctx;
    Session m_session;
    std::string m_model;
};

}  // namespace

bool is_atif_trajectory(const json& doc) {
    if (!doc.is_object()) return false;
    const auto version = doc.find("schema_version");
    const auto steps = doc.find("steps");
    return version != doc.end() && version->is_string() &&
           version->get<std::string>().rfind("ATIF-", 0) == 0 && steps != doc.end() &&
           steps->is_array();
}

void read_atif(const json& doc, ReadContext& ctx, const std::string& digest) {
    const RecordPos top{1, 0};
    const json* steps = doc.is_object() ? ctx.array(doc, "steps", top, "steps") : nullptr;
    if (!steps) {
        ctx.error(top, "steps", "an ATIF trajectory is an object with a `steps` array");
        return;
    }
    AtifBuilder b(ctx);
    b.root(doc, top);
    for (size_t i = 0; i < steps->size(); ++i) {
        const RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const std::string path = "steps[" + std::to_string(i) + "]";
        if (!(*steps)[i].is_object()) {
            ctx.error(pos, path, "expected a step object; skipped");
            ctx.result().partial = true;
            continue;
        }
        b.step((*steps)[i], pos, path);
    }
    b.finish(digest);
}

}  // namespace bm
