// A test script's own verdict line, "All tests passed!", in a shell command's output (rule
// action.tests_passed_line).
#include <string>

#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// The exit code a result states ("exit code 1", "[exit code: 0]"); -1 when none.
int stated_exit_code(std::string_view low) {
    const size_t p = low.rfind("exit code");
    if (p == std::string_view::npos) return -1;
    size_t at = p + 9;
    while (at < low.size() && (low[at] == ' ' || low[at] == ':')) ++at;
    if (at < low.size() && low[at] == '-') return 1;  // -1: still running or interrupted
    if (at >= low.size() || !digit(low[at])) return -1;
    return low[at] == '0' && (at + 1 >= low.size() || !digit(low[at + 1])) ? 0 : 1;
}

}  // namespace

// A line of the output that opens (after marks such as "✅ ") with "all tests passed", "all N tests
// passed" or "all tests pass": `<command>.tests` = that verdict. None on an error result, a stated
// non-zero exit code, or a line that also says failed/not/but; a command that only shows text (cat,
// grep, echo, git, …) gives none.
void test_verdict_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (!a.has_result || a.error || a.result.size() > 200'000) return;
    const std::string subject = command_subject(a);
    if (subject.empty()) return;
    // A command that shows text (a file, a log, its arguments) shows someone else's verdict, not a
    // run's.
    const std::string program = subject.substr(0, subject.find('.'));
    if (one_of(program, {"cat", "head", "tail", "less", "more", "grep", "rg", "echo", "printf",
                         "sed", "awk", "ls", "find", "bat", "type", "jq", "git", "curl", "wget"}))
        return;
    const std::string low = ascii_lower(a.result);
    if (stated_exit_code(low) > 0) return;
    size_t at = 0;
    while (at < low.size()) {
        size_t eol = low.find('\n', at);
        if (eol == std::string::npos) eol = low.size();
        size_t b = at;
        while (b < eol && !std::isalnum(static_cast<unsigned char>(low[b])) && b - at < 8) ++b;
        const std::string_view line = std::string_view(low).substr(b, eol - b);
        at = eol + 1;
        if (line.rfind("all ", 0) != 0) continue;
        size_t w = 4;
        while (w < line.size() && digit(line[w])) ++w;
        if (w > 4) {
            if (w >= line.size() || line[w] != ' ') continue;
            ++w;
        }
        const std::string_view rest = line.substr(w);
        std::string verdict;
        for (const char* v : {"tests passed", "tests pass", "test cases passed", "checks passed"})
            if (rest.rfind(v, 0) == 0) {
                verdict = v;
                break;
            }
        if (verdict.empty()) continue;
        const size_t stop = line.find_first_of(".!\n", w + verdict.size());
        const std::string_view sentence =
            line.substr(0, stop == std::string_view::npos ? line.size() : stop);
        if (sentence.find("fail") != std::string_view::npos ||
            sentence.find(" not ") != std::string_view::npos ||
            sentence.find(" but ") != std::string_view::npos ||
            sentence.find(" except") != std::string_view::npos)
            continue;
        if (verdict == "tests pass") verdict = "tests passed";
        const std::string count = w > 4 ? std::string(line.substr(4, w - 5)) + " " : std::string();
        out.push_back({"action.tests_passed_line", subject + ".tests", "all " + count + verdict,
                       SlotType::kFact, ActionEvidence::kObserved, b, b + sentence.size()});
        return;
    }
}

}  // namespace bm
