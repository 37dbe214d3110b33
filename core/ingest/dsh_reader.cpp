// DeepSeek Harness persistence, versions 0–4 (SPEC §3): surface events, chunk folding,
// surface replace ops → shadowed ranges, compaction events → checkpoint records, fork lineage,
// and the harness's own records of the run (cwd, model, policies, hook verdicts, turn errors) →
// Session::environment.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "ingest/readers.h"
#include "util/fast_json.h"

namespace bm {

namespace {

constexpr int kNewestVersion = 4;

// Event types that are part of the format but carry no conversation content.
const std::set<std::string>& known_non_surface() {
    static const std::set<std::string> types = {
        "turn/start", "turn/end", "step/start", "step/end", "request/header", "request/context",
        "agent/inbox/spliced", "session/title", "session/title-llm-request", "tool/call",
        "approval/policy", "approval/asked", "approval/decided", "hook/invoked", "hook/result",
        "subagent/descriptor", "sandbox/mode", "permission/preset", "plan/mode", "goal/change",
        "command/run", "command/done", "tool/code-dispatch", "tool/code-dispatch-start",
        "tool-workflow/run-start", "tool-workflow/run-end", "tool-workflow/agent-start",
        "tool-workflow/agent-end", "usage", "session/usage", "model/change"};
    return types;
}

// Non-surface events that state a fact about the run (Session::environment): parsed, not skipped.
const std::set<std::string>& harness_fact_types() {
    static const std::set<std::string> types = {"request/header", "approval/policy", "sandbox/mode",
                                                "permission/preset", "hook/result"};
    return types;
}

// The member `"key":value` as written in `raw` (its first occurrence whose value equals `value`),
// with its byte offset; rebuilt from `value` with offset -1 when the line spells it differently.
std::pair<std::string, int64_t> member_quote(std::string_view raw, const std::string& key, const json& value) {
    const std::string needle = "\"" + key + "\"";
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    for (size_t at = raw.find(needle); at != std::string_view::npos; at = raw.find(needle, at + 1)) {
        size_t i = at + needle.size();
        while (i < raw.size() && space(raw[i])) ++i;
        if (i >= raw.size() || raw[i] != ':') continue;
        ++i;
        while (i < raw.size() && space(raw[i])) ++i;
        size_t end = i;
        if (end < raw.size() && raw[end] == '"') {
            for (++end; end < raw.size() && raw[end] != '"'; ++end)
                if (raw[end] == '\\') ++end;
            if (end >= raw.size()) continue;
            ++end;
        } else {
            while (end < raw.size() && !space(raw[end]) && raw[end] != ',' && raw[end] != '}' && raw[end] != ']') ++end;
        }
        const json token = json::parse(raw.substr(i, end - i), nullptr, /*allow_exceptions=*/false);
        if (!token.is_discarded() && token == value) return {std::string(raw.substr(at, end - at)), static_cast<int64_t>(at)};
    }
    return {needle + ":" + value.dump(), -1};
}

struct PendingBlock {
    BlockKind kind = BlockKind::kText;
    std::string text;
    std::string id, name, arguments;
    bool complete = false;
};

// Chunks of one (turn, step) not yet confirmed by an assistant/message.
// A chunk line kept unparsed until it is needed (most are made redundant by assistant/message).
struct RawChunk {
    std::string line;
    std::string type;
    RecordPos pos;
    int64_t seq = 0;
};

struct PendingStep {
    std::vector<RawChunk> raw;  // validated, not yet folded
    std::map<int64_t, PendingBlock> blocks;
    int64_t first_seq = 0;
    RecordPos first_pos;
    std::vector<int64_t> seqs;
    std::string provider, model;
};

class DshReader {
public:
    DshReader(ByteSource& source, ReadContext& ctx) : m_source(source), m_ctx(ctx) {}
    void run();

private:
    void header(const json& v, RecordPos pos, std::string_view raw);
    void harness_event(const json& v, const json& data, const std::string& type, RecordPos pos,
                       std::string_view raw, int64_t seq);
    void environment(const std::string& name, const json* value, const std::string& field, RecordPos pos,
                     int64_t seq, std::string_view raw, const json& record, std::string qualifier = {});
    void event(const json& v, RecordPos pos, std::string_view raw);
    void surface_message(const json& v, const json& data, const std::string& type, RecordPos pos,
                         std::string_view raw, int64_t seq);
    void parse_blocks(const json& content, RecordPos pos, const std::string& path,
                      std::vector<ContentBlock>& out);
    void chunk(const json& data, const std::string& type, RecordPos pos, int64_t seq);
    void fold_chunk(PendingStep& ps, const json& data, const std::string& type, RecordPos pos);
    void fold_raw(PendingStep& ps);
    bool fast_path(const Line& line, RecordPos pos);
    void flush_step(std::pair<int64_t, int64_t> key);
    void flush_all();
    void surface_op(const json& v, RecordPos pos, int64_t seq);
    void compaction(const json& data, const std::string& type, RecordPos pos, int64_t seq);
    std::vector<int64_t> source_seqs(const json& v, RecordPos pos);

    ByteSource& m_source;
    ReadContext& m_ctx;
    Session m_session;
    bool m_have_header = false;
    RecordPos m_header_pos;
    int64_t m_event_index = 0;
    int64_t m_non_message = 0;
    bool m_seeded = false;
    std::map<std::pair<int64_t, int64_t>, PendingStep> m_pending;
    std::vector<std::pair<int64_t, int64_t>> m_shadow_ranges;
    std::map<std::string, size_t> m_compactions;  // compactionId → checkpoint index
    std::map<std::string, std::string> m_last_fact;  // name + qualifier → last value recorded
};

void DshReader::run() {
    LineReader lines(m_source, m_ctx.options().max_line_bytes);
    Line line;
    while (true) {
        auto more = lines.next(line);
        if (!more) {
            m_ctx.result().errors.push_back(more.error());
            m_ctx.result().partial = true;
            break;
        }
        if (!*more) break;
        RecordPos pos{line.number, line.offset};
        if (m_have_header && fast_path(line, pos)) continue;
        auto v = m_ctx.parse_line(line);
        if (!v) continue;
        if (!m_have_header) {
            header(*v, pos, line.text);
            continue;
        }
        event(*v, pos, line.text);
    }
    if (m_source.torn()) {
        m_ctx.warning(RecordPos{}, "", m_source.torn_detail(),
                      "the harness was interrupted while writing; the readable prefix was kept");
        m_ctx.result().partial = true;
    }
    if (!m_have_header) {
        if (m_ctx.result().errors.empty())
            m_ctx.error(RecordPos{1, 0}, "type", "no session header: the file is empty",
                        "a DeepSeek Harness log starts with {\"type\":\"session\",...}");
        return;
    }
    flush_all();
    // Shadow the replaced ranges: the messages stay, marked as no longer on the surface.
    for (auto& m : m_session.messages)
        for (auto [s, e] : m_shadow_ranges)
            if (m.seq >= s && m.seq <= e) m.surface = Surface::kShadowed;
    std::stable_sort(m_session.messages.begin(), m_session.messages.end(),
                     [](const Message& a, const Message& b) { return a.seq < b.seq; });
    m_ctx.finish();
    finish_session(m_session, m_ctx, m_header_pos, m_non_message);
    m_ctx.result().sessions.push_back(std::move(m_session));
}

void DshReader::header(const json& v, RecordPos pos, std::string_view raw) {
    m_header_pos = pos;
    auto type = m_ctx.str(v, "type", pos, "type");
    if (type != "session") {
        m_ctx.error(pos, "type",
                    "first record must be the session header (type \"session\"), found \"" +
                        type.value_or("") + "\"",
                    "is this a DeepSeek Harness session log?");
        m_ctx.result().partial = true;
        m_have_header = true;  // keep reading events so valid parts are kept
        m_session.format = SessionFormat::kDsh;
        m_session.id_form = "dsh-" + file_stem(m_ctx.result().file);
        event(v, pos, {});
        return;
    }
    m_have_header = true;
    m_session.format = SessionFormat::kDsh;
    m_session.file = m_ctx.result().file;
    int64_t version = m_ctx.integer(v, "version", pos, "version").value_or(0);
    if (version > kNewestVersion)
        m_ctx.warning(pos, "version",
                      "persistence version " + std::to_string(version) +
                          " is newer than this reader (v" + std::to_string(kNewestVersion) +
                          "); reading it as v" + std::to_string(kNewestVersion),
                      "upgrade BeliefMerge if records are missing");
    m_session.format_version = static_cast<int>(version);
    auto id = m_ctx.str(v, "id", pos, "id");
    if (!id || id->empty()) {
        m_ctx.error(pos, "id", "session header has no id", "the harness always writes one");
        m_session.id_form = "dsh-" + file_stem(m_ctx.result().file);
    } else {
        m_session.id_form = *id;
    }
    m_session.cwd = m_ctx.str(v, "cwd", pos, "cwd").value_or("");
    if (auto it = v.find("createdAt"); it != v.end() && !it->is_null())
        m_session.created_at = it->is_string() ? it->get<std::string>() : it->dump();
    m_session.parent_session = m_ctx.str(v, "parentSession", pos, "parentSession").value_or("");
    m_session.seed_length = m_ctx.integer(v, "seedLength", pos, "seedLength");
    m_session.origin = m_ctx.str(v, "origin", pos, "origin").value_or("");
    if (m_session.seed_length.value_or(0) > 0 || (v.contains("isSeeded") && v["isSeeded"] == true)) m_seeded = true;
    // The header's facts about the run (the id is identity, not a fact about the run).
    auto member = [&](const char* key) -> const json* {
        auto it = v.find(key);
        return it == v.end() ? nullptr : &*it;
    };
    environment("log_format_version", member("version"), "version", pos, 0, raw, v);
    environment("created_at", member("createdAt"), "createdAt", pos, 0, raw, v);
    environment("cwd", member("cwd"), "cwd", pos, 0, raw, v);
    environment("parent_session", member("parentSession"), "parentSession", pos, 0, raw, v);
    environment("origin", member("origin"), "origin", pos, 0, raw, v);
    environment("delegation_depth", member("delegationDepth"), "delegationDepth", pos, 0, raw, v);
}

// One harness fact, recorded where it is first stated and again only when its value changes (a
// request header repeats the model on every step). Strings, integers and booleans only; anything
// else is not a fact this reader knows how to state.
void DshReader::environment(const std::string& name, const json* value, const std::string& field, RecordPos pos,
                            int64_t seq, std::string_view raw, const json& record, std::string qualifier) {
    if (!value || !(value->is_string() || value->is_number_integer() || value->is_boolean())) return;
    if (name == "turn_error" && !value->is_string()) return;  // `"error": false` is a clean turn, not an error
    EnvironmentFact f;
    f.name = name;
    f.value = value->is_string() ? m_ctx.redact_text(value->get_ref<const std::string&>()) : value->dump();
    if (f.value.empty()) return;
    const std::string slot = name + "\n" + qualifier;
    if (auto last = m_last_fact.find(slot); last != m_last_fact.end() && last->second == f.value) return;
    m_last_fact[slot] = f.value;
    f.qualifier = std::move(qualifier);
    f.field = field;
    f.line = pos.line;
    f.seq = seq;
    const size_t dot = field.find_last_of('.');
    auto [quote, offset] = member_quote(raw, dot == std::string::npos ? field : field.substr(dot + 1), *value);
    f.quote = m_ctx.redact_raw(quote);
    f.quote_offset = offset;
    if (auto t = record.find("time"); t != record.end() && !t->is_null())
        f.time = t->is_string() ? t->get<std::string>() : t->dump();
    m_session.environment.push_back(std::move(f));
}

// request/header (model, provider), approval/policy, sandbox/mode, permission/preset, hook/result,
// and a turn/end that carries an error: what the harness recorded, not what anyone said.
void DshReader::harness_event(const json& v, const json& data, const std::string& type, RecordPos pos,
                              std::string_view raw, int64_t seq) {
    auto member = [](const json* obj, const char* key) -> const json* {
        if (!obj || !obj->is_object()) return nullptr;
        auto it = obj->find(key);
        return it == obj->end() ? nullptr : &*it;
    };
    if (type == "request/header") {
        const json* config = member(member(&data, "header"), "config");
        environment("model", member(config, "model"), "data.header.config.model", pos, seq, raw, v);
        environment("provider", member(config, "provider"), "data.header.config.provider", pos, seq, raw, v);
        environment("reasoning_effort", member(config, "reasoningEffort"), "data.header.config.reasoningEffort", pos,
                    seq, raw, v);
    } else if (type == "approval/policy") {
        environment("approval_policy", member(&data, "policy"), "data.policy", pos, seq, raw, v);
    } else if (type == "sandbox/mode") {
        environment("sandbox_mode", member(&data, "mode"), "data.mode", pos, seq, raw, v);
    } else if (type == "permission/preset") {
        environment("permission_preset", member(&data, "preset"), "data.preset", pos, seq, raw, v);
    } else if (type == "hook/result") {
        const json* handler = member(&data, "handlerId");
        if (!handler || !handler->is_string()) handler = member(&data, "point");
        const std::string qualifier = handler && handler->is_string() ? handler->get<std::string>() : std::string();
        environment("hook_decision", member(&data, "decision"), "data.decision", pos, seq, raw, v, qualifier);
        // Why it blocked (not an env.* slot of its own: rule harness.hook_decision reads it).
        const json* reason = member(&data, "stderrSummary");
        if (!reason) reason = member(&data, "reason");
        environment("hook_reason", reason, reason == member(&data, "reason") ? "data.reason" : "data.stderrSummary", pos,
                    seq, raw, v, qualifier);
    } else if (type == "turn/end") {
        const json* turn = member(&data, "turn");
        const std::string qualifier = turn && turn->is_number_integer() ? turn->dump() : std::string();
        const json* error = member(&data, "error");
        std::string field = "data.error";
        if (!error) error = member(member(&data, "reason"), "error"), field = "data.reason.error";
        if (error && error->is_object()) error = member(error, "message"), field += ".message";
        environment("turn_error", error, field, pos, seq, raw, v, qualifier);
        // How the turn stopped when it did not complete (aborted, max-tokens): rule harness.turn_outcome.
        const json* kind = member(member(&data, "reason"), "kind");
        if (kind && kind->is_string() && *kind != "completed")
            environment("turn_stop", kind, "data.reason.kind", pos, seq, raw, v, qualifier);
    }
}

std::vector<int64_t> DshReader::source_seqs(const json& v, RecordPos pos) {
    std::vector<int64_t> out;
    auto it = v.find("sourceEventSeqs");
    if (it == v.end() || it->is_null()) return out;
    if (!it->is_array()) {
        m_ctx.error(pos, "sourceEventSeqs", "expected an array of seqs or [start,end] runs");
        return out;
    }
    for (const auto& item : *it) {
        if (item.is_number_integer()) {
            out.push_back(item.get<int64_t>());
        } else if (item.is_array() && item.size() == 2 && item[0].is_number_integer() &&
                   item[1].is_number_integer()) {  // v2 range encoding
            int64_t s = item[0].get<int64_t>(), e = item[1].get<int64_t>();
            if (e < s || e - s > 1'000'000 || out.size() + static_cast<size_t>(e - s) > 1'000'000) {
                m_ctx.error(pos, "sourceEventSeqs", "invalid run [" + std::to_string(s) + "," +
                                                        std::to_string(e) + "]");
                continue;
            }
            for (int64_t k = s; k <= e; ++k) out.push_back(k);
        } else {
            m_ctx.error(pos, "sourceEventSeqs", "expected a seq number or a [start,end] run");
        }
    }
    return out;
}

void DshReader::event(const json& v, RecordPos pos, std::string_view raw) {
    const int64_t index = m_event_index++;
    int64_t seq = m_ctx.integer(v, "seq", pos, "seq").value_or(index);
    auto type = m_ctx.str(v, "type", pos, "type");
    if (!type) {
        m_ctx.error(pos, "type", "event has no type; skipped");
        return;
    }
    const json empty = json::object();
    const json* data = m_ctx.object(v, "data", pos, "data");
    if (!data) data = &empty;
    const std::string& t = *type;
    if (t == "user/message" || t == "assistant/message" || t == "tool/result" ||
        t == "system/message" || t == "developer/message") {
        if (data == &empty) {  // absent (a wrong type was reported by object())
            if (!v.contains("data"))
                m_ctx.error(pos, "data", t + " event has no data object; skipped",
                            "a surface event carries its message in \"data\"");
            m_ctx.result().partial = true;
            return;
        }
        surface_message(v, *data, t, pos, raw, seq);
    } else if (t == "assistant/chunk" || t == "text-chunks" || t == "reasoning-chunks" ||
               t == "tool-call-chunks") {
        chunk(*data, t, pos, seq);
    } else if (t.rfind("compaction/", 0) == 0) {
        compaction(*data, t, pos, seq);
    } else if (t == "session/end-seed") {
        m_seeded = false;
        ++m_non_message;
    } else if (t == "step/end" || t == "turn/end") {
        if (t == "turn/end") harness_event(v, *data, t, pos, raw, seq);
        auto turn = m_ctx.integer(*data, "turn", pos, "data.turn");
        auto step = m_ctx.integer(*data, "step", pos, "data.step");
        if (turn && step) flush_step({*turn, *step});
        else if (turn && t == "turn/end")
            for (auto it = m_pending.begin(); it != m_pending.end();) {
                auto key = (it++)->first;
                if (key.first == *turn) flush_step(key);
            }
        ++m_non_message;
    } else if (known_non_surface().count(t)) {
        if (harness_fact_types().count(t)) harness_event(v, *data, t, pos, raw, seq);
        ++m_non_message;
    } else {
        m_ctx.unknown_type(pos, t);
        ++m_non_message;
    }
}

void DshReader::parse_blocks(const json& content, RecordPos pos, const std::string& path,
                             std::vector<ContentBlock>& out) {
    if (content.is_string()) {
        out.push_back(text_block(m_ctx, BlockKind::kText, content.get<std::string>()));
        return;
    }
    if (content.is_null()) return;
    if (!content.is_array()) {
        m_ctx.error(pos, path, "expected an array of content blocks");
        return;
    }
    for (size_t i = 0; i < content.size(); ++i) {
        const json& b = content[i];
        const std::string bpath = path + "[" + std::to_string(i) + "]";
        if (!b.is_object()) {
            m_ctx.error(pos, bpath, "expected a content block object");
            continue;
        }
        auto btype = m_ctx.str(b, "type", pos, bpath + ".type").value_or("");
        if (btype == "text" || btype == "reasoning" || btype == "thinking") {
            auto text = m_ctx.str(b, "text", pos, bpath + ".text").value_or("");
            out.push_back(text_block(m_ctx, btype == "text" ? BlockKind::kText : BlockKind::kReasoning, text));
        } else if (btype == "tool-call") {
            ContentBlock c;
            c.kind = BlockKind::kToolCall;
            c.tool_id = m_ctx.str(b, "id", pos, bpath + ".id").value_or("");
            c.tool_name = m_ctx.str(b, "name", pos, bpath + ".name").value_or("");
            auto args = b.find("arguments");
            if (args != b.end())
                c.arguments = m_ctx.redact_text(args->is_string() ? args->get<std::string>() : args->dump());
            if (c.tool_id.empty()) m_ctx.warning(pos, bpath + ".id", "tool call without an id cannot be paired");
            out.push_back(std::move(c));
        } else if (btype == "tool-result") {
            ContentBlock r;
            r.kind = BlockKind::kToolResult;
            r.tool_id = m_ctx.str(b, "toolCallId", pos, bpath + ".toolCallId").value_or("");
            if (auto c = b.find("content"); c != b.end()) r.text = m_ctx.redact_text(flatten_text(*c));
            if (auto e = b.find("isError"); e != b.end() && e->is_boolean()) r.is_error = e->get<bool>();
            out.push_back(std::move(r));
        } else if (btype == "image" || btype == "file") {
            ContentBlock img;
            img.kind = BlockKind::kImage;
            img.text = "[" + btype + "]";
            out.push_back(std::move(img));
        } else {
            m_ctx.unknown_type(pos, "content block " + btype);
        }
    }
}

MessageSource parse_source(ReadContext& ctx, const json& msg, RecordPos pos, const std::string& path,
                           SourceKind fallback) {
    MessageSource src;
    src.kind = fallback;
    const json* s = ctx.object(msg, "source", pos, path);
    if (!s) return src;
    auto kind = ctx.str(*s, "kind", pos, path + ".kind").value_or("");
    if (!kind.empty()) src.kind = source_kind_from_name(kind).value_or(SourceKind::kUnknown);
    src.provider = ctx.str(*s, "provider", pos, path + ".provider").value_or("");
    src.model = ctx.str(*s, "model", pos, path + ".model").value_or("");
    src.call_id = ctx.str(*s, "callId", pos, path + ".callId").value_or("");
    src.name = ctx.str(*s, "plugin", pos, path + ".plugin").value_or(ctx.str(*s, "name", pos, path + ".name").value_or(""));
    src.form = ctx.str(*s, "form", pos, path + ".form").value_or("");
    return src;
}

void DshReader::surface_message(const json& v, const json& data, const std::string& type,
                                RecordPos pos, std::string_view raw, int64_t seq) {
    // assistant/message, tool/result (and v3 system/developer) wrap the message; user/message is flat.
    const json* msg = data.contains("message") ? m_ctx.object(data, "message", pos, "data.message") : &data;
    if (!msg) return;
    Message m;
    m.seq = seq;
    m.line = pos.line;
    m.seeded = m_seeded;
    m.id = m_ctx.str(*msg, "id", pos, "data.message.id").value_or("");
    if (auto t = v.find("time"); t != v.end() && !t->is_null())
        m.time = t->is_string() ? t->get<std::string>() : t->dump();
    if (type == "user/message") {
        m.role = Role::kUser;
        m.source = parse_source(m_ctx, *msg, pos, "data.source", SourceKind::kUser);
        if (m.source.kind == SourceKind::kPlugin && !m_ctx.options().include_plugin_messages) return;
    } else if (type == "assistant/message") {
        m.role = Role::kAssistant;
        m.source = parse_source(m_ctx, *msg, pos, "data.message.source", SourceKind::kModel);
        auto turn = m_ctx.integer(data, "turn", pos, "data.turn");
        auto step = m_ctx.integer(data, "step", pos, "data.step");
        if (turn && step) m_pending.erase({*turn, *step});  // chunks confirmed by the final message
    } else if (type == "tool/result") {
        m.role = Role::kTool;
        m.source = parse_source(m_ctx, *msg, pos, "data.message.source", SourceKind::kTool);
    } else if (type == "system/message") {
        m.role = Role::kSystem;
        m.source = parse_source(m_ctx, *msg, pos, "data.source", SourceKind::kUnknown);
    } else {
        m.role = Role::kDeveloper;
        m.source = parse_source(m_ctx, *msg, pos, "data.source", SourceKind::kUnknown);
    }
    if (auto c = msg->find("content"); c != msg->end() && type == "tool/result" && msg == &data) {
        // Flat form (web client logs): {callId, content: [text parts], isError} is one result.
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = m_ctx.str(data, "callId", pos, "data.callId").value_or("");
        r.text = m_ctx.redact_text(flatten_text(*c));
        if (auto e = data.find("isError"); e != data.end() && e->is_boolean()) r.is_error = e->get<bool>();
        if (m.source.call_id.empty()) m.source.call_id = r.tool_id;
        m.blocks.push_back(std::move(r));
    } else if (c != msg->end())
        parse_blocks(*c, pos, msg == &data ? "data.content" : "data.message.content", m.blocks);
    else
        m_ctx.warning(pos, "data.content", "message has no content");
    m.source_event_seqs = source_seqs(v, pos);
    if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
    surface_op(v, pos, seq);
    m_session.messages.push_back(std::move(m));
}

void DshReader::surface_op(const json& v, RecordPos pos, int64_t seq) {
    auto it = v.find("surfaceOp");
    if (it == v.end() || it->is_null() || it->is_string()) return;  // "append"
    if (!it->is_object()) {
        m_ctx.error(pos, "surfaceOp", "expected \"append\" or {op, start, end}");
        return;
    }
    auto op = m_ctx.str(*it, "op", pos, "surfaceOp.op").value_or("");
    if (op != "replace") {
        if (op != "append") m_ctx.warning(pos, "surfaceOp.op", "unknown surface op '" + op + "' ignored");
        return;
    }
    // v0–v2 write start/end; v3+ write startSeq/endSeq. Both are inclusive seqs.
    auto s = it->contains("startSeq") ? m_ctx.integer(*it, "startSeq", pos, "surfaceOp.startSeq")
                                      : m_ctx.integer(*it, "start", pos, "surfaceOp.start");
    auto e = it->contains("endSeq") ? m_ctx.integer(*it, "endSeq", pos, "surfaceOp.endSeq")
                                    : m_ctx.integer(*it, "end", pos, "surfaceOp.end");
    if (!s || !e || *e < *s || *s > seq) {
        m_ctx.error(pos, "surfaceOp", "replace op needs start ≤ end ≤ this event's seq");
        return;
    }
    m_shadow_ranges.emplace_back(*s, *e);
    // Attach the range to the compaction that produced it (the newest one without a range).
    for (auto rit = m_session.checkpoints.rbegin(); rit != m_session.checkpoints.rend(); ++rit) {
        if (!rit->shadowed_start) {
            rit->shadowed_start = *s;
            rit->shadowed_end = *e;
            return;
        }
        if (*rit->shadowed_start == *s && *rit->shadowed_end == *e) return;
    }
    CheckpointRecord cp;
    cp.id = "replace@" + std::to_string(seq);
    cp.kind = "surface-replace";
    cp.seq = seq;
    cp.shadowed_start = *s;
    cp.shadowed_end = *e;
    m_session.checkpoints.push_back(std::move(cp));
}

void DshReader::compaction(const json& data, const std::string& type, RecordPos pos, int64_t seq) {
    ++m_non_message;
    auto id = m_ctx.str(data, "compactionId", pos, "data.compactionId").value_or("seq-" + std::to_string(seq));
    auto found = m_compactions.find(id);
    if (found == m_compactions.end()) {
        CheckpointRecord cp;
        cp.id = id;
        cp.kind = type == "compaction/prune" ? "prune" : "compaction";
        cp.seq = seq;
        m_session.checkpoints.push_back(std::move(cp));
        found = m_compactions.emplace(id, m_session.checkpoints.size() - 1).first;
    }
    CheckpointRecord& cp = m_session.checkpoints[found->second];
    if (type == "compaction/summary") {
        if (auto s = data.find("summary"); s != data.end()) cp.summary = m_ctx.redact_text(flatten_text(*s));
        if (const json* r = m_ctx.object(data, "shadowedRange", pos, "data.shadowedRange")) {
            cp.shadowed_start = m_ctx.integer(*r, "start", pos, "data.shadowedRange.start");
            cp.shadowed_end = m_ctx.integer(*r, "end", pos, "data.shadowedRange.end");
        }
    } else if (type == "compaction/prune") {
        if (const json* r = m_ctx.object(data, "range", pos, "data.range")) {
            cp.shadowed_start = m_ctx.integer(*r, "start", pos, "data.range.start");
            cp.shadowed_end = m_ctx.integer(*r, "end", pos, "data.range.end");
            // A prune shadows earlier events: a range outside [0, its own seq] would hide the
            // whole session (or nothing) without a word, so it is reported and not applied.
            if (cp.shadowed_start && cp.shadowed_end) {
                if (*cp.shadowed_start < 0 || *cp.shadowed_start > *cp.shadowed_end || *cp.shadowed_end > seq)
                    m_ctx.warning(pos, "data.range",
                                  "prune range " + std::to_string(*cp.shadowed_start) + ".." +
                                      std::to_string(*cp.shadowed_end) + " is outside 0.." + std::to_string(seq) +
                                      " (the events before the prune); not applied",
                                  "the harness wrote an impossible range: check the log");
                else
                    m_shadow_ranges.emplace_back(*cp.shadowed_start, *cp.shadowed_end);
            }
        }
    } else if (type != "compaction/start" && type != "compaction/end") {
        m_ctx.unknown_type(pos, type);
    }
}

void DshReader::chunk(const json& data, const std::string& type, RecordPos pos, int64_t seq) {
    ++m_non_message;
    auto turn = m_ctx.integer(data, "turn", pos, "data.turn");
    auto step = m_ctx.integer(data, "step", pos, "data.step");
    if (!turn || !step) {
        m_ctx.error(pos, "data.turn", "chunk without turn/step cannot be folded; skipped");
        return;
    }
    auto [it, fresh] = m_pending.try_emplace({*turn, *step});
    PendingStep& ps = it->second;
    if (fresh) {
        ps.first_seq = seq;
        ps.first_pos = pos;
    }
    ps.seqs.push_back(seq);
    fold_raw(ps);  // keep the stream's order
    fold_chunk(ps, data, type, pos);
}

void DshReader::fold_raw(PendingStep& ps) {
    std::vector<RawChunk> raw = std::move(ps.raw);
    ps.raw.clear();
    for (const auto& r : raw) {
        auto fast = parse_json_fast(r.line);
        json v = fast ? std::move(*fast) : json::parse(r.line);  // validated by json::accept when kept
        const json* data = m_ctx.object(v, "data", r.pos, "data");
        if (data) fold_chunk(ps, *data, r.type, r.pos);
    }
}

// Chunk lines (most of a log's bytes) and events never used are validated without building a
// DOM; chunks are kept as text and parsed only if no assistant/message confirms their step.
bool DshReader::fast_path(const Line& line, RecordPos pos) {
    static constexpr std::string_view kPrefix = "{\"type\":\"";
    const std::string_view t = line.text;
    if (line.too_long || t.substr(0, kPrefix.size()) != kPrefix) return false;
    const size_t type_end = t.find('"', kPrefix.size());
    if (type_end == std::string_view::npos) return false;
    const std::string type(t.substr(kPrefix.size(), type_end - kPrefix.size()));
    const bool is_chunk = type == "assistant/chunk" || type == "text-chunks" || type == "reasoning-chunks" ||
                          type == "tool-call-chunks";
    const bool skip = !is_chunk && type != "step/end" && type != "turn/end" && !harness_fact_types().count(type) &&
                      known_non_surface().count(type);
    if (!is_chunk && !skip) return false;
    // The envelope must be exactly {"type":..,["seq":N,]["time":..,]"data":{"turn":T,"step":S,...
    auto number_after = [&](std::string_view key, size_t from) -> std::optional<std::pair<int64_t, size_t>> {
        if (t.compare(from, key.size(), key) != 0) return std::nullopt;
        size_t i = from + key.size(), start = i;
        int64_t n = 0;
        while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])) && i - start < 18) n = n * 10 + (t[i++] - '0');
        if (i == start) return std::nullopt;
        return std::make_pair(n, i);
    };
    std::optional<int64_t> seq, turn, step;
    size_t at = type_end + 1;
    if (auto s = number_after(",\"seq\":", at)) seq = s->first, at = s->second;
    if (is_chunk) {
        const size_t data = t.find(",\"data\":{", at);
        if (data == std::string_view::npos || t.substr(at, data - at).find('{') != std::string_view::npos) return false;
        auto tv = number_after("\"turn\":", data + 9);
        if (!tv) return false;
        auto sv = number_after(",\"step\":", tv->second);
        if (!sv) return false;
        turn = tv->first;
        step = sv->first;
    }
    if (!json::accept(t)) return false;  // the normal path reports exactly what is wrong
    const int64_t index = m_event_index++;
    ++m_non_message;
    if (skip) return true;
    auto [it, fresh] = m_pending.try_emplace({*turn, *step});
    PendingStep& ps = it->second;
    const int64_t s = seq.value_or(index);
    if (fresh) {
        ps.first_seq = s;
        ps.first_pos = pos;
    }
    ps.seqs.push_back(s);
    ps.raw.push_back({std::string(t), type, pos, s});
    return true;
}

void DshReader::fold_chunk(PendingStep& ps, const json& data, const std::string& type, RecordPos pos) {
    if (type == "assistant/chunk") {
        const json* c = m_ctx.object(data, "chunk", pos, "data.chunk");
        if (!c) return;
        auto ctype = m_ctx.str(*c, "type", pos, "data.chunk.type").value_or("");
        int64_t index = m_ctx.integer(*c, "index", pos, "data.chunk.index").value_or(0);
        if (ctype == "block-start") {
            auto bt = m_ctx.str(*c, "blockType", pos, "data.chunk.blockType").value_or("text");
            auto& b = ps.blocks[index];
            b.kind = bt == "reasoning" ? BlockKind::kReasoning
                     : bt == "tool-call" ? BlockKind::kToolCall : BlockKind::kText;
        } else if (ctype == "text-delta" || ctype == "reasoning-delta") {
            auto& b = ps.blocks[index];
            if (ctype == "reasoning-delta") b.kind = BlockKind::kReasoning;
            b.text += m_ctx.str(*c, "text", pos, "data.chunk.text").value_or("");
        } else if (ctype == "tool-call-delta") {
            auto& b = ps.blocks[index];
            b.kind = BlockKind::kToolCall;
            if (auto id = m_ctx.str(*c, "id", pos, "data.chunk.id")) b.id = *id;
            if (auto n = m_ctx.str(*c, "name", pos, "data.chunk.name")) b.name = *n;
            b.arguments += m_ctx.str(*c, "argumentsDelta", pos, "data.chunk.argumentsDelta").value_or("");
        } else if (ctype == "block-end") {
            const json* blk = m_ctx.object(*c, "block", pos, "data.chunk.block");
            if (!blk) return;
            auto& b = ps.blocks[index];
            auto bt = m_ctx.str(*blk, "type", pos, "data.chunk.block.type").value_or("text");
            b.complete = true;
            if (bt == "tool-call") {
                b.kind = BlockKind::kToolCall;
                b.id = m_ctx.str(*blk, "id", pos, "data.chunk.block.id").value_or(b.id);
                b.name = m_ctx.str(*blk, "name", pos, "data.chunk.block.name").value_or(b.name);
                if (auto a = blk->find("arguments"); a != blk->end())
                    b.arguments = a->is_string() ? a->get<std::string>() : a->dump();
            } else {
                b.kind = bt == "reasoning" ? BlockKind::kReasoning : BlockKind::kText;
                b.text = m_ctx.str(*blk, "text", pos, "data.chunk.block.text").value_or(b.text);
            }
        } else if (ctype != "usage" && ctype != "finish" && ctype != "start" && !ctype.empty()) {
            m_ctx.unknown_type(pos, "assistant/chunk " + ctype);
        }
        return;
    }
    // Packed rows: {index, dt[], texts[]} or, for tool calls, {index, id, name, args[]}.
    int64_t index = m_ctx.integer(data, "index", pos, "data.index").value_or(0);
    auto& b = ps.blocks[index];
    auto join = [&](const char* key) {
        std::string out;
        if (const json* parts = m_ctx.array(data, key, pos, std::string("data.") + key))
            for (const auto& p : *parts)
                if (p.is_string()) out += p.get_ref<const std::string&>();
        return out;
    };
    if (type == "tool-call-chunks") {
        b.kind = BlockKind::kToolCall;
        if (auto id = m_ctx.str(data, "id", pos, "data.id")) b.id = *id;
        if (auto n = m_ctx.str(data, "name", pos, "data.name")) b.name = *n;
        if (!b.complete) b.arguments += join("args");
    } else {
        b.kind = type == "reasoning-chunks" ? BlockKind::kReasoning : BlockKind::kText;
        if (!b.complete) b.text += join("texts");
    }
}

void DshReader::flush_step(std::pair<int64_t, int64_t> key) {
    auto it = m_pending.find(key);
    if (it == m_pending.end()) return;
    PendingStep ps = std::move(it->second);
    m_pending.erase(it);
    fold_raw(ps);
    Message m;
    m.role = Role::kAssistant;
    m.source.kind = SourceKind::kModel;
    m.seq = ps.first_seq;
    m.line = ps.first_pos.line;
    m.seeded = m_seeded;
    m.from_chunks = true;
    m.id = "chunks:" + std::to_string(key.first) + "." + std::to_string(key.second);
    m.source_event_seqs = ps.seqs;
    for (auto& [index, pb] : ps.blocks) {
        ContentBlock b;
        b.kind = pb.kind;
        if (pb.kind == BlockKind::kToolCall) {
            b.tool_id = pb.id;
            b.tool_name = pb.name;
            b.arguments = m_ctx.redact_text(pb.arguments);
        } else {
            if (pb.text.empty()) continue;
            b.text = m_ctx.redact_text(pb.text);
        }
        m.blocks.push_back(std::move(b));
    }
    if (m.blocks.empty()) return;
    m_ctx.warning(ps.first_pos, "",
                  "turn " + std::to_string(key.first) + " step " + std::to_string(key.second) +
                      ": assistant message rebuilt from " + std::to_string(ps.seqs.size()) +
                      " streamed chunks (the log has no final assistant/message)",
                  "the stream was cut off; the message may be incomplete");
    m_session.messages.push_back(std::move(m));
}

void DshReader::flush_all() {
    while (!m_pending.empty()) flush_step(m_pending.begin()->first);
}

}  // namespace

void read_dsh(ByteSource& source, ReadContext& ctx) { DshReader(source, ctx).run(); }

}  // namespace bm
