// A failed call's later successful retry (retried_calls.h).
#include "extract/retried_calls.h"

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

bool retried_successfully(const std::vector<CallTarget>& calls, size_t i) {
    if (i >= calls.size() || !calls[i].failed) return false;
    const CallTarget& f = calls[i];
    for (size_t j = i + 1; j < calls.size(); ++j) {
        const CallTarget& r = calls[j];
        if (r.failed || !r.answered) continue;
        if (r.tool == f.tool && r.target == f.target) return true;
        if (!f.target.empty() && r.target == f.target && f.target.rfind("cmd:", 0) == 0) return true;
        if (!f.target.empty() && r.target == f.target && r.writes) return true;
    }
    return false;
}

}  // namespace bm
