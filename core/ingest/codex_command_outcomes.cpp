// Exit codes of code-mode commands from Codex's `item_completed` CommandExecution events (see the header).
#include "ingest/codex_command_outcomes.h"

#include <set>

namespace bm {

using json = nlohmann::json;

bool command_outcome(const nlohmann::json& payload, const Session& session, CommandOutcome& out) {
    if (payload.value("type", json()) != json("item_completed")) return false;
    const auto item = payload.find("item");
    if (item == payload.end() || !item->is_object() || item->value("type", json()) != json("CommandExecution"))
        return false;
    const auto code = item->find("exit_code");
    const auto command = item->find("command");
    if (code == item->end() || !code->is_number_integer() || command == item->end() || !command->is_array() ||
        command->empty() || !command->back().is_string())
        return false;
    // The cell still running: the last exec call whose output has not come yet.
    std::set<std::string> answered;
    for (auto m = session.messages.rbegin(); m != session.messages.rend(); ++m)
        for (const ContentBlock& b : m->blocks) {
            if (b.kind == BlockKind::kToolResult) answered.insert(b.tool_id);
            if (b.kind == BlockKind::kToolCall && b.tool_name == "exec" && !b.tool_id.empty() &&
                !answered.count(b.tool_id)) {
                out.cell = b.tool_id;
                out.command = command->back().get<std::string>();
                out.exit_code = code->get<int64_t>();
                return true;
            }
        }
    return false;
}

namespace {

// The `cmd` (or `command`) string of a shell call's JSON arguments; "" when it has none.
std::string command_of(const std::string& arguments) {
    const json a = json::parse(arguments, nullptr, false);
    if (!a.is_object()) return {};
    for (const char* key : {"cmd", "command"})
        if (const auto c = a.find(key); c != a.end() && c->is_string()) return c->get<std::string>();
    return {};
}

// Whether a result already says how its command ended, or that it still runs (a later poll says the rest).
bool states_exit_code(const std::string& text) {
    for (const char* said : {"[exit code: ", "Process exited with code ", "Process running with session ID "})
        if (text.find(said) != std::string::npos) return true;
    return false;
}

// The result of call `id`, or null.
ContentBlock* result_of(Session& session, const std::string& id) {
    for (Message& m : session.messages)
        for (ContentBlock& r : m.blocks)
            if (r.kind == BlockKind::kToolResult && r.tool_id == id) return &r;
    return nullptr;
}

}  // namespace

void add_command_outcomes(Session& session, const std::vector<CommandOutcome>& outcomes) {
    for (const CommandOutcome& o : outcomes) {
        // The cell's first call that ran the command and whose result states no exit code yet: the cell's own id, or
        // "<cell>#k" for one of several.
        ContentBlock* result = nullptr;
        for (const Message& m : session.messages)
            for (const ContentBlock& b : m.blocks)
                if (!result && b.kind == BlockKind::kToolCall &&
                    (b.tool_id == o.cell || b.tool_id.rfind(o.cell + "#", 0) == 0) &&
                    command_of(b.arguments) == o.command)
                    if (ContentBlock* r = result_of(session, b.tool_id); r && !states_exit_code(r->text)) result = r;
        if (!result) continue;
        const bool ends_line = result->text.empty() || result->text.back() == '\n';
        result->text += std::string(ends_line ? "" : "\n") + "[exit code: " + std::to_string(o.exit_code) + "]";
        if (o.exit_code != 0) result->is_error = true;
    }
}

}  // namespace bm
