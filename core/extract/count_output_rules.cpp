// A directory's entry or file count printed by `ls DIR | wc -l`, `find DIR … | wc -l` or `rg --files DIR | wc -l`
// (action.count_output, session 18), keyed by the whole path and the way of counting.
#include <cctype>
#include <string>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// `text` split at top-level occurrences of the separators (quotes respected); false when the text holds what
// this rule does not read (`||`, `$(`, backquotes, redirections, here-documents, background `&`).
bool split_top(std::string_view text, bool pipes, std::vector<std::string>& parts) {
    parts.assign(1, {});
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == quote) quote = 0;
            parts.back() += c;
            continue;
        }
        if (c == '"' || c == '\'') quote = c;
        if (c == '`' || c == '>' || c == '<' || (c == '$' && i + 1 < text.size() && text[i + 1] == '(')) return false;
        const bool two = i + 1 < text.size() && text[i + 1] == c;
        if (c == '|' && two) return false;
        if (pipes ? c == '|' : (c == ';' || c == '\n' || (c == '&' && two))) {
            if (!pipes && c == '&') ++i;
            parts.emplace_back();
            continue;
        }
        if (c == '&') return false;
        parts.back() += c;
    }
    return quote == 0;
}

std::vector<std::string> words_of(std::string_view s) {
    std::vector<std::string> w;
    std::string cur;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!cur.empty()) w.push_back(cur), cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) w.push_back(cur);
    return w;
}

bool plain_dir(const std::string& d) {
    if (d.empty() || d[0] == '-' || d.size() > 200) return false;
    for (char c : d)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' || c == '-')) return false;
    return true;
}

// What a counting segment counts: the directory and how ("ls D": its entries; "find D -mindepth 1 -maxdepth 1
// [-type f|d]": its entries, files or folders; "find D -type f", "rg --files D": every file under it). Two ways of
// counting one folder give two numbers, so the way is part of the key (`entries`, `files`, `dirs`, with `_all` for
// a count that descends).
struct CountedDir {
    std::string dir;  // empty: the segment counts nothing this rule reads
    std::string kind;
};

// The directory `seg` counts and how; empty when `seg` is anything else (a filter between, `-name`, `ls -l`, no
// directory, a `find` that would count the directory itself).
CountedDir counted_dir(const std::string& seg) {
    std::vector<std::string> stages;
    if (!split_top(seg, true, stages) || stages.size() != 2) return {};
    if (words_of(stages[1]) != std::vector<std::string>{"wc", "-l"}) return {};
    const std::vector<std::string> w = words_of(stages[0]);
    if (w.empty()) return {};
    CountedDir c;
    if (w[0] == "ls") {
        for (size_t i = 1; i < w.size(); ++i) {
            if (w[i][0] == '-') {
                for (size_t j = 1; j < w[i].size(); ++j)
                    if (w[i][j] != '1' && w[i][j] != 'A') return {};  // -l, -a, -R change what is counted
            } else if (c.dir.empty()) {
                c.dir = w[i];
            } else {
                return {};  // two directories, one count
            }
        }
        c.kind = "entries";
    } else if (w[0] == "find" && w.size() >= 2) {
        c.dir = w[1];
        std::string maxdepth, mindepth, type;
        for (size_t i = 2; i < w.size(); i += 2) {
            if (i + 1 >= w.size()) return {};
            if (w[i] == "-maxdepth") maxdepth = w[i + 1];
            else if (w[i] == "-mindepth") mindepth = w[i + 1];
            else if (w[i] == "-type") type = w[i + 1];
            else return {};
        }
        if (type != "f" && mindepth != "1") return {};  // the directory itself would be line one
        if (!type.empty() && type != "f" && type != "d") return {};
        c.kind = type == "f" ? "files" : type == "d" ? "dirs" : "entries";
        if (maxdepth != "1") c.kind += "_all";
    } else if (w[0] == "rg" && w.size() == 3 && w[1] == "--files") {
        c.dir = w[2];
        c.kind = "files_all";
    } else {
        return {};
    }
    return plain_dir(c.dir) ? c : CountedDir{};
}

bool all_digits(std::string_view s) {
    if (s.empty() || s.size() > 9) return false;
    for (char c : s)
        if (!digit(c)) return false;
    return true;
}

// The code a harness header states ("Process exited with code 1", "Exit code: 0"); empty when it states none.
std::string header_exit_code(std::string_view header) {
    for (std::string_view marker : {"exited with code ", "Exit code: "}) {
        const size_t at = header.find(marker);
        if (at == std::string_view::npos) continue;
        size_t e = at + marker.size();
        while (e < header.size() && digit(header[e])) ++e;
        return std::string(header.substr(at + marker.size(), e - at - marker.size()));
    }
    return {};
}

}  // namespace

void count_output_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.empty() || a.result.size() > 20'000) return;
    size_t cb = 0, ce = 0;
    const std::string command = shell_command_of(a, cb, ce);
    if (command.empty() || command.size() > 400 || command.find("wc -l") == std::string::npos) return;
    std::vector<std::string> segs;
    if (!split_top(command, false, segs)) return;
    std::vector<std::string> kept;
    for (const std::string& s : segs)
        if (!words_of(s).empty()) kept.push_back(s);
    // The counting segments end the chain, so their numbers are the output's last lines, in order.
    size_t first = kept.size();
    while (first > 0 && !counted_dir(kept[first - 1]).dir.empty()) --first;
    const size_t counts = kept.size() - first;
    if (counts == 0) return;
    for (size_t i = 0; i < first; ++i)
        if (!counted_dir(kept[i]).dir.empty()) return;  // a count before other output: which line is it?
    // The output's lines, after a harness header ("Process exited with code 0 … Output:") that is not the program's.
    std::string_view body = a.result;
    const size_t header = body.find("\nOutput:\n");
    if (header != std::string_view::npos && header < 300) {
        const std::string code = header_exit_code(body.substr(0, header));
        if (!code.empty() && code != "0") return;
        body = body.substr(header + 9);
    }
    const size_t base = static_cast<size_t>(body.data() - a.result.data());
    std::vector<OutputLine> lines;
    for (OutputLine l : output_lines(body)) {
        // A failed listing still prints "0": its error line means the count is no count.
        for (std::string_view bad : {"No such file", "not found", "Permission denied", "cannot access", "[exit code"})
            if (l.text.find(bad) != std::string_view::npos) return;
        if (l.text.empty()) continue;
        l.begin += base, l.end += base;
        lines.push_back(l);
    }
    if (lines.size() < counts || (first == 0 && lines.size() != counts)) return;
    if (lines.size() > counts && all_digits(lines[lines.size() - counts - 1].text)) return;  // which line is which?
    for (size_t i = 0; i < counts; ++i) {
        const OutputLine& l = lines[lines.size() - counts + i];
        if (!all_digits(l.text)) return;
    }
    for (size_t i = 0; i < counts; ++i) {
        const OutputLine& l = lines[lines.size() - counts + i];
        CountedDir counted = counted_dir(kept[first + i]);
        std::string& dir = counted.dir;
        while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
        // The whole path (two projects' `tests` folders are two folders), relative to the working directory.
        const std::string path = dir == "." ? std::string("workdir") : argument_path_key(dir, a.cwd);
        if (path.empty()) continue;
        out.push_back({"action.count_output", "dir." + path + "." + counted.kind, std::string(l.text), SlotType::kFact,
                       ActionEvidence::kObserved, l.begin, l.begin + l.text.size()});
    }
}

}  // namespace bm
