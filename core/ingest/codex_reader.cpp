// OpenAI Codex CLI rollouts: session_meta, response_item (message, reasoning, function and custom
// tool calls and their outputs), compacted → checkpoint; event_msg/turn_context are UI echoes, but for the exit code
// of a code-mode command (codex_command_outcomes.h); code-mode cells are read as the commands they ran
// (codex_code_mode.h).
#include <set>

#include "ingest/codex_code_mode.h"
#include "ingest/codex_command_outcomes.h"
#include "ingest/codex_output.h"
#include "ingest/codex_stdin_polls.h"
#include "ingest/readers.h"

namespace bm {

namespace {

// The branch session_meta's `git` object records (`"git":{"commit_hash":…,"branch":"main",…}`, newer CLIs): a
// git_branch environment fact, as Claude Code's `gitBranch` (session 24; rule harness.git_branch).
void add_git_branch(ReadContext& ctx, const json& payload, std::string_view raw, RecordPos pos, const std::string& time,
                    Session& session) {
    const auto git = payload.find("git");
    if (git == payload.end() || !git->is_object()) return;
    const std::string branch = ctx.str(*git, "branch", pos, "payload.git.branch").value_or("");
    if (branch.empty()) return;
    EnvironmentFact f;
    f.name = "git_branch";
    f.value = ctx.redact_text(branch);
    f.field = "payload.git.branch";
    f.line = pos.line;
    f.seq = pos.line - 1;
    f.time = time;
    const std::string q = "\"branch\":" + json(branch).dump();
    f.quote = ctx.redact_raw(q);
    if (const size_t at = raw.find(q); at != std::string_view::npos) f.quote_offset = static_cast<int64_t>(at);
    session.environment.push_back(std::move(f));
}

void add_item(ReadContext& ctx, Session& session, const json& item, RecordPos pos,
              const std::string& time, std::string_view raw, const std::string& prefix) {
    auto type = ctx.str(item, "type", pos, prefix + "type").value_or("");
    Message m;
    m.seq = pos.line - 1;
    m.line = pos.line;
    m.time = time;
    m.id = ctx.str(item, "id", pos, prefix + "id").value_or("line-" + std::to_string(pos.line));
    if (type == "message") {
        auto role = ctx.str(item, "role", pos, prefix + "role").value_or("");
        if (role == "user") m.role = Role::kUser, m.source.kind = SourceKind::kUser;
        else if (role == "assistant") m.role = Role::kAssistant, m.source.kind = SourceKind::kModel;
        else if (role == "developer") m.role = Role::kDeveloper;
        else if (role == "system") m.role = Role::kSystem;
        else {
            ctx.error(pos, prefix + "role", "unknown role '" + role + "'; message skipped",
                      "expected user, assistant, developer or system");
            return;
        }
        if (auto c = item.find("content"); c != item.end() && c->is_array()) {
            for (size_t i = 0; i < c->size(); ++i) {
                const json& part = (*c)[i];
                auto pt = ctx.str(part, "type", pos, prefix + "content[" + std::to_string(i) + "].type").value_or("");
                if (pt == "input_image") {
                    ContentBlock img;
                    img.kind = BlockKind::kImage;
                    img.text = "[image]";
                    m.blocks.push_back(std::move(img));
                } else {
                    m.blocks.push_back(text_block(ctx, BlockKind::kText, flatten_text(part)));
                }
            }
        } else if (c != item.end()) {
            m.blocks.push_back(text_block(ctx, BlockKind::kText, flatten_text(*c)));
        }
        // AGENTS.md and environment blocks are injected by the CLI, not typed by the user.
        // The markers are codex-rs/protocol's instruction_markers.rs; a `!cmd` the user ran is no request either.
        std::string text = m.visible_text();
        if (m.role == Role::kUser) {
            for (const char* marker : {"<environment_context>", "# AGENTS.md instructions", "<user_instructions>",
                                       "<collaboration_mode>", "<skill", "<user_shell_command>"}) {
                if (text.rfind(marker, 0) != 0) continue;
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "codex-context";
                break;
            }
            // Rollouts before session_meta carried a cwd (2025's bare era) name it only here.
            if (session.cwd.empty() && text.rfind("<environment_context>", 0) == 0) {
                size_t b = text.find("<cwd>"), e = text.find("</cwd>");
                if (b != std::string::npos && e != std::string::npos && e > b + 5) session.cwd = text.substr(b + 5, e - b - 5);
            }
        }
    } else if (type == "reasoning") {
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        std::string text;
        if (auto s = item.find("summary"); s != item.end()) text = flatten_text(*s);
        if (auto c = item.find("content"); c != item.end() && !c->is_null()) {
            std::string body = flatten_text(*c);
            if (!body.empty()) text += (text.empty() ? "" : "\n") + body;
        }
        if (text.empty() && item.contains("encrypted_content")) text = "[encrypted reasoning]";
        m.blocks.push_back(text_block(ctx, BlockKind::kReasoning, text));
    } else if (type == "function_call" || type == "custom_tool_call" || type == "local_shell_call") {
        m.role = Role::kAssistant;
        m.source.kind = SourceKind::kModel;
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_id = ctx.str(item, "call_id", pos, prefix + "call_id").value_or("");
        c.tool_name = type == "local_shell_call" ? "local_shell"
                                                  : ctx.str(item, "name", pos, prefix + "name").value_or("");
        const char* key = type == "function_call" ? "arguments" : type == "custom_tool_call" ? "input" : "action";
        if (auto a = item.find(key); a != item.end())
            c.arguments = ctx.redact_text(a->is_string() ? a->get<std::string>() : a->dump());
        m.blocks.push_back(std::move(c));
    } else if (type == "function_call_output" || type == "custom_tool_call_output") {
        m.role = Role::kTool;
        m.source.kind = SourceKind::kTool;
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = ctx.str(item, "call_id", pos, prefix + "call_id").value_or("");
        m.source.call_id = r.tool_id;
        if (auto o = item.find("output"); o != item.end()) {
            CodexOutput out = decode_codex_output(*o);
            // A code only the JSON metadata held is written as the line other readers give ("[exit code: N]").
            if (out.exit_code && !out.code_in_text)
                out.text += (out.text.empty() || out.text.back() == '\n' ? "" : "\n") + std::string("[exit code: ") +
                            std::to_string(*out.exit_code) + "]";
            r.text = ctx.redact_text(out.text);
            r.is_error = out.failed;
        } else {
            ctx.error(pos, prefix + "output", "tool output has no `output`; kept empty", "expected a string or content items");
        }
        m.blocks.push_back(std::move(r));
    } else if (type == "web_search_call" || type == "ghost_snapshot") {
        return;  // the search itself (its results arrive as messages); a git snapshot for /undo (0.5x+)
    } else {
        ctx.unknown_type(pos, "response_item " + type);
        return;
    }
    if (ctx.options().keep_raw) m.raw = ctx.raw_record(raw);
    session.messages.push_back(std::move(m));
}

// Response item types the bare era (before the {type, payload} envelope, 2025) wrote as whole lines.
bool bare_item(const std::string& type) {
    static const std::set<std::string> items = {"message", "reasoning", "function_call", "function_call_output",
                                                "custom_tool_call", "custom_tool_call_output", "local_shell_call"};
    return items.count(type) > 0;
}

}  // namespace

void read_codex(ByteSource& source, ReadContext& ctx) {
    Session session;
    session.format = SessionFormat::kCodex;
    session.file = ctx.result().file;
    LineReader lines(source, ctx.options().max_line_bytes);
    Line line;
    int64_t records = 0, non_message = 0;
    // 0.153+ also write `world_state` (a settings snapshot) and `token_usage_record` lines (session 32).
    static const std::set<std::string> known = {"event_msg", "turn_context", "world_state", "token_usage_record"};
    std::vector<CommandOutcome> outcomes;
    while (true) {
        auto more = lines.next(line);
        if (!more) {
            ctx.result().errors.push_back(more.error());
            ctx.result().partial = true;
            break;
        }
        if (!*more) break;
        RecordPos pos{line.number, line.offset};
        auto v = ctx.parse_line(line);
        if (!v) continue;
        ++records;
        auto time = ctx.str(*v, "timestamp", pos, "timestamp").value_or("");
        auto type = ctx.str(*v, "type", pos, "type").value_or("");
        // The line's payload object. One that is not an object is one error naming the line and field: below for
        // the types that need it (the line is skipped), here for the others.
        const json* payload = nullptr;
        std::string bad_payload;  // the JSON type of a payload that is not an object
        if (const auto p = v->find("payload"); p != v->end() && !p->is_null()) {
            if (p->is_object()) payload = &*p;
            else bad_payload = p->type_name();
        }
        const bool needs_payload = type == "session_meta" || type == "response_item";
        if (!bad_payload.empty() && !needs_payload)
            ctx.error(pos, "payload", "expected an object, found " + bad_payload + "; the line's payload is ignored",
                      "write the payload as a JSON object: {\"type\":\"" + type + "\",\"payload\":{...}}");
        if (type == "session_meta" && payload) {
            session.id_form = ctx.str(*payload, "id", pos, "payload.id").value_or("");
            session.cwd = ctx.str(*payload, "cwd", pos, "payload.cwd").value_or("");
            session.created_at = ctx.str(*payload, "timestamp", pos, "payload.timestamp").value_or(time);
            add_git_branch(ctx, *payload, line.text, pos, time, session);
            ++non_message;
        } else if (type == "response_item" && payload) {
            add_item(ctx, session, *payload, pos, time, line.text, "payload.");
        } else if (type == "compacted") {
            CheckpointRecord cp;
            cp.kind = "compacted";
            cp.id = "line-" + std::to_string(pos.line);
            cp.seq = pos.line - 1;
            if (payload) cp.summary = ctx.redact_text(ctx.str(*payload, "message", pos, "payload.message").value_or(""));
            session.checkpoints.push_back(std::move(cp));
            ++non_message;
        } else if (known.count(type)) {
            if (CommandOutcome o; type == "event_msg" && payload && command_outcome(*payload, session, o)) {
                o.command = ctx.redact_text(o.command);
                outcomes.push_back(std::move(o));
            }
            ++non_message;
        } else if (needs_payload && !payload) {
            ctx.error(pos, "payload",
                      type + " line has no payload object" +
                          (bad_payload.empty() ? std::string() : " (its payload is a " + bad_payload + ")") + "; skipped",
                      "expected {\"type\":\"" + type + "\",\"payload\":{...}}");
            ++non_message;
        } else if (!v->contains("payload") && v->contains("type") && bare_item(type)) {
            add_item(ctx, session, *v, pos, time, line.text, "");  // pre-0.2 rollouts: bare items
        } else if (type.empty() && v->contains("record_type")) {
            ++non_message;  // the bare era's {"record_type":"state"} marker
        } else if (type.empty() && v->contains("id") && v->contains("timestamp") && records == 1) {
            session.id_form = ctx.str(*v, "id", pos, "id").value_or("");  // pre-0.2 meta line
            ++non_message;
        } else {
            ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            ++non_message;
        }
    }
    if (records == 0) {
        if (ctx.result().errors.empty()) ctx.error(RecordPos{1, 0}, "", "file has no records: it is empty");
        return;
    }
    if (session.id_form.empty()) {
        ctx.warning(RecordPos{1, 0}, "payload.id", "rollout has no session_meta id; using the file name");
        session.id_form = "codex-" + file_stem(session.file);
    }
    resolve_code_mode_cells(session, [&ctx](const std::string& text) { return ctx.redact_text(text); });
    add_command_outcomes(session, outcomes);
    resolve_stdin_polls(session);  // after the cells: a cell's write_stdin is a call of its own by then
    ctx.finish();
    finish_session(session, ctx, RecordPos{1, 0}, non_message);
    ctx.result().sessions.push_back(std::move(session));
}

}  // namespace bm
