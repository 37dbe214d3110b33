// Structural claims from one tool call and its result (rule ids `action.*`, rule_table.h): files
// created, edited and deleted (`file.<path>`), commands run with their exit status
// (`<command>.exit_code`), test counts (`<runner>.passed`), git commits and branches, package
// versions installed, URLs served, todo/plan items and goals with their status.
// Thread-safety: pure functions.
#pragma once

#include <cctype>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "model/claim.h"

namespace bm {

struct ToolAction {
    std::string_view tool;       // the call's tool name
    std::string_view arguments;  // JSON arguments, or an older SWE-agent run's action line
    std::string_view result;     // the result's text; empty when there is none
    bool has_result = false;
    bool error = false;          // the result is marked as an error
    bool error_flag_reliable = false;  // the format marks every failed command (Claude Code, DSH)
    bool exit_unstated = false;  // the user's own "!" command: no exit code or error flag in the log (session 17)
    std::string cwd;             // working directory, stripped from paths ("" when unknown)
};

// Where an action fact's quote sits and how sure the observation is.
enum class ActionEvidence {
    kStated,     // the call's arguments, unconfirmed (a plan, a todo): the agent's statement
    kConfirmed,  // the call's arguments, answered by a result that is not an error: observed
    kObserved,   // the result's text: observed
    kReported,   // the result's text, but another agent's account (a subagent's report): assistant evidence
};

struct ActionFact {
    std::string rule;
    std::string key;
    std::string value;
    SlotType type = SlotType::kFact;
    ActionEvidence evidence = ActionEvidence::kConfirmed;
    size_t begin = 0, end = 0;  // the quote's byte span in the arguments (kStated, kConfirmed) or result
};

std::vector<ActionFact> tool_action_facts(const ToolAction& action);

// Per-family scanners (file_action_rules.cpp, command_action_rules.cpp, plan_action_rules.cpp, failure_action_rules.cpp).
void file_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
void command_action_facts(const ToolAction& action, std::vector<ActionFact>& out);

// "interrupted by the user" / "timed out" when an error result says the command was stopped before it ended
// (interrupted_rules.cpp); empty otherwise.
std::string interrupted_outcome(std::string_view result);
void plan_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
void failure_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
// Files renamed or moved by `mv` / `git mv` (move_action_rules.cpp).
void move_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
// Where a file searched for by name was found (search_action_rules.cpp).
void search_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
// Where a glob tool whose pattern names one file found it (search_action_rules.cpp, session 22).
void glob_found_facts(const ToolAction& action, std::vector<ActionFact>& out);
// Skills loaded, pages fetched, workflows run, a submitted patch's files (outcome_action_rules.cpp).
void outcome_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A short file's content as read, image dimensions, unavailable subagents, tools disabled by policy,
// the persistent shell's exit (dsh_action_rules.cpp).
void dsh_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A failed verification chain, a plan approved or rejected, a background delegation's id (verdict_action_rules.cpp).
void verdict_action_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A program's or workflow's return value, a code-mode tools.read, an LSP location (code_tool_rules.cpp).
void code_tool_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A lone file command (mkdir, mv, cp, rm, …) with its exit code, and the directories mkdir made
// (file_command_rules.cpp).
void file_command_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A function call that changed a record: the record's id and the short arguments (record_change_rules.cpp).
void record_change_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A path a lone command named that "No such file or directory" answered (missing_path_rules.cpp).
void missing_path_facts(const ToolAction& action, std::vector<ActionFact>& out);
// The flag a SWE-agent CTF run submitted (ctf_rules.cpp).
void submitted_flag_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A file a tool's result says it saved its output to (saved_file_rules.cpp).
void saved_file_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A look-up call answered by one identifier (lookup_answer_rules.cpp).
void lookup_answer_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A call that acts, answered by a bare status word ("Success") (call_status_rules.cpp).
void call_status_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A command's unmarked output: its error lines (a Python traceback's exception line, "Error:" lines) and
// SWE-agent's "ran successfully and did not produce any output" (command_result_rules.cpp, session 16).
void command_result_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A test script's "All tests passed!" line in a shell command's output (test_verdict_rules.cpp).
void test_verdict_facts(const ToolAction& action, std::vector<ActionFact>& out);
// An output made only of upper-case labelled lines ("TELEMETRY: anonymous"), one fact a line (status_line_rules.cpp).
void status_line_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A file editor's report in a command's output, and an OpenHands finish call (editor_report_rules.cpp).
void editor_report_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A directory's entry count, `ls DIR | wc -l` / `find DIR … | wc -l` answered by a number (count_output_rules.cpp,
// session 18).
void count_output_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A program the shell could not find, "bash: rg: command not found" (missing_program_rules.cpp, session 18).
void missing_program_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A listing tool's "Directory X is empty" for the path it was given (empty_dir_rules.cpp, session 19).
void empty_dir_facts(const ToolAction& action, std::vector<ActionFact>& out);

// What a shell call ran, as a key word run: its last command that does more than look around, else
// its first named one ("pytest", "npm.run.build", "echo"); "" when the tool is not a shell.
std::string command_subject(const ToolAction& action);
// The exit code a result states ("Exit code: 1", "[exit code: 2]", …); empty when it states none.
std::string exit_code_stated(std::string_view result);
// Whether the call was answered, not as an error, with at most 20,000 bytes that state no nonzero exit code: the
// output a state reader (git status, git remote -v) may read.
bool answered_without_failure(const ToolAction& action);
// The operands a shell call's key could not hold, one per segment the key names, when they name what the run was: inline code after an interpreter's
// -c/-e/-Command (`python -c "import a"`, keyed `python`), or a path whose name is cut at the key's 24 characters
// (`Get-Content -Path "C:\\Users\\…\\SKILL.md"`, keyed `get-content.c-users-tassa-.agents-sk`); "" otherwise.
// Two runs (or two segments of one chain) of one key whose lost operands differ cannot be told apart by their key
// (session 20, d27req). `subject_key` is set to the call's command_subject (one parse for both).
std::vector<std::string> command_lost_operands(const ToolAction& action, std::string& subject_key);
// A command line's `&&`/`||`/`;`/newline segments as shell words (quotes removed; a pipe ends a segment's words).
std::vector<std::vector<std::string>> shell_segments(std::string_view command);

// What `git status --short` shows of each changed file (git_status_rules.cpp, session 22), and the branch its
// `-b` header line ("## main...origin/main") names.
void git_status_facts(const ToolAction& action, std::vector<ActionFact>& out);
// The repository the git command at `segments[git_at]` works on, as a key prefix `repo.<name>`: <name> is the last
// component of its directory — git's own `-C DIR`, after leading `cd DIR`s, from the call's `workdir` or the run's
// working directory — dots written '-', so that workspace facts are keyed `repo.<name>.git.branch` (session 24: a
// session id in the key was labelled partial); "" when the log does not say (`popd`, `cd ~`, `--git-dir`, no
// directory; git_state_rules.cpp). Two repositories in one directory name share a key.
std::string repository_tag(const ToolAction& action, const std::vector<std::vector<std::string>>& segments,
                           size_t git_at);
// A directory's last component as a key word run ("/Users/ann/Build/FundWise" → "fundwise", "D:\\solit\\app" →
// "app"); "" for a root, a drive, a home or variable path.
std::string directory_tag(std::string_view dir);
// `repo.<directory_tag>` with dots written '-' ("" when the tag is): the key prefix of a repository's facts.
std::string repository_key(std::string_view dir);
// Whether `name` can be a branch as git prints it (no blank, not an option, not a detached "HEAD").
bool branch_name(std::string_view name);
// `git remote -v`'s remotes (`<repo>.git.remote.origin = URL`, credentials dropped) and the branch `git branch
// --show-current` prints (git_state_rules.cpp, session 24).
void git_remote_facts(const ToolAction& action, std::vector<ActionFact>& out);
void git_current_branch_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A shell `ls DIR` that listed nothing (ls_empty_rules.cpp, session 22).
void ls_empty_facts(const ToolAction& action, std::vector<ActionFact>& out);
// A shell call its sandbox failed to start ("bwrap: …", "windows sandbox: runner error: …"; sandbox_error_rules.cpp,
// session 22).
void sandbox_error_facts(const ToolAction& action, std::vector<ActionFact>& out);
// Whether a shell call's whole output is its sandbox runner's failure ("bwrap: …"): the command never ran (session 26).
bool sandbox_refused(const ToolAction& action);

// The summary sentence of a subagent's multi-line report (delegation_report_rules.cpp).
void delegation_report_facts(const ToolAction& action, std::vector<ActionFact>& out);

// A tool's path argument as a key (path_key); a path that climbs out of the working directory first
// ("../bot/main.py", a sibling folder) keeps its leading "../" steps (file_action_rules.cpp).
std::string argument_path_key(std::string_view path, std::string_view cwd);
// Whether a (lower-case) tool name is a file-writing tool: write, write_file, create_file, file_write, … (not
// SWE-agent's `create`, whose argument is an action line).
bool write_tool(std::string_view lowered_tool);

// Shared helpers (action_text.cpp).
std::string ascii_lower(std::string_view s);
// Whether `s` equals one of `names` (a tool name against the tools a rule reads).
inline bool one_of(std::string_view s, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (s == n) return true;
    return false;
}
inline bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
// A Windows path: a drive ("C:\Users\x.py", "C:/x"); windows_path also a relative ".\run.ps1", "..\x".
bool drive_path(std::string_view path);
bool windows_path(std::string_view path);
// `file.<path>` key part: relative to `cwd` when under it, "{{cwd}}/" and "./" dropped, lowercase, a Windows path
// written with '/' (session 25);
// empty when the path holds characters a key cannot.
std::string path_key(std::string_view path, std::string_view cwd);
// A lowercase key word run: letters, digits, '.', '_' and '-' kept, others → '-', at most `max` bytes.
std::string key_slug(std::string_view text, size_t max);
// A key part from `text`'s first `words` words: key_slug of them, cut back to a whole word when longer than
// `max` ("TimeDelta serialization precision" → "timedelta-serialization-precision").
std::string words_slug(std::string_view text, int words, size_t max);
// One line of a tool's output: its text with surrounding blanks trimmed, and that text's byte span in the output.
struct OutputLine {
    std::string_view text;
    size_t begin, end;
    bool indented;  // blanks (spaces, tabs) came before the text
};
// `text`'s lines, empty ones included, in order.
std::vector<OutputLine> output_lines(std::string_view text);
// A string member of a JSON object text, and where its value sits in `json` (unescaped value).
bool json_string_member(std::string_view json, std::string_view name, std::string& value, size_t& begin,
                        size_t& end);
// The file a file tool's JSON arguments name: the first string member among the path names agents use (file_path,
// path, filename, file, target_file, notebook_path, filePath), and where it sits.
bool file_path_argument(std::string_view arguments, std::string& path, size_t& begin, size_t& end);
// The shell command a call runs ("" when the tool is not a shell): `command`/`cmd` as a string or
// an argv array joined by spaces; an older SWE-agent action line is its own command; "" for keys or a line
// sent to the process already running (OpenHands `is_input`: "C-c").
std::string shell_command_of(const ToolAction& action, size_t& begin, size_t& end);
// A shell call's command line (set in `command`, its span in `begin`, `end`) as shell_segments, when its parts are
// joined by `&&` alone (no `;`, `||` or line break: each part ran only after the one before it succeeded, so a
// banner's line marks where the next part's output starts; session 22); empty otherwise.
std::vector<std::vector<std::string>> and_chain_segments(const ToolAction& action, std::string& command, size_t& begin,
                                                       size_t& end);
// `command` as run from `cwd`: a leading "cd CWD && " (or "; ") dropped and "CWD/" taken off its paths, so
// "cd /testbed && python reproduce.py", "python /testbed/reproduce.py" and "python reproduce.py" run in
// /testbed are one command (session 14). Unchanged when `cwd` is empty or "/".
std::string relative_command(std::string command, std::string_view cwd);
// The length of what `command` runs past a leading "cd DIR && ": a shell tool that keeps no working directory
// (nanobot's exec) has every command open with one, and the length limits of the command rules are the
// command's own (session 19, d22chat); a directory over 120 bytes is counted, since the value keeps it.
size_t command_length_past_cd(std::string_view command);
// Where a command's own output begins in `r`: past a harness's header block ("Chunk ID: …", "Wall time: …",
// "Process exited with code N", "Exit code: N", "Original token count: N", closed by an "Output:" line) that
// Codex's shell_command and unified exec put before every output, and past the "Total output lines: N" notice
// (and its blank line) Codex writes when it truncated the output. 0 when `r` opens with no such header (session 20).
size_t harness_output_start(std::string_view r);
// A result's text when it is one short line (at most 60 bytes) once a shell's prompt lines ("(Current
// directory: …)", "bash-$", "[exit code: 0]", SWE-agent 1.x's "OBSERVATION:") are set aside; its span in `b`, `e`.
// Empty otherwise.
std::string one_line_output(std::string_view r, size_t& b, size_t& e);

}  // namespace bm
