// Claude Code's user-line wrappers: `!` shell commands, slash commands, local command output.
#include "ingest/claude_code_wrappers.h"

#include <optional>
#include <utility>
#include <set>

#include <nlohmann/json.hpp>

#include "util/trim.h"

namespace bm {

namespace {

// Reads "<tag>body</tag>" at the start of `rest` (after blanks); advances `rest` past it.
std::optional<std::string_view> take_tag(std::string_view& rest, std::string_view tag) {
    std::string_view s = trim(rest);
    const std::string open = "<" + std::string(tag) + ">";
    const std::string close = "</" + std::string(tag) + ">";
    if (s.substr(0, open.size()) != open) return std::nullopt;
    const size_t end = s.find(close, open.size());
    if (end == std::string_view::npos) return std::nullopt;
    std::string_view body = s.substr(open.size(), end - open.size());
    rest = s.substr(end + close.size());
    return body;
}

// The tag that opens `s` ("bash-input"), or empty.
std::string_view opening_tag(std::string_view s) {
    s = trim(s);
    if (s.size() < 3 || s[0] != '<') return {};
    const size_t e = s.find('>');
    if (e == std::string_view::npos || e > 40) return {};
    return s.substr(1, e - 1);
}

// Claude Code XML-escapes the `!` command and its output (processBashCommand); the five entities back.
std::string xml_unescape(std::string_view s) {
    static const std::pair<std::string_view, char> entities[] = {
        {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}, {"&amp;", '&'}};
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        bool done = false;
        if (s[i] == '&')
            for (const auto& [name, c] : entities)
                if (s.substr(i, name.size()) == name) {
                    out += c, i += name.size() - 1, done = true;
                    break;
                }
        if (!done) out += s[i];
    }
    return out;
}

}  // namespace

bool claude_builtin_command(std::string_view name) {
    static const std::set<std::string, std::less<>> builtins = {
        "add-dir", "agents", "bashes", "bug", "clear", "compact", "config", "context", "cost", "doctor", "exit",
        "export", "feedback", "help", "hooks", "ide", "init", "install-github-app", "login", "logout", "mcp",
        "memory", "model", "output-style", "permissions", "plugin", "plugins", "privacy-settings", "release-notes",
        "rename", "resume", "rewind", "sandbox", "status", "statusline", "terminal-setup", "theme", "todos",
        "upgrade", "usage", "vim", "fast", "effort", "allowed-tools", "approved-tools", "quit", "stats"};
    if (!name.empty() && name.front() == '/') name.remove_prefix(1);
    return builtins.count(name) > 0;
}

ClaudeUserWrapper read_claude_user_wrapper(std::string_view text) {
    ClaudeUserWrapper w;
    const std::string_view tag = opening_tag(text);
    if (tag.empty()) return w;
    std::string_view rest = text;
    if (tag == "bash-input") {
        auto cmd = take_tag(rest, "bash-input");
        if (!cmd || trim(*cmd).empty()) return w;
        if (!trim(rest).empty()) {
            const std::string_view next = opening_tag(rest);
            if (next == "bash-stdout" || next == "bash-stderr") w.kind = ClaudeUserWrapper::Kind::kShellWithOutput;
            return w;
        }
        w.kind = ClaudeUserWrapper::Kind::kShellInput;
        w.command = xml_unescape(trim(*cmd));
        return w;
    }
    if (tag == "bash-stdout" || tag == "bash-stderr") {
        std::string_view out, err;
        bool any = false;
        for (int i = 0; i < 2; ++i) {
            if (auto o = take_tag(rest, "bash-stdout")) out = *o, any = true;
            else if (auto e = take_tag(rest, "bash-stderr")) err = *e, any = true;
        }
        if (!any || !trim(rest).empty()) return w;
        w.kind = ClaudeUserWrapper::Kind::kShellOutput;
        w.output = xml_unescape(out);
        if (!trim(err).empty()) {
            if (!w.output.empty() && w.output.back() != '\n') w.output += '\n';
            w.output += xml_unescape(err);
        }
        return w;
    }
    if (tag == "local-command-stdout" || tag == "local-command-stderr") {
        w.kind = ClaudeUserWrapper::Kind::kLocalOutput;
        return w;
    }
    if (tag == "command-name" || tag == "command-message" || tag == "command-args" || tag == "command-contents") {
        std::optional<std::string_view> name, args;
        for (int i = 0; i < 4 && !trim(rest).empty(); ++i) {
            const std::string_view t = opening_tag(rest);
            auto body = take_tag(rest, t);
            if (!body) return w;
            if (t == "command-name") name = body;
            else if (t == "command-args") args = body;
            else if (t != "command-message" && t != "command-contents") return w;
        }
        if (!name || !trim(rest).empty()) return w;
        w.kind = ClaudeUserWrapper::Kind::kCommand;
        w.name = std::string(trim(*name));
        if (args) w.args = std::string(trim(*args));
        return w;
    }
    return w;
}

// A user line that is one of Claude Code's wrappers (claude_code_wrappers.h) becomes structure: the user's
// `!` command a Bash call with its output as the result (the log states no exit code, so none is
// assumed), a custom slash command its arguments (the user's request), a built-in command and local
// command output the harness's (plugin-sourced: no user evidence).
void apply_claude_user_wrapper(Message& m, std::string& pending_shell) {
    if (m.blocks.size() != 1 || m.blocks.front().kind != BlockKind::kText) return;
    const ClaudeUserWrapper w = read_claude_user_wrapper(m.blocks.front().text);
    using Kind = ClaudeUserWrapper::Kind;
    switch (w.kind) {
        case Kind::kNone:
            pending_shell.clear();  // a user's own line between: a later output line answers no command
            return;
        case Kind::kShellInput: {
            ContentBlock c;
            c.kind = BlockKind::kToolCall;
            c.tool_id = "user-shell-" + (m.id.empty() ? std::to_string(m.line) : m.id);
            c.tool_name = "Bash";
            c.arguments = nlohmann::json{{"command", w.command}}.dump();
            pending_shell = c.tool_id;
            m.blocks = {std::move(c)};
            m.source.name = "user-shell";  // the user's own command, typed with "!"
            return;
        }
        case Kind::kShellOutput: {
            if (pending_shell.empty()) break;  // output of no command this file holds: the harness's
            ContentBlock r;
            r.kind = BlockKind::kToolResult;
            r.tool_id = pending_shell;
            r.text = w.output;
            pending_shell.clear();
            m.blocks = {std::move(r)};
            m.role = Role::kTool;
            m.source = MessageSource{};
            m.source.kind = SourceKind::kTool;
            m.source.call_id = m.blocks.front().tool_id;
            m.source.name = "user-shell";
            return;
        }
        case Kind::kCommand:
            if (!w.args.empty() && !claude_builtin_command(w.name)) {
                m.blocks.front().text = w.args;  // the request the user passed to their command
                m.source.name = "command-args";
                return;
            }
            m.blocks.front().text = w.args.empty() ? w.name : w.name + " " + w.args;
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "command";
            return;
        case Kind::kShellWithOutput:  // one line holding both: which part is whose is unclear, so no evidence
        case Kind::kLocalOutput:
            break;
    }
    m.source.kind = SourceKind::kPlugin;
    m.source.name = "local-command";
}

void mark_compact_summary(Message& m, Session& session) {
    CheckpointRecord cp;
    cp.kind = "compact-summary";
    cp.id = m.id;
    cp.seq = m.seq;
    cp.summary = m.visible_text();
    session.checkpoints.push_back(std::move(cp));
    m.source.kind = SourceKind::kPlugin;  // written by the harness, not the user
    m.source.name = "compact";
}

}  // namespace bm
