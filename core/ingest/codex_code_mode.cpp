// Codex code mode: `exec` cells and their `wait` results read as the shell command calls they ran
// (ingest/codex_code_mode.h).
#include "ingest/codex_code_mode.h"

#include <cctype>
#include <map>
#include <optional>
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
// {"exit_code": N, "output": "…"} object is its output and an "[exit code: N]" line; one with a `session_id` and
// no exit code is a command still running, written as exec_command's own header says it ("Process running with
// session ID N").
void set_finished_result(ContentBlock& r, const std::string& printed, bool failed) {
    r.text = printed;
    r.is_error = failed;
    const auto j = parse_bounded(printed);
    if (!j.is_object()) return;
    const auto code = j.find("exit_code");
    const auto output = j.find("output");
    if (output == j.end() || !output->is_string()) return;
    if (code == j.end()) {
        const auto session = j.find("session_id");
        if (session == j.end() || !session->is_number_integer()) return;
        r.text = "Process running with session ID " + std::to_string(session->get<int64_t>()) + "\nOutput:\n" +
                 output->get<std::string>();
        return;
    }
    if (!code->is_number_integer()) return;
    const int64_t n = code->get<int64_t>();
    r.text = output->get<std::string>();
    r.text += (r.text.empty() || r.text.back() == '\n' ? "" : "\n") + std::string("[exit code: ") + std::to_string(n) + "]";
    r.is_error = failed || n != 0;
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
// `text(JSON.stringify(r))`, `console.log(r)` or `console.log(r.output)`, each with an optional ';'. A script that
// filters, reverses or tests the output, or loops, prints something else (review).
bool prints_result_as_is(std::string_view s, size_t p, const std::string& var) {
    skip_blanks(s, p);
    if (take(s, p, ";")) skip_blanks(s, p);
    if (p == s.size()) return true;
    if (var.empty() || !(take(s, p, "text(") || take(s, p, "console.log("))) return false;
    skip_blanks(s, p);
    // `text(JSON.stringify(r))` prints the result object whole, as `text(r)` does (Codex 0.153: session 32).
    const bool stringified = take(s, p, "JSON.stringify(");
    if (stringified) skip_blanks(s, p);
    if (!take(s, p, var)) return false;
    if (!stringified && take(s, p, ".")) {
        if (identifier(s, p) != "output") return false;
    } else if (p < s.size() && (std::isalnum(static_cast<unsigned char>(s[p])) || s[p] == '_')) {
        return false;  // a longer name than the variable's
    }
    skip_blanks(s, p);
    if (stringified) {
        if (!take(s, p, ")")) return false;
        skip_blanks(s, p);
    }
    if (!take(s, p, ")")) return false;
    skip_blanks(s, p);
    if (take(s, p, ";")) skip_blanks(s, p);
    return p == s.size();
}

// A JavaScript object literal as JSON: keys written as bare identifiers (`{cmd:"ls","yield_time_ms":1000}`, as
// Codex 0.14x writes them) are quoted; strings must already be JSON's (double quotes). "" when it is still no JSON
// object (single quotes, a computed value, a trailing comma).
std::string object_literal_json(std::string_view object) {
    std::string out;
    out.reserve(object.size() + 16);
    bool in_string = false, key_position = false;
    std::string open;  // the containers around `i`: '{' or '[' (a comma in an array is followed by a value, not a key)
    for (size_t i = 0; i < object.size(); ++i) {
        const char c = object[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < object.size()) out += object[++i];
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') {
            in_string = true;
            key_position = false;
        } else if (c == '{' || c == '[') {
            open += c;
            key_position = c == '{';
        } else if (c == '}' || c == ']') {
            if (!open.empty()) open.pop_back();
            key_position = false;
        } else if (c == ',') {
            key_position = !open.empty() && open.back() == '{';
        } else if (key_position && (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$')) {
            size_t e = i;
            while (e < object.size() && (std::isalnum(static_cast<unsigned char>(object[e])) || object[e] == '_' ||
                                         object[e] == '$'))
                ++e;
            size_t colon = e;
            while (colon < object.size() && std::isspace(static_cast<unsigned char>(object[colon]))) ++colon;
            if (colon >= object.size() || object[colon] != ':') return {};  // a shorthand property or an expression
            out += '"';
            out += object.substr(i, e - i);
            out += '"';
            i = e - 1;
            key_position = false;
            continue;
        } else if (!std::isspace(static_cast<unsigned char>(c))) {
            key_position = false;
        }
        out += c;
    }
    return parse_bounded(out).is_object() ? out : std::string();
}

// `tools.<name>({...})` at `p` after an `await`: the tool's name and its object argument as JSON; `p` moves past
// the closing parenthesis. False when it is not such a call or the object is no JSON once its keys are quoted.
bool tool_call_at(std::string_view s, size_t& p, std::string& name, std::string& arguments) {
    static constexpr std::string_view kTools = "tools.";
    size_t q = p;
    if (!take(s, q, "await")) return false;
    skip_blanks(s, q);
    if (!take(s, q, kTools)) return false;
    std::string tool = identifier(s, q);
    if (tool.empty() || !take(s, q, "(")) return false;
    skip_blanks(s, q);
    if (q >= s.size() || s[q] != '{') return false;
    const size_t close = object_end(s, q);
    if (close == std::string_view::npos) return false;
    std::string json = object_literal_json(s.substr(q, close - q));
    if (json.empty()) return false;
    q = close;
    skip_blanks(s, q);
    if (!take(s, q, ")")) return false;
    name = std::move(tool);
    arguments = std::move(json);
    p = q;
    return true;
}

bool shell_tool(const std::string& name) {
    return name == "exec_command" || name == "shell_command" || name == "shell";
}

// One statement that prints a call's whole result: "text(await tools.X({...}));" or console.log(…) of the same.
bool printed_call_at(std::string_view s, size_t& p, std::string& name, std::string& arguments) {
    size_t q = p;
    if (!(take(s, q, "text(") || take(s, q, "console.log("))) return false;
    skip_blanks(s, q);
    if (!tool_call_at(s, q, name, arguments)) return false;
    skip_blanks(s, q);
    if (!take(s, q, ")")) return false;
    skip_blanks(s, q);
    if (take(s, q, ";")) skip_blanks(s, q);
    p = q;
    return true;
}

// A declaration's head at `p`, "const|let|var NAME = ": sets `var` and moves `p` past it. True when there is none
// (`var` stays empty); false when one starts and is malformed.
bool declaration_at(std::string_view s, size_t& p, std::string& var) {
    for (std::string_view decl : {"const ", "let ", "var "})
        if (take(s, p, decl)) {
            skip_blanks(s, p);
            var = identifier(s, p);
            skip_blanks(s, p);
            if (var.empty() || !take(s, p, "=")) return false;
            skip_blanks(s, p);
            return true;
        }
    return true;
}

// A JSON string literal at `p` ("…" with JSON's escapes): its value; `p` moves past it. nullopt when there is none.
std::optional<std::string> string_literal_at(std::string_view s, size_t& p) {
    if (p >= s.size() || s[p] != '"') return std::nullopt;
    size_t e = p + 1;
    while (e < s.size() && s[e] != '"') e += s[e] == '\\' ? 2 : 1;
    if (e >= s.size()) return std::nullopt;
    const nlohmann::json v = parse_bounded(s.substr(p, e + 1 - p));
    if (!v.is_string()) return std::nullopt;
    p = e + 1;
    return v.get<std::string>();
}

}  // namespace

bool code_mode_patch_call(std::string_view script, std::string& patch) {
    size_t p = 0;
    std::string var;
    std::optional<std::string> text;
    skip_blanks(script, p);
    if (!declaration_at(script, p, var)) return false;
    if (!var.empty()) {
        if (!(text = string_literal_at(script, p))) return false;
        skip_blanks(script, p);
        take(script, p, ";");
        skip_blanks(script, p);
    }
    const bool printed = take(script, p, "text(") || take(script, p, "console.log(");
    skip_blanks(script, p);
    if (!take(script, p, "await")) return false;
    skip_blanks(script, p);
    if (!take(script, p, "tools.apply_patch(")) return false;
    skip_blanks(script, p);
    if (!var.empty()) {
        if (identifier(script, p) != var) return false;
    } else if (!(text = string_literal_at(script, p))) {
        return false;
    }
    skip_blanks(script, p);
    if (!take(script, p, ")")) return false;
    skip_blanks(script, p);
    if (printed && !take(script, p, ")")) return false;
    skip_blanks(script, p);
    take(script, p, ";");
    skip_blanks(script, p);
    if (p != script.size()) return false;
    patch = std::move(*text);
    return true;
}

ContentBlock* sole_block(Message& m, BlockKind kind) {
    return m.blocks.size() == 1 && m.blocks[0].kind == kind ? &m.blocks[0] : nullptr;
}

bool code_mode_shell_call(std::string_view script, std::string& name, std::string& arguments) {
    // The script is the call, as a statement or a variable's value: "[const|let|var r = ]await tools.X({...})",
    // or the call printed whole: "text(await tools.X({...}));".
    size_t p = 0;
    std::string var, tool, object;
    skip_blanks(script, p);
    if (printed_call_at(script, p, tool, object)) {
        if (p != script.size() || !(shell_tool(tool) || tool == "write_stdin")) return false;  // a poll: codex_stdin_polls.h
        name = tool;
        arguments = object;
        return true;
    }
    if (!declaration_at(script, p, var)) return false;
    if (!tool_call_at(script, p, tool, object) || !shell_tool(tool) || !prints_result_as_is(script, p, var)) return false;
    name = tool;
    arguments = object;
    return true;
}

bool code_mode_shell_calls(std::string_view script, std::vector<CodeModeCall>& calls) {
    std::vector<CodeModeCall> found;
    size_t p = 0;
    skip_blanks(script, p);
    while (p < script.size()) {
        CodeModeCall c;
        if (!printed_call_at(script, p, c.name, c.arguments)) return false;
        if (!shell_tool(c.name) && c.name != "write_stdin") return false;
        found.push_back(std::move(c));
    }
    if (found.size() < 2) return false;
    calls = std::move(found);
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

namespace {

// The JSON objects a multi-call cell printed, one after another (each `text(...)` prints one content item, which the
// reader joined with newlines); empty when the text is anything else.
std::vector<std::string> printed_objects(std::string_view printed) {
    std::vector<std::string> out;
    size_t p = 0;
    skip_blanks(printed, p);
    while (p < printed.size()) {
        if (printed[p] != '{') return {};
        const size_t close = object_end(printed, p);
        if (close == std::string_view::npos) return {};
        std::string object(printed.substr(p, close - p));
        if (!parse_bounded(object).is_object()) return {};
        out.push_back(std::move(object));
        p = close;
        skip_blanks(printed, p);
    }
    return out;
}

// Whether a running cell's notice printed nothing yet: past its "Output:" line only blanks (or no such line).
bool nothing_printed(std::string_view notice) {
    const size_t at = notice.find("\nOutput:");
    if (at == std::string_view::npos) return true;
    for (char c : notice.substr(at + 8))
        if (!std::isspace(static_cast<unsigned char>(c))) return false;
    return true;
}

// A multi-call cell split into its calls: the exec call's message index, its result's, and each call's printed object.
struct CellSplit {
    size_t call_message = 0;
    std::vector<CodeModeCall> calls;
    std::vector<std::string> printed;
    bool failed = false;
};

}  // namespace

void resolve_code_mode_cells(Session& session, const std::function<std::string(const std::string&)>& redact) {
    if (session.format != SessionFormat::kCodex) return;
    std::set<std::string> shell_cells;         // call ids of exec cells rewritten as shell commands
    std::map<std::string, std::pair<size_t, std::vector<CodeModeCall>>> multi_cells;  // cell call id → its message, calls
    std::map<std::string, std::string> cells;  // a running cell's id → its exec call's id ("" when not a shell cell)
    std::map<std::string, std::string> waits;  // a wait call's id → the cell it waits on
    std::map<size_t, CellSplit> splits;        // result message index → the cell it splits
    std::set<size_t> split_calls;              // message indexes of the exec calls that splits replace
    std::vector<bool> drop(session.messages.size(), false);
    auto known_cell = [&](const std::string& id) { return shell_cells.count(id) || multi_cells.count(id); };
    for (size_t i = 0; i < session.messages.size(); ++i) {
        Message& m = session.messages[i];
        if (ContentBlock* call = sole_block(m, BlockKind::kToolCall)) {
            std::string name, arguments;
            std::vector<CodeModeCall> calls;
            if (call->tool_name == "exec") {
                // A later cell that reuses an id is what that id names from here on (review).
                shell_cells.erase(call->tool_id);
                multi_cells.erase(call->tool_id);
            }
            if (call->tool_name == "exec" && code_mode_shell_call(call->arguments, name, arguments)) {
                call->tool_name = name;
                call->arguments = arguments;
                shell_cells.insert(call->tool_id);
            } else if (call->tool_name == "exec" && code_mode_patch_call(call->arguments, arguments)) {
                // Its result is the patch tool's report, read as Codex's own apply_patch call's (session 28).
                call->tool_name = "apply_patch";
                call->arguments = redact(arguments);  // decoded from a string literal: what its escapes spelt is new text
                shell_cells.insert(call->tool_id);
            } else if (call->tool_name == "exec" && !call->tool_id.empty() &&
                       code_mode_shell_calls(call->arguments, calls)) {
                multi_cells[call->tool_id] = {i, std::move(calls)};
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
        ContentBlock* result = sole_block(m, BlockKind::kToolResult);
        if (!result) continue;
        std::string target = result->tool_id, cell;
        if (const auto w = waits.find(target); w != waits.end()) {
            cell = w->second;
            target = cells[cell];
        }
        if (const std::string running = running_cell(result->text); !running.empty()) {
            // Every running cell is noted, so that a later cell reusing an id never reaches an old call (review).
            // A cell of several calls that printed some results before it paused keeps its notice and is left as
            // written: the finished cell would hold only the rest (review).
            const bool known = known_cell(target) && (!multi_cells.count(target) || nothing_printed(result->text));
            cells[running] = known ? target : std::string();
            if (known) drop[i] = true;
            continue;
        }
        if (!known_cell(target)) continue;
        std::string printed;
        bool failed = false;
        if (!code_mode_finished(result->text, printed, failed)) continue;
        if (!cell.empty()) cells.erase(cell);  // the cell is done; its id may be used again
        if (const auto multi = multi_cells.find(target); multi != multi_cells.end()) {
            std::vector<std::string> objects = printed_objects(printed);
            result->tool_id = target;  // a wait's answer is the cell's result, split or not
            m.source.call_id = target;
            if (objects.size() != multi->second.second.size() || split_calls.count(multi->second.first)) continue;
            split_calls.insert(multi->second.first);
            splits[i] = CellSplit{multi->second.first, multi->second.second, std::move(objects), failed};
            continue;
        }
        set_finished_result(*result, printed, failed);
        result->text = redact(result->text);  // a decoded output may spell out what its JSON escaped
        result->tool_id = target;
        m.source.call_id = target;
    }
    // A split cell's calls take its call's place, and their results its result's, ids "<cell id>#k".
    std::map<size_t, const CellSplit*> by_call;
    for (const auto& [result_index, split] : splits) by_call[split.call_message] = &split;
    std::vector<Message> kept;
    kept.reserve(session.messages.size());
    for (size_t i = 0; i < session.messages.size(); ++i) {
        if (drop[i]) continue;
        // Each part is its own message ("<id>#k"), so that two equal commands of one cell stay two; the original
        // record stays with the first part only, and the script and output are not copied into every part (review).
        auto parts_of = [&](Message base, size_t n, const auto& fill) {
            CompressedBytes raw = std::move(base.raw);
            base.raw = CompressedBytes{};
            base.blocks[0].arguments.clear();
            base.blocks[0].text.clear();
            for (size_t k = 0; k < n; ++k) {
                Message part = base;
                if (k == 0) part.raw = std::move(raw);
                const std::string suffix = "#" + std::to_string(k + 1);
                part.id += suffix;
                part.blocks[0].tool_id += suffix;
                fill(part, k);
                kept.push_back(std::move(part));
            }
        };
        if (const auto c = by_call.find(i); c != by_call.end()) {
            const CellSplit& split = *c->second;
            parts_of(std::move(session.messages[i]), split.calls.size(), [&](Message& call, size_t k) {
                call.blocks[0].tool_name = split.calls[k].name;
                call.blocks[0].arguments = split.calls[k].arguments;
            });
            continue;
        }
        if (const auto r = splits.find(i); r != splits.end()) {
            const CellSplit& split = r->second;
            parts_of(std::move(session.messages[i]), split.calls.size(), [&](Message& result, size_t k) {
                ContentBlock& b = result.blocks[0];
                set_finished_result(b, split.printed[k], split.failed);
                b.text = redact(b.text);
                result.source.call_id = b.tool_id;
            });
            continue;
        }
        kept.push_back(std::move(session.messages[i]));
    }
    session.messages = std::move(kept);
}

}  // namespace bm
