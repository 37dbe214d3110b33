// Exit codes of code-mode commands from Codex's `item_completed` CommandExecution events (see the
// header).
#include "ingest/codex_command_outcomes.h"

namespace bm {

using json = nlohmann::json;

bool command_outcome(const nlohmann::json& payload, const Session& session, CommandOutcome& out) {
    if (payload.value("type", json()) != json("item_completed")) return false;
    const auto item = payload.find("item");
    if (item == payload.end() || !item->is_object() ||
        item->value("type", json()) != json("CommandExecution"))
        return false;
    const auto code = item->find("exit_code");
    const auto command = item->find("command");
    if (code == item->end() || !code->is_number_integer() || command == item->end() ||
        !command->is_array() || command->empty() || !command->back().is_string())
        return false;
    for (auto m = session.messages.rbegin(); m != session.messages.rend(); ++m)
        for (const ContentBlock& b : m->blocks)
            if (b.kind == BlockKind::kToolCall && b.tool_name == "exec" && !b.tool_id.empty()) {
                out.cell = b.tool_id;
                out.command = command->back().get<std::string>();
                out.exit_code = code->get<int64_t>();
                return true;
            }
    return false;
}

namespace {

// The `cmd` (or `command`) string of a shell call's JSON arguments; "" when it has none.
std::string command_of(const std::string& arguments) {
    const json a = json::parse(arguments, nullptr, false);
    if (!a.is_object()) return {};
    for (const char* key : {"cmd", "command"})
        if (const auto c = a.find(key); c != a.end() && c->is_string())
            return c->get<std::string>();
    return {};
}

bool states_exit_code(const std::string& text) {
    return text.find("[exit code: ") != std::string::npos ||
           text.find("Process exited with code ") != std::string::npos;
}

}  // namespace

void add_command_outcomes(Session& session, const std::vector<CommandOutcome>& outcomes) {
    for (const CommandOutcome& o : outcomes) {
        // The cell's call that ran the command: the cell's own id, or "<cell>#k" for one of
        // several.
        std::string call_id;
        for (const Message& m : session.messages)
            for (const ContentBlock& b : m.blocks)
                if (b.kind == BlockKind::kToolCall &&
                    (b.tool_id == o.cell || b.tool_id.rfind(o.cell + "#", 0) == 0) &&
                    command_of(b.arguments) == o.command)
                    call_id = b.tool_id;
        if (call_id.empty()) continue;
        for (Message& m : session.messages)
            for (ContentBlock& r : m.blocks)
                if (r.kind == BlockKind::kToolResult && r.tool_id == call_id &&
                    !states_exit_code(r.text)) {
                    r.text += (r.text.empty() || r.text.back() == '\n' ? "" : "\n") +
                              std::string("[exit code: ") + std::to_string(o.exit_code) + "]";
                    if (o.exit_code != 0) r.is_error = true;
                }
    }
}

}  // namespace bm
