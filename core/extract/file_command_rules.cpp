// A lone file command run through a shell (mkdir, mv, cp, rm, touch, chmod, ln, rmdir): the command and its
// exit code (rule action.file_command), and the directories `mkdir` made (rule action.dir_created). Session 13,
// designed on the OpenHands dev logs; `action.command_run` leaves these out because they are not one
// command of a chain that looks around.
#include <string>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

bool file_program(const std::string& p) {
    return one_of(p, {"mkdir", "mv", "cp", "rm", "touch", "chmod", "ln", "rmdir"});
}

// The code a result states ("executed with exit code 0", "[exit code: 1]", "exit status 2"); "" when none,
// and where it sits.
std::string stated_code(std::string_view result, size_t& b, size_t& e) {
    const std::string low = ascii_lower(result.substr(0, 4000));
    for (const char* marker : {"exit code", "exit status", "exited with code"}) {
        const size_t p = low.find(marker);
        if (p == std::string::npos) continue;
        size_t at = p + std::string_view(marker).size();
        while (at < low.size() && (low[at] == ' ' || low[at] == ':' || low[at] == '=')) ++at;
        size_t end = at;
        while (end < low.size() && end - at < 4 && digit(low[end])) ++end;
        if (end == at) continue;
        b = p, e = end;
        return low.substr(at, end - at);
    }
    return {};
}

// The paths a shell word names: itself, or the expansion of its one brace group ("app/{src,tests}" →
// app/src, app/tests; session 14). None for globs, variables, nested or several groups, an empty item.
std::vector<std::string> brace_expansion(const std::string& word) {
    if (word.find_first_of("*?$[") != std::string::npos) return {};
    const size_t open = word.find('{');
    if (open == std::string::npos) return word.find('}') == std::string::npos ? std::vector<std::string>{word}
                                                                             : std::vector<std::string>{};
    const size_t close = word.find('}', open);
    if (close == std::string::npos || word.find('{', open + 1) < close || word.find_first_of("{}", close + 1) != std::string::npos)
        return {};
    std::vector<std::string> out;
    const std::string head = word.substr(0, open), tail = word.substr(close + 1);
    for (size_t b = open + 1; b <= close;) {
        size_t e = word.find(',', b);
        if (e == std::string::npos || e > close) e = close;
        if (e == b) return {};
        out.push_back(head + word.substr(b, e - b) + tail);
        b = e + 1;
    }
    if (out.size() < 2) return {};  // "{a}" is no expansion
    return out;
}

}  // namespace

void file_command_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error) return;
    const bool json_args = !a.arguments.empty() && a.arguments.front() == '{';
    if (!json_args) return;  // an older SWE-agent action line is its own tool's
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty() || command.size() > 120 || command.find('\n') != std::string::npos) return;
    std::vector<std::vector<std::string>> segs = shell_segments(command);
    // "cd DIR && touch a b": the command runs in DIR (session 14); any other chain does not say which part
    // did what.
    std::string in_dir;
    if (segs.size() == 2 && segs[0].size() == 2 && segs[0][0] == "cd" && segs[0][1].find_first_of("*?{$~") == std::string::npos) {
        in_dir = segs[0][1];
        while (in_dir.size() > 1 && in_dir.back() == '/') in_dir.pop_back();
        segs.erase(segs.begin());
    }
    if (segs.size() != 1 || segs[0].size() < 2) return;
    const std::vector<std::string>& w = segs[0];
    const std::string program = ascii_lower(w[0]);
    if (!file_program(program)) return;
    size_t cb = 0, ce = 0;
    std::string code = stated_code(a.result, cb, ce);
    if (!code.empty() && code != "0") return;  // it failed; action.tool_error and action.command_exit say so
    // A harness that heads the result with the code ("Exit code: 0", Codex's shell_command) has the last word: a
    // failure phrase below it is the shell's start-up noise (session 17, a real rollout's "/bin/ps: Operation not
    // permitted"), since a failed mkdir/touch/rm exits non-zero.
    const bool zero_header = code == "0" && cb == 0;
    for (const char* failure : {"No such file", "cannot ", "Permission denied", "File exists", "Operation not permitted"})
        if (!zero_header && a.result.find(failure) != std::string_view::npos) return;
    // Commands run are a set: the key names the command's first operand ("mkdir.app", "mv.a.txt"), so two
    // sessions' different mkdirs never dispute `mkdir.command` (session 14, as action.command_run).
    // The command's own slot names every operand (up to 3: "rm a.py b.py" → rm.a.py.b.py.command), its exit code
    // the first.
    std::string subject = program, named = program;
    size_t operands = 0;
    for (size_t i = program == "chmod" ? 2 : 1; i < w.size() && operands < 3; ++i) {  // chmod's first operand is its mode
        if (w[i] == "-m") { ++i; continue; }  // mkdir's mode
        if (w[i].empty() || w[i][0] == '-') continue;
        std::string operand = w[i].substr(0, w[i].find('{'));  // "app/{src,tests}" is named by "app"
        while (operand.size() > 1 && operand.back() == '/') operand.pop_back();
        const std::string tag = key_slug(operand.substr(operand.rfind('/') == std::string::npos ? 0 : operand.rfind('/') + 1), 24);
        if (tag.empty()) continue;
        if (operands++ == 0) subject += "." + tag;
        named += "." + tag;
    }
    out.push_back({"action.file_command", named + ".command", relative_command(command, a.cwd), SlotType::kFact,
                   ActionEvidence::kConfirmed, qb, qe});
    if (!code.empty())
        out.push_back({"action.file_command", subject + ".exit_code", code, SlotType::kFact, ActionEvidence::kObserved,
                       cb, ce});
    else if (a.error_flag_reliable)
        out.push_back({"action.file_command", subject + ".exit_code", "0", SlotType::kFact, ActionEvidence::kConfirmed,
                       qb, qe});
    if (program != "mkdir") return;
    for (size_t i = 1; i < w.size(); ++i) {
        const std::string& d = w[i];
        if (d == "-m") { ++i; continue; }  // its mode
        if (d.empty() || d[0] == '-') continue;
        for (std::string path : brace_expansion(d)) {
            while (path.size() > 1 && path.back() == '/') path.pop_back();
            if (!in_dir.empty() && path[0] != '/') path = in_dir + "/" + path;
            const std::string key = path_key(path, a.cwd);
            if (!key.empty())
                out.push_back({"action.dir_created", "dir." + key, "created", SlotType::kArtifact,
                               ActionEvidence::kConfirmed, qb, qe});
        }
    }
}

}  // namespace bm
