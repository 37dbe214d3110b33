// Failed attempts: a tool result marked as an error says what was tried and why it did not work
// (`<tool or command>.error` = the error's reason, Refuted; a failed file write `file.<path>.write`), so the
// next session does not retry it blind.
#include <algorithm>
#include <cctype>
#include <string>

#include <nlohmann/json.hpp>

#include "extract/chat_tool_error.h"
#include "extract/rejection_reason.h"
#include "extract/request_rules.h"
#include "extract/tool_action_rules.h"
#include "ingest/terminal_escapes.h"
#include "util/trim.h"

namespace bm {

namespace {

constexpr size_t kMaxReason = 120;

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && ascii_lower(s.substr(0, prefix.size())) == prefix;
}

// A line that is one word naming a file or path ("README.md", "src/app.py"): a listing's line, not a reason
// (a failed `[ -f "$f" ] && echo "$f"` loop prints the files it found; session 20).
bool names_a_path(std::string_view line) {
    if (line.find_first_of(" \t:") != std::string_view::npos) return false;
    // A file name has a short extension ("README.md"); "java.lang.NullPointerException" is a reason (review).
    return line.find('/') != std::string_view::npos || !file_key_part(line).empty();
}

// The line of an error result that gives its reason, and its span: the first non-empty line, or the
// last one of a Python traceback. Empty when the reason is only an exit status (action.command_exit
// says that) or is longer than a line a reviewer reads. A harness's header before the command's own output
// (Codex's "Chunk ID: …", "Process exited with code 1", "Output:"; harness_output_start) is not the reason.
std::string_view reason_line(std::string_view r, size_t& b, size_t& e) {
    size_t at = harness_output_start(r);
    std::string_view first, last;
    size_t first_at = 0, last_at = 0;
    while (at < r.size() && at < 200'000) {
        size_t eol = r.find('\n', at);
        if (eol == std::string_view::npos) eol = r.size();
        const std::string_view line = trim(r.substr(at, eol - at));
        if (!line.empty()) {
            if (first.empty()) first = line, first_at = static_cast<size_t>(line.data() - r.data());
            last = line, last_at = static_cast<size_t>(line.data() - r.data());
        }
        at = eol + 1;
    }
    std::string_view line = first;
    b = first_at;
    // "ERROR:" alone on its line labels the reason on the next (OpenHands' editor; session 14).
    // So does a harness's output header before an "Error: …" line (OpenManus; chat_tool_error.h).
    const size_t after = r.find_first_not_of(" \t\r\n", first_at + first.size());
    const bool header = output_header(first) && after != std::string_view::npos &&
                        starts_with(ascii_lower(r.substr(after, 6)), "error:");
    if (ascii_lower(first) == "error:" || ascii_lower(first) == "error" || header) {
        const size_t next = after;
        if (next == std::string_view::npos) return {};  // a label with no reason
        size_t eol = r.find('\n', next);
        if (eol == std::string_view::npos) eol = r.size();
        line = trim(r.substr(next, eol - next)), b = next;
    }
    if (starts_with(first, "traceback (most recent call last)")) line = last, b = last_at;
    if (line.empty() || starts_with(line, "exit code") || starts_with(line, "[exit code") ||
        starts_with(line, "command failed with exit code") || line.size() > 400 || names_a_path(line))
        return {};
    e = b + line.size();
    return line;
}

// Whether a reason says only that the call failed: every word of it is a failure or status word, or a word of the
// call's own name ("subagent run failed" of `subagent_codex`, "command failed", "tool execution error"). It tells
// the next session nothing the key's `.error` does not (session 22); a harness puts the cause on a later line.
bool says_only_failed(std::string_view reason, std::string_view tool) {
    static const char* kStatus[] = {"failed", "fail", "fails", "failure", "error", "errored", "errors", "an", "a", "the",
                                    "run", "running", "call", "command", "tool", "execution", "execute", "executing",
                                    "request", "operation", "process", "task", "job", "has", "had", "was", "with",
                                    "unknown", "unexpected", "occurred", "internal", "did", "not", "succeed",
                                    "unsuccessful", "to", "while"};
    const std::string name = ascii_lower(tool);
    size_t words = 0;
    for (size_t i = 0; i < reason.size();) {
        while (i < reason.size() && !std::isalnum(static_cast<unsigned char>(reason[i]))) ++i;
        size_t j = i;
        while (j < reason.size() && std::isalnum(static_cast<unsigned char>(reason[j]))) ++j;
        if (j == i) break;
        const std::string w = ascii_lower(reason.substr(i, j - i));
        i = j;
        ++words;
        if (std::any_of(std::begin(kStatus), std::end(kStatus), [&](const char* k) { return w == k; })) continue;
        // A word of the tool's own name, whole between its separators ("subagent" of "subagent_codex").
        const size_t at = name.find(w);
        const auto edge = [&](size_t k) { return k >= name.size() || !std::isalnum(static_cast<unsigned char>(name[k])); };
        if (at != std::string::npos && (at == 0 || edge(at - 1)) && edge(at + w.size())) continue;
        return false;
    }
    return words > 0;
}

// The program a shell segment runs: its first word past assignments and wrappers ("sudo", "env", "time").
std::string segment_program(const std::vector<std::string>& words) {
    for (const std::string& w : words) {
        if (w.find('=') != std::string::npos && w.find('/') == std::string::npos && w[0] != '-') continue;
        if (one_of(w, {"sudo", "env", "time", "nohup", "exec", "command"})) continue;
        const size_t slash = w.find_last_of('/');
        return ascii_lower(slash == std::string::npos ? w : w.substr(slash + 1));
    }
    return {};
}

// Whether a failed shell chain ("ls -la d && sed -n 1,220p d/SKILL.md") cannot say which part the reason is of:
// two or more parts that do something (a leading "cd DIR", "source", "export", an echo banner are setup), and a
// reason that does not open with the keyed program's name ("ls: cannot access …" is ls's). Its key names one part
// (command_subject), so the failure would be credited to a part that may not have failed (session 22: a sandbox's
// "bwrap: loopback: …" keyed `ls.apply-grant.error`).
bool chain_failure_unplaced(const ToolAction& a, const std::string& subject, std::string_view reason) {
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty()) return false;
    size_t parts = 0;
    for (const auto& words : shell_segments(command)) {
        const std::string program = segment_program(words);
        if (!program.empty() && !one_of(program, {"cd", "echo", "printf", "true", "source", ".", "export", "set"}))
            ++parts;
    }
    if (parts < 2) return false;
    const std::string keyed = subject.substr(0, subject.find('.'));
    return keyed.empty() || reason.rfind(keyed, 0) != 0 || reason.size() == keyed.size() ||
           std::isalnum(static_cast<unsigned char>(reason[keyed.size()]));
}

}  // namespace

void failure_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || !a.error) return;
    // A call the user refused never ran: the harness's notice is no failure of the call (plan = rejected says a
    // refused plan; session 21).
    if (call_refused(a.result)) return;
    size_t b = 0, e = 0;
    std::string_view line = reason_line(a.result, b, e);
    // A coloured label alone on its line ("\x1b[31;1mGet-Content: \x1b[0m", PowerShell's error header): a label,
    // not the reason (session 21).
    if (const std::string uncoloured = without_escapes(line); uncoloured.size() != line.size()) {
        const std::string_view plain = trim(uncoloured);
        if (!plain.empty() && plain.back() == ':' && plain.find_first_of(" \t") == std::string_view::npos) return;
    }
    // A JSON answer's own "error" field is the reason, not the object's text (`{"ok":false,"error":"Path is
    // outside workspace: …"}`; session 16, x17chat).
    std::string json_reason;
    if (!a.result.empty() && a.result.front() == '{' && a.result.size() <= 100'000) {
        const nlohmann::json j = nlohmann::json::parse(a.result, nullptr, false);
        if (j.is_object())
            for (const char* field : {"error", "message"})
                if (const auto it = j.find(field); it != j.end() && it->is_string() && !it->get<std::string>().empty()) {
                    json_reason = it->get<std::string>();
                    break;
                }
        if (!json_reason.empty()) {
            const size_t p = a.result.find(std::string_view(json_reason).substr(0, 30));
            line = json_reason;
            if (const size_t nl = line.find('\n'); nl != std::string_view::npos) line = line.substr(0, nl);
            b = p == std::string_view::npos ? 0 : p;
            e = p == std::string_view::npos ? a.result.size() : std::min(a.result.size(), p + line.size());
        }
    }
    if (line.empty()) return;
    // Claude Code wraps its own refusals: "<tool_use_error>File has not been read yet.</tool_use_error>".
    for (const char* tag : {"<tool_use_error>", "</tool_use_error>"}) {
        const std::string_view t = tag;
        if (line.substr(0, t.size()) == t) line.remove_prefix(t.size());
        if (line.size() >= t.size() && line.substr(line.size() - t.size()) == t) line.remove_suffix(t.size());
    }
    for (const char* lead : {"error: ", "error - ", "failed: "})
        if (starts_with(line, lead)) line.remove_prefix(std::string_view(lead).size());
    std::string reason = ascii_lower(trim(line));
    // A path under the run's directory is named as the user knows it ("{{cwd}}/a.txt" → "a.txt").
    for (const std::string& dir : {std::string("{{cwd}}/"), a.cwd.empty() ? std::string() : a.cwd + "/"}) {
        if (dir.empty()) continue;
        const std::string low = ascii_lower(dir);
        for (size_t p = reason.find(low); p != std::string::npos; p = reason.find(low, p)) reason.erase(p, low.size());
    }
    // An editor call's own file, named in full by its key, is named by its base name in the reason
    // ("… file already exists at: /w/readme.md …" → "… at: readme.md …"; session 14).
    std::string path, editor_command;
    size_t pb = 0, pe = 0;
    const bool editor = json_string_member(a.arguments, "path", path, pb, pe) &&
                        json_string_member(a.arguments, "command", editor_command, pb, pe) && !path.empty() &&
                        path.size() <= 200;
    if (editor && path.find('/') != std::string::npos) {
        const std::string full = ascii_lower(path), base = full.substr(full.rfind('/') + 1);
        for (size_t p = reason.find(full); !base.empty() && p != std::string::npos; p = reason.find(full, p + base.size()))
            reason.replace(p, full.size(), base);
        // The editor's generic lead "Invalid `path` parameter: X. " before the real reason, and " at: X" after it,
        // only repeat the file the key names (session 16: "file already exists. cannot overwrite files …").
        const std::string lead = "invalid `path` parameter: " + base + ". ";
        if (!base.empty() && reason.rfind(lead, 0) == 0 && reason.size() > lead.size() + 8) reason.erase(0, lead.size());
        for (const std::string& at : {" at: " + base, " at " + base})
            for (size_t p = reason.find(at); !base.empty() && p != std::string::npos; p = reason.find(at, p))
                if (p + at.size() == reason.size() || reason[p + at.size()] == '.' || reason[p + at.size()] == ',')
                    reason.erase(p, at.size());
                else
                    p += at.size();
    }
    // One reason: cut at the clause that tells the agent what to do next ("; include …", " — read the file",
    // ". Did you mean …").
    for (const char* cut : {"; ", " \xE2\x80\x94 ", " - ", ". did you mean"}) {
        const size_t p = reason.find(cut);
        if (p != std::string::npos && p >= 12) reason.resize(p);
    }
    if (reason.size() > kMaxReason) {
        size_t cut = reason.rfind(' ', kMaxReason);
        reason.resize(cut == std::string::npos || cut < 20 ? kMaxReason : cut);
        while (!reason.empty() && (static_cast<unsigned char>(reason.back()) & 0xC0) == 0x80) reason.pop_back();
    }
    while (!reason.empty() && (reason.back() == '.' || reason.back() == ':' || reason.back() == ' ')) reason.pop_back();
    if (reason.size() < 4) return;
    // A file write that failed is keyed by its file, as the file's own history: `file.<path>.write = not
    // written: <reason>` (action.write_failed; session 18, x21chat). The call's own name leading the reason
    // ("tool 'file_write' requires auto mode") only repeats what "not written" says.
    const std::string tool = ascii_lower(a.tool);
    if (write_tool(tool) && !a.arguments.empty() && a.arguments.front() == '{') {
        std::string target;
        size_t tb = 0, te = 0;
        file_path_argument(a.arguments, target, tb, te);
        const std::string file = target.size() <= 300 ? argument_path_key(target, a.cwd) : std::string();
        if (!file.empty()) {
            for (const std::string& lead : {"tool '" + tool + "' ", "tool \"" + tool + "\" "})
                if (reason.rfind(lead, 0) == 0 && reason.size() > lead.size() + 8) {
                    reason.erase(0, lead.size());
                    break;
                }
            out.push_back({"action.write_failed", "file." + file + ".write", "not written: " + reason,
                           SlotType::kRefuted, ActionEvidence::kObserved, b, e});
            return;
        }
    }
    // A reason of failure words only says nothing the key's `.error` does not (a failed write above still says the
    // file was not written, whatever its reason).
    if (says_only_failed(reason, a.tool)) return;
    std::string subject = command_subject(a);
    if (!subject.empty() && chain_failure_unplaced(a, subject, reason)) return;
    // An editor call names its file and command ({"command":"create","path":"/w/a.py"} → file.a.py.create).
    if (subject.empty() && editor) {
        const std::string file = path_key(path, a.cwd), verb = key_slug(editor_command, 24);
        if (!file.empty() && !verb.empty()) subject = "file." + file + "." + verb;
    }
    if (subject.empty()) subject = key_slug(a.tool, 40);
    if (subject.empty() || !std::isalnum(static_cast<unsigned char>(subject[0]))) return;
    // Failed attempts are a set: the key carries the reason's first words, so two sessions' (or two retries')
    // different failures of one command are two Refuted facts, never rival values of one slot.
    const std::string why = words_slug(reason, 3, 24);
    out.push_back({"action.tool_error", subject + ".error" + (why.empty() ? "" : "." + why), reason, SlotType::kRefuted,
                   ActionEvidence::kObserved, b, e});
}

}  // namespace bm
