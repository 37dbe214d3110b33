// The test reducer: failing test names, error and assertion lines, and the run's summary; passing
// tests are dropped.
#include "reduce/text_reducers.h"

#include <cctype>

namespace bm {

namespace {
constexpr size_t kTestHead = 5;
constexpr size_t kTestTail = 15;

// A count of outcomes ("41 passed", "1 failed") or a runner's summary banner; a single test's
// "PASSED" is none.
bool is_summary_line(std::string_view lower) {
    for (std::string_view word : {" passed", " failed", " errors", " skipped"}) {
        const size_t at = lower.find(word);
        if (at == std::string_view::npos) continue;
        size_t d = at;
        while (d > 0 && lower[d - 1] >= '0' && lower[d - 1] <= '9') --d;
        // A count is a number of its own: "41 passed", not the end of a name ("test_150 passed").
        const bool standalone = d == 0 || !(std::isalnum(static_cast<unsigned char>(lower[d - 1])) || lower[d - 1] == '_');
        if (d < at && standalone) return true;
    }
    for (std::string_view s : {"tests run", "ran ", "test result:", "tests:", "[==========]", "[  passed  ]", "ok (",
                               "=====", "summary", "collected "})
        if (lower.find(s) != std::string_view::npos) return true;
    return false;
}
}  // namespace

bool is_failing_test_line(std::string_view line) {
    for (std::string_view s : {"FAILED", "FAIL:", "FAIL ", "--- FAIL", "[  FAILED  ]", "ERROR:", "not ok ", "panicked at",
                               "Failures:", "FAILURES", "\xE2\x9C\x97", "\xE2\x9C\x95", "\xE2\x9C\x96"})
        if (line.find(s) != std::string_view::npos) return true;
    // pytest's "____ test_name ____" headers open each failure's section.
    if (line.size() > 8 && line.substr(0, 4) == "____" && line.find(" test") != std::string_view::npos) return true;
    return false;
}

void mark_test_lines(LineKeep& k) {
    k.keep_edges_and_errors(kTestHead, kTestTail);
    for (size_t i = 0; i < k.lines.size(); ++i) {
        if (is_failing_test_line(k.lines[i])) k.must_keep(i);
        else if (is_summary_line(ascii_lower(k.lines[i]))) k.keep_line(i);
    }
}

}  // namespace bm
