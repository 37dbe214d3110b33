// A failed call's later successful retry (retried_calls.h).
#include "extract/retried_calls.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <utility>

#include "extract/missing_program.h"
#include "extract/rejection_reason.h"

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
    {
        size_t qb = 0, qe = 0;
        t.command = shell_command_of(a, qb, qe);
    }
    for (const MissingProgram& m : missing_programs(a)) t.missing.emplace_back(m.program, m.key);
    t.ran = a.has_result && !call_refused(a.result) && a.result.rfind("The user cancelled the tool call.", 0) != 0;
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

namespace {

// Whether `command` runs `program` as a command: the program's word is the line's first, or follows (past blanks) a
// `;`, `&`, `|`, `(`, a backtick or a quote opening a script (`bash -ic 'use-farmacia'`).
bool runs_program(std::string_view command, std::string_view program) {
    for (size_t p = command.find(program); p != std::string_view::npos; p = command.find(program, p + 1)) {
        if (!ran_by(command.substr(p), program)) continue;
        size_t b = p;
        while (b > 0 && (command[b - 1] == ' ' || command[b - 1] == '\t')) --b;
        if (b == 0 || std::string_view(";&|(`'\"").find(command[b - 1]) != std::string_view::npos) return true;
    }
    return false;
}

}  // namespace

std::vector<std::set<std::string>> programs_found_later(const std::vector<CallTarget>& calls) {
    std::vector<std::set<std::string>> out(calls.size());
    for (size_t i = 0; i < calls.size(); ++i)
        for (const auto& [program, key] : calls[i].missing)
            for (size_t j = i + 1; j < calls.size(); ++j) {
                const CallTarget& later = calls[j];
                if (!later.ran || later.failed || !runs_program(later.command, program)) continue;
                const bool still_missing = std::any_of(later.missing.begin(), later.missing.end(),
                                                       [&key](const auto& m) { return m.second == key; });
                if (still_missing) continue;
                out[i].insert(key);
                break;
            }
    return out;
}

}  // namespace bm
