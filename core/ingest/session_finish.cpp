// Shared steps of every reader: the line and record walks, ids on messages, the default branch, empty-session report.
#include "ingest/readers.h"

#include <set>

#include "util/hash.h"

namespace bm {

ContentBlock text_block(ReadContext& ctx, BlockKind kind, std::string_view text) {
    ContentBlock b;
    b.kind = kind;
    b.text = ctx.redact_text(text);
    return b;
}

size_t append_tool_calls(ReadContext& ctx, const json& item, RecordPos pos, const std::string& path,
                         std::vector<ContentBlock>& out) {
    const json* calls = ctx.array(item, "tool_calls", pos, path + ".tool_calls");
    if (!calls) return 0;
    for (size_t k = 0; k < calls->size(); ++k) {
        const json& call = (*calls)[k];
        const std::string cpath = path + ".tool_calls[" + std::to_string(k) + "]";
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_id = ctx.str(call, "id", pos, cpath + ".id").value_or("");
        // {"id", "function": {"name", "arguments"}}, or a flat {"type": "tool", "name", "arguments"} (Replit Agent's
        // memory log; session 34).
        const json* fn = ctx.object(call, "function", pos, cpath + ".function");
        const bool flat = !fn && call.is_object() && call.contains("name");
        if (flat) fn = &call;
        if (fn) {
            c.tool_name = ctx.str(*fn, "name", pos, cpath + (flat ? ".name" : ".function.name")).value_or("");
            if (auto a = fn->find("arguments"); a != fn->end())
                c.arguments = ctx.redact_text(a->is_string() ? a->get<std::string>() : a->dump());
        }
        out.push_back(std::move(c));
    }
    return calls->size();
}

void append_message(Session& session, Message m) {
    m.seq = static_cast<int64_t>(session.messages.size());
    session.messages.push_back(std::move(m));
}

void add_session(Session session, ReadContext& ctx, const std::string& fallback_id, int64_t non_message_records) {
    if (session.id_form.empty()) session.id_form = fallback_id;
    ctx.finish();
    finish_session(session, ctx, RecordPos{1, 0}, non_message_records);
    ctx.result().sessions.push_back(std::move(session));
}

EnvironmentFact member_fact(ReadContext& ctx, const char* name, const std::string& value, const std::string& field,
                            int64_t line, const char* member, const json& member_value) {
    EnvironmentFact f;
    f.name = name;
    f.value = ctx.redact_text(value);
    f.field = field;
    f.line = line;
    f.quote = ctx.redact_raw("\"" + std::string(member) + "\":" + member_value.dump());
    return f;
}

void open_with_exit_code(int64_t code, std::string& text, bool& failed) {
    text = "[exit code: " + std::to_string(code) + "]\n" + text;
    failed = failed || code != 0;
}

Message tool_answer(const Message& m, const std::string& call_id, size_t index, ContentBlock result) {
    Message t;
    t.id = m.id + "/" + (call_id.empty() ? std::to_string(index) : call_id);
    t.line = m.line;
    t.time = m.time;
    t.role = Role::kTool;
    t.source.kind = SourceKind::kTool;
    t.source.call_id = call_id;
    result.kind = BlockKind::kToolResult;
    result.tool_id = call_id;
    t.blocks.push_back(std::move(result));
    return t;
}

void for_each_line(ByteSource& source, ReadContext& ctx, const std::function<void(const Line&)>& on_line) {
    LineReader lines(source, ctx.options().max_line_bytes);
    Line line;
    while (true) {
        auto more = lines.next(line);
        if (!more) {
            ctx.result().errors.push_back(more.error());
            ctx.result().partial = true;
            return;
        }
        if (!*more) return;
        on_line(line);
    }
}

std::optional<std::string> for_each_record(ByteSource& source, ReadContext& ctx,
                                           const std::function<void(const json&, RecordPos, std::string_view)>& on_record) {
    int64_t records = 0;
    Sha256Stream content;
    for_each_line(source, ctx, [&](const Line& line) {
        content.update(line.text);
        content.update("\n");
        auto v = ctx.parse_line(line);
        if (!v) return;
        ++records;
        on_record(*v, RecordPos{line.number, line.offset}, line.text);
    });
    if (records == 0) {
        if (ctx.result().errors.empty()) ctx.error(RecordPos{1, 0}, "", "file has no records: it is empty");
        return std::nullopt;
    }
    return to_hex(content.finish());
}

void finish_session(Session& session, ReadContext& ctx, RecordPos header_pos,
                    int64_t non_message_records) {
    session.id = canonical_session_id(session.id_form);
    session.redactions = ctx.take_session_redactions();
    for (auto& m : session.messages) m.session_id = session.id;
    ensure_linear_branch(session);
    // Branch names are keys of the workspace: two of one name made it refuse the whole load (session 32). Whatever a
    // reader named them, a repeated name is told apart.
    std::set<std::string> names;
    for (Branch& b : session.branches) {
        if (names.insert(b.id).second) continue;
        int k = 2;
        while (!names.insert(b.id + "#" + std::to_string(k)).second) ++k;
        ctx.warning(header_pos, "", "two branches of session '" + session.id_form + "' are named '" + b.id +
                                        "'; the later is read as '" + b.id + "#" + std::to_string(k) + "'");
        b.id += "#" + std::to_string(k);
    }
    if (session.messages.empty()) {
        ctx.warning(header_pos, "",
                    "session '" + session.id_form + "' has no messages: the log holds " +
                        (non_message_records == 0
                             ? std::string("only its header")
                             : "its header and " + std::to_string(non_message_records) +
                                   " non-conversation records"),
                    session.environment.empty()
                        ? std::string("nothing from this session can be merged")
                        : "its " + std::to_string(session.environment.size()) +
                              " harness record(s) of the run can still be merged as env.* and harness facts; "
                              "placeholders are skipped (docs/extract.md)");
    }
}

}  // namespace bm

namespace bm {
std::string string_member(const json& v, const char* key) {
    const auto it = v.find(key);
    return it != v.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<std::string> tagged(const std::string& text, const std::string& open, const std::string& close) {
    const size_t b = text.find(open);
    if (b == std::string::npos) return std::nullopt;
    size_t s = b + open.size();
    size_t e = text.find(close, s);
    if (e == std::string::npos) return std::nullopt;
    while (s < e && (text[s] == '\n' || text[s] == '\r')) ++s;
    while (e > s && (text[e - 1] == '\n' || text[e - 1] == '\r')) --e;
    return text.substr(s, e - s);
}

std::string file_stem(const std::string& path) {
    size_t slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    size_t dot = name.find('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}
}  // namespace bm
