// The diff reducer: every file header and hunk header stays, each hunk keeps its first changed lines
// (and every error line), and unchanged context is dropped. Hunks are walked by their line counts,
// so a removed line that starts with "--" is never taken for a header.
#include <cstdlib>

#include "reduce/text_reducers.h"

namespace bm {

namespace {
constexpr size_t kChangedLinesPerHunk = 8;

// The old and new line counts of "@@ -a,b +c,d @@"; false when the line is no hunk header.
bool hunk_counts(std::string_view line, long* old_count, long* new_count) {
    if (line.substr(0, 4) != "@@ -") return false;
    auto count_after = [&](char sign, long* out) {
        size_t at = line.find(sign, sign == '-' ? 3 : line.find(' ', 4));
        if (at == std::string_view::npos) return false;
        size_t comma = line.find_first_of(", ", at);
        *out = 1;
        if (comma != std::string_view::npos && line[comma] == ',') *out = std::strtol(std::string(line.substr(comma + 1, 12)).c_str(), nullptr, 10);
        return true;
    };
    return count_after('-', old_count) && count_after('+', new_count);
}

bool is_file_header(std::string_view line) {
    for (std::string_view p : {"diff ", "--- ", "+++ ", "index ", "new file mode", "deleted file mode", "rename from",
                               "rename to", "similarity index", "Binary files", "old mode", "new mode", "copy from", "copy to"})
        if (line.substr(0, p.size()) == p) return true;
    return false;
}
}  // namespace

void mark_diff_lines(LineKeep& k) {
    const size_t n = k.lines.size();
    for (size_t i = 0; i < n; ++i) {
        long old_left = 0, new_left = 0;
        const auto line = k.lines[i];
        if (is_error_line(line)) k.must_keep(i);
        if (!hunk_counts(line, &old_left, &new_left)) {
            if (is_file_header(line)) k.must_keep(i);
            else k.keep_line(i);  // preamble (commit message, stat lines) stays
            continue;
        }
        k.must_keep(i);
        size_t changed = 0;
        size_t j = i + 1;
        for (; j < n && (old_left > 0 || new_left > 0); ++j) {
            const auto body = k.lines[j];
            const char c = body.empty() ? ' ' : body[0];
            if (c == '\\') { k.keep_line(j); continue; }  // "\ No newline at end of file"
            if (c == '-') --old_left;
            else if (c == '+') --new_left;
            else if (c == ' ' || body.empty()) { --old_left; --new_left; }
            else break;  // malformed hunk: the rest is read as headers and preamble
            if (is_error_line(body)) k.must_keep(j);
            if ((c == '-' || c == '+') && changed++ < kChangedLinesPerHunk) k.keep_line(j);
        }
        i = j - 1;
    }
}

}  // namespace bm
