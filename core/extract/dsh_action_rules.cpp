// What a tool's result says about the session's own machinery (rules designed on DSH logs, read in
// any format): a short file's content as the read tool showed it, an image's dimensions, a subagent
// that is unavailable, a tool disabled by policy, the persistent shell's exit code.
#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

namespace {

bool read_tool(const std::string& tool) { return one_of(tool, {"read", "read_file", "readfile", "fs_read", "view_file"}); }

// "1: text", "     1→text", "     1\ttext": the line's text after its number; false for other lines.
bool numbered_line(std::string_view line, std::string_view& text) {
    size_t i = 0;
    while (i < line.size() && line[i] == ' ') ++i;
    const size_t d = i;
    while (i < line.size() && digit(line[i])) ++i;
    if (i == d || i - d > 4 || i >= line.size()) return false;
    if (line.compare(i, 2, ": ") == 0) text = line.substr(i + 2);
    else if (line.compare(i, 3, "\xE2\x86\x92") == 0) text = line.substr(i + 3);  // →
    else if (line[i] == '\t') text = line.substr(i + 1);
    else if (line[i] == ':' && i + 1 == line.size()) text = {};
    else return false;
    return true;
}

// A one-line file the read tool showed whole (at most 3 non-empty lines of at most 80 bytes, no offset or
// limit asked, and only one of them): file.<path>.content = the line. Whether the file was changed later is marked per branch
// (mark_read_contents).
void file_content(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!read_tool(tool) || !a.has_result || a.error || a.result.size() > 2000) return;
    for (const char* partial : {"\"offset\"", "\"limit\"", "\"view_range\"", "\"start_line\""})
        if (a.arguments.find(partial) != std::string_view::npos) return;
    std::string path;
    size_t pb = 0, pe = 0;
    file_path_argument(a.arguments, path, pb, pe);
    const std::string key = path_key(path, a.cwd);
    if (key.empty() || key.back() == '/' || a.result.find("<type>image</type>") != std::string_view::npos) return;
    struct Line { std::string text; size_t begin, end; };
    std::vector<Line> lines;
    bool unnumbered = false;
    bool reminder = false;  // inside the <system-reminder> Claude Code appends to every Read (session 13)
    for (size_t p = 0; p < a.result.size();) {
        size_t eol = a.result.find('\n', p);
        if (eol == std::string_view::npos) eol = a.result.size();
        const std::string_view raw = a.result.substr(p, eol - p);
        std::string_view text;
        if (reminder || trim(raw) == "<system-reminder>") {
            reminder = trim(raw) != "</system-reminder>";
        } else if (numbered_line(raw, text)) {
            std::string t(trim(text));
            if (!t.empty()) lines.push_back({t, static_cast<size_t>(text.data() - a.result.data()),
                                             static_cast<size_t>(text.data() - a.result.data()) + text.size()});
        } else if (!trim(raw).empty() && raw.front() != '<' && raw.front() != '(' && raw.find("line numbers") == std::string_view::npos) {
            unnumbered = true;  // prose around the listing: not a plain file view
        }
        p = eol + 1;
    }
    if (unnumbered || lines.empty() || lines.size() > 3) return;
    for (const Line& l : lines)
        if (l.text.size() > 80) return;
    // Only a one-line file's whole text: its "name=value" lines, read one by one, were the file's contents mined as
    // facts (session 21: `file.config.txt.level = info` junk, `.mode.earlier = DEBUG` partial, blind relabel).
    const Line& l = lines.front();
    if (lines.size() == 1 && l.text.find_first_of("(){};") == std::string::npos)  // code is no fact
        out.push_back({"action.file_content", "file." + key + ".content", l.text, SlotType::kFact,
                       ActionEvidence::kObserved, l.begin, l.end});
}

// "image/png image, 1x1 px, 69 bytes" in an image read's result: file.<path>.dimensions = 1x1 px.
void image_dimensions(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!(read_tool(tool) || tool == "read_image") || !a.has_result || a.error) return;
    const std::string_view r = a.result.substr(0, 2000);
    const size_t px = r.find(" px");
    if (px == std::string_view::npos) return;
    size_t b = px;
    while (b > 0 && (digit(r[b - 1]) || r[b - 1] == 'x')) --b;
    const std::string dims(r.substr(b, px - b));
    const size_t x = dims.find('x');
    if (x == std::string::npos || x == 0 || x + 1 >= dims.size() || dims.find('x', x + 1) != std::string::npos ||
        (b > 0 && r[b - 1] != ' '))
        return;
    std::string path;
    size_t pb = 0, pe = 0;
    file_path_argument(a.arguments, path, pb, pe);
    const std::string key = path_key(path, a.cwd);
    if (key.empty()) return;
    out.push_back({"action.image_info", "file." + key + ".dimensions", dims + " px", SlotType::kFact,
                   ActionEvidence::kObserved, b, px + 3});
}

// An error result `<kind> "<id>" is unavailable` / "not found" / "does not exist" about a subagent,
// task or job: <kind>.<id>.status = unavailable (Refuted: the call on it failed).
void unavailable_worker(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || !a.error || a.result.size() > 400) return;
    const std::string low = ascii_lower(a.result);
    for (const char* kind : {"subagent", "agent", "task", "job"}) {
        const std::string marker = std::string(kind) + " \"";
        const size_t p = low.find(marker);
        if (p == std::string::npos || (p > 0 && std::isalpha(static_cast<unsigned char>(low[p - 1])))) continue;
        const size_t ib = p + marker.size(), ie = low.find('"', ib);
        if (ie == std::string::npos || ie == ib || ie - ib > 64) return;
        const std::string id = low.substr(ib, ie - ib);
        bool has_digit = false;
        for (char c : id) {
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return;
            has_digit |= digit(c);
        }
        if (!has_digit) return;
        const std::string rest = low.substr(ie + 1, 40);
        const char* status = rest.rfind(" is unavailable", 0) == 0   ? "unavailable"
                             : rest.rfind(" not found", 0) == 0 ||
                                       rest.rfind(" was not found", 0) == 0 ? "not found"
                             : rest.rfind(" does not exist", 0) == 0 ? "does not exist"
                                                                      : nullptr;
        if (!status) return;
        const size_t end = ie + 1 + rest.find(status) + std::string_view(status).size();
        out.push_back({"action.worker_unavailable", std::string(kind) + "." + id + ".status", status,
                       SlotType::kRefuted, ActionEvidence::kObserved, p, end});
        return;
    }
}

// An error result "<tool> is disabled by [X ]policy …" for a call of that very tool: tool.<name> =
// disabled by policy …, Refuted (the approach is ruled out for the session).
void tool_disabled(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (!a.has_result || !a.error || a.result.size() > 400 || tool.empty()) return;
    std::string r(trim(a.result.substr(0, a.result.find('\n'))));
    const std::string low = ascii_lower(r);
    size_t p = 0;
    if (low.rfind("error: ", 0) == 0) p = 7;
    const std::string head = tool + " is disabled by ";
    if (low.compare(p, head.size(), head) != 0) return;
    std::string value = low.substr(p + tool.size() + 4);
    while (!value.empty() && value.back() == '.') value.pop_back();
    if (value.find("policy") == std::string::npos || value.size() > 80) return;
    const std::string key = key_slug(tool, 40);
    if (key.empty()) return;
    out.push_back({"action.tool_disabled", "tool." + key, value, SlotType::kRefuted, ActionEvidence::kObserved, p,
                   r.size()});
}

// `exit N` in a persistent shell answered "[shell exited: code N]": shell.exit_code = N.
void shell_exit(const ToolAction& a, std::vector<ActionFact>& out) {
    size_t qb = 0, qe = 0;
    const std::string command(trim(shell_command_of(a, qb, qe)));
    if (command.rfind("exit ", 0) != 0 || !a.has_result) return;
    const std::string n(trim(std::string_view(command).substr(5)));
    if (n.empty() || n.size() > 3) return;
    for (char c : n)
        if (!digit(c)) return;
    const std::string marker = "[shell exited: code " + n + "]";
    const size_t p = a.result.find(marker);
    if (p == std::string_view::npos) return;
    out.push_back({"action.shell_exit", "shell.exit_code", n, SlotType::kFact, ActionEvidence::kObserved, p,
                   p + marker.size()});
}


// A one-line shell command that redirects into a file (`… >> notes.txt`, `… > out.json`), run
// without error: file.<path> = appended | written. Descriptor redirections (2>&1, >&2), /dev/*
// and heredocs give none; quoted text is skipped.
void file_redirect(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error) return;
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty() || command.size() > 200 || command.find('\n') != std::string::npos ||
        command.find("<<") != std::string::npos)
        return;
    char quote = 0;
    for (size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (quote) {
            if (c == quote) quote = 0;
            else if (c == '\\' && quote == '"') ++i;
            continue;
        }
        if (c == '\'' || c == '"') { quote = c; continue; }
        if (c == '\\') { ++i; continue; }
        if (c != '>') continue;
        if (i > 0 && (digit(command[i - 1]) || command[i - 1] == '&' || command[i - 1] == '>')) continue;
        const bool append = i + 1 < command.size() && command[i + 1] == '>';
        size_t b = i + (append ? 2 : 1);
        if (b < command.size() && (command[b] == '&' || command[b] == '|')) continue;
        while (b < command.size() && command[b] == ' ') ++b;
        size_t e = b;
        while (e < command.size() && !std::isspace(static_cast<unsigned char>(command[e])) &&
               std::string_view(";|&)<>'\"`$").find(command[e]) == std::string_view::npos)
            ++e;
        const std::string target = command.substr(b, e - b);
        i = e;
        if (target.empty() || target.rfind("/dev/", 0) == 0) continue;
        const size_t slash = target.rfind('/');
        const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
        if (base.find('.') == std::string::npos || base.front() == '.') continue;
        const std::string key = path_key(target, a.cwd);
        if (key.empty()) continue;
        out.push_back({"action.file_redirect", "file." + key, append ? "appended" : "written", SlotType::kArtifact,
                       ActionEvidence::kConfirmed, qb, qe});
    }
}

}  // namespace

void dsh_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    file_content(a, tool, out);
    image_dimensions(a, tool, out);
    unavailable_worker(a, out);
    tool_disabled(a, tool, out);
    shell_exit(a, out);
    file_redirect(a, out);
}

}  // namespace bm
