// The repository a git command works on, named for keys (`repo.<name>.git.branch`, session 24), and the state git shows
// of it that no other scanner reads: the branch `git branch --show-current` prints, and the remotes of `git remote -v`.
#include <algorithm>
#include <string>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// `dir` taken from `base`: an absolute path (`/x`, `C:\x`, `\\host\x`) replaces it, a relative one is appended;
// "." and ".." steps are applied. "" when `dir` is a home or variable path the log cannot resolve.
std::string resolved(const std::string& base, const std::string& dir) {
    if (dir.empty() || dir[0] == '~' || dir[0] == '$' || dir[0] == '%' || dir == "-") return {};
    const bool absolute = dir[0] == '/' || dir[0] == '\\' || (dir.size() > 1 && dir[1] == ':');
    std::vector<std::string> parts;
    const auto add = [&parts](const std::string& path) {
        std::string part;
        for (size_t i = 0; i <= path.size(); ++i) {
            if (i < path.size() && path[i] != '/' && path[i] != '\\') {
                part += path[i];
                continue;
            }
            if (part == "..") {
                if (!parts.empty()) parts.pop_back();
            } else if (!part.empty() && part != ".") {
                parts.push_back(part);
            }
            part.clear();
        }
    };
    if (!absolute) {
        if (base.empty()) return {};
        add(base);
    }
    add(dir);
    std::string out;
    for (const std::string& p : parts) out += "/" + p;
    return out;
}

// Whether the words are `git … remote -v` (or --verbose) with nothing else.
bool remote_listing(const std::vector<std::string>& w, size_t& git_at) {
    for (git_at = 0; git_at < w.size() && w[git_at] != "git"; ++git_at) {
        // only variable assignments may come first
        if (w[git_at].find('=') == std::string::npos) return false;
    }
    size_t j = git_at + 1;
    while (j + 1 < w.size() && (w[j] == "-C" || w[j] == "-c")) j += 2;
    return j + 2 == w.size() && w[j] == "remote" && (w[j + 1] == "-v" || w[j + 1] == "--verbose");
}

// Whether a remote's URL carries a secret in its user part: a password (`https://u:p@host/x`, `u:p@host:x`) or a
// token as the user (`https://ghp_x@host/x`); scp's and ssh's bare `git@` is a user name, no secret.
bool carries_credentials(std::string_view url) {
    const size_t scheme = url.find("://");
    const size_t start = scheme == std::string_view::npos ? 0 : scheme + 3;
    const size_t path = url.find('/', start);
    const std::string_view authority = url.substr(start, path == std::string_view::npos ? url.npos : path - start);
    const size_t at = authority.rfind('@');
    if (at == std::string_view::npos) return false;
    const std::string_view user = authority.substr(0, at);
    if (user.find(':') != std::string_view::npos) return true;
    return scheme != std::string_view::npos && user != "git";
}

}  // namespace

std::string repository_tag(const ToolAction& a, const std::vector<std::vector<std::string>>& segs, size_t git_at) {
    if (git_at >= segs.size()) return {};
    std::string base = a.cwd;
    std::string workdir;
    size_t wb = 0, we = 0;
    // Codex gives each call its own working directory ("workdir": "." or an absolute path).
    // Google Antigravity's run_command names it Cwd (session 35).
    if ((json_string_member(a.arguments, "workdir", workdir, wb, we) ||
         json_string_member(a.arguments, "Cwd", workdir, wb, we)) &&
        !workdir.empty())
        base = resolved(base, workdir);
    for (size_t i = 0; i < git_at && i < segs.size(); ++i) {
        const std::vector<std::string>& w = segs[i];
        if (w.empty()) continue;
        if (w[0] == "popd" || w[0] == "Pop-Location") return {};  // back to a directory the line may not show
        if (w[0] == "cd" || w[0] == "pushd" || w[0] == "Set-Location" || w[0] == "sl") {
            // `cd` alone goes home, `cd -P x` takes options, `Set-Location -Path x` names its parameter: the
            // directory is the last word, and one directory word only.
            size_t n = 0;
            std::string dir;
            for (size_t j = 1; j < w.size(); ++j)
                if (w[j].empty() || w[j][0] != '-') ++n, dir = w[j];
            if (n != 1) return {};
            base = resolved(base, dir);
        }
    }
    {
        // git's own options, before its subcommand: `-C DIR` (after it, -C is the subcommand's: `git commit -C
        // HEAD` reuses a message); `--git-dir`/`--work-tree` name a repository this key cannot.
        const std::vector<std::string>& w = segs[git_at];
        size_t j = 0;
        while (j < w.size() && w[j] != "git") ++j;
        for (++j; j < w.size() && !w[j].empty() && w[j][0] == '-'; ++j) {
            if (w[j].rfind("--git-dir", 0) == 0 || w[j].rfind("--work-tree", 0) == 0) return {};
            if (w[j] == "-C" && j + 1 < w.size()) base = resolved(base, w[++j]);
            else if (w[j] == "-c") ++j;
        }
    }
    return repository_key(base);
}

std::string repository_key(std::string_view dir) {
    std::string tag = directory_tag(dir);
    if (tag.empty()) return {};
    std::replace(tag.begin(), tag.end(), '.', '-');  // "socket.io" is one name, not two key words
    return "repo." + tag;
}

std::string directory_tag(std::string_view dir) {
    while (!dir.empty() && (dir.back() == '/' || dir.back() == '\\')) dir.remove_suffix(1);
    const size_t slash = dir.find_last_of("/\\");
    const std::string_view name = slash == std::string_view::npos ? dir : dir.substr(slash + 1);
    if (name.empty() || name.size() > 60 || name == "." || name == ".." || name[0] == '~' || name[0] == '$' ||
        (name.size() == 2 && name[1] == ':'))
        return {};
    return key_slug(name, 40);
}

bool branch_name(std::string_view name) {
    if (name.empty() || name.size() > 100 || name[0] == '-' || name == "HEAD") return false;
    return std::all_of(name.begin(), name.end(), [](char ch) {
        const unsigned char c = static_cast<unsigned char>(ch);
        return std::isalnum(c) || ch == '.' || ch == '_' || ch == '-' || ch == '/' || ch == '+' || ch == '@' ||
               ch == '#' || c >= 0x80;
    });
}

void git_remote_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!answered_without_failure(a)) return;
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty() || command.size() > 4000 || command.find("remote") == std::string::npos) return;
    // A pipe may rewrite the lines (`| sed …`): none.
    for (size_t p = command.find('|'); p != std::string::npos; p = command.find('|', p + 2))
        if (p + 1 >= command.size() || command[p + 1] != '|') return;
    const std::vector<std::vector<std::string>> segs = shell_segments(command);
    // One listing in the line, so that its lines name one repository.
    size_t listing = segs.size(), git_at = 0;
    for (size_t i = 0; i < segs.size(); ++i) {
        size_t g = 0;
        if (!remote_listing(segs[i], g)) continue;
        if (listing != segs.size()) return;
        listing = i, git_at = g;
    }
    if (listing == segs.size() || git_at != 0) return;
    const std::string repo = repository_tag(a, segs, listing);
    if (repo.empty()) return;
    // "origin\thttps://github.com/o/r.git (fetch)": one fact a remote, from its fetch line.
    for (const OutputLine& l : output_lines(a.result.substr(0, 20'000))) {
        const std::string_view line = l.text;
        const size_t tab = line.find('\t');
        if (l.indented || tab == std::string_view::npos || line.size() < tab + 10 ||
            line.substr(line.size() - 8) != " (fetch)")
            continue;
        const std::string_view name = line.substr(0, tab);
        const std::string_view url = line.substr(tab + 1, line.size() - 8 - tab - 1);
        const std::string name_key = key_slug(name, 30);
        if (name_key.empty() || name_key != ascii_lower(name) || url.empty() || url.size() > 300 ||
            url.find_first_of(" \t") != std::string_view::npos)
            continue;
        // A URL with a secret in it is not carried (its quote would carry the secret too).
        if (carries_credentials(url)) continue;
        out.push_back({"action.git_remote", repo + ".git.remote." + name_key, std::string(url),
                       SlotType::kFact, ActionEvidence::kObserved, l.begin, l.end});
    }
}

void git_current_branch_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!answered_without_failure(a)) return;
    size_t qb = 0, qe = 0;
    std::string command;
    const std::vector<std::vector<std::string>> segs = and_chain_segments(a, command, qb, qe);
    if (segs.empty() || command.find('|') != std::string::npos) return;
    // `git branch --show-current` or `git rev-parse --abbrev-ref HEAD`: the line's only part past `cd`s, or the
    // part right after an `echo <banner>` whose line marks where its output starts.
    size_t at = segs.size();
    for (size_t i = 0; i < segs.size(); ++i) {
        const std::vector<std::string>& w = segs[i];
        size_t j = 0;
        if (w.empty() || w[0] != "git") continue;
        for (j = 1; j + 1 < w.size() && w[j] == "-C"; j += 2) {
        }
        const std::vector<std::string> rest(w.begin() + static_cast<std::ptrdiff_t>(j), w.end());
        if (rest == std::vector<std::string>{"branch", "--show-current"} ||
            rest == std::vector<std::string>{"rev-parse", "--abbrev-ref", "HEAD"}) {
            if (at != segs.size()) return;
            at = i;
        }
    }
    if (at == segs.size()) return;
    std::string banner;
    if (at > 0 && segs[at - 1].size() == 2 && segs[at - 1][0] == "echo" && !segs[at - 1][1].empty() &&
        segs[at - 1][1].find_first_of("$\\") == std::string::npos)
        banner = segs[at - 1][1];
    else
        for (size_t i = 0; i < at; ++i)
            if (segs[i].empty() || segs[i][0] != "cd") return;
    size_t start = harness_output_start(a.result);
    if (!banner.empty()) {
        size_t past = std::string_view::npos;
        for (const OutputLine& l : output_lines(a.result.substr(start)))
            if (l.text == banner) {
                past = start + l.end;
                break;
            }
        if (past == std::string_view::npos) return;
        start = past;
    }
    for (const OutputLine& l : output_lines(a.result.substr(start))) {
        if (l.text.empty()) continue;
        if (l.indented || !branch_name(l.text)) return;
        // A detached HEAD prints no line: what comes next is a later part's, its banner ("echo STATUS") among them.
        for (size_t i = at + 1; i < segs.size(); ++i)
            if (segs[i].size() == 2 && segs[i][0] == "echo" && segs[i][1] == l.text) return;
        const std::string repo = repository_tag(a, segs, at);
        if (repo.empty()) return;
        out.push_back({"action.git_branch", repo + ".git.branch", std::string(l.text), SlotType::kFact,
                       ActionEvidence::kObserved, start + l.begin, start + l.end});
        return;
    }
}

}  // namespace bm
