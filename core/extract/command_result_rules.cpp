// What a command's unmarked output says (session 16): the error lines it printed, and SWE-agent's "no output" notice.
#include <algorithm>
#include <cctype>
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Programs whose output is a file's or a listing's text, not the outcome of running code: an "Error:" line
// there is content; and commands whose silence says nothing (a file command, a setting, a cd).
bool views_or_sets(std::string_view program) {
    return one_of(program, {"cat", "head", "tail", "less", "more", "grep", "rg", "ag", "sed", "awk", "find", "ls", "tree",
                            "git", "diff", "wc", "sort", "uniq", "jq", "strings", "xxd", "hexdump", "od", "file", "echo",
                            "printf", "rm", "mkdir", "mv", "cp", "touch", "chmod", "chown", "ln", "cd", "export",
                            "source", "unset", "pip", "pip3", "conda", "apt", "apt-get", "kill", "pkill", "sleep",
                            "true", "open", "goto", "scroll_up", "scroll_down", "search_file", "search_dir",
                            "find_file", "create", "edit", "submit"});
}


// "TypeError: dtype must be known", "KeyboardInterrupt", "pkg.errors.ConfigError: bad": a Python exception line.
bool exception_line(std::string_view l) {
    const size_t colon = l.find(':');
    const std::string_view name = l.substr(0, colon);
    if (name.empty() || name.size() > 80 || !std::isalpha(static_cast<unsigned char>(name[0]))) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.') return false;
    if (colon != std::string_view::npos && (colon + 1 >= l.size() || l[colon + 1] != ' ')) return false;
    const size_t dot = name.rfind('.');
    const std::string_view last = name.substr(dot == std::string_view::npos ? 0 : dot + 1);
    for (std::string_view end : {"Error", "Exception", "Exit", "Interrupt", "Warning"})
        if (last.size() > end.size() && last.substr(last.size() - end.size()) == end) return true;
    if (last == "StopIteration" || last == "Exception") return true;
    // A class named by its module path ("django.core.exceptions.ImproperlyConfigured: …", session 19): a
    // CamelCase class after a lowercase module path, with its message.
    if (dot == std::string_view::npos || colon == std::string_view::npos || last.size() < 2) return false;
    if (!std::isupper(static_cast<unsigned char>(last[0])) || !std::islower(static_cast<unsigned char>(name[0]))) return false;
    for (char c : last)
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    return std::any_of(last.begin(), last.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
}

// The exception line as a reader carries it: the class without its module path ("ImproperlyConfigured: …"), and
// a message longer than the line's 200-byte budget cut after its first sentence when that fits; "" when nothing fits.
std::string exception_value(std::string_view l) {
    const size_t colon = l.find(':');
    const size_t dot = l.substr(0, colon).rfind('.');
    if (dot != std::string_view::npos) l.remove_prefix(dot + 1);
    if (l.size() <= 200) return std::string(l);
    const size_t stop = l.find(". ");
    return stop != std::string_view::npos && stop + 1 <= 200 ? std::string(l.substr(0, stop + 1)) : std::string();
}

// A run's error lines: a Python traceback's exception line (the last traceback's), else up to three lines that
// open with "Error:" / "ERROR:". Errors seen are a set, as action.tool_error's: keyed by the error's first three
// words, `<command>.error.<words>` (rule action.command_errors), so two tasks' scratch scripts never dispute.
void error_lines(const ToolAction& a, const std::string& subject, std::vector<ActionFact>& out) {
    const std::vector<OutputLine> lines = output_lines(a.result);
    size_t tb = lines.size();
    for (size_t i = 0; i < lines.size(); ++i)
        if (!lines[i].indented && lines[i].text == "Traceback (most recent call last):") tb = i;
    if (tb < lines.size()) {
        for (size_t i = tb + 1; i < lines.size(); ++i) {
            if (lines[i].indented || lines[i].text.empty()) continue;
            if (!exception_line(lines[i].text)) return;
            if (const std::string value = exception_value(lines[i].text); !value.empty())
                out.push_back({"action.command_errors", subject + ".error." + words_slug(value, 3, 40), value,
                               SlotType::kFact, ActionEvidence::kObserved, lines[i].begin, lines[i].end});
            return;
        }
        return;
    }
    std::string value;
    size_t b = 0, e = 0, n = 0;
    for (const OutputLine& l : lines) {
        if (l.text.rfind("Error: ", 0) != 0 && l.text.rfind("ERROR: ", 0) != 0) continue;
        if (l.text == "Error: (none)") continue;  // Gemini CLI's and Qwen Code's shell result: no error (session 32)
        if (++n > 3 || l.text.size() > 160) return;  // a dump of errors, or one too long to carry
        // "Error: … you can install it using scoop:": the line goes on in the lines after it; cut there, it says
        // less than it did (session 24, a fresh dev log).
        if (l.text.back() == ':') return;
        if (value.empty()) b = l.begin;
        value += (value.empty() ? "" : "; ") + std::string(l.text);
        e = l.end;
    }
    if (!value.empty())
        out.push_back({"action.command_errors", subject + ".error." + words_slug(value, 3, 40), value, SlotType::kFact,
                       ActionEvidence::kObserved, b, e});
}

// SWE-agent's notice for an empty output ("Your command ran successfully and did not produce any output.", 1.x:
// "Your last command …"): it says so whatever the exit status, so the fact is "ran without output"
// (rule action.no_output). A command that writes a file (`>`) is silent by design: none.
void no_output(const ToolAction& a, const std::string& subject, const std::string& command,
               std::vector<ActionFact>& out) {
    if (command.find('>') != std::string::npos) return;
    const OutputLine* notice = nullptr;
    for (const OutputLine& l : output_lines(a.result)) {
        if (l.text.empty() || l.text == "OBSERVATION:" || l.text.rfind("(Open file:", 0) == 0 ||
            l.text.rfind("(Current directory:", 0) == 0 || l.text.rfind("bash-$", 0) == 0)
            continue;
        if (notice) return;
        notice = &l;
        if (l.text != "Your command ran successfully and did not produce any output." &&
            l.text != "Your last command ran successfully and did not produce any output.")
            return;
    }
    if (notice)
        out.push_back({"action.no_output", subject + ".output", "ran without output", SlotType::kFact,
                       ActionEvidence::kObserved, notice->begin, notice->end});
}

}  // namespace

void command_result_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.error_flag_reliable || a.result.size() > 20'000) return;
    size_t qb = 0, qe = 0;
    std::string command = shell_command_of(a, qb, qe);
    while (!command.empty() && std::isspace(static_cast<unsigned char>(command.back()))) command.pop_back();
    if (command.empty() || command.find('\n') != std::string::npos) return;
    const std::string subject = command_subject(a);
    const std::string program = subject.substr(0, subject.find('.'));
    if (subject.empty() || views_or_sets(program)) return;
    error_lines(a, subject, out);
    no_output(a, subject, command, out);
}

}  // namespace bm
