// A shell call its sandbox failed to start ("bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted", "windows
// sandbox: runner error: CreateProcessAsUserW failed: 1312"): `sandbox.error = <the runner's line>` (Refuted; rule
// action.sandbox_error, session 22), so the next session runs such commands outside the sandbox at once.
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Whether `line` is a sandbox runner's own failure: bubblewrap's "bwrap: …", macOS's "sandbox-exec: …", or a line
// naming a sandbox that says it failed ("windows sandbox: runner error: …").
bool sandbox_failure(std::string_view line) {
    if (line.rfind("bwrap: ", 0) == 0 || line.rfind("sandbox-exec: ", 0) == 0) return true;
    const std::string lower = ascii_lower(line);
    const size_t at = lower.find("sandbox: ");
    return at != std::string::npos &&
           (lower.find("error", at) != std::string::npos || lower.find("failed", at) != std::string::npos);
}

// "[exit code: 1]": the line a reader writes for a code only the log's metadata held (Codex code mode, OpenHands).
bool exit_code_line(std::string_view line) {
    return line.rfind("[exit code: ", 0) == 0 && !line.empty() && line.back() == ']';
}

// The sandbox runner's failure a shell call's result is, with where it begins in the result; empty when the
// call ran (see sandbox_refused).
std::string_view sandbox_failure_text(const ToolAction& a, size_t& begin) {
    if (!a.has_result) return {};
    size_t qb = 0, qe = 0;
    const std::string command = shell_command_of(a, qb, qe);
    // A command that runs a sandbox itself ("bwrap --ro-bind …") fails as that command, not as the harness's runner.
    if (command.empty() || ascii_lower(command).find("bwrap") != std::string::npos ||
        ascii_lower(command).find("sandbox") != std::string::npos)
        return {};
    const size_t start = harness_output_start(a.result);
    const std::string_view r = std::string_view(a.result).substr(start, 4000);
    // The runner failed before the command printed anything: its line is the whole output.
    const OutputLine* only = nullptr;
    const std::vector<OutputLine> lines = output_lines(r);
    for (const OutputLine& l : lines) {
        if (l.text.empty() || exit_code_line(l.text)) continue;
        if (only) return {};
        only = &l;
    }
    if (!only) return {};
    std::string_view text = only->text;
    begin = start + only->begin;
    // Codex's wrapper of a runner that could not start: `execution error: Io(Custom { kind: Other, error: "…" })`.
    constexpr std::string_view kWrapped = "error: \"";
    if (text.rfind("execution error: ", 0) == 0)
        if (const size_t w = text.find(kWrapped); w != std::string_view::npos) {
            const size_t close = text.find('"', w + kWrapped.size());
            if (close == std::string_view::npos) return {};
            begin += w + kWrapped.size();
            text = text.substr(w + kWrapped.size(), close - w - kWrapped.size());
        }
    if (text.empty() || text.size() > 160 || !sandbox_failure(text)) return {};
    return text;
}

}  // namespace

bool sandbox_refused(const ToolAction& a) {
    size_t begin = 0;
    return !sandbox_failure_text(a, begin).empty();
}

void sandbox_error_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    size_t begin = 0;
    const std::string_view text = sandbox_failure_text(a, begin);
    if (text.empty()) return;
    out.push_back({"action.sandbox_error", "sandbox.error", std::string(text), SlotType::kRefuted,
                   ActionEvidence::kObserved, begin, begin + text.size()});
}

}  // namespace bm
