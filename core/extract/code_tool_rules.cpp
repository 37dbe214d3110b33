// What programs and language tools answered (session 13, designed on the dev split's misses, read in every
// format): a code-mode program's or workflow's return value, a file a code-mode program read through
// `tools.read`, the location an LSP query found.
#include <cctype>
#include <string>

#include <nlohmann/json.hpp>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

bool code_tool(const std::string& tool) {
    return one_of(tool, {"run_code", "execute_code", "code_execution", "run_javascript", "run_python"});
}

// The call's short one-line description (or a workflow's meta.name) as a key part; "" when none.
std::string call_label(const ToolAction& a) {
    const nlohmann::json j = nlohmann::json::parse(a.arguments, nullptr, false);
    if (!j.is_object()) return {};
    std::string label;
    if (j.contains("meta") && j["meta"].is_object() && j["meta"].contains("name") && j["meta"]["name"].is_string())
        label = j["meta"]["name"].get<std::string>();
    else if (j.contains("description") && j["description"].is_string())
        label = j["description"].get<std::string>();
    if (label.size() > 80 || label.find('\n') != std::string::npos) return {};
    return key_slug(label, 48);
}

// The one tool a code-mode program calls when it calls exactly one (`return await tools.NAME(…)`); "" otherwise.
std::string only_tool_called(std::string_view code, size_t& at) {
    std::string name;
    for (size_t p = code.find("tools."); p != std::string_view::npos; p = code.find("tools.", p + 6)) {
        if (p > 0 && (std::isalnum(static_cast<unsigned char>(code[p - 1])) || code[p - 1] == '_')) continue;
        size_t e = p + 6;
        while (e < code.size() && (std::isalnum(static_cast<unsigned char>(code[e])) || code[e] == '_')) ++e;
        if (e == p + 6 || e >= code.size() || code[e] != '(') continue;
        if (!name.empty()) return {};
        name = std::string(code.substr(p + 6, e - p - 6));
        at = e + 1;
    }
    return name;
}

// A program's or workflow's result: a JSON object's short scalar members (<tool>[.<label>].<member>), or,
// for a program that calls one tool, a one-line result (<that tool>.result = 42).
void return_value(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.size() > 4000) return;
    const bool workflow = tool.find("workflow") != std::string::npos;
    if (!workflow && !code_tool(tool)) return;
    std::string base = key_slug(tool, 40);
    if (base.empty()) return;
    if (const std::string label = call_label(a); !label.empty()) base += "." + label;
    size_t from = 0;
    if (workflow) {
        const size_t p = a.result.find("Return value:\n");
        if (p == std::string_view::npos) return;
        from = p + 14;
    }
    // A program's object is read only when the program built it (`return { … }`), not a tool's raw answer.
    std::string code;
    size_t cb = 0, ce = 0;
    const bool has_code = json_string_member(a.arguments, "code", code, cb, ce);
    const bool built = workflow || (has_code && code.find("return {") != std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(std::string(a.result.substr(from)), nullptr, false);
    if (j.is_object()) {
        if (!built) return;
        if (j.empty() || j.size() > 6) return;
        for (const auto& [member, v] : j.items()) {
            std::string value;
            if (v.is_string()) value = v.get<std::string>();
            else if (v.is_number() || v.is_boolean()) value = v.dump();
            else continue;
            const std::string slug = key_slug(member, 40);
            if (slug.empty() || value.empty() || value.size() > 60 || value.find('\n') != std::string::npos) continue;
            const size_t at = a.result.find("\"" + member + "\"", from);
            const size_t b = at == std::string_view::npos ? from : at;
            out.push_back({"action.return_value", base + "." + slug, ascii_lower(value), SlotType::kFact,
                           ActionEvidence::kObserved, b, std::min(a.result.size(), b + member.size() + value.size() + 6)});
        }
        return;
    }
    if (workflow) return;
    size_t lb = 0, le = 0;
    const std::string line = one_line_output(a.result, lb, le);
    if (line.empty() || !has_code) return;
    size_t at = 0;
    const std::string called = only_tool_called(code, at);
    const std::string key = key_slug(called, 40);
    if (key.empty() || code.find("return") == std::string::npos) return;
    out.push_back({"action.return_value", key + ".result", ascii_lower(line), SlotType::kFact, ActionEvidence::kObserved, lb, le});
}

// A program whose one tool call is `tools.read({ file_path: "X" })`, answered without error: file.<X>.read.
void code_file_read(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || !code_tool(tool)) return;
    std::string code;
    size_t cb = 0, ce = 0;
    if (!json_string_member(a.arguments, "code", code, cb, ce)) return;
    size_t at = 0;
    if (only_tool_called(code, at) != "read") return;
    const std::string low = ascii_lower(a.result.substr(0, 2000));
    if (low.find("not found") != std::string::npos || low.find("error") != std::string::npos) return;
    const size_t k = code.find("file_path", at);
    if (k == std::string::npos) return;
    size_t q = code.find_first_of("'\"`", k);
    if (q == std::string::npos || q > k + 14) return;
    const size_t qe = code.find(code[q], q + 1);
    if (qe == std::string::npos || qe - q > 200) return;
    const std::string path = code.substr(q + 1, qe - q - 1);
    const size_t slash = path.rfind('/');
    if (path.find('.', slash == std::string::npos ? 0 : slash) == std::string::npos) return;  // a directory
    const std::string key = path_key(path, a.cwd);
    if (key.empty()) return;
    out.push_back({"action.code_file_read", "file." + key + ".read", "read", SlotType::kFact, ActionEvidence::kConfirmed,
                   cb, ce});
}

// An LSP tool's answer whose first line is a location `path:line:col`: lsp.<operation>.<asked position>.
void lsp_location(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || tool.find("lsp") == std::string::npos) return;
    size_t eol = a.result.find('\n');
    if (eol == std::string_view::npos) eol = a.result.size();
    std::string line(a.result.substr(0, eol));
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    // path:N:N, the path with a file name and no spaces.
    const size_t c2 = line.rfind(':');
    const size_t c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos : line.rfind(':', c2 - 1);
    if (c1 == std::string::npos || c1 == 0 || line.size() > 200 || line.find(' ') != std::string::npos) return;
    for (size_t i = c1 + 1; i < line.size(); ++i)
        if (i != c2 && !digit(line[i])) return;
    if (c2 == c1 + 1 || c2 + 1 == line.size() || line.substr(0, c1).find('.') == std::string::npos) return;
    const nlohmann::json j = nlohmann::json::parse(a.arguments, nullptr, false);
    if (!j.is_object()) return;
    // Members read only when they are strings: a number where a name was expected names nothing (and a typed
    // json::value() would throw on it: an `"operation": 5` aborted the extraction, session 27).
    auto text = [&j](const char* name) {
        const auto it = j.find(name);
        return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    std::string operation = text("operation");
    std::string key = "lsp." + key_slug(operation.empty() ? std::string("location") : operation, 40);
    const std::string file = !text("file_path").empty() ? text("file_path") : text("filePath");
    if (!file.empty() && j.contains("line") && j["line"].is_number_integer()) {
        std::string where = path_key(file, a.cwd) + "-" + std::to_string(j["line"].get<long long>());
        if (j.contains("character") && j["character"].is_number_integer())
            where += "-" + std::to_string(j["character"].get<long long>());
        key += "." + key_slug(where, 80);
    }
    if (key.size() < 5) return;
    out.push_back({"action.lsp_location", key, ascii_lower(line), SlotType::kFact, ActionEvidence::kObserved, 0, eol});
}

}  // namespace

void code_tool_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    return_value(a, tool, out);
    code_file_read(a, tool, out);
    lsp_location(a, tool, out);
}

}  // namespace bm
