// A program the shell could not find ("bash: rg: command not found"): `<program>.available = command not found`
// (Refuted; rule action.command_missing, session 18), so the next session does not reach for it again.
#include <cctype>
#include <set>
#include <string>

#include "extract/missing_program.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// A program name as shells print it: letters, digits and ._+- only, at most 40 bytes.
bool program_name(std::string_view p) {
    if (p.empty() || p.size() > 40 || !std::isalnum(static_cast<unsigned char>(p[0]))) return false;
    for (char c : p)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '+' && c != '-') return false;
    return true;
}

// The program a shell's "not found" line names: bash's "[/bin/]bash: [line N: ]P: command not found", zsh's
// "zsh: command not found: P", dash's "[/bin/]sh: N: P: not found"; empty for any other line.
std::string_view missing_program(std::string_view line) {
    constexpr std::string_view kBash = ": command not found", kZsh = "zsh: command not found: ", kDash = ": not found";
    if (line.rfind(kZsh, 0) == 0) return line.substr(kZsh.size());
    if (line.size() > kBash.size() && line.substr(line.size() - kBash.size()) == kBash) {
        const std::string_view head = line.substr(0, line.size() - kBash.size());
        const size_t colon = head.rfind(": ");
        return colon == std::string_view::npos ? head : head.substr(colon + 2);
    }
    const bool dash = line.rfind("sh: ", 0) == 0 || line.rfind("/bin/sh: ", 0) == 0 || line.rfind("/usr/bin/sh: ", 0) == 0;
    if (dash && line.size() > kDash.size() && line.substr(line.size() - kDash.size()) == kDash) {
        const std::string_view head = line.substr(0, line.size() - kDash.size());
        const size_t colon = head.rfind(": ");
        if (colon != std::string_view::npos) return head.substr(colon + 2);
    }
    return {};
}

}  // namespace

bool ran_by(std::string_view command, std::string_view program) {
    auto boundary = [](char c) { return std::isspace(static_cast<unsigned char>(c)) || std::string_view(";|&()`$'\"").find(c) != std::string_view::npos; };
    for (size_t p = command.find(program); p != std::string_view::npos; p = command.find(program, p + 1)) {
        const size_t e = p + program.size();
        if ((p == 0 || boundary(command[p - 1])) && (e == command.size() || boundary(command[e]))) return true;
    }
    return false;
}

std::vector<MissingProgram> missing_programs(const ToolAction& a, const std::string& command) {
    std::vector<MissingProgram> out;
    // Every shell's line says "not found": most results are passed over without splitting their lines.
    if (!a.has_result || command.empty() || a.result.find("not found") == std::string::npos) return out;
    // A command run on another machine or in a container ("ssh host rg x", "docker exec c rg x") says nothing of
    // where the agent works.
    for (const char* remote : {"ssh ", "docker exec", "docker run", "podman exec", "podman run", "kubectl exec",
                               "vagrant ssh", "lxc exec"})
        if (command.find(remote) != std::string::npos) return out;
    std::set<std::string> seen;
    for (const OutputLine& line : output_lines(a.result.substr(0, 4000))) {
        const std::string_view program = missing_program(line.text);
        if (!program_name(program) || !ran_by(command, program)) continue;
        std::string key = ascii_lower(program);
        for (char& c : key)
            if (c == '.' || c == '+') c = '-';
        if (!seen.insert(key).second) continue;
        out.push_back({std::string(program), key, line.begin, line.end});
    }
    return out;
}

void missing_program_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    size_t qb = 0, qe = 0;
    for (const MissingProgram& m : missing_programs(a, shell_command_of(a, qb, qe)))
        out.push_back({"action.command_missing", m.key + ".available", "command not found", SlotType::kRefuted,
                       ActionEvidence::kObserved, m.begin, m.end});
}

}  // namespace bm
