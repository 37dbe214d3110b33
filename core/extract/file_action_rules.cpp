// Files created, edited and deleted by editor tools: `file.<path>` = created | edited | deleted.
#include <algorithm>
#include <cctype>
#include <string>

#include <nlohmann/json.hpp>

#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

namespace {

// A result that says the change was not made (SWE-agent's linter, an unmatched replacement).
// The editor's status comes first; what follows may be the file's own text (which can say "error:").
bool change_refused(std::string_view result) {
    const std::string low = ascii_lower(result.substr(0, 4000));
    for (const char* marker : {"have not been applied", "has not been applied", "edit would have looked"})
        if (low.find(marker) != std::string::npos) return true;
    const std::string head = low.substr(0, 240);
    for (const char* marker : {"no replacement was performed", "did not appear verbatim", "no match found", "error:",
                               "failed to", "permission denied", "operation not permitted", "is not allowed", "denied"})
        if (head.find(marker) != std::string::npos) return true;
    return false;
}

// SWE-agent's result header "[File: /path (12 lines total)]" names the file its editor changed.
std::string swe_result_file(std::string_view result, size_t& begin, size_t& end) {
    const size_t p = result.find("[File: ");
    if (p == std::string_view::npos) return {};
    const size_t e = result.find(" (", p);
    if (e == std::string_view::npos || e - p > 300) return {};
    begin = p;
    end = e;
    return std::string(result.substr(p + 7, e - p - 7));
}

// SWE-agent 1.x without function calling writes its editor call as one command line:
// "str_replace_editor view /testbed/a.py", "str_replace_editor create /testbed/b.py --file_text '…'".
// Sets the editor's command and the path it names (with the path's offsets in the line); false for any other shape.
bool editor_command_line(std::string_view args, std::string& command, std::string& path, size_t& begin, size_t& end) {
    const std::string_view line = args.substr(0, args.find('\n'));
    size_t p = line.find(' ');
    if (p == std::string_view::npos) return false;
    const size_t cb = p + 1, ce = line.find(' ', cb);
    if (ce == std::string_view::npos || ce == cb) return false;
    const std::string_view cmd = line.substr(cb, ce - cb);
    if (!one_of(cmd, {"view", "create", "str_replace", "insert", "undo_edit"})) return false;
    const size_t pb = ce + 1, pe = std::min(line.size(), line.find(' ', pb));
    if (pb >= pe || line[pb] != '/') return false;  // the editor takes absolute paths only
    command = std::string(cmd);
    path = std::string(line.substr(pb, pe - pb));
    begin = pb, end = pe;
    return true;
}

// Whether the editor's report (near the start of its result) says `command` did what it was asked: a command-line
// editor call carries no error flag, and "File already exists at: …" or "The path … does not exist." did nothing.
bool editor_report_ok(std::string_view result, std::string_view command) {
    const std::string_view head = result.substr(0, 400);
    if (command == "view") return head.find("Here's the result of running `cat -n` on ") != std::string_view::npos;
    if (command == "create") return head.find("File created successfully") != std::string_view::npos;
    if (command == "str_replace" || command == "insert") return head.find(" has been edited") != std::string_view::npos;
    return false;
}

void add(std::vector<ActionFact>& out, const std::string& rule, const std::string& path, std::string_view cwd,
         const char* value, ActionEvidence ev, size_t b, size_t e) {
    const std::string key = argument_path_key(path, cwd);
    if (key.empty()) return;
    out.push_back({rule, "file." + key, value, SlotType::kArtifact, ev, b, e});
}

// "*** Add File: p" / "*** Update File: p" / "*** Delete File: p" lines of an apply_patch input.
void patch_files(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string_view t = a.arguments;
    struct Form { const char* marker; const char* rule; const char* value; };
    for (const Form& f : {Form{"*** Add File: ", "action.file_created", "created"},
                          Form{"*** Update File: ", "action.file_edited", "edited"},
                          Form{"*** Delete File: ", "action.file_deleted", "deleted"}}) {
        const std::string marker = f.marker;
        for (size_t p = t.find(marker); p != std::string_view::npos; p = t.find(marker, p + 1)) {
            size_t e = p + marker.size();
            while (e < t.size() && t[e] != '\n' && t[e] != '\\' && t[e] != '"') ++e;
            add(out, f.rule, std::string(t.substr(p + marker.size(), e - p - marker.size())), a.cwd, f.value,
                ActionEvidence::kConfirmed, p, e);
        }
    }
}

// `codex exec --json`'s file_change item, read as a call {"changes": [{"path", "kind": "add"|"update"|"delete"}]}:
// each change's file created, edited or deleted, quoting the path as the arguments write it.
void change_list_files(const ToolAction& a, std::vector<ActionFact>& out) {
    const auto args = nlohmann::json::parse(a.arguments, nullptr, false);
    if (!args.is_object() || !args.contains("changes") || !args["changes"].is_array()) return;
    size_t from = 0;  // each change's path is searched for after the one before
    for (const auto& change : args["changes"]) {
        if (!change.is_object() || !change.value("path", nlohmann::json()).is_string()) continue;
        const std::string path = change["path"].get<std::string>();
        const std::string kind = change.value("kind", nlohmann::json()).is_string() ? change["kind"].get<std::string>() : "";
        const char* rule = kind == "add" ? "action.file_created" : kind == "update" ? "action.file_edited"
                           : kind == "delete" ? "action.file_deleted" : nullptr;
        const std::string written = nlohmann::json(path).dump();  // as the arguments hold it, quotes and escapes
        const size_t at = a.arguments.find(written, from);
        if (!rule || path.empty() || at == std::string::npos) continue;
        from = at + written.size();
        const char* value = kind == "add" ? "created" : kind == "update" ? "edited" : "deleted";
        add(out, rule, path, a.cwd, value, ActionEvidence::kConfirmed, at + 1, at + written.size() - 1);
    }
}

}  // namespace

std::string argument_path_key(std::string_view path, std::string_view cwd) {
    std::string up;
    while (path.rfind("../", 0) == 0 && up.size() < 12) up += "../", path.remove_prefix(3);
    const std::string rest = path_key(path, cwd);
    return rest.empty() ? rest : up + rest;
}

bool write_tool(std::string_view lowered_tool) {
    return one_of(lowered_tool, {"write", "write_file", "create_file", "fs_write", "writefile", "file_write",
                                 "save_file", "write_to_file"});  // write_to_file: Google Antigravity's (session 35)
}

// An edit the editor refused: `file.<path>.edit = not applied: <the error>` (Refuted).
void refused_edit(const ToolAction& a, std::vector<ActionFact>& out) {
    size_t b = 0, e = 0;
    const std::string shown = swe_result_file(a.result, b, e);
    if (shown.empty()) return;
    std::string reason = "not applied";
    const size_t p = a.result.find("- E");
    if (p != std::string_view::npos && p < 4000) {
        size_t rb = a.result.find(' ', p + 2);
        size_t re = a.result.find_first_of("\r\n", p);
        if (rb != std::string_view::npos && re != std::string_view::npos && rb < re && re - rb < 100)
            reason += ": " + std::string(a.result.substr(rb + 1, re - rb - 1));  // as the editor wrote it
    }
    const std::string key = path_key(shown, a.cwd);
    if (!key.empty())
        out.push_back({"action.edit_refused", "file." + key + ".edit", reason, SlotType::kRefuted,
                       ActionEvidence::kObserved, b, e});
}

void file_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    if (a.has_result && !a.error && tool == "submit") {
        out.push_back({"action.submit", "submission", "submitted", SlotType::kFact, ActionEvidence::kConfirmed, 0,
                       a.arguments.size()});
        return;
    }
    if (a.error || (a.has_result && change_refused(a.result))) {
        if (a.has_result && one_of(tool, {"edit", "str_replace_editor", "file_editor", "str_replace", "insert"}))
            refused_edit(a, out);
        return;  // the change was not made
    }
    // Codex runs apply_patch through its shell tool too (`["apply_patch", "*** Begin Patch…"]`, a heredoc).
    size_t sb = 0, se = 0;
    const std::string shell = shell_command_of(a, sb, se);
    const bool shell_patch = !shell.empty() && shell.rfind("apply_patch", 0) == 0 &&
                             shell.find("*** Begin Patch") != std::string::npos;
    if (tool == "apply_patch" || tool == "patch" || shell_patch) {
        patch_files(a, out);
        return;
    }
    if (tool == "file_change") {  // `codex exec --json`'s file_change item (session 27)
        change_list_files(a, out);
        return;
    }
    std::string path, command;
    size_t b = 0, e = 0, cb = 0, ce = 0;
    file_path_argument(a.arguments, path, b, e);
    json_string_member(a.arguments, "command", command, cb, ce);
    const bool json_args = !a.arguments.empty() && a.arguments.front() == '{';
    const bool editor = one_of(tool, {"str_replace_editor", "file_editor", "text_editor", "str_replace_based_edit_tool"});
    const bool editor_line = editor && !json_args && editor_command_line(a.arguments, command, path, b, e);
    if (editor_line && !editor_report_ok(a.result, command)) return;
    // An OpenHands V0 read action names no command; the editor's report says it showed the file.
    if (editor && json_args && command.empty() && a.result.rfind("Here's the result of running `cat -n` on ", 0) == 0)
        command = "view";
    // A file the agent's read tool showed it (Read, read_file, read_image, str_replace_editor
    // view): `file.<path>.read = read`, its own key so that it never supersedes what was done to
    // the file. Copilot CLI's `view` ({"path", "view_range"}) reads a file too (session 30).
    const bool reads = one_of(tool, {"read", "read_file", "readfile", "fs_read", "read_image",
                                     "view_file", "notebookread", "view"}) ||
                       (editor && command == "view");
    if (reads) {
        if (!(json_args || editor_line) || path.empty()) return;
        if (!a.has_result) {
            // A read the log holds no result for (the log ends while it runs: a head, a window; session 22): the
            // agent's statement that it reads the file (rule action.file_read_started). Its key is the read's own.
            const std::string key = path_key(path, a.cwd);
            if (!key.empty() && key.back() != '/' && key.find('.') != std::string::npos)
                out.push_back({"action.file_read_started", "file." + key + ".read", "read", SlotType::kFact,
                               ActionEvidence::kStated, b, e});
            return;
        }
        if (a.result.empty()) return;
        // The editor's listing of a directory ("Here's the files and directories up to 2 levels deep in …").
        if (a.result.find("files and directories up to") != std::string_view::npos) return;
        const std::string key = path_key(path, a.cwd);
        // A directory listing is no file read ("view /repo" lists it).
        if (!key.empty() && key.back() != '/' && key.find('.') != std::string::npos)
            out.push_back({"action.file_read", "file." + key + ".read", "read", SlotType::kFact,
                           ActionEvidence::kConfirmed, b, e});
        return;
    }
    const char* value = nullptr;
    if (write_tool(tool) || tool == "create") value = "created";
    else if (one_of(tool, {"edit", "multiedit", "str_replace", "replace", "edit_file", "notebookedit", "apply_diff",
                           "insert", "replace_in_file", "search_replace",
                           "replace_file_content", "multi_replace_file_content"}))  // Antigravity's (session 35)
        value = "edited";
    // OpenHands V1 (software-agent-sdk) names its str_replace_editor `file_editor`.
    else if (one_of(tool, {"str_replace_editor", "file_editor", "text_editor", "str_replace_based_edit_tool", "edit_tool"}))
        value = command == "create"                                     ? "created"
                : one_of(command, {"str_replace", "insert", "edit"})       ? "edited"
                // An OpenHands edit action names no command; its observation shows the diff it made.
                : command.empty() && a.result.find("\n@@ ") != std::string_view::npos ? "edited"
                                                                            : nullptr;
    else if (one_of(tool, {"delete_file", "remove_file", "delete"})) value = "deleted";
    if (!value) return;
    // An older SWE-agent action line: "create reproduce.py", "edit 12:14 ..." (the file open in its editor).
    if (!json_args && !editor_line) {
        const std::string_view line = a.arguments.substr(0, a.arguments.find('\n'));
        const size_t sp = line.find(' ');
        if (tool == "create" && sp != std::string_view::npos) {
            path = std::string(line.substr(sp + 1));
            b = sp + 1, e = line.size();
        } else {
            path.clear();
        }
    }
    ActionEvidence ev = a.has_result ? ActionEvidence::kConfirmed : ActionEvidence::kStated;
    if (std::string_view(value) != "created" || path.empty()) {
        // The editor's own report names the file it changed (SWE-agent "[File: …]").
        size_t rb = 0, re = 0;
        const std::string shown = swe_result_file(a.result, rb, re);
        if (path.empty() && !shown.empty()) path = shown, b = rb, e = re, ev = ActionEvidence::kObserved;
    }
    if (path.empty()) return;
    // A diff from nothing ("@@ -0,0 …"), "File created successfully" or OpenHands' `prev_exist: false`
    // (rendered by its reader as "[File created at …]") creates the file.
    if (std::string_view(value) == "edited" &&
        (a.result.find("@@ -0,0 ") != std::string_view::npos ||
         a.result.find("created successfully") != std::string_view::npos ||
         a.result.find("[File created at ") != std::string_view::npos))
        value = "created";
    // Writing over a file that was there ("The file … has been updated") changes it.
    if (std::string_view(value) == "created" && a.result.find("has been updated") != std::string_view::npos)
        value = "edited";
    // A short one-line replacement says what changed: "debug replaced with release".
    std::string described = value;
    if (std::string_view(value) == "edited") {
        std::string before, after;
        size_t x = 0, y = 0;
        const bool have = (json_string_member(a.arguments, "old_string", before, x, y) ||
                           json_string_member(a.arguments, "old_str", before, x, y) ||
                           json_string_member(a.arguments, "search", before, x, y)) &&
                          (json_string_member(a.arguments, "new_string", after, x, y) ||
                           json_string_member(a.arguments, "new_str", after, x, y) ||
                           json_string_member(a.arguments, "replace", after, x, y));
        before = std::string(trim(before)), after = std::string(trim(after));
        auto short_line = [](const std::string& t) {
            return !t.empty() && t.size() <= 40 && t.find_first_of("\n\t") == std::string::npos;
        };
        if (have && short_line(before) && short_line(after)) described = ascii_lower(before) + " replaced with " + ascii_lower(after);
        // Otherwise "edited", whatever the tool's word ("The file X has been updated successfully"): an edit
        // whose result is lost says edited too, and two words for one edit would dispute (session 22).
    }
    const char* rule = std::string_view(value) == "created"   ? "action.file_created"
                       : std::string_view(value) == "edited"  ? "action.file_edited"
                                                              : "action.file_deleted";
    add(out, rule, path, a.cwd, described.c_str(), ev, b, e);
}

}  // namespace bm
