// pi's session files (`~/.pi/agent/sessions/--<path>--/<time>_<uuid>.jsonl`, badlogic/pi-mono's
// coding agent and its forks such as oh-my-pi; packages/coding-agent/docs/session.md): a {"type":
// "session", "version", "id", "timestamp", "cwd"} header, then entries that form a tree by
// id/parentId. A `message` entry holds a user, assistant (text, thinking, toolCall blocks),
// toolResult, bashExecution (the user's `!` command), custom, branchSummary or compactionSummary
// message; `compaction`, `branch_summary` and `custom_message` entries are the harness's text; the
// rest (model_change, thinking_level_change, custom, label, session_info) hold no conversation.
// Each leaf of the tree is a branch (session 28: such files were read as DeepSeek Harness logs,
// with no message at all).
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "ingest/parent_tree.h"
#include "ingest/readers.h"

namespace bm {

namespace {

// Where the user's words start past OpenClaw's envelope: leading "<Name> (untrusted metadata):"
// lines each followed by a fenced block, then a "[Ddd YYYY-MM-DD HH:MM …] " stamp; 0 when the
// text opens with neither.
size_t openclaw_envelope_end(std::string_view text) {
    size_t at = 0;
    for (;;) {
        const size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) break;
        const std::string_view head = text.substr(at, nl - at);
        static constexpr std::string_view kMeta = "(untrusted metadata):";
        if (head.size() <= kMeta.size() || head.substr(head.size() - kMeta.size()) != kMeta ||
            text.compare(nl + 1, 3, "```") != 0)
            break;
        const size_t close = text.find("\n```", nl + 4);
        if (close == std::string_view::npos) break;
        at = close + 4;
        while (at < text.size() && (text[at] == '\n' || text[at] == '\r' || text[at] == ' ')) ++at;
    }
    // "[Thu 2026-04-02 16:43 GMT+8] ": a weekday, a date, a time.
    auto digits = [&](size_t from, size_t n) {
        for (size_t i = from; i < from + n; ++i)
            if (text[i] < '0' || text[i] > '9') return false;
        return true;
    };
    if (text.size() > at + 21 && text[at] == '[' && text[at + 4] == ' ' && digits(at + 5, 4) &&
        text[at + 9] == '-' && digits(at + 10, 2) && text[at + 12] == '-' && digits(at + 13, 2) &&
        text[at + 15] == ' ' && digits(at + 16, 2) && text[at + 18] == ':' && digits(at + 19, 2)) {
        const size_t close = text.find("] ", at);
        if (close != std::string_view::npos && close - at <= 40) at = close + 2;
    }
    return at;
}

// Where OpenClaw's trailer starts: a last line "[message_id: <id>]" after the user's words (with
// the line break before it); the text's size when it ends with none.
size_t openclaw_trailer_begin(std::string_view text) {
    static constexpr std::string_view kOpen = "\n[message_id: ";
    const size_t at = text.rfind(kOpen);
    if (at == std::string_view::npos) return text.size();
    const size_t close = text.find(']', at);
    if (close == std::string_view::npos ||
        text.find_first_not_of(" \t\r\n", close + 1) != std::string_view::npos)
        return text.size();
    return at;
}

class PiBuilder {
public:
    explicit PiBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kOpenAiChat;  // pi's tools (bash, read, write, edit),
                                                        // read as any role-message agent's
        m_session.file = ctx.result().file;
    }

    void line(const json& v, RecordPos pos, std::string_view raw) {
        const std::string type = m_ctx.str(v, "type", pos, "type").value_or("");
        // oh-my-pi opens the file with the session's title, padded so it can be rewritten in place
        // (session 31: such files were refused as an unknown JSON Lines log).
        if (type == "title" && !m_header_read) {
            ++m_non_message;
            return;
        }
        if (!m_header_read) {
            m_header_read = true;
            if (type == "session") return header(v, pos);
            m_ctx.warning(pos, "type",
                          "the first line is no session header (type \"session\"); the session is "
                          "named by its content");
        }
        const std::string id = m_ctx.str(v, "id", pos, "id").value_or("");
        std::string parent = v.contains("parentId") && v["parentId"].is_string()
                                 ? v["parentId"].get<std::string>()
                                 : "";
        // An entry that holds no message passes its place in the tree on to its children.
        auto pass_through = [&] {
            if (!id.empty()) m_tree.pass_through(id, parent);
            ++m_non_message;
        };
        Message m;
        m.id = m_tree.unique_id(id, pos, m_ctx, "id");
        m.parent_id = parent;
        m.line = pos.line;
        m.time = m_ctx.str(v, "timestamp", pos, "timestamp").value_or("");
        if (type == "message") {
            const json* msg = m_ctx.object(v, "message", pos, "message");
            if (!msg || !message(*msg, pos, m)) return pass_through();
        } else if (type == "compaction" || type == "branch_summary") {
            // The harness's summary of what it dropped from the context, or of a branch left
            // behind.
            m.role = Role::kUser;
            m.source.kind = SourceKind::kPlugin;
            m.source.name = type == "compaction" ? "compact" : "branch-summary";
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText,
                                          m_ctx.str(v, "summary", pos, "summary").value_or("")));
            if (type == "compaction") checkpoint(m);
        } else if (type == "custom_message") {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kPlugin;  // an extension's injected text, never the user's
            m.source.name = m_ctx.str(v, "customType", pos, "customType").value_or("extension");
            content(v, "content", pos, m);
        } else {
            static const std::set<std::string> kNoConversation = {
                "model_change", "thinking_level_change", "custom", "label", "session_info"};
            if (!kNoConversation.count(type))
                m_ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            if (type == "model_change")  // pi's `modelId`; oh-my-pi's `model` ("provider/model")
                m_model = v.contains("modelId")
                              ? m_ctx.str(v, "modelId", pos, "modelId").value_or(m_model)
                              : m_ctx.str(v, "model", pos, "model").value_or(m_model);
            return pass_through();
        }
        m.seq = static_cast<int64_t>(m_session.messages.size());
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        m_session.messages.push_back(std::move(m));
        if (m_follower) {  // a `!` command's output, or a user message's envelope, right after it
            m_follower->seq = static_cast<int64_t>(m_session.messages.size());
            m_session.messages.push_back(std::move(*m_follower));
            m_follower.reset();
        }
    }

    void finish(const std::string& digest) {
        if (m_session.id_form.empty())
            m_session.id_form = "pi-" + digest.substr(0, 12);  // branch ids need it
        m_tree.build_branches(m_session, m_ctx, "parentId");
        add_session(std::move(m_session), m_ctx, "", m_non_message);
    }

private:
    void header(const json& v, RecordPos pos) {
        m_session.id_form = m_ctx.str(v, "id", pos, "id").value_or("");
        m_session.format_version =
            static_cast<int>(m_ctx.integer(v, "version", pos, "version").value_or(1));
        m_session.created_at = m_ctx.str(v, "timestamp", pos, "timestamp").value_or("");
        m_session.parent_session = m_ctx.str(v, "parentSession", pos, "parentSession").value_or("");
        if (auto cwd = m_ctx.str(v, "cwd", pos, "cwd"); cwd && !cwd->empty()) {
            m_session.cwd = m_ctx.redact_text(*cwd);
            m_session.environment.push_back(
                member_fact(m_ctx, "cwd", *cwd, "cwd", pos.line, "cwd", json(*cwd)));
        }
    }

    // Fills `m` from a message entry's AgentMessage; false when it holds none (a role this reader
    // does not know).
    bool message(const json& msg, RecordPos pos, Message& m) {
        const std::string role = m_ctx.str(msg, "role", pos, "message.role").value_or("");
        if (role == "user") {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
            content(msg, "content", pos, m);
            set_apart_envelope(m);
        } else if (role == "assistant") {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            m.source.provider = m_ctx.str(msg, "provider", pos, "message.provider").value_or("");
            m.source.model = m_ctx.str(msg, "model", pos, "message.model").value_or(m_model);
            content(msg, "content", pos, m);
            // A failed request ends the turn with the provider's error and no reply: the harness's
            // notice.
            if (m_ctx.str(msg, "stopReason", pos, "message.stopReason").value_or("") == "error" &&
                m.visible_text().empty()) {
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "api-error";
                m.blocks.push_back(text_block(
                    m_ctx, BlockKind::kText,
                    m_ctx.str(msg, "errorMessage", pos, "message.errorMessage").value_or("")));
            }
        } else if (role == "toolResult") {
            ContentBlock r;
            r.kind = BlockKind::kToolResult;
            r.tool_id = m_ctx.str(msg, "toolCallId", pos, "message.toolCallId").value_or("");
            r.is_error = msg.contains("isError") && msg["isError"].is_boolean() &&
                         msg["isError"].get<bool>();
            Message text_only;
            content(msg, "content", pos, text_only);
            r.text = text_only.visible_text();
            tool_details(msg, r);
            m.role = Role::kTool;
            m.source.kind = SourceKind::kTool;
            m.source.call_id = r.tool_id;
            m.blocks.push_back(std::move(r));
        } else if (role == "bashExecution") {
            user_shell(msg, pos, m);
        } else if (role == "custom" || role == "hookMessage") {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kPlugin;
            m.source.name =
                m_ctx.str(msg, "customType", pos, "message.customType").value_or("extension");
            content(msg, "content", pos, m);
        } else if (role == "branchSummary" || role == "compactionSummary") {
            m.role = Role::kUser;
            m.source.kind = SourceKind::kPlugin;
            m.source.name = role == "compactionSummary" ? "compact" : "branch-summary";
            m.blocks.push_back(
                text_block(m_ctx, BlockKind::kText,
                           m_ctx.str(msg, "summary", pos, "message.summary").value_or("")));
            if (role == "compactionSummary") checkpoint(m);
        } else {
            m_ctx.unknown_type(pos,
                               "message role " + (role.empty() ? std::string("(none)") : role));
            return false;
        }
        return true;
    }

    // `holder`'s `exitCode` (a `!` command's message, an `exec` result's details), when it has one,
    // opening `text` (open_with_exit_code); false when it has none.
    static bool exit_code_of(const json& holder, std::string& text, bool& failed) {
        const auto code = holder.find("exitCode");
        if (code == holder.end() || !code->is_number_integer()) return false;
        open_with_exit_code(code->get<int64_t>(), text, failed);
        return true;
    }

    // What a shell tool's result says beside its text (OpenClaw's `exec`: `details.exitCode`, and
    // `details.status` "approval-pending" for a command still waiting for the user's approval):
    // the exit code opens the answer, as the user's `!` commands' does; a command waiting for
    // approval did not run, so its answer is no success.
    static void tool_details(const json& msg, ContentBlock& r) {
        const auto details = msg.find("details");
        if (details == msg.end() || !details->is_object()) return;
        if (exit_code_of(*details, r.text, r.is_error)) return;
        const auto status = details->find("status");
        if (status != details->end() && status->is_string() && *status == "approval-pending") {
            r.is_error = true;
            r.text = "[not run: waiting for approval]\n" + r.text;
        }
    }

    // OpenClaw (a pi-based gateway) wraps what the user typed: "Sender (untrusted metadata):" JSON
    // blocks and a "[Thu 2026-04-02 16:43 GMT+8] " stamp before the words, a "[message_id: …]" line
    // after them, and its timed heartbeat and /new prompts are user messages too. The envelope
    // becomes the harness's message right after the user's (`<id>/envelope`), the heartbeat the
    // harness's altogether (session 29: fresh dev logs).
    void set_apart_envelope(Message& m) {
        if (m.blocks.empty() || m.blocks[0].kind != BlockKind::kText) return;
        std::string& text = m.blocks[0].text;
        if (text.rfind("Read HEARTBEAT.md if it exists", 0) == 0) {
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "heartbeat";
            return;
        }
        if (text.rfind("A new session was started via /new or /reset.", 0) == 0) {
            m.source.kind =
                SourceKind::kPlugin;  // the gateway's prompt on /new, not the user's words
            m.source.name = "session-start";
            return;
        }
        const size_t end = openclaw_envelope_end(text);
        const size_t trailer = std::max(end, openclaw_trailer_begin(text));
        if (end == 0 && trailer == text.size()) return;
        if (text.find_first_not_of(" \t\r\n", end) >= trailer) {  // nothing but the envelope
            if (m.blocks.size() == 1) {
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "envelope";
                return;
            }
            Message env = follower(m, "envelope", Role::kUser, SourceKind::kPlugin, "envelope");
            env.blocks.push_back(
                std::move(m.blocks[0]));  // the user's message keeps its other blocks
            m.blocks.erase(m.blocks.begin());
            follow(m, std::move(env));
            return;
        }
        Message env = follower(m, "envelope", Role::kUser, SourceKind::kPlugin, "envelope");
        ContentBlock b;
        b.kind = BlockKind::kText;
        b.text = text.substr(0, end) + text.substr(trailer);
        env.blocks.push_back(std::move(b));
        text = text.substr(end, trailer - end);
        follow(m, std::move(env));
    }

    // A message read with `m` that goes right after it (id `<m.id>/<suffix>`).
    static Message follower(const Message& m, const std::string& suffix, Role role, SourceKind kind,
                            const std::string& name) {
        Message f;
        f.id = m.id + "/" + suffix;
        f.parent_id = m.id;
        f.line = m.line;
        f.time = m.time;
        f.role = role;
        f.source.kind = kind;
        f.source.name = name;
        return f;
    }

    // `f` goes right after `m` and stands in for it among `m`'s children.
    void follow(const Message& m, Message f) {
        m_tree.stand_in(m.id, f.id);
        m_tree.reserve_id(f.id);  // a later entry of that id is renamed, as any repeated id is
        m_follower = std::move(f);
    }

    // The user's own `!command` and its output, as Claude Code's `!` commands are read: a call and
    // its answer.
    void user_shell(const json& msg, RecordPos pos, Message& m) {
        const std::string command = m_ctx.str(msg, "command", pos, "message.command").value_or("");
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_id = "user-shell-" + m.id;
        c.tool_name = "bash";
        c.arguments = m_ctx.redact_text(json{{"command", command}}.dump());
        m.role = Role::kUser;
        m.source.kind = SourceKind::kUser;
        m.source.name = "user-shell";
        m.blocks.push_back(c);
        Message out = follower(m, "output", Role::kTool, SourceKind::kTool, "user-shell");
        out.source.call_id = c.tool_id;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = c.tool_id;
        std::string text = m_ctx.str(msg, "output", pos, "message.output").value_or("");
        exit_code_of(msg, text, r.is_error);
        r.text = m_ctx.redact_text(text);
        out.blocks.push_back(std::move(r));
        follow(m, std::move(out));  // the output stands in for its command among its children
    }

    // A content member: a string, or blocks (text, image, thinking, toolCall).
    void content(const json& holder, const char* member, RecordPos pos, Message& m) {
        const auto c = holder.find(member);
        if (c == holder.end() || c->is_null()) return;
        if (c->is_string()) {
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, c->get<std::string>()));
            return;
        }
        if (!c->is_array()) {
            m_ctx.error(pos, member, "expected a string or an array of blocks; content left out");
            m_ctx.result().partial = true;
            return;
        }
        for (size_t k = 0; k < c->size(); ++k) {
            const json& b = (*c)[k];
            const std::string path = std::string(member) + "[" + std::to_string(k) + "]";
            if (!b.is_object()) {
                m_ctx.error(pos, path, "expected a content block object; skipped");
                continue;
            }
            const std::string type = m_ctx.str(b, "type", pos, path + ".type").value_or("");
            if (type == "text") {
                if (auto text = m_ctx.str(b, "text", pos, path + ".text"); text && !text->empty())
                    m.blocks.push_back(text_block(m_ctx, BlockKind::kText, *text));
            } else if (type == "thinking") {
                if (auto text = m_ctx.str(b, "thinking", pos, path + ".thinking");
                    text && !text->empty())
                    m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, *text));
            } else if (type == "image") {
                m.blocks.push_back(ContentBlock{BlockKind::kImage, "[image]", {}, {}, {}, false});
            } else if (type == "toolCall") {
                ContentBlock call;
                call.kind = BlockKind::kToolCall;
                call.tool_id = m_ctx.str(b, "id", pos, path + ".id").value_or("");
                call.tool_name = m_ctx.str(b, "name", pos, path + ".name").value_or("");
                if (const auto a = b.find("arguments"); a != b.end())
                    call.arguments =
                        m_ctx.redact_text(a->is_string() ? a->get<std::string>() : a->dump());
                m.blocks.push_back(std::move(call));
            } else {
                m_ctx.unknown_type(
                    pos, "content block " + (type.empty() ? std::string("(none)") : type));
            }
        }
    }

    void checkpoint(const Message& m) {
        CheckpointRecord cp;
        cp.kind = "compact-summary";
        cp.id = m.id;
        cp.seq = static_cast<int64_t>(m_session.messages.size());
        cp.summary = m.visible_text();
        m_session.checkpoints.push_back(std::move(cp));
    }

    ReadContext& m_ctx;
    Session m_session;
    bool m_header_read = false;
    std::string m_model;  // the latest model_change's, for replies that name none
    ParentTree m_tree;    // the entries' tree: pass-throughs and stand-ins (a `!` command's output,
                          // an envelope)
    std::optional<Message> m_follower;  // that message, pushed right after the one being read
    int64_t m_non_message = 0;
};

}  // namespace

namespace {

// An entry of the tree after the header: {"type", "id", "parentId" (null at the root), "timestamp"}, a message
// entry with its AgentMessage's `role`. GitHub Copilot CLI's events have the same four members but dotted types
// ("user.message"), none of pi's; pi's `custom` entries hold their payload in `data` too.
bool is_pi_entry(const json& v, const std::string& type) {
    static const std::set<std::string> kEntries = {"model_change", "thinking_level_change", "compaction",
                                                   "branch_summary", "custom_message", "custom",
                                                   "label", "session_info"};
    const auto id = v.find("id");
    const auto parent = v.find("parentId");
    const auto ts = v.find("timestamp");
    if (id == v.end() || !id->is_string() || parent == v.end() || !(parent->is_string() || parent->is_null()) ||
        ts == v.end() || !ts->is_string())
        return false;
    if (type != "message") return kEntries.count(type) > 0;
    const auto msg = v.find("message");
    return msg != v.end() && msg->is_object() && msg->contains("role") && (*msg)["role"].is_string();
}

}  // namespace

bool is_pi_first_line(const json& v) {
    if (!v.is_object()) return false;
    const auto type = v.find("type");
    if (type == v.end() || !type->is_string()) return false;
    const std::string& t = type->get_ref<const std::string&>();
    // oh-my-pi writes its title line first: {"type": "title", "v": 1, "title", "source",
    // "updatedAt", "pad"}.
    if (t == "title") return v.value("title", json()).is_string() && v.contains("v") && v.contains("updatedAt");
    // DeepSeek Harness's header has the same type and members but `createdAt` for its time, never
    // `timestamp`.
    if (t == "session") {
        const auto ts = v.find("timestamp");
        return ts != v.end() && ts->is_string() && !v.contains("createdAt");
    }
    // A window cut from a longer file opens at an entry, its header lost (session 40: refused before).
    return is_pi_entry(v, t);
}

void read_pi(ByteSource& source, ReadContext& ctx) {
    PiBuilder b(ctx);
    read_object_lines(source, ctx, b);
}

}  // namespace bm
