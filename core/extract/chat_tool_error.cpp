// Whether a chat-completions tool message, which carries no error flag, reports its function's failure.
#include "extract/chat_tool_error.h"

#include <string>

#include <nlohmann/json.hpp>

#include "extract/tool_action_rules.h"

namespace bm {

bool output_header(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a CRLF line
    if (line.size() < 7 || line.size() > 120 || line.back() != ':') return false;
    const std::string low = ascii_lower(line);
    return (low.find("output") != std::string::npos || low.find("result") != std::string::npos) &&
           low.find("file") == std::string::npos && low.find("content") == std::string::npos;
}

bool chat_result_reports_failure(std::string_view result) {
    if (result.rfind("Error:", 0) == 0 || result.rfind("error:", 0) == 0) return true;
    if (const size_t eol = result.find('\n'); eol != std::string_view::npos && output_header(result.substr(0, eol))) {
        const std::string_view next = result.substr(eol + 1);
        if (next.rfind("Error:", 0) == 0 || next.rfind("error:", 0) == 0) return true;
    }
    size_t at = 0;
    while (at < result.size() && (result[at] == ' ' || result[at] == '\n' || result[at] == '\t')) ++at;
    if (at >= result.size() || result[at] != '{' || result.size() > 100'000) return false;
    const nlohmann::json j = nlohmann::json::parse(result.substr(at), nullptr, false);
    if (!j.is_object()) return false;
    auto flag = [&](const char* name, bool value) {
        const auto it = j.find(name);
        return it != j.end() && it->is_boolean() && it->get<bool>() == value;
    };
    if (flag("ok", false) || flag("success", false)) return true;
    if (flag("ok", true) || flag("success", true)) return false;
    if (const auto s = j.find("status"); s != j.end() && s->is_string()) {
        const std::string v = s->get<std::string>();
        if (v == "error" || v == "failed" || v == "failure") return true;
    }
    const auto e = j.find("error");
    if (e == j.end() || e->is_null() || e->is_boolean()) return false;
    if (e->is_string()) return !e->get<std::string>().empty();
    return e->is_object() && !e->empty();
}

}  // namespace bm
