// A shell `ls DIR` that listed nothing: `dir.<path>.contents = empty` (action.ls_empty, session 22), the shell
// counterpart of a listing tool's "Directory X is empty" (action.dir_empty).
#include <string>

#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

namespace {

// A redirection word ("2>/dev/null", "2>&1", ">out"); `bare` when it takes the next word as its target ("2>").
bool redirection_word(const std::string& w, bool& bare) {
    size_t i = 0;
    while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i]))) ++i;
    if (i >= w.size() || (w[i] != '>' && w[i] != '<')) return false;
    bare = w.find_first_not_of("<>&0123456789") == std::string::npos && w.back() != '1';
    return true;
}

// The directory a segment `ls [flags] DIR` lists, and whether it throws its errors away (2>/dev/null); "" when the
// segment is anything else (no operand, two operands, a glob, -d which lists the directory itself).
std::string listed_dir(const std::vector<std::string>& w, bool& quiet) {
    quiet = false;
    if (w.empty() || w[0] != "ls") return {};
    std::string dir;
    for (size_t j = 1; j < w.size(); ++j) {
        bool bare = false;
        if (redirection_word(w[j], bare)) {
            // Its listing went elsewhere ("> files.txt", ">/dev/null", "&>log"): an empty output says nothing (review).
            const size_t fd_end = w[j].find_first_not_of("0123456789");
            const std::string fd = w[j].substr(0, fd_end);
            if (w[j][fd_end] == '>' && (fd.empty() || fd == "1")) return {};
            quiet |= w[j].find("/dev/null") != std::string::npos || (bare && j + 1 < w.size() && w[j + 1] == "/dev/null");
            j += bare ? 1 : 0;
            continue;
        }
        if (w[j].size() > 1 && w[j][0] == '-') {
            if (w[j].find('d') != std::string::npos && w[j].rfind("--", 0) != 0) return {};
            // "--ignore=*", "--hide=…", "-I PATTERN": entries left out on purpose (review).
            if (w[j].rfind("--ignore", 0) == 0 || w[j].rfind("--hide", 0) == 0 || w[j].rfind("-I", 0) == 0) return {};
            continue;
        }
        if (!dir.empty() || w[j].find_first_of("*?[{$`") != std::string::npos) return {};
        dir = w[j];
    }
    return dir;
}

// Whether `r` (a listing's output) lists nothing: no line, a harness's "no output" notice or exit line, or only "."
// and ".." (`ls -a`), as long-listing lines under their "total N".
bool lists_nothing(std::string_view r) {
    for (const OutputLine& l : output_lines(r)) {
        const std::string_view t = l.text;
        if (t.empty() || t == "(Bash completed with no output)" || t == "(no output)" || t == "." || t == "..") continue;
        if (t.rfind("total ", 0) == 0 && t.size() > 6 && t.find_first_not_of("0123456789", 6) == std::string_view::npos)
            continue;
        // A harness's exit line ("[exit code: 0]", "[The command completed with exit code 0.]"): the code is checked apart.
        if (t.front() == '[' && t.back() == ']' && t.find("exit code") != std::string_view::npos) continue;
        const bool dots = t.size() > 2 && t[0] == 'd' && (t.ends_with(" .") || t.ends_with(" .."));
        if (!dots) return false;
    }
    return true;
}

}  // namespace

void ls_empty_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.size() > 2000) return;
    size_t qb = 0, qe = 0;
    std::string command;
    const std::vector<std::vector<std::string>> segs = and_chain_segments(a, command, qb, qe);
    if (segs.empty()) return;
    // The listing is the last part, not piped on; what runs before it is `cd DIR`, or anything when an `echo <banner>`
    // right before it prints the line its output starts after ("… && echo '---' && ls -la data/raw").
    const size_t ls_at = command.rfind("ls ");
    if (ls_at == std::string::npos || command.find('|', ls_at) != std::string::npos) return;
    bool quiet = false;
    const std::string dir = listed_dir(segs.back(), quiet);
    if (dir.empty()) return;
    std::string banner;
    bool others = false;
    for (size_t i = 0; i + 1 < segs.size(); ++i) {
        // A leading `cd` to the run's own directory (or `cd` alone) keeps paths as they are; a `cd` elsewhere would
        // key a relative operand from the wrong directory (review): none.
        if (!segs[i].empty() && segs[i][0] == "cd" && !others) {
            if (segs[i].size() > 1 && segs[i][1] != a.cwd && segs[i][1] != "." && dir.front() != '/') return;
            continue;
        }
        others = true;
        if (i + 2 == segs.size() && segs[i].size() == 2 && segs[i][0] == "echo" && !segs[i][1].empty() &&
            segs[i][1].find_first_of("$\\") == std::string::npos)
            banner = segs[i][1];
    }
    if (others && banner.empty()) return;
    const std::string code = exit_code_stated(a.result);
    if (!code.empty() && code != "0") return;
    size_t start = harness_output_start(a.result);
    if (others) {
        size_t past = std::string_view::npos;
        for (const OutputLine& l : output_lines(a.result.substr(start)))
            if (l.text == banner) past = start + l.end;
        if (past == std::string_view::npos) return;
        start = past;
    }
    const std::string_view r = a.result.substr(start);
    if (!lists_nothing(r)) return;
    // With its errors thrown away, an empty output is also what a missing directory gives: only a format that flags
    // every failure (or a stated exit code 0) tells the two apart. A long listing's "." entry shows the directory.
    if (quiet && trim(r).find(" .") == std::string_view::npos && !a.error_flag_reliable && code != "0") return;
    std::string_view listed = dir;
    while (listed.size() > 1 && listed.back() == '/') listed.remove_suffix(1);
    const std::string key = path_key(listed, a.cwd);
    if (key.empty()) return;
    const std::string_view shown = trim(r);
    const size_t b = shown.empty() ? qb : static_cast<size_t>(shown.data() - a.result.data());
    const size_t e = shown.empty() ? qe : b + shown.size();
    out.push_back({"action.ls_empty", "dir." + key + ".contents", "empty", SlotType::kFact,
                   shown.empty() ? ActionEvidence::kConfirmed : ActionEvidence::kObserved, b, e});
}

}  // namespace bm
