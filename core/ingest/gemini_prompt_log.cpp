// Gemini CLI's prompt log (`~/.gemini/tmp/<project>/logs.json`, written by gemini-cli's Logger): a JSON array of
// {sessionId, messageId, type: "user", message, timestamp}, every prompt of every session in that project, the
// model's side left out (session 34: a real one was refused as "unrecognised JSON document"). Each sessionId becomes
// a session of user messages; a slash command of the CLI or a shell command ("/auth", "!ls") is no message.
#include "ingest/gemini_prompt_log.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "ingest/readers.h"

namespace bm {

namespace {

// The sessionId as written: a string, or a number (older CLIs wrote the start time in seconds) as its decimal text.
std::string session_of(const json& e) {
    const auto s = e.find("sessionId");
    if (s == e.end()) return {};
    if (s->is_string()) return s->get<std::string>();
    if (s->is_number_integer()) return std::to_string(s->get<int64_t>());
    return {};
}

// "/auth", "/chat save x", "!git status": typed to the CLI itself (its slash commands, as gemini-cli lists them, or a
// shell command). A path ("/api is broken", "/home/me/x fails") is a message.
bool cli_command(const std::string& text) {
    static const std::set<std::string> commands = {
        "about", "auth",  "bug",     "chat",   "clear", "compress", "copy",    "corgi",   "directory", "dir",
        "docs",  "editor", "extensions", "help", "ide",  "init",     "mcp",     "memory",  "model",     "privacy",
        "quit",  "exit",  "restore", "settings", "stats", "theme",  "tools",   "vim",     "setup-github",
        "terminal-setup", "permissions", "agents", "policies"};
    if (text.empty() || text[0] == '!') return true;
    if (text[0] != '/') return false;
    const size_t end = text.find_first_of(" \n");
    return commands.count(text.substr(1, end == std::string::npos ? std::string::npos : end - 1)) > 0;
}

}  // namespace

bool is_gemini_prompt_log(const json& doc) {
    if (!doc.is_array() || doc.empty()) return false;
    size_t seen = 0;
    for (size_t i = 0; i < doc.size() && seen < 3; ++i) {
        const json& e = doc[i];
        if (!e.is_object()) continue;
        ++seen;
        if (session_of(e).empty() || !e.contains("messageId") || !e.contains("message") || e.contains("role") ||
            !e.contains("type"))
            return false;
    }
    return seen > 0;
}

void read_gemini_prompt_log(const json& doc, ReadContext& ctx, const std::string& digest) {
    // The entries of each session, in the order written; sessions in the order first written. Each session is read
    // and finished before the next, so that what was redacted is counted in its own session.
    std::vector<std::string> order;
    std::map<std::string, std::vector<size_t>> entries;
    for (size_t i = 0; i < doc.size(); ++i) {
        const json& e = doc[i];
        const RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const std::string path = "[" + std::to_string(i) + "]";
        if (!e.is_object()) {
            ctx.error(pos, path, "expected a prompt-log entry object {sessionId, messageId, type, message}; skipped");
            ctx.result().partial = true;
            continue;
        }
        const std::string id = session_of(e);
        if (id.empty()) {
            ctx.error(pos, path + ".sessionId", "expected a string or integer sessionId; entry skipped",
                      "each entry names the session it was typed in");
            ctx.result().partial = true;
            continue;
        }
        auto [it, fresh] = entries.try_emplace(id);
        if (fresh) order.push_back(id);
        it->second.push_back(i);
    }
    if (order.empty()) {
        ctx.error(RecordPos{1, 0}, "", "the prompt log holds no readable entry", "see the errors above");
        return;
    }
    for (const std::string& id : order) {
        Session s;
        s.format = SessionFormat::kGeminiCli;
        s.file = ctx.result().file;
        s.id_form = "gemini-logs-" + id;
        int64_t skipped = 0;  // entries read as no message
        for (size_t i : entries[id]) {
            const json& e = doc[i];
            const RecordPos pos{static_cast<int64_t>(i) + 1, -1};
            const std::string path = "[" + std::to_string(i) + "]";
            const std::string time = ctx.str(e, "timestamp", pos, path + ".timestamp").value_or("");
            if (s.created_at.empty()) s.created_at = time;
            const std::string type = ctx.str(e, "type", pos, path + ".type").value_or("");
            if (type != "user") {
                ctx.unknown_type(pos, type.empty() ? "(none)" : type);
                ++skipped;
                continue;
            }
            const std::optional<std::string> text = ctx.str(e, "message", pos, path + ".message");
            if (!text) {
                ctx.warning(pos, path + ".message", "a user entry without a message string; skipped");
                ++skipped;
                continue;
            }
            if (cli_command(*text)) {
                ++skipped;
                continue;
            }
            Message m;
            const auto number = e.find("messageId");
            m.id = id + "/" + (number != e.end() && number->is_string()    ? number->get<std::string>()
                               : number != e.end() && number->is_number() ? number->dump()
                                                                          : std::to_string(i));
            m.line = pos.line;
            m.time = time;
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
            m.blocks.push_back(text_block(ctx, BlockKind::kText, *text));
            if (ctx.options().keep_raw) m.raw = ctx.raw_record(e.dump());
            append_message(s, std::move(m));
        }
        add_session(std::move(s), ctx, "gemini-logs-" + digest.substr(0, 12), skipped);
    }
}

}  // namespace bm
