// The project's own JSONL (docs/formats.md): a header, messages with typed content blocks, and
// optional ground-truth claim annotations validated against the message text.
#include <cctype>

#include "ingest/readers.h"

namespace bm {

namespace {

bool valid_slot_key(const std::string& key) {
    if (key.empty() || key.front() == '.' || key.back() == '.') return false;
    for (char c : key)
        if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
              c == '.' || c == '_' || c == '-'))
            return false;
    return key.find("..") == std::string::npos;
}

void parse_claims(ReadContext& ctx, const json& claims, RecordPos pos, Message& m) {
    std::string all_text;  // quotes may come from reasoning or tool results too
    for (const auto& b : m.blocks) all_text += b.text + "\n";
    for (size_t i = 0; i < claims.size(); ++i) {
        const json& c = claims[i];
        const std::string path = "claims[" + std::to_string(i) + "]";
        if (!c.is_object()) {
            ctx.error(pos, path, "expected a claim object; skipped");
            continue;
        }
        ClaimAnnotation a;
        auto key = ctx.str(c, "key", pos, path + ".key");
        auto value = ctx.str(c, "value", pos, path + ".value");
        if (!key || !valid_slot_key(*key)) {
            ctx.error(pos, path + ".key", "claim key must be a dotted lowercase slot key (e.g. database.engine)");
            continue;
        }
        if (!value || value->empty()) {
            ctx.error(pos, path + ".value", "claim needs a non-empty value (use assert/refute for propositions)");
            continue;
        }
        a.key = *key;
        a.value = *value;
        auto type = ctx.str(c, "type", pos, path + ".type").value_or("Fact");
        if (auto t = slot_type_from_name(type)) a.type = *t;
        else {
            ctx.error(pos, path + ".type", "unknown slot type '" + type + "'",
                      "use Fact, Decision, Constraint, Refuted, Goal, OpenQ or Artifact");
            continue;
        }
        auto ev = ctx.integer(c, "evidence", pos, path + ".evidence");
        if (ev) {
            if (auto e = evidence_from_int(*ev)) a.evidence = *e;
            else {
                ctx.error(pos, path + ".evidence", "evidence must be 1..4 (SPECULATIVE..USER_STATED)");
                continue;
            }
        } else {
            a.evidence = m.role == Role::kUser ? EvidenceLevel::kUserStated
                         : m.role == Role::kTool ? EvidenceLevel::kToolVerified : EvidenceLevel::kInferred;
        }
        a.quote = ctx.redact_text(ctx.str(c, "quote", pos, path + ".quote").value_or(""));
        if (!a.quote.empty() && all_text.find(a.quote) == std::string::npos) {
            ctx.error(pos, path + ".quote", "quote is not a verbatim substring of the message text",
                      "copy the span exactly from the message content");
            continue;
        }
        if (const json* routes = ctx.array(c, "derivedFrom", pos, path + ".derivedFrom")) {
            for (size_t r = 0; r < routes->size(); ++r) {
                const json& route = (*routes)[r];
                std::vector<std::string> keys;
                // A route is a conjunction (array of keys); a bare string is a one-key route.
                if (route.is_string()) keys.push_back(route.get<std::string>());
                else if (route.is_array())
                    for (const auto& k : route)
                        if (k.is_string()) keys.push_back(k.get<std::string>());
                if (keys.empty()) {
                    ctx.error(pos, path + ".derivedFrom[" + std::to_string(r) + "]",
                              "a route is a slot key or an array of slot keys");
                    continue;
                }
                a.derived_from.push_back(std::move(keys));
            }
        }
        m.annotations.push_back(std::move(a));
    }
}

}  // namespace

void read_native(ByteSource& source, ReadContext& ctx) {
    Session session;
    session.format = SessionFormat::kNative;
    session.file = ctx.result().file;
    LineReader lines(source, ctx.options().max_line_bytes);
    Line line;
    bool header = false;
    int64_t non_message = 0;
    RecordPos header_pos{1, 0};
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
        auto type = ctx.str(*v, "type", pos, "type").value_or("");
        if (!header) {
            header = true;
            header_pos = pos;
            if (type != "beliefmerge.session") {
                ctx.error(pos, "type", "first line must be the header {\"type\":\"beliefmerge.session\",...}");
                session.id_form = "native-" + file_stem(session.file);
                ctx.result().partial = true;
            } else {
                auto version = ctx.integer(*v, "version", pos, "version").value_or(1);
                if (version > 1)
                    ctx.warning(pos, "version", "native format version " + std::to_string(version) +
                                                    " is newer than this reader (1)");
                session.format_version = static_cast<int>(version);
                session.id_form = ctx.str(*v, "id", pos, "id").value_or("");
                if (session.id_form.empty()) {
                    ctx.error(pos, "id", "header needs an id");
                    session.id_form = "native-" + file_stem(session.file);
                }
                session.cwd = ctx.str(*v, "cwd", pos, "cwd").value_or("");
                session.created_at = ctx.str(*v, "createdAt", pos, "createdAt").value_or("");
                session.parent_session = ctx.str(*v, "parentSession", pos, "parentSession").value_or("");
                session.seed_length = ctx.integer(*v, "seedLength", pos, "seedLength");
                session.origin = ctx.str(*v, "origin", pos, "origin").value_or("");
                continue;
            }
        }
        if (type == "checkpoint") {
            CheckpointRecord cp;
            cp.kind = "checkpoint";
            cp.id = ctx.str(*v, "id", pos, "id").value_or("line-" + std::to_string(pos.line));
            cp.seq = pos.line - 2;
            cp.shadowed_start = ctx.integer(*v, "start", pos, "start");
            cp.shadowed_end = ctx.integer(*v, "end", pos, "end");
            cp.summary = ctx.redact_text(ctx.str(*v, "summary", pos, "summary").value_or(""));
            session.checkpoints.push_back(std::move(cp));
            ++non_message;
            continue;
        }
        if (type != "message") {
            ctx.unknown_type(pos, type.empty() ? "(none)" : type);
            ++non_message;
            continue;
        }
        Message m;
        m.seq = pos.line - 2;
        m.line = pos.line;
        m.id = ctx.str(*v, "id", pos, "id").value_or("m" + std::to_string(m.seq));
        m.time = ctx.str(*v, "time", pos, "time").value_or("");
        auto role = ctx.str(*v, "role", pos, "role").value_or("");
        if (role == "user") m.role = Role::kUser, m.source.kind = SourceKind::kUser;
        else if (role == "assistant") m.role = Role::kAssistant, m.source.kind = SourceKind::kModel;
        else if (role == "tool") m.role = Role::kTool, m.source.kind = SourceKind::kTool;
        else if (role == "system") m.role = Role::kSystem;
        else if (role == "developer") m.role = Role::kDeveloper;
        else {
            ctx.error(pos, "role", "unknown role '" + role + "'; message skipped",
                      "expected user, assistant, tool, system or developer");
            ctx.result().partial = true;
            continue;
        }
        if (const json* s = ctx.object(*v, "source", pos, "source")) {
            auto kind = ctx.str(*s, "kind", pos, "source.kind").value_or("");
            if (auto k = source_kind_from_name(kind)) m.source.kind = *k;
            else if (!kind.empty())
                ctx.error(pos, "source.kind", "unknown source kind '" + kind + "'", "use user, model, tool, plugin or unknown");
            m.source.provider = ctx.str(*s, "provider", pos, "source.provider").value_or("");
            m.source.model = ctx.str(*s, "model", pos, "source.model").value_or("");
            m.source.call_id = ctx.str(*s, "callId", pos, "source.callId").value_or("");
            m.source.name = ctx.str(*s, "name", pos, "source.name").value_or("");
            m.source.form = ctx.str(*s, "form", pos, "source.form").value_or("");
        }
        auto content = v->find("content");
        if (content == v->end() || content->is_null()) {
            ctx.error(pos, "content", "message has no content; skipped");
            ctx.result().partial = true;
            continue;
        }
        if (content->is_string()) {
            m.blocks.push_back(text_block(ctx, BlockKind::kText, content->get<std::string>()));
        } else if (content->is_array()) {
            for (size_t i = 0; i < content->size(); ++i) {
                const json& b = (*content)[i];
                const std::string path = "content[" + std::to_string(i) + "]";
                auto bt = ctx.str(b, "type", pos, path + ".type").value_or("");
                if (bt == "text" || bt == "reasoning") {
                    m.blocks.push_back(text_block(ctx, bt == "text" ? BlockKind::kText : BlockKind::kReasoning,
                                                  ctx.str(b, "text", pos, path + ".text").value_or("")));
                } else if (bt == "tool_call") {
                    ContentBlock c;
                    c.kind = BlockKind::kToolCall;
                    c.tool_id = ctx.str(b, "id", pos, path + ".id").value_or("");
                    c.tool_name = ctx.str(b, "name", pos, path + ".name").value_or("");
                    if (auto a = b.find("arguments"); a != b.end())
                        c.arguments = ctx.redact_text(a->is_string() ? a->get<std::string>() : a->dump());
                    m.blocks.push_back(std::move(c));
                } else if (bt == "tool_result") {
                    ContentBlock r;
                    r.kind = BlockKind::kToolResult;
                    r.tool_id = ctx.str(b, "callId", pos, path + ".callId").value_or("");
                    r.text = ctx.redact_text(ctx.str(b, "content", pos, path + ".content").value_or(""));
                    if (auto e = b.find("isError"); e != b.end() && e->is_boolean()) r.is_error = e->get<bool>();
                    m.blocks.push_back(std::move(r));
                } else if (bt == "image") {
                    ContentBlock img;
                    img.kind = BlockKind::kImage;
                    img.text = "[image]";
                    m.blocks.push_back(std::move(img));
                } else {
                    ctx.error(pos, path + ".type", "unknown block type '" + bt + "'",
                              "use text, reasoning, tool_call, tool_result or image");
                }
            }
        } else {
            ctx.error(pos, "content", "expected a string or an array of blocks; skipped");
            continue;
        }
        if (const json* claims = ctx.array(*v, "claims", pos, "claims")) parse_claims(ctx, *claims, pos, m);
        if (ctx.options().keep_raw) m.raw = ctx.raw_record(line.text);
        session.messages.push_back(std::move(m));
    }
    if (!header) {
        if (ctx.result().errors.empty()) ctx.error(RecordPos{1, 0}, "", "file is empty: no header line");
        return;
    }
    ctx.finish();
    finish_session(session, ctx, header_pos, non_message);
    ctx.result().sessions.push_back(std::move(session));
}

}  // namespace bm
