// A function call that acts (execute_refund, send_invoice, create_ticket) answered by a bare status word
// ("Success", "OK", "done") or a JSON answer saying `"success": true`: `<function>[.<id>].result = <word>`
// (action.call_status; session 17, x18chat). A namespaced (MCP) tool is judged by its own name and keyed
// `<server>.<tool>` (mcp__github__create_issue: github.create_issue; session 20; nanobot's mcp_<server>_<tool>,
// session 19).
#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// The result's whole text as one status word, bare or a JSON string; empty when it is anything else.
std::string status_word(std::string_view result, size_t& b, size_t& e) {
    std::string s(result);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    size_t lead = 0;
    while (lead < s.size() && std::isspace(static_cast<unsigned char>(s[lead]))) ++lead;
    s = s.substr(lead);
    b = lead, e = lead + s.size();
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2), ++b, --e;
    while (!s.empty() && (s.back() == '.' || s.back() == '!')) s.pop_back(), --e;
    const std::string low = ascii_lower(s);
    if (!one_of(low, {"success", "successful", "succeeded", "ok", "done", "completed", "complete", "confirmed"}))
        return {};
    return s;
}

// A JSON object answer whose `success` or `ok` member is true (and that names no error): "success" / "ok".
std::string json_success(std::string_view result, size_t& b, size_t& e) {
    const nlohmann::json j = nlohmann::json::parse(result, nullptr, false);
    if (!j.is_object() || j.contains("error") || j.contains("errors")) return {};
    for (const char* name : {"success", "ok"}) {
        const auto it = j.find(name);
        if (it == j.end() || !it->is_boolean() || !it->get<bool>()) continue;
        const size_t p = result.find(std::string("\"") + name + "\"");
        if (p == std::string_view::npos) return {};
        b = p, e = std::min(result.size(), result.find_first_of(",}", p));
        return name;
    }
    return {};
}

// A call that only reads or routes: its "OK" says nothing was done to a record.
bool reads_or_routes(const std::string& tool) {
    for (const char* lead : {"get", "search", "list", "find", "look", "lookup", "read", "fetch", "retrieve", "describe",
                             "inspect", "check", "query", "view", "show", "count", "calculate", "think", "verify",
                             "validate", "ping", "echo", "test", "transfer_to", "transfer_back", "handoff", "print", "log"})
        if (tool.rfind(lead, 0) == 0) return true;
    return false;
}

// A tool's own name and its namespace: an MCP tool is `mcp__<server>__<tool>` in Claude Code, `<server>__<tool>`
// in Codex and `mcp_<server>_<tool>` in nanobot; some harnesses write `<server>.<tool>` or `<server>/<tool>`. {"github", "get_issue"}; {"", tool} when
// the name has no namespace.
struct ToolName {
    std::string space;
    std::string own;
};

ToolName split_tool(std::string_view tool) {
    // nanobot names an MCP tool `mcp_<server>_<tool>` (one underscore): the server is the word after "mcp_"
    // (mcp_database_query_database: database.query_database; session 19, d22chat).
    if (tool.rfind("mcp_", 0) == 0 && tool.rfind("mcp__", 0) != 0 && tool.find("__") == std::string_view::npos) {
        const size_t cut = tool.find('_', 4);
        if (cut != std::string_view::npos && cut > 4 && cut + 1 < tool.size())
            return {std::string(tool.substr(4, cut - 4)), std::string(tool.substr(cut + 1))};
    }
    if (tool.rfind("mcp__", 0) == 0) tool.remove_prefix(5);
    size_t cut = tool.rfind("__"), width = 2;
    if (cut == std::string_view::npos) cut = tool.find_last_of("./"), width = 1;
    if (cut == std::string_view::npos || cut == 0 || cut + width >= tool.size()) return {"", std::string(tool)};
    return {std::string(tool.substr(0, cut)), std::string(tool.substr(cut + width))};
}

bool name_chars(std::string_view name, std::string_view also) {
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && also.find(c) == std::string_view::npos) return false;
    return !name.empty();
}

}  // namespace

void call_status_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.size() > 2000) return;
    if (a.tool.size() > 100) return;
    // The tool's own name judged (an MCP server's `get_issue` reads), its namespace kept in the key.
    const ToolName name = split_tool(ascii_lower(a.tool));
    // A named function of two or more words (a shell or a file tool's "OK" is the file rules').
    const std::string& own = name.own;
    if (own.find('_') == std::string::npos || own.size() > 60 || reads_or_routes(own) || !name_chars(own, "_")) return;
    if (!name.space.empty() && (name.space.size() > 40 || !name_chars(name.space, "_-"))) return;
    const std::string tool = name.space.empty() ? own : name.space + "." + own;
    size_t b = 0, e = 0;
    std::string word = status_word(a.result, b, e);
    const nlohmann::json args = nlohmann::json::parse(a.arguments.empty() ? "{}" : a.arguments, nullptr, false);
    if (!args.is_object()) return;
    // A JSON answer that says it succeeded ({"success": true, "ticket_id": 42}); its `status` member is
    // action.record_changed's. Paths and commands are the file and command rules'.
    if (word.empty()) word = json_success(a.result, b, e);
    if (word.empty()) return;
    for (const char* name : {"path", "file_path", "filename", "file", "command", "cmd", "code", "TargetFile",
                             "AbsolutePath", "CommandLine"})
        if (args.contains(name)) return;
    // The record the call acted on: its one `<x>_id` argument.
    std::string id;
    int ids = 0;
    for (auto it = args.begin(); it != args.end(); ++it) {
        const std::string& name = it.key();
        if (name.size() > 3 && name.compare(name.size() - 3, 3, "_id") == 0 && it.value().is_string()) {
            ++ids;
            id = key_slug(it.value().get<std::string>(), 40);
        }
    }
    const std::string subject = ids == 1 && !id.empty() ? tool + "." + id : tool;
    out.push_back({"action.call_status", subject + ".result", word, SlotType::kFact, ActionEvidence::kObserved, b, e});
}

}  // namespace bm
