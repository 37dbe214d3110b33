// A failed call's later successful retry (retried_calls.h).
#include "extract/retried_calls.h"

#include <cctype>
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
    // A command is retried only by the same command line (review: the subject key leaves out "cd DIR", inline code
    // and what is past 24 characters, so "cd frontend && npm test" failing was "retried" by "cd backend && npm test").
    if (const std::string subject = command_subject(a); !subject.empty()) {
        size_t qb = 0, qe = 0;
        std::string line;
        for (const char c : shell_command_of(a, qb, qe)) {  // white space folded
            const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
            if (space && (line.empty() || line.back() == ' ')) continue;
            line += space ? ' ' : c;
        }
        t.target = "cmd:" + line;
        return t;
    }
    if (!a.arguments.empty() && a.arguments.front() == '{') {
        std::string path;
        size_t b = 0, e = 0;
        file_path_argument(a.arguments, path, b, e);
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
        if (c.failed && c.target.empty()) {
            // A call naming neither a command nor a file (a fetch, a search, a delegation): no later call is known to
            // retry it (review: a 404 of one URL was "retried" by another URL's success).
        } else if (c.failed) {
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
