// A terminal screen cut into each typed command's output (see terminal_screen.h).
#include "ingest/terminal_screen.h"

#include <algorithm>

namespace bm {

namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    size_t at = 0;
    while (at <= text.size()) {
        const size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) {
            out.push_back(text.substr(at));
            break;
        }
        out.push_back(text.substr(at, nl - at));
        at = nl + 1;
    }
    return out;
}

// True when `line` is a shell prompt, with or without a command typed after it ("root@h:/app# ",
// "(.venv) root@h:/app# ls", "app@h:~$ "): a prefix of at most 200 bytes and two spaces that ends
// in "# " or "$ " (or is the whole line, ending in '#' or '$') and names a user@host or a
// directory.
bool is_prompt_line(std::string_view line) {
    size_t spaces = 0;
    for (size_t i = 0; i < line.size() && i < 200; ++i) {
        const char c = line[i];
        const bool end_mark =
            (c == '#' || c == '$') && (i + 1 == line.size() || line[i + 1] == ' ');
        if (end_mark) {
            const std::string_view prefix = line.substr(0, i);
            return i >= 2 && (prefix.find('@') != std::string_view::npos ||
                              prefix.find(':') != std::string_view::npos);
        }
        if (c == ' ' && ++spaces > 2) return false;
    }
    return false;
}

// True when `line` is a prompt line echoing `command` ("root@h:/app# " + command): what comes
// before the command is a prompt ending in "# " or "$ ".
bool echoes(std::string_view line, std::string_view command) {
    if (line.size() <= command.size() || !line.ends_with(command)) return false;
    const std::string_view prefix = line.substr(0, line.size() - command.size());
    return (prefix.ends_with("# ") || prefix.ends_with("$ ")) && is_prompt_line(prefix);
}

std::string joined(const std::vector<std::string_view>& lines, size_t begin, size_t end) {
    std::string out;
    for (size_t i = begin; i < end; ++i)
        out += std::string(i > begin ? "\n" : "") + std::string(lines[i]);
    return out;
}

}  // namespace

std::string submitted_line(std::string_view keystrokes) {
    if (keystrokes.size() < 2 || keystrokes.back() != '\n') return {};
    std::string_view line = keystrokes.substr(0, keystrokes.size() - 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find('\n') != std::string_view::npos) return {};
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    return std::string(line);
}

SplitScreen split_terminal_screen(std::string_view screen,
                                  const std::vector<std::string>& commands) {
    const std::vector<std::string_view> lines = lines_of(screen);
    std::vector<bool> taken(lines.size(), false);
    SplitScreen out;
    // Matched from the bottom up: a screen may still show earlier runs of the same command (a rerun
    // after a fix), and the batch's own are the last ones. A command's lines end at the next prompt
    // line, whatever its prompt (an activated venv, `su` or ssh changes it), or the next match.
    size_t limit = lines.size();
    for (size_t c = commands.size(); c-- > 0;) {
        if (commands[c].empty()) continue;
        for (size_t i = limit; i-- > 0;) {
            if (!echoes(lines[i], commands[c])) continue;
            size_t end = i + 1;
            while (end < limit && !is_prompt_line(lines[end])) ++end;
            out.answers.push_back({c, joined(lines, i + 1, end)});
            for (size_t k = i + 1; k < end; ++k) taken[k] = true;
            limit = i;
            break;
        }
    }
    std::reverse(out.answers.begin(), out.answers.end());
    std::string rest;
    bool first = true;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (taken[i]) continue;
        rest += std::string(first ? "" : "\n") + std::string(lines[i]);
        first = false;
    }
    out.rest = std::move(rest);
    return out;
}

}  // namespace bm
