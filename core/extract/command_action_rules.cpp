// Shell commands and what their results show: `<command>.exit_code`, `<runner>.passed|failed`,
// `git.commit.<hash>`, `git.branch`, `<package>.version`, `<command>.url`, files removed by `rm`.
#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "extract/rejection_reason.h"
#include "extract/tool_action_rules.h"
#include "ingest/mini_swe_agent_turns.h"
#include "util/trim.h"

namespace bm {

namespace {

// SWE-agent's own tools (its action line is not a shell command).
bool agent_tool(std::string_view tool) {
    return one_of(tool, {"create", "edit", "open", "goto", "scroll_up", "scroll_down", "find_file", "search_dir",
                         "search_file", "submit", "filemap", "str_replace_editor", "insert", "apply_patch", "exit",
                         "exit_forfeit", "exit_cost", "exit_context", "exit_error", "skip", "view", "think"});
}

struct Segment {
    std::vector<std::string> words;  // shell words, quotes removed
};

// The repository the git command at segs[at] works on (repository_tag), as a key prefix.
std::string repository_of(const ToolAction& a, const std::vector<Segment>& segs, size_t at) {
    std::vector<std::vector<std::string>> words;
    words.reserve(segs.size());
    for (const Segment& s : segs) words.push_back(s.words);
    return repository_tag(a, words, at);
}

// Splits a command line into `&&`/`||`/`;`/newline segments of words, honouring quotes; a pipe
// ends the segment's words (what it pipes into is not what ran).
std::vector<Segment> segments_of(std::string_view cmd) {
    std::vector<Segment> out(1);
    std::string word;
    bool piped = false;
    char quote = 0;
    std::string heredoc;  // a pending here-document's delimiter ("cat > f <<EOF"): its body is no command
    bool heredoc_next = false;
    auto flush = [&] {
        if (heredoc_next && !word.empty()) heredoc = word, heredoc_next = false;
        else if (word.rfind("<<", 0) == 0 && word.rfind("<<<", 0) != 0) {
            std::string d = word.substr(2);
            if (!d.empty() && d[0] == '-') d.erase(0, 1);
            if (d.empty()) heredoc_next = true;
            else heredoc = d;
        }
        if (!word.empty() && !piped) out.back().words.push_back(word);
        word.clear();
    };
    for (size_t i = 0; i < cmd.size() && out.size() < 64; ++i) {
        const char c = cmd[i];
        if (quote) {
            if (c == quote) quote = 0;
            else word += c;
            continue;
        }
        if (c == '"' || c == '\'') { quote = c; continue; }
        const char next = i + 1 < cmd.size() ? cmd[i + 1] : '\0', prev = i > 0 ? cmd[i - 1] : '\0';
        // "server & sleep 3": a single '&' sends the part before it to the background and starts the next
        // (session 21); "2>&1" and "&>log" are redirections.
        const bool background = c == '&' && next != '&' && next != '>' && next != '<' && prev != '>' && prev != '<' &&
                                prev != '|' && prev != '&';
        const bool sep = c == ';' || c == '\n' || background || (c == '&' && next == '&') || (c == '|' && next == '|');
        if (sep) {
            flush();
            if (c == '\n' && !heredoc.empty()) {
                // Skip the body through the line that is the delimiter alone.
                size_t at = i + 1;
                while (at < cmd.size()) {
                    size_t eol = cmd.find('\n', at);
                    if (eol == std::string_view::npos) eol = cmd.size();
                    std::string_view line = cmd.substr(at, eol - at);
                    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
                    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
                    at = eol;
                    if (line == heredoc) break;
                    ++at;
                }
                i = at < cmd.size() ? at : cmd.size();
                heredoc.clear();
                heredoc_next = false;
            }
            if (c != ';' && c != '\n' && !background) ++i;
            out.push_back({});
            piped = false;
            continue;
        }
        if (c == '|') { flush(); piped = true; continue; }
        if (std::isspace(static_cast<unsigned char>(c))) { flush(); continue; }
        word += c;
    }
    flush();
    std::vector<Segment> kept;
    for (auto& s : out)
        if (!s.words.empty()) kept.push_back(std::move(s));
    return kept;
}

// How a command line's parts are joined, outside quotes and escapes (session 21): a pipe ("gh repo view x | head -2":
// the status is the last program's, so a failure before the pipe can end in 0), a command sent to the background
// ("server & sleep 3", "tail -f log &": its status is only its launch), or `||`, `;` and line breaks (the status is
// the last part's alone). Redirections ("2>&1", "&>log", ">|f") are no joints; `&&` is the one joint after which
// an exit status 0 says that every part ran and succeeded.
struct Joints {
    bool pipe = false;
    bool background = false;
    bool other = false;  // ||, ;, a line break
};

Joints joints_of(std::string_view cmd) {
    Joints j;
    char quote = 0;
    std::string heredoc;  // a pending here-document's delimiter
    auto at = [&cmd](size_t i) { return i < cmd.size() ? cmd[i] : '\0'; };
    for (size_t i = 0; i < cmd.size(); ++i) {
        const char c = cmd[i];
        if (c == '\\' && quote != '\'') { ++i; continue; }  // an escaped character ("\"a|b\"") is a word's
        if (quote) { quote = c == quote ? 0 : quote; continue; }
        const char before = i > 0 ? cmd[i - 1] : '\0';
        if (c == '<' && at(i + 1) == '<' && at(i + 2) != '<') {  // "cat > f <<'EOF'": its body is no command line
            size_t k = i + 2;
            while (k < cmd.size() && (cmd[k] == '-' || cmd[k] == ' ')) ++k;
            size_t e = k;
            while (e < cmd.size() && !std::isspace(static_cast<unsigned char>(cmd[e])) && cmd[e] != ';') ++e;
            std::string word(cmd.substr(k, e - k));
            word.erase(std::remove(word.begin(), word.end(), '\''), word.end());
            word.erase(std::remove(word.begin(), word.end(), '"'), word.end());
            if (!word.empty()) heredoc = word;
            i = e - 1;
            continue;
        }
        if (c == '\n' && !heredoc.empty()) {  // skip the body through the line that is the delimiter alone
            size_t line = i + 1;
            while (line < cmd.size()) {
                size_t eol = cmd.find('\n', line);
                if (eol == std::string_view::npos) eol = cmd.size();
                if (trim(cmd.substr(line, eol - line)) == heredoc) { line = eol; break; }
                line = eol + 1;
            }
            i = line < cmd.size() ? line - 1 : cmd.size();
            heredoc.clear();
            j.other = true;
            continue;
        }
        if (c == '"' || c == '\'') quote = c;
        else if (c == ';' || c == '\n') j.other = true;
        else if (c == '|' && at(i + 1) == '|') j.other = true, ++i;
        else if (c == '|' && before != '>') j.pipe = true;
        else if (c == '&' && at(i + 1) == '&') ++i;
        else if (c == '&' && before != '>' && before != '<' && before != '|' && at(i + 1) != '>' && at(i + 1) != '<')
            j.background = true;
    }
    return j;
}

// A PowerShell error record in a result ("+ CategoryInfo          : ObjectNotFound: (rg:String) [],
// CommandNotFoundException", "+ FullyQualifiedErrorId : CommandNotFoundException"): a part of the line failed, though
// a non-terminating error leaves the exit status 0. Its field names are English in every locale, while the message
// above them is not (session 26: a fresh dev log's `Get-ChildItem …; rg --files …` printed a Russian "rg : Имя "rg" не
// распознано…" and was read as run without error). Windows PowerShell wraps every stderr line of a native program
// run with `2>&1` in a record too (`NotSpecified: (…) [], RemoteException`, `NativeCommandError`), whether or not it
// failed ("git push 2>&1" prints its progress there): such a record says nothing (review).
bool powershell_error_record(std::string_view result) {
    for (const OutputLine& l : output_lines(result.substr(0, 16000))) {
        std::string_view t = l.text;
        if (t.rfind("+ ", 0) == 0) t.remove_prefix(2);
        for (std::string_view field : {std::string_view("FullyQualifiedErrorId"), std::string_view("CategoryInfo")}) {
            if (t.rfind(field, 0) != 0) continue;
            size_t p = field.size();
            while (p < t.size() && t[p] == ' ') ++p;
            if (p == field.size() || p >= t.size() || t[p] != ':') continue;  // "Field<spaces>: …"
            const std::string_view value = t.substr(p + 1);
            if (value.find("NativeCommandError") != std::string_view::npos ||
                value.find("RemoteException") != std::string_view::npos)
                continue;
            return true;
        }
    }
    return false;
}

// A shell's own parse error of a command line: "<shell>[:<line>]: … <parse failure>", e.g. "zsh:15: unmatched '",
// "bash: -c: line 3: syntax error near unexpected token `fi'", "sh: 1: Syntax error: Unterminated quoted string".
bool shell_parse_error(std::string_view line) {
    static const char* kShells[] = {"zsh", "bash", "sh", "dash", "/bin/sh", "/bin/bash", "/bin/zsh", "/usr/bin/zsh"};
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) return false;
    const std::string_view shell = line.substr(0, colon);
    if (std::none_of(std::begin(kShells), std::end(kShells), [&](const char* s) { return shell == s; })) return false;
    const std::string lower = ascii_lower(std::string(line));
    for (const char* failure : {"unmatched", "syntax error", "parse error", "unexpected eof", "unexpected end of file",
                                "bad substitution", "unterminated quoted string"})
        if (lower.find(failure) != std::string::npos) return true;
    return false;
}

// The last component of a path: a Windows path's backslashes separate too (session 25: `Get-ChildItem -Path
// "C:\Users\u\.agents\skills\apply-grant"` was keyed by the path's first 24 characters, `c-users-u-.agents-sk`).
std::string base_name(const std::string& w) {
    const size_t slash = w.find_last_of(windows_path(w) ? "/\\" : "/");
    return slash == std::string::npos ? w : w.substr(slash + 1);
}

// The words after wrappers: `sudo`, `env`, `time`, `timeout 60`, `VAR=1`, `uv run`, `npx`.
size_t program_index(const std::vector<std::string>& w) {
    size_t i = 0;
    while (i < w.size()) {
        const std::string& x = w[i];
        if (x.find('=') != std::string::npos && x.find('/') == std::string::npos && x[0] != '-') ++i;
        else if (one_of(x, {"sudo", "env", "time", "nohup", "exec", "npx", "bunx", "command"})) ++i;
        // Shell grammar is not a program: "if grep -q x f" and "while test -f x" run their condition; a branch or a
        // loop body ("then make build", "do python $f.py") may not have run at all, and "fi", "done", "for x in …"
        // run nothing, so they name no command (a script's closing "fi" used to key its exit code `fi.exit_code`).
        else if (one_of(x, {"if", "while", "until", "!", "{", "("})) ++i;
        else if (one_of(x, {"then", "else", "elif", "do", "fi", "done", "esac", "}", ")", ";;", "for", "case", "select",
                            "function", "in"}))
            return w.size();
        else if (x == "timeout" && i + 1 < w.size()) {
            // "timeout -s KILL 60 npm test", "timeout --preserve-status 5m make": its options, then the duration.
            ++i;
            while (i < w.size() && w[i].size() > 1 && w[i][0] == '-') {
                const bool takes_value = w[i] == "-s" || w[i] == "-k" || w[i] == "--signal" || w[i] == "--kill-after";
                i += takes_value ? 2 : 1;
            }
            ++i;
        }
        else if ((x == "uv" || x == "poetry" || x == "pipenv") && i + 1 < w.size() && w[i + 1] == "run") i += 2;
        else break;
    }
    return i;
}

// Commands that only look around: no outcome worth carrying forward.
bool looks_around(const std::string& program, const std::string& sub) {
    if (one_of(program, {"ls", "cat", "head", "tail", "grep", "rg", "find", "pwd", "echo", "which", "tree", "wc",
                         "sed", "awk", "file", "stat", "less", "more", "env", "printenv", "whoami", "date", "true",
                         "false", "sleep", "clear", "cd", "export", "source", "set", "type", "printf", "diff",
                         "du", "df", "ps", "id", "uname", "hostname", "history", "mkdir", "chmod", "touch", "cp",
                         "mv", "rm", "test", "[", "read", "exit", "ag", "fd", "nl", "sort", "uniq", "cut", "tr",
                         "xargs", "jq", "basename", "dirname", "realpath", "readlink", "md5sum", "sha256sum",
                         "disown", "wait", "jobs"}))
        return true;
    return program == "git" && one_of(sub, {"status", "diff", "log", "show", "branch", "rev-parse", "remote",
                                            "config", "add", "ls-files", "stash", "fetch", "blame", "init"});
}

bool has_subcommand(const std::string& program) {
    return one_of(program, {"git", "npm", "yarn", "pnpm", "bun", "cargo", "go", "make", "docker", "pip", "pip3",
                            "uv", "poetry", "kubectl", "deno", "dotnet", "mvn", "gradle", "./gradlew", "gradlew",
                            "helm", "terraform", "gh", "conda", "brew", "apt", "apt-get", "systemctl", "just"});
}

// A redirection is shell syntax, not an argument: "2>&1", ">/dev/null", "2>nul", "<in.txt", "&>log" (session 20:
// "pnpm --version 2>&1" was keyed `pnpm.2-1`). A bare operator (">", ">>", "2>") takes the next word as its target.
bool redirection(const std::string& w) {
    size_t i = 0;
    while (i < w.size() && (digit(w[i]) || w[i] == '&')) ++i;
    return i < w.size() && (w[i] == '>' || w[i] == '<');
}
bool bare_redirection(const std::string& w) {
    if (!redirection(w)) return false;
    const char last = w.back();
    return last == '>' || last == '<';
}

struct CommandKey {
    std::string key;      // "pytest", "git.commit", "npm.run.build", "python.reproduce.py"
    std::string program;  // "pytest", "git", "python"
    std::string sub;      // "commit", "install", ...
    bool trivial = false;
};

// "entire --help", "piper -h", "git commit --help", "npm help": the program's own usage text, read as a file is read,
// looks around (session 26: fresh and dev logs gave `entire.command = entire --help 2>&1 | head -60`, labelled partial).
// Every argument past the program (and its subcommand) is a help flag: --help, -h, -help, -?, /?; the word "help"
// only right after the program ("npm help", not "git checkout help", whose "help" is a branch; review).
bool help_query(const std::vector<std::string>& w, size_t program_at, const std::string& sub) {
    static const std::set<std::string> kHelp = {"--help", "-h", "-help", "-?", "/?"};
    bool asked = false;
    bool sub_seen = sub.empty();
    for (size_t j = program_at + 1; j < w.size(); ++j) {
        if (redirection(w[j])) {
            j += bare_redirection(w[j]) ? 1 : 0;
            continue;
        }
        if (j == program_at + 1 && w[j] == "help") return true;  // "npm help [topic]": whatever follows
        if (!sub_seen && ascii_lower(w[j]) == sub) {
            sub_seen = true;
            continue;
        }
        if (!kHelp.count(w[j])) return false;
        asked = true;
    }
    return asked;
}

CommandKey command_key(const Segment& s) {
    CommandKey k;
    const auto& w = s.words;
    size_t i = program_index(w);
    if (i >= w.size()) return k;
    for (size_t j = 0; j <= i; ++j)
        if (w[j].find("$(") != std::string::npos || w[j].find('`') != std::string::npos) return k;  // a substitution
    std::string program = base_name(w[i]);
    // A program is a name: "[Console]::Out.Write('x')" (a PowerShell expression) names no command.
    for (char c : program)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-' && c != '+') return k;
    if ((program.rfind("python", 0) == 0) && i + 2 < w.size() && w[i + 1] == "-m") {
        program = w[i + 2];  // "python -m pytest" runs pytest
        i += 2;
    } else if (program.rfind("python", 0) == 0 || program == "node" || program == "bash" || program == "sh" ||
               program == "ruby" || program == "deno" || program == "bun") {
        // "python reproduce.py": the script names the command.
        if (i + 1 < w.size() && w[i + 1][0] != '-' && w[i + 1].find('.') != std::string::npos &&
            w[i + 1].find('$') == std::string::npos &&
            !one_of(program, {"deno", "bun"}))
            program = (program.rfind("python", 0) == 0 ? std::string("python") : program) + "." + base_name(w[i + 1]);
    }
    k.program = ascii_lower(program);
    if (has_subcommand(k.program)) {
        for (size_t j = i + 1; j < w.size(); ++j) {
            if (redirection(w[j])) {
                if (bare_redirection(w[j])) ++j;  // "> out.txt": the target is no subcommand either
                continue;
            }
            if (w[j][0] == '-') {
                if (k.program == "git" && (w[j] == "-C" || w[j] == "-c")) ++j;  // "git -C dir commit"
                continue;
            }
            k.sub = ascii_lower(w[j]);
            if ((k.program == "npm" || k.program == "yarn" || k.program == "pnpm" || k.program == "bun") &&
                k.sub == "run" && j + 1 < w.size())
                k.sub += "." + ascii_lower(w[j + 1]);
            break;
        }
    }
    k.trivial = looks_around(k.program, k.sub) || help_query(w, i, k.sub);
    // A printer's subject is what it prints: "echo HELLO" and "echo BYE" are two commands, not two values
    // of one (two sessions' printf outputs would otherwise dispute `printf.output`).
    if ((k.program == "echo" || k.program == "printf") && k.sub.empty())
        for (size_t j = i + 1; j < w.size() && k.sub.empty(); ++j) {
            if (redirection(w[j])) j += bare_redirection(w[j]) ? 1 : 0;
            else if (w[j][0] != '-') k.sub = key_slug(w[j], 24);
        }
    k.key = key_slug(k.sub.empty() ? k.program : k.program + "." + k.sub, 48);
    if (k.key.empty() || !std::isalnum(static_cast<unsigned char>(k.key[0]))) k.key.clear();
    return k;
}

// "exit code 2", "[exit code: 1]", "exit status 1", "exited with code 0", "Exit code 127", "exit code: `127`",
// "<returncode>1</returncode>".
std::string explicit_exit_code(std::string_view result, size_t& b, size_t& e) {
    // mini-swe-agent's observation opens with its code; a "exit status 2" in the output below is the program's text.
    if (const auto code = opening_return_code(result, b, e)) return std::to_string(*code);
    const std::string low = ascii_lower(result.substr(0, 200'000));
    for (const char* marker : {"exit code", "exit status", "exited with code", "exit_code", "exited: code"}) {
        for (size_t p = low.find(marker); p != std::string::npos; p = low.find(marker, p + 1)) {
            size_t at = p + std::string_view(marker).size();
            // Replit Agent writes the code in backticks: "… and exit code: `127`" (session 34).
            while (at < low.size() &&
                   (low[at] == ' ' || low[at] == ':' || low[at] == '=' || low[at] == '"' || low[at] == '`'))
                ++at;
            size_t end = at;
            while (end < low.size() && end - at < 4 && digit(low[end])) ++end;
            if (end == at || (end < low.size() && std::isalpha(static_cast<unsigned char>(low[end])))) continue;
            b = p, e = end;
            return low.substr(at, end - at);
        }
    }
    return {};
}

// Vitest's "Test Files  1 passed (1)" and Jest's "Test Suites: 1 passed, 1 total" count files, not tests: the
// "Tests" line after them holds the tests' counts (session 17).
bool counts_test_files(const std::string& low, size_t p) {
    const size_t bol = low.rfind('\n', p) == std::string::npos ? 0 : low.rfind('\n', p) + 1;
    size_t b = bol;
    while (b < p && (low[b] == ' ' || low[b] == '\t')) ++b;
    for (std::string_view lead : {"test files", "test suites", "suites", "snapshots"})
        if (low.compare(b, lead.size(), lead) == 0) return true;
    return false;
}

// `go test` prints no summary counts: `-v` prints a "--- PASS: TestX (0.00s)" / "--- FAIL: …" line a test (its
// subtests' lines are indented), and every run an "ok  <package>" / "FAIL\t<package>" line a package. The tests'
// lines are counted when there are any, else the packages' (`go.test.packages_passed`); true when it counted.
bool go_test_counts(const ToolAction& a, const std::string& runner, std::vector<ActionFact>& out) {
    const std::string_view r = a.result.substr(0, 200'000);
    struct Count { size_t n = 0, b = 0, e = 0; };
    Count tests_passed, tests_failed, packages_passed, packages_failed;
    auto tally = [](Count& c, size_t b, size_t e) {
        if (c.n++ == 0) c.b = b, c.e = e;
    };
    for (size_t at = 0; at < r.size();) {
        size_t eol = r.find('\n', at);
        if (eol == std::string_view::npos) eol = r.size();
        const std::string_view line = r.substr(at, eol - at);
        if (line.rfind("--- PASS: ", 0) == 0) tally(tests_passed, at, eol);
        else if (line.rfind("--- FAIL: ", 0) == 0) tally(tests_failed, at, eol);
        else if (line.rfind("ok  ", 0) == 0 || line.rfind("ok\t", 0) == 0) tally(packages_passed, at, eol);
        else if (line.rfind("FAIL\t", 0) == 0) tally(packages_failed, at, eol);
        at = eol + 1;
    }
    const bool per_test = tests_passed.n + tests_failed.n > 0;
    const std::string prefix = runner + (per_test ? "." : ".packages_");
    bool counted = false;
    for (const auto& [count, field] : {std::pair{per_test ? tests_passed : packages_passed, "passed"},
                                       std::pair{per_test ? tests_failed : packages_failed, "failed"}}) {
        if (count.n == 0) continue;
        out.push_back({"action.test_counts", prefix + field, std::to_string(count.n), SlotType::kFact,
                       ActionEvidence::kObserved, count.b, count.e});
        counted = true;
    }
    return counted;
}

// The first "N passed" / "N failed" / "N errors" of a test runner's summary.
void test_counts(const ToolAction& a, const std::string& runner, std::vector<ActionFact>& out) {
    if (runner.rfind("go.test", 0) == 0 && go_test_counts(a, runner, out)) return;
    const std::string low = ascii_lower(a.result.substr(0, 200'000));
    for (const char* word : {" passed", " failed", " errors", " error"}) {
        for (size_t p = low.find(word); p != std::string::npos; p = low.find(word, p + 1)) {
            size_t b = p;
            while (b > 0 && digit(low[b - 1]) && p - b < 6) --b;
            if (b == p || (b > 0 && std::isalnum(static_cast<unsigned char>(low[b - 1])))) continue;
            if (counts_test_files(low, b)) continue;
            const size_t after = p + std::string_view(word).size();
            if (after < low.size() && std::isalpha(static_cast<unsigned char>(low[after]))) continue;
            const std::string field = std::string(word + 1) == "error" ? "errors" : std::string(word + 1);
            out.push_back({"action.test_counts", runner + "." + field, low.substr(b, p - b), SlotType::kFact,
                           ActionEvidence::kObserved, b, after});
            break;
        }
    }
}

bool test_runner(const CommandKey& k) {
    return one_of(k.program, {"pytest", "py.test", "tox", "nox", "jest", "vitest", "mocha", "ctest", "unittest"}) ||
           k.sub == "test" || k.sub == "run.test" || k.program.find("test") != std::string::npos;
}

// The " create mode 100644 <path>" / " delete mode 100644 <path>" lines `git commit` prints after its summary:
// the files the commit added to or removed from the repository, `file.<path>.commit = added in commit <hash>`
// (rule action.commit_file, session 18). A sub-key of its own: a file the session edited and then committed into a
// new repository was edited, not created, so the commit's word must not supersede the file's own slot. A commit of
// more than kMostCommitFiles such files (a vendored tree, a first import) gives none: one slot a file would bury the
// session's own work.
void commit_mode_lines(const ToolAction& a, size_t from, const std::string& hash, std::vector<ActionFact>& out) {
    constexpr size_t kMostCommitFiles = 30;
    const std::string_view r = a.result.substr(0, 200'000);
    std::vector<ActionFact> files;
    for (size_t at = std::min(from + 1, r.size()); at < r.size();) {  // `from`: the report line's end
        size_t eol = r.find('\n', at);
        if (eol == std::string_view::npos) eol = r.size();
        std::string_view line = r.substr(at, eol - at);
        const size_t b = at;
        at = eol + 1;
        while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        // The commit's own summary is the indented block right under its report line (" 2 files changed",
        // " create mode …", " rename …"); the first line that is not indented ends it (a second commit's report,
        // a `git log --summary` after it).
        if (line.empty() || line[0] != ' ') break;
        for (const auto& [mark, verb] : {std::pair{std::string_view(" create mode "), "added"},
                                         std::pair{std::string_view(" delete mode "), "deleted"}}) {
            if (line.rfind(mark, 0) != 0) continue;
            const size_t sp = line.find(' ', mark.size());  // after the file mode ("100644")
            if (sp == std::string_view::npos || sp + 1 >= line.size()) continue;
            const std::string key = path_key(line.substr(sp + 1), a.cwd);
            if (!key.empty())
                files.push_back({"action.commit_file", "file." + key + ".commit", std::string(verb) + " in commit " + hash,
                                 SlotType::kArtifact, ActionEvidence::kObserved, b, b + line.size()});
        }
    }
    if (files.size() <= kMostCommitFiles)
        for (ActionFact& f : files) out.push_back(std::move(f));
}

// "[main 1a2b3c4] Subject" / "[main (root-commit) 1a2b3c4] Subject" printed by `git commit`, and the files its
// summary block reports (commit_mode_lines).
void git_commit(const ToolAction& a, const std::vector<Segment>& segs, size_t at, std::vector<ActionFact>& out) {
    const std::string_view r = a.result;
    for (size_t p = r.find('['); p != std::string_view::npos && p < 20'000; p = r.find('[', p + 1)) {
        if (p > 0 && r[p - 1] != '\n') continue;
        const size_t close = r.find(']', p);
        if (close == std::string_view::npos || close - p > 120) continue;
        const std::string_view inside = r.substr(p + 1, close - p - 1);
        const size_t sp = inside.find(' ');
        const size_t last = inside.rfind(' ');
        if (sp == std::string_view::npos) continue;
        const std::string branch(inside.substr(0, sp));
        const std::string hash(inside.substr(last + 1));
        if (hash.size() < 7 || hash.size() > 12) continue;
        bool hex = true;
        for (char c : hash) hex &= std::isxdigit(static_cast<unsigned char>(c)) != 0;
        if (!hex) continue;
        size_t eol = r.find('\n', close);
        if (eol == std::string_view::npos) eol = r.size();
        std::string subject(r.substr(close + 1, eol - close - 1));
        while (!subject.empty() && std::isspace(static_cast<unsigned char>(subject.front()))) subject.erase(0, 1);
        while (!subject.empty() && std::isspace(static_cast<unsigned char>(subject.back()))) subject.pop_back();
        if (subject.empty() || subject.size() > 120) continue;
        out.push_back({"action.git_commit", "git.commit." + ascii_lower(hash), subject, SlotType::kArtifact,
                       ActionEvidence::kObserved, p, eol});
        commit_mode_lines(a, eol, ascii_lower(hash), out);
        // "[detached HEAD 1a2b3c4] Add a": a commit on no branch.
        if (const std::string repo = repository_of(a, segs, at);
            !repo.empty() && branch_name(branch) && inside.rfind("detached HEAD ", 0) != 0)
            out.push_back({"action.git_branch", repo + ".git.branch", branch, SlotType::kFact,
                           ActionEvidence::kObserved, p, close + 1});
        return;
    }
}

// "Initialized empty Git repository in /w/.git/" (git init): the work is now under version control.
void git_init(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string marker = "Initialized empty Git repository in ";
    const size_t p = a.result.substr(0, 20'000).find(marker);
    if (p == std::string_view::npos || (p > 0 && a.result[p - 1] != '\n') || a.error) return;
    size_t eol = a.result.find('\n', p);
    if (eol == std::string_view::npos) eol = a.result.size();
    std::string line = ascii_lower(a.result.substr(p, eol - p));
    while (!line.empty() && (line.back() == '/' || line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.size() > 200) return;
    out.push_back({"action.git_init", "git.repository", line, SlotType::kFact, ActionEvidence::kObserved, p, eol});
}

// The branch git shows: `git status`'s "On branch X", `git log`'s "(HEAD -> X" on a commit line, `git branch`'s
// "* X". Only for a command that ran git status/log/branch, at a line's start; a detached HEAD names none.
void git_branch_shown(const ToolAction& a, const std::vector<Segment>& segs, std::vector<ActionFact>& out) {
    if (a.error) return;
    bool status = false, log = false, branch = false;
    size_t at = segs.size();  // the first git command that shows a branch: the repository's
    std::string repo;
    for (size_t i = 0; i < segs.size(); ++i) {
        const Segment& s = segs[i];
        const CommandKey k = command_key(s);
        if (k.program != "git") continue;
        const bool shows = k.sub == "status" || k.sub == "log" || k.sub == "show" ||
                           (k.sub == "branch" && s.words.size() == program_index(s.words) + 2);  // a bare `git branch`
        if (shows) {
            // The branch line names no command: every git command that shows one must work on one repository.
            if (at == segs.size()) at = i, repo = repository_of(a, segs, i);
            else if (repository_of(a, segs, i) != repo) return;
        }
        status |= k.sub == "status";
        log |= k.sub == "log" || k.sub == "show";
        branch |= k.sub == "branch" && s.words.size() == program_index(s.words) + 2;
    }
    if ((!status && !log && !branch) || repo.empty()) return;
    for (const OutputLine& l : output_lines(a.result.substr(0, 20'000))) {
        if (l.indented) continue;  // only at a line's start
        const std::string_view line = l.text;
        size_t nb = 0;
        if (status && line.rfind("On branch ", 0) == 0) {
            nb = 10;
        } else if (branch && line.rfind("* ", 0) == 0 && line.find('(') == std::string_view::npos) {
            nb = 2;
        } else if (log) {
            // "5b618ba (HEAD -> master) subject" / "commit 5b618ba… (HEAD -> master, origin/master)".
            const size_t h = line.rfind("commit ", 0) == 0 ? 7 : 0;
            size_t x = h;
            while (x < line.size() && std::isxdigit(static_cast<unsigned char>(line[x]))) ++x;
            if (x - h >= 7 && line.substr(x).rfind(" (HEAD -> ", 0) == 0) nb = x + 10;
        }
        if (nb == 0) continue;
        const size_t ne = std::min(line.size(), line.find_first_of(" ,)", nb));
        const std::string_view name = line.substr(nb, ne - nb);
        if (!branch_name(name)) continue;
        out.push_back({"action.git_branch", repo + ".git.branch", std::string(name), SlotType::kFact,
                       ActionEvidence::kObserved, l.begin, l.begin + ne});
        return;
    }
}

// The commit a plain `git log --oneline` shows first: HEAD, "5d889b0 improve UI/UX" (rule action.git_head, session
// 20). Only for a command that is that one `git log` (after `cd DIR`), with no revision, path, filter or format of
// its own (a count, --decorate, --no-color allowed) and no pipe, that did not fail: then the output's first line (past a
// harness's header, harness_output_start) is HEAD's hash and subject; "(HEAD -> master, …)" is dropped (the branch
// is action.git_branch's). `git.head = <hash> <subject>`. Session 22: parts may run before the log in an `&&` chain
// when an `echo <banner>` right before it prints the line its output starts after ("… && echo '---' && git log …").
void git_head_shown(const ToolAction& a, std::string_view command, const std::vector<Segment>& segs,
                    std::vector<ActionFact>& out) {
    if (a.error) return;
    // A pipe filters or reorders the log (`| grep x`, `| tail -1`): its first line need not be HEAD.
    for (size_t p = command.find('|'); p != std::string_view::npos; p = command.find('|', p + 2))
        if (p + 1 >= command.size() || command[p + 1] != '|') return;
    const Segment* log = nullptr;
    size_t log_at = 0;
    std::string banner;  // what an echo just before the log printed, when other parts run first
    for (size_t i = 0; i < segs.size(); ++i) {
        const Segment& s = segs[i];
        const CommandKey k = command_key(s);
        if (k.program == "cd" && !log) continue;
        if (log) return;
        if (k.program == "git" && k.sub == "log") {
            log = &s;
            log_at = i;
            continue;
        }
        // Session 22: parts that show something else first ("git status --short && echo '---' && git log --oneline
        // -5") when an echo right before the log prints a line of its own that marks where the log's output starts;
        // only in an `&&` chain (after `||`, `;` or a line break the banner need not have run).
        if (i + 2 == segs.size() && k.program == "echo" && s.words.size() == 2 && !s.words[1].empty() &&
            s.words[1].find('$') == std::string::npos && s.words[1].find('\\') == std::string::npos)
            banner = s.words[1];
    }
    if (!log) return;
    const bool others = std::any_of(segs.begin(), segs.end() - 1, [](const Segment& s) {
        return command_key(s).program != "cd";
    });
    if (others && (banner.empty() || joints_of(command).other || joints_of(command).background)) return;
    const auto& w = log->words;
    size_t j = program_index(w) + 1;
    while (j < w.size() && w[j] != "log") j += (w[j] == "-C" || w[j] == "-c") ? 2 : 1;
    bool oneline = false;
    for (++j; j < w.size(); ++j) {
        const std::string& x = w[j];
        const bool count = x.size() > 1 && x[0] == '-' && std::all_of(x.begin() + 1, x.end(), digit);
        if (x == "--oneline" || x == "--pretty=oneline" || x == "--format=oneline") oneline = true;
        else if (x == "-n" && j + 1 < w.size() && !w[j + 1].empty() &&
                 std::all_of(w[j + 1].begin(), w[j + 1].end(), digit)) ++j;
        else if (!(count || x == "--decorate" || x == "--no-decorate" || x == "--no-color" || x == "--color=never" ||
                   (x.rfind("--max-count=", 0) == 0 && x.size() > 12) ||
                   (x.size() > 2 && x.rfind("-n", 0) == 0 && std::all_of(x.begin() + 2, x.end(), digit))))
            return;
    }
    if (!oneline) return;
    size_t start = harness_output_start(a.result);
    if (others) {  // the log's output starts past the banner's own line (its last one)
        size_t past = std::string_view::npos;
        for (const OutputLine& l : output_lines(a.result.substr(start, 20'000)))
            if (l.text == banner) past = start + l.end;
        if (past == std::string_view::npos) return;
        start = past;
    }
    const std::string_view r = a.result.substr(start, 20'000);
    for (const OutputLine& l : output_lines(r)) {
        if (l.text.empty()) continue;
        const std::string_view line = l.text;
        size_t x = 0;
        while (x < line.size() && std::isxdigit(static_cast<unsigned char>(line[x]))) ++x;
        if (l.indented || x < 7 || x > 40 || x >= line.size() || line[x] != ' ') return;
        size_t subject = x + 1;
        if (line.substr(subject, 1) == "(") {  // the decoration: "(HEAD -> master, origin/master)"
            const size_t close = line.find(") ", subject);
            if (close == std::string_view::npos) return;
            subject = close + 2;
        }
        std::string_view text = line.substr(subject);
        while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
        if (text.empty() || text.size() > 120) return;
        const std::string repo = repository_of(a, segs, log_at);
        if (repo.empty()) return;
        out.push_back({others ? "action.git_head_chain" : "action.git_head", repo + ".git.head", ascii_lower(line.substr(0, x)) + " " + std::string(text),
                       SlotType::kFact, ActionEvidence::kObserved, start + l.begin, start + l.end});
        return;
    }
}

// "Successfully installed a-1.0 b-2.0.1" (pip).
void pip_installed(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string marker = "Successfully installed ";
    const size_t p = a.result.find(marker);
    if (p == std::string_view::npos) return;
    size_t eol = a.result.find('\n', p);
    if (eol == std::string_view::npos) eol = a.result.size();
    size_t at = p + marker.size();
    while (at < eol) {
        size_t e = a.result.find(' ', at);
        if (e == std::string_view::npos || e > eol) e = eol;
        const std::string item(a.result.substr(at, e - at));
        const size_t dash = item.rfind('-');
        if (dash != std::string::npos && dash + 1 < item.size() && digit(item[dash + 1])) {
            const std::string pkg = key_slug(item.substr(0, dash), 48);
            if (!pkg.empty())
                out.push_back({"action.package_version", pkg + ".version", item.substr(dash + 1), SlotType::kFact,
                               ActionEvidence::kObserved, at, e});
        }
        at = e + 1;
    }
}

// "pip install x==1.2", "npm install x@1.2": the version asked for, installed when the result is not an error.
void pinned_installs(const Segment& s, const CommandKey& k, const ToolAction& a, size_t qb, size_t qe,
                     std::vector<ActionFact>& out) {
    if (!(one_of(k.sub, {"install", "add", "i"}) && one_of(k.program, {"pip", "pip3", "uv", "npm", "yarn", "pnpm",
                                                                        "bun", "poetry", "cargo"})))
        return;
    if (a.error) return;
    for (const std::string& w : s.words) {
        size_t at = w.find("==");
        size_t skip = 2;
        if (at == std::string::npos && w.size() > 1) at = w.find('@', 1), skip = 1;
        if (at == std::string::npos || at == 0 || at + skip >= w.size() || !digit(w[at + skip])) continue;
        const std::string pkg = key_slug(w.substr(0, at), 48);
        if (!pkg.empty())
            out.push_back({"action.package_version", pkg + ".version", w.substr(at + skip), SlotType::kFact,
                           ActionEvidence::kConfirmed, qb, qe});
    }
}

// A segment that only asks a program its version: "node --version", "python3 -V", "java -version", "go version"
// (redirections aside). The program's name, or "" when the segment is anything else.
std::string version_query(const Segment& s) {
    std::vector<std::string> w;
    for (size_t j = 0; j < s.words.size(); ++j) {
        if (redirection(s.words[j])) {
            j += bare_redirection(s.words[j]) ? 1 : 0;
            continue;
        }
        w.push_back(s.words[j]);
    }
    if (w.size() != 2 || !one_of(w[1], {"--version", "-version", "-V", "-v", "version"})) return {};
    const std::string program = ascii_lower(base_name(w[0]));
    if (program.empty() || !std::isalpha(static_cast<unsigned char>(program[0])) || looks_around(program, "")) return {};
    // "-v" is verbose and "version" a project's target or version to most programs ("pytest -v", "poetry version",
    // "make version"): only those known to print their own version take them (review).
    if (w[1] == "-v" && !one_of(program, {"node", "npm", "npx", "yarn", "pnpm", "bun", "deno", "ruby", "perl", "php",
                                          "docker", "bash", "zsh"}))
        return {};
    if (w[1] == "version" && !one_of(program, {"go", "docker", "kubectl", "helm", "terraform", "hugo", "flutter",
                                               "dart", "podman", "gh"}))
        return {};
    return program;
}

// The version number a version query printed on `line`: "v22.16.0", "3.12.1" in "Python 3.12.1", "1.22.1" in
// "go version go1.22.1 linux/amd64", with a pre-release or build suffix ("1.0.0-rc.1"); "" when the line holds none
// (two dotted numbers at least).
std::string version_in(std::string_view line, size_t& b, size_t& e) {
    const auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    for (size_t i = 0; i < line.size(); ++i) {
        if (i > 0 && line[i - 1] == '/') continue;  // inside a path ("/usr/lib/python3.11/…")
        if (!digit(line[i]) || (i > 0 && (digit(line[i - 1]) || line[i - 1] == '.'))) continue;
        size_t j = i, dots = 0;
        while (j < line.size() && (digit(line[j]) || (line[j] == '.' && j + 1 < line.size() && digit(line[j + 1]))))
            dots += line[j++] == '.';
        if (dots == 0) continue;  // "2024-01-16" is a date, "8" a count
        if (j + 1 < line.size() && (line[j] == '-' || line[j] == '+') && alnum(line[j + 1])) {  // "-rc.1", "+build.5"
            ++j;
            while (j < line.size() && (alnum(line[j]) || (line[j] == '.' && j + 1 < line.size() && alnum(line[j + 1]))))
                ++j;
        }
        if (j < line.size() && line[j] == '/') {  // a path segment ("python3.11/site-packages")
            i = j;
            continue;
        }
        b = i > 0 && line[i - 1] == 'v' && (i < 2 || !std::isalpha(static_cast<unsigned char>(line[i - 2]))) ? i - 1 : i;
        e = j;
        return std::string(line.substr(b, e - b));
    }
    return {};
}

// "node --version" → `node.version = v22.16.0`; "cargo --version && rustc --version" → one version a line, in order
// (session 20). Every segment must be a version query, the call must not have failed, and the output (past a
// harness's header, without "[exit code: N]" lines) must hold one line per query, each with a version number — a
// query that printed several lines ("java -version" on some JDKs) gives its first line's. True when it gave them,
// so that the query's output and command are not said again as `.output` and `.command`.
bool version_queries(const ToolAction& a, const std::vector<Segment>& segs, std::vector<ActionFact>& out) {
    if (a.error || segs.empty()) return false;
    std::vector<std::string> programs;
    for (const Segment& s : segs) {
        const std::string program = version_query(s);
        if (program.empty()) return false;
        programs.push_back(program);
    }
    const size_t start = harness_output_start(a.result);
    std::vector<std::pair<size_t, size_t>> lines;  // [begin, end) of each non-empty output line
    for (size_t at = start; at < a.result.size() && lines.size() <= programs.size();) {
        size_t eol = a.result.find('\n', at);
        if (eol == std::string_view::npos) eol = a.result.size();
        const std::string_view line = trim(a.result.substr(at, eol - at));
        if (!line.empty() && line.rfind("[exit code:", 0) != 0) lines.emplace_back(at, eol);
        at = eol + 1;
    }
    if (lines.empty() || (programs.size() > 1 && lines.size() != programs.size())) return false;
    std::vector<ActionFact> found;
    for (size_t i = 0; i < programs.size(); ++i) {
        size_t b = 0, e = 0;
        const std::string_view line = a.result.substr(lines[i].first, lines[i].second - lines[i].first);
        const std::string version = version_in(line, b, e);
        if (version.empty()) return false;
        // The line is the program's own banner: it opens with the version, names the program or says "version"
        // ("v22.16.0", "Python 3.12.1", "openjdk version \"21.0.2\""), not a warning or a listening address.
        std::string name = programs[i];
        while (!name.empty() && (digit(name.back()) || name.back() == '.')) name.pop_back();  // python3 → python
        const std::string low = ascii_lower(line);
        if (b != 0 && low.find("version") == std::string::npos && (name.empty() || low.find(name) == std::string::npos))
            return false;
        const std::string key = key_slug(programs[i], 48);
        if (key.empty()) return false;
        found.push_back({"action.tool_version", key + ".version", version, SlotType::kFact, ActionEvidence::kObserved,
                         lines[i].first + b, lines[i].first + e});
    }
    out.insert(out.end(), found.begin(), found.end());
    return true;
}

// "Running on http://127.0.0.1:5000", "Local: http://localhost:5173/": an address being served.
void served_urls(const ToolAction& a, const std::string& key, std::vector<ActionFact>& out) {
    const std::string_view r = a.result.substr(0, 200'000);
    for (const char* host : {"http://localhost:", "http://127.0.0.1:", "http://0.0.0.0:", "https://localhost:"}) {
        const size_t p = r.find(host);
        if (p == std::string_view::npos) continue;
        size_t e = p + std::string_view(host).size();
        const size_t port = e;
        while (e < r.size() && digit(r[e])) ++e;
        if (e == port) continue;
        while (e < r.size() && (std::isalnum(static_cast<unsigned char>(r[e])) || r[e] == '/' || r[e] == '-' ||
                                r[e] == '_' || r[e] == '.'))
            ++e;
        out.push_back({"action.service_url", key + ".url", std::string(r.substr(p, e - p)), SlotType::kFact,
                       ActionEvidence::kObserved, p, e});
        return;
    }
}

// Files a successful `rm` removed.
void removed_files(const Segment& s, const CommandKey& k, const ToolAction& a, size_t qb, size_t qe,
                   std::vector<ActionFact>& out) {
    if (k.program != "rm" && !(k.program == "git" && k.sub == "rm")) return;
    if (a.error || a.result.find("No such file") != std::string_view::npos) return;
    bool after_program = false;
    for (const std::string& w : s.words) {
        if (!after_program) {
            after_program = base_name(w) == "rm";
            continue;
        }
        if (w.empty() || w[0] == '-' || w.find('*') != std::string::npos) continue;
        const std::string key = path_key(w, a.cwd);
        if (!key.empty())
            out.push_back({"action.file_deleted", "file." + key, "deleted", SlotType::kArtifact,
                           ActionEvidence::kConfirmed, qb, qe});
    }
}

}  // namespace

std::vector<std::vector<std::string>> shell_segments(std::string_view command) {
    std::vector<std::vector<std::string>> out;
    for (Segment& s : segments_of(command)) out.push_back(std::move(s.words));
    return out;
}

namespace {

// `k`'s key and, when the segment that `k` names goes on past its program (and subcommand) with arguments
// that are not flags, the first `operands` of them: "cargo init --lib --name utils" → "cargo.init.utils";
// with 3, "rm a.py b.py" → "rm.a.py.b.py" (a command run is named by all it names, as a set's element).
// An argument that holds code or a format string names nothing: `python -c "import sys; …"`, `curl -w
// "\nHTTP_STATUS:%{http_code}\n"` (session 20: keyed `python.import-sys-sys.path.inse`, `curl.nhttp_status-http_code-n`).
// Spaces, statement or grouping punctuation, a format directive or a backslash escape mark it; a Windows path's
// backslashes ("c:\Users\x.py", ".\run.ps1") do not.
bool code_or_format(const std::string& w) {
    const bool windows = windows_path(w);
    for (char c : w) {
        if (std::isspace(static_cast<unsigned char>(c)) || c == ';' || c == '(' || c == ')' || c == '{' || c == '}' ||
            c == '%' || c == '"' || c == '\'' || c == '`')
            return true;
        if (c == '\\' && !windows) return true;
    }
    return false;
}

// Whether an echo/printf segment's words stand in the result as it printed them; true when that cannot be told
// (a variable, a substitution, an escape or a format directive, or nothing to print).
bool printed_by(const Segment& s, std::string_view result) {
    const auto& w = s.words;
    std::string text;
    for (size_t j = program_index(w) + 1; j < w.size(); ++j) {
        if (redirection(w[j])) {
            j += bare_redirection(w[j]) ? 1 : 0;
            continue;
        }
        if (text.empty() && (w[j] == "-n" || w[j] == "-e" || w[j] == "-E" || w[j] == "-ne")) continue;  // echo's options
        if (w[j].find_first_of("$`\\%") != std::string::npos) return true;
        text += (text.empty() ? "" : " ") + w[j];
    }
    return text.empty() || result.find(text) != std::string_view::npos;
}

// The index of a segment's first word after its program and the subcommand words its key holds ("git -C d commit
// -m x" → "-m").
size_t first_operand(const std::vector<std::string>& w, const CommandKey& k) {
    size_t j = program_index(w) + 1;
    if (k.sub.empty()) return j;
    while (j < w.size() && ascii_lower(w[j]) != k.sub.substr(0, k.sub.find('.'))) ++j;
    return j + 1 + std::count(k.sub.begin(), k.sub.end(), '.');
}

// Whether `option` of an HTTP client takes the next word as its value ("-u user:password", "-H 'Accept: …'",
// "-o out.html"): that word names nothing (session 21: `curl -u 'jason.zhao:…' URL` was keyed
// `curl.jason.zhao-redacted-basi`). curl's -O takes none (it saves under the URL's name); wget's -O does.
bool takes_value(const std::string& program, const std::string& option) {
    if (option.size() < 2 || option[0] != '-' || option.find('=') != std::string::npos) return false;
    if (program == "wget")
        return one_of(option, {"-O", "-o", "-a", "-P", "-U", "-e", "--header", "--user", "--password",
                               "--output-document", "--output-file", "--user-agent", "--directory-prefix"});
    return one_of(option, {"-u", "-H", "-d", "-o", "-x", "-e", "-A", "-b", "-c", "-F", "-w", "-X", "-T", "-m", "-K",
                           "-E", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--header", "--user",
                           "--output", "--proxy", "--referer", "--user-agent", "--cookie", "--cookie-jar", "--form",
                           "--write-out", "--request", "--upload-file", "--max-time", "--connect-timeout",
                           "--retry", "--cert", "--config"});
}

// A package requirement names its package: "numpy<2", "numpy==1.26.4", "django>=4.2", "lodash@4.17.21" → the name
// before the version (session 27: `pip install "numpy<2"` was keyed `pip.install.numpy-2`, read as numpy 2). A word
// that is no such spec ("2>&1", "a->b", "@scope/pkg") is returned as it is.
std::string package_name(const std::string& w) {
    if (w.empty() || !std::isalpha(static_cast<unsigned char>(w[0]))) return w;
    size_t n = 0;
    while (n < w.size() && (std::isalnum(static_cast<unsigned char>(w[n])) || w[n] == '_' || w[n] == '-' || w[n] == '.'))
        ++n;
    if (n == w.size() || n + 1 >= w.size()) return w;
    size_t v = n;
    while (v < w.size() && v - n < 2 && std::string_view("<>=!~@^").find(w[v]) != std::string_view::npos) ++v;
    if (v == n || v >= w.size() || !std::isdigit(static_cast<unsigned char>(w[v]))) return w;
    return w.substr(0, n);
}

// Whether the command installs or removes packages, whose operands are requirements ("numpy<2"): a package manager's
// install/add/remove subcommand. Elsewhere "root@10.0.0.5", "HEAD~1" or "icon@2x.png" name what they say (review).
bool installs_packages(const CommandKey& k) {
    if (!one_of(k.program, {"pip", "pip3", "uv", "poetry", "pipx", "conda", "mamba", "micromamba", "npm", "yarn", "pnpm",
                            "bun", "cargo", "gem", "brew"}))
        return false;
    const std::string sub = k.sub.substr(0, k.sub.find('.'));
    return one_of(sub, {"install", "i", "add", "remove", "rm", "uninstall", "update", "upgrade", "pip"});
}

// What a URL names: its last path segment, without query or fragment ("https://x/api/users?limit=10" → users,
// ".../pulls/" → pulls), or its host when the path is empty ("http://54.214.7.161/" → 54.214.7.161).
std::string url_name(const std::string& url) {
    std::string u = url.substr(0, url.find_first_of("?#"));
    while (!u.empty() && u.back() == '/') u.pop_back();
    const size_t scheme = u.find("://");
    const size_t host = scheme == std::string::npos ? 0 : scheme + 3;
    const size_t slash = u.find('/', host);
    return slash == std::string::npos ? u.substr(host) : base_name(u);
}

// The module a `python -c` one-liner imports first ("import numpy; print(numpy.__version__)" → numpy, "from
// piper.voice import PiperVoice" → piper.voice): what the inline code is about, empty when it imports nothing
// (session 27: every one-liner was keyed `python`, so two of them read as one command's two outputs).
std::string inline_code_module(const std::vector<std::string>& w, size_t program) {
    // The standard library's everyday modules say little of what the code is about: a later import names it better.
    static const std::set<std::string> plain = {"sys", "os", "json", "re", "subprocess", "pathlib", "time", "math",
                                                "typing", "collections", "itertools", "functools", "io", "shutil",
                                                "glob", "datetime", "platform", "importlib", "textwrap", "pprint"};
    for (size_t j = program + 1; j + 1 < w.size() && !w[j].empty() && w[j][0] == '-'; ++j) {
        if (w[j] != "-c") continue;
        const std::string& code = w[j + 1];
        std::string first;
        for (size_t at = 0; at < code.size();) {
            while (at < code.size() && std::string_view(" \t\n;").find(code[at]) != std::string_view::npos) ++at;
            for (std::string_view lead : {"import ", "from "}) {
                if (code.compare(at, lead.size(), lead) != 0) continue;
                size_t b = at + lead.size(), e = b;
                while (e < code.size() && (std::isalnum(static_cast<unsigned char>(code[e])) || code[e] == '_' || code[e] == '.'))
                    ++e;
                if (e == b || std::isdigit(static_cast<unsigned char>(code[b]))) continue;
                const std::string module = code.substr(b, e - b);
                if (!plain.count(module.substr(0, module.find('.')))) return module;
                if (first.empty()) first = module;
            }
            const size_t next = code.find_first_of(";\n", at);
            at = next == std::string::npos ? code.size() : next + 1;
        }
        return first;
    }
    return {};
}

// Whether a segment keyed `k` runs code given inline ("python -c …", "node -e …").
bool runs_inline_code(const std::vector<Segment>& segs, const CommandKey& k) {
    for (const Segment& s : segs) {
        if (command_key(s).key != k.key) continue;
        const auto& w = s.words;
        // Only the interpreter's own options, before the script ("python -u train.py -c cfg.yaml" runs a script).
        for (size_t j = program_index(w) + 1; j < w.size() && !w[j].empty() && w[j][0] == '-'; ++j)
            if (w[j] == "-c" || w[j] == "-e") return true;
    }
    return false;
}

bool runs_of_different_programs(const std::vector<Segment>& segs, const std::vector<CommandKey>& keys) {
    static const std::set<std::string> setup = {"pushd", "popd", "unset", "ulimit", "umask", "deactivate", "trap",
                                                "shopt", "alias", "set", "conda", "nvm", "pyenv", "workon", "rbenv",
                                                "fnm", "mamba", "micromamba"};
    std::set<std::string> programs;
    for (size_t i = 0; i < keys.size() && i < segs.size(); ++i) {
        if (keys[i].key.empty() || keys[i].trivial) continue;
        const auto& w = segs[i].words;
        // Not program_index: it looks through `uv run`, which would make "uv sync && uv run pytest" two programs.
        size_t j = 0;
        while (j < w.size() && (w[j] == "sudo" || (w[j].find('=') != std::string::npos && w[j][0] != '-'))) ++j;
        if (j == w.size()) continue;
        const std::string first = base_name(w[j]);
        if (!setup.count(first)) programs.insert(first);
    }
    return programs.size() > 1;
}

std::string command_set_key(const std::vector<Segment>& segs, const CommandKey& k, size_t operands = 1) {
    if (k.program == "echo" || k.program == "printf") return k.key;  // the argument is in the key already
    for (const Segment& s : segs) {
        if (command_key(s).key != k.key) continue;
        const auto& w = s.words;
        std::string key = k.key;
        if (k.program.rfind("python", 0) == 0 && k.program.find('.') == std::string::npos && k.sub.empty()) {
            const std::string module = key_slug(inline_code_module(w, program_index(w)), 24);
            if (!module.empty()) return key + "." + module;
        }
        size_t taken = 0;
        for (size_t j = first_operand(w, k); j < w.size() && taken < operands; ++j) {
            if (redirection(w[j])) {  // "> log.txt", "< schema.sql": the target is no operand either (review)
                j += bare_redirection(w[j]) ? 1 : 0;
                continue;
            }
            const std::string operand = installs_packages(k) ? package_name(w[j]) : w[j];
            if (operand[0] == '-' || operand.find('>') != std::string::npos || operand == "|") continue;
            if (operand.find('$') != std::string::npos) continue;  // a shell variable is no name ("$f.py")
            if (code_or_format(operand)) continue;
            const bool http_client = k.program == "curl" || k.program == "wget";
            if (http_client && j > 0 && takes_value(k.program, w[j - 1])) continue;  // "-u user:password", "-o out"
            const std::string tag = key_slug(http_client ? url_name(operand) : base_name(operand), 24);
            if (tag.empty() || k.key.find(tag) != std::string::npos) continue;  // a word of the key ("-m pytest")
            if (("." + key + ".").find("." + tag + ".") != std::string::npos) continue;  // named already ("-o x ./cmd/x")
            key += "." + tag;
            ++taken;
        }
        return key;
    }
    return k.key;
}

// git's own refusal ("fatal: a branch named 'x' already exists", "error: pathspec …"): the command did
// nothing, whatever the log's error flag says (a user's `!` command has none).
bool git_refused(std::string_view result) {
    for (const char* marker : {"fatal: ", "error: "})
        if (result.rfind(marker, 0) == 0 || result.find(std::string("\n") + marker) != std::string_view::npos) return true;
    return false;
}

// The shell command a call ran, as segments, and the segment that names it: the last that does more than look around,
// else the first named one. False when the tool runs no shell command or names none.
bool named_command(const ToolAction& a, std::vector<Segment>& segs, CommandKey& subject) {
    const bool json_args = !a.arguments.empty() && a.arguments.front() == '{';
    if (!json_args && (agent_tool(ascii_lower(a.tool)) || a.arguments.empty())) return false;
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty() || command.size() > 4000) return false;
    segs = segments_of(command);
    for (const Segment& s : segs) {
        const CommandKey k = command_key(s);
        if (!k.key.empty() && (subject.key.empty() || !k.trivial)) subject = k;
    }
    return !subject.key.empty();
}

}  // namespace

std::string exit_code_stated(std::string_view result) {
    size_t b = 0, e = 0;
    return explicit_exit_code(result, b, e);
}

bool answered_without_failure(const ToolAction& a) {
    if (!a.has_result || a.error || a.result.size() > 20'000) return false;
    const std::string code = exit_code_stated(a.result);
    return code.empty() || code == "0";
}

std::string command_subject(const ToolAction& a) {
    std::vector<Segment> segs;
    CommandKey subject;
    return named_command(a, segs, subject) ? command_set_key(segs, subject) : std::string();
}

std::vector<std::string> command_lost_operands(const ToolAction& a, std::string& subject_key) {
    std::vector<std::string> lost;
    std::vector<Segment> segs;
    CommandKey subject;
    if (!named_command(a, segs, subject) || subject.program == "echo" || subject.program == "printf") return lost;
    subject_key = command_set_key(segs, subject);
    for (const Segment& s : segs) {
        if (command_key(s).key != subject.key) continue;
        const auto& w = s.words;
        for (size_t j = first_operand(w, subject); j < w.size(); ++j) {
            if (redirection(w[j])) {
                j += bare_redirection(w[j]) ? 1 : 0;
                continue;
            }
            if (w[j].empty() || w[j][0] == '-' || w[j].find('>') != std::string::npos || w[j] == "|") continue;
            // Inline code after an interpreter's -c/-e/-Command: the key skips it (code_or_format).
            const std::string flag = ascii_lower(w[j - 1]);
            if (code_or_format(w[j]) && (flag == "-c" || flag == "-e" || flag == "--eval" || flag == "-command"))
                lost.push_back(w[j]);
            // A name longer than the key keeps of it (24 characters): the key holds only its start.
            else if (!code_or_format(w[j]) && key_slug(base_name(w[j]), 1000).size() > 24)
                lost.push_back(w[j]);
            break;
        }
    }
    return lost;
}

// A program that runs code given inline (`-c`, `-e`) or from a heredoc.
bool code_interpreter(const std::string& program) {
    return one_of(program, {"python", "python3", "node", "bash", "sh", "zsh", "ruby", "perl"});
}

// An interpreter keyed alone ("python3.exit_code"): it ran inline code or a heredoc, and the key cannot say which of
// the session's runs it was (session 33: all 9 such dev values were partial under blind labels). No exit code then.
bool bare_interpreter(const std::string& key, const CommandKey& k) {
    return key == k.program && code_interpreter(k.program);
}

void command_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    const std::string tool = ascii_lower(a.tool);
    const bool json_args = !a.arguments.empty() && a.arguments.front() == '{';
    if (!json_args && (agent_tool(tool) || a.arguments.empty())) return;
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    if (command.empty() || command.size() > 4000) return;
    const std::vector<Segment> segs = segments_of(command);
    if (segs.empty()) return;
    std::vector<CommandKey> keys;
    keys.reserve(segs.size());
    for (const Segment& s : segs) keys.push_back(command_key(s));
    for (size_t i = 0; i < segs.size(); ++i) {
        const Segment& s = segs[i];
        const CommandKey& k = keys[i];
        removed_files(s, k, a, qb, qe, out);
        pinned_installs(s, k, a, qb, qe, out);
        if (k.program == "git" && (k.sub == "checkout" || k.sub == "switch") && !a.error && !git_refused(a.result)) {
            for (size_t j = 0; j + 1 < s.words.size(); ++j)
                if (s.words[j] == "-b" || s.words[j] == "-c" || s.words[j] == "-B") {
                    const std::string repo = repository_of(a, segs, i);
                    if (!repo.empty() && branch_name(s.words[j + 1]))
                        out.push_back({"action.git_branch", repo + ".git.branch", s.words[j + 1], SlotType::kFact,
                                       ActionEvidence::kConfirmed, qb, qe});
                }
        }
    }
    // The segment that carries the command's outcome: the last one that does more than look around.
    CommandKey main;
    for (const CommandKey& k : keys)
        if (!k.key.empty() && !k.trivial) main = k;
    // What a command printed, when it is one short line: "echo HELLO" → echo.output = hello.
    // An echo/printf that another named command follows is a banner between outputs ("ls a && echo '---' && head b"),
    // not what the chain is for: it keys nothing (session 20); a closing one is a sentinel (below).
    // Walked from the end, so that "a named command follows" is known in one pass.
    CommandKey printer;
    const Joints joined = joints_of(command);  // pipes, background parts, ||/; (session 21)
    const bool background_line = joined.background;
    bool named = false;  // some segment (after this one, while walking) names a command
    size_t named_segments = 0;
    for (const CommandKey& k : keys) named_segments += k.key.empty() ? 0 : 1;
    for (size_t i = keys.size(); i-- > 0;) {
        const CommandKey& k = keys[i];
        const bool print = k.program == "echo" || k.program == "printf";
        // An echo in a chain that did not print ("pgrep x || echo killed" printing pgrep's "66215", "ls d ||
        // echo 'not found'" printing the listing) is a branch not taken: it names neither the chain nor its
        // output (session 20). A lone echo, or one printing a variable or an escape, is not checked.
        // After a part sent to the background, an echo prints its process id ("server & echo $!"): no subject either.
        const bool not_taken = print && named_segments > 1 &&
                               ((a.has_result && !printed_by(segs[i], a.result)) || background_line);
        if (printer.key.empty() && !not_taken && !k.key.empty() && (!k.trivial || (print && !named))) printer = k;
        named |= !k.key.empty();
    }
    // Session 34: a closing echo after another command ("cat f; echo ---EOF---", "ls d || echo 'no dir'", "cat f &&
    // echo FOUND || echo NOT_FOUND") is a sentinel or a fallback: it names neither the line's run, which is keyed by
    // the part that does something (none when the others only look around), nor its output (what it printed is
    // the echo's text, not the other part's: dev labels, 4 partial and 1 junk of 6 values on 3 logs).
    bool sentinel = false;
    if (printer.program == "echo" || printer.program == "printf")
        for (const CommandKey& k : keys)
            if (!k.key.empty() && !one_of(k.program, {"cd", "echo", "printf"})) sentinel = true;
    if (sentinel) printer = main;
    // A chain of different programs' runs ("kill 1; pkill -f x; pgrep -f x", "node -v && npm -v") keyed by one of
    // them credits that part with the whole line: its `.command` is given by none (session 23). A program is the
    // segment's first word past variable assignments and sudo ("uv sync && uv run pytest" is uv's work); the shell's
    // and an environment manager's setup ("pushd build", "conda activate ml", "nvm use 18") is no program.
    const bool mixed_chain = runs_of_different_programs(segs, keys);
    if (!a.has_result) {
        // A call the log holds no result for (the log ends while it runs: a transcript copied mid-run, a head)
        // was still started: the command, as the agent's statement (session 17).
        const std::string written = relative_command(command, a.cwd);
        if (!main.key.empty() && !printer.key.empty() && !mixed_chain && command_length_past_cd(written) <= 120 &&
            command.find('\n') == std::string::npos)
            out.push_back({"action.command_started", command_set_key(segs, printer, 3) + ".command", written,
                           SlotType::kFact, ActionEvidence::kStated, qb, qe});
        return;
    }
    if (version_queries(a, segs, out)) return;
    // The shell's own refusal to parse the line ("zsh:15: unmatched '", "bash: -c: line 3: syntax error near
    // unexpected token"): nothing on it ran, so no part of it has an output, a run or an exit code (session 25: a
    // fresh dev log's multi-line script was `curl.output = zsh:15: unmatched '`, labelled partial).
    // Read on the result's first lines: past a harness's header ("Exit code 2", Codex's "Chunk ID: …"), and bash
    // writes its error over two lines (review).
    const std::vector<OutputLine> head = output_lines(a.result.substr(0, 2000));
    if (std::any_of(head.begin(), head.begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(head.size(), 8)),
                    [](const OutputLine& l) { return shell_parse_error(l.text); }))
        return;
    // Likewise a sandbox that could not start ("bwrap: loopback: Failed RTM_NEWADDR: …" and nothing else): the exit
    // code is the runner's (session 26: split Codex code-mode cells gave `make.check.exit_code = 1` for it).
    if (sandbox_refused(a)) return;
    const bool powershell_failed = powershell_error_record(a.result);
    // PowerShell runs expressions and cmdlets, not programs: "[Console]::Out.Write('OK')" is keyed by the shell.
    if (!named && segs.size() == 1 && (tool == "pwsh" || tool == "powershell")) printer.key = tool;
    size_t ob = 0, oe = 0;
    // What a background line prints is the shell's (a process id, "[1] 4242"), not its program's (session 21).
    const std::string output =
        a.error || printer.key.empty() || background_line || sentinel ? std::string()
                                                                       : one_line_output(a.result, ob, oe);
    const std::string printed = printer.key.empty() ? std::string() : command_set_key(segs, printer);
    if (!output.empty())
        out.push_back({"action.command_output", printed + ".output", output, SlotType::kFact,
                       ActionEvidence::kObserved, ob, oe});
    // The command itself, when it did more than look around: "echo.hello.command = echo hello". Commands run
    // are a set: every key of a command's facts carries its first argument past the program's own words
    // ("pytest.tests.command", ".output", ".exit_code", ".passed"), so two sessions' different commands of one
    // program never dispute, a repeated command corroborates, and a rerun supersedes its first run.
    // The length limit is the command's own, past a leading "cd DIR && " (session 19).
    if (const std::string written = relative_command(command, a.cwd);
        !printer.key.empty() && !mixed_chain && !a.error && !powershell_failed &&
        command_length_past_cd(written) <= 120 && command.find('\n') == std::string::npos)
        out.push_back({"action.command_run", command_set_key(segs, printer, 3) + ".command", written, SlotType::kFact,
                       ActionEvidence::kConfirmed, qb, qe});
    git_branch_shown(a, segs, out);
    git_head_shown(a, command, segs, out);
    if (main.key.empty()) git_init(a, out);
    if (main.key.empty()) {
        // A lone command that only looks around still failed when it says so ("false", "grep -q x f" →
        // "[exit code: 1]"); `exit N` exits as told, and a chain does not say which of its parts failed.
        size_t named = 0;
        CommandKey lone;
        for (const CommandKey& k : keys)
            if (!k.key.empty()) ++named, lone = k;
        size_t eb = 0, ee = 0;
        // A pipe's status is its last program's ("grep x f | xargs y" exits as xargs did), a background command's
        // only its launch (session 21).
        const std::string code = named == 1 && lone.program != "exit" && !joined.pipe && !joined.background
                                     ? explicit_exit_code(a.result, eb, ee)
                                     : "";
        if (const std::string key = command_set_key(segs, lone);
            !code.empty() && code != "0" && !bare_interpreter(key, lone))
            out.push_back({"action.command_exit", key + ".exit_code", code, SlotType::kFact, ActionEvidence::kObserved,
                           eb, ee});
        return;
    }
    // A commit anywhere in the line reports itself, not only as its last part ("git add … && git commit … && git
    // push": session 33, a dev log's commit had given no claim).
    size_t commit_at = 0, commits = 0;  // the commit's segment: the repository it was made in
    for (size_t i = 0; i < keys.size(); ++i)
        if (keys[i].program == "git" && keys[i].sub == "commit") commit_at = i, ++commits;
    // Two commits in one line: which report line is whose repository the line does not say.
    if (commits > 0) git_commit(a, segs, commits == 1 ? commit_at : segs.size(), out);
    git_init(a, out);
    pip_installed(a, out);
    served_urls(a, main.key, out);
    const size_t before = out.size();
    const std::string subject = command_set_key(segs, main);  // "pytest.tests": what ran, not only the program
    // A line that runs the same tests twice ("cargo test -p x filter && cargo test -p x") prints two summaries under
    // one key: the first is the filtered run's, not the line's (session 34: a fresh dev log's 8 of 19, 6 of 12,
    // labelled partial).
    if (test_runner(main)) {
        size_t runs_of_subject = 0;
        for (size_t i = 0; i < segs.size(); ++i)
            runs_of_subject += !keys[i].key.empty() && test_runner(keys[i]) &&
                               command_set_key(std::vector<Segment>{segs[i]}, keys[i]) == subject;
        if (runs_of_subject == 1) test_counts(a, subject, out);
    }
    bool failed_tests = false;
    for (size_t i = before; i < out.size(); ++i)
        failed_tests |= (out[i].key.size() > 7 && out[i].key.compare(out[i].key.size() - 7, 7, ".failed") == 0 &&
                         out[i].value != "0");
    size_t eb = 0, ee = 0;
    std::string code = explicit_exit_code(a.result, eb, ee);
    ActionEvidence ev = ActionEvidence::kObserved;
    // A command stopped before it ended has no exit status: say how it ended (rule action.command_interrupted).
    if (code.empty() && a.error)
        if (const std::string stopped = interrupted_outcome(a.result); !stopped.empty()) {
            out.push_back({"action.command_interrupted", subject + ".outcome", stopped, SlotType::kFact,
                           ActionEvidence::kObserved, 0, std::min<size_t>(a.result.size(), a.result.find('\n'))});
            return;
        }
    // A call the user refused never ran: no exit status (session 21: read as "nonzero", a failed run); nor did one the
    // harness could not parse (session 36).
    if (a.error && (call_refused(a.result) || call_unparsed(a.result))) return;
    if (code.empty() && !a.exit_unstated) {
        ev = ActionEvidence::kConfirmed, eb = qb, ee = qe;
        if (a.error) code = "nonzero";
        else if (failed_tests || a.result.find("Traceback (most recent call last)") != std::string_view::npos)
            code = "1";
        else if (a.error_flag_reliable) code = "0";
    }
    // The exit status of a chain or a pipe is its last part's, while the key names one part (session 21: its own
    // rule, measured apart): "a && b" that exits 0 says b ran, "a | head" that exits 0 says nothing of a. A leading
    // "cd DIR" is no part. A command sent to the background ("server &") has no status of its own either.
    size_t parts = 0;
    for (const CommandKey& k : keys) parts += !k.key.empty() && k.program != "cd" ? 1 : 0;
    if (code.empty() || (code == "0" && powershell_failed)) return;  // "0" of a line a part of which failed
    if (parts <= 1 && !joined.pipe && !background_line) {
        if (!bare_interpreter(subject, main))
            out.push_back({"action.command_exit", subject + ".exit_code", code, SlotType::kFact, ev, eb, ee});
        return;
    }
    // A chain, a pipe or a background command (action.chain_exit; session 21). A pipe's status is its last program's
    // ("x | head" exits 0 whatever x did), a background command's is only its launch, and after `||`, `;` or a line
    // break the status is the last part's alone: none of them says how the keyed part ended, so they give none. Nor
    // does an `&&` chain that failed (which part failed is not said). An `&&` chain that exits 0 ran every part and
    // every part succeeded: its key names each part that does something ("git add … && git commit …" →
    // `git.add.and.git.commit.exit_code = 0`), skipping setup and banners ("cd", "source", "export", "echo", "printf");
    // more than three such parts, or a part run as inline code ("python -c …"), give none.
    if (code != "0" || joined.pipe || background_line || joined.other) return;
    std::string chain;
    size_t named_parts = 0;
    for (const CommandKey& k : keys) {
        if (k.key.empty() || one_of(k.program, {"cd", "echo", "printf", "true", "source", ".", "export", "set"}))
            continue;
        const std::string part = command_set_key(segs, k);
        // Inline code ("python -c …") leaves the part unnamed: the chain's key could not say what ran (a module the
        // code imports names it for the command's own slots, not enough to credit a chain's status to it).
        if (code_interpreter(k.program) &&
            (part == k.program || runs_inline_code(segs, k)))
            return;
        if (("." + chain + ".").find("." + part + ".") != std::string::npos) continue;  // a part named already
        chain += (chain.empty() ? "" : ".and.") + part;
        ++named_parts;
    }
    if (named_parts == 0 || named_parts > 3) return;
    out.push_back({"action.chain_exit", chain + ".exit_code", code, SlotType::kFact, ev, eb, ee});
}

}  // namespace bm
