// Gemini CLI's `/chat share <file>.md` export (also Qwen Code's): turns parted by "---" lines,
// each opened by a "## USER 🧑‍💻" / "## MODEL ✨" heading; a turn's parts joined as written: text,
// and "**Tool Command**:" / "**Tool Response**:" each followed by a ```json block (a functionCall
// {name, args, id?}, a functionResponse {id, name, response: {output | error}}).
#include "ingest/gemini_share_reader.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "ingest/readers.h"
#include "ingest/referenced_files.h"
#include "ingest/text_lines.h"
#include "util/hash.h"
#include "util/trim.h"

namespace bm {

namespace {

enum class Turn { kNone, kUser, kModel };

constexpr std::string_view kCommand = "**Tool Command**:";
constexpr std::string_view kResponse = "**Tool Response**:";
// The role a turn heading names: "## USER 🧑‍💻", "## MODEL ✨", or the icon first
// ("🧑‍💻 ## USER"); kNone for any other line. The icon is optional and any non-ASCII word.
Turn heading(std::string_view line) {
    line = trim(line);
    std::string_view icon;
    if (!line.empty() &&
        static_cast<unsigned char>(line.front()) >= 0x80) {  // "🧑‍💻 ## USER"
        const size_t sp = line.find(' ');
        if (sp == std::string_view::npos) return Turn::kNone;
        icon = line.substr(0, sp);
        line = trim_left(line.substr(sp));
    }
    if (line.rfind("## ", 0) != 0) return Turn::kNone;
    line.remove_prefix(3);
    const size_t sp = line.find(' ');
    const std::string_view role = line.substr(0, sp);
    if (sp != std::string_view::npos) {
        const std::string_view rest = trim(line.substr(sp));
        if (!icon.empty() || rest.find(' ') != std::string_view::npos ||
            static_cast<unsigned char>(rest.front()) < 0x80)
            return Turn::kNone;  // "## USER GUIDE": a Markdown heading, not a turn
    }
    return role == "USER" ? Turn::kUser : role == "MODEL" ? Turn::kModel : Turn::kNone;
}

// One part of a turn's text: prose, or a tool command's / response's JSON.
struct Part {
    enum Kind { kText, kCommand, kResponse } kind = kText;
    std::string text;  // prose, or the JSON block's text
};

// The turn's parts in order. A marker opens a ```json block that ends at the first line of its own
// that is "```" (JSON.stringify's pretty print keeps every newline inside a string escaped).
std::vector<Part> parts_of(std::string_view body) {
    std::vector<Part> out;
    size_t at = 0;
    while (at < body.size()) {
        const size_t c = body.find(kCommand, at), r = body.find(kResponse, at);
        const size_t m = std::min(c, r);
        const bool command = m == c;
        const std::string_view marker = command ? kCommand : kResponse;
        size_t open =
            m == std::string_view::npos ? m : body.find_first_not_of(" \t\r\n", m + marker.size());
        const bool fenced = open != std::string_view::npos && body.compare(open, 7, "```json") == 0;
        const size_t json_at = fenced ? body.find('\n', open) : std::string_view::npos;
        const size_t close =
            json_at == std::string_view::npos ? json_at : body.find("\n```", json_at);
        if (m == std::string_view::npos) {
            out.push_back({Part::kText, std::string(body.substr(at))});
            break;
        }
        if (close == std::string_view::npos) {  // the marker in prose, no block after it: text
            out.push_back({Part::kText, std::string(body.substr(at, m + marker.size() - at))});
            at = m + marker.size();
            continue;
        }
        if (m > at) out.push_back({Part::kText, std::string(body.substr(at, m - at))});
        const size_t json_end = std::max(close, json_at + 1);  // an empty block: ```json then ```
        out.push_back({command ? Part::kCommand : Part::kResponse,
                       std::string(body.substr(json_at + 1, json_end - json_at - 1))});
        at = close + 4;
    }
    return out;
}

class ShareBuilder {
public:
    explicit ShareBuilder(ReadContext& ctx) : m_ctx(ctx) {
        m_session.format = SessionFormat::kGeminiCli;
        m_session.file = ctx.result().file;
    }

    void line(const Line& l) {
        std::string_view text = l.text;
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        m_digest.update(text);
        m_digest.update("\n");
        const Turn role = heading(text);
        // A heading opens a turn at the file's start or right after a "---" line (blank lines
        // between).
        if (role != Turn::kNone && (m_turn == Turn::kNone || m_after_rule)) {
            flush();
            m_turn = role;
            m_first = RecordPos{l.number, l.offset};
            m_after_rule = false;
            return;
        }
        if (m_turn == Turn::kNone) {
            if (!trim(text).empty()) ++m_non_message;  // text before the first heading
            return;
        }
        if (!trim(text).empty()) m_after_rule = trim(text) == "---";
        m_body.append(text).push_back('\n');
    }

    void finish() {
        flush();
        // The whole text names the session: every export opens with the same setup turn for a
        // project and a day.
        add_session(std::move(m_session), m_ctx,
                    "gemini-share-" + to_hex(m_digest.finish()).substr(0, 12), m_non_message);
    }

private:
    void flush() {
        const Turn role = m_turn;
        std::string body = std::move(m_body);
        m_body.clear();
        m_turn = Turn::kNone;
        if (role == Turn::kNone) return;
        // The "---" rule that parted this turn from the next is no part of it.
        std::string_view b = trim_right(body);
        if (b.ends_with("\n---") || b == "---") b = trim_right(b.substr(0, b.size() - 3));
        const std::vector<Part> parts = parts_of(trim_left(b));
        Message m = message(role == Turn::kUser ? Role::kUser : Role::kAssistant);
        std::vector<Message> after;  // the answers to this turn's calls, in order
        std::string prose;
        for (size_t k = 0; k < parts.size(); ++k) {
            const Part& p = parts[k];
            if (p.kind == Part::kText) {
                prose += p.text;
                continue;
            }
            const json v = json::parse(p.text, nullptr, false);
            if (!v.is_object()) {
                m_ctx.error(
                    m_first, p.kind == Part::kCommand ? "Tool Command" : "Tool Response",
                    "the ```json block after the turn heading is not a JSON object; part skipped");
                m_ctx.result().partial = true;
                continue;
            }
            if (p.kind == Part::kCommand)
                command(v, k, m);
            else
                after.push_back(response(v, k, m));
        }
        // Results first: a user turn of responses answers the calls before it; its own words (rare)
        // follow.
        for (Message& r : after) append_message(m_session, std::move(r));
        if (trim(prose).empty() && !has_call(m)) return;
        if (role == Turn::kUser) return user_words(std::string(trim(prose)), std::move(m));
        if (!trim(prose).empty())
            m.blocks.insert(m.blocks.begin(),
                            text_block(m_ctx, BlockKind::kText, std::string(trim(prose))));
        append_message(m_session, std::move(m));
    }

    static bool has_call(const Message& m) {
        for (const ContentBlock& b : m.blocks)
            if (b.kind == BlockKind::kToolCall) return true;
        return false;
    }

    Message message(Role role) {
        Message m;
        m.id = "t" + std::to_string(m_first.line);
        m.line = m_first.line;
        m.role = role;
        m.source.kind = role == Role::kUser ? SourceKind::kUser : SourceKind::kModel;
        return m;
    }

    // A user turn's prose: the CLI's setup turn and its compression summary are the harness's; an @path
    // mention's files are the user's read, and a shell-mode note the user's shell call.
    void user_words(std::string text, Message m) {
        if (gemini_setup_turn(text)) {
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "gemini-cli-context";
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
            return append_message(m_session, std::move(m));
        }
        if (auto ref = split_referenced_files(text)) {
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, ref->words));
            std::optional<Message> read;
            if (!trim(ref->contents).empty()) read = referenced_files_read(*ref, m, m_ctx);
            append_message(m_session, std::move(m));
            if (read) append_message(m_session, std::move(*read));
            return;
        }
        const bool snapshot = gemini_state_snapshot(text);
        if (auto note = gemini_shell_note(text)) shell_note_as_call(*note, m, m_ctx);  // the user's `!cmd` run
        else m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        append_message(m_session, std::move(m));
        if (snapshot) mark_state_snapshot(m_session);
    }

    void command(const json& v, size_t k, Message& m) {
        ContentBlock c;
        c.kind = BlockKind::kToolCall;
        c.tool_name = string_member(v, "name");
        c.tool_id = string_member(v, "id");
        if (c.tool_id.empty())
            c.tool_id = m.id + "/" + std::to_string(k);  // older exports write no id
        if (const auto a = v.find("args"); a != v.end()) c.arguments = m_ctx.redact_text(a->dump());
        m_open[c.tool_name].push_back(c.tool_id);
        m_calls.insert(c.tool_id);
        m.blocks.push_back(std::move(c));
    }

    // A response answers the call of its id, else the oldest call of its name still unanswered.
    Message response(const json& v, size_t k, const Message& turn) {
        const std::string name = string_member(v, "name"), id = string_member(v, "id");
        std::string call = m_calls.count(id) ? id : "";
        if (call.empty())
            if (auto open = m_open.find(name); open != m_open.end() && !open->second.empty())
                call = open->second.front();
        if (auto open = m_open.find(name); open != m_open.end())
            if (auto it = std::find(open->second.begin(), open->second.end(), call);
                it != open->second.end())
                open->second.erase(it);
        if (call.empty()) call = id;
        ContentBlock r;
        r.tool_name = name;
        const json body = v.value("response", json());
        r.is_error = body.is_object() && body.contains("error") && !body.contains("output");
        const json& text = !body.is_object()         ? body
                           : body.contains("output") ? body["output"]
                           : body.contains("error")  ? body["error"]
                                                     : body;
        r.text = m_ctx.redact_text(text.is_string() ? text.get<std::string>() : text.dump());
        return tool_answer(turn, call, k, std::move(r));  // "<turn>/<call id>", or "<turn>/<part>" unpaired
    }

    ReadContext& m_ctx;
    Session m_session;
    Turn m_turn = Turn::kNone;
    bool m_after_rule = false;  // the last line with text was a "---" rule
    RecordPos m_first;
    std::string m_body;
    Sha256Stream m_digest;  // of the lines read
    int64_t m_non_message = 0;
    std::map<std::string, std::deque<std::string>>
        m_open;                     // tool name -> its calls not answered yet
    std::set<std::string> m_calls;  // every call id read
};

}  // namespace

bool is_gemini_share_export(std::string_view text) {
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.remove_prefix(3);
    const size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return false;
    text.remove_prefix(start);
    // The first heading carries its icon: a notes file opening "## USER" is no export.
    const std::string_view first = trim(text.substr(0, text.find('\n')));
    const bool icon = !first.empty() && (static_cast<unsigned char>(first.front()) >= 0x80 ||
                                         static_cast<unsigned char>(first.back()) >= 0x80);
    return icon && heading(first) != Turn::kNone;
}

void read_gemini_share(ByteSource& source, ReadContext& ctx) {
    ShareBuilder b(ctx);
    for_each_text_line(source, ctx, [&](const Line& line) { b.line(line); });
    b.finish();
}

}  // namespace bm
