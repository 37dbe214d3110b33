// The line machinery every text reducer shares: split an output into lines, mark the lines to keep,
// and render the kept lines with "[… N lines elided …]" markers where runs were dropped.
//
// The must-keep lines (errors, failing tests, hunk headers, match locations) are decided by each
// reducer; this file only knows what an error line looks like, since every reducer keeps those.
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/tool_action_rules.h"  // ascii_lower

namespace bm {

// Lines of `text` without their '\n' ('\r' stays); a final '\n' ends the last line, it adds none.
std::vector<std::string_view> split_lines(std::string_view text);

// True for a line that reports an error, failure, exception, panic, traceback or warning.
bool is_error_line(std::string_view line);

// True when `text` parses as one JSON document.
bool looks_like_json(std::string_view text);

// Share of non-empty lines that are grep-style match or context locations ("path:12:text").
double search_line_share(std::string_view text);

// The elision marker of a run of `n` dropped lines.
std::string elision_marker(size_t n);

// What a line reducer decided: which lines stay, and which of them it was obliged to keep.
struct LineKeep {
    std::vector<std::string_view> lines;
    std::vector<bool> keep;
    std::vector<bool> must;  // a must-keep line is always kept
    // Text replacing a kept line (a shortened context line); empty: the line as it was.
    std::vector<std::string> replaced;

    explicit LineKeep(std::string_view text);
    void keep_line(size_t i) { if (i < keep.size()) keep[i] = true; }
    void must_keep(size_t i) { if (i < keep.size()) keep[i] = must[i] = true; }
    // Keeps the first `head` and last `tail` lines, and every error line (must).
    void keep_edges_and_errors(size_t head, size_t tail);
    // The kept lines in order, each elided run replaced by its marker (a run no longer than its marker
    // stays as it was); ends with '\n' when asked. `lines_written`: the input lines in the output.
    std::string render(bool trailing_newline, size_t* lines_written = nullptr) const;
};

}  // namespace bm
