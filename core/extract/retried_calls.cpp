// A failed call's later successful retry (retried_calls.h).
#include "extract/retried_calls.h"

#include <set>
#include <utility>

namespace bm {

CallTarget call_target(const ToolAction& a) {
    CallTarget t;
    t.tool = ascii_lower(a.tool);
    t.answered = a.has_result;
    if (a.has_result) {
        const std::string code = exit_code_stated(a.result);
        t.failed = a.error || (!code.empty() && code != "0");
    }
    t.writes = write_tool(t.tool);
    if (const std::string subject = command_subject(a); !subject.empty()) {
        t.target = "cmd:" + subject;
        return t;
    }
    if (!a.arguments.empty() && a.arguments.front() == '{') {
        std::string path;
        size_t b = 0, e = 0;
        for (const char* name : {"file_path", "path", "filename", "file", "target_file"})
            if (json_string_member(a.arguments, name, path, b, e)) break;
        if (!path.empty() && path.size() <= 300)
            if (const std::string key = argument_path_key(path, a.cwd); !key.empty()) t.target = "file:" + key;
    }
    return t;
}

std::vector<bool> retried_failures(const std::vector<CallTarget>& calls) {
    std::vector<bool> out(calls.size(), false);
    std::set<std::pair<std::string, std::string>> done;  // (tool, target) of a later call that succeeded
    std::set<std::string> commands, written;              // later successful commands; files later written
    for (size_t i = calls.size(); i-- > 0;) {
        const CallTarget& c = calls[i];
        if (c.failed) {
            const bool command = c.target.rfind("cmd:", 0) == 0;
            out[i] = done.count({c.tool, c.target}) > 0 || (command && commands.count(c.target) > 0) ||
                     (!c.target.empty() && written.count(c.target) > 0);
        } else if (c.answered) {
            done.insert({c.tool, c.target});
            if (c.target.rfind("cmd:", 0) == 0) commands.insert(c.target);
            if (c.writes && !c.target.empty()) written.insert(c.target);
        }
    }
    return out;
}

}  // namespace bm
