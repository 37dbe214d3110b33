// Helpers shared by the tool action rules: path keys, key slugs, JSON members and shell commands.
#include <cctype>
#include <set>

#include <nlohmann/json.hpp>

#include "extract/tool_action_rules.h"
#include "util/trim.h"

namespace bm {

namespace {

// End of the JSON value starting at `at` (a string, array, object or scalar), honouring strings.
size_t json_value_end(std::string_view json, size_t at) {
    if (at >= json.size()) return at;
    if (json[at] == '"') {
        for (size_t i = at + 1; i < json.size(); ++i) {
            if (json[i] == '\\') ++i;
            else if (json[i] == '"') return i + 1;
        }
        return json.size();
    }
    if (json[at] == '[' || json[at] == '{') {
        int depth = 0;
        for (size_t i = at; i < json.size(); ++i) {
            const char c = json[i];
            if (c == '"') i = json_value_end(json, i) - 1;
            else if (c == '[' || c == '{') ++depth;
            else if ((c == ']' || c == '}') && --depth == 0) return i + 1;
        }
        return json.size();
    }
    size_t e = at;
    while (e < json.size() && json[e] != ',' && json[e] != '}' && json[e] != ']') ++e;
    return e;
}

bool is_shell_tool(std::string_view tool) {
    static const char* const kShells[] = {"bash",         "shell",       "local_shell", "exec_command",
                                          "execute_bash", "run",         "cmd_run",     "terminal",
                                          "pwsh",         "powershell",  "run_command", "shell_command",
                                          "run_shell_command", "execute_command", "container.exec",
                                          "run_terminal_command",  // Grok CLI (session 32)
                                          "run_in_terminal",  // VS Code Copilot Chat (session 38)
                                          "exec"};  // nanobot's shell tool ({"command", "working_dir", "timeout"})
    std::string low;
    for (char c : tool) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* s : kShells)
        if (low == s) return true;
    return false;
}

}  // namespace

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string key_slug(std::string_view text, size_t max) {
    std::string out;
    for (char ch : text) {
        const unsigned char c = static_cast<unsigned char>(ch);
        const bool keep = std::isalnum(c) || ch == '.' || ch == '_' || ch == '-';
        if (keep) out += static_cast<char>(std::tolower(c));
        else if (!out.empty() && out.back() != '-') out += '-';
        if (out.size() >= max) break;
    }
    while (!out.empty() && (out.back() == '-' || out.back() == '.')) out.pop_back();
    return out;
}

std::string relative_command(std::string command, std::string_view cwd) {
    while (cwd.size() > 1 && cwd.back() == '/') cwd.remove_suffix(1);
    if (cwd.size() < 2 || cwd.front() != '/') return command;
    const std::string dir(cwd);
    for (const char* joiner : {" && ", "; ", " ; "}) {
        const std::string lead = "cd " + dir + joiner;
        if (command.rfind(lead, 0) == 0) {
            command.erase(0, lead.size());
            break;
        }
    }
    // "CWD/" where a path starts: after a space, a quote, '=' or at the start.
    const std::string prefix = dir + "/";
    for (size_t p = command.find(prefix); p != std::string::npos; p = command.find(prefix, p)) {
        const char before = p == 0 ? ' ' : command[p - 1];
        if (before != ' ' && before != '"' && before != '\'' && before != '=') {
            p += prefix.size();
            continue;
        }
        // A program run by its path stays runnable: "CWD/hello.sh" → "./hello.sh".
        const std::string_view head = std::string_view(command).substr(0, p);
        const bool program = head.empty() || head.ends_with("&& ") || head.ends_with("; ") || head.ends_with("| ") ||
                             head.ends_with("|| ");
        command.replace(p, prefix.size(), program ? "./" : "");
    }
    return command;
}

size_t command_length_past_cd(std::string_view command) {
    if (command.rfind("cd ", 0) != 0) return command.size();
    const size_t end = command.find(' ', 3);
    if (end == std::string_view::npos || command.compare(end, 4, " && ") != 0) return command.size();
    if (end > 123) return command.size();  // a directory past 120 bytes counts: the value keeps it (review)
    return command.size() - (end + 4);
}

std::string words_slug(std::string_view text, int words, size_t max) {
    size_t cut = 0;
    for (int seen = 0; cut < text.size() && seen < words; ++cut) seen += text[cut] == ' ' ? 1 : 0;
    std::string slug = key_slug(text.substr(0, cut), max + 1);
    if (slug.size() > max) {
        slug.resize(max);
        const size_t dash = slug.rfind('-');
        if (dash != std::string::npos && dash > 0) slug.resize(dash);
    }
    return slug;
}

size_t harness_output_start(std::string_view r) {
    static constexpr std::string_view kHeader[] = {"Chunk ID: ", "Wall time: ", "Process exited with code ",
                                                   "Exit code: ", "Original token count: ",
                                                   "Process running with session ID "};
    size_t at = 0;
    for (int line = 0; line < 8 && at < r.size(); ++line) {
        size_t eol = r.find('\n', at);
        // A header whose "Output:" ends the text (an empty output, no newline after it) is all header (review).
        if (eol == std::string_view::npos) return line > 0 && r.substr(at) == "Output:" ? r.size() : 0;
        std::string_view l = r.substr(at, eol - at);
        if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        at = eol + 1;
        if (l == "Output:") {
            if (line == 0) return 0;  // a header states something before its "Output:"
            constexpr std::string_view kTruncated = "Total output lines: ";
            if (r.substr(at, kTruncated.size()) == kTruncated) {
                const size_t e = r.find('\n', at);
                if (e == std::string_view::npos) return r.size();
                at = e + 1;
                if (at < r.size() && r[at] == '\n') ++at;
            }
            return at;
        }
        bool known = false;
        for (std::string_view m : kHeader) known |= l.substr(0, m.size()) == m;
        if (!known) return 0;
    }
    return 0;
}

std::vector<OutputLine> output_lines(std::string_view text) {
    std::vector<OutputLine> out;
    for (size_t at = 0; at < text.size();) {
        size_t eol = text.find('\n', at);
        if (eol == std::string_view::npos) eol = text.size();
        size_t b = at, e = eol;
        while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
        while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
        out.push_back({text.substr(b, e - b), b, e, b > at});
        at = eol + 1;
    }
    return out;
}

bool drive_path(std::string_view path) {
    return path.size() > 2 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':' &&
           (path[2] == '\\' || path[2] == '/');
}

bool windows_path(std::string_view path) {
    return drive_path(path) || path.rfind(".\\", 0) == 0 || path.rfind("..\\", 0) == 0;
}

namespace {

// A Windows path ("C:\Users\x\a.py", "C:/x", ".\a.py", or "src\a.py" in a Windows working directory) written
// with '/' and its drive letter lowercase ("c:/users/x/a.py"); any other path as it is.
std::string slashed(std::string_view path, bool windows_cwd) {
    if (!windows_cwd && !windows_path(path)) return std::string(path);
    const bool drive = drive_path(path);
    std::string out(path);
    for (char& c : out)
        if (c == '\\') c = '/';
    if (drive) out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
    return out;
}

}  // namespace

std::string path_key(std::string_view raw_path, std::string_view raw_cwd) {
    // Session 25: a Windows path was no key at all (its backslashes and drive colon), so a Windows session's
    // files created and edited gave nothing; it is keyed as a POSIX one, relative to a Windows working directory
    // (compared without case: "C:\Users" and "c:\users" are one directory there).
    while (!raw_path.empty() && std::isspace(static_cast<unsigned char>(raw_path.back()))) raw_path.remove_suffix(1);
    while (!raw_path.empty() && std::isspace(static_cast<unsigned char>(raw_path.front()))) raw_path.remove_prefix(1);
    // A Windows path from the root of no drive ("\a.py", "\\server\share\a.py") names no place a key can hold.
    if (drive_path(raw_cwd) && !raw_path.empty() && raw_path.front() == '\\') return {};
    const std::string cwd_text = slashed(raw_cwd, false), path_text = slashed(raw_path, drive_path(raw_cwd));
    std::string_view path = path_text, cwd = cwd_text;
    const bool windows = drive_path(path);
    if (path.rfind("{{cwd}}/", 0) == 0) path.remove_prefix(8);
    while (!cwd.empty() && cwd.back() == '/') cwd.remove_suffix(1);
    const auto under_cwd = [&] {
        if (cwd.empty() || path.size() <= cwd.size() + 1 || path[cwd.size()] != '/') return false;
        if (!windows) return path.rfind(cwd, 0) == 0;
        for (size_t i = 0; i < cwd.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(path[i])) != std::tolower(static_cast<unsigned char>(cwd[i])))
                return false;
        return true;
    };
    if (under_cwd()) path.remove_prefix(cwd.size() + 1);
    while (path.rfind("./", 0) == 0) path.remove_prefix(2);
    if (path.empty() || path.size() > 160 || path.back() == '/') return {};
    std::string out;
    for (size_t i = 0; i < path.size(); ++i) {
        const char ch = path[i];
        const unsigned char c = static_cast<unsigned char>(ch);
        // The drive's colon, only where the path is still the whole drive path (not one past the working directory).
        const bool drive_colon = windows && i == 1 && ch == ':' && path.data() == path_text.data();
        if (!std::isalnum(c) && ch != '.' && ch != '_' && ch != '-' && ch != '/' && ch != '+' && ch != '@' && !drive_colon)
            return {};
        out += static_cast<char>(std::tolower(c));
    }
    if (out.find("..") != std::string::npos || out == ".") return {};
    return out;
}

bool json_string_member(std::string_view json, std::string_view name, std::string& value, size_t& begin,
                        size_t& end) {
    const std::string quoted = "\"" + std::string(name) + "\"";
    for (size_t p = json.find(quoted); p != std::string_view::npos; p = json.find(quoted, p + 1)) {
        size_t v = p + quoted.size();
        while (v < json.size() && std::isspace(static_cast<unsigned char>(json[v]))) ++v;
        if (v >= json.size() || json[v] != ':') continue;
        ++v;
        while (v < json.size() && std::isspace(static_cast<unsigned char>(json[v]))) ++v;
        if (v >= json.size() || json[v] != '"') continue;
        const size_t e = json_value_end(json, v);
        const nlohmann::json parsed = nlohmann::json::parse(json.substr(v, e - v), nullptr, false);
        if (!parsed.is_string()) continue;
        value = parsed.get<std::string>();
        begin = p;
        end = e;
        return true;
    }
    return false;
}

bool file_path_argument(std::string_view arguments, std::string& path, size_t& begin, size_t& end) {
    // Claude Code's file_path, most agents' path, Cursor's target_file, a notebook's notebook_path, OpenCode's
    // camel-case filePath (session 28: its reads, writes and edits named no file).
    // Google Antigravity's TargetFile (its writes and edits) and AbsolutePath (its view_file; session 35).
    for (const char* name : {"file_path", "path", "filename", "file", "target_file", "notebook_path", "filePath",
                             "TargetFile", "AbsolutePath"})
        if (json_string_member(arguments, name, path, begin, end)) return true;
    return false;
}

namespace {

// True when a shell tool's arguments send keys or a line to the process already running rather than run a
// command: OpenHands' execute_bash with `"is_input": true` (or "true") — "C-c", "C-d", an answer on stdin.
bool is_process_input(std::string_view args) {
    if (args.find("\"is_input\"") == std::string_view::npos) return false;
    const nlohmann::json j = nlohmann::json::parse(args, nullptr, false);
    if (!j.is_object()) return false;
    auto it = j.find("is_input");
    if (it == j.end()) return false;
    return (it->is_boolean() && it->get<bool>()) || (it->is_string() && it->get<std::string>() == "true");
}

// A shell (`program`) told by `flag` to run the script that follows ("bash -lc", "sh -c"). The shell is named by its
// file name wherever it lives ("/opt/homebrew/bin/bash": Codex's argv from a login shell).
// A program's file name: "/opt/homebrew/bin/bash" → "bash".
std::string file_name(const std::string& program) {
    const size_t slash = program.rfind('/');
    return slash == std::string::npos ? program : program.substr(slash + 1);
}

bool shell_runs_script(const std::string& program, const std::string& flag) {
    static const std::set<std::string> shells = {"bash", "sh", "zsh", "dash", "ksh"};
    static const std::set<std::string> flags = {"-c", "-lc", "-ic", "-lic", "-cl", "-ec", "-lec"};
    return shells.count(file_name(program)) && flags.count(flag);
}

// A Windows shell's file name, lowercased and without ".exe" ("C:\...\PowerShell.exe" → "powershell"); empty for any
// other program.
std::string windows_shell(const std::string& program) {
    const size_t slash = program.find_last_of("/\\");
    std::string name = ascii_lower(program.substr(slash == std::string::npos ? 0 : slash + 1));
    if (name.ends_with(".exe")) name.resize(name.size() - 4);
    return one_of(name, {"powershell", "pwsh", "cmd"}) ? name : std::string();
}

// How many words of `words` (a Windows shell's arguments after its name) come before the script that
// "powershell -NoLogo -Command <script>" or "cmd /c <script>" runs; 0 when they run none (session 36: Codex on Windows
// runs ["powershell.exe", "-NoLogo", "-Command", "git worktree list"], keyed `powershell.exe.git`).
size_t windows_script_start(const std::string& shell, const std::vector<std::string>& words) {
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string w = ascii_lower(words[i]);
        if (shell == "cmd") {
            if (w == "/c" || w == "/k") return i + 1 < words.size() ? i + 1 : 0;
            if (!one_of(w, {"/s", "/q", "/d", "/a", "/u"})) return 0;
            continue;
        }
        if (w == "-command" || w == "-c") return i + 1 < words.size() ? i + 1 : 0;
        if (one_of(w, {"-executionpolicy", "-ep", "-ex"})) {
            ++i;
            continue;
        }
        if (!one_of(w, {"-nologo", "-noprofile", "-noninteractive", "-nol", "-nop", "-noni", "-sta", "-mta"}))
            return 0;
    }
    return 0;
}

// The one shell word `text` is, read as the shell reads it: quoted parts ('…' as written; "…" with
// `\"`, `\\`, `\$` and `\`` standing for their second character and a backslash before a line end
// joining the lines) and unquoted characters (a backslash escaping the next) joined, `$` and
// backquotes left as written. Empty when `text` is not exactly one word: an unquoted blank inside,
// or a quote left open.
std::string one_shell_word(std::string_view text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n') return {};
        if (c == ';' || c == '&' || c == '|' || c == '<' || c == '>' || c == '(' || c == ')')
            return {};  // an operator
        if (c == '\'') {
            const size_t close = text.find('\'', i + 1);
            if (close == std::string_view::npos) return {};
            out.append(text.substr(i + 1, close - i - 1));
            i = close;
        } else if (c == '"') {
            size_t j = i + 1;
            for (; j < text.size() && text[j] != '"'; ++j) {
                if (text[j] == '\\' && j + 1 < text.size()) {
                    const char n = text[j + 1];
                    if (n == '"' || n == '\\' || n == '$' || n == '`') {
                        out += n;
                        ++j;
                        continue;
                    }
                    if (n == '\n') {
                        ++j;
                        continue;
                    }
                }
                out += text[j];
            }
            if (j >= text.size()) return {};
            i = j;
        } else if (c == '\\' && i + 1 < text.size()) {
            if (text[++i] != '\n') out += text[i];  // a backslash before a line end joins the lines
        } else {
            out += c;
        }
    }
    return out;
}

// "bash -lc 'cd app && pytest -q'": a command line that hands one quoted script to a shell runs
// that script, as the argv form ["bash", "-lc", "…"] does; its program is the script's, not `bash`
// (session 23). The script must be one shell word that opens with a quote, read as the shell reads
// it (session 31: Codex's `/bin/zsh -lc "…'"'!x'"'…"`, quoted parts joined, had been keyed `zsh`);
// any other line stays as written.
std::string unwrapped_shell_script(std::string command) {
    const size_t a = command.find(' ');
    if (a == std::string::npos) return command;
    // "cmd.exe /c \"npm run lint\"", "powershell -NoProfile -Command Get-ChildItem": the rest of the line is the script
    // (one quoted word's contents, or the words as written).
    if (const std::string shell = windows_shell(command.substr(0, a)); !shell.empty()) {
        std::vector<std::string> words;
        std::vector<size_t> starts;
        for (size_t at = command.find_first_not_of(' ', a); at != std::string::npos;
             at = command.find_first_not_of(' ', command.find(' ', at))) {
            starts.push_back(at);
            words.push_back(command.substr(at, command.find(' ', at) - at));
            if (command.find(' ', at) == std::string::npos) break;
        }
        const size_t k = windows_script_start(shell, words);
        if (k == 0) return command;
        const std::string rest(trim(std::string_view(command).substr(starts[k])));
        const std::string word = one_shell_word(rest);
        const std::string script = !word.empty() && (rest.front() == '"' || rest.front() == '\'') ? word : rest;
        return script.find_first_not_of(" \t\r\n") == std::string::npos ? command : script;
    }
    const size_t b = command.find(' ', a + 1);
    if (b == std::string::npos || !shell_runs_script(command.substr(0, a), command.substr(a + 1, b - a - 1))) return command;
    const size_t s = command.find_first_not_of(' ', b);
    const size_t e = command.find_last_not_of(" \t\r\n");
    if (s == std::string::npos || e <= s + 1 || (command[s] != '\'' && command[s] != '"'))
        return command;
    std::string script = one_shell_word(std::string_view(command).substr(s, e + 1 - s));
    if (script.find_first_not_of(" \t\r\n") == std::string::npos) return command;
    return script;
}

}  // namespace

std::string shell_command_of(const ToolAction& action, size_t& begin, size_t& end) {
    const std::string_view args = action.arguments;
    const bool json_args = !args.empty() && args.front() == '{';
    if (!json_args) {
        // An older SWE-agent run: the action line is the command, unless it is the agent's own tool.
        begin = 0;
        end = args.size();
        std::string line(args.substr(0, args.find('\n')));
        // A script cell (Codex code mode's `exec` JavaScript that the reader could not rewrite as one command,
        // "const r = await tools.exec_command({"): a first line that opens a block the next lines go on with is no
        // command line (session 22).
        size_t last = line.find_last_not_of(" \t\r");
        if (line.size() < args.size() && last != std::string::npos && (line[last] == '{' || line[last] == '(' || line[last] == '['))
            return {};
        return line;
    }
    if (!is_shell_tool(action.tool)) return {};
    if (is_process_input(args)) return {};
    std::string command;
    // Google Antigravity's run_command names it CommandLine (session 35).
    for (const char* name : {"command", "cmd", "CommandLine"})
        if (json_string_member(args, name, command, begin, end)) return unwrapped_shell_script(std::move(command));
    // An argv array: ["bash", "-lc", "pytest -q"] runs its third member through a shell.
    const nlohmann::json j = nlohmann::json::parse(args, nullptr, false);
    if (!j.is_object()) return {};
    for (const char* name : {"command", "cmd", "argv"}) {
        auto it = j.find(name);
        if (it == j.end() || !it->is_array() || it->empty()) continue;
        const size_t at = args.find("\"" + std::string(name) + "\"");
        begin = at == std::string_view::npos ? 0 : at;
        end = at == std::string_view::npos ? args.size() : json_value_end(args, args.find('[', at));
        const auto& argv = *it;
        // ["/usr/bin/env", "bash", "-lc", "…"]: env finds the shell.
        const bool via_env = !argv.empty() && argv[0].is_string() && file_name(argv[0].get<std::string>()) == "env";
        const size_t s = via_env ? 1 : 0;
        if (argv.size() >= s + 3 && argv[s].is_string() && argv[s + 1].is_string() && argv[s + 2].is_string() &&
            shell_runs_script(argv[s].get<std::string>(), argv[s + 1].get<std::string>()))
            return argv[s + 2].get<std::string>();
        // ["powershell.exe", "-NoLogo", "-Command", "git worktree list"]: the words after -Command are the script.
        if (const std::string shell =
                s < argv.size() && argv[s].is_string() ? windows_shell(argv[s].get<std::string>()) : "";
            !shell.empty()) {
            std::vector<std::string> words;
            for (size_t k = s + 1; k < argv.size(); ++k)
                words.push_back(argv[k].is_string() ? argv[k].get<std::string>() : "");
            if (const size_t k = windows_script_start(shell, words); k > 0) {
                std::string script;
                for (size_t m = k; m < words.size(); ++m) script += (script.empty() ? "" : " ") + words[m];
                if (script.find_first_not_of(" \t\r\n") != std::string::npos) return script;
            }
        }
        for (const auto& a : argv)
            if (a.is_string()) command += (command.empty() ? "" : " ") + a.get<std::string>();
        return command;
    }
    return {};
}

std::vector<std::vector<std::string>> and_chain_segments(const ToolAction& action, std::string& command, size_t& begin,
                                                       size_t& end) {
    command = shell_command_of(action, begin, end);
    if (command.empty() || command.find(';') != std::string::npos || command.find("||") != std::string::npos ||
        command.find('\n') != std::string::npos)
        return {};
    return shell_segments(command);
}

// The output when it is one short line, without a shell's prompt lines ("(Current directory: …)",
// "bash-$", "[exit code: 0]"); its span in `b`, `e`.
std::string one_line_output(std::string_view r, size_t& b, size_t& e) {
    std::string line;
    size_t at = 0;
    int lines = 0;
    while (at < r.size() && at < 4000) {
        size_t eol = r.find('\n', at);
        if (eol == std::string_view::npos) eol = r.size();
        size_t lb = at, le = eol;
        at = eol + 1;
        while (lb < le && std::isspace(static_cast<unsigned char>(r[lb]))) ++lb;
        while (le > lb && std::isspace(static_cast<unsigned char>(r[le - 1]))) --le;
        const std::string_view l = r.substr(lb, le - lb);
        if (l.empty() || l == "OBSERVATION:" || l.rfind("(Open file:", 0) == 0 || l.rfind("(Current directory:", 0) == 0 ||
            l.rfind("bash-$", 0) == 0 || l.rfind("[exit code", 0) == 0 || l.rfind("Exit code", 0) == 0)
            continue;
        if (++lines > 1) return {};
        line = std::string(l);
        b = lb, e = le;
    }
    if (at < r.size() || line.size() > 60 || line == "(no output)" || line == "(empty)") return {};
    for (char c : line)
        if (c == '{' || c == '[' || c == '<' || c == '|' || c == '\t') return {};
    return line;
}

std::vector<ActionFact> tool_action_facts(const ToolAction& action) {
    std::vector<ActionFact> out;
    if (action.arguments.size() > 200'000) return out;  // bounded work
    file_action_facts(action, out);
    command_action_facts(action, out);
    plan_action_facts(action, out);
    failure_action_facts(action, out);
    outcome_action_facts(action, out);
    dsh_action_facts(action, out);
    move_action_facts(action, out);
    search_action_facts(action, out);
    glob_found_facts(action, out);
    verdict_action_facts(action, out);
    code_tool_facts(action, out);
    file_command_facts(action, out);
    record_change_facts(action, out);
    missing_path_facts(action, out);
    submitted_flag_facts(action, out);
    saved_file_facts(action, out);
    lookup_answer_facts(action, out);
    call_status_facts(action, out);
    command_result_facts(action, out);
    test_verdict_facts(action, out);
    status_line_facts(action, out);
    editor_report_facts(action, out);
    count_output_facts(action, out);
    missing_program_facts(action, out);
    empty_dir_facts(action, out);
    ls_empty_facts(action, out);
    git_status_facts(action, out);
    git_remote_facts(action, out);
    git_current_branch_facts(action, out);
    sandbox_error_facts(action, out);
    delegation_report_facts(action, out);
    return out;
}

}  // namespace bm
