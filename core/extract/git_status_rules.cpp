// What `git status --short` shows of each changed file: `file.<path>.git_status = modified | staged | untracked | …`
// (action.git_status_file, session 22), the files a session leaves uncommitted; and the branch `-b`'s header names.
#include <algorithm>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Whether the words are `git [-C DIR] status` with only short-format flags (no path, no other format); sets `dir`
// and `porcelain` (whose paths are the repository root's, where --short's are the working directory's).
bool short_status(const std::vector<std::string>& w, std::string& dir, bool& porcelain, bool& branch) {
    size_t j = 0;
    if (w.empty() || w[0] != "git") return false;
    for (j = 1; j + 1 < w.size() && w[j] == "-C"; j += 2) dir = w[j + 1];
    if (j >= w.size() || w[j] != "status") return false;
    bool short_format = false;
    for (++j; j < w.size(); ++j) {
        const std::string& x = w[j];
        if (x == "--short" || x == "-s") short_format = true;
        else if (x == "-sb" || x == "-bs") short_format = branch = true;
        else if (x == "--porcelain" || x == "--porcelain=v1") short_format = porcelain = true;
        else if (x == "-b" || x == "--branch") branch = true;
        else if (!(x == "-uall" || x == "-unormal" || x == "--untracked-files=all"))
            return false;
    }
    return short_format;
}

// The status a porcelain line's two columns (index, work tree) give; "" for a line that is no porcelain line.
std::string status_word(char index, char tree) {
    const std::string_view kCodes = " MADRCU";
    if (index == '?' && tree == '?') return "untracked";
    if (kCodes.find(index) == std::string_view::npos || kCodes.find(tree) == std::string_view::npos) return {};
    if (index == 'U' || tree == 'U' || (index == 'A' && tree == 'A') || (index == 'D' && tree == 'D')) return "unmerged";
    if (index == ' ' && tree == 'M') return "modified";
    if (index == ' ' && tree == 'D') return "deleted";
    if (index != ' ' && tree == ' ') return index == 'D' ? "deleted, staged" : "staged";
    if (index != ' ' && tree != ' ') return "staged, then modified";
    return {};
}

// The branch the header line of `git status -b` names, its output's first line: "## main...origin/main [ahead 1]",
// "## main", "## No commits yet on main" (older git: "## Initial commit on main"); a detached "## HEAD (no branch)"
// names none. `<repo>.git.branch` (action.git_branch, session 24).
void status_branch(const ToolAction& a, const std::vector<std::vector<std::string>>& segs, size_t at, size_t start,
                   std::vector<ActionFact>& out) {
    for (const OutputLine& l : output_lines(a.result.substr(start))) {
        if (l.text.empty()) continue;
        std::string_view line = l.text;
        if (l.indented || line.rfind("## ", 0) != 0) return;
        line.remove_prefix(3);
        for (std::string_view lead : {"No commits yet on ", "Initial commit on "})
            if (line.rfind(lead, 0) == 0) line.remove_prefix(lead.size());
        const size_t dots = line.find("...");
        const std::string_view name = line.substr(0, std::min(dots, line.find(' ')));
        if (!branch_name(name) || (dots == std::string_view::npos && name.size() != line.size() &&
                                   line.substr(name.size()).rfind(" [", 0) != 0))
            return;
        const std::string repo = repository_tag(a, segs, at);
        if (repo.empty()) return;
        out.push_back({"action.git_branch", repo + ".git.branch", std::string(name), SlotType::kFact,
                       ActionEvidence::kObserved, start + l.begin, start + l.end});
        return;
    }
}

}  // namespace

void git_status_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!answered_without_failure(a)) return;
    size_t qb = 0, qe = 0;
    std::string command;
    const std::vector<std::vector<std::string>> segs = and_chain_segments(a, command, qb, qe);
    // A leading `cd X` moves where --short's paths start (review, session 22: `cd web && git status --short` keyed
    // web's files from the top).
    size_t i = 0;
    std::string moved;
    for (; i < segs.size() && !segs[i].empty() && segs[i][0] == "cd"; ++i)
        if (segs[i].size() == 2 && segs[i][1] != "." && segs[i][1] != a.cwd)
            moved = moved.empty() || segs[i][1][0] == '/' ? segs[i][1] : moved + "/" + segs[i][1];
        else if (segs[i].size() != 2)
            return;
    std::string dir;
    bool porcelain = false, branch = false;
    if (i >= segs.size() || !short_status(segs[i], dir, porcelain, branch)) return;
    // --porcelain's paths are the repository root's: known only when the call runs at the run's own directory.
    if (porcelain && (!moved.empty() || !dir.empty())) return;
    if (dir.empty()) dir = moved;
    else if (!moved.empty() && dir[0] != '/') dir = moved + "/" + dir;
    // The status is the line's last part, or an `echo <banner>` right after it marks where its output ends
    // ("git status --short && echo '---' && git log --oneline -5").
    std::string banner;
    if (i + 1 < segs.size()) {
        const std::vector<std::string>& e = segs[i + 1];
        if (e.size() != 2 || e[0] != "echo" || e[1].empty() || e[1].find_first_of("$\\") != std::string::npos) return;
        banner = e[1];
    }
    // No pipe on the status (what it pipes into filters it): none before the banner, if any, or in the whole line
    // (review, session 22: the first "status" found could be a directory's name, "cd /w/status-page").
    const size_t banner_at = banner.empty() ? std::string::npos : command.find("&& echo", command.find("git"));
    if (command.substr(0, banner_at).find('|') != std::string::npos) return;
    const size_t start = harness_output_start(a.result);
    if (branch) status_branch(a, segs, i, start, out);
    std::vector<ActionFact> facts;
    bool ended = banner.empty();
    for (const OutputLine& l : output_lines(a.result.substr(start))) {
        if (!banner.empty() && l.text == banner) {
            ended = true;
            break;
        }
        if (l.text.empty() || l.text.rfind("## ", 0) == 0) continue;
        // "XY path": the line as git prints it (output_lines trims its leading blank: " M a.md" reads "M a.md").
        const size_t lead = l.indented ? 1 : 0;
        const std::string_view raw = a.result.substr(start + l.begin - lead, l.end - l.begin + lead);
        if (raw.size() < 4 || raw[2] != ' ') return;
        const std::string word = status_word(raw[0], raw[1]);
        if (word.empty()) return;
        const std::string_view path = raw.substr(3);
        if (path.find(" -> ") != std::string_view::npos) continue;  // a rename: both names on one line
        const std::string full = dir.empty() || (!path.empty() && path[0] == '/') ? std::string(path) : dir + "/" + std::string(path);
        const std::string key = path_key(full, a.cwd);
        if (key.empty()) continue;
        facts.push_back({"action.git_status_file", "file." + key + ".git_status", word, SlotType::kFact,
                         ActionEvidence::kObserved, start + l.begin, start + l.end});
    }
    // A long list is a survey, not the state a session leaves: at most 12 files.
    if (!ended || facts.empty() || facts.size() > 12) return;
    out.insert(out.end(), facts.begin(), facts.end());
}

}  // namespace bm
