// Codex write_stdin polls read as the long-running command they poll (ingest/codex_stdin_polls.h).
#include "ingest/codex_stdin_polls.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ingest/codex_code_mode.h"
#include "ingest/codex_output.h"
#include "util/fast_json.h"

namespace bm {

namespace {

// The header of an exec_command result (before its "Output:" line): the session it left running ("Process running with
// session ID N"), and whether it reports the process's exit ("Process exited with code N", "[exit code: N]").
struct ResultHeader {
    std::optional<int64_t> running;
    bool exited = false;
};

std::optional<int64_t> number_after(std::string_view line, std::string_view prefix) {
    if (line.substr(0, prefix.size()) != prefix) return std::nullopt;
    std::string_view n = line.substr(prefix.size());
    while (!n.empty() && (n.back() == '\r' || n.back() == ' ')) n.remove_suffix(1);
    if (n.empty() || n.size() > 18) return std::nullopt;
    int64_t v = 0;
    for (char c : n) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

ResultHeader header_of(std::string_view text) {
    ResultHeader h;
    size_t at = 0;
    for (int line = 0; line < 8 && at < text.size(); ++line) {
        size_t eol = text.find('\n', at);
        if (eol == std::string_view::npos) eol = text.size();
        const std::string_view l = text.substr(at, eol - at);
        at = eol + 1;
        if (l == "Output:" || l == "Output:\r") break;
        if (const auto n = number_after(l, "Process running with session ID ")) h.running = n;
    }
    h.exited = codex_header_exit_code(text).has_value();
    // A code-mode result object's exit code is written as the output's last line (ingest/codex_code_mode.cpp).
    if (!h.running && (text.rfind("[exit code: ", 0) == 0 || text.find("\n[exit code: ") != std::string_view::npos))
        h.exited = true;
    return h;
}

// A poll's session: `{"session_id": N}` with no `chars` or empty ones; nullopt for anything else (input typed).
std::optional<int64_t> polled_session(const std::string& arguments) {
    if (json_depth_exceeded_at(arguments) != std::string_view::npos) return std::nullopt;
    const auto j = nlohmann::json::parse(arguments, nullptr, false);
    if (!j.is_object()) return std::nullopt;
    const auto s = j.find("session_id");
    if (s == j.end() || !s->is_number_integer()) return std::nullopt;
    if (const auto c = j.find("chars"); c != j.end() && !(c->is_string() && c->get<std::string>().empty()))
        return std::nullopt;
    return s->get<int64_t>();
}

}  // namespace

void resolve_stdin_polls(Session& session) {
    if (session.format != SessionFormat::kCodex) return;
    std::map<std::string, std::string> commands;  // an exec_command call's id → its arguments
    std::map<std::string, int64_t> polls;         // a rewritten poll's call id → the session it polls
    std::map<int64_t, std::string> running;       // a running session → its command's arguments
    for (Message& m : session.messages) {
        if (ContentBlock* call = sole_block(m, BlockKind::kToolCall)) {
            if (call->tool_name == "exec_command") {
                commands[call->tool_id] = call->arguments;
            } else if (call->tool_name == "write_stdin") {
                const auto polled = polled_session(call->arguments);
                const auto r = polled ? running.find(*polled) : running.end();
                if (r == running.end()) continue;
                call->tool_name = "exec_command";
                call->arguments = r->second;
                polls[call->tool_id] = *polled;
            }
            continue;
        }
        ContentBlock* result = sole_block(m, BlockKind::kToolResult);
        if (!result) continue;
        const ResultHeader h = header_of(result->text);
        if (const auto p = polls.find(result->tool_id); p != polls.end()) {
            if (h.exited) running.erase(p->second);  // the session is done; its id may be used again
            continue;
        }
        const auto c = commands.find(result->tool_id);
        if (c != commands.end() && h.running) running[*h.running] = c->second;
    }
}

}  // namespace bm
