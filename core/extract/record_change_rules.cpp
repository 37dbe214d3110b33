// A function call that changed a record (book_reservation, cancel_pending_order, update_…): the id
// of the record it made or changed and the short arguments the result did not contradict (rule
// action.record_changed; session 14, designed on the tau-bench OpenAI-chat dev logs).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

constexpr size_t kMaxValue = 40;

// The words of a function name ("update_reservation_flights" → update, reservation, flights); none
// when it is not snake_case or camelCase words.
std::vector<std::string> name_words(std::string_view tool) {
    std::vector<std::string> words;
    std::string w;
    for (char c : tool) {
        if (c == '_' || c == '-') {
            if (!w.empty()) words.push_back(w), w.clear();
        } else if (std::isupper(static_cast<unsigned char>(c)) && !w.empty()) {
            words.push_back(w),
                w.assign(1, static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        } else if (std::isalnum(static_cast<unsigned char>(c))) {
            w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            return {};
        }
    }
    if (!w.empty()) words.push_back(w);
    return words;
}

// Verbs that name a change to a record (reads such as get, search, list, find, calculate are not).
bool change_verb(const std::string& v) {
    return one_of(v, {"book",    "cancel",   "update",   "modify", "create",  "delete",    "remove",
                      "add",     "return",   "exchange", "change", "upgrade", "downgrade", "refund",
                      "reserve", "schedule", "place",    "submit", "set",     "issue",     "reset",
                      "close",   "open",     "register", "assign", "approve", "reject"});
}

bool failed(std::string_view r) {
    const std::string head = ascii_lower(r.substr(0, 64));
    for (const char* lead :
         {"error", "failed", "failure", "exception", "invalid", "not found", "unable", "cannot"})
        if (head.rfind(lead, 0) == 0) return true;
    return false;
}

// A scalar as a value ("economy", "3", "no"); empty for objects, arrays, nulls and long strings.
std::string scalar_text(const nlohmann::json& v) {
    std::string s;
    if (v.is_string())
        s = v.get<std::string>();
    else if (v.is_number_integer())
        s = std::to_string(v.get<long long>());
    else if (v.is_boolean())
        s = v.get<bool>() ? "true" : "false";
    if (s.empty() || s.size() > kMaxValue || s.find('\n') != std::string::npos) return {};
    return s;
}

// Where `"name"` sits in a JSON text, and the end of its value (for the quote).
bool member_span(std::string_view text, const std::string& name, size_t& b, size_t& e) {
    const std::string quoted = "\"" + name + "\"";
    const size_t p = text.find(quoted);
    if (p == std::string_view::npos) return false;
    size_t end = text.find_first_of(",}", p + quoted.size());
    if (end == std::string_view::npos) end = text.size();
    b = p, e = end;
    return true;
}

}  // namespace

void record_change_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || failed(a.result)) return;
    const std::vector<std::string> words = name_words(a.tool);
    if (words.size() < 2 || !change_verb(words[0])) return;
    if (words[1] == "goal") return;  // create_goal / update_goal: action.goal reads them
    const std::string tool = ascii_lower(a.tool);
    // Codex's update_plan (action.todo reads its items) and Gemini CLI's update_topic: the agent's own
    // bookkeeping, no record in the world (session 37, dev: 3 partials, `update_plan.explanation =
    // Reported health results to user.`, two `update_topic.title`, one of them a dispute that was not real).
    if (one_of(tool, {"update_plan", "update_topic"})) return;
    const nlohmann::json args = nlohmann::json::parse(a.arguments, nullptr, false);
    if (!args.is_object()) return;
    const nlohmann::json result = nlohmann::json::parse(a.result, nullptr, false);
    // The record: an `<object>_id` member whose object is one of the function's words (order_id of
    // cancel_pending_order), in the arguments (a record changed) or else in the result (a record
    // made).
    std::string id_name, id;
    bool id_in_result = false;
    for (size_t i = 1; i < words.size() && id.empty(); ++i) {
        const std::string name = words[i] + "_id";
        if (auto it = args.find(name); it != args.end())
            id = scalar_text(*it), id_name = name;
        else if (result.is_object())
            if (auto r = result.find(name); r != result.end())
                id = scalar_text(*r), id_name = name, id_in_result = true;
    }
    const std::string subject = id.empty() ? tool : tool + "." + key_slug(id, kMaxValue);
    size_t b = 0, e = 0;
    if (id_in_result && member_span(a.result, id_name, b, e))
        out.push_back({"action.record_changed", tool + "." + id_name, id, SlotType::kArtifact,
                       ActionEvidence::kObserved, b, e});
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (it.key() == id_name) continue;
        const std::string value = scalar_text(it.value());
        if (value.empty()) continue;
        // A member the changed record shows with another value was not what came of the call.
        if (result.is_object())
            if (auto r = result.find(it.key()); r != result.end() && scalar_text(*r) != value)
                continue;
        if (!member_span(a.arguments, it.key(), b, e)) continue;
        out.push_back({"action.record_changed", subject + "." + key_slug(it.key(), 60), value,
                       SlotType::kFact, ActionEvidence::kConfirmed, b, e});
    }
    if (result.is_object())
        if (auto s = result.find("status");
            s != result.end() && !scalar_text(*s).empty() && member_span(a.result, "status", b, e))
            out.push_back({"action.record_changed", subject + ".status", scalar_text(*s),
                           SlotType::kFact, ActionEvidence::kObserved, b, e});
}

}  // namespace bm
