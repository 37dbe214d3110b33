// Codex code mode: `exec` cells and their `wait` results read as the shell command calls they ran
// (ingest/codex_code_mode.h).
#include "ingest/codex_code_mode.h"

#include <cctype>
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

void skip_blanks(std::string_view s, size_t& p) {
    while (p < s.size() && std::isspace(static_cast<unsigned char>(s[p]))) ++p;
}

bool take(std::string_view s, size_t& p, std::string_view word) {
    if (s.substr(p, word.size()) != word) return false;
    p += word.size();
    return true;
}

// An identifier at `p` ("r", "out_1"); "" when none.
std::string identifier(std::string_view s, size_t& p) {
    const size_t b = p;
    while (p < s.size() && (std::isalnum(static_cast<unsigned char>(s[p])) || s[p] == '_' || s[p] == '$')) ++p;
    return std::string(s.substr(b, p - b));
}

// What follows the call prints the command's result as it is: nothing, `text(r)`, `text(r.output)`,
// `console.log(r)` or `console.log(r.output)`, each with an optional ';'. A script that filters, reverses or tests
// the output, or loops, prints something else (review).
bool prints_result_as_is(std::string_view s, size_t p, const std::string& var) {
    skip_blanks(s, p);
    if (take(s, p, ";")) skip_blanks(s, p);
    if (p == s.size()) return true;
    if (var.empty() || !(take(s, p, "text(") || take(s, p, "console.log("))) return false;
    skip_blanks(s, p);
    if (!take(s, p, var)) return false;
    if (take(s, p, ".")) {
        if (identifier(s, p) != "output") return false;
    } else if (p < s.size() && (std::isalnum(static_cast<unsigned char>(s[p])) || s[p] == '_')) {
        return false;  // a longer name than the variable's
    }
    skip_blanks(s, p);
    if (!take(s, p, ")")) return false;
    skip_blanks(s, p);
    if (take(s, p, ";")) skip_blanks(s, p);
    return p == s.size();
}

}  // namespace

bool code_mode_shell_call(std::string_view script, std::string& name, std::string& arguments) {
    static constexpr std::string_view kTools = "tools.";
    // The script is the call, as a statement or a variable's value: "[const|let|var r = ]await tools.X({...})".
    size_t p = 0;
    std::string var;
    skip_blanks(script, p);
    for (std::string_view decl : {"const ", "let ", "var "})
        if (take(script, p, decl)) {
            skip_blanks(script, p);
            var = identifier(script, p);
            skip_blanks(script, p);
            if (var.empty() || !take(script, p, "=")) return false;
            skip_blanks(script, p);
            break;
        }
    if (!take(script, p, "await")) return false;
    skip_blanks(script, p);
    const size_t at = p;
    if (!take(script, p, kTools)) return false;
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
    size_t after = close;
    skip_blanks(script, after);
    if (!take(script, after, ")") || !prints_result_as_is(script, after, var)) return false;
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

void resolve_code_mode_cells(Session& session, const std::function<std::string(const std::string&)>& redact) {
    if (session.format != SessionFormat::kCodex) return;
    std::set<std::string> shell_cells;         // call ids of exec cells rewritten as shell commands
    std::map<std::string, std::string> cells;  // a running cell's id → its exec call's id ("" when not a shell cell)
    std::map<std::string, std::string> waits;  // a wait call's id → the cell it waits on
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
                const std::string cell = waited_cell(call->arguments);
                const auto running = cells.find(cell);
                if (running != cells.end() && !running->second.empty()) {
                    waits[call->tool_id] = cell;
                    drop[i] = true;
                }
            }
            continue;
        }
        ContentBlock* result = only_block(m, BlockKind::kToolResult);
        if (!result) continue;
        std::string target = result->tool_id, cell;
        if (const auto w = waits.find(target); w != waits.end()) {
            cell = w->second;
            target = cells[cell];
        }
        if (const std::string running = running_cell(result->text); !running.empty()) {
            // Every running cell is noted, so that a later cell reusing an id never reaches an old call (review).
            cells[running] = shell_cells.count(target) ? target : std::string();
            if (shell_cells.count(target)) drop[i] = true;
            continue;
        }
        if (!shell_cells.count(target)) continue;
        std::string printed;
        bool failed = false;
        if (!code_mode_finished(result->text, printed, failed)) continue;
        set_finished_result(*result, printed, failed);
        result->text = redact(result->text);  // a decoded output may spell out what its JSON escaped
        result->tool_id = target;
        m.source.call_id = target;
        if (!cell.empty()) cells.erase(cell);  // the cell is done; its id may be used again
    }
    std::vector<Message> kept;
    kept.reserve(session.messages.size());
    for (size_t i = 0; i < session.messages.size(); ++i)
        if (!drop[i]) kept.push_back(std::move(session.messages[i]));
    session.messages = std::move(kept);
}

}  // namespace bm
