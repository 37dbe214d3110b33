// A lone shell command answered "PROG: PATH: No such file or directory": that path does not exist (action.path_missing).
#include <algorithm>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

constexpr std::string_view kMissing = ": No such file or directory";

// The path named in one error line of `program` ("cat: a.txt: …", "ls: cannot access 'a.txt': …",
// "bash: cd: a: …"); empty when the line is not one.
std::string_view missing_path(std::string_view line, const std::string& program) {
    if (line.size() < kMissing.size() || line.substr(line.size() - kMissing.size()) != kMissing) return {};
    line.remove_suffix(kMissing.size());
    for (std::string_view shell : {"bash: ", "sh: ", "zsh: "})
        if (line.rfind(shell, 0) == 0) line.remove_prefix(shell.size());
    if (line.rfind(program + ": ", 0) != 0) return {};
    line.remove_prefix(program.size() + 2);
    for (std::string_view verb : {"cannot access ", "cannot stat ", "cannot open ", "cannot remove ", "can't open "})
        if (line.rfind(verb, 0) == 0) line.remove_prefix(verb.size());
    if (line.size() >= 2 && (line.front() == '\'' || line.front() == '"') && line.back() == line.front())
        line = line.substr(1, line.size() - 2);
    if (line.empty() || line.size() > 200 || line.find_first_of(" \t*?:") != std::string_view::npos) return {};
    // A file name with an extension or a path: a bare word may be a slip ("ls cat ~/x" names no file "cat").
    if (line.find_first_of("./") == std::string_view::npos) return {};
    return line;
}

}  // namespace

void missing_path_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.result.size() > 4000) return;
    size_t cb = 0, ce = 0;
    const std::string command = shell_command_of(a, cb, ce);
    if (command.empty() || command.find('\n') != std::string::npos || command.find('|') != std::string::npos) return;
    const auto segments = shell_segments(command);
    if (segments.size() != 1 || segments[0].empty()) return;  // one command, not a chain
    const std::vector<std::string>& words = segments[0];
    const std::string& program = words[0];
    size_t p = 0;
    while (p < a.result.size()) {
        size_t e = a.result.find('\n', p);
        if (e == std::string_view::npos) e = a.result.size();
        std::string_view line = a.result.substr(p, e - p);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::string_view path = missing_path(line, program);
        // Only a path the command itself named: the user's argument, not one a program looked up. The shell
        // expands "~/x" to the home directory, so the program names "/root/x" (session 18).
        auto named = [&](const std::string& w) {
            if (w == path) return true;
            return w.size() > 2 && w.compare(0, 2, "~/") == 0 && path.size() > w.size() && path.front() == '/' &&
                   path.substr(path.size() - (w.size() - 1)) == std::string_view(w).substr(1);
        };
        if (!path.empty() && std::any_of(words.begin() + 1, words.end(), named)) {
            const std::string key = path_key(path, a.cwd);
            if (!key.empty())
                out.push_back({"action.path_missing", "file." + key, "no such file or directory", SlotType::kFact,
                               ActionEvidence::kObserved, p, p + line.size()});
        }
        p = e + 1;
    }
}

}  // namespace bm
