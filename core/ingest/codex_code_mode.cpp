// Codex code mode: `exec` cells and their `wait` results read as the shell command calls they ran
// (ingest/codex_code_mode.h).
#include "ingest/codex_code_mode.h"

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "util/fast_json.h"

namespace bm {

namespace {

// `text` parsed, or a discarded value when it is no JSON or nests past kMaxJsonDepth (the parser recurses per level).
nlohmann::json parse_bounded(std::string_view text) {
    if (json_depth_exceeded_at(text) != std::string_view::npos) return nlohmann::json(nlohmann::json::value_t::discarded);
    return nlohmann::json::parse(text, nullptr, false);
}

// The end (one past) of the JSON object opening at `text[open]` == '{', strings and escapes skipped; npos when it
// does not close.
size_t object_end(std::string_view text, size_t open) {
    int depth = 0;
    bool in_string = false;
    for (size_t i = open; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{') {
            ++depth;
        } else if (c == '}' && --depth == 0) {
            return i + 1;
        }
    }
    return std::string_view::npos;
}

// "Script running with cell ID 7\n…": the cell's id; "" otherwise.
std::string running_cell(std::string_view text) {
    static constexpr std::string_view kRunning = "Script running with cell ID ";
    if (text.substr(0, kRunning.size()) != kRunning) return {};
    const size_t b = kRunning.size();
    size_t e = b;
    while (e < text.size() && e - b < 64 && text[e] != '\n' && text[e] != ' ' && text[e] != '\r') ++e;
    return std::string(text.substr(b, e - b));
}

// A `wait` call's cell id ({"cell_id": "7"} or 7); "" when the arguments name none.
std::string waited_cell(const std::string& arguments) {
    const auto j = parse_bounded(arguments);
    if (!j.is_object()) return {};
    const auto c = j.find("cell_id");
    if (c == j.end()) return {};
    if (c->is_string()) return c->get<std::string>();
    if (c->is_number_integer()) return std::to_string(c->get<int64_t>());
    return {};
}

// The printed text of a finished cell, as other readers write a command's result: a printed
// {"exit_code": N, "output": "…"} object is its output and an "[exit code: N]" line.
void set_finished_result(ContentBlock& r, const std::string& printed, bool failed) {
    r.text = printed;
    r.is_error = failed;
    const auto j = parse_bounded(printed);
    if (!j.is_object()) return;
    const auto code = j.find("exit_code");
    const auto output = j.find("output");
    if (code == j.end() || !code->is_number_integer() || output == j.end() || !output->is_string()) return;
    const int64_t n = code->get<int64_t>();
    r.text = output->get<std::string>();
    r.text += (r.text.empty() || r.text.back() == '\n' ? "" : "\n") + std::string("[exit code: ") + std::to_string(n) + "]";
    r.is_error = failed || n != 0;
}

ContentBlock* only_block(Message& m, BlockKind kind) {
    return m.blocks.size() == 1 && m.blocks[0].kind == kind ? &m.blocks[0] : nullptr;
}

}  // namespace

bool code_mode_shell_call(std::string_view script, std::string& name, std::string& arguments) {
    static constexpr std::string_view kTools = "tools.";
    const size_t at = script.find(kTools);
    if (at == std::string_view::npos || script.find(kTools, at + 1) != std::string_view::npos) return false;
    size_t e = at + kTools.size();
    while (e < script.size() && (std::isalnum(static_cast<unsigned char>(script[e])) || script[e] == '_')) ++e;
    const std::string tool(script.substr(at + kTools.size(), e - at - kTools.size()));
    if (tool != "exec_command" && tool != "shell_command" && tool != "shell") return false;
    if (e >= script.size() || script[e] != '(') return false;
    size_t open = e + 1;
    while (open < script.size() && std::isspace(static_cast<unsigned char>(script[open]))) ++open;
    if (open >= script.size() || script[open] != '{') return false;
    const size_t close = object_end(script, open);
    if (close == std::string_view::npos) return false;
    const std::string_view object = script.substr(open, close - open);
    if (!parse_bounded(object).is_object()) return false;  // a JavaScript object, not JSON
    name = tool;
    arguments = std::string(object);
    return true;
}

bool code_mode_finished(std::string_view text, std::string& printed, bool& failed) {
    static constexpr std::string_view kCompleted = "Script completed\n", kFailed = "Script failed\n";
    const bool completed = text.substr(0, kCompleted.size()) == kCompleted;
    if (!completed && text.substr(0, kFailed.size()) != kFailed) return false;
    size_t p = (completed ? kCompleted : kFailed).size();
    if (text.substr(p, 10) == "Wall time ") {
        const size_t nl = text.find('\n', p);
        if (nl == std::string_view::npos) return false;
        p = nl + 1;
    }
    static constexpr std::string_view kOutput = "Output:\n";
    if (text.substr(p, kOutput.size()) == kOutput) p += kOutput.size();
    else if (text.substr(p) == "Output:") p = text.size();
    else return false;
    printed = std::string(text.substr(p));
    failed = !completed;
    return true;
}

void resolve_code_mode_cells(Session& session) {
    if (session.format != SessionFormat::kCodex) return;
    std::set<std::string> shell_cells;         // call ids of exec cells rewritten as shell commands
    std::map<std::string, std::string> cells;  // a running cell's id → its exec call's id
    std::map<std::string, std::string> waits;  // a wait call's id → the exec call it waits on
    std::vector<bool> drop(session.messages.size(), false);
    for (size_t i = 0; i < session.messages.size(); ++i) {
        Message& m = session.messages[i];
        if (ContentBlock* call = only_block(m, BlockKind::kToolCall)) {
            std::string name, arguments;
            if (call->tool_name == "exec" && code_mode_shell_call(call->arguments, name, arguments)) {
                call->tool_name = name;
                call->arguments = arguments;
                shell_cells.insert(call->tool_id);
            } else if (call->tool_name == "wait") {
                const auto cell = cells.find(waited_cell(call->arguments));
                if (cell != cells.end()) {
                    waits[call->tool_id] = cell->second;
                    drop[i] = true;
                }
            }
            continue;
        }
        ContentBlock* result = only_block(m, BlockKind::kToolResult);
        if (!result) continue;
        std::string target = result->tool_id;
        if (const auto w = waits.find(target); w != waits.end()) target = w->second;
        else if (!shell_cells.count(target)) continue;
        if (const std::string cell = running_cell(result->text); !cell.empty()) {
            cells[cell] = target;  // no result yet: a later wait returns it
            drop[i] = true;
            continue;
        }
        std::string printed;
        bool failed = false;
        if (!code_mode_finished(result->text, printed, failed)) continue;
        set_finished_result(*result, printed, failed);
        result->tool_id = target;
        m.source.call_id = target;
    }
    std::vector<Message> kept;
    kept.reserve(session.messages.size());
    for (size_t i = 0; i < session.messages.size(); ++i)
        if (!drop[i]) kept.push_back(std::move(session.messages[i]));
    session.messages = std::move(kept);
}

}  // namespace bm
