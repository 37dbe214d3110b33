// The log reducer: head and tail of the output, every error line with one line around it, and the
// whole body of each traceback.
#include "reduce/text_reducers.h"

namespace bm {

namespace {
constexpr size_t kLogHead = 10;
constexpr size_t kLogTail = 20;
constexpr size_t kTracebackLines = 60;
}  // namespace

void mark_log_lines(LineKeep& k) {
    k.keep_edges_and_errors(kLogHead, kLogTail);
    const size_t n = k.lines.size();
    for (size_t i = 0; i < n; ++i) {
        if (!k.must[i]) continue;
        if (i > 0) k.keep_line(i - 1);
        if (i + 1 < n) k.keep_line(i + 1);
        // A traceback's frames are indented lines after its header: keep them with it.
        if (ascii_lower(k.lines[i]).find("traceback") == std::string::npos) continue;
        for (size_t j = i + 1; j < n && j <= i + kTracebackLines; ++j) {
            const auto line = k.lines[j];
            if (line.empty() || (line[0] != ' ' && line[0] != '\t')) {
                k.must_keep(j);  // the exception line that closes the traceback
                break;
            }
            k.must_keep(j);
        }
    }
}

}  // namespace bm
