// Format detection by content, dispatch to the readers, and input path expansion.
#include "ingest/ingest.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <set>

#include "ingest/agent_memory_log.h"
#include "ingest/antigravity_reader.h"
#include "ingest/codex_exec_text_reader.h"
#include "ingest/copilot_cli_wrapper.h"
#include "ingest/gemini_share_reader.h"
#include "ingest/gemini_prompt_log.h"
#include "ingest/readers.h"
#include "ingest/vscode_chat_reader.h"
#include "redact/redactor.h"
#include "util/hash.h"
#include "util/utf8.h"

namespace bm {

namespace fs = std::filesystem;

namespace {

constexpr size_t kSniffBytes = 64 << 10;
constexpr size_t kMaxSniffBytes = 4 << 20;

// `opencode export <id> > file` keeps the CLI's progress line ("Exporting session: ses_…") before the JSON (session
// 37: two committed session-export.json files refused as "not JSON text"). When the head's first text is that line:
// where it starts, and where the text after it starts (npos while none has come yet).
constexpr std::string_view kExportProgress = "Exporting session: ";
struct ProgressLine {
    size_t line = std::string::npos;
    size_t next = std::string::npos;
};
ProgressLine export_progress_line(std::string_view head) {
    ProgressLine p;
    const size_t t = head.find_first_not_of(" \t\r\n", head.starts_with("\xEF\xBB\xBF") ? 3 : 0);
    if (t == std::string::npos || head.compare(t, kExportProgress.size(), kExportProgress) != 0) return p;
    p.line = t;
    const size_t nl = head.find('\n', t);
    if (nl != std::string::npos) p.next = head.find_first_not_of(" \t\r\n", nl);
    return p;
}

// A pre-0.2 Codex rollout's bare Responses item: a message whose content parts are input_text / output_text, or a
// function_call with its call_id (session 36: a rollout kept from past its meta line was refused).
bool codex_bare_item(const json& v) {
    const auto type = v.find("type");
    if (type == v.end() || !type->is_string() || v.contains("payload")) return false;
    if (*type == "function_call") return v.contains("call_id") && v.contains("name") && v.contains("arguments");
    if (*type != "message" || !v.contains("role")) return false;
    const auto content = v.find("content");
    if (content == v.end() || !content->is_array() || content->empty()) return false;
    return std::all_of(content->begin(), content->end(), [](const json& part) {
        if (!part.is_object()) return false;
        const auto t = part.find("type");
        return t != part.end() && t->is_string() && (*t == "input_text" || *t == "output_text");
    });
}

std::optional<SessionFormat> classify_object(const json& v) {
    if (v.contains("sessionId") && v.contains("projectHash")) return SessionFormat::kGeminiCli;
    auto type = v.value("type", json()).is_string() ? v["type"].get<std::string>() : std::string();
    if (type == "session" && (v.contains("version") || v.contains("createdAt") || v.contains("id")))
        return SessionFormat::kDsh;
    if (type == "beliefmerge.session") return SessionFormat::kNative;
    if (v.contains("payload") &&
        (type == "session_meta" || type == "response_item" || type == "event_msg" ||
         type == "turn_context" || type == "compacted" || type == "world_state" ||
         type == "token_usage_record"))
        return SessionFormat::kCodex;
    // `claude -p --output-format stream-json`: session_id on every line, no parentUuid.
    if (v.contains("session_id") && !v.contains("parentUuid") &&
        (type == "system" || type == "assistant" || type == "user" || type == "result"))
        return SessionFormat::kClaudeCode;
    // Claude Code 2.x transcripts may open with a file-history-snapshot line (no sessionId on it).
    if (v.contains("parentUuid") || v.contains("sessionId") || v.contains("leafUuid") ||
        (type == "summary" && v.contains("summary")) ||
        (type == "file-history-snapshot" && v.contains("messageId") && v.contains("snapshot")))
        return SessionFormat::kClaudeCode;
    if (v.contains("history") && (v.contains("trajectory") || v.contains("environment") || v.contains("info")))
        return SessionFormat::kSweAgent;
    if (v.contains("messages") && v["messages"].is_array()) return SessionFormat::kOpenAiChat;
    if (chat_trajectory(v)) return SessionFormat::kOpenAiChat;
    // A SWE-agent demonstration .traj may hold only its history, whose entries are role messages
    // ({"role", "content", "agent", "message_type"}); OpenHands' history entries are events and have no role.
    if (v.contains("history") && v["history"].is_array() && !v["history"].empty() && v["history"][0].is_object() &&
        v["history"][0].contains("role") && !v["history"][0].contains("source"))
        return SessionFormat::kSweAgent;
    if (openhands_events_member(v)) return SessionFormat::kOpenHands;
    // A .traj kept without its history: SWE-agent's own steps ({thought, action, observation}) in trajectory[].
    if (!v.contains("history") && v.contains("trajectory") && v["trajectory"].is_array() && !v["trajectory"].empty() &&
        v["trajectory"][0].is_object() && v["trajectory"][0].contains("action") &&
        v["trajectory"][0].contains("observation"))
        return SessionFormat::kSweAgent;
    if ((v.contains("action") || v.contains("observation")) && v.contains("source"))
        return SessionFormat::kOpenHands;
    if (is_openhands_v1_event(v)) return SessionFormat::kOpenHands;  // one V1 event a line
    // A chat session kept one message a line: nanobot's metadata line (older nanobot writes it without the
    // session `key`, with only its times: session 25), or a chat message line.
    if ((type.empty() && v.value("_type", json()) == "metadata" && (v.contains("key") || v.contains("created_at"))) ||
        (type.empty() && v.contains("role") && v["role"].is_string() && (v.contains("content") || v.contains("tool_calls"))) ||
        (type.empty() && kimi_record(v)) || enveloped_chat_record(v))
        return SessionFormat::kOpenAiChat;
    if (type.empty() && v.contains("id") && v.contains("timestamp") && v.contains("instructions"))
        return SessionFormat::kCodex;  // pre-0.2 rollout meta line
    if (codex_bare_item(v)) return SessionFormat::kCodex;  // a pre-0.2 rollout read from past its meta line
    return std::nullopt;
}

std::optional<SessionFormat> classify_array(const json& v) {
    if (looks_like_cline(v)) return SessionFormat::kCline;
    for (const auto& item : v) {
        if (!item.is_object()) return std::nullopt;
        if (is_openhands_v1_event(item)) return SessionFormat::kOpenHands;
        if (item.contains("role")) return SessionFormat::kOpenAiChat;
        if (item.contains("action") || item.contains("observation")) return SessionFormat::kOpenHands;
    }
    return std::nullopt;
}

bool is_document_format(SessionFormat f) {
    return f == SessionFormat::kOpenAiChat || f == SessionFormat::kSweAgent;
}

// A JSON object on the first line that opens a whole document rather than a line of a line format.
bool opens_document(SessionFormat f, const json& first) {
    if (f == SessionFormat::kOpenAiChat && (!first.contains("messages") || agent_memory_record(first)) &&
        !chat_trajectory(first))
        return false;  // one message a line, or a memory log's chunk of messages a line
    if (is_document_format(f)) return true;
    if (f == SessionFormat::kOpenHands)
        return openhands_events_member(first) && !is_openhands_instance(first);
    if (f == SessionFormat::kGeminiCli) return first.contains("messages");
    return false;
}

// First line as a JSON object, when it is one.
std::optional<json> first_line_object(std::string_view head) {
    size_t nl = head.find('\n');
    std::string_view first = head.substr(0, nl);
    try {
        json v = json::parse(first);
        if (v.is_object()) return v;
    } catch (const json::exception&) {
    }
    return std::nullopt;
}

// Top-level members of a JSON object whose text is cut short (a first line longer than the sniff
// limit): scalars as found, containers as empty stubs (but `message`, which holds its members' names).
// Enough for classify_object().
class OutlineSax : public nlohmann::json_sax<json> {
public:
    json outline = json::object();
    bool null() override { return put(nullptr); }
    bool boolean(bool v) override { return put(v); }
    bool number_integer(number_integer_t v) override { return put(v); }
    bool number_unsigned(number_unsigned_t v) override { return put(v); }
    bool number_float(number_float_t v, const string_t&) override { return put(v); }
    bool string(string_t& v) override { return put(v); }
    bool binary(binary_t&) override { return put(nullptr); }
    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return --m_depth, true; }
    bool end_array() override { return --m_depth, true; }
    bool key(string_t& k) override {
        if (m_depth == 1) m_key = k;
        // The names of `message`'s own members too (values left null): a Qwen record's `parts`, a Claude Code
        // line's `content` (session 32).
        if (m_depth == 2 && m_key == "message" && outline["message"].is_object()) outline["message"][k] = nullptr;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;  // the cut: stop with what was seen
    }

private:
    bool put(json v) {
        if (m_depth == 1) outline[m_key] = std::move(v);
        return true;
    }
    bool open(json stub) {
        if (m_depth == 1) outline[m_key] = std::move(stub);
        ++m_depth;
        return true;
    }
    int m_depth = 0;
    std::string m_key;
};

json first_line_outline(std::string_view text) {
    OutlineSax sax;
    json::sax_parse(text, &sax);
    return sax.outline;
}

// A torn final zstd frame is never dropped silently, whatever the format.
void report_torn(ReadContext& ctx, const ByteSource& src) {
    if (!src.torn()) return;
    ctx.warning(RecordPos{}, "", src.torn_detail(),
                "the writer was interrupted while writing; the readable prefix was kept");
    ctx.result().partial = true;
}

// Every regular file under `root` (symlinked directories are not followed). A directory that cannot
// be opened or listed is an error naming it; the walk goes on with the rest.
void walk_directory(const fs::path& root, const std::function<void(const fs::path&)>& file,
                    std::vector<Error>& errors) {
    std::vector<fs::path> pending{root};
    while (!pending.empty()) {
        const fs::path dir = std::move(pending.back());
        pending.pop_back();
        std::error_code ec;
        fs::directory_iterator it(dir, ec);
        for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
            std::error_code st_ec;
            const fs::file_status link = it->symlink_status(st_ec);
            if (!st_ec && fs::is_directory(link)) pending.push_back(it->path());
            else if (it->is_regular_file(st_ec) && !st_ec) file(it->path());
            else if (st_ec && st_ec != std::errc::no_such_file_or_directory)
                errors.push_back(Error::io("cannot stat: " + st_ec.message(), Location{it->path().string()}));
        }
        if (ec)
            errors.push_back(Error::io("cannot list the directory: " + ec.message(), Location{dir.string()},
                                       "its session logs were not read; check its permissions"));
    }
}

std::string supported_list() {
    return "supported: DeepSeek Harness v0-v4 (.jsonl, .jsonl.zstd), Claude Code, Codex rollouts, "
           "OpenAI chat arrays and one-message-a-line chat sessions (nanobot, Kimi CLI, Replit Agent memory logs), "
           "SWE-agent .traj, "
           "OpenHands events and evaluation output, Gemini CLI chats and /chat share exports (.md), "
           "Cline task histories, "
           "Aider chat histories, Entire CLI compact transcripts, `codex exec --json` event streams and `codex exec` "
           "plain-text output, "
           "Cursor agent transcripts, pi session files, OpenCode session exports, "
           "Harbor ATIF trajectories, GitHub Copilot CLI session events, Qwen Code chat recordings and "
           "Gemini CLI / Qwen Code saved chats, Gemini CLI prompt logs (logs.json), "
           "Entire hook-event sidecars (Grok CLI), Google Antigravity step logs (transcript.jsonl), "
           "VS Code Copilot Chat exports and session files (chat.json, chatSessions/*.json, *.jsonl), "
           "BeliefMerge native JSONL";
}

void read_document(ReadResult& out, ReadContext& ctx, std::string_view data, SessionFormat hint) {
    auto doc = parse_document(ctx, data);
    if (!doc) return;
    if (is_atif_trajectory(*doc)) {  // no SessionFormat of its own: read as a role-message agent's session
        out.format = "atif";
        read_atif(*doc, ctx, sha256_hex(data));
        return;
    }
    if (is_vscode_chat(*doc)) {  // VS Code's chat export / session file (session 38)
        out.format = "vscode-chat";
        read_vscode_chat(*doc, ctx, sha256_hex(data));
        return;
    }
    if (is_gemini_prompt_log(*doc)) {  // Gemini CLI's logs.json: the user's prompts only (session 34)
        out.format = "gemini-logs";
        read_gemini_prompt_log(*doc, ctx, sha256_hex(data));
        return;
    }
    // Read as Gemini CLI's: it would pass for an OpenAI chat array or a SWE-agent history (session 32).
    if (const json* history = gemini_saved_chat(*doc)) {
        out.format = "gemini-checkpoint";
        read_gemini_saved_chat(*history, ctx, sha256_hex(data));
        return;
    }
    std::optional<SessionFormat> f = doc->is_array() ? classify_array(*doc)
                                     : doc->is_object() ? classify_object(*doc) : std::nullopt;
    if (!f && doc->is_array() && doc->empty()) f = hint;
    if (!f) {
        ctx.error(RecordPos{1, 0}, "", "unrecognised JSON document", supported_list());
        out.unrecognised = true;
        return;
    }
    out.format = format_name(*f);
    const std::string digest = sha256_hex(data);
    switch (*f) {
        case SessionFormat::kOpenAiChat:
            if (is_opencode_export(*doc)) {
                out.format = "opencode";
                read_opencode(*doc, ctx, digest);
            } else {
                read_openai_chat(*doc, ctx, digest);
            }
            break;
        case SessionFormat::kSweAgent: read_swe_agent(*doc, ctx, digest, data); break;
        case SessionFormat::kOpenHands: read_openhands(*doc, ctx, digest); break;
        case SessionFormat::kGeminiCli: read_gemini_cli_document(*doc, ctx, digest); break;
        case SessionFormat::kCline: read_cline(*doc, ctx, digest); break;
        default: ctx.error(RecordPos{1, 0}, "", "a JSON document cannot hold this format", supported_list());
    }
}

ReadResult read_source_unguarded(std::unique_ptr<ByteSource> source, const std::string& name,
                                 const ReadOptions& options) {
    ReadResult out;
    out.file = name;
    out.format = "unknown";
    ReadContext ctx(out, options);
    // Sniff the head: at least the first line (up to a bound) of the decoded stream.
    std::string head;
    // The whole first line, up to the line limit: a Claude Code transcript may open with a
    // multi-megabyte line (a pasted image) and must still be classified by that line.
    const size_t sniff_limit = std::max(kMaxSniffBytes, options.max_line_bytes);
    while (head.size() < sniff_limit) {
        size_t old = head.size();
        head.resize(old + kSniffBytes);
        auto n = source->read(head.data() + old, kSniffBytes);
        if (!n) {
            out.errors.push_back(n.error());
            return out;
        }
        head.resize(old + *n);
        // Leading blank lines do not count: the first line with text is what detection reads (past an OpenCode
        // export's progress line, once the line after it has come).
        size_t text = head.find_first_not_of(" \t\r\n");
        if (const ProgressLine p = export_progress_line(head); p.line != std::string::npos) text = p.next;
        if (*n == 0 || (text != std::string::npos && head.find('\n', std::max(old, text)) != std::string::npos)) break;
    }
    // The progress line is blanked, not cut, so every later line keeps its number and offset.
    if (const ProgressLine p = export_progress_line(head);
        p.next != std::string::npos && (head[p.next] == '{' || head[p.next] == '[')) {
        const auto at = head.begin() + static_cast<std::ptrdiff_t>(p.line);
        std::fill(at, head.begin() + static_cast<std::ptrdiff_t>(head.find('\n', p.line)), ' ');
        ctx.warning(RecordPos{std::count(head.begin(), at, '\n') + 1, static_cast<int64_t>(p.line)}, "",
                    "an export's progress line (\"Exporting session: …\", opencode export) before its JSON; skipped");
    }
    size_t start = head.find_first_not_of(" \t\r\n");
    if (head.rfind("\xEF\xBB\xBF", 0) == 0) start = head.find_first_not_of(" \t\r\n", 3);
    if (start == std::string::npos) {
        if (source->torn())
            ctx.error(RecordPos{}, "", source->torn_detail(), "no complete frame could be read");
        else
            ctx.error(RecordPos{1, 0}, "", "file is empty", "nothing to import");
        return out;
    }
    if (is_aider_history(std::string_view(head).substr(start))) {
        out.format = format_name(SessionFormat::kAider);
        PrefixedSource src(std::move(head), std::move(source));
        read_aider(src, ctx);
        report_torn(ctx, src);
        return out;
    }
    if (is_codex_exec_text(std::string_view(head).substr(start))) {  // `codex exec` without --json (session 38)
        out.format = "codex-exec-text";
        PrefixedSource src(std::move(head), std::move(source));
        read_codex_exec_text(src, ctx);
        report_torn(ctx, src);
        return out;
    }
    if (is_gemini_share_export(std::string_view(head).substr(start))) {
        out.format = "gemini-share";
        PrefixedSource src(std::move(head), std::move(source));
        read_gemini_share(src, ctx);
        report_torn(ctx, src);
        return out;
    }
    // Binary bytes in the first line mean foreign data; damage further on (a zero-filled tail
    // after a crash) is reported line by line and the records before it are kept.
    const std::string_view first_line = std::string_view(head).substr(start, head.find('\n', start) - start);
    if (first_line.find('\0') != std::string_view::npos || (head[start] != '{' && head[start] != '[')) {
        size_t bad = first_invalid_utf8(head);
        ctx.error(RecordPos{1, static_cast<int64_t>(bad == std::string::npos ? start : bad)}, "",
                  "not a session log: the content is not JSON text (binary or foreign data)",
                  supported_list());
        out.unrecognised = true;
        return out;
    }
    std::string_view body = std::string_view(head).substr(start);
    std::optional<SessionFormat> format;
    bool document = body[0] == '[';
    bool instances = false;  // OpenHands evaluation output: one instance per line
    bool compact = false;    // Entire CLI's compact transcript, told apart by its own line shape
    bool exec_stream = false;  // `codex exec --json`'s event stream
    bool legacy_exec =
        false;  // the same before mid-2025: {"id", "msg"} events after a settings line
    bool cursor = false;       // Cursor's agent transcript
    bool pi = false;           // pi's session file (its header is shaped as DeepSeek Harness's)
    bool copilot = false;      // GitHub Copilot CLI's session events
    // Qwen Code's chat recording (uuid and parentUuid as Claude Code's lines have; Gemini parts).
    bool qwen = false;
    bool sidecar = false;  // Entire's hook-event sidecar (Grok CLI's checkpoints)
    bool antigravity = false;  // Google Antigravity's step log
    bool vscode_log = false;   // VS Code's chat session operation log
    if (auto first = first_line_object(body); first && !document) {
        compact = is_entire_compact_line(*first);
        exec_stream = is_codex_exec_event(*first);
        legacy_exec = is_codex_legacy_exec_line(*first);
        cursor = is_cursor_transcript_line(*first);
        pi = is_pi_first_line(*first);
        copilot = is_copilot_cli_event(*first);
        if (const json* event = wrapped_copilot_event(*first)) copilot = is_copilot_cli_event(*event);
        qwen = is_qwen_code_line(*first);
        sidecar = is_entire_sidecar_line(*first);
        antigravity = is_antigravity_step(*first);
        vscode_log = is_vscode_chat_log_line(*first);
        format = vscode_log ? std::nullopt : classify_object(*first);
        document = format && opens_document(*format, *first);
        instances = format == SessionFormat::kOpenHands && is_openhands_instance(*first);
    } else if (!document && head.size() >= sniff_limit && body.find('\n') == std::string_view::npos) {
        // The first line is over the line limit: classify it by its opening members, so a line
        // format reports that one line and reads the rest.
        json outline = first_line_outline(body.substr(0, 1 << 20));
        compact = is_entire_compact_line(outline);
        copilot = is_copilot_cli_outline(outline);
        qwen = is_qwen_code_line(outline);
        antigravity = is_antigravity_step(outline);  // step_index, source and type come first
        vscode_log = is_vscode_chat_log_outline(outline);
        format = vscode_log ? std::nullopt : classify_object(outline);
        document = format && opens_document(*format, outline);
        instances = format == SessionFormat::kOpenHands && is_openhands_instance(outline);
    }
    // One object a line that no reader knows: say so, naming what the first line holds, rather than reading the file
    // as one damaged JSON document (session 27: a `codex exec --json` stream was reported "truncated or damaged").
    if (!format && !document && !compact && !exec_stream && !legacy_exec && !cursor && !pi &&
        !copilot && !qwen && !sidecar && !antigravity && !vscode_log) {
        if (auto first = first_line_object(body)) {
            const size_t eol = body.find('\n');
            if (eol != std::string_view::npos && body.find_first_not_of(" \t\r\n", eol) != std::string_view::npos) {
                std::string members;
                size_t n = 0;
                for (const auto& [key, value] : first->items()) {
                    if (n++ == 6) {
                        members += ", …";
                        break;
                    }
                    members += (members.empty() ? "" : ", ") + key;
                }
                ctx.error(RecordPos{1, 0}, "",
                          "unrecognised JSON Lines log: the first line's object (members: " + members +
                              ") matches no supported format",
                          supported_list());
                out.unrecognised = true;
                return out;
            }
        }
    }
    // Line formats told apart by their own first line, each read by its reader; none has a SessionFormat of its own
    // (their sessions take the agent's: Codex's, Claude Code's, or a role-message agent's).
    const struct {
        bool found;
        const char* name;
        void (*read)(ByteSource&, ReadContext&);
    } line_readers[] = {{pi, "pi", read_pi},
                        {cursor, "cursor", read_cursor_transcript},
                        {exec_stream, "codex-exec", read_codex_exec},
                        {legacy_exec, "codex-exec", read_codex_legacy_exec},
                        {copilot, "copilot-cli", read_copilot_cli},
                        {qwen, "qwen-code", read_qwen_code},
                        {sidecar, "entire-sidecar", read_entire_sidecar},
                        {antigravity, "antigravity", read_antigravity},
                        {vscode_log, "vscode-chat-log", read_vscode_chat_log},
                        {compact, "entire-compact", read_entire_compact}};
    for (const auto& reader : line_readers)
        if (reader.found) {
            out.format = reader.name;
            PrefixedSource src(std::move(head), std::move(source));
            reader.read(src, ctx);
            report_torn(ctx, src);
            return out;
        }
    auto src = std::make_unique<PrefixedSource>(std::move(head), std::move(source));
    if (!format || document) {
        // Whole-document formats (pretty-printed or on one line) are small: read them whole.
        auto all = read_all(*src);
        if (!all) {
            out.errors.push_back(all.error());
            return out;
        }
        std::string_view data = *all;
        if (data.rfind("\xEF\xBB\xBF", 0) == 0) data.remove_prefix(3);
        read_document(out, ctx, data, format.value_or(SessionFormat::kOpenAiChat));
        report_torn(ctx, *src);
        return out;
    }
    out.format = format_name(*format);
    switch (*format) {
        case SessionFormat::kDsh: read_dsh(*src, ctx); break;
        case SessionFormat::kClaudeCode: read_claude_code(*src, ctx); break;
        case SessionFormat::kCodex: read_codex(*src, ctx); break;
        case SessionFormat::kNative: read_native(*src, ctx); break;
        case SessionFormat::kOpenHands:
            instances ? read_openhands_eval(*src, ctx) : read_openhands_jsonl(*src, ctx);
            break;
        case SessionFormat::kGeminiCli: read_gemini_cli(*src, ctx); break;
        case SessionFormat::kOpenAiChat: read_openai_chat_jsonl(*src, ctx); break;
        default: break;
    }
    if (*format != SessionFormat::kDsh) report_torn(ctx, *src);  // the DSH reader reports its own
    return out;
}

// A reader must never crash on input: anything a reader failed to anticipate becomes an error
// naming the file (and is a bug to fix: the fuzz targets hunt for these).
// One last diagnostic counting those beyond ReadResult::kMaxDiagnostics.
void count_dropped(ReadResult& r) {
    const std::string limit = std::to_string(ReadResult::kMaxDiagnostics);
    if (r.errors_dropped > 0)
        r.errors.push_back(Error::invalid_input(std::to_string(r.errors_dropped) + " more errors not listed (the first " +
                                                    limit + " are)",
                                                Location{r.file}, "fix the errors above and read the file again"));
    if (r.warnings_dropped > 0)
        r.warnings.push_back(Error::invalid_input(std::to_string(r.warnings_dropped) +
                                                      " more warnings not listed (the first " + limit + " are)",
                                                  Location{r.file}));
}

ReadResult read_source(std::unique_ptr<ByteSource> source, const std::string& name,
                       const ReadOptions& options) {
    try {
        ReadResult out = read_source_unguarded(std::move(source), name, options);
        count_dropped(out);
        return out;
    } catch (const std::exception& e) {
        ReadResult out;
        out.file = name;
        out.format = "unknown";
        out.errors.push_back(Error::invalid_input("unexpected structure: " + redact(describe_json_error(e)),
                                                  Location{name}, "please report this file"));
        return out;
    }
}

}  // namespace

std::optional<SessionFormat> detect_format(std::string_view head) {
    if (const ProgressLine p = export_progress_line(head);
        p.next != std::string_view::npos && (head[p.next] == '{' || head[p.next] == '['))
        head.remove_prefix(p.next);  // past `opencode export`'s progress line, as the reader goes
    size_t start = head.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return std::nullopt;
    head.remove_prefix(start);
    if (is_aider_history(head)) return SessionFormat::kAider;
    if (is_gemini_share_export(head)) return SessionFormat::kGeminiCli;
    if (is_codex_exec_text(head)) return SessionFormat::kCodex;
    if (auto first = first_line_object(head))
        return is_codex_exec_event(*first) || is_codex_legacy_exec_line(*first)
                   ? std::optional(SessionFormat::kCodex)
               : is_qwen_code_line(*first) || gemini_saved_chat(*first) ? std::optional(SessionFormat::kGeminiCli)
               : is_cursor_transcript_line(*first) || is_pi_first_line(*first) ||
                       is_atif_trajectory(*first) || is_copilot_cli_event(*first) || is_entire_sidecar_line(*first) ||
                       is_antigravity_step(*first) || is_vscode_chat_log_line(*first)
                   ? std::optional(SessionFormat::kOpenAiChat)
                   : classify_object(*first);
    try {
        json doc = json::parse(head);
        if (is_atif_trajectory(doc) || is_vscode_chat(doc)) return SessionFormat::kOpenAiChat;
        if (gemini_saved_chat(doc)) return SessionFormat::kGeminiCli;
        return doc.is_array() ? classify_array(doc) : doc.is_object() ? classify_object(doc) : std::nullopt;
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

namespace {
// The result of an input refused before any reader ran.
ReadResult refused_input(const std::string& name, Error error) {
    ReadResult out;
    out.file = name;
    out.format = "unknown";
    out.errors.push_back(std::move(error));
    return out;
}
}  // namespace

ReadResult read_file(const std::string& path, const ReadOptions& options) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {  // OpenHands V1 keeps a conversation as a directory of event files
        ReadResult out;
        out.file = path;
        out.format = format_name(SessionFormat::kOpenHands);
        try {
            ReadContext ctx(out, options);
            read_openhands_event_dir(path, ctx);
        } catch (const std::exception& e) {
            out.errors.push_back(Error::invalid_input("unexpected structure: " + redact(describe_json_error(e)),
                                                      Location{path}, "please report this file"));
        }
        count_dropped(out);
        return out;
    }
    auto src = open_source(path, options.limits);
    if (!src) return refused_input(path, src.error());
    return read_source(std::move(src).value(), path, options);
}

ReadResult read_bytes(std::string_view data, const std::string& name, const ReadOptions& options) {
    if (static_cast<int64_t>(data.size()) > options.limits.max_input_bytes)
        return refused_input(name, input_too_large(name, "is " + std::to_string(data.size()) + " bytes", options.limits));
    return read_source(memory_source(data, name, options.limits), name, options);
}

namespace {
// Whether `file` lies in a Copilot CLI session folder (a directory holding events.jsonl and
// workspace.yaml) at or below `root`, the directory the user named (normalised, without a trailing
// slash); `seen` keeps each folder's answer, so a big tree is looked at once per folder.
bool in_copilot_session_folder(const fs::path& file, const fs::path& root,
                               std::map<fs::path, bool>& seen) {
    std::error_code ec;
    for (fs::path dir = file.parent_path(); !dir.empty(); dir = dir.parent_path()) {
        auto [it, fresh] = seen.try_emplace(dir, false);
        if (fresh)
            it->second = fs::is_regular_file(dir / "events.jsonl", ec) &&
                         fs::is_regular_file(dir / "workspace.yaml", ec);
        if (it->second) return true;
        if (dir.lexically_normal() == root || dir == dir.parent_path()) break;
    }
    return false;
}
}  // namespace

ExpandedInputs expand_inputs(const std::vector<std::string>& paths) {
    ExpandedInputs out;
    static const std::regex generation(R"(session(?:\.v(\d+))?\.jsonl(?:\.zstd?)?)");
    auto supported = [](const fs::path& p) {
        std::string n = p.filename().string();
        auto ends = [&](std::string_view s) { return n.size() >= s.size() && n.compare(n.size() - s.size(), s.size(), s) == 0; };
        return ends(".jsonl") || ends(".json") || ends(".traj") || ends(".zstd") || ends(".zst") ||
               ends(".aider.chat.history.md");
    };
    for (const auto& path : paths) {
        std::error_code ec;
        fs::file_status st = fs::status(path, ec);
        if (ec || !fs::exists(st)) {
            out.errors.push_back(Error::not_found("no such file or directory", Location{path}));
            continue;
        }
        if (!fs::is_directory(st)) {
            out.files.push_back(path);
            continue;
        }
        std::vector<fs::path> entries;
        walk_directory(path, [&](const fs::path& p) { if (supported(p)) entries.push_back(p); }, out.errors);
        std::sort(entries.begin(), entries.end());
        // Group DSH generations per directory: keep the newest.
        std::map<fs::path, std::pair<int, fs::path>> newest;
        std::map<fs::path, int> generations;
        std::vector<fs::path> others;
        std::set<fs::path> event_dirs;  // OpenHands V1 conversations: one input per events/ directory
        // The named directory as its entries' parents spell it: "dir/" and "dir/." name dir.
        fs::path root = fs::path(path).lexically_normal();
        while (!root.empty() && (!root.has_filename() || root.filename() == ".") &&
               root != root.parent_path())
            root = root.parent_path();
        std::map<fs::path, bool> copilot_folders;
        for (const auto& e : entries) {
            if (is_openhands_event_file(e.string())) {
                if (event_dirs.insert(e.parent_path()).second) others.push_back(e.parent_path());
                continue;
            }
            // its conversation's settings and statistics, beside events/: no conversation to read
            std::error_code dir_ec;
            if (e.filename() == "base_state.json" && fs::is_directory(e.parent_path() / "events", dir_ec)) continue;
            // A Copilot CLI session folder (session-state/<id>/: events.jsonl beside
            // workspace.yaml) holds one log; its files/ and checkpoints/ keep the session's
            // artifacts and notes, no conversation (session 30).
            if (e.filename() != "events.jsonl" &&
                in_copilot_session_folder(e, root, copilot_folders))
                continue;
            // An Entire CLI checkpoint keeps the agent's own log (full.jsonl) and a compact copy of it
            // (transcript.jsonl): the copy beside the full log would read the conversation twice (session 25).
            if (e.filename() == "transcript.jsonl" && fs::is_regular_file(e.parent_path() / "full.jsonl", dir_ec)) continue;
            // Its metadata.json (the checkpoint's, beside the transcripts, and the session's, beside `0/`) holds
            // settings and counts, no conversation.
            if (e.filename() == "metadata.json") {
                const fs::path at = e.parent_path();
                bool checkpoint = false;
                for (const fs::path& d : {at, at / "0"})
                    for (const char* t : {"transcript.jsonl", "full.jsonl"}) checkpoint |= fs::is_regular_file(d / t, dir_ec);
                if (checkpoint) continue;
            }
            std::smatch m;
            std::string name = e.filename().string();
            if (std::regex_match(name, m, generation)) {
                int gen = 0;
                if (m[1].matched) {
                    const std::string digits = m[1].str();
                    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), gen);
                    if (ec != std::errc()) continue;  // not a generation the harness writes
                }
                auto& slot = newest[e.parent_path()];
                ++generations[e.parent_path()];
                if (slot.second.empty() || gen > slot.first) slot = {gen, e};
            } else {
                others.push_back(e);
            }
        }
        for (const auto& [dir, pick] : newest) {
            out.files.push_back(pick.second.string());
            if (generations[dir] > 1)
                out.warnings.push_back(Error::invalid_input(
                    "using " + pick.second.filename().string() + ", the newest of " +
                        std::to_string(generations[dir]) + " session generations",
                    Location{dir.string()}, "older generations are superseded by the harness"));
        }
        for (const auto& e : others) out.files.push_back(e.string());
        if (entries.empty())
            out.errors.push_back(Error::not_found("directory holds no session logs", Location{path},
                                                  supported_list()));
    }
    return out;
}

}  // namespace bm
