// Gemini CLI chat recordings (~/.gemini/tmp/<project>/chats/session-*.json[l]): the JSONL log
// (a metadata line, message records re-appended whole when they change, `$set` and `$rewindTo`
// records) and the older single JSON document {sessionId, projectHash, startTime, messages[]}.
#include <algorithm>
#include <map>
#include <set>

#include "ingest/readers.h"
#include "ingest/referenced_files.h"
#include "util/trim.h"

namespace bm {

namespace {

// A message record as last written (a later copy with the same id replaces an earlier one).
struct GeminiRecord {
    json value;
    RecordPos pos;
    std::string path;  // JSON path for diagnostics ("" for a JSONL line, "messages[i]" in a document)
    std::string raw;   // original line text (JSONL); empty: dumped again
};

class GeminiBuilder {
public:
    explicit GeminiBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kGeminiCli;
        m_session.file = ctx.result().file;
    }

    // One JSONL record (or a document's metadata / message).
    void record(const json& v, RecordPos pos, const std::string& path, std::string_view raw) {
        if (auto r = v.find("$rewindTo"); r != v.end()) {
            if (r->is_string()) rewind(r->get<std::string>());
            else m_ctx.error(pos, path + "$rewindTo", "expected a message id string; record skipped");
            ++m_non_message;
        } else if (v.contains("$set")) {
            const json* set = m_ctx.object(v, "$set", pos, path + "$set");
            if (set) {
                metadata(*set, pos, path + "$set.");
                if (const json* messages = m_ctx.array(*set, "messages", pos, path + "$set.messages"))
                    snapshot(*messages, pos, path + "$set.messages");
            }
            ++m_non_message;
        } else if (v.contains("id")) {
            const std::string id = string_member(v, "id");
            if (id.empty()) {
                m_ctx.error(pos, path + "id", "message record without a non-empty string id; skipped");
                m_ctx.result().partial = true;
                return;
            }
            upsert(id, GeminiRecord{v, pos, path, std::string(raw)}, /*append_live=*/true);
        } else if (v.contains("sessionId")) {
            metadata(v, pos, path);
            ++m_non_message;
        } else {
            m_ctx.unknown_type(pos, "record without id, $set or $rewindTo");
        }
    }

    void metadata(const json& v, RecordPos pos, const std::string& path) {
        if (auto id = m_ctx.str(v, "sessionId", pos, path + "sessionId"); id && !id->empty()) m_session.id_form = *id;
        if (auto t = m_ctx.str(v, "startTime", pos, path + "startTime"); t && m_session.created_at.empty())
            m_session.created_at = *t;
    }

    void finish(const std::string& digest) {
        if (m_session.id_form.empty()) {
            m_ctx.warning(RecordPos{1, 0}, "sessionId", "no sessionId in the recording; named after the file");
            m_session.id_form = "gemini-" + file_stem(m_session.file) + "-" + digest.substr(0, 8);
        }
        std::vector<std::vector<size_t>> message_of(m_records.size());
        for (size_t r = 0; r < m_records.size(); ++r) message_of[r] = build(r);
        auto to_messages = [&](const std::vector<size_t>& path) {
            std::vector<size_t> out;
            for (size_t r : path) out.insert(out.end(), message_of[r].begin(), message_of[r].end());
            return out;
        };
        if (!m_cut_paths.empty()) {  // rewound: the live path and each path before a rewind
            m_session.branches.push_back(Branch{canonical_session_id(m_session.id_form), to_messages(m_live), false});
            for (size_t k = 0; k < m_cut_paths.size(); ++k)
                m_session.branches.push_back(Branch{canonical_session_id(m_session.id_form) + "-rewound-" +
                                                        std::to_string(k + 1),
                                                    to_messages(m_cut_paths[k]), false});
        }
        m_ctx.finish();
        finish_session(m_session, m_ctx, RecordPos{1, 0}, m_non_message);
        m_ctx.result().sessions.push_back(std::move(m_session));
    }

private:
    void upsert(const std::string& id, GeminiRecord rec, bool append_live) {
        if (auto it = m_index.find(id); it != m_index.end()) {
            m_records[it->second] = std::move(rec);  // the writer re-appends a message whole
            return;
        }
        m_index[id] = m_records.size();
        m_records.push_back(std::move(rec));
        if (append_live) m_live.push_back(m_records.size() - 1);
    }

    // `$rewindTo`: that message and all after it leave the conversation (kept on their own branch).
    void rewind(const std::string& id) {
        size_t keep = 0;  // the writer's loader clears everything when the id is unknown
        if (auto it = m_index.find(id); it != m_index.end())
            for (size_t k = 0; k < m_live.size(); ++k)
                if (m_live[k] == it->second) keep = k;
        cut(std::vector<size_t>(m_live.begin(), m_live.begin() + static_cast<std::ptrdiff_t>(keep)));
    }

    // `$set.messages`: the whole conversation as the CLI now holds it.
    void snapshot(const json& messages, RecordPos pos, const std::string& path) {
        std::vector<size_t> live;
        for (size_t i = 0; i < messages.size(); ++i) {
            const std::string p = path + "[" + std::to_string(i) + "].";
            const json& m = messages[i];
            const std::string id = m.is_object() ? string_member(m, "id") : std::string();
            if (id.empty()) {
                m_ctx.error(pos, p + "id", "snapshot message without a non-empty string id; skipped");
                m_ctx.result().partial = true;
                continue;
            }
            upsert(id, GeminiRecord{m, pos, p, {}}, false);
            live.push_back(m_index[id]);
        }
        cut(std::move(live));
    }

    // Replaces the live path; the old one is kept as a branch when messages left it.
    void cut(std::vector<size_t> live) {
        bool dropped = false;
        for (size_t r : m_live)
            if (std::find(live.begin(), live.end(), r) == live.end()) dropped = true;
        if (dropped) {
            m_cut_paths.push_back(m_live);
            for (auto it = m_index.begin(); it != m_index.end();)
                it = std::find(live.begin(), live.end(), it->second) == live.end() ? m_index.erase(it) : std::next(it);
        }
        m_live = std::move(live);
    }

    // The messages of record `r` (an assistant turn with tool calls also yields one tool message per
    // answered call); returns their indexes in the session.
    std::vector<size_t> build(size_t r) {
        const GeminiRecord& rec = m_records[r];
        const json& v = rec.value;
        const std::string& p = rec.path;
        std::vector<size_t> out;
        Message m;
        m.seq = static_cast<int64_t>(r);
        m.id = string_member(v, "id");
        if (m.id.empty()) m.id = "m" + std::to_string(r);
        if (!m_built_ids.insert(m.id).second) m.id += "~" + std::to_string(r);  // an id reused after a rewind
        m.line = rec.pos.line;
        m.time = m_ctx.str(v, "timestamp", rec.pos, p + "timestamp").value_or("");
        const std::string type = m_ctx.str(v, "type", rec.pos, p + "type").value_or("");
        const std::string text = v.contains("content") ? flatten_text(v["content"]) : "";
        if (type == "user") {
            // Session 34: newer CLIs also write the results of the model's calls as a `user` record of
            // functionResponse parts; when the calls' own `result`s hold them already, the user typed none of it.
            if (echoes_answered_calls(v)) {
                ++m_non_message;
                return out;
            }
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
            // Session 36: an older CLI recorded a tool's response as a user message, rendered "[Function Response:
            // read_many_files]…" (its partToString): the CLI's notice, not the user's words.
            if (function_response_echo(text)) {
                m.role = Role::kSystem;
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "gemini-cli-function-response";
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
                if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(rec.raw.empty() ? v.dump() : rec.raw);
                return push_built(m, out, {});
            }
            // "@path" mentions: the CLI appends the files' contents after "--- Content from referenced files ---".
            // The user typed the words before it; the files are read as the user's own read_many_files call.
            if (auto ref = split_referenced_files(text)) {
                m.blocks.push_back(text_block(m_ctx, BlockKind::kText, ref->words));
                std::vector<Message> results;
                if (!trim(ref->contents).empty()) results.push_back(referenced_files_read(*ref, m, m_ctx));
                if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(rec.raw.empty() ? v.dump() : rec.raw);
                return push_built(m, out, std::move(results));
            }
            // The CLI's setup turn ("<session_context>\nThis is the Gemini CLI. We are setting up the context for our
            // chat. …", with the workspace's file tree): the harness's words, as in a saved chat.
            if (gemini_setup_turn(text)) {
                m.source.kind = SourceKind::kPlugin;
                m.source.name = "gemini-cli-context";
            }
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        } else if (type == "gemini") {
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            m.source.model = m_ctx.str(v, "model", rec.pos, p + "model").value_or("");
            if (const json* thoughts = m_ctx.array(v, "thoughts", rec.pos, p + "thoughts"))
                for (const auto& t : *thoughts)
                    if (t.is_object()) {
                        const std::string s = string_member(t, "subject"), d = string_member(t, "description");
                        if (!s.empty() || !d.empty())
                            m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, s.empty() ? d : d.empty() ? s : s + ": " + d));
                    }
            if (!text.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        } else if (type == "info" || type == "warning" || type == "error") {
            m.role = Role::kSystem;  // the CLI's own notices, not the model's words
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "gemini-cli-" + type;
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        } else {
            m_ctx.unknown_type(rec.pos, "message type '" + type + "'");
            return out;
        }
        std::vector<Message> results;
        if (type == "gemini")
            if (const json* calls = m_ctx.array(v, "toolCalls", rec.pos, p + "toolCalls"))
                for (size_t k = 0; k < calls->size(); ++k)
                    tool_call((*calls)[k], rec, p + "toolCalls[" + std::to_string(k) + "].", m, results);
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(rec.raw.empty() ? v.dump() : rec.raw);
        return push_built(m, out, std::move(results));
    }

    // Appends message `m` and the results answering its calls to the session; returns their indexes.
    std::vector<size_t> push_built(Message& m, std::vector<size_t>& out, std::vector<Message> results) {
        out.push_back(m_session.messages.size());
        m_session.messages.push_back(std::move(m));
        for (auto& t : results) {
            out.push_back(m_session.messages.size());
            m_session.messages.push_back(std::move(t));
        }
        return out;
    }


    // A content array of functionResponse parts and nothing else, each answering a call read with its result.
    bool echoes_answered_calls(const json& v) const {
        const auto c = v.find("content");
        if (c == v.end() || !c->is_array() || c->empty()) return false;
        return std::all_of(c->begin(), c->end(), [this](const json& part) {
            if (!part.is_object()) return false;
            const auto fr = part.find("functionResponse");
            return fr != part.end() && fr->is_object() && m_answered.count(string_member(*fr, "id")) > 0;
        });
    }

    void tool_call(const json& call, const GeminiRecord& rec, const std::string& p, Message& m,
                   std::vector<Message>& results) {
        if (!call.is_object()) {
            m_ctx.error(rec.pos, p, "expected a tool call object; skipped");
            return;
        }
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_id = m_ctx.str(call, "id", rec.pos, p + "id").value_or("");
        c.tool_name = m_ctx.str(call, "name", rec.pos, p + "name").value_or("");
        if (auto a = call.find("args"); a != call.end()) c.arguments = m_ctx.redact_text(a->dump());
        m.blocks.push_back(c);
        auto result = call.find("result");
        if (result == call.end() || result->is_null()) return;  // never answered (cancelled, interrupted)
        if (!c.tool_id.empty()) m_answered.insert(c.tool_id);
        ContentBlock r;
        r.kind = BlockKind::kToolResult;
        r.tool_id = c.tool_id;
        const std::string status = m_ctx.str(call, "status", rec.pos, p + "status").value_or("");
        r.is_error = status == "error";
        std::string text;
        for (const auto& part : result->is_array() ? *result : json::array({*result})) {
            std::string piece;
            if (part.is_string()) piece = part.get<std::string>();
            else if (auto fr = part.is_object() ? part.find("functionResponse") : part.end();
                     part.is_object() && fr != part.end() && fr->is_object()) {
                const json resp = fr->value("response", json());
                if (resp.is_object() && resp.contains("error")) r.is_error = true;
                const json& body = resp.is_object() && resp.contains("output") ? resp["output"]
                                   : resp.is_object() && resp.contains("error") ? resp["error"] : resp;
                piece = body.is_string() ? body.get<std::string>() : body.dump();
            } else {
                piece = flatten_text(part);
            }
            if (piece.empty()) continue;
            text += (text.empty() ? "" : "\n") + piece;
        }
        r.text = m_ctx.redact_text(text);
        Message t;
        t.seq = m.seq;
        t.id = m.id + "/" + (c.tool_id.empty() ? std::to_string(results.size()) : c.tool_id);
        t.line = m.line;
        t.time = m_ctx.str(call, "timestamp", rec.pos, p + "timestamp").value_or(m.time);
        t.role = Role::kTool;
        t.source.kind = SourceKind::kTool;
        t.source.call_id = c.tool_id;
        t.blocks.push_back(std::move(r));
        results.push_back(std::move(t));
    }

    ReadContext& m_ctx;
    Session m_session;
    std::vector<GeminiRecord> m_records;          // in order of first appearance
    std::map<std::string, size_t> m_index;        // id -> record, for ids still in the conversation
    std::vector<size_t> m_live;                   // records in the conversation now
    std::vector<std::vector<size_t>> m_cut_paths; // the conversation before each rewind or snapshot
    int64_t m_non_message = 0;
    std::set<std::string> m_built_ids;  // message ids given out, kept unique
    std::set<std::string> m_answered;   // ids of calls read with their result
};

}  // namespace

void read_gemini_cli(ByteSource& source, ReadContext& ctx) {
    GeminiBuilder b(ctx);
    // The content's digest names a recording without a sessionId by its content, not its path.
    const auto digest = for_each_record(source, ctx, [&](const json& v, RecordPos pos, std::string_view raw) {
        b.record(v, pos, "", raw);
    });
    if (digest) b.finish(*digest);
}

void read_gemini_cli_document(const json& doc, ReadContext& ctx, const std::string& digest) {
    RecordPos top{1, 0};
    GeminiBuilder b(ctx);
    b.metadata(doc, top, "");
    const json* messages = ctx.array(doc, "messages", top, "messages");
    if (!messages) {
        ctx.error(top, "messages", "chat recording has no messages array");
        return;
    }
    for (size_t i = 0; i < messages->size(); ++i) {
        const json& m = (*messages)[i];
        RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const std::string path = "messages[" + std::to_string(i) + "].";
        if (!m.is_object() || !m.contains("id")) {
            ctx.error(pos, "messages[" + std::to_string(i) + "]", "expected a message object with an id; skipped");
            ctx.result().partial = true;
            continue;
        }
        b.record(m, pos, path, {});
    }
    b.finish(digest);
}

}  // namespace bm
