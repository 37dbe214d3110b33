// A failed call's later successful retry (retried_calls.h).
#include "extract/retried_calls.h"

#include <algorithm>
#include <cctype>
#include <map>
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
    size_t qb = 0, qe = 0;
    t.command = shell_command_of(a, qb, qe);
    for (const MissingProgram& m : missing_programs(a, t.command)) t.missing.emplace_back(m.program, m.key);
    t.ran = a.has_result && !call_refused(a.result);
    // A command is retried only by the same command line (review: the subject key leaves out "cd DIR", inline code
    // and what is past 24 characters, so "cd frontend && npm test" failing was "retried" by "cd backend && npm test").
    if (const std::string subject = command_subject(a); !subject.empty()) {
        std::string line;
        for (const char c : t.command) {  // white space folded
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

// Whether `command` runs `program` as a command: the program's word (bounded on both sides) is the line's first, or
// follows (past blanks) a line break, `;`, `&`, `|`, `(` or a backtick, or opens the quoted script of a shell's `-c`
// (`bash -ic 'use-farmacia'`), not a quoted message (`echo "python ok"`).
bool runs_program(std::string_view command, std::string_view program) {
    const auto boundary = [](char c) {
        return std::isspace(static_cast<unsigned char>(c)) ||
               std::string_view(";|&()`$'\"").find(c) != std::string_view::npos;
    };
    for (size_t p = command.find(program); p != std::string_view::npos; p = command.find(program, p + 1)) {
        const size_t e = p + program.size();
        if ((p > 0 && !boundary(command[p - 1])) || (e < command.size() && !boundary(command[e]))) continue;
        size_t b = p;
        while (b > 0 && (command[b - 1] == ' ' || command[b - 1] == '\t')) --b;
        if (b == 0 || std::string_view(";&|(`\n").find(command[b - 1]) != std::string_view::npos) return true;
        if (command[b - 1] != '\'' && command[b - 1] != '"') continue;
        // The quote opens a shell's script: the words before it are a shell and a flag ending in c (bash -c, -lc, -ic).
        size_t f = b - 1;
        while (f > 0 && command[f - 1] == ' ') --f;
        const size_t dash = f >= 2 && command[f - 1] == 'c' ? command.substr(0, f).rfind(" -") : std::string_view::npos;
        if (dash == std::string_view::npos) continue;
        const std::string_view flag = command.substr(dash + 2, f - dash - 2);
        if (flag.empty() || flag.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string_view::npos) continue;
        std::string_view shell = command.substr(0, dash);
        shell.remove_prefix(std::min(shell.size(), shell.find_last_of(" /;&|(") + 1));
        for (const char* known : {"sh", "bash", "zsh", "dash", "ksh", "fish"})
            if (shell == known) return true;
    }
    return false;
}

}  // namespace

std::vector<std::set<std::string>> programs_found_later(const std::vector<CallTarget>& calls) {
    std::vector<std::set<std::string>> out(calls.size());
    // Each program reported missing, and the calls that ran it fine, found once (not once a report).
    std::map<std::string, std::vector<size_t>> ran_fine;  // program → calls in order
    for (const CallTarget& c : calls)
        for (const auto& m : c.missing) ran_fine.emplace(m.first, std::vector<size_t>{});
    if (ran_fine.empty()) return out;
    for (auto& [program, at] : ran_fine)
        for (size_t j = 0; j < calls.size(); ++j) {
            const CallTarget& c = calls[j];
            if (!c.ran || c.failed || !runs_program(c.command, program)) continue;
            const bool still_missing =
                std::any_of(c.missing.begin(), c.missing.end(), [&](const auto& m) { return m.first == program; });
            if (!still_missing) at.push_back(j);
        }
    for (size_t i = 0; i < calls.size(); ++i)
        for (const auto& [program, key] : calls[i].missing) {
            const std::vector<size_t>& at = ran_fine[program];
            if (std::upper_bound(at.begin(), at.end(), i) != at.end()) out[i].insert(key);
        }
    return out;
}

}  // namespace bm
