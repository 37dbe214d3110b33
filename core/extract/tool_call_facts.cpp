// Stated results from structured-output tool-call arguments: top-level one-word JSON members.
#include "extract/tool_call_facts.h"

#include <cctype>

#include <nlohmann/json.hpp>


namespace bm {

namespace {

// "status" → status, "next_step" / "nextStep" → next.step; empty unless it starts with a letter.
std::string member_key(const std::string& name) {
    std::string key;
    for (char c : name) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (c == '_' || c == '-') key += '.';
        else if (std::isupper(u)) key += (key.empty() ? "" : ".") + std::string(1, static_cast<char>(std::tolower(u)));
        else if (std::isalnum(u)) key += c;
        else return {};
    }
    if (key.empty() || key.size() > 40 || !std::isalpha(static_cast<unsigned char>(key[0]))) return {};
    return key;
}

}  // namespace

bool is_result_reporting_tool(std::string_view name) {
    for (std::string_view n : {"structured_output", "final_answer", "final_result", "submit_result", "report_result",
                               "task_complete", "submit"})
        if (name == n) return true;
    return false;
}

std::vector<TextFact> tool_call_facts(std::string_view arguments, std::string_view tool_name) {
    std::vector<TextFact> out;
    if (!is_result_reporting_tool(tool_name)) return out;
    const nlohmann::json j = nlohmann::json::parse(arguments, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return out;
    for (const auto& [name, v] : j.items()) {
        std::string word;
        if (v.is_string()) word = v.get<std::string>();
        else if (v.is_number_integer() || v.is_boolean()) word = v.dump();
        if (word.empty() || word.size() > 40 || word.find_first_of(" \t\n") != std::string::npos) continue;
        const std::string key = member_key(name);
        // A structured field's value is explicit, so "complete" or "false" is kept (prose drops them as chatter).
        std::string value;
        for (char c : word) value += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (key.empty() || value.empty()) continue;
        // Quote: from the member's name to the end of its value as written.
        const size_t at = arguments.find("\"" + name + "\"");
        if (at == std::string_view::npos) continue;
        const std::string written = v.is_string() ? "\"" + word + "\"" : word;
        const size_t vat = arguments.find(written, at + name.size() + 2);
        if (vat == std::string_view::npos) continue;
        out.push_back({"tool.structured_output", key, value, SlotType::kFact, at, vat + written.size()});
    }
    return out;
}

}  // namespace bm
