// Claude Code transcripts: the uuid/parentUuid DAG (one branch per leaf, sidechains included),
// thinking blocks as reasoning, tool_use/tool_result pairing, compact summaries as checkpoints; and
// `claude -p --output-format stream-json` output (session_id, no parentUuid: lines chain in order).
#include <algorithm>
#include <map>
#include <set>

#include "ingest/claude_code_api_error.h"
#include "ingest/claude_code_queue.h"
#include "ingest/claude_code_wrappers.h"
#include "ingest/readers.h"
#include "util/trim.h"

namespace bm {

namespace {

const std::set<std::string>& known_non_message() {
    // Claude Code 2.1 also writes `attachment` (skill listings, command permissions), `permission-mode` and
    // `ai-title` lines: settings and UI titles, no message (session 20); 2.1.24x+ `last-prompt` (the prompt box's
    // text), `mode`, `atis-latch`, `agent-name` and `bridge-session` (session 25: seen in fresh logs, each warned);
    // 2.1.243's `frame-link` ({"artifactCount", "sessionId", "timestamp"}, session 29: a test collector's log);
    // `agent-setting` ({"agentSetting": "general-purpose", "sessionId"}), an agent team's teammate transcript's first
    // line (session 36).
    static const std::set<std::string> types = {
        "queue-operation", "file-history-snapshot", "progress", "custom-title", "tag", "result",
        "stream_event", "attachment", "permission-mode", "ai-title", "last-prompt", "mode",
        "atis-latch", "agent-name", "bridge-session", "frame-link", "pr-link", "agent-setting"};
    return types;
}

// The prompt of an `attachment` line holding a queued prompt ({"attachment": {"type":
// "queued_command", "prompt", "commandMode", "origin"}}, with a uuid: its place in the chain); null
// for any other line.
const json* queued_prompt(const json& v) {
    const auto a = v.find("attachment");
    if (a == v.end() || !a->is_object() || a->value("type", json()) != json("queued_command"))
        return nullptr;
    const auto uuid = v.find("uuid");
    if (uuid == v.end() || !uuid->is_string() || uuid->get<std::string>().empty()) return nullptr;
    const auto prompt = a->find("prompt");
    return prompt != a->end() && (prompt->is_string() || prompt->is_array()) ? &*prompt : nullptr;
}

// Whose a queued prompt is: the user's when they typed it (origin.kind "human"; with no origin,
// commandMode "prompt", "bash" (a `!` command) or none, as older versions wrote it), else the
// harness's (a background task's "task-notification").
void set_queued_source(ReadContext& ctx, const json& attachment, RecordPos pos, Message& m) {
    const std::string mode =
        ctx.str(attachment, "commandMode", pos, "attachment.commandMode").value_or("");
    const auto origin = attachment.find("origin");
    const std::string kind =
        origin != attachment.end() && origin->is_object()
            ? ctx.str(*origin, "kind", pos, "attachment.origin.kind").value_or("")
            : "";
    if (kind == "human" || (kind.empty() && (mode == "prompt" || mode == "bash" || mode.empty()))) {
        m.source.kind = SourceKind::kUser;
    } else {
        m.source.kind = SourceKind::kPlugin;
        m.source.name = "queued-" + (mode.empty() ? kind : mode);
    }
}

void parse_content(ReadContext& ctx, const json& content, RecordPos pos, Message& m) {
    if (content.is_string()) {
        m.blocks.push_back(text_block(ctx, BlockKind::kText, content.get<std::string>()));
        return;
    }
    if (!content.is_array()) {
        ctx.error(pos, "message.content", "expected a string or an array of blocks");
        return;
    }
    for (size_t i = 0; i < content.size(); ++i) {
        const json& b = content[i];
        const std::string path = "message.content[" + std::to_string(i) + "]";
        if (!b.is_object()) {
            ctx.error(pos, path, "expected a content block object");
            continue;
        }
        auto type = ctx.str(b, "type", pos, path + ".type").value_or("");
        if (type == "text") {
            m.blocks.push_back(text_block(ctx, BlockKind::kText, ctx.str(b, "text", pos, path + ".text").value_or("")));
        } else if (type == "thinking") {
            m.blocks.push_back(text_block(ctx, BlockKind::kReasoning,
                                          ctx.str(b, "thinking", pos, path + ".thinking").value_or("")));
        } else if (type == "redacted_thinking") {
            m.blocks.push_back(text_block(ctx, BlockKind::kReasoning, "[redacted thinking]"));
        } else if (type == "tool_use" || type == "server_tool_use") {
            ContentBlock c;
            c.kind = BlockKind::kToolCall;
            c.tool_id = ctx.str(b, "id", pos, path + ".id").value_or("");
            c.tool_name = ctx.str(b, "name", pos, path + ".name").value_or("");
            if (auto in = b.find("input"); in != b.end()) c.arguments = ctx.redact_text(in->dump());
            m.blocks.push_back(std::move(c));
        } else if (type == "tool_result" || type == "web_search_tool_result") {
            ContentBlock r;
            r.kind = BlockKind::kToolResult;
            r.tool_id = ctx.str(b, "tool_use_id", pos, path + ".tool_use_id").value_or("");
            if (auto c = b.find("content"); c != b.end()) r.text = ctx.redact_text(flatten_text(*c));
            if (auto e = b.find("is_error"); e != b.end() && e->is_boolean()) r.is_error = e->get<bool>();
            m.blocks.push_back(std::move(r));
        } else if (type == "image" || type == "document") {
            ContentBlock img;
            img.kind = BlockKind::kImage;
            img.text = "[" + type + "]";
            m.blocks.push_back(std::move(img));
        } else {
            ctx.unknown_type(pos, "content block " + type);
        }
    }
}

// `"subtype":"success"` as written in the line, for the fact's quote.
void quote_member(ReadContext& ctx, const Line& line, const std::string& name, const std::string& value, EnvironmentFact& f) {
    const std::string q = "\"" + name + "\":" + json(value).dump();
    if (const size_t at = line.text.find(q); at != std::string::npos) {
        f.quote = ctx.redact_raw(q);
        f.quote_offset = static_cast<int64_t>(at);
    }
}

void add_run_result(ReadContext& ctx, const json& v, const Line& line, RecordPos pos, Session& session) {
    const std::string subtype = ctx.str(v, "subtype", pos, "subtype").value_or("");
    if (subtype.empty() || subtype.size() > 80) return;
    const auto err = v.find("is_error");
    const bool failed = err != v.end() && err->is_boolean() && err->get<bool>();
    EnvironmentFact f;
    f.name = "exit_status";
    f.value = failed && subtype == "success" ? "error" : subtype;
    f.field = "subtype";
    f.line = pos.line;
    f.seq = pos.line - 1;
    quote_member(ctx, line, "subtype", subtype, f);
    if (f.quote.empty()) f.quote = ctx.redact_raw("\"subtype\":\"" + subtype + "\"");
    session.environment.push_back(std::move(f));
}

// A `pr-link` line (Claude Code 2.1.37+, written when a pull request shows up in tool output and
// again on resume): environment fact pull_request = its URL, qualified by its repository and number
// (session 31: a collector's log warned of it as an unknown record).
void add_pull_request(ReadContext& ctx, const json& v, const Line& line, RecordPos pos,
                      Session& session, std::set<std::string>& linked) {
    const std::string url = ctx.str(v, "prUrl", pos, "prUrl").value_or("");
    if (url.empty()) return;
    if (url.size() > 300) {
        ctx.warning(pos, "prUrl", "a pull request link over 300 bytes; skipped");
        return;
    }
    if (!linked.insert(url).second) return;  // the same link written again (on resume)
    EnvironmentFact f;
    f.name = "pull_request";
    f.value = ctx.redact_text(url);
    // One slot a pull request: its repository and number ("owner/name#36"), so two in one run never
    // compete; its URL when the line names neither.
    f.qualifier = ctx.redact_text(ctx.str(v, "prRepository", pos, "prRepository").value_or(""));
    if (auto n = v.find("prNumber"); n != v.end() && n->is_number_integer())
        f.qualifier += "#" + std::to_string(n->get<int64_t>());
    if (f.qualifier.empty()) f.qualifier = f.value;
    f.field = "prUrl";
    f.line = pos.line;
    f.seq = pos.line - 1;
    f.time = ctx.str(v, "timestamp", pos, "timestamp").value_or("");
    quote_member(ctx, line, "prUrl", url, f);
    if (f.quote.empty()) f.quote = ctx.redact_raw("\"prUrl\":" + json(url).dump());
    session.environment.push_back(std::move(f));
}

// The permission mode a line records (`permissionMode` on user lines and `permission-mode` lines: default, plan,
// acceptEdits, bypassPermissions), where it first differs from "default" or changes: environment fact
// permission_mode (session 36: dev gold names a session's plan mode 4 times).
void add_permission_mode(ReadContext& ctx, const json& v, const Line& line, RecordPos pos, Session& session,
                         std::string& mode) {
    const auto m = v.find("permissionMode");
    if (m == v.end() || !m->is_string() || m->get<std::string>().empty() || m->get<std::string>().size() > 40) return;
    const std::string now = m->get<std::string>();
    if (now == mode) return;
    mode = now;
    EnvironmentFact f = member_fact(ctx, "permission_mode", now, "permissionMode", pos.line, "permissionMode", *m);
    f.seq = pos.line - 1;
    f.time = ctx.str(v, "timestamp", pos, "timestamp").value_or("");
    quote_member(ctx, line, "permissionMode", now, f);  // the quote's place in the line, where found
    session.environment.push_back(std::move(f));
}

void add_api_error(ReadContext& ctx, const json& v, const Message& m, const Line& line, RecordPos pos, Session& session) {
    // The notice without the raw response body Claude Code appends ("… (429) · {…}"; session 18).
    const std::string text = api_error_notice(m.visible_text());
    if (text.empty() || text.size() > 300) return;
    EnvironmentFact f;
    f.name = "api_error";
    f.value = text;
    if (auto e = v.find("error"); e != v.end() && e->is_string()) f.qualifier = ctx.redact_text(e->get<std::string>());
    f.field = "message.content";
    f.line = pos.line;
    f.seq = m.seq;
    f.time = m.time;
    quote_member(ctx, line, "text", text, f);
    if (f.quote.empty()) f.quote = text;
    session.environment.push_back(std::move(f));
}

}  // namespace

void read_claude_code(ByteSource& source, ReadContext& ctx) {
    Session session;
    session.format = SessionFormat::kClaudeCode;
    session.file = ctx.result().file;
    LineReader lines(source, ctx.options().max_line_bytes);
    Line line;
    int64_t non_message = 0;
    int64_t records = 0;
    RecordPos first_pos{1, 0};
    std::map<std::string, std::string> logical_parent;  // compact boundary → pre-compaction leaf
    // A record kept as no message that still sits in the uuid chain (an `attachment`, a `system` line): its uuid →
    // its parentUuid, so that its children hang off its parent instead of starting a branch (session 20); with the
    // line that names that parent, where a parent missing from the file is warned of.
    struct PassedThrough {
        std::string parent;
        int64_t line = 0;
    };
    std::map<std::string, PassedThrough> passed_through;
    // stream-json lines name no parent: each follows the previous line of its thread (the main one,
    // or a subagent's, keyed by parent_tool_use_id).
    std::map<std::string, std::string> stream_last;
    std::string pending_shell;  // the user's `!` command awaiting its output line
    std::string git_branch;     // the last `gitBranch` recorded as an environment fact, "\n", its line's cwd
    std::set<std::string> pull_requests;  // pr-link URLs read (written again on resume)
    std::string permission_mode = "default";  // the last permission mode recorded as an environment fact
    PromptQueue prompt_queue;  // the queue-operation lines: prompts only they may keep (claude_code_queue.h)
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
        RecordScope record(ctx, line.text);
        ++records;
        auto type = ctx.str(*v, "type", pos, "type").value_or("");
        const bool stream = v->contains("session_id") && !v->contains("parentUuid");
        if (session.id_form.empty())
            if (auto sid = ctx.str(*v, stream ? "session_id" : "sessionId", pos, stream ? "session_id" : "sessionId"))
                session.id_form = *sid;
        if (session.cwd.empty())
            if (auto cwd = ctx.str(*v, "cwd", pos, "cwd")) session.cwd = *cwd;
        if (type == "summary") {
            CheckpointRecord cp;
            cp.kind = "summary";
            cp.id = ctx.str(*v, "leafUuid", pos, "leafUuid").value_or("line-" + std::to_string(pos.line));
            cp.seq = pos.line - 1;
            cp.summary = ctx.redact_text(ctx.str(*v, "summary", pos, "summary").value_or(""));
            session.checkpoints.push_back(std::move(cp));
            ++non_message;
            continue;
        }
        // How a stream-json run ended (`result` line: subtype success / error_max_turns / …): the harness's own
        // record, read as the run's exit status (rule harness.run_exit_status, session 17 x18cc).
        if (stream && type == "result") add_run_result(ctx, *v, line, pos, session);
        if (type == "pr-link") add_pull_request(ctx, *v, line, pos, session, pull_requests);
        if (type == "permission-mode" || type == "user")
            add_permission_mode(ctx, *v, line, pos, session, permission_mode);
        // A prompt typed while the agent worked reaches it as a `queued_command` attachment: a
        // message of its own (session 30: a user's second request had been skipped with every
        // attachment).
        const json* queued = type == "attachment" && !stream ? queued_prompt(*v) : nullptr;
        if (type == "queue-operation" && !stream) {
            const auto op = v->find("operation");
            const auto c = v->find("content");
            const std::string content = c != v->end() && c->is_string() ? c->get<std::string>() : std::string();
            if (op != v->end() && *op == "enqueue") {
                QueuedPrompt q;
                if (typed_prompt(content)) {
                    q.message.seq = pos.line - 1;
                    q.message.line = pos.line;
                    q.message.time = ctx.str(*v, "timestamp", pos, "timestamp").value_or("");
                    q.message.role = Role::kUser;
                    q.message.source.kind = SourceKind::kUser;
                    q.message.blocks.push_back(text_block(ctx, BlockKind::kText, trim(content)));
                    if (ctx.options().keep_raw) q.message.raw = record.take_raw();
                    q.before = session.messages.size();
                }
                prompt_queue.enqueue(content, typed_prompt(content) ? &q : nullptr);
            } else if (op != v->end() && (*op == "dequeue" || *op == "remove")) {
                prompt_queue.take(content);
            } else if (op != v->end() && *op == "popAll") {
                prompt_queue.pop_all();
            }
        }
        // stream-json system lines (init, hook responses, status) carry settings, not a message.
        if (!queued && type != "user" && type != "assistant" &&
            (type != "system" || (stream && !v->contains("content")))) {
            if (!known_non_message().count(type) && type != "system") ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            if (const auto id = v->find("uuid"); id != v->end() && id->is_string() && !id->get<std::string>().empty()) {
                const auto parent = v->find("parentUuid");
                PassedThrough up{parent != v->end() && parent->is_string() ? parent->get<std::string>() : std::string(),
                                 pos.line};
                // A chain of such lines resolves as it is read, so a turn needs one look-up, not one per line.
                if (const auto further = passed_through.find(up.parent); further != passed_through.end())
                    up = further->second;
                passed_through[id->get<std::string>()] = up;
            }
            ++non_message;
            continue;
        }
        Message m;
        m.seq = pos.line - 1;
        m.line = pos.line;
        m.id = ctx.str(*v, "uuid", pos, "uuid").value_or("");
        m.parent_id = ctx.str(*v, "parentUuid", pos, "parentUuid").value_or("");
        m.time = ctx.str(*v, "timestamp", pos, "timestamp").value_or("");
        // The branch Claude Code records on every line (`gitBranch`; "HEAD" outside a branch), where first stated or
        // changed, with the directory it was recorded in (the line's `cwd`: a `cd` between calls moves the run to
        // another repository): environment fact git_branch, qualified by that directory (session 24; rule
        // harness.git_branch).
        if (auto b = v->find("gitBranch"); b != v->end() && b->is_string() && !b->get<std::string>().empty()) {
            const std::string here = ctx.str(*v, "cwd", pos, "cwd").value_or(session.cwd);
            const std::string branch = b->get<std::string>();
            if (branch + "\n" + here != git_branch) {
                git_branch = branch + "\n" + here;
                EnvironmentFact f;
                f.name = "git_branch";
                f.value = ctx.redact_text(branch);
                f.qualifier = ctx.redact_text(here);
                f.field = "gitBranch";
                f.line = pos.line;
                f.seq = pos.line - 1;
                f.time = m.time;
                quote_member(ctx, line, "gitBranch", branch, f);
                if (f.quote.empty()) f.quote = ctx.redact_raw("\"gitBranch\":" + json(branch).dump());
                session.environment.push_back(std::move(f));
            }
        }
        if (auto sc = v->find("isSidechain"); sc != v->end() && sc->is_boolean()) m.sidechain = sc->get<bool>();
        if (stream) {
            std::string thread;
            if (auto t = v->find("parent_tool_use_id"); t != v->end() && t->is_string()) thread = t->get<std::string>();
            m.sidechain = !thread.empty();
            if (m.id.empty()) m.id = "line-" + std::to_string(pos.line);
            m.parent_id = stream_last[thread];
            stream_last[thread] = m.id;
        }
        if (m.id.empty()) ctx.warning(pos, "uuid", "message without uuid cannot join the DAG");
        if (type == "system") {
            auto subtype = ctx.str(*v, "subtype", pos, "subtype").value_or("");
            if (subtype == "compact_boundary") {
                CheckpointRecord cp;
                cp.kind = "compact-boundary";
                cp.id = m.id;
                cp.seq = m.seq;
                session.checkpoints.push_back(std::move(cp));
                if (auto lp = ctx.str(*v, "logicalParentUuid", pos, "logicalParentUuid"))
                    logical_parent[m.id] = *lp;
            }
            m.role = Role::kSystem;
            m.source.kind = SourceKind::kUnknown;
            // A record with no text (2.x `turn_duration`, `stop_hook_summary`) is known by its subtype, which the
            // studio shows in its place (session 28: these were blank rows in the transcript).
            if (!v->contains("content")) m.source.name = subtype;
            m.blocks.push_back(text_block(ctx, BlockKind::kText, ctx.str(*v, "content", pos, "content").value_or("")));
        } else if (queued) {
            m.role = Role::kUser;
            set_queued_source(ctx, v->at("attachment"), pos, m);
            parse_content(ctx, *queued, pos, m);
        } else {
            const json* msg = ctx.object(*v, "message", pos, "message");
            if (!msg) {
                ctx.error(pos, "message", "user/assistant line without a message object; skipped");
                continue;
            }
            if (auto c = msg->find("content"); c != msg->end()) parse_content(ctx, *c, pos, m);
            if (type == "assistant") {
                m.role = Role::kAssistant;
                m.source.kind = SourceKind::kModel;
                m.source.provider = "anthropic";
                m.source.model = ctx.str(*msg, "model", pos, "message.model").value_or("");
                // "(no content)": the text Claude Code writes for an empty text block before a tool call
                // (session 19); the harness's placeholder, not the model's reply.
                if (m.blocks.size() == 1 && m.blocks.front().kind == BlockKind::kText &&
                    m.blocks.front().text == "(no content)") {
                    m.source.kind = SourceKind::kPlugin;
                    m.source.name = "placeholder";
                }
                // Claude Code's own notice of a failed API call ("Credit balance is too low", model
                // "<synthetic>"): the harness speaking, not the model; kept as an api_error fact. Older
                // stream-json runs mark it only by the model and an `error` string (session 18).
                if (is_claude_code_api_error(*v, m.source.model)) {
                    m.source.kind = SourceKind::kPlugin;
                    m.source.name = "api-error";
                    add_api_error(ctx, *v, m, line, pos, session);
                } else if (m.source.model == "<synthetic>") {
                    // Any other "<synthetic>" line is the harness's too ("No response requested." after an
                    // interrupt or an isMeta "Continue from where you left off."): no model reply (session 20).
                    m.source.kind = SourceKind::kPlugin;
                    m.source.name = "synthetic";
                }
            } else {
                bool all_results = !m.blocks.empty();
                for (const auto& b : m.blocks) all_results &= b.kind == BlockKind::kToolResult;
                if (all_results) {
                    m.role = Role::kTool;
                    m.source.kind = SourceKind::kTool;
                    m.source.call_id = m.blocks.front().tool_id;
                } else {
                    m.role = Role::kUser;
                    m.source.kind = SourceKind::kUser;
                }
                if (m.role == Role::kUser) apply_claude_user_wrapper(m, pending_shell);
                else pending_shell.clear();
                if (auto cs = v->find("isCompactSummary"); cs != v->end() && cs->is_boolean() && cs->get<bool>())
                    mark_compact_summary(m, session);
                if (auto meta = v->find("isMeta"); meta != v->end() && meta->is_boolean() && meta->get<bool>()) {
                    m.source.kind = SourceKind::kPlugin;
                    m.source.name = "meta";
                }
            }
        }
        if (ctx.options().keep_raw) m.raw = record.take_raw();
        session.messages.push_back(std::move(m));
    }
    if (records == 0) {
        if (ctx.result().errors.empty())
            ctx.error(first_pos, "", "file has no records: it is empty", "nothing to import");
        return;
    }
    // A prompt typed while the agent worked whose delivery the file lacks is read from its queue line (session 39).
    QueuedParents queued_parents = add_undelivered_prompts(prompt_queue.undelivered(), session.messages);
    non_message -= static_cast<int64_t>(queued_parents.size());
    QueuedSplicer splicer(std::move(queued_parents));
    // Build the DAG: one branch per leaf, path from the root.
    std::map<std::string, size_t> by_id;
    for (size_t i = 0; i < session.messages.size(); ++i)
        if (!session.messages[i].id.empty()) by_id[session.messages[i].id] = i;
    std::set<std::string> has_child;
    size_t last_with_id[2] = {0, 0};  // per thread (main, sidechain): 1 + the index of the last line with a uuid
    std::set<int64_t> passed_through_warned;  // lines kept as no message whose missing parent was warned of
    for (size_t i = 0; i < session.messages.size(); ++i) {
        Message& m = session.messages[i];
        int64_t named_at = m.line;  // the line that names m.parent_id: m's own, or a line m's chain passed through
        if (m.parent_id.empty())
            if (auto lp = logical_parent.find(m.id); lp != logical_parent.end() && by_id.count(lp->second))
                m.parent_id = lp->second;  // bridge the compaction boundary
        // A parent kept as no message (an attachment between two turns): the chain goes on through its own parent
        // (resolved as the lines were read; a few more hops for lines out of order, a cycle among them ends there).
        for (size_t hops = 0; !m.parent_id.empty() && !by_id.count(m.parent_id) && hops < 16; ++hops) {
            const auto p = passed_through.find(m.parent_id);
            if (p == passed_through.end()) break;
            m.parent_id = p->second.parent;
            named_at = p->second.line;
        }
        splicer.visit(m);
        if (!m.parent_id.empty()) {
            if (!by_id.count(m.parent_id)) {
                // A copy cut out of a longer transcript (a window, a head with thinking-only lines left out) names
                // parents it no longer holds. The file's order is the session's: the line goes on from the one
                // before it on its own thread, else one cut would split one run into branches whose later facts
                // dispute their earlier ones (session 20). The first line of a thread still starts a branch.
                // A parent that a line kept as no message names (an attachment's) is warned of on that line, once.
                const size_t prev = last_with_id[m.sidechain ? 1 : 0];
                if (named_at == m.line || passed_through_warned.insert(named_at).second)
                    ctx.warning(RecordPos{named_at, -1}, "parentUuid",
                                "parent " + m.parent_id + " is not in this file; " +
                                    (prev > 0 ? "the line goes on from the one before it" : "the branch starts here"));
                if (prev > 0) m.parent_id = session.messages[prev - 1].id;
            }
            has_child.insert(m.parent_id);
        }
        if (!m.id.empty()) last_with_id[m.sidechain ? 1 : 0] = i + 1;
    }
    // Parallel tool calls: each result hangs off its own tool_use line, so all but the last are
    // leaves beside the ongoing chain. Such a result is not a rewind; it joins its parent's branches.
    std::map<std::string, std::vector<size_t>> tool_leaves;  // parent uuid → result leaves
    std::map<std::string, int> other_children;
    for (size_t i = 0; i < session.messages.size(); ++i) {
        const Message& m = session.messages[i];
        if (!by_id.count(m.parent_id)) continue;
        if (m.role == Role::kTool && !m.id.empty() && !has_child.count(m.id)) tool_leaves[m.parent_id].push_back(i);
        else ++other_children[m.parent_id];
    }
    std::map<std::string, std::vector<size_t>> side_results;  // parent uuid → results joined to it
    std::set<size_t> side;
    for (auto& [parent, leaves] : tool_leaves) {
        // With no other child, the last result ends the chain and stays its branch's leaf.
        size_t n = other_children[parent] > 0 ? leaves.size() : leaves.size() - 1;
        for (size_t k = 0; k < n; ++k) side_results[parent].push_back(leaves[k]), side.insert(leaves[k]);
    }
    std::set<std::string> branch_ids;
    for (size_t i = 0; i < session.messages.size(); ++i) {
        const Message& leaf = session.messages[i];
        if (leaf.id.empty() || has_child.count(leaf.id) || side.count(i)) continue;
        Branch b;
        const std::string stem =
            (session.id_form.empty() ? std::string("claude") : canonical_session_id(session.id_form)) + ":";
        b.id = stem + leaf.id.substr(0, 8);
        if (!branch_ids.insert(b.id).second) b.id = stem + leaf.id;  // two leaves' uuids share their first 8 characters
        b.sidechain = leaf.sidechain;
        std::set<size_t> seen;
        for (size_t cur = i;;) {
            if (!seen.insert(cur).second) {
                ctx.error(RecordPos{session.messages[cur].line, -1}, "parentUuid",
                          "parent links form a cycle; branch cut here");
                break;
            }
            b.message_indexes.push_back(cur);
            auto p = by_id.find(session.messages[cur].parent_id);
            if (p == by_id.end()) break;
            cur = p->second;
        }
        std::reverse(b.message_indexes.begin(), b.message_indexes.end());
        std::vector<size_t> path;
        for (size_t k : b.message_indexes) {
            path.push_back(k);
            if (auto sr = side_results.find(session.messages[k].id); sr != side_results.end())
                path.insert(path.end(), sr->second.begin(), sr->second.end());
        }
        b.message_indexes = std::move(path);
        session.branches.push_back(std::move(b));
    }
    if (session.id_form.empty()) session.id_form = "claude-" + file_stem(session.file);
    ctx.finish();
    finish_session(session, ctx, first_pos, non_message);
    ctx.result().sessions.push_back(std::move(session));
}

}  // namespace bm
