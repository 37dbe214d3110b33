// Reading Claude Code's hook event and writing a SessionStart hook's output.
#include "inject/claude_hook.h"

#include <nlohmann/json.hpp>

namespace bm {

namespace {

// The string member `name` of `j`: "" when absent; an error when present and not a string.
Result<std::string> string_member(const nlohmann::json& j, const char* name,
                                  const std::string& where, bool required) {
    auto it = j.find(name);
    if (it == j.end() || it->is_null()) {
        if (required)
            return Error::invalid_input(std::string("the hook event has no \"") + name + "\"",
                                        Location{where, 0, -1, name});
        return std::string();
    }
    if (!it->is_string())
        return Error::invalid_input(std::string("\"") + name + "\" must be a string",
                                    Location{where, 0, -1, name});
    return it->get<std::string>();
}

}  // namespace

Result<ClaudeHookEvent> parse_claude_hook_event(const std::string& text, const std::string& where) {
    nlohmann::json j;
    try {  // parse() throws for a number out of range even when asked not to
        j = nlohmann::json::parse(text, nullptr, false);
    } catch (const nlohmann::json::exception& e) {
        return Error::invalid_input(std::string("the hook event cannot be read: ") + e.what(),
                                    Location{where});
    }
    if (j.is_discarded() || !j.is_object())
        return Error::invalid_input("the hook event is not a JSON object", Location{where},
                                    "Claude Code writes one on stdin");
    ClaudeHookEvent e;
    struct Field {
        const char* name;
        std::string* out;
        bool required;
    };
    for (const Field& f :
         {Field{"session_id", &e.session_id, false},
          Field{"transcript_path", &e.transcript_path, false}, Field{"cwd", &e.cwd, true},
          Field{"hook_event_name", &e.hook_event_name, true}, Field{"source", &e.source, false}}) {
        auto v = string_member(j, f.name, where, f.required);
        if (!v) return v.error();
        *f.out = std::move(v).value();
    }
    if (e.cwd.empty())
        return Error::invalid_input("\"cwd\" is empty", Location{where, 0, -1, "cwd"});
    return e;
}

std::string claude_session_start_output(const Injection& injection) {
    nlohmann::json out = nlohmann::json::object();
    if (!injection.block.empty())
        out["hookSpecificOutput"] = {{"hookEventName", "SessionStart"},
                                     {"additionalContext", injection.block}};
    if (!injection.notice.empty()) out["systemMessage"] = injection.notice;
    return out.dump() + "\n";
}

}  // namespace bm
