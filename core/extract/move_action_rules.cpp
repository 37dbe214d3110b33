// Files renamed or moved by a shell's `mv SRC DST` / `git mv SRC DST` (rule action.file_moved).
#include <string>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

std::string base_of(const std::string& p) {
    const size_t slash = p.find_last_of('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string dir_of(const std::string& p) {
    const size_t slash = p.find_last_of('/');
    return slash == std::string::npos ? std::string() : p.substr(0, slash);
}

// A non-zero exit code stated in the result ("[exit code: 1]", "exit status 2"): the move failed.
bool states_failure(std::string_view result) {
    for (const std::string_view marker : {"exit code", "exit status"}) {
        for (size_t p = result.find(marker); p != std::string_view::npos; p = result.find(marker, p + 1)) {
            size_t at = p + marker.size();
            while (at < result.size() && (result[at] == ':' || result[at] == ' ')) ++at;
            if (at < result.size() && digit(result[at]) && result[at] != '0') return true;
        }
    }
    return false;
}

}  // namespace

// `mv a.py b.py` run without error: `file.a.py = renamed to b.py`, `file.b.py = renamed from a.py` (same
// directory), else "moved to"/"moved from" the other path. Only a plain two-path move: flags other than
// -f/-v/-n, globs, three or more paths, or a target that may be a directory (no file name with an
// extension while the source has one, a trailing '/', '.') give none.
void move_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error) return;
    if (a.result.find("No such file") != std::string_view::npos ||
        a.result.find("cannot move") != std::string_view::npos || a.result.find("cannot stat") != std::string_view::npos)
        return;
    const bool json_args = !a.arguments.empty() && a.arguments.front() == '{';
    if (!json_args) return;  // an older SWE-agent action line is its own tool's, never checked here
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty() || command.size() > 400) return;
    if (states_failure(a.result)) return;
    for (const std::vector<std::string>& w : shell_segments(command)) {
        size_t i = 0;
        if (i < w.size() && w[i] == "sudo") ++i;
        if (i < w.size() && w[i] == "git" && i + 1 < w.size() && w[i + 1] == "mv") i += 2;
        else if (i < w.size() && (w[i] == "mv" || w[i] == "/bin/mv")) i += 1;
        else continue;
        std::vector<std::string> paths;
        bool plain = true;
        for (; i < w.size(); ++i) {
            if (w[i] == "-f" || w[i] == "-v" || w[i] == "-n" || w[i] == "--") continue;
            if (w[i].empty() || w[i][0] == '-' || w[i].find_first_of("*?[{$`~") != std::string::npos) plain = false;
            paths.push_back(w[i]);
        }
        if (!plain || paths.size() != 2) continue;
        const std::string src = path_key(paths[0], a.cwd), dst = path_key(paths[1], a.cwd);
        if (src.empty() || dst.empty() || src == dst || dst == "." ) continue;
        const bool src_ext = base_of(src).find('.') != std::string::npos;
        const bool dst_ext = base_of(dst).find('.') != std::string::npos;
        if (src_ext && !dst_ext) continue;  // "mv a.py src": src may be a directory the file went into
        const bool same_dir = dir_of(src) == dir_of(dst);
        const std::string there = same_dir ? base_of(dst) : dst, here = same_dir ? base_of(src) : src;
        const std::string verb = same_dir ? "renamed" : "moved";
        out.push_back({"action.file_moved", "file." + src, verb + " to " + there, SlotType::kArtifact,
                       ActionEvidence::kConfirmed, qb, qe});
        out.push_back({"action.file_moved", "file." + dst, verb + " from " + here, SlotType::kArtifact,
                       ActionEvidence::kConfirmed, qb, qe});
    }
}

}  // namespace bm
