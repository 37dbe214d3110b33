// A look-up call answered by one identifier ("look_up_item" {"search_query":"christmas tree"} → "item_00000"):
// `<thing>.<what was looked up> = <identifier>` (action.lookup_answer).
#include <cctype>

#include <nlohmann/json.hpp>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// What a look-up tool finds, from its name: "look_up_item" → "item", "find_user_id_by_name_zip" → "user_id",
// "get_order_id" → "order_id"; empty when the name is no look-up.
std::string looked_up_thing(const std::string& tool) {
    std::string rest;
    for (const char* prefix : {"look_up_", "lookup_", "find_", "search_", "get_"})
        if (tool.rfind(prefix, 0) == 0) rest = tool.substr(std::string(prefix).size());
    if (const size_t by = rest.find("_by_"); by != std::string::npos) rest.resize(by);
    if (rest.empty() || rest.size() > 30) return {};
    for (char c : rest)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return {};
    return rest;
}

}  // namespace

void lookup_answer_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.size() > 80) return;
    const std::string thing = looked_up_thing(ascii_lower(a.tool));
    if (thing.empty()) return;
    // The answer: one token, bare or as a JSON string, that is an identifier (has a digit, '_' or '-').
    std::string answer(a.result);
    while (!answer.empty() && std::isspace(static_cast<unsigned char>(answer.back()))) answer.pop_back();
    size_t b = 0, e = answer.size();
    if (answer.size() >= 2 && answer.front() == '"' && answer.back() == '"') answer = answer.substr(1, answer.size() - 2), b = 1, e = b + answer.size();
    if (answer.empty() || answer.size() > 60) return;
    bool marked = false;
    for (char c : answer) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '#' && c != '.') return;
        marked |= std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    }
    if (!marked) return;
    // What was looked up: the call's string arguments, in order, at most three words.
    const nlohmann::ordered_json j = nlohmann::ordered_json::parse(a.arguments, nullptr, false);  // argument order kept
    if (!j.is_object() || j.empty() || j.size() > 4) return;
    std::string query;
    for (const auto& [name, v] : j.items()) {
        if (!v.is_string()) return;
        query += (query.empty() ? "" : " ") + v.get<std::string>();
    }
    const std::string what = words_slug(ascii_lower(query), 3, 32);
    if (what.empty()) return;
    out.push_back({"action.lookup_answer", thing + "." + what, answer, SlotType::kFact, ActionEvidence::kObserved, b, e});
}

}  // namespace bm
